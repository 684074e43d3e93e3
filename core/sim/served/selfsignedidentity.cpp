#include "sim/served/selfsignedidentity.h"

#include <QFile>

#include <QCoreApplication>
#include <QCryptographicHash>

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>

#include <memory>

namespace roce::sim {

namespace {

class IdentityText
{
    Q_DECLARE_TR_FUNCTIONS(IdentityText)
};

template <auto Free> struct Deleter {
    template <typename T> void operator()(T *p) const { Free(p); }
};
using PKey = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY_free>>;
using Cert = std::unique_ptr<X509, Deleter<X509_free>>;
using Bio = std::unique_ptr<BIO, Deleter<BIO_free>>;

QByteArray bioBytes(BIO *bio)
{
    char *data = nullptr;
    const long size = BIO_get_mem_data(bio, &data);
    return size > 0 ? QByteArray(data, qsizetype(size)) : QByteArray();
}

Error failure(const QString &commonName, const char *step)
{
    return makeError(ErrorCode::Internal,
                     IdentityText::tr("cannot make a certificate for %1: %2 failed")
                         .arg(commonName, QLatin1String(step)));
}

}  // namespace

QString TlsIdentity::fingerprint() const
{
    return QString::fromLatin1(certificate.digest(QCryptographicHash::Sha256).toHex(':').toUpper());
}

Result<TlsIdentity> makeSelfSignedIdentity(const QString &commonName, int validDays)
{
    PKey key(EVP_EC_gen("P-256"));
    if (!key)
        return failure(commonName, "EVP_EC_gen");
    Cert cert(X509_new());
    if (!cert)
        return failure(commonName, "X509_new");
    X509_set_version(cert.get(), 2);  // v3
    // A random positive 64-bit serial: two certificates of one name must never collide.
    unsigned char serial[8];
    if (RAND_bytes(serial, sizeof serial) != 1)
        return failure(commonName, "RAND_bytes");
    serial[0] &= 0x7f;
    BIGNUM *bn = BN_bin2bn(serial, sizeof serial, nullptr);
    const bool serialSet = bn && BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert.get()));
    BN_free(bn);
    if (!serialSet)
        return failure(commonName, "serial");
    // From an hour ago: a client whose clock is slightly behind still accepts it.
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), long(validDays) * 86400);
    X509_NAME *name = X509_get_subject_name(cert.get());
    const QByteArray cn = commonName.toUtf8();
    if (X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8,
                                   reinterpret_cast<const unsigned char *>(cn.constData()),
                                   int(cn.size()), -1, 0)
        != 1)
        return failure(commonName, "subject");
    X509_set_issuer_name(cert.get(), name);  // self-signed
    if (X509_set_pubkey(cert.get(), key.get()) != 1)
        return failure(commonName, "X509_set_pubkey");
    if (X509_sign(cert.get(), key.get(), EVP_sha256()) == 0)
        return failure(commonName, "X509_sign");

    Bio certBio(BIO_new(BIO_s_mem()));
    Bio keyBio(BIO_new(BIO_s_mem()));
    if (!certBio || !keyBio || PEM_write_bio_X509(certBio.get(), cert.get()) != 1
        || PEM_write_bio_PrivateKey(keyBio.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr)
            != 1)
        return failure(commonName, "PEM encoding");
    TlsIdentity identity;
    identity.certificate = QSslCertificate(bioBytes(certBio.get()), QSsl::Pem);
    identity.key = QSslKey(bioBytes(keyBio.get()), QSsl::Ec, QSsl::Pem);
    if (identity.certificate.isNull() || identity.key.isNull())
        return failure(commonName, "loading into Qt");
    return identity;
}

TlsIdentity bundledIdentity()
{
    auto read = [](const QString &path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    return {QSslCertificate(read(QStringLiteral(":/sim/nxapi-selfsigned.crt")), QSsl::Pem),
            QSslKey(read(QStringLiteral(":/sim/nxapi-selfsigned.key")), QSsl::Rsa, QSsl::Pem)};
}

}  // namespace roce::sim
