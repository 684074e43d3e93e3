#pragma once

#include "collect/history/rangehistory.h"
#include "live/fleet/fleetshape.h"
#include "prometheus/query/promendpoint.h"

#include <QHash>
#include <QMetaType>

namespace roce::prom {
class PromClient;
}

namespace roce::fleet {

/// How one port's series are found in the store.
struct FleetPortRef {
    bool nic = false;
    QString
        portMatchers;  ///< `switch="..",interface=".."` or `instance="..",device="..",port=".."`
    QString netdevMatchers;  ///< NICs with a netdev: `instance="..",device="<netdev>"`
    double lineBits = 0;     ///< for utilization; 0: unknown
};
/// Every port of the shape by its row key ("leaf1/Ethernet1/7", "gpu01/mlx5_0").
using FleetPortIndex = QHash<QString, FleetPortRef>;
FleetPortIndex portIndexOf(const FleetShape &shape);

/// The charts' history of one port read from the store: scrolling back hours or days asks the
/// store (one range query per charted metric, step-aligned, about 600 points per window and
/// never more than 11,000), not the console's memory. The last window asked for each port is
/// kept; a window inside it is answered from it.
class FleetHistory : public store::RangeHistory
{
    Q_OBJECT

public:
    explicit FleetHistory(const prom::PromEndpoint &endpoint, QObject *parent = nullptr);
    ~FleetHistory() override;

    void setPorts(const FleetPortIndex &ports) { m_ports = ports; }
    /// The store's scrape interval: the finest step worth asking for.
    void setScrapeIntervalMs(int ms) { m_scrapeMs = std::max(1000, ms); }

    QList<QPointF> series(const QString &port, model::Metric metric, qint64 fromMs,
                          qint64 toMs) override;

    /// The step a window of @p spanMs is read at.
    qint64 stepFor(qint64 spanMs) const;
    int requestsSent() const;

private:
    struct Window {
        qint64 fromMs = 0, toMs = 0;
        bool pending = false;
        qint64 failedAtMs = 0;              ///< the last failure: not asked again for a while
        QHash<int, QList<QPointF>> points;  ///< by Metric
    };
    void fetch(const QString &port, qint64 fromMs, qint64 toMs);

    prom::PromClient *m_client;
    FleetPortIndex m_ports;
    int m_scrapeMs = 15000;
    QHash<QString, Window> m_windows;
};

}  // namespace roce::fleet

Q_DECLARE_METATYPE(roce::fleet::FleetPortIndex)
