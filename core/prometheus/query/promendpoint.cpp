#include "prometheus/query/promendpoint.h"

#include <QCoreApplication>

namespace roce::prom {

namespace {

class EndpointText
{
    Q_DECLARE_TR_FUNCTIONS(EndpointText)
};

QString normalizedPrefix(QString prefix)
{
    prefix = prefix.trimmed();
    while (prefix.endsWith(QLatin1Char('/')))
        prefix.chop(1);
    if (prefix.endsWith(QLatin1String("/api/v1")))
        prefix.chop(7);  // "…/api/v1" pasted from a browser: the prefix is what comes before
    if (!prefix.isEmpty() && !prefix.startsWith(QLatin1Char('/')))
        prefix.prepend(QLatin1Char('/'));
    return prefix;
}

}  // namespace

QUrl PromEndpoint::apiUrl(const QString &call) const
{
    QUrl url = baseUrl;
    url.setPath(pathPrefix + QStringLiteral("/api/v1/") + call);
    return url;
}

QString PromEndpoint::displayName() const
{
    QUrl url = baseUrl;
    url.setUserInfo({});
    url.setPath(pathPrefix);
    return url.toString(QUrl::RemoveUserInfo);
}

QString PromEndpoint::secretKey() const
{
    return displayName() + QLatin1Char('|')
        + (auth == Auth::Basic ? user : QStringLiteral("bearer"));
}

Result<PromEndpoint::Auth> parseAuth(const QString &name)
{
    const QString n = name.trimmed().toLower();
    if (n.isEmpty() || n == QLatin1String("none"))
        return PromEndpoint::Auth::None;
    if (n == QLatin1String("bearer"))
        return PromEndpoint::Auth::Bearer;
    if (n == QLatin1String("basic"))
        return PromEndpoint::Auth::Basic;
    return Error {
        ErrorCode::InvalidArgument,
        EndpointText::tr("unknown authentication '%1' (none, bearer or basic)").arg(name)};
}

QString authName(PromEndpoint::Auth auth)
{
    switch (auth) {
    case PromEndpoint::Auth::Bearer:
        return QStringLiteral("bearer");
    case PromEndpoint::Auth::Basic:
        return QStringLiteral("basic");
    case PromEndpoint::Auth::None:
        break;
    }
    return QStringLiteral("none");
}

Result<PromEndpoint> parsePromEndpoint(const QString &url, const QString &prefix)
{
    const QUrl parsed = QUrl::fromUserInput(url.trimmed());
    if (url.trimmed().isEmpty() || !parsed.isValid() || parsed.host().isEmpty())
        return Error {ErrorCode::InvalidArgument,
                      EndpointText::tr("'%1' is not a URL of a Prometheus-compatible store (e.g. "
                                       "http://prometheus:9090)")
                          .arg(url)};
    if (parsed.scheme() != QLatin1String("http") && parsed.scheme() != QLatin1String("https"))
        return Error {
            ErrorCode::InvalidArgument,
            EndpointText::tr("'%1': only http:// and https:// stores are supported").arg(url)};
    if (!parsed.userInfo().isEmpty())
        return Error {ErrorCode::InvalidArgument,
                      EndpointText::tr("'%1' carries credentials: give the user with --user and "
                                       "keep the secret in the keychain or ROCE_PROMETHEUS_SECRET")
                          .arg(parsed.toString(QUrl::RemoveUserInfo))};
    if (parsed.hasQuery() || parsed.hasFragment())
        return Error {
            ErrorCode::InvalidArgument,
            EndpointText::tr("'%1': the store's URL takes no query or fragment").arg(url)};
    PromEndpoint e;
    e.baseUrl = parsed;
    e.baseUrl.setPath({});
    e.pathPrefix = normalizedPrefix(prefix.isEmpty() ? parsed.path() : prefix);
    return e;
}

}  // namespace roce::prom
