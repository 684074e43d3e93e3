#include "sim/served/simulatedplan.h"

#include "live/hub/fabricplan.h"
#include "sim/served/embeddedfabric.h"
#include "sim/served/servedfabric.h"
#include "sim/served/servedinventory.h"

#include <QJsonDocument>

namespace roce::sim {

SimulatedFabricPlan::SimulatedFabricPlan(const QString &topology, QString scenario,
                                         const SimServiceOptions &referenceOptions, QObject *parent)
    : QObject(parent), m_scenario(std::move(scenario))
{
    if (topology.isEmpty() || topology == QLatin1String("reference")) {
        m_embedded = std::make_unique<EmbeddedFabric>(referenceOptions);
        followReference(referenceOptions);
    } else {
        ServedFabricOptions options;
        options.topology = topology;
        options.scenario = m_scenario;
        options.seed = referenceOptions.seed;  // the places its faults are drawn from
        m_served = std::make_unique<ServedFabric>(options);
        followServed();
    }
}

SimulatedFabricPlan::~SimulatedFabricPlan() = default;

void SimulatedFabricPlan::start()
{
    m_plan = {};
    m_scenarioPending = !m_scenario.isEmpty();
    if (m_embedded)
        m_embedded->start();
    else
        m_served->start();
}

void SimulatedFabricPlan::startScenario(const QString &spec)
{
    if (m_embedded)
        m_embedded->startScenario(spec);
    else
        m_served->startScenario(spec);
}

void SimulatedFabricPlan::followReference(const SimServiceOptions &options)
{
    EmbeddedFabric *fabric = m_embedded.get();
    connect(fabric, &EmbeddedFabric::started, this,
            [this, options](const QUrl &url, int hosts, const QString &fingerprint) {
                m_hosts = hosts;
                nxapi::NxapiEndpoint endpoint;
                endpoint.url = url;
                endpoint.user = options.user;
                endpoint.password = options.password;
                endpoint.pinnedSha256 = fingerprint;
                endpoint.allowHttp = url.scheme() == QLatin1String("http");  // loopback
                m_plan.switches.append({QString(), QStringLiteral("tor"), endpoint, 1000});
            });
    // The layout names the switch (its ports' qualifier); the agents complete the plan.
    connect(fabric, &EmbeddedFabric::layoutReady, this, [this](const models::FabricLayout &l) {
        for (monitor::SwitchTarget &s : m_plan.switches)
            s.name = l.switchName;
        // Where the virtual servers hang: LLDP on a hypervisor's uplink names the hypervisor.
        m_plan.placement.insert(l.placement());
        if (m_hosts == 0)  // no agents to wait for: the switch is the plan
            emit ready(m_plan, {});
    });
    connect(fabric, &EmbeddedFabric::agentsStarted, this,
            [this, fabric](const QList<experiments::ExperimentHost> &hosts) {
                for (const experiments::ExperimentHost &h : hosts)
                    m_plan.agents.append(h.agent);
                if (m_scenarioPending)
                    fabric->startScenario(m_scenario);
                emit ready(m_plan, {});
            });
    connect(fabric, &EmbeddedFabric::failed, this, &SimulatedFabricPlan::failed);
    connect(fabric, &EmbeddedFabric::scenarioStarted, this, [this] { m_scenarioPending = false; });
    // Only the initial scenario failing fails the plan: later ones are their asker's.
    connect(fabric, &EmbeddedFabric::scenarioFailed, this,
            [this](const QString &, const QString &message) {
                if (!m_scenarioPending)
                    return;
                m_scenarioPending = false;
                emit failed(message);
            });
}

void SimulatedFabricPlan::followServed()
{
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
}

}  // namespace roce::sim
