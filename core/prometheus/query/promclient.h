#pragma once

#include "prometheus/query/promendpoint.h"
#include "prometheus/query/promresponse.h"

#include <QElapsedTimer>
#include <QObject>
#include <QSet>

#include <functional>
#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

namespace roce::prom {

/// Prometheus refuses a range query of more than 11,000 points per series.
inline constexpr int kMaxPointsPerSeries = 11000;

/// One request of a range query: start and end on multiples of the step (Mimir caches only
/// such ranges, and every engine then returns the same timestamps).
struct RangeWindow {
    qint64 startMs = 0;
    qint64 endMs = 0;
    qint64 stepMs = 0;
    qint64 points() const { return stepMs > 0 ? (endMs - startMs) / stepMs + 1 : 0; }
};

/// [@p fromMs, @p toMs] at @p stepMs as step-aligned windows of at most @p maxPoints points
/// each, in time order, covering the range without overlap. A step under 1 ms counts as 1.
QList<RangeWindow> planRange(qint64 fromMs, qint64 toMs, qint64 stepMs,
                             int maxPoints = kMaxPointsPerSeries);

/// A client of the Prometheus HTTP query API (/api/v1/query, query_range, series) on
/// QNetworkAccessManager: never blocks its thread, every request has a deadline, TLS is
/// verified (the system's CAs and the endpoint's own CA file), and every failure comes back
/// as an Error that says what happened in words (refused, timed out, not the API, the
/// store's own error text). Requests are POSTed as forms, so large matchers never hit URL
/// limits. VictoriaMetrics hides its newest 30 s by default; instant queries therefore ask
/// for `latency_offset=1s` and `nocache=1` (both ignored by Prometheus), so the present is
/// the present. A store that answers 429 or 503 is left alone for as long as its
/// Retry-After asks (else for a backoff doubling from 1 s to a minute): requests made
/// meanwhile fail at once, as Busy, without being sent.
/// @p value as a PromQL string literal: in double quotes, with backslashes and quotes escaped.
QString promString(QString value);

class PromClient : public QObject
{
    Q_OBJECT

public:
    explicit PromClient(PromEndpoint endpoint, QObject *parent = nullptr);
    ~PromClient() override;

    const PromEndpoint &endpoint() const { return m_endpoint; }

    using VectorDone = std::function<void(Result<QList<PromSample>>)>;
    using MatrixDone = std::function<void(Result<QList<PromSeries>>)>;
    using SeriesDone = std::function<void(Result<QList<LabelSet>>)>;

    /// An instant query at @p atMs (0: the store's now); @p labels: the labels to keep.
    void query(const QString &promql, const QStringList &labels, VectorDone done, qint64 atMs = 0);
    /// A range query, split into step-aligned windows of at most 11,000 points whose series
    /// are joined again by their labels.
    void queryRange(const QString &promql, qint64 fromMs, qint64 toMs, qint64 stepMs,
                    const QStringList &labels, MatrixDone done);
    /// The raw samples of a range selector (`up{instance="x"}[2m]`) as of now: what was
    /// scraped, with the scrape's own timestamps.
    void rawSamples(const QString &rangeSelector, const QStringList &labels, MatrixDone done);
    /// The label sets of every series that matches any of @p matchers in [fromMs, toMs].
    void series(const QStringList &matchers, qint64 fromMs, qint64 toMs, SeriesDone done);

    using ValuesDone = std::function<void(Result<QStringList>)>;
    /// The values label @p label takes in [fromMs, toMs] (`__name__`: every series name).
    void labelValues(const QString &label, qint64 fromMs, qint64 toMs, ValuesDone done);

    /// Aborts every request still running; their callbacks are not called.
    void cancelAll();
    int pending() const { return int(m_replies.size()); }
    int requestsSent() const { return m_sent; }
    /// Requests failed without being sent while the store asked to be left alone.
    int requestsHeldBack() const { return m_heldBack; }
    /// Time spent reading instant answers so far (this client's own CPU, not the store's).
    qint64 parseNs() const { return m_parseNs; }

private:
    using BodyDone = std::function<void(Result<QByteArray>)>;
    /// Form fields, encoded by post() (every reserved character escaped: PromQL has '+').
    using Form = QList<std::pair<QString, QString>>;
    void post(const QString &call, Form form, BodyDone done);
    /// GET with the form as the URL's query (label values: Prometheus answers them to GET
    /// only).
    void get(const QString &call, Form form, BodyDone done);
    void send(const QString &call, Form form, bool usePost, BodyDone done);
    /// The answer to a finished request, or why there is none.
    Result<QByteArray> answerOf(QNetworkReply *reply, const QString &tlsErrors);
    /// A 429 or 503: holds requests back as the store asked, and says so.
    Error holdBack(QNetworkReply *reply, int status, const QByteArray &body);

    PromEndpoint m_endpoint;
    QNetworkAccessManager *m_network;
    QSet<QNetworkReply *> m_replies;
    int m_sent = 0;
    int m_heldBack = 0;
    QElapsedTimer m_clock;
    qint64 m_holdUntilMs = -1;  ///< no request before this (m_clock)
    Error m_holdReason;
    int m_busyInRow = 0;  ///< 429/503 answers since the last good one
    /// Bytes of answers held at once, by every request in flight: the cap is for them all.
    std::shared_ptr<qint64> m_answerBytes = std::make_shared<qint64>(0);
    qint64 m_parseNs = 0;
};

}  // namespace roce::prom
