#include "fabricsession.h"

#include "inventory/fabricendpoints.h"
#include "inventory/secretstore.h"
#include "live/fabricplan.h"
#include "live/lldpfabric.h"
#include "sim/embeddedfabric.h"

namespace roce::app {

FabricSession::FabricSession(sim::SimServiceOptions simOptions, inventory::SecretStore *secrets,
                             QObject *parent)
    : QObject(parent), m_simOptions(std::move(simOptions)), m_secrets(secrets)
{ }

FabricSession::~FabricSession() = default;

void FabricSession::startDemo(const QString &scenario)
{
    ++m_generation;
    m_demo = true;
    m_inventory = {};
    m_demoPlan = {};
    m_fabric = std::make_unique<sim::EmbeddedFabric>(m_simOptions);
    sim::EmbeddedFabric *fabric = m_fabric.get();
    connect(fabric, &sim::EmbeddedFabric::started, this,
            [this, fabric, scenario](const QUrl &url, int hosts, const QString &fingerprint) {
                nxapi::NxapiEndpoint endpoint;
                endpoint.url = url;
                endpoint.user = m_simOptions.user;
                endpoint.password = m_simOptions.password;
                endpoint.pinnedSha256 = fingerprint;
                endpoint.allowHttp = url.scheme() == QLatin1String("http");  // loopback
                m_demoPlan.switches.append({QString(), QStringLiteral("tor"), endpoint, 1000});
                emit demoStarted(url, hosts);
                if (hosts == 0)
                    emit planReady(m_demoPlan);
                if (!scenario.isEmpty())
                    fabric->startScenario(scenario);
            });
    connect(fabric, &sim::EmbeddedFabric::failed, this, &FabricSession::problem);
    // The layout names the switch (its ports' qualifier); the agents complete the plan.
    connect(fabric, &sim::EmbeddedFabric::layoutReady, this,
            [this](const models::FabricLayout &layout) {
                for (monitor::SwitchTarget &s : m_demoPlan.switches)
                    s.name = layout.switchName;
                emit layoutReady(layout);
            });
    connect(fabric, &sim::EmbeddedFabric::agentsStarted, this,
            [this](const QList<experiments::ExperimentHost> &hosts) {
                for (const experiments::ExperimentHost &h : hosts)
                    m_demoPlan.agents.append(h.agent);
                emit planReady(m_demoPlan);
                emit hostsReady(hosts);
            });
    connect(fabric, &sim::EmbeddedFabric::scenarioStarted, this, &FabricSession::scenarioStarted);
    connect(fabric, &sim::EmbeddedFabric::scenarioFailed, this, &FabricSession::scenarioFailed);
    fabric->start();
}

void FabricSession::startInventory(const inventory::Inventory &inv)
{
    const int generation = ++m_generation;
    m_demo = false;
    m_fabric.reset();  // the simulated fabric stops; its loopback peers go away
    m_inventory = inv;
    m_placed.clear();
    m_cabling = 0;
    emit layoutReady(inventory::layoutFor(inv, {}));
    // Secrets named by environment variables win (scripts, kiosks); the keychain gives the
    // rest.
    const QHash<QString, QString> fromEnvironment = live::secretsFromEnvironment(inv);
    auto connectAll = [this, inv, fromEnvironment](QHash<QString, QString> secrets) {
        secrets.insert(fromEnvironment);
        QStringList problems;
        const live::FabricPlan plan = live::planFor(inv, secrets, &problems);
        emit planReady(plan);
        emit hostsReady(inventory::endpointsFor(inv, secrets).hosts);
        emit inventoryStarted(static_cast<int>(inv.servers.size()), !plan.switches.isEmpty());
        if (!problems.isEmpty())
            emit problem(problems.join(QLatin1Char('\n')));
    };
    QStringList keys;
    for (const QString &key : inventory::secretKeys(inv))
        if (!fromEnvironment.contains(key))
            keys.append(key);
    if (!m_secrets || keys.isEmpty()) {
        connectAll({});
        return;
    }
    m_secrets->readAll(keys, [this, generation, connectAll](Result<QHash<QString, QString>> r) {
        if (generation != m_generation)
            return;
        if (!r) {
            // Still connect: each peer then fails authentication visibly, and
            // the keychain problem is said once, here.
            emit problem(r.error().message);
            connectAll({});
            return;
        }
        connectAll(r.value());
    });
}

void FabricSession::switchPolled(const model::SourceFrame &update)
{
    // A leaf/spine inventory is drawn on the layered map (followCabling()), not this one.
    if (m_demo || m_inventory.servers.isEmpty() || isLayered())
        return;
    const QHash<QString, QString> placed = inventory::placementsFromPeers(m_inventory, update);
    if (placed == m_placed)
        return;
    m_placed = placed;
    emit layoutReady(inventory::layoutFor(m_inventory, update.source, m_placed));
}

bool FabricSession::isLayered() const
{
    return std::any_of(
        m_inventory.switches.cbegin(), m_inventory.switches.cend(),
        [](const inventory::SwitchEntry &s) { return s.role == inventory::SwitchRole::Spine; });
}

void FabricSession::followCabling(const live::LiveFabric &live)
{
    if (m_demo || !isLayered())
        return;
    const QList<model::PortSample> latest = live.latest();
    const size_t signature = live::lldpSignature(latest);
    if (signature == m_cabling)
        return;
    m_cabling = signature;
    const models::LeafSpineFabric fabric = live::leafSpineFromLldp(m_inventory, latest);
    if (!fabric.nics.isEmpty() || !fabric.uplinks.isEmpty())
        emit leafSpineReady(fabric);
}

void FabricSession::startScenario(const QString &name)
{
    if (!m_demo || !m_fabric) {
        emit scenarioFailed(name,
                            tr("Scenarios run on the simulated fabric only: choose Fabric > "
                               "Demo fabric first."));
        return;
    }
    m_fabric->startScenario(name);
}

}  // namespace roce::app
