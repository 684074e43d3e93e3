#include "sim/served/leafspineservice.h"
#include "sim/engine/makefabric.h"

#include "sim/engine/topology.h"
#include "sim/scenarios/livescenario.h"
#include "sim/served/nxapiserver.h"
#include "sim/served/simagents.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QLoggingCategory>
#include <QRandomGenerator>

namespace roce::sim {

Q_LOGGING_CATEGORY(lcLeafSpine, "roce.sim.leafspine", QtInfoMsg)

namespace {

class LeafSpineText
{
    Q_DECLARE_TR_FUNCTIONS(LeafSpineText)
};

/// A secret for one run: 24 random bytes, URL-safe base64 (fits an environment variable).
QString randomSecret()
{
    QByteArray bytes(24, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()),
                                          bytes.size() / 4);
    return QString::fromLatin1(
        bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

/// The servers of a rail fabric: the model has one host per NIC ("gpu0001-nic3"); a server
/// is the NICs that share the part of the NIC port's name before the netdev.
QList<SimAgentHost> serversOf(const FabricSpec &spec)
{
    QList<SimAgentHost> servers;
    for (int h = 0; h < spec.hosts.size(); ++h) {
        const QString name
            = spec.nicPorts[spec.hosts[h].nicPort].name.section(QLatin1Char('/'), 0, 0);
        if (servers.isEmpty() || servers.last().name != name)
            servers.append({name, {}});
        servers.last().nics.append(h);
    }
    return servers;
}

}  // namespace

LeafSpineService::LeafSpineService(ServedFabricOptions options, QObject *parent)
    : QObject(parent), m_options(std::move(options))
{
    connect(&m_timer, &QTimer::timeout, this, &LeafSpineService::tick);
}

LeafSpineService::~LeafSpineService() = default;

Result<ServedFabricEndpoints> LeafSpineService::start()
{
    const auto shape = parseRailTopology(m_options.topology);
    if (!shape)
        return shape.error();
    if (m_options.password.isEmpty())
        m_options.password = randomSecret();
    if (m_options.agentToken.isEmpty())
        m_options.agentToken = randomSecret();

    // Leaf/spine fabrics run on the flow-level model, as the large fabric feed: a 1,024-host
    // rail fabric keeps up with the wall clock there.
    ModelParams params = leafSpineModelParams();
    params.seed = m_options.seed;
    m_fabric = makeFabric(
        railFabric(shape->hosts, shape->nics, shape->rails, shape->spines, 100 * kGbps), params);
    const FabricSpec &spec = m_fabric->spec();

    ServedFabricEndpoints endpoints;
    endpoints.topology = m_options.topology;
    endpoints.user = m_options.user;
    endpoints.password = m_options.password;
    endpoints.agentToken = m_options.agentToken;
    m_switches.reserve(spec.switches.size());
    for (int s = 0; s < spec.switches.size(); ++s) {
        auto identity = makeSelfSignedIdentity(spec.switches[s].name);
        if (!identity)
            return identity.error();
        Switch sw;
        sw.index = s;
        sw.identity = std::move(identity).value();
        sw.view = std::make_unique<NxosView>(*m_fabric, s, &m_rates);
        sw.view->setServerManagementAddress(m_options.address.toString());
        m_switches.push_back(std::move(sw));
        if (const auto opened = openSwitch(m_switches.back()); !opened)
            return opened.error();
        QUrl url;
        url.setScheme(QStringLiteral("https"));
        url.setHost(m_options.address.toString());
        url.setPort(m_switches.back().port);
        url.setPath(QStringLiteral("/ins"));
        endpoints.switches.append({spec.switches[s].name, spec.switches[s].role, url,
                                   m_switches.back().identity.fingerprint()});
    }

    // Agents speak TLS with the simulator's certificate, as the reference fabric's do.
    agentproto::AgentServerOptions agentOptions;
    agentOptions.token = m_options.agentToken;
    const TlsIdentity identity = bundledIdentity();
    agentOptions.certificate = identity.certificate;
    agentOptions.key = identity.key;
    if (agentOptions.certificate.isNull() || agentOptions.key.isNull())
        return makeError(ErrorCode::Internal,
                         LeafSpineText::tr("the simulated agents' certificate is missing"));
    const QString agentPin = QString::fromLatin1(
        agentOptions.certificate.digest(QCryptographicHash::Sha256).toHex(':').toUpper());
    const QList<SimAgentHost> servers = serversOf(spec);
    m_agents = new SimAgents(*m_fabric, agentOptions, this);
    if (const auto listening = m_agents->listen(m_options.address, servers); !listening)
        return listening.error();
    for (int a = 0; a < servers.size(); ++a) {
        ServedHost host;
        host.name = servers[a].name;
        host.address = m_options.address.toString();
        host.agentPort = m_agents->port(a);
        host.pinSha256 = agentPin;
        const SwitchPortSpec &port
            = spec.switchPorts[spec.nicPorts[spec.hosts[servers[a].nics.first()].nicPort]
                                   .switchPort];
        host.switchPort = spec.switches[port.switchIndex].name + QLatin1Char('/') + port.name;
        for (int h : servers[a].nics)
            host.rdmaDevices.append(spec.hosts[h].rdmaDevice);
        endpoints.hosts.append(host);
    }

    if (!m_options.scenario.isEmpty()) {
        const auto applied = applyLiveScenario(*m_fabric, m_options.scenario,
                                               m_options.seed + 7919 * m_scenariosStarted++);
        if (!applied)
            return applied.error();
        endpoints.injection = *applied;
    }
    m_wall.start();
    m_simAtStart = m_fabric->now();
    m_timer.start(m_options.tickMs);
    qCInfo(lcLeafSpine).noquote() << "leaf/spine fabric" << m_options.topology << "serving"
                                  << endpoints.switches.size() << "switches and"
                                  << endpoints.hosts.size() << "agents";
    return endpoints;
}

Result<void> LeafSpineService::openSwitch(Switch &sw)
{
    sw.server = new NxapiServer(
        [view = sw.view.get()](const QString &command, nxapi::OutputFormat format) {
            return view->run(command, format);
        },
        m_options.user, m_options.password, this);
    sw.config = std::make_unique<NxosConfigurator>(*m_fabric, sw.index);
    sw.server->setConfigHandler(
        [config = sw.config.get()](const QStringList &commands) { return config->run(commands); });
    const quint16 port = sw.server->listenHttps(m_options.address, sw.port, sw.identity.certificate,
                                                sw.identity.key);
    if (port == 0) {
        const QString error = sw.server->errorString();
        delete sw.server;
        sw.server = nullptr;
        return makeError(
            ErrorCode::Io,
            LeafSpineText::tr("cannot serve NX-API of %1 on %2:%3: %4")
                .arg(m_fabric->spec().switches[sw.index].name, m_options.address.toString())
                .arg(sw.port)
                .arg(error));
    }
    sw.port = port;
    return {};
}

LeafSpineService::Switch *LeafSpineService::findSwitch(const QString &name)
{
    for (Switch &sw : m_switches) {
        if (m_fabric->spec().switches[sw.index].name == name)
            return &sw;
    }
    return nullptr;
}

Result<void> LeafSpineService::stopSwitch(const QString &name)
{
    Switch *sw = findSwitch(name);
    if (!sw)
        return makeError(ErrorCode::NotFound, LeafSpineText::tr("no switch '%1'").arg(name));
    // Deleting the server closes its listening socket and every connection it accepted.
    delete sw->server;
    sw->server = nullptr;
    return {};
}

Result<void> LeafSpineService::restartSwitch(const QString &name)
{
    Switch *sw = findSwitch(name);
    if (!sw)
        return makeError(ErrorCode::NotFound, LeafSpineText::tr("no switch '%1'").arg(name));
    if (sw->server)
        return {};
    return openSwitch(*sw);
}

Result<ScenarioInjection> LeafSpineService::startScenario(const QString &spec)
{
    // The first scenario draws its targets from the seed itself; each later one from the next
    // seed, so that one served fabric injects a fault at a new place each time (a benchmark's
    // trials), and a run repeats with the same seed.
    return applyLiveScenario(*m_fabric, spec, m_options.seed + 7919 * m_scenariosStarted++);
}

void LeafSpineService::tick()
{
    // Follow the wall clock in 1 ms slices, for at most modelSharePercent of a tick: a model
    // slower than real time then runs behind (its counters count simulated time, and rates
    // over them stay right) while every endpoint keeps answering between ticks.
    QElapsedTimer budget;
    budget.start();
    const qint64 budgetMs = qint64(m_options.tickMs) * m_options.modelSharePercent / 100;
    const TimeNs target = m_simAtStart + TimeNs(m_wall.nsecsElapsed());
    while (m_fabric->now() < target && budget.elapsed() < budgetMs)
        m_fabric->runUntil(std::min(target, m_fabric->now() + kNsPerMs));
    if (m_fabric->now() < target)
        m_simAtStart -= target - m_fabric->now();  // drop the backlog instead of stalling
    m_agents->advance();
    if (m_fabric->now() - m_lastRateSample >= kNsPerSec) {
        m_rates.sample(*m_fabric);
        m_lastRateSample = m_fabric->now();
    }
    if (m_wall.elapsed() - m_lastPaceLogMs >= 10000) {
        m_lastPaceLogMs = m_wall.elapsed();
        qCDebug(lcLeafSpine).noquote() << QStringLiteral("model at %1 s simulated after %2 s")
                                              .arg(double(m_fabric->now()) / kNsPerSec, 0, 'f', 3)
                                              .arg(double(m_wall.elapsed()) / 1000, 0, 'f', 1);
    }
}

}  // namespace roce::sim
