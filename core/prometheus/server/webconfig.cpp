#include "prometheus/server/webconfig.h"

#include "proto/common/tlsidentitycheck.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <yaml.h>

#include <memory>

namespace roce::prometheus {

namespace {

class WebConfigText
{
    Q_DECLARE_TR_FUNCTIONS(WebConfigText)
};

/// Walks a libyaml document. Every message names the file, the line and the key.
class Reader
{
public:
    Reader(yaml_document_t *document, QString path) : m_doc(document), m_path(std::move(path)) { }

    QString where(const yaml_node_t *node) const
    {
        return QStringLiteral("%1:%2").arg(m_path).arg(node ? node->start_mark.line + 1 : 0);
    }
    Error error(const yaml_node_t *node, const QString &text) const
    {
        return makeError(ErrorCode::InvalidArgument,
                         WebConfigText::tr("web config %1: %2").arg(where(node), text));
    }
    static QString scalar(const yaml_node_t *node)
    {
        return QString::fromUtf8(reinterpret_cast<const char *>(node->data.scalar.value),
                                 qsizetype(node->data.scalar.length));
    }
    /// "key:" with nothing after it, or "~"/"null": absent, as in Go's YAML.
    static bool isNull(const yaml_node_t *node)
    {
        if (node->type != YAML_SCALAR_NODE || node->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
            return false;
        const QString v = scalar(node);
        return v.isEmpty() || v == QLatin1String("~") || v == QLatin1String("null");
    }

    /// The (key, value) pairs of a mapping node; duplicate keys are an error.
    Result<QList<std::pair<QString, yaml_node_t *>>> mapping(yaml_node_t *node,
                                                             const QString &what) const
    {
        QList<std::pair<QString, yaml_node_t *>> out;
        if (isNull(node))
            return out;
        if (node->type != YAML_MAPPING_NODE)
            return error(node, WebConfigText::tr("%1 must be a mapping").arg(what));
        QSet<QString> seen;
        for (yaml_node_pair_t *p = node->data.mapping.pairs.start; p < node->data.mapping.pairs.top;
             ++p) {
            yaml_node_t *key = yaml_document_get_node(m_doc, p->key);
            yaml_node_t *value = yaml_document_get_node(m_doc, p->value);
            if (!key || !value || key->type != YAML_SCALAR_NODE)
                return error(key, WebConfigText::tr("%1 has a key that is not a string").arg(what));
            const QString name = scalar(key);
            if (seen.contains(name))
                return error(key,
                             WebConfigText::tr("key \"%1\" appears twice in %2").arg(name, what));
            seen.insert(name);
            out.append({name, value});
        }
        return out;
    }

    Result<QString> string(const yaml_node_t *node, const QString &key) const
    {
        if (node->type != YAML_SCALAR_NODE)
            return error(node, WebConfigText::tr("\"%1\" must be a string").arg(key));
        return isNull(node) ? QString() : scalar(node);
    }

    Result<bool> boolean(const yaml_node_t *node, const QString &key) const
    {
        const QString v = node->type == YAML_SCALAR_NODE ? scalar(node).toLower() : QString();
        if (v == QLatin1String("true"))
            return true;
        if (v == QLatin1String("false"))
            return false;
        return error(node, WebConfigText::tr("\"%1\" must be true or false").arg(key));
    }

    QString file(const QString &name) const
    {
        return QDir(QFileInfo(m_path).absolutePath()).absoluteFilePath(name);
    }

private:
    yaml_document_t *m_doc;
    QString m_path;
};

Result<QByteArray> readNamedFile(const Reader &r, const yaml_node_t *node, const QString &key,
                                 const QString &name)
{
    QFile f(r.file(name));
    if (!f.open(QIODevice::ReadOnly))
        return r.error(
            node,
            WebConfigText::tr("%1: cannot read %2: %3").arg(key, f.fileName(), f.errorString()));
    return f.readAll();
}

Result<void> readTls(const Reader &r, yaml_node_t *node, WebConfig &config)
{
    const auto pairs = r.mapping(node, QStringLiteral("tls_server_config"));
    if (!pairs)
        return pairs.error();
    QByteArray certPem, keyPem, caPem;
    QString clientAuth = QStringLiteral("NoClientCert");
    QString minVersion = QStringLiteral("TLS12"), maxVersion = QStringLiteral("TLS13");
    const yaml_node_t *certNode = node, *clientAuthNode = node, *versionNode = node;
    for (const auto &[key, value] : *pairs) {
        const auto text = r.string(value, key);
        if (key == QLatin1String("prefer_server_cipher_suites")) {
            // Harmless either way: OpenSSL's order is used.
            if (const auto b = r.boolean(value, key); !b)
                return b.error();
            continue;
        }
        if (key == QLatin1String("cipher_suites") || key == QLatin1String("curve_preferences")
            || key == QLatin1String("client_allowed_sans")) {
            // Ignoring these would serve a policy other than the one written down.
            return r.error(value,
                           WebConfigText::tr("tls_server_config.%1 is not supported "
                                             "(remove it)")
                               .arg(key));
        }
        if (!text)
            return text.error();
        if (key == QLatin1String("cert_file") || key == QLatin1String("key_file")
            || key == QLatin1String("client_ca_file")) {
            if (text->isEmpty())
                continue;
            const auto bytes = readNamedFile(r, value, key, *text);
            if (!bytes)
                return bytes.error();
            (key == QLatin1String("cert_file")      ? certPem
                 : key == QLatin1String("key_file") ? keyPem
                                                    : caPem)
                = *bytes;
            if (key == QLatin1String("cert_file"))
                certNode = value;
        } else if (key == QLatin1String("cert")) {
            certPem = text->toUtf8();
            certNode = value;
        } else if (key == QLatin1String("key")) {
            keyPem = text->toUtf8();
        } else if (key == QLatin1String("client_ca")) {
            caPem = text->toUtf8();
        } else if (key == QLatin1String("client_auth_type")) {
            clientAuth = *text;
            clientAuthNode = value;
        } else if (key == QLatin1String("min_version")) {
            minVersion = *text;
            versionNode = value;
        } else if (key == QLatin1String("max_version")) {
            maxVersion = *text;
            versionNode = value;
        } else {
            return r.error(value,
                           WebConfigText::tr("unknown key \"%1\" in tls_server_config").arg(key));
        }
    }
    if (certPem.isEmpty() || keyPem.isEmpty())
        return r.error(node, WebConfigText::tr("tls_server_config needs cert_file and key_file"));
    const QList<QSslCertificate> certs = QSslCertificate::fromData(certPem, QSsl::Pem);
    if (certs.isEmpty())
        return r.error(certNode, WebConfigText::tr("no PEM certificate in cert_file"));
    config.certificate = certs.first();
    config.chain = certs.mid(1);
    for (const QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        config.key = QSslKey(keyPem, algorithm, QSsl::Pem);
        if (!config.key.isNull())
            break;
    }
    if (config.key.isNull())
        return r.error(node, WebConfigText::tr("key_file is not an unencrypted PEM private key"));
    if (auto paired = checkTlsIdentity(config.certificate, config.key); !paired)
        return r.error(node, paired.error().message);

    if (clientAuth == QLatin1String("RequireAndVerifyClientCert")) {
        config.clientCa = QSslCertificate::fromData(caPem, QSsl::Pem);
        if (config.clientCa.isEmpty())
            return r.error(clientAuthNode,
                           WebConfigText::tr("RequireAndVerifyClientCert needs client_ca_file"));
        config.requireClientCertificate = true;
    } else if (clientAuth != QLatin1String("NoClientCert")) {
        // The other Go policies accept a client whose certificate nobody checked.
        return r.error(clientAuthNode,
                       WebConfigText::tr("client_auth_type \"%1\" is not supported: use "
                                         "NoClientCert or RequireAndVerifyClientCert")
                           .arg(clientAuth));
    } else if (!caPem.isEmpty()) {
        return r.error(clientAuthNode,
                       WebConfigText::tr("client_ca_file is given but client_auth_type is "
                                         "NoClientCert: set RequireAndVerifyClientCert"));
    }

    const QStringList versions {QStringLiteral("TLS12"), QStringLiteral("TLS13")};
    if (!versions.contains(minVersion) || !versions.contains(maxVersion))
        return r.error(versionNode,
                       WebConfigText::tr("TLS versions are TLS12 or TLS13, not "
                                         "\"%1\"")
                           .arg(versions.contains(minVersion) ? maxVersion : minVersion));
    if (minVersion == QLatin1String("TLS13") && maxVersion == QLatin1String("TLS12"))
        return r.error(versionNode, WebConfigText::tr("min_version is above max_version"));
    config.protocol = minVersion == QLatin1String("TLS13") ? QSsl::TlsV1_3OrLater
        : maxVersion == QLatin1String("TLS12")             ? QSsl::TlsV1_2
                                                           : QSsl::TlsV1_2OrLater;
    config.tls = true;
    return {};
}

Result<void> readHttp(const Reader &r, yaml_node_t *node, WebConfig &config)
{
    const auto pairs = r.mapping(node, QStringLiteral("http_server_config"));
    if (!pairs)
        return pairs.error();
    static const QStringList known {
        QStringLiteral("Content-Security-Policy"), QStringLiteral("X-Frame-Options"),
        QStringLiteral("X-Content-Type-Options"), QStringLiteral("X-XSS-Protection"),
        QStringLiteral("Strict-Transport-Security")};
    for (const auto &[key, value] : *pairs) {
        if (key == QLatin1String("http2")) {
            // Answered over HTTP/1.1 either way (ALPN offers nothing else); clients fall back.
            if (const auto b = r.boolean(value, key); !b)
                return b.error();
        } else if (key == QLatin1String("headers")) {
            const auto headers = r.mapping(value, QStringLiteral("http_server_config.headers"));
            if (!headers)
                return headers.error();
            for (const auto &[name, v] : *headers) {
                if (!known.contains(name))
                    return r.error(v,
                                   WebConfigText::tr("unknown key \"%1\" in "
                                                     "http_server_config.headers")
                                       .arg(name));
                const auto text = r.string(v, name);
                if (!text)
                    return text.error();
                if (text->contains(QLatin1Char('\r')) || text->contains(QLatin1Char('\n')))
                    return r.error(v, WebConfigText::tr("header %1 spans lines").arg(name));
                if (!text->isEmpty())
                    config.headers.append({name.toLatin1(), text->toUtf8()});
            }
        } else {
            return r.error(value,
                           WebConfigText::tr("unknown key \"%1\" in http_server_config").arg(key));
        }
    }
    return {};
}

Result<void> readUsers(const Reader &r, yaml_node_t *node, WebConfig &config)
{
    const auto pairs = r.mapping(node, QStringLiteral("basic_auth_users"));
    if (!pairs)
        return pairs.error();
    for (const auto &[user, value] : *pairs) {
        const auto hash = r.string(value, user);
        if (!hash)
            return hash.error();
        const QByteArray h = hash->toLatin1();
        // bcrypt as libxcrypt reads it: $2a$, $2b$ or $2y$, a two-digit cost, 53 characters.
        const bool bcrypt = h.size() == 60
            && (h.startsWith("$2a$") || h.startsWith("$2b$") || h.startsWith("$2y$"))
            && h.at(6) == '$';
        if (!bcrypt)
            return r.error(value,
                           WebConfigText::tr("basic_auth_users: the password of \"%1\" "
                                             "is not a bcrypt hash ($2y$...)")
                               .arg(user));
        // A cost libxcrypt refuses (04 to 31) fails every login, silently: said at start.
        bool costOk = false;
        const int cost = h.mid(4, 2).toInt(&costOk);
        if (!costOk || cost < 4 || cost > 31)
            return r.error(value,
                           WebConfigText::tr("basic_auth_users: the bcrypt cost of \"%1\" is %2; "
                                             "it must be from 04 to 31")
                               .arg(user, QString::fromLatin1(h.mid(4, 2))));
        if (user.contains(QLatin1Char(':')))
            return r.error(value,
                           WebConfigText::tr("basic_auth_users: \"%1\": a user name "
                                             "cannot contain ':'")
                               .arg(user));
        config.users.insert(user, h);
    }
    return {};
}

}  // namespace

Result<WebConfig> parseWebConfig(const QByteArray &yaml, const QString &path)
{
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return makeError(ErrorCode::Internal, WebConfigText::tr("libyaml: out of memory"));
    const std::unique_ptr<yaml_parser_t, void (*)(yaml_parser_t *)> parserGuard(&parser,
                                                                                yaml_parser_delete);
    yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char *>(yaml.constData()),
                                 size_t(yaml.size()));
    yaml_document_t document;
    if (!yaml_parser_load(&parser, &document)) {
        return makeError(ErrorCode::InvalidArgument,
                         WebConfigText::tr("web config %1:%2: %3")
                             .arg(path)
                             .arg(parser.problem_mark.line + 1)
                             .arg(QString::fromUtf8(parser.problem ? parser.problem : "")));
    }
    const std::unique_ptr<yaml_document_t, void (*)(yaml_document_t *)> documentGuard(
        &document, yaml_document_delete);
    WebConfig config;
    yaml_node_t *root = yaml_document_get_root_node(&document);
    if (!root)
        return config;  // an empty file: plain HTTP, no authentication, as exporter-toolkit
    const Reader r(&document, path);
    const auto pairs = r.mapping(root, WebConfigText::tr("the file"));
    if (!pairs)
        return pairs.error();
    for (const auto &[key, value] : *pairs) {
        Result<void> done;
        if (key == QLatin1String("tls_server_config")) {
            if (!Reader::isNull(value))
                done = readTls(r, value, config);
        } else if (key == QLatin1String("http_server_config")) {
            done = readHttp(r, value, config);
        } else if (key == QLatin1String("basic_auth_users")) {
            done = readUsers(r, value, config);
        } else if (key == QLatin1String("rate_limit")) {
            return r.error(value,
                           WebConfigText::tr("rate_limit is not supported (failed logins "
                                             "are bounded without it)"));
        } else {
            return r.error(value, WebConfigText::tr("unknown key \"%1\"").arg(key));
        }
        if (!done)
            return done.error();
    }
    return config;
}

Result<WebConfig> loadWebConfig(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return makeError(
            ErrorCode::InvalidArgument,
            WebConfigText::tr("cannot read web config %1: %2").arg(path, f.errorString()));
    return parseWebConfig(f.readAll(), path);
}

}  // namespace roce::prometheus
