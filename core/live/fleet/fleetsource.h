#pragma once

#include "live/fleet/fleethistory.h"
#include "live/maplayout/leafspinefabric.h"
#include "prometheus/query/promendpoint.h"
#include "proto/common/workerthread.h"
#include "proto/datamodel/portsample.h"

#include <QMetaType>
#include <QObject>
#include <QStringList>

namespace roce::live {
class LiveFabric;
}

namespace roce::fleet {

struct FleetOptions {
    prom::PromEndpoint endpoint;
    /// Between refreshes of the present; 0: the store's scrape interval (measured from `up`),
    /// at least 1 s.
    int intervalMs = 0;
    /// Between discoveries of switches, hosts and cabling.
    int discoveryMs = 60000;
};

/// What one refresh cost, for the status bar, `rocectl fleet` and the benchmark.
struct FleetRefresh {
    qint64 takenMs = 0;    ///< console clock at its start
    qint64 elapsedMs = 0;  ///< until every answer was in and the frames were built
    qint64 consoleMs = 0;  ///< of which the console's own work: reading answers, building frames
    int queries = 0;
    int samples = 0;  ///< rows in the answers
    int ports = 0;
    int devices = 0;
    int intervalMs = 0;     ///< the refresh interval in force
    QString window;         ///< the rate window ("4s")
    bool recorded = false;  ///< read from the recording rules' series
};

/// The fleet read from a Prometheus-compatible store instead of from every switch and agent:
/// a source of the live model like the NX-API pollers and the agent streams, on a thread of
/// its own. It discovers switches, hosts, ports and their cabling from the store's series
/// (our switch exporter's `nxos_*`, our agent's, node_exporter's and rdma_exporter's NIC
/// series, their LLDP and netdev info) every discoveryMs, and each interval reads the present
/// as rates computed by the store (one instant query per metric; the sparse ones only for
/// their non-zero rows), published as one source frame per switch and per host. A store that
/// is down, slow or answering errors is reported (failed(), with the reason) and the next
/// refresh is not stacked on a slow one; ports then go stale in the live model.
class FleetSource : public QObject
{
    Q_OBJECT

public:
    explicit FleetSource(QObject *parent = nullptr);
    ~FleetSource() override;

    void start(const FleetOptions &options);
    void stop();
    /// Hosts whose rows come from their agents directly (the drill-down): left out of the
    /// store's frames, so the two never fight over a row. Thread-safe.
    void setDirectHosts(const QStringList &hosts);

    /// The store's name as sources and alerts name it.
    static QString storeSourceName(const prom::PromEndpoint &endpoint);

signals:
    /// The map's fabric, after the first discovery and whenever the cabling changed.
    void shapeReady(const roce::models::LeafSpineFabric &fabric, int switches, int hosts);
    /// How each port's series are found, and the store's scrape interval: for its history.
    void portsReady(const roce::fleet::FleetPortIndex &ports, int scrapeIntervalMs);
    /// One switch's or host's ports (its source).
    void updated(const roce::model::SourceFrame &frame);
    /// A switch the exporter cannot poll, or a host target the store cannot scrape.
    void deviceDown(const QString &source, const QString &kind, const QString &message);
    /// A device reported down is scraped (or polled) again.
    void deviceBack(const QString &source, const QString &kind);
    void refreshed(const roce::fleet::FleetRefresh &refresh);
    /// The store is down, slow, refuses the credentials or answers errors: the reason.
    void failed(const QString &store, const QString &message);
    /// The store answers again after failed().
    void recovered(const QString &store);

private:
    WorkerThread m_worker {QStringLiteral("fleet")};
};

/// Makes a fleet source of @p options the source of @p hub (which owns it): its frames reach
/// the hub as source kind "prometheus", the store's failures and recoveries as that of the
/// store, and the hub's rows go stale after 5 s or three refresh intervals. Returns the
/// source, for its shapeReady() and refreshed().
FleetSource *watchFleet(live::LiveFabric &hub, const FleetOptions &options);

}  // namespace roce::fleet

Q_DECLARE_METATYPE(roce::fleet::FleetRefresh)
