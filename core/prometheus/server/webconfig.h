#pragma once

#include "proto/common/result.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QSslCertificate>
#include <QSslKey>
#include <QString>

#include <utility>

namespace roce::prometheus {

/// What a Prometheus exporter-toolkit `web-config.yml` asks of the /metrics endpoint: TLS
/// (optionally with client certificates) and HTTP basic auth with bcrypt hashes, so that a
/// scrape job written for node_exporter works unchanged against roce-agent and the switch
/// exporter.
struct WebConfig {
    bool tls = false;
    QSslCertificate certificate;
    QList<QSslCertificate> chain;  ///< intermediates that followed it in cert_file
    QSslKey key;
    /// client_auth_type RequireAndVerifyClientCert: only clients with a certificate from
    /// clientCa get an answer.
    bool requireClientCertificate = false;
    QList<QSslCertificate> clientCa;
    QSsl::SslProtocol protocol = QSsl::TlsV1_2OrLater;
    QList<std::pair<QByteArray, QByteArray>> headers;  ///< http_server_config.headers
    QHash<QString, QByteArray> users;                  ///< basic_auth_users: user -> bcrypt hash

    bool basicAuth() const { return !users.isEmpty(); }
};

/// Reads and checks @p path, and the certificate, key and CA files it names (relative paths
/// are taken from the file's directory, as exporter-toolkit does). Unknown keys, keys this
/// server does not implement, unreadable files and malformed hashes are errors naming the file
/// and the key.
Result<WebConfig> loadWebConfig(const QString &path);
/// The same from text; @p path names it in messages and anchors relative file names.
Result<WebConfig> parseWebConfig(const QByteArray &yaml, const QString &path);

}  // namespace roce::prometheus
