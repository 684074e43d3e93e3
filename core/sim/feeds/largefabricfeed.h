#pragma once

#include "live/maplayout/leafspinefabric.h"
#include "proto/common/workerthread.h"
#include "proto/datamodel/portsample.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

#include <utility>

namespace roce::live {
class LiveFabric;
}

namespace roce::sim {

class Fabric;

/// A simulated leaf/spine fabric too large to serve one agent per NIC over loopback (e.g.
/// rail:1024:8:8:16 = 8192 server ports): the flow-level model runs on threads of its own
/// with a training ring and an incast, and each tick publishes the rows of every switch port
/// and NIC (rates over the simulated interval), as the monitors would. Each tick advances the
/// model by the wall-clock interval when the machine keeps up (real time), otherwise by what
/// fits in 90% of the interval; the rates are per simulated second either way.
class LargeFabricFeed : public QObject
{
    Q_OBJECT

public:
    explicit LargeFabricFeed(QObject *parent = nullptr);
    ~LargeFabricFeed() override;

    /// @p topology: "rail:HOSTS:NICS:RAILS:SPINES"; @p scenario one of
    /// leafSpineScenarioNames() (empty: rail-training). Answers with fabricReady() then
    /// updated() every @p intervalMs, or failed().
    void start(const QString &topology, const QString &scenario = {}, int intervalMs = 1000);
    void stop();

signals:
    void fabricReady(const roce::models::LeafSpineFabric &fabric);
    /// The scenario as it runs, every drawn target named (after fabricReady()).
    void scenarioStarted(const QString &resolvedSpec);
    /// A server's adapter settings, as its agent would report them (after scenarioStarted(),
    /// once per server): the configuration the diagnosis reads.
    void configReported(const QString &host, const QJsonObject &facts);
    /// Simulated seconds per wall second over the last tick (1 = real time).
    void pace(double realTimeFactor);
    void updated(const roce::model::SourceFrame &update);
    void failed(const QString &message);

private:
    WorkerThread m_worker {QStringLiteral("large-fabric")};
};

/// Each server's adapter settings as its agent reports them (the mlx5 ecn/ files of every
/// NIC, read by monitor::nicConfigFromSample): host name -> facts, the configuration the
/// diagnosis reads (ECN off on a host shows there before any traffic does).
QList<std::pair<QString, QJsonObject>> adapterConfigs(const Fabric &fabric);

/// Makes the feed of @p topology the source of @p hub (which owns it and stops it with the
/// fabric): its frames and failures reach the hub like any source's. Returns the feed, for its
/// fabricReady().
LargeFabricFeed *watchLargeFabric(roce::live::LiveFabric &hub, const QString &topology,
                                  const QString &scenario = {});

}  // namespace roce::sim
