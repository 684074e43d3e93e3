#include "fabricsession.h"

#include "inventory/fabricendpoints.h"
#include "inventory/secretstore.h"
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
    emit sshHostsReady({});
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
                emit demoStarted(url, hosts);
                emit switchReady(endpoint);
                if (!scenario.isEmpty())
                    fabric->startScenario(scenario);
            });
    connect(fabric, &sim::EmbeddedFabric::failed, this, &FabricSession::problem);
    connect(fabric, &sim::EmbeddedFabric::agentsStarted, this, &FabricSession::hostsReady);
    connect(fabric, &sim::EmbeddedFabric::layoutReady, this, &FabricSession::layoutReady);
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
    emit layoutReady(inventory::layoutFor(inv, {}));
    auto connectAll = [this, inv](const QHash<QString, QString> &secrets) {
        const inventory::FabricEndpoints endpoints = inventory::endpointsFor(inv, secrets);
        // Until the live-data hub polls every switch, the first one is the one watched.
        if (!endpoints.switches.isEmpty())
            emit switchReady(endpoints.switches.first().endpoint);
        else
            emit switchAbsent();
        emit hostsReady(endpoints.hosts);
        emit sshHostsReady(endpoints.sshHosts);
        emit inventoryStarted(static_cast<int>(inv.servers.size()), !endpoints.switches.isEmpty());
        if (!endpoints.problems.isEmpty())
            emit problem(endpoints.problems.join(QLatin1Char('\n')));
    };
    if (!m_secrets) {
        connectAll({});
        return;
    }
    m_secrets->readAll(inventory::secretKeys(inv),
                       [this, generation, connectAll](Result<QHash<QString, QString>> r) {
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

void FabricSession::switchPolled(const monitor::SwitchUpdate &update)
{
    if (m_demo || m_inventory.servers.isEmpty())
        return;
    const QHash<QString, QString> placed = inventory::placementsFromPeers(m_inventory, update);
    if (placed == m_placed)
        return;
    m_placed = placed;
    emit layoutReady(inventory::layoutFor(m_inventory, update.switchName, m_placed));
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
