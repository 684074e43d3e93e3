#pragma once

#include "proto/common/result.h"

#include <QString>
#include <QUrl>

namespace roce::prom {

/// Where a Prometheus-compatible query API answers and how to authenticate to it. One client
/// serves every engine: Prometheus and Thanos Querier at "/", VictoriaMetrics single-node at
/// "/" (or "/prometheus"), VictoriaMetrics cluster at "/select/<tenant>/prometheus", Mimir at
/// "/prometheus". The API is at baseUrl + pathPrefix + "/api/v1/...".
struct PromEndpoint {
    enum class Auth : quint8 { None, Bearer, Basic };
    QUrl baseUrl;        ///< scheme, host and port: "https://prom.example:9090"
    QString pathPrefix;  ///< "" or "/prometheus", "/select/0/prometheus" (no trailing '/')
    Auth auth = Auth::None;
    QString user;    ///< basic authentication
    QString secret;  ///< the bearer token or the basic password: from the keychain, never logged
    QString caFile;  ///< a PEM CA to trust besides the system's (a private CA); TLS is verified
    int timeoutMs = 15000;  ///< one request, its whole answer included
    /// The most the client holds of the answers in flight, all together: a 2,048-host
    /// fleet's largest (discovery's series) is 6.8 MB, its whole discovery about 8; a store
    /// answering without end must not take the console down.
    qint64 maxAnswerBytes = 64 * 1024 * 1024;

    /// The URL of API call @p call ("query", "query_range", "series", "labels").
    QUrl apiUrl(const QString &call) const;
    /// The base URL and the prefix, as people read them (never with a secret).
    QString displayName() const;
    /// The keychain key of the secret: the store's URL and the user ("bearer" for a token).
    QString secretKey() const;
};

/// "none", "bearer" or "basic"; anything else is an error naming the three.
Result<PromEndpoint::Auth> parseAuth(const QString &name);
QString authName(PromEndpoint::Auth auth);

/// The endpoint of @p url as people type it: "http://host:9090", or with the path prefix in it
/// ("http://vm:8481/select/0/prometheus"). A given @p prefix wins over the URL's path. User
/// information in the URL is refused (secrets come from the keychain or the environment), as
/// are schemes other than http and https.
Result<PromEndpoint> parsePromEndpoint(const QString &url, const QString &prefix = {});

}  // namespace roce::prom
