#include "live/inventory/fabricendpoints.h"

#include "nxapi/parse/interfacename.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

namespace roce::inventory {

namespace {

class EndpointText
{
    Q_DECLARE_TR_FUNCTIONS(EndpointText)
};

bool isNetworkOs(const nxapi::LldpNeighbor &n)
{
    static const QRegularExpression os(
        QStringLiteral("NX-OS|Cisco IOS|Arista|\\bEOS\\b|Junos|SONiC|Cumulus|Dell.*OS10|Nexus"),
        QRegularExpression::CaseInsensitiveOption);
    return os.match(n.systemDescription).hasMatch();
}

bool isHypervisor(const nxapi::LldpNeighbor &n)
{
    static const QRegularExpression hv(QStringLiteral("VMware ESX|Hyper-V|Proxmox"),
                                       QRegularExpression::CaseInsensitiveOption);
    return hv.match(n.systemDescription).hasMatch()
        || n.portDescription.contains(QLatin1String("dvSwitch"));
}

}  // namespace

QStringList secretKeys(const Inventory &inventory)
{
    QStringList keys;
    for (const SwitchEntry &sw : inventory.switches)
        if (sw.isSet())
            keys.append(switchSecretKey(sw));
    for (const ServerEntry &s : inventory.servers)
        if (!s.collectOverSsh)
            keys.append(agentSecretKey(s.name));
    return keys;
}

FabricEndpoints endpointsFor(const Inventory &inventory, const QHash<QString, QString> &secrets)
{
    FabricEndpoints out;
    for (const SwitchEntry &sw : inventory.switches) {
        if (!sw.isSet())
            continue;
        SwitchEndpoint e;
        e.name = sw.name;
        e.role = sw.role;
        e.pollIntervalMs = sw.pollIntervalMs;
        e.endpoint.url = sw.url;
        e.endpoint.user = sw.user;
        e.endpoint.password = secrets.value(switchSecretKey(sw));
        e.endpoint.pinnedSha256 = sw.pinSha256;
        e.endpoint.allowHttp = sw.allowHttp;
        if (!secrets.contains(switchSecretKey(sw)))
            out.problems.append(
                EndpointText::tr("The keychain has no NX-API password for %1 at %2 (switch %3): "
                                 "set it in Fabric > Inventory.")
                    .arg(sw.user, sw.url.host(), sw.name));
        out.switches.append(e);
    }
    for (const ServerEntry &s : inventory.servers) {
        if (s.collectOverSsh) {
            monitor::SshCollectedHost h;
            h.name = s.name;
            h.target.host = s.address;
            h.target.port = s.sshPort;
            h.target.user = s.sshUser;
            out.sshHosts.append(h);
            continue;
        }
        experiments::ExperimentHost host;
        host.name = s.name;
        host.agent.host = s.address;
        host.agent.port = s.agentPort;
        host.agent.token = secrets.value(agentSecretKey(s.name));
        host.agent.pinnedSha256 = s.agentPinSha256.toLatin1();
        host.dataAddress = s.address;
        if (!secrets.contains(agentSecretKey(s.name)))
            out.problems.append(
                EndpointText::tr("The keychain has no agent token for %1: set it in "
                                 "Fabric > Inventory, or bootstrap the server.")
                    .arg(s.name));
        out.hosts.append(host);
    }
    return out;
}

models::FabricLayout layoutFor(const Inventory &inventory, const QString &switchName,
                               const QHash<QString, QString> &placedPorts)
{
    models::FabricLayout layout;
    layout.switchName = switchName.isEmpty() && !inventory.switches.isEmpty()
        ? inventory.switches.first().name
        : switchName;
    QHash<QString, qsizetype> byPort;
    for (const ServerEntry &s : inventory.servers) {
        // LLDP's placement ("switch/port") wins; a server LLDP places on another switch, or a
        // typed port on another of the inventory's switches, is not on this map.
        QString port;
        const QString placed = placedPorts.value(s.name);
        if (!placed.isEmpty()) {
            if (placed.section(QLatin1Char('/'), 0, 0) != layout.switchName)
                continue;
            port = placed.section(QLatin1Char('/'), 1);
        }
        if (port.isEmpty())
            if (const auto typed = resolveSwitchPort(inventory, s.switchPort))
                if (typed->switchName == layout.switchName
                    || !inventory.findSwitch(layout.switchName))
                    port = typed->port;
        if (port.isEmpty())
            continue;
        port = nxapi::longInterfaceName(port);
        auto it = byPort.find(port);
        if (it == byPort.end()) {
            it = byPort.insert(port, layout.attachments.size());
            layout.attachments.append({port, {}, {}});
        }
        layout.attachments[*it].servers.append({s.name, {}});
    }
    return layout;
}

QHash<QString, QString> placementsFromPeers(const Inventory &inventory,
                                            const model::SourceFrame &update)
{
    QHash<QString, QString> byLowerName;
    for (const ServerEntry &s : inventory.servers)
        byLowerName.insert(s.name.toLower(), s.name);
    QHash<QString, QString> placed;
    for (const model::PortSample &row : update.ports) {
        if (row.nic() || row.peer.isEmpty())
            continue;
        const QString server
            = byLowerName.value(row.peer.section(QLatin1Char('.'), 0, 0).toLower());
        if (!server.isEmpty() && !placed.contains(server))
            placed.insert(server, row.name());  // qualified: "leaf1/Ethernet1/7"
    }
    return placed;
}

Discovery discoverServers(const nxapi::SwitchSnapshot &snapshot, const Inventory &existing,
                          const QString &switchName)
{
    QSet<QString> known;
    for (const ServerEntry &s : existing.servers) {
        known.insert(s.name.toLower());
        known.insert(s.address.toLower());
    }
    Discovery out;
    QSet<QString> skippedNames;
    auto skip = [&](const QString &name, const QString &reason) {
        if (!skippedNames.contains(name))
            out.skipped.append(reason);
        skippedNames.insert(name);
    };
    for (const nxapi::LldpNeighbor &n : snapshot.lldpNeighbors) {
        const QString name = n.systemName.section(QLatin1Char('.'), 0, 0);
        if (name.isEmpty())
            continue;
        if (isNetworkOs(n)) {
            skip(name, EndpointText::tr("%1 on %2: a network device").arg(name, n.localPort));
            continue;
        }
        if (isHypervisor(n)) {
            skip(name,
                 EndpointText::tr("%1 on %2: a hypervisor; add its virtual servers by hand")
                     .arg(name, n.localPort));
            continue;
        }
        if (known.contains(name.toLower())
            || (!n.managementAddress.isEmpty() && known.contains(n.managementAddress.toLower())))
            continue;
        known.insert(name.toLower());
        ServerEntry s;
        s.name = name;
        s.address = n.managementAddress.isEmpty() ? n.systemName : n.managementAddress;
        s.switchPort
            = switchName.isEmpty() ? n.localPort : qualifiedSwitchPort(switchName, n.localPort);
        out.servers.append(s);
    }
    return out;
}

}  // namespace roce::inventory
