#include "fabricsession.h"

#include "live/hub/fabricplan.h"
#include "live/hub/lldpfabric.h"
#include "live/inventory/fabricendpoints.h"
#include "live/inventory/secretstore.h"
#include "sim/served/embeddedfabric.h"
#include "sim/served/simulatedplan.h"

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
    // The simulated fabric hands its plan over as an inventory's would; its own signals tell
    // the window what it is.
    m_fabric = std::make_unique<sim::SimulatedFabricPlan>(QString(), scenario, m_simOptions);
    sim::EmbeddedFabric *fabric = m_fabric->embedded();
    connect(m_fabric.get(), &sim::SimulatedFabricPlan::ready, this,
            [this](const live::FabricPlan &plan) { emit planReady(plan); });
    connect(m_fabric.get(), &sim::SimulatedFabricPlan::failed, this, &FabricSession::problem);
    connect(fabric, &sim::EmbeddedFabric::started, this,
            [this](const QUrl &url, int hosts) { emit demoStarted(url, hosts); });
    connect(fabric, &sim::EmbeddedFabric::layoutReady, this, &FabricSession::layoutReady);
    connect(fabric, &sim::EmbeddedFabric::agentsStarted, this, &FabricSession::hostsReady);
    connect(fabric, &sim::EmbeddedFabric::scenarioStarted, this, &FabricSession::scenarioStarted);
    connect(fabric, &sim::EmbeddedFabric::scenarioFailed, this, &FabricSession::scenarioFailed);
    m_fabric->start();
}

void FabricSession::stop()
{
    ++m_generation;  // a keychain answer still on its way is for a fabric no longer watched
    m_demo = false;
    m_fabric.reset();
    m_inventory = {};
    emit stopped();
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
    m_fabric->embedded()->startScenario(name);
}

}  // namespace roce::app
