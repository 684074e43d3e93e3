#include "sim/scenarios/fabricnames.h"

namespace roce::sim {

bool isLeafSpine(const FabricSpec &spec)
{
    for (const SwitchSpec &sw : spec.switches) {
        if (sw.role == QLatin1String("spine"))
            return true;
    }
    return false;
}

QString serverName(const FabricSpec &spec, int host)
{
    const HostSpec &h = spec.hosts[host];
    if (!isLeafSpine(spec))
        return h.name;
    return spec.nicPorts[h.nicPort].name.section(QLatin1Char('/'), 0, 0);
}

QString nicId(const FabricSpec &spec, int host)
{
    return serverName(spec, host) + QLatin1Char('/') + spec.hosts[host].rdmaDevice;
}

QString switchPortId(const FabricSpec &spec, int port)
{
    const SwitchPortSpec &p = spec.switchPorts[port];
    return spec.switches[p.switchIndex].name + QLatin1Char('/') + p.name;
}

QList<int> hostsOfServer(const FabricSpec &spec, const QString &name)
{
    QList<int> hosts;
    for (int h = 0; h < spec.hosts.size(); ++h) {
        if (serverName(spec, h) == name)
            hosts.append(h);
    }
    return hosts;
}

}  // namespace roce::sim
