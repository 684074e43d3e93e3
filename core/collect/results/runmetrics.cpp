#include "collect/results/runmetrics.h"

#include <QJsonArray>

namespace roce::results {

namespace {

std::optional<double> number(const QJsonObject &o, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

void perftest(const QJsonObject &r, RunMetrics &m)
{
    const bool latency = r.value(QStringLiteral("kind")).toString() == QLatin1String("lat");
    m.family = latency ? QStringLiteral("lat") : QStringLiteral("bw");
    const QJsonArray rows = r.value(QStringLiteral("results")).toArray();
    QJsonObject largest;
    for (const QJsonValue &v : rows) {
        const QJsonObject row = v.toObject();
        const double bytes = row.value(QStringLiteral("bytes")).toDouble();
        std::optional<double> value
            = latency ? number(row, "t_typical_usec") : number(row, "bw_average_gbps");
        if (latency && !value)
            value = number(row, "t_avg_usec");
        if (value)
            m.sweep.append(QPointF(bytes, *value));
        if (largest.isEmpty() || bytes >= largest.value(QStringLiteral("bytes")).toDouble())
            largest = row;
    }
    if (m.sweep.size() < 2)
        m.sweep.clear();
    if (!latency) {
        m.bandwidthGbps = number(largest, "bw_average_gbps");
        return;
    }
    // Latency: the figures of the smallest size (what a latency test is about).
    QJsonObject smallest;
    for (const QJsonValue &v : rows) {
        const QJsonObject row = v.toObject();
        if (smallest.isEmpty()
            || row.value(QStringLiteral("bytes")).toDouble()
                < smallest.value(QStringLiteral("bytes")).toDouble())
            smallest = row;
    }
    LatencyFigures &l = m.latency;
    l.min = number(smallest, "t_min_usec");
    l.median = number(smallest, "t_typical_usec");
    l.p99 = number(smallest, "p99_usec");
    l.p999 = number(smallest, "p99_9_usec");
    l.max = number(smallest, "t_max_usec");
    l.average = number(smallest, "t_avg_usec");
}

void sockperf(const QJsonObject &r, RunMetrics &m)
{
    m.family = QStringLiteral("tcp_lat");
    LatencyFigures &l = m.latency;
    l.roundTrip = r.value(QStringLiteral("latency_is")).toString() == QLatin1String("round_trip");
    l.min = number(r, "min_usec");
    l.max = number(r, "max_usec");
    l.average = number(r, "avg_latency_usec");
    const QJsonObject p = r.value(QStringLiteral("percentiles_usec")).toObject();
    auto pct = [&p](double q) -> std::optional<double> {
        for (auto it = p.constBegin(); it != p.constEnd(); ++it) {
            if (qFuzzyCompare(it.key().toDouble() + 1, q + 1))
                return it.value().toDouble();
        }
        return std::nullopt;
    };
    l.median = pct(50);
    l.p99 = pct(99);
    l.p999 = pct(99.9);
}

}  // namespace

RunMetrics metricsOf(const QString &tool, const QJsonObject &result)
{
    RunMetrics m;
    const QString t = result.value(QStringLiteral("tool")).toString();
    if (t == QLatin1String("perftest")) {
        perftest(result, m);
    } else if (t == QLatin1String("sockperf")) {
        sockperf(result, m);
    } else if (t == QLatin1String("iperf3")) {
        m.family = QStringLiteral("tcp_bw");
        m.bandwidthGbps = number(result, "received_gbps");
        if (const auto rtt = number(result, "mean_rtt_usec")) {
            m.latency.average = rtt;
            m.latency.roundTrip = true;
        }
    } else if (tool == QLatin1String("train")) {
        m.family = QStringLiteral("train");
        m.meanStepMs = number(result, "mean_step_ms");
        m.meanAllreduceMs = number(result, "mean_allreduce_ms");
        m.finalLoss = number(result, "final_loss");
    } else if (tool == QLatin1String("matrix")) {
        m.family = QStringLiteral("matrix");
    } else if (t == QLatin1String("whatif")) {
        // A side of a what-if preview: what the servers received, and a launched job's
        // all-reduce; its other figures are rows of their own (comparison.cpp).
        m.family = QStringLiteral("whatif");
        m.bandwidthGbps = number(result, "goodput_gbps");
        m.meanAllreduceMs = number(result, "mean_allreduce_ms");
    }
    return m;
}

std::optional<double> jitterUs(const LatencyFigures &l)
{
    if (l.median && l.p99)
        return *l.p99 - *l.median;
    return std::nullopt;
}

}  // namespace roce::results
