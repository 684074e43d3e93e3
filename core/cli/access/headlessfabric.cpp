#include "cli/access/headlessfabric.h"

#include "live/hub/fabricplan.h"
#include "live/hub/lldpfabric.h"
#include "live/inventory/fabricendpoints.h"
#include "live/inventory/secretstore.h"
#include "sim/served/embeddedfabric.h"
#include "sim/served/servedfabric.h"
#include "sim/served/simservice.h"
#include "sim/served/simulatedplan.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonObject>
#include <QTimer>

namespace roce::cli {

namespace {

class FabricText
{
    Q_DECLARE_TR_FUNCTIONS(FabricText)
};

/// What the keychain has for the keys the environment did not give (nothing when there is no
/// Secret Service: those peers then fail authentication visibly, in `sources`).
QHash<QString, QString> secretsFromKeychain(const QStringList &keys, QString *problem)
{
    if (keys.isEmpty())
        return {};
    inventory::SecretStore store;
    QEventLoop loop;
    QHash<QString, QString> found;
    store.readAll(keys, [&](Result<QHash<QString, QString>> r) {
        if (r)
            found = r.value();
        else
            *problem = r.error().message;
        loop.quit();
    });
    QTimer::singleShot(15000, &loop, &QEventLoop::quit);
    loop.exec();
    return found;
}

}  // namespace

FabricOptions::FabricOptions()
    : inventory(QStringLiteral("inventory"), FabricText::tr("The fabric of this inventory file."),
                QStringLiteral("file")),
      sim(QStringLiteral("sim"),
          FabricText::tr("The embedded simulated fabric, through its "
                         "served NX-API and agent endpoints.")),
      topology(QStringLiteral("topology"),
               FabricText::tr("With --sim: a leaf/spine fabric rail:HOSTS:NICS:RAILS:SPINES "
                              "(default: the reference fabric)."),
               QStringLiteral("rail:H:N:R:S")),
      scenario(QStringLiteral("scenario"), FabricText::tr("With --sim: start this live scenario."),
               QStringLiteral("name")),
      seed(QStringLiteral("seed"),
           FabricText::tr("With --sim: the seed the scenario's faults without a target draw "
                          "their place from (default 1)."),
           QStringLiteral("n"), QStringLiteral("1"))
{ }

QString FabricOptions::valueProblem(const QCommandLineParser &parser) const
{
    if (!seedOf(parser))
        return FabricText::tr("--seed takes a whole number from 0 up, not '%1'")
            .arg(parser.value(seed));
    if (parser.isSet(topology)) {
        // Checked here, as every --topology is: a shape the fabric cannot have is the
        // caller's mistake (exit 2), said before anything starts.
        const QString shape = parser.value(topology);
        if (const auto spec = sim::SimService::checkTopology(shape); !spec)
            return spec.error().message;
        // A star is the model's (rocectl sim, pingmesh); these serve the reference fabric or
        // a leaf/spine one.
        if (shape != QLatin1String("reference") && !shape.startsWith(QLatin1String("rail:")))
            return FabricText::tr("--topology takes reference or rail:HOSTS:NICS:RAILS:SPINES "
                                  "here, not '%1'")
                .arg(shape);
    }
    if (parser.isSet(scenario)) {
        if (const auto named = sim::checkLiveScenarioNames(parser.value(scenario)); !named)
            return named.error().message;
    }
    return {};
}

std::optional<std::uint64_t> FabricOptions::seedOf(const QCommandLineParser &parser) const
{
    bool ok = false;
    const qulonglong n = parser.value(seed).toULongLong(&ok);
    return ok ? std::optional<std::uint64_t>(n) : std::nullopt;
}

void FabricOptions::addTo(QCommandLineParser &parser) const
{
    parser.addOptions({inventory, sim, topology, scenario, seed});
}

QString FabricOptions::check(const QCommandLineParser &parser) const
{
    if (parser.isSet(inventory) == parser.isSet(sim))
        return FabricText::tr("give --inventory FILE or --sim");
    if (!parser.isSet(sim)
        && (parser.isSet(topology) || parser.isSet(scenario) || parser.isSet(seed)))
        return FabricText::tr("--topology, --scenario and --seed go with --sim");
    return valueProblem(parser);
}

HeadlessFabric::HeadlessFabric(QObject *parent) : QObject(parent)
{ }

HeadlessFabric::~HeadlessFabric() = default;

bool HeadlessFabric::start(live::LiveFabric &hub, const FabricOptions &options,
                           const QCommandLineParser &parser, CommandIo &io, const QString &command)
{
    connect(&hub, &live::LiveFabric::switchPolled, this, [this, &hub] { followShape(hub); });
    connect(this, &HeadlessFabric::planReady, &hub,
            [&hub](const live::FabricPlan &plan) { hub.watch(plan); });
    return resolve(options, parser, io, command);
}

bool HeadlessFabric::resolve(const FabricOptions &options, const QCommandLineParser &parser,
                             CommandIo &io, const QString &command, Scope scope)
{
    auto warn = [&io, &command](const QString &message) {
        io.err << command << QStringLiteral(": ") << message << QLatin1Char('\n');
    };
    if (parser.isSet(options.inventory)) {
        const QString path = parser.value(options.inventory);
        auto loaded = inventory::loadFile(path);
        if (!loaded) {
            warn(loaded.error().message);
            return false;
        }
        for (const QString &w : loaded->warnings)
            warn(w);
        m_inventory = loaded->inventory;
        if (scope == Scope::Switches)
            m_inventory.servers.clear();  // no agent token is needed, nor asked for
        m_layered = std::any_of(
            m_inventory.switches.cbegin(), m_inventory.switches.cend(),
            [](const inventory::SwitchEntry &s) { return s.role == inventory::SwitchRole::Spine; });
        m_description = {{QStringLiteral("kind"), QStringLiteral("inventory")},
                         {QStringLiteral("inventory"), QFileInfo(path).absoluteFilePath()}};
        QHash<QString, QString> secrets = live::secretsFromEnvironment(m_inventory);
        QStringList missing;
        for (const QString &key : inventory::secretKeys(m_inventory))
            if (!secrets.contains(key))
                missing.append(key);
        QString keychainProblem;
        secrets.insert(secretsFromKeychain(missing, &keychainProblem));
        if (!keychainProblem.isEmpty())
            warn(keychainProblem);
        QStringList problems;
        const live::FabricPlan plan = live::planFor(m_inventory, secrets, &problems);
        for (const QString &p : std::as_const(problems))
            warn(p);
        if (!m_layered && !m_inventory.servers.isEmpty())
            emit layoutReady(inventory::layoutFor(m_inventory, {}));
        emit planReady(plan);
        return true;
    }
    const QString topology = parser.value(options.topology);
    const QString scenario = m_initialScenario.value_or(parser.value(options.scenario));
    m_description = {
        {QStringLiteral("kind"), QStringLiteral("sim")},
        {QStringLiteral("topology"), topology.isEmpty() ? QStringLiteral("reference") : topology}};
    sim::SimServiceOptions simOptions;
    // pingmesh --sim --served declares its own options: the fabric's seed is not among them.
    if (parser.optionNames().contains(options.seed.names().first()))
        simOptions.seed = options.seedOf(parser).value_or(1);
    m_simulated = std::make_unique<sim::SimulatedFabricPlan>(topology, scenario, simOptions);
    connect(m_simulated.get(), &sim::SimulatedFabricPlan::ready, this,
            [this, scope](live::FabricPlan plan, const inventory::Inventory &inv) {
                m_inventory = inv;
                m_layered = !m_fixedLayout;
                if (scope == Scope::Switches) {
                    plan.agents.clear();
                    plan.sshHosts.clear();
                }
                emit planReady(plan);
            });
    connect(m_simulated.get(), &sim::SimulatedFabricPlan::failed, this, &HeadlessFabric::failed);
    if (sim::EmbeddedFabric *embedded = m_simulated->embedded()) {
        m_fixedLayout = true;
        connect(embedded, &sim::EmbeddedFabric::layoutReady, this, &HeadlessFabric::layoutReady);
        connect(embedded, &sim::EmbeddedFabric::scenarioStarted, this,
                &HeadlessFabric::scenarioStarted);
        connect(embedded, &sim::EmbeddedFabric::scenarioInjected, this,
                &HeadlessFabric::scenarioInjected);
        connect(embedded, &sim::EmbeddedFabric::scenarioFailed, this,
                [this](const QString &, const QString &message) { emit scenarioFailed(message); });
    }
    if (sim::ServedFabric *served = m_simulated->served()) {
        connect(served, &sim::ServedFabric::scenarioStarted, this,
                &HeadlessFabric::scenarioStarted);
        connect(served, &sim::ServedFabric::scenarioInjected, this,
                &HeadlessFabric::scenarioInjected);
        // Its requests from here are scenarios: a failed one is the scenario's failure.
        connect(served, &sim::ServedFabric::requestFailed, this, &HeadlessFabric::scenarioFailed);
    }
    m_simulated->start();
    return true;
}

void HeadlessFabric::startScenario(const QString &spec)
{
    if (m_simulated)
        m_simulated->startScenario(spec);
}

void HeadlessFabric::followShape(live::LiveFabric &hub)
{
    if (m_fixedLayout || m_inventory.switches.isEmpty())
        return;
    // Drawn again only when the LLDP it is drawn from changed.
    const QList<model::PortSample> latest = hub.latest();
    const size_t signature = live::lldpSignature(latest);
    if (signature == m_signature)
        return;
    m_signature = signature;
    if (m_layered) {
        const models::LeafSpineFabric fabric = live::leafSpineFromLldp(m_inventory, latest);
        if (!fabric.nics.isEmpty() || !fabric.uplinks.isEmpty())
            emit leafSpineReady(fabric);
        return;
    }
    model::SourceFrame poll;
    poll.source = m_inventory.switches.first().name;
    for (const model::PortSample &p : latest)
        if (!p.nic() && p.id.device() == poll.source)
            poll.ports.append(p);
    emit layoutReady(inventory::layoutFor(m_inventory, poll.source,
                                          inventory::placementsFromPeers(m_inventory, poll)));
}

}  // namespace roce::cli
