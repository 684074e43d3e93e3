#include "live/fabricplan.h"

#include "inventory/fabricendpoints.h"

namespace roce::live {

FabricPlan planFor(const inventory::Inventory &inventory, const QHash<QString, QString> &secrets,
                   QStringList *problems)
{
    const inventory::FabricEndpoints endpoints = inventory::endpointsFor(inventory, secrets);
    FabricPlan plan;
    for (const inventory::SwitchEndpoint &e : endpoints.switches)
        plan.switches.append({e.name, inventory::roleName(e.role), e.endpoint, e.pollIntervalMs});
    for (const experiments::ExperimentHost &h : endpoints.hosts)
        plan.agents.append(h.agent);
    plan.sshHosts = endpoints.sshHosts;
    if (problems)
        *problems = endpoints.problems;
    return plan;
}

}  // namespace roce::live
