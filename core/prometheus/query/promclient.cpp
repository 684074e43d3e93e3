#include "prometheus/query/promclient.h"

#include "proto/common/boundedreply.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslError>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace roce::prom {

QString promString(QString value)
{
    value.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    value.replace(QLatin1Char('"'), QLatin1String("\\\""));
    return QLatin1Char('"') + value + QLatin1Char('"');
}

namespace {

class ClientText
{
    Q_DECLARE_TR_FUNCTIONS(ClientText)
};

QString seconds(qint64 ms)
{
    return QString::number(double(ms) / 1000.0, 'f', 3);
}

/// The server-side deadline: a little under the client's, so the store's own "query timed
/// out" (which says which query) arrives before the client gives up.
QString serverTimeout(int clientMs)
{
    return QString::number(std::max(1, clientMs * 9 / 10 / 1000)) + QLatin1Char('s');
}

// Without a Retry-After, a busy store is left alone 1 s, then 2, 4, ... up to a minute.
constexpr qint64 kBusyBackoffCapMs = 60 * 1000;

Error networkError(QNetworkReply *reply, const PromEndpoint &endpoint, const QString &tlsErrors)
{
    const QString where = endpoint.displayName();
    switch (reply->error()) {
    case QNetworkReply::ConnectionRefusedError:
        return Error {
            ErrorCode::Unreachable,
            ClientText::tr("%1 refused the connection: is the store running there?").arg(where)};
    case QNetworkReply::HostNotFoundError:
        return Error {ErrorCode::Unreachable, ClientText::tr("%1: host not found").arg(where)};
    case QNetworkReply::TimeoutError:
        return Error {ErrorCode::Timeout, ClientText::tr("%1: connection timed out").arg(where)};
    case QNetworkReply::SslHandshakeFailedError:
        return Error {ErrorCode::Refused,
                      ClientText::tr("%1: TLS failed (%2); give the store's CA with --ca if it "
                                     "uses a private one")
                          .arg(where, tlsErrors.isEmpty() ? reply->errorString() : tlsErrors)};
    default:
        break;
    }
    return Error {ErrorCode::Unreachable,
                  ClientText::tr("%1: %2").arg(where, reply->errorString())};
}

}  // namespace

QList<RangeWindow> planRange(qint64 fromMs, qint64 toMs, qint64 stepMs, int maxPoints)
{
    QList<RangeWindow> out;
    stepMs = std::max<qint64>(1, stepMs);
    maxPoints = std::max(2, maxPoints);
    if (toMs < fromMs)
        return out;
    // Floor the start and ceil the end to the step (negative times floor too).
    qint64 start = fromMs / stepMs * stepMs;
    if (start > fromMs)
        start -= stepMs;
    qint64 end = toMs / stepMs * stepMs;
    if (end < toMs)
        end += stepMs;
    const qint64 span = qint64(maxPoints - 1) * stepMs;
    for (qint64 s = start; s <= end; s += span + stepMs)
        out.append({s, std::min(end, s + span), stepMs});
    return out;
}

PromClient::PromClient(PromEndpoint endpoint, QObject *parent)
    : QObject(parent), m_endpoint(std::move(endpoint)), m_network(new QNetworkAccessManager(this))
{
    m_clock.start();
}

PromClient::~PromClient()
{
    cancelAll();
}

void PromClient::cancelAll()
{
    const QSet<QNetworkReply *> replies = std::exchange(m_replies, {});
    for (QNetworkReply *r : replies) {
        r->disconnect(this);
        r->abort();
        r->deleteLater();
    }
}

void PromClient::post(const QString &call, Form form, BodyDone done)
{
    send(call, std::move(form), true, std::move(done));
}

void PromClient::get(const QString &call, Form form, BodyDone done)
{
    send(call, std::move(form), false, std::move(done));
}

