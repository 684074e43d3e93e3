#pragma once

#include "proto/common/result.h"
#include "sim/engine/fabric.h"
#include "sim/scenarios/faults.h"
#include "sim/scenarios/livescenario.h"
#include "sim/served/nxosconfig.h"
#include "sim/served/nxosview.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QObject>
#include <QSslCertificate>
#include <QTimer>
#include <QUrl>

#include <memory>

namespace roce::sim {

class NxapiServer;
class SimAgents;

struct SimServiceOptions {
    QString topology = QStringLiteral("reference");  ///< "reference", "star8", "rail:H:N:R:S"
    QHostAddress address = QHostAddress::LocalHost;
    bool http = true;
    quint16 httpPort = 0;  ///< 0: any free port
    bool https = true;
    quint16 httpsPort = 0;
    QString user = QStringLiteral("admin");
    QString password = QStringLiteral("admin");
    bool agents = true;  ///< one agent per host, speaking the agent protocol
    /// Host h's agent listens on agentBasePort + h (0: any free ports). Fixed ports let a
    /// restarted service be found again where it was (the fault soak test kills it).
    quint16 agentBasePort = 0;
    QString agentToken = QStringLiteral("simulated-fabric-token");
    double speed = 1.0;  ///< simulated seconds per wall second
    std::uint64_t seed = 1;
    int tickMs = 10;
};

/// The embedded simulated fabric as a live service: the model advanced in real time (or
/// faster) on a timer, and the switch served as NX-API over loopback HTTP and HTTPS so that
/// clients talk to it exactly as to a real Nexus. Lives in one thread (the model is not
/// thread-safe); move it to a worker thread to keep a GUI responsive.
class SimService : public QObject
{
    Q_OBJECT

public:
    explicit SimService(SimServiceOptions options, QObject *parent = nullptr);
    ~SimService() override;

    /// Builds the fabric, opens the endpoints and starts the clock.
    Result<void> start();
    void stop();

    Fabric &fabric() { return *m_fabric; }
    const SimServiceOptions &options() const { return m_options; }
    QUrl nxapiHttpUrl() const;
    QUrl nxapiHttpsUrl() const;
    /// SHA-256 fingerprint of the switch certificate, "AB:CD:..." (what a user pins).
    QString certificateFingerprint() const;
    QSslCertificate certificate() const { return m_certificate; }

    /// Port of host @p host's simulated agent (TLS, the switch's certificate, agentToken).
    quint16 agentPort(int host) const;
    SimAgents *agents() { return m_agents; }

    /// Applies a live scenario: a load and faults with targets (see livescenario.h), drawn
    /// targets from the service's seed. Returns what was injected where.
    Result<ScenarioInjection> startScenario(const QString &spec);

    /// Builds the fabric named by @p topology ("reference", "starN", "rail:H:N:R:S").
    static Result<FabricSpec> fabricFor(const QString &topology);
    /// Whether @p topology names one, without building it; why not, with the limit it breaks.
    static Result<void> checkTopology(const QString &topology);
    /// The training jobs live scenario @p scenario starts on the fabric @p topology names
    /// (empty: the reference fabric), by their ranks' NIC rows: what the console launched.
    static Result<QList<LaunchedJob>> launchedJobsOn(const QString &topology,
                                                     const QString &scenario);

signals:
    /// Emitted after each advance of the model.
    void advanced(qint64 simulatedNs);

private:
    void tick();

    SimServiceOptions m_options;
    std::uint64_t m_scenariosStarted = 0;
    std::unique_ptr<Fabric> m_fabric;
    PortRateTracker m_rates;
    std::unique_ptr<NxosView> m_view;
    std::unique_ptr<NxosConfigurator> m_config;
    NxapiServer *m_server = nullptr;
    SimAgents *m_agents = nullptr;
    quint16 m_httpPort = 0;
    quint16 m_httpsPort = 0;
    QSslCertificate m_certificate;
    QTimer m_timer;
    QElapsedTimer m_wall;
    TimeNs m_simAtStart = 0;
    TimeNs m_lastRateSample = 0;
};

}  // namespace roce::sim
