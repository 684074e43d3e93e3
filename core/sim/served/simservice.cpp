#include "sim/served/simservice.h"
#include "sim/engine/makefabric.h"

#include "sim/scenarios/livescenario.h"
#include "sim/served/nxapiserver.h"
#include "sim/served/selfsignedidentity.h"
#include "sim/served/simagents.h"

#include <QCoreApplication>
#include <QLoggingCategory>

namespace roce::sim {

Q_LOGGING_CATEGORY(lcSimService, "roce.sim.service", QtInfoMsg)

namespace {
class SimServiceText
{
    Q_DECLARE_TR_FUNCTIONS(SimServiceText)
};

}  // namespace

SimService::SimService(SimServiceOptions options, QObject *parent)
    : QObject(parent), m_options(std::move(options))
{
    connect(&m_timer, &QTimer::timeout, this, &SimService::tick);
}

SimService::~SimService() = default;

Result<QList<LaunchedJob>> SimService::launchedJobsOn(const QString &topology,
                                                      const QString &scenario)
{
    const auto spec = fabricFor(topology.isEmpty() ? QStringLiteral("reference") : topology);
    if (!spec)
        return spec.error();
    return launchedJobs(*spec, scenario);
}

namespace {

/// N of "starN" (2 to 256), or nothing.
std::optional<int> starHosts(const QString &topology)
{
    if (!topology.startsWith(QLatin1String("star")))
        return std::nullopt;
    bool ok = false;
    const int n = topology.mid(4).toInt(&ok);
    return ok && n >= 2 && n <= 256 ? std::optional<int>(n) : std::nullopt;
}

}  // namespace

Result<void> SimService::checkTopology(const QString &topology)
{
    // The same limits as every other command's --topology, and the same message.
    if (topology.startsWith(QLatin1String("rail:"))) {
        if (const auto shape = parseRailTopology(topology); !shape)
            return shape.error();
        return {};
    }
    if (topology == QLatin1String("reference") || starHosts(topology))
        return {};
    return makeError(
        ErrorCode::InvalidArgument,
        SimServiceText::tr(
            "unknown topology '%1' (use reference, starN or rail:HOSTS:NICS:RAILS:SPINES)")
            .arg(topology));
}

Result<FabricSpec> SimService::fabricFor(const QString &topology)
{
    if (auto ok = checkTopology(topology); !ok)
        return ok.error();
    if (const auto n = starHosts(topology))
        return starFabric(*n, 100 * kGbps);
    if (topology.startsWith(QLatin1String("rail:"))) {
        const RailShape shape = *parseRailTopology(topology);
        return railFabric(shape.hosts, shape.nics, shape.rails, shape.spines, 100 * kGbps);
    }
    return referenceFabric();
}

Result<void> SimService::start()
{
    auto spec = fabricFor(m_options.topology);
    if (!spec)
        return spec.error();
    ModelParams params = m_options.topology == QLatin1String("reference") ? referenceModelParams()
                                                                          : ModelParams {};
    params.seed = m_options.seed;
    if (m_options.topology.startsWith(QLatin1String("rail:"))) {
        params.timing.dt = 10 * kNsPerUs;  // coarser step for scale
        params.sw.pfcMode = PfcThresholdMode::Dynamic;
    }
    m_fabric = makeFabric(std::move(spec).value(), params);
    if (m_options.topology == QLatin1String("reference"))
        applyReferenceVmHosts(*m_fabric);
    m_view = std::make_unique<NxosView>(*m_fabric, 0, &m_rates);

    m_server = new NxapiServer(
        [this](const QString &command, nxapi::OutputFormat format) {
            return m_view->run(command, format);
        },
        m_options.user, m_options.password, this);
    m_config = std::make_unique<NxosConfigurator>(*m_fabric, 0);
    m_server->setConfigHandler(
        [this](const QStringList &commands) { return m_config->run(commands); });
    if (m_options.http) {
        m_httpPort = m_server->listenHttp(m_options.address, m_options.httpPort);
        if (m_httpPort == 0) {
            return makeError(ErrorCode::Io,
                             SimServiceText::tr("cannot listen for NX-API over HTTP on %1:%2: %3")
                                 .arg(m_options.address.toString())
                                 .arg(m_options.httpPort)
                                 .arg(m_server->errorString()));
        }
    }
    if (m_options.https) {
        const TlsIdentity identity = bundledIdentity();
        m_certificate = identity.certificate;
        const QSslKey &key = identity.key;
        if (m_certificate.isNull() || key.isNull())
            return makeError(ErrorCode::Internal,
                             SimServiceText::tr("the simulated switch certificate is missing"));
        m_httpsPort
            = m_server->listenHttps(m_options.address, m_options.httpsPort, m_certificate, key);
        if (m_httpsPort == 0) {
            return makeError(ErrorCode::Io,
                             SimServiceText::tr("cannot listen for NX-API over HTTPS on %1:%2: %3")
                                 .arg(m_options.address.toString())
                                 .arg(m_options.httpsPort)
                                 .arg(m_server->errorString()));
        }
    }
    if (m_options.agents) {
        agentproto::AgentServerOptions agentOptions;
        agentOptions.token = m_options.agentToken;
        const TlsIdentity identity = bundledIdentity();
        if (m_certificate.isNull())
            m_certificate = identity.certificate;
        agentOptions.certificate = m_certificate;
        agentOptions.key = identity.key;
        m_agents = new SimAgents(*m_fabric, agentOptions, this);
        if (const auto listening = m_agents->listen(m_options.address, m_options.agentBasePort);
            !listening)
            return listening.error();
    }
    m_wall.start();
    m_simAtStart = m_fabric->now();
    m_timer.start(m_options.tickMs);
    QStringList endpoints;
    for (const QUrl &url : {nxapiHttpUrl(), nxapiHttpsUrl()}) {
        if (!url.isEmpty())
            endpoints.append(url.toString());
    }
    qCInfo(lcSimService).noquote() << "simulated fabric" << m_options.topology
                                   << "serving NX-API at" << endpoints.join(QLatin1String(", "));
    return {};
}

void SimService::stop()
{
    m_timer.stop();
}

QUrl SimService::nxapiHttpUrl() const
{
    if (!m_httpPort)
        return {};
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(m_options.address.toString());
    url.setPort(m_httpPort);
    url.setPath(QStringLiteral("/ins"));
    return url;
}

QUrl SimService::nxapiHttpsUrl() const
{
    if (!m_httpsPort)
        return {};
    QUrl url = nxapiHttpUrl();
    url.setScheme(QStringLiteral("https"));
    url.setHost(m_options.address.toString());
    url.setPort(m_httpsPort);
    url.setPath(QStringLiteral("/ins"));
    return url;
}

QString SimService::certificateFingerprint() const
{
    return QString::fromLatin1(
        m_certificate.digest(QCryptographicHash::Sha256).toHex(':').toUpper());
}

quint16 SimService::agentPort(int host) const
{
    return m_agents ? m_agents->port(host) : 0;
}

Result<ScenarioInjection> SimService::startScenario(const QString &spec)
{
    // The first scenario draws its targets from the seed itself; each later one from the next
    // seed, so that one served fabric injects a fault at a new place each time (a benchmark's
    // trials), and a run repeats with the same seed.
    return applyLiveScenario(*m_fabric, spec, m_options.seed + 7919 * m_scenariosStarted++);
}

void SimService::tick()
{
    // Follow the wall clock; if the model falls behind, it catches up at most 100 ms of
    // simulated time per tick so that the event loop keeps answering clients.
    const TimeNs target = m_simAtStart + TimeNs(double(m_wall.nsecsElapsed()) * m_options.speed);
    const TimeNs limit = m_fabric->now() + 100 * kNsPerMs;
    if (target > limit)
        m_simAtStart -= target - limit;  // drop the backlog instead of stalling
    m_fabric->runUntil(std::min(target, limit));
    if (m_agents)
        m_agents->advance();
    if (m_fabric->now() - m_lastRateSample >= kNsPerSec) {
        m_rates.sample(*m_fabric);
        m_lastRateSample = m_fabric->now();
    }
    emit advanced(m_fabric->now());
}

}  // namespace roce::sim
