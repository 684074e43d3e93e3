#include "sim/simulatedplan.h"

#include "live/fabricplan.h"
#include "sim/embeddedfabric.h"
#include "sim/servedfabric.h"
#include "sim/servedinventory.h"

#include <QJsonDocument>

namespace roce::sim {

SimulatedFabricPlan::SimulatedFabricPlan(QString topology, QString scenario, QObject *parent)
    : QObject(parent), m_topology(std::move(topology)), m_scenario(std::move(scenario))
{ }

SimulatedFabricPlan::~SimulatedFabricPlan() = default;

void SimulatedFabricPlan::start()
{
    if (m_topology.isEmpty() || m_topology == QLatin1String("reference"))
        startReference();
    else
        startServed();
}

void SimulatedFabricPlan::startReference()
{
    SimServiceOptions options;
    m_embedded = std::make_unique<EmbeddedFabric>(options);
    EmbeddedFabric *fabric = m_embedded.get();
    connect(fabric, &EmbeddedFabric::started, this,
            [this, options](const QUrl &url, int, const QString &fingerprint) {
                nxapi::NxapiEndpoint endpoint;
                endpoint.url = url;
                endpoint.user = options.user;
                endpoint.password = options.password;
                endpoint.pinnedSha256 = fingerprint;
                m_plan.switches.append({QString(), QStringLiteral("tor"), endpoint, 1000});
            });
    // The layout names the switch (its ports' qualifier); the agents complete the plan.
    connect(fabric, &EmbeddedFabric::layoutReady, this, [this](const models::FabricLayout &l) {
        for (monitor::SwitchTarget &s : m_plan.switches)
            s.name = l.switchName;
    });
    connect(fabric, &EmbeddedFabric::agentsStarted, this,
            [this, fabric](const QList<experiments::ExperimentHost> &hosts) {
                for (const experiments::ExperimentHost &h : hosts)
                    m_plan.agents.append(h.agent);
                if (!m_scenario.isEmpty())
                    fabric->startScenario(m_scenario);
                emit ready(m_plan, {});
            });
    connect(fabric, &EmbeddedFabric::failed, this, &SimulatedFabricPlan::failed);
    connect(fabric, &EmbeddedFabric::scenarioFailed, this,
            [this](const QString &, const QString &message) { emit failed(message); });
    fabric->start();
}

void SimulatedFabricPlan::startServed()
{
    ServedFabricOptions options;
    options.topology = m_topology;
    options.scenario = m_scenario;
    m_served = std::make_unique<ServedFabric>(options);
    connect(m_served.get(), &ServedFabric::failed, this, &SimulatedFabricPlan::failed);
    connect(m_served.get(), &ServedFabric::started, this,
            [this](const ServedFabricEndpoints &endpoints) {
                // Through the inventory file format, as a user's fabric would come.
                const QByteArray file
                    = QJsonDocument(servedInventory(endpoints)).toJson(QJsonDocument::Compact);
                auto parsed = inventory::fromFileBytes(file, endpoints.topology);
                if (!parsed) {
                    emit failed(parsed.error().message);
                    return;
                }
                const inventory::Inventory &inv = parsed->inventory;
                QHash<QString, QString> secrets;
                for (const inventory::SwitchEntry &s : inv.switches)
                    secrets.insert(inventory::switchSecretKey(s), endpoints.password);
                for (const inventory::ServerEntry &s : inv.servers)
                    secrets.insert(inventory::agentSecretKey(s.name), endpoints.agentToken);
                emit ready(live::planFor(inv, secrets), inv);
            });
    m_served->start();
}

}  // namespace roce::sim