void PromClient::send(const QString &call, Form form, bool usePost, BodyDone done)
{
    if (m_holdUntilMs >= 0 && m_clock.elapsed() < m_holdUntilMs) {
        ++m_heldBack;
        Error held = m_holdReason;
        held.message = ClientText::tr("%1; %2 s left")
                           .arg(held.message)
                           .arg((m_holdUntilMs - m_clock.elapsed() + 999) / 1000);
        QTimer::singleShot(0, this, [done = std::move(done), held] { done(held); });
        return;
    }
    QNetworkRequest request(m_endpoint.apiUrl(call));
    request.setHeader(QNetworkRequest::ContentTypeHeader,
                      QByteArrayLiteral("application/x-www-form-urlencoded"));
    request.setRawHeader("Accept", "application/json");
    // Redirects stay within the store: the credentials below go wherever Qt follows.
    BoundedReply::prepare(request);
    if (m_endpoint.auth == PromEndpoint::Auth::Bearer)
        request.setRawHeader("Authorization", "Bearer " + m_endpoint.secret.toUtf8());
    else if (m_endpoint.auth == PromEndpoint::Auth::Basic)
        request.setRawHeader(
            "Authorization",
            "Basic "
                + (m_endpoint.user + QLatin1Char(':') + m_endpoint.secret).toUtf8().toBase64());
    if (m_endpoint.baseUrl.scheme() == QLatin1String("https") && !m_endpoint.caFile.isEmpty()) {
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        QList<QSslCertificate> cas = tls.caCertificates();
        cas.append(QSslCertificate::fromPath(m_endpoint.caFile, QSsl::Pem));
        tls.setCaCertificates(cas);
        request.setSslConfiguration(tls);
    }
    form.append({QStringLiteral("timeout"), serverTimeout(m_endpoint.timeoutMs)});
    QByteArray encoded;
    for (const auto &[key, value] : std::as_const(form)) {
        if (!encoded.isEmpty())
            encoded += '&';
        encoded += QUrl::toPercentEncoding(key) + '=' + QUrl::toPercentEncoding(value);
    }
    QNetworkReply *reply = nullptr;
    if (usePost) {
        reply = m_network->post(request, encoded);
    } else {
        QUrl url = request.url();
        url.setQuery(QString::fromLatin1(encoded), QUrl::StrictMode);
        request.setUrl(url);
        reply = m_network->get(request);
    }
    ++m_sent;
    m_replies.insert(reply);
    BoundedReply::watch(reply,
                        {m_endpoint.maxAnswerBytes, m_endpoint.timeoutMs,
                         ClientText::tr("the store's answers in flight"), m_answerBytes});
    auto tlsErrors = std::make_shared<QString>();
    connect(reply, &QNetworkReply::sslErrors, reply, [tlsErrors](const QList<QSslError> &errors) {
        QStringList texts;
        for (const QSslError &e : errors)
            texts.append(e.errorString());
        *tlsErrors = texts.join(QStringLiteral("; "));
    });
    connect(reply, &QNetworkReply::finished, this,
            [this, reply, done = std::move(done), tlsErrors] {
                m_replies.remove(reply);
                reply->deleteLater();
                done(answerOf(reply, *tlsErrors));
            });
}

Result<QByteArray> PromClient::answerOf(QNetworkReply *reply, const QString &tlsErrors)
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    auto *bounded = reply->findChild<BoundedReply *>();
    if (bounded && bounded->failure() != BoundedReply::Failure::None) {
        const ErrorCode code = bounded->failure() == BoundedReply::Failure::TimedOut
            ? ErrorCode::Timeout
            : bounded->failure() == BoundedReply::Failure::TooLarge ? ErrorCode::Protocol
                                                                    : ErrorCode::Refused;
        return Error {code, bounded->message(m_endpoint.displayName())};
    }
    QByteArray body = bounded ? bounded->takeBody() : reply->readAll();
    if (status == 0)
        return networkError(reply, m_endpoint, tlsErrors);
    if (status == 429 || status == 503)
        return holdBack(reply, status, body);
    m_busyInRow = 0;
    if (status == 401 || status == 403)
        return Error {ErrorCode::AuthenticationFailed,
                      ClientText::tr("%1 refused the credentials (HTTP %2): check the user and "
                                     "the token or password")
                          .arg(m_endpoint.displayName())
                          .arg(status)};
    if (status == 404)
        return Error {ErrorCode::NotFound,
                      ClientText::tr("%1 has no %2 (HTTP 404): is the path prefix right (e.g. "
                                     "/prometheus, /select/0/prometheus)?")
                          .arg(m_endpoint.displayName(), reply->url().path())};
    if (status != 200)
        return responseError(body, status);
    return body;
}

Error PromClient::holdBack(QNetworkReply *reply, int status, const QByteArray &body)
{
    ++m_busyInRow;
    const qint64 asked
        = retryAfterMs(reply->rawHeader("Retry-After"), QDateTime::currentDateTimeUtc());
    const qint64 holdMs = asked >= 0
        ? asked
        : std::min(kBusyBackoffCapMs, qint64(1000) << std::min(m_busyInRow - 1, 6));
    m_holdUntilMs = m_clock.elapsed() + holdMs;
    const QString why = status == 429
        ? ClientText::tr("%1 is limiting this client's requests (HTTP 429)")
              .arg(m_endpoint.displayName())
        : ClientText::tr("%1 is unavailable (HTTP 503: %2)")
              .arg(m_endpoint.displayName(),
                   body.trimmed().startsWith('{') ? responseError(body, status).message
                                                  : QString::fromUtf8(body.left(200)).simplified());
    const QString wait = asked >= 0
        ? ClientText::tr("no request for %1 s, as it asked (Retry-After)")
              .arg(double(holdMs) / 1000.0)
        : ClientText::tr("no request for %1 s").arg(double(holdMs) / 1000.0);
    m_holdReason = Error {ErrorCode::Busy, why + QStringLiteral(": ") + wait};
    return m_holdReason;
}

