#include "live/experiments/switchsummary.h"

#include "collect/history/counterstore.h"

#include <QSet>

namespace roce::experiments {

namespace {

/// The events in [fromMs, toMs] of a rate series: each point is the rate over the interval
/// that ends at it (one poll), so a point counts for the time since the previous one.
double integrate(const QList<QPointF> &points, qint64 fromMs, qint64 toMs)
{
    double events = 0;
    double previous = -1;
    for (const QPointF &p : points) {
        const double start = previous < 0 ? p.x() - 1000 : previous;
        previous = p.x();
        const double left = std::max(start, double(fromMs));
        const double right = std::min(p.x(), double(toMs));
        if (right > left)
            events += p.y() * (right - left) / 1000.0;
    }
    return events;
}

}  // namespace

QJsonObject switchSummary(const store::CounterStore &history, const models::FabricLayout &layout,
                          const QStringList &hosts, qint64 fromMs, qint64 toMs)
{
    QList<const models::FabricLayout::Attachment *> ports;  // the runs' hosts' switch ports
    for (const auto &a : layout.attachments) {
        for (const auto &s : a.servers) {
            if (hosts.contains(s.name) && !ports.contains(&a))
                ports.append(&a);
        }
    }
    const std::pair<store::Metric, const char *> metrics[]
        = {{store::Metric::MmuDrops, "mmu_drops"},
           {store::Metric::EgressDrops, "egress_drops"},
           {store::Metric::RxPause, "rx_ppp"},
           {store::Metric::TxPause, "tx_ppp"},
           {store::Metric::Ecn, "ecn_marked"}};
    QJsonObject perPort, totals;
    for (const models::FabricLayout::Attachment *port : std::as_const(ports)) {
        QJsonObject o;
        for (const auto &[metric, key] : metrics) {
            const QList<QPointF> points
                = history.series(layout.portKey(*port), metric, fromMs - 2000);
            if (points.isEmpty())
                continue;
            const double n = std::round(integrate(points, fromMs, toMs));
            o.insert(QLatin1String(key), n);
            totals.insert(QLatin1String(key), totals.value(QLatin1String(key)).toDouble() + n);
        }
        if (!o.isEmpty())
            perPort.insert(port->switchPort, o);
    }
    return {{QStringLiteral("ports"), perPort}, {QStringLiteral("totals"), totals}};
}

}  // namespace roce::experiments
