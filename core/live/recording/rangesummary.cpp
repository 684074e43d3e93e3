#include "live/recording/rangesummary.h"

#include "live/hub/fabricframe.h"

#include <QHash>
#include <QJsonArray>

#include <cstring>

namespace roce::recording {

namespace {

bool isUtilization(model::Metric m)
{
    return std::strcmp(model::kMetricTable[std::size_t(m)].unit, "%") == 0;
}

}  // namespace

RangeSummary summarize(const RecordingReader &reader, qint64 fromMs, qint64 toMs,
                       qint64 maxIntervalMs)
{
    RangeSummary summary;
    summary.fromMs = fromMs;
    summary.toMs = toMs;
    QHash<QString, qsizetype> index;
    QHash<QString, qint64> lastTaken;  // port -> its previous sample's time (source clock)
    // Samples shortly before the range give the first ones in it their interval.
    for (const RecordedTick &tick : reader.ticks(fromMs - maxIntervalMs, toMs)) {
        for (const live::LiveFabric::Input &in : tick.inputs) {
            if (in.kind != live::LiveFabric::Input::Kind::Frame)
                continue;
            const qint64 taken = in.frame.takenMs;
            for (const model::PortSample &p : in.frame.ports) {
                const auto previous = lastTaken.constFind(p.name());
                const qint64 before = previous == lastTaken.constEnd() ? -1 : *previous;
                lastTaken.insert(p.name(), taken);
                if (tick.ms < fromMs || before < 0 || taken <= before)
                    continue;
                const double seconds = double(std::min(taken - before, maxIntervalMs)) / 1000.0;
                auto at = index.constFind(p.name());
                if (at == index.constEnd()) {
                    at = index.insert(p.name(), summary.ports.size());
                    summary.ports.append({p.id, 0, {}});
                }
                PortTotals &totals = summary.ports[*at];
                totals.seconds += seconds;
                for (std::size_t m = 0; m < model::kMetricCount; ++m) {
                    const auto v = p.rates.value(model::Metric(m));
                    if (!v)
                        continue;
                    totals.totals[m] = totals.totals[m].value_or(0) + *v * seconds;
                }
            }
        }
    }
    // Utilization: the integral over the time covered is the time-weighted mean.
    for (PortTotals &port : summary.ports)
        for (std::size_t m = 0; m < model::kMetricCount; ++m)
            if (port.totals[m] && isUtilization(model::Metric(m)) && port.seconds > 0)
                *port.totals[m] /= port.seconds;
    for (const RecordedEvent &e : reader.events())
        if (e.type == QLatin1String("alert") && e.ms >= fromMs && e.ms <= toMs)
            summary.alerts.append(e);
    for (const Annotation &a : reader.annotations())
        if (a.overlaps(fromMs, toMs))
            summary.annotations.append(a);
    return summary;
}

QJsonObject RangeSummary::toJson() const
{
    QJsonArray portsJson;
    for (const PortTotals &p : ports) {
        QJsonObject o {{QStringLiteral("id"), p.id.key()},
                       {QStringLiteral("device"), p.id.device()},
                       {QStringLiteral("kind"), p.id.kindName()},
                       {QStringLiteral("seconds"), p.seconds}};
        for (std::size_t m = 0; m < model::kMetricCount; ++m)
            if (p.totals[m])
                o.insert(QLatin1String(model::kMetricTable[m].key), *p.totals[m]);
        portsJson.append(o);
    }
    QJsonArray alertsJson;
    for (const RecordedEvent &e : alerts) {
        QJsonObject o = e.body;
        o.insert(QStringLiteral("t"), double(e.ms));
        alertsJson.append(o);
    }
    QJsonArray notes;
    for (const Annotation &a : annotations)
        notes.append(annotationToJson(a));
    return {{QStringLiteral("from_ms"), double(fromMs)},
            {QStringLiteral("to_ms"), double(toMs)},
            {QStringLiteral("seconds"), double(toMs - fromMs) / 1000.0},
            {QStringLiteral("ports"), portsJson},
            {QStringLiteral("alerts"), alertsJson},
            {QStringLiteral("annotations"), notes}};
}

results::RunRecord RangeSummary::asRun(const QString &label, qint64 id) const
{
    QJsonObject nic, sw;
    for (const PortTotals &p : ports) {
        QJsonObject &into = p.id.isNic() ? nic : sw;
        for (std::size_t m = 0; m < model::kMetricCount; ++m) {
            if (!p.totals[m] || isUtilization(model::Metric(m)))
                continue;
            const QString key = QLatin1String(model::kMetricTable[m].key);
            into.insert(key, into.value(key).toDouble() + *p.totals[m]);
        }
    }
    results::RunRecord run;
    run.id = id;
    run.kind = QStringLiteral("range");
    run.label = label;
    run.state = QStringLiteral("succeeded");
    run.startedMs = fromMs;
    run.finishedMs = toMs;
    run.fabric = {{QStringLiteral("seconds"), double(toMs - fromMs) / 1000.0},
                  {QStringLiteral("totals"), nic},
                  {QStringLiteral("switch"), QJsonObject {{QStringLiteral("totals"), sw}}}};
    return run;
}

}  // namespace roce::recording
