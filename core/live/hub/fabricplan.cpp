#include "live/hub/fabricplan.h"

#include "live/inventory/fabricendpoints.h"
#include "nxapi/parse/interfacename.h"

#include <QProcessEnvironment>
#include <QRegularExpression>

#include <optional>

namespace roce::live {

namespace {

/// ROCE_SWITCH_PASSWORD_LEAF1 for switch "leaf1", ROCE_AGENT_TOKEN_GPU_01 for "gpu-01".
QString variableFor(const char *prefix, const QString &name)
{
    static const QRegularExpression other(QStringLiteral("[^A-Z0-9]"));
    return QLatin1String(prefix) + QLatin1Char('_')
        + name.toUpper().replace(other, QStringLiteral("_"));
}

}  // namespace

/// The inventory's secrets from the environment: a per-switch or per-server variable first,
/// then the shared one. Keys no variable names are left for the keychain.
QHash<QString, QString> secretsFromEnvironment(const inventory::Inventory &inv)
{
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    auto pick = [&env](const QString &own, const QString &shared) -> std::optional<QString> {
        if (env.contains(own))
            return env.value(own);
        if (env.contains(shared))
            return env.value(shared);
        return std::nullopt;
    };
    QHash<QString, QString> secrets;
    for (const inventory::SwitchEntry &s : inv.switches)
        if (const auto v = pick(variableFor("ROCE_SWITCH_PASSWORD", s.name),
                                QStringLiteral("ROCE_SWITCH_PASSWORD")))
            secrets.insert(inventory::switchSecretKey(s), *v);
    for (const inventory::ServerEntry &s : inv.servers)
        if (const auto v
            = pick(variableFor("ROCE_AGENT_TOKEN", s.name), QStringLiteral("ROCE_AGENT_TOKEN")))
            secrets.insert(inventory::agentSecretKey(s.name), *v);
    return secrets;
}

FabricPlan planFor(const inventory::Inventory &inventory, const QHash<QString, QString> &secrets,
                   QStringList *problems)
{
    const inventory::FabricEndpoints endpoints = inventory::endpointsFor(inventory, secrets);
    FabricPlan plan;
    for (const inventory::SwitchEndpoint &e : endpoints.switches)
        plan.switches.append({e.name, inventory::roleName(e.role), e.endpoint, e.pollIntervalMs});
    for (const experiments::ExperimentHost &h : endpoints.hosts)
        plan.agents.append(h.agent);
    // The typed switch_port of each server: where LLDP cannot tell (a hypervisor's uplink).
    for (const inventory::ServerEntry &s : inventory.servers) {
        if (const auto port = inventory::resolveSwitchPort(inventory, s.switchPort))
            plan.placement.insert(s.name,
                                  inventory::qualifiedSwitchPort(
                                      port->switchName, nxapi::longInterfaceName(port->port)));
    }
    plan.sshHosts = endpoints.sshHosts;
    if (problems)
        *problems = endpoints.problems;
    return plan;
}

}  // namespace roce::live
