// Test helpers for TLS trust: a throw-away CA and a leaf it signed for 127.0.0.1/localhost,
// made with the openssl command line, and a TLS server that records every byte a client sends
// after the handshake (to prove that nothing, not even a token or a password, left the client).
#pragma once

#include <QDir>
#include <QFile>
#include <QHash>
#include <QProcess>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslSocket>
#include <QTcpServer>
#include <QTemporaryDir>

#include <functional>

namespace roce::testing {

/// A CA and a server certificate it signed (EC P-256, SAN localhost and 127.0.0.1).
struct TestPki {
    QTemporaryDir dir;
    QSslCertificate ca;
    QSslCertificate leaf;
    QSslKey leafKey;
    QString caFile, leafFile, leafKeyFile;
    QString error;  ///< empty when made

    bool ok() const { return error.isEmpty(); }
    QByteArray leafSha256() const { return leaf.digest(QCryptographicHash::Sha256).toHex(); }

    TestPki()
    {
        const QString d = dir.path() + QLatin1Char('/');
        caFile = d + QStringLiteral("ca.crt");
        leafFile = d + QStringLiteral("leaf.crt");
        leafKeyFile = d + QStringLiteral("leaf.key");
        QFile ext(d + QStringLiteral("leaf.ext"));
        if (!ext.open(QIODevice::WriteOnly)) {
            error = QStringLiteral("cannot write %1").arg(ext.fileName());
            return;
        }
        ext.write("basicConstraints=critical,CA:FALSE\n"
                  "keyUsage=critical,digitalSignature\n"
                  "extendedKeyUsage=serverAuth\n"
                  "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
        ext.close();
        const QStringList ecKey {
            QStringLiteral("-newkey"), QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
            QStringLiteral("ec_paramgen_curve:P-256"), QStringLiteral("-nodes")};
        const QList<QStringList> steps {
            QStringList {QStringLiteral("req"), QStringLiteral("-x509")} + ecKey
                + QStringList {QStringLiteral("-keyout"), d + QStringLiteral("ca.key"),
                               QStringLiteral("-out"), caFile, QStringLiteral("-subj"),
                               QStringLiteral("/CN=roce test CA"), QStringLiteral("-days"),
                               QStringLiteral("2"), QStringLiteral("-addext"),
                               QStringLiteral("basicConstraints=critical,CA:TRUE"),
                               QStringLiteral("-addext"),
                               QStringLiteral("keyUsage=critical,keyCertSign,cRLSign")},
            QStringList {QStringLiteral("req")} + ecKey
                + QStringList {QStringLiteral("-keyout"), leafKeyFile, QStringLiteral("-out"),
                               d + QStringLiteral("leaf.csr"), QStringLiteral("-subj"),
                               QStringLiteral("/CN=localhost")},
            {QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"),
             d + QStringLiteral("leaf.csr"), QStringLiteral("-CA"), caFile,
             QStringLiteral("-CAkey"), d + QStringLiteral("ca.key"),
             QStringLiteral("-CAcreateserial"), QStringLiteral("-days"), QStringLiteral("2"),
             QStringLiteral("-extfile"), ext.fileName(), QStringLiteral("-out"), leafFile},
        };
        for (const QStringList &args : steps) {
            QProcess p;
            p.start(QStringLiteral("openssl"), args);
            if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit
                || p.exitCode() != 0) {
                error = QStringLiteral("openssl %1: %2")
                            .arg(args.join(QLatin1Char(' ')),
                                 QString::fromLocal8Bit(p.readAllStandardError()));
                return;
            }
        }
        auto read = [](const QString &path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        ca = QSslCertificate(read(caFile), QSsl::Pem);
        leaf = QSslCertificate(read(leafFile), QSsl::Pem);
        leafKey = QSslKey(read(leafKeyFile), QSsl::Ec, QSsl::Pem);
        if (ca.isNull() || leaf.isNull() || leafKey.isNull())
            error = QStringLiteral("openssl made files Qt cannot read");
    }
};

/// A TLS server on 127.0.0.1 that keeps every byte its clients send after the handshake.
/// @p answer (optional) is called with all bytes received so far on a connection and returns
/// what to write back (empty: nothing yet).
class RecordingTlsServer : public QTcpServer
{
public:
    RecordingTlsServer(const QSslCertificate &certificate, const QSslKey &key,
                       std::function<QByteArray(const QByteArray &)> answer = {})
        : m_certificate(certificate), m_key(key), m_answer(std::move(answer))
    {
        listen(QHostAddress::LocalHost, 0);
    }

    QByteArray received() const { return m_received; }
    int handshakes() const { return m_handshakes; }

protected:
    void incomingConnection(qintptr fd) override
    {
        auto *socket = new QSslSocket(this);
        if (!socket->setSocketDescriptor(fd)) {
            delete socket;
            return;
        }
        QSslConfiguration config = QSslConfiguration::defaultConfiguration();
        config.setLocalCertificate(m_certificate);
        config.setPrivateKey(m_key);
        config.setPeerVerifyMode(QSslSocket::VerifyNone);
        socket->setSslConfiguration(config);
        connect(socket, &QSslSocket::encrypted, this, [this] { ++m_handshakes; });
        connect(socket, &QSslSocket::readyRead, this, [this, socket] {
            const QByteArray bytes = socket->readAll();
            m_received += bytes;
            m_perSocket[socket] += bytes;
            if (m_answer) {
                const QByteArray reply = m_answer(m_perSocket[socket]);
                if (!reply.isEmpty()) {
                    m_perSocket[socket].clear();
                    socket->write(reply);
                }
            }
        });
        connect(socket, &QSslSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QObject::destroyed, this, [this, socket] { m_perSocket.remove(socket); });
        socket->startServerEncryption();
    }

private:
    QSslCertificate m_certificate;
    QSslKey m_key;
    std::function<QByteArray(const QByteArray &)> m_answer;
    QByteArray m_received;
    QHash<QSslSocket *, QByteArray> m_perSocket;
    int m_handshakes = 0;
};

}  // namespace roce::testing