void PromClient::query(const QString &promql, const QStringList &labels, VectorDone done,
                       qint64 atMs)
{
    Form form;
    form.append({QStringLiteral("query"), promql});
    if (atMs > 0)
        form.append({QStringLiteral("time"), seconds(atMs)});
    form.append({QStringLiteral("latency_offset"), QStringLiteral("1s")});
    form.append({QStringLiteral("nocache"), QStringLiteral("1")});
    post(QStringLiteral("query"), form,
         [this, labels, done = std::move(done)](const Result<QByteArray> &body) {
             if (!body) {
                 done(body.error());
                 return;
             }
             QElapsedTimer parse;
             parse.start();
             Result<QList<PromSample>> samples = parseVector(*body, labels);
             m_parseNs += parse.nsecsElapsed();
             done(std::move(samples));
         });
}

void PromClient::rawSamples(const QString &rangeSelector, const QStringList &labels,
                            MatrixDone done)
{
    Form form;
    form.append({QStringLiteral("query"), rangeSelector});
    form.append({QStringLiteral("nocache"), QStringLiteral("1")});
    post(QStringLiteral("query"), form,
         [labels, done = std::move(done)](const Result<QByteArray> &body) {
             if (!body)
                 done(body.error());
             else
                 done(parseMatrix(*body, labels));
         });
}

void PromClient::queryRange(const QString &promql, qint64 fromMs, qint64 toMs, qint64 stepMs,
                            const QStringList &labels, MatrixDone done)
{
    const QList<RangeWindow> windows = planRange(fromMs, toMs, stepMs);
    if (windows.isEmpty()) {
        done(QList<PromSeries> {});
        return;
    }
    // Each window's answer lands in its slot; the series are joined once all have arrived.
    struct Join {
        QList<std::optional<QList<PromSeries>>> parts;
        int left = 0;
        bool failed = false;
        MatrixDone done;
    };
    auto join = std::make_shared<Join>();
    join->parts.resize(windows.size());
    join->left = int(windows.size());
    join->done = std::move(done);
    for (qsizetype i = 0; i < windows.size(); ++i) {
        const RangeWindow &w = windows.at(i);
        Form form;
        form.append({QStringLiteral("query"), promql});
        form.append({QStringLiteral("start"), seconds(w.startMs)});
        form.append({QStringLiteral("end"), seconds(w.endMs)});
        form.append({QStringLiteral("step"), seconds(w.stepMs)});
        form.append({QStringLiteral("latency_offset"), QStringLiteral("1s")});
        post(QStringLiteral("query_range"), form,
             [join, i, labels](const Result<QByteArray> &body) {
                 if (join->failed)
                     return;
                 Result<QList<PromSeries>> part
                     = body ? parseMatrix(*body, labels) : Result<QList<PromSeries>>(body.error());
                 if (!part) {
                     join->failed = true;
                     join->done(part.error());
                     return;
                 }
                 join->parts[i] = std::move(part).value();
                 if (--join->left > 0)
                     return;
                 QList<PromSeries> out;
                 QHash<QStringList, qsizetype> index;
                 for (const auto &p : std::as_const(join->parts)) {
                     for (const PromSeries &s : *p) {
                         const auto at = index.constFind(s.labels);
                         if (at == index.constEnd()) {
                             index.insert(s.labels, out.size());
                             out.append(s);
                         } else {
                             out[*at].points.append(s.points);
                         }
                     }
                 }
                 join->done(out);
             });
    }
}

void PromClient::labelValues(const QString &label, qint64 fromMs, qint64 toMs, ValuesDone done)
{
    Form form;
    form.append({QStringLiteral("start"), seconds(fromMs)});
    form.append({QStringLiteral("end"), seconds(toMs)});
    get(QStringLiteral("label/") + label + QStringLiteral("/values"), form,
        [done = std::move(done)](const Result<QByteArray> &body) {
            if (!body)
                done(body.error());
            else
                done(parseLabelValues(*body));
        });
}

void PromClient::series(const QStringList &matchers, qint64 fromMs, qint64 toMs, SeriesDone done)
{
    Form form;
    for (const QString &m : matchers)
        form.append({QStringLiteral("match[]"), m});
    form.append({QStringLiteral("start"), seconds(fromMs)});
    form.append({QStringLiteral("end"), seconds(toMs)});
    post(QStringLiteral("series"), form, [done = std::move(done)](const Result<QByteArray> &body) {
        if (!body)
            done(body.error());
        else
            done(parseSeriesList(*body));
    });
}

}  // namespace roce::prom
