#pragma once

#include "live/inventory/experimenthost.h"
#include "live/maplayout/fabriclayout.h"
#include "sim/served/simservice.h"

#include <QJsonObject>
#include <QObject>
#include <QThread>
#include <QUrl>

#include <functional>

namespace roce::sim {

/// The simulated fabric on a thread of its own, so that a GUI stays responsive while the
/// model advances and its NX-API endpoint and agents answer clients. The service is created,
/// run and destroyed on that thread (the model is not thread-safe); the owner only hears
/// about it through the signals, which arrive on the owner's thread.
class EmbeddedFabric : public QObject
{
    Q_OBJECT

public:
    explicit EmbeddedFabric(SimServiceOptions options, QObject *parent = nullptr);
    /// Stops the service and joins its thread.
    ~EmbeddedFabric() override;

    /// Starts the thread and the service on it; answers with started() or failed().
    void start();
    /// The layout of the first switch of @p spec.
    static models::FabricLayout layoutOf(const FabricSpec &spec);
    /// Applies a live scenario on the fabric's thread; answers with scenarioStarted() or
    /// scenarioFailed().
    void startScenario(const QString &name);

signals:
    /// The fabric runs: @p nxapiUrl is its switch (HTTPS when enabled, else HTTP), @p hosts
    /// the number of simulated hosts with an agent, @p fingerprint the SHA-256 to pin.
    void started(const QUrl &nxapiUrl, int hosts, const QString &fingerprint);
    void failed(const QString &message);
    /// After started(): the simulated hosts and how to reach their agents (loopback, TLS with
    /// the switch's certificate pinned, the agentToken of the options), with the address
    /// their peers use for test traffic.
    void agentsStarted(const QList<roce::experiments::ExperimentHost> &hosts);
    /// After started(): the fabric's inventory as the topology map draws it (demo mode knows
    /// its own cabling; a real fabric's comes from LLDP and the inventory dialog).
    void layoutReady(const roce::models::FabricLayout &layout);
    void scenarioStarted(const QString &name);
    /// With scenarioStarted(): what it injected where (injectionToJson()): the simulator's
    /// ground truth, for scoring a diagnosis, never an input of one.
    void scenarioInjected(const QJsonObject &injection);
    void scenarioFailed(const QString &name, const QString &message);

private:
    SimServiceOptions m_options;
    QThread m_thread;
    QObject *m_context = nullptr;  ///< lives on m_thread; parent of the service
    /// Runs @p emitSignals in this object's thread: the signals are emitted there, whatever
    /// thread the service told it from.
    void inOwnThread(std::function<void()> emitSignals);

    SimService *m_service = nullptr;  ///< used on m_thread only
};

}  // namespace roce::sim
