#include "live/fleet/fleethistory.h"

#include "prometheus/query/promclient.h"

#include <QDateTime>

#include <algorithm>
#include <memory>

namespace roce::fleet {

namespace {

constexpr qint64 kRetryAfterFailureMs = 10000;

QString matcher(const QStringList &names, const QStringList &values)
{
    QStringList parts;
    for (qsizetype i = 0; i < names.size(); ++i)
        parts.append(names.at(i) + QLatin1Char('=') + prom::promString(values.value(i)));
    return parts.join(QLatin1Char(','));
}

}  // namespace

FleetPortIndex portIndexOf(const FleetShape &shape)
{
    FleetPortIndex index;
    index.reserve(shape.switchPorts.size() + shape.nicPorts.size());
    for (const FleetShape::SwitchPort &p : shape.switchPorts) {
        FleetPortRef ref;
        ref.portMatchers = matcher(rowLabels(RowKey::SwitchPort), {p.switchName, p.interface});
        ref.lineBits = p.lineBits;
        index.insert(p.switchName + QLatin1Char('/') + p.interface, ref);
    }
    for (const FleetShape::NicPort &n : shape.nicPorts) {
        FleetPortRef ref;
        ref.nic = true;
        ref.portMatchers = matcher(rowLabels(RowKey::NicPort), {n.instance, n.device, n.port});
        if (!n.netdev.isEmpty())
            ref.netdevMatchers = matcher(rowLabels(RowKey::Netdev), {n.instance, n.netdev});
        ref.lineBits = n.lineBits;
        index.insert(n.host + QLatin1Char('/') + n.device, ref);
    }
    return index;
}

FleetHistory::FleetHistory(const prom::PromEndpoint &endpoint, QObject *parent)
    : store::RangeHistory(parent), m_client(new prom::PromClient(endpoint, this))
{
    qRegisterMetaType<roce::fleet::FleetPortIndex>();
}

FleetHistory::~FleetHistory() = default;

int FleetHistory::requestsSent() const
{
    return m_client->requestsSent();
}

qint64 FleetHistory::stepFor(qint64 spanMs) const
{
    // About 600 points across the window, never finer than the scrape, whole seconds.
    const qint64 step = std::max<qint64>(m_scrapeMs, spanMs / 600);
    return (step + 999) / 1000 * 1000;
}

QList<QPointF> FleetHistory::series(const QString &port, model::Metric metric, qint64 fromMs,
                                    qint64 toMs)
{
    const auto it = m_windows.constFind(port);
    const qint64 step = stepFor(toMs - fromMs);
    // Held if the window covers the asked one (to within a step at the live end).
    const bool held = it != m_windows.constEnd() && it->fromMs <= fromMs
        && it->toMs + 2 * step >= toMs && stepFor(it->toMs - it->fromMs) <= 2 * step;
    const bool resting = it != m_windows.constEnd()
        && QDateTime::currentMSecsSinceEpoch() - it->failedAtMs < kRetryAfterFailureMs;
    if (!held && !resting && (it == m_windows.constEnd() || !it->pending))
        fetch(port, fromMs, toMs);
    if (it == m_windows.constEnd())
        return {};
    QList<QPointF> out;
    for (const QPointF &p : it->points.value(int(metric)))
        if (p.x() >= double(fromMs) && p.x() <= double(toMs))
            out.append(p);
    return out;
}

void FleetHistory::fetch(const QString &port, qint64 fromMs, qint64 toMs)
{
    const auto ref = m_ports.constFind(port);
    if (ref == m_ports.constEnd())
        return;  // not a port of the store's fleet
    Window &w = m_windows[port];
    w.pending = true;
    const qint64 step = stepFor(toMs - fromMs);
    QueryForm form;
    form.rateFunction = QStringLiteral("rate");
    // rate() needs two samples: a window of a step, and at least four scrapes.
    form.window
        = QString::number(std::max<qint64>(step, 4 * qint64(m_scrapeMs)) / 1000) + QLatin1Char('s');
    // One range query per part of every charted metric (utilization comes from the bits).
    struct Fetch {
        int left = 0;
        QHash<int, QList<QPointF>> points;
        QString error;
    };
    auto state = std::make_shared<Fetch>();
    const FleetPortRef &r = *ref;
    QList<std::pair<model::Metric, FleetQueryPart>> asks;
    for (const FleetQuery &q : fleetQueries()) {
        if (q.nic != r.nic)
            continue;
        const model::MetricInfo &info = model::metricInfo(q.metric);
        bool charted = info.chart != model::ChartGroup::None;
        for (const model::MetricInfo &m : model::metrics())
            charted |= m.utilizationOf == q.metric && m.chart != model::ChartGroup::None;
        if (!charted)
            continue;
        for (const auto &[key, build] : q.parts) {
            QueryForm f = form;
            f.matchers = key == RowKey::Netdev ? r.netdevMatchers : r.portMatchers;
            if (f.matchers.isEmpty())
                continue;
            asks.append({q.metric, FleetQueryPart {key, build(f)}});
        }
    }
    state->left = int(asks.size());
    for (const auto &[metric, part] : std::as_const(asks)) {
        m_client->queryRange(part.promql, fromMs, toMs, step, {},
                             [this, port, fromMs, toMs, state, metric = metric,
                              r](const Result<QList<prom::PromSeries>> &res) {
                                 if (!res) {
                                     state->error = res.error().message;
                                 } else if (!res->isEmpty()
                                            && !state->points.contains(int(metric))) {
                                     state->points.insert(int(metric), res->first().points);
                                     // Utilization from the bits and the line rate, as the live
                                     // rows have it.
                                     for (const model::MetricInfo &m : model::metrics()) {
                                         if (m.utilizationOf != metric || r.lineBits <= 0)
                                             continue;
                                         QList<QPointF> util = res->first().points;
                                         for (QPointF &p : util)
                                             p.setY(model::utilizationPercent(p.y(), r.lineBits));
                                         state->points.insert(int(m.id), util);
                                     }
                                 }
                                 if (--state->left > 0)
                                     return;
                                 Window &done = m_windows[port];
                                 done.pending = false;
                                 if (!state->error.isEmpty() && state->points.isEmpty()) {
                                     done.failedAtMs = QDateTime::currentMSecsSinceEpoch();
                                     emit failed(port, state->error);
                                     return;
                                 }
                                 done.fromMs = fromMs;
                                 done.toMs = toMs;
                                 done.points = state->points;
                                 emit updated(port);
                             });
    }
    if (asks.isEmpty())
        w.pending = false;
}

}  // namespace roce::fleet
