#include "live/fabricplan.h"

#include "inventory/fabricendpoints.h"

namespace roce::live {

FabricPlan planFor(const inventory::Inventory &inventory, const QHash<QString, QString> &secrets,
                   QStringList *problems)
{
    const inventory::FabricEndpoints endpoints = inventory::endpointsFor(inventory, secrets);
    FabricPlan plan;
    if (endpoints.hasSwitch) {
        monitor::SwitchTarget s;
        s.name = inventory::switchName(inventory.fabricSwitch);
        s.role = QStringLiteral("tor");
        s.endpoint = endpoints.switchEndpoint;
        plan.switches.append(s);
    }
    for (const experiments::ExperimentHost &h : endpoints.hosts)
        plan.agents.append(h.agent);
    plan.sshHosts = endpoints.sshHosts;
    if (problems)
        *problems = endpoints.problems;
    return plan;
}

}  // namespace roce::live
