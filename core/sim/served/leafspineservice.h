#pragma once

#include "proto/common/result.h"
#include "sim/engine/fabric.h"
#include "sim/scenarios/faults.h"
#include "sim/served/nxosconfig.h"
#include "sim/served/nxosview.h"
#include "sim/served/selfsignedidentity.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QTimer>
#include <QUrl>

#include <memory>
#include <vector>

namespace roce::sim {

class NxapiServer;
class SimAgents;

/// How to serve a simulated leaf/spine fabric.
struct ServedFabricOptions {
    QString topology;  ///< "rail:HOSTS:NICS:RAILS:SPINES"
    QString scenario;  ///< live scenario to start with; empty: idle
    QHostAddress address = QHostAddress::LocalHost;
    QString user = QStringLiteral("admin");
    QString password;    ///< every switch's; empty: a random one for this run
    QString agentToken;  ///< every agent's; empty: a random one for this run
    std::uint64_t seed = 1;
    int tickMs = 50;
    /// The share of each tick the model may spend catching up with the wall clock: when it
    /// is slower than real time (large fabrics), its clock falls behind instead of starving
    /// the endpoints, and the machine keeps the rest of a core.
    int modelSharePercent = 50;
};

/// One switch's NX-API endpoint.
struct ServedSwitch {
    QString name;       ///< host name, e.g. "rail1-leaf1"
    QString role;       ///< "leaf" or "spine"
    QUrl url;           ///< https://127.0.0.1:PORT/ins
    QString pinSha256;  ///< SHA-256 of its own certificate, "AB:CD:..."
};

/// One server's agent.
struct ServedHost {
    QString name;     ///< host name, e.g. "gpu0001"
    QString address;  ///< where its agent listens (127.0.0.1)
    quint16 agentPort = 0;
    QString pinSha256;        ///< SHA-256 of the agent's certificate
    QString switchPort;       ///< "<leaf>/<port>" of its first NIC
    QStringList rdmaDevices;  ///< every NIC, e.g. mlx5_0..mlx5_7
};

/// Every endpoint of a served fabric and the shared credentials to reach them.
struct ServedFabricEndpoints {
    QString topology;
    QList<ServedSwitch> switches;  ///< spines, then leaves
    QList<ServedHost> hosts;
    QString user;
    QString password;             ///< secret: shown to whoever started the fabric, never written
    QString agentToken;           ///< secret likewise
    ScenarioInjection injection;  ///< the scenario it started with, and what it injected where
};

/// A rail-optimized leaf/spine fabric served the way a real one is reached: the model
/// advanced in real time (as far as the machine keeps up), every switch as an NX-API HTTPS
/// endpoint of its own with its own self-signed certificate answering for its own ports, and
/// every server as an agent reporting all of its NICs. Lives on one thread (the model is not
/// thread-safe): ServedFabric runs it on a thread of its own.
class LeafSpineService : public QObject
{
    Q_OBJECT

public:
    explicit LeafSpineService(ServedFabricOptions options, QObject *parent = nullptr);
    ~LeafSpineService() override;

    /// Builds the fabric, generates the switch identities, opens every endpoint and starts
    /// the clock.
    Result<ServedFabricEndpoints> start();
    /// Closes switch @p name's NX-API endpoint (and its open connections), as if it died.
    Result<void> stopSwitch(const QString &name);
    /// Opens it again on the same port with the same certificate.
    Result<void> restartSwitch(const QString &name);
    /// Applies a live scenario: a load of leafSpineScenarioNames() and faults with targets.
    Result<ScenarioInjection> startScenario(const QString &spec);

    Fabric &fabric() { return *m_fabric; }

private:
    struct Switch {
        int index = 0;
        TlsIdentity identity;
        std::unique_ptr<NxosView> view;
        std::unique_ptr<NxosConfigurator> config;
        NxapiServer *server = nullptr;
        quint16 port = 0;
    };
    Result<void> openSwitch(Switch &sw);
    Switch *findSwitch(const QString &name);
    void tick();

    ServedFabricOptions m_options;
    std::uint64_t m_scenariosStarted = 0;
    std::unique_ptr<Fabric> m_fabric;
    PortRateTracker m_rates;
    std::vector<Switch> m_switches;  ///< by switch index (unique_ptr members: no QList)
    SimAgents *m_agents = nullptr;
    QTimer m_timer;
    QElapsedTimer m_wall;
    TimeNs m_simAtStart = 0;
    TimeNs m_lastRateSample = 0;
    qint64 m_lastPaceLogMs = 0;
};

}  // namespace roce::sim

Q_DECLARE_METATYPE(roce::sim::ServedFabricEndpoints)
