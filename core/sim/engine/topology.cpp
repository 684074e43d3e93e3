#include "sim/engine/topology.h"

#include <QCoreApplication>

#include <algorithm>

namespace roce::sim {

QString serverOf(const FabricSpec &spec, int host)
{
    const HostSpec &h = spec.hosts[host];
    const NicPortSpec &nic = spec.nicPorts[h.nicPort];
    return nic.hypervisor.isEmpty() ? nic.name.section(QLatin1Char('/'), 0, 0) : h.name;
}

QString nicRowOf(const FabricSpec &spec, int host)
{
    return serverOf(spec, host) + QLatin1Char('/') + spec.hosts[host].rdmaDevice;
}

int FabricSpec::hostIndex(const QString &hostName) const
{
    for (int i = 0; i < hosts.size(); ++i) {
        if (hosts[i].name == hostName)
            return i;
    }
    return -1;
}

int FabricSpec::switchPortIndex(int switchIndex, const QString &portName) const
{
    for (int i = 0; i < switchPorts.size(); ++i) {
        if (switchPorts[i].switchIndex == switchIndex && switchPorts[i].name == portName)
            return i;
    }
    return -1;
}

int FabricSpec::switchOfHost(int host) const
{
    const int port = nicPorts[hosts[host].nicPort].switchPort;
    return port < 0 ? -1 : switchPorts[port].switchIndex;
}

QList<int> FabricSpec::hostsOnNicPort(int nicPort) const
{
    QList<int> list;
    for (int i = 0; i < hosts.size(); ++i) {
        if (hosts[i].nicPort == nicPort)
            list.append(i);
    }
    return list;
}

namespace {

int addSwitchPort(FabricSpec &spec, int sw, const QString &name, RateBps speed)
{
    spec.switchPorts.append({sw, name, speed, PeerKind::None, -1});
    return int(spec.switchPorts.size()) - 1;
}

int addNicPort(FabricSpec &spec, const QString &name, const QString &hypervisor, RateBps speed,
               int switchPort)
{
    spec.nicPorts.append({name, hypervisor, speed, switchPort});
    const int nic = int(spec.nicPorts.size()) - 1;
    if (switchPort >= 0) {
        spec.switchPorts[switchPort].peerKind = PeerKind::Nic;
        spec.switchPorts[switchPort].peer = nic;
    }
    return nic;
}

void connectSwitchPorts(FabricSpec &spec, int a, int b)
{
    spec.switchPorts[a].peerKind = PeerKind::SwitchPort;
    spec.switchPorts[a].peer = b;
    spec.switchPorts[b].peerKind = PeerKind::SwitchPort;
    spec.switchPorts[b].peer = a;
}

QString macFor(int index, int oui0, int oui1, int oui2)
{
    return QStringLiteral("%1:%2:%3:%4:%5:%6")
        .arg(oui0, 2, 16, QLatin1Char('0'))
        .arg(oui1, 2, 16, QLatin1Char('0'))
        .arg(oui2, 2, 16, QLatin1Char('0'))
        .arg((index >> 16) & 0xff, 2, 16, QLatin1Char('0'))
        .arg((index >> 8) & 0xff, 2, 16, QLatin1Char('0'))
        .arg(index & 0xff, 2, 16, QLatin1Char('0'));
}

}  // namespace

FabricSpec referenceFabric(RateBps speed)
{
    FabricSpec spec;
    spec.name = QStringLiteral("reference");
    spec.switches.append({QStringLiteral("nexus-roce"),
                          QStringLiteral("Nexus9000 C93180YC-FX Chassis"), QStringLiteral("tor"),
                          10 * 1000 * 1000});
    // Ethernet1/1 and 1/2 are 100G ports broken out into 4 x 25G lanes.
    for (int port = 1; port <= 2; ++port) {
        for (int lane = 1; lane <= 4; ++lane)
            addSwitchPort(spec, 0, QStringLiteral("Ethernet1/%1/%2").arg(port).arg(lane), speed);
    }
    const auto sp = [&](const char *name) { return spec.switchPortIndex(0, QLatin1String(name)); };
    const int a1 = addNicPort(spec, QStringLiteral("esxi-a/vmnic4"), QStringLiteral("esxi-a"),
                              speed, sp("Ethernet1/2/1"));
    const int a2 = addNicPort(spec, QStringLiteral("esxi-a/vmnic5"), QStringLiteral("esxi-a"),
                              speed, sp("Ethernet1/2/2"));
    const int b1 = addNicPort(spec, QStringLiteral("esxi-b/vmnic4"), QStringLiteral("esxi-b"),
                              speed, sp("Ethernet1/1/1"));
    const int b2 = addNicPort(spec, QStringLiteral("esxi-b/vmnic5"), QStringLiteral("esxi-b"),
                              speed, sp("Ethernet1/1/2"));
    struct Row {
        const char *host;
        const char *netdev;
        const char *dev;
        int nic;
    };
    // DESIGN.md §2: server -> RDMA netdev -> RDMA device -> switch port.
    const Row rows[] = {
        {"ubunturdma1", "ens224", "rocep19s0", a2}, {"ubunturdma2", "ens192", "rocep11s0", a1},
        {"ubunturdma3", "ens224", "rocep19s0", a2}, {"ubunturdma4", "ens192", "rocep11s0", a1},
        {"ubunturdma5", "ens192", "rocep11s0", b1}, {"ubunturdma6", "ens192", "rocep11s0", b2},
        {"ubunturdma7", "ens192", "rocep11s0", b1}, {"ubunturdma8", "ens192", "rocep11s0", b1},
    };
    int i = 0;
    for (const Row &r : rows) {
        ++i;
        spec.hosts.append({QLatin1String(r.host), QLatin1String(r.netdev), QLatin1String(r.dev),
                           macFor(0x100 + i, 0x00, 0x50, 0x56),
                           QStringLiteral("192.168.2.%1").arg(220 + i), r.nic});
    }
    // One server lost its NTP sync: the console estimates and shows its clock offset, and
    // still puts its counters on the console's time axis.
    spec.hosts[7].clockSkewMs = 340;
    return spec;
}

FabricSpec starFabric(int hosts, RateBps speed)
{
    FabricSpec spec;
    spec.name = QStringLiteral("star%1").arg(hosts);
    spec.switches.append({QStringLiteral("nexus-star"),
                          QStringLiteral("Nexus9000 C9336C-FX2 Chassis"), QStringLiteral("tor"),
                          10 * 1000 * 1000});
    for (int h = 0; h < hosts; ++h) {
        const int port = addSwitchPort(spec, 0, QStringLiteral("Ethernet1/%1").arg(h + 1), speed);
        const QString name = QStringLiteral("host%1").arg(h + 1);
        const int nic
            = addNicPort(spec, name + QStringLiteral("/ens1f0np0"), QString(), speed, port);
        spec.hosts.append({name, QStringLiteral("ens1f0np0"), QStringLiteral("mlx5_0"),
                           macFor(h + 1, 0xb8, 0xce, 0xf6), QStringLiteral("10.0.0.%1").arg(h + 1),
                           nic});
    }
    return spec;
}

FabricSpec railFabric(int hosts, int nicsPerHost, int rails, int spines, RateBps speed,
                      int hostsPerLeaf)
{
    FabricSpec spec;
    spec.name = QStringLiteral("rail-%1x%2").arg(hosts).arg(nicsPerHost);
    const int nicsPerRailPerHost = (nicsPerHost + rails - 1) / rails;
    const int downlinksPerLeaf = hostsPerLeaf * nicsPerRailPerHost;
    const int leavesPerRail = (hosts + hostsPerLeaf - 1) / hostsPerLeaf;
    const int leafCount = rails * leavesPerRail;

    for (int s = 0; s < spines; ++s) {
        spec.switches.append({QStringLiteral("spine%1").arg(s + 1),
                              QStringLiteral("Nexus9000 C9364D-GX2A Chassis"),
                              QStringLiteral("spine"), 40 * 1000 * 1000});
    }
    QList<int> leafSwitch;
    for (int r = 0; r < rails; ++r) {
        for (int l = 0; l < leavesPerRail; ++l) {
            spec.switches.append({QStringLiteral("rail%1-leaf%2").arg(r + 1).arg(l + 1),
                                  QStringLiteral("Nexus9000 C9332D-GX2B Chassis"),
                                  QStringLiteral("leaf"), 40 * 1000 * 1000});
            leafSwitch.append(int(spec.switches.size()) - 1);
        }
    }
    // Uplinks: one fat link per leaf/spine pair carrying the leaf's downlink capacity / spines.
    const RateBps uplinkSpeed = speed * downlinksPerLeaf / spines;
    for (int leaf = 0; leaf < leafCount; ++leaf) {
        for (int s = 0; s < spines; ++s) {
            const int up = addSwitchPort(
                spec, leafSwitch[leaf],
                QStringLiteral("Ethernet1/%1").arg(downlinksPerLeaf + s + 1), uplinkSpeed);
            const int down
                = addSwitchPort(spec, s, QStringLiteral("Ethernet1/%1").arg(leaf + 1), uplinkSpeed);
            connectSwitchPorts(spec, up, down);
        }
    }
    QList<int> nextDownlink(leafCount, 0);
    for (int h = 0; h < hosts; ++h) {
        const QString name = QStringLiteral("gpu%1").arg(h + 1, 4, 10, QLatin1Char('0'));
        for (int k = 0; k < nicsPerHost; ++k) {
            const int rail = k % rails;
            const int leaf = rail * leavesPerRail + h / hostsPerLeaf;
            const int port
                = addSwitchPort(spec, leafSwitch[leaf],
                                QStringLiteral("Ethernet1/%1").arg(++nextDownlink[leaf]), speed);
            const QString netdev = QStringLiteral("ens%1np0").arg(k + 1);
            const int nic
                = addNicPort(spec, name + QLatin1Char('/') + netdev, QString(), speed, port);
            spec.hosts.append(
                {nicsPerHost == 1 ? name : name + QStringLiteral("-nic%1").arg(k), netdev,
                 QStringLiteral("mlx5_%1").arg(k),
                 macFor(h * nicsPerHost + k + 1, 0x0c, 0x42, 0xa1),
                 QStringLiteral("10.%1.%2.%3").arg(rail).arg(h / 250).arg(h % 250 + 1), nic});
        }
    }
    return spec;
}

namespace {
// Named for the large fabric feed, where this message was first written: its translation
// is filed under that context.
class LargeFabricText
{
    Q_DECLARE_TR_FUNCTIONS(LargeFabricText)
};
}  // namespace

Result<RailShape> parseRailTopology(const QString &topology)
{
    const QStringList parts = topology.split(QLatin1Char(':'));
    RailShape s;
    bool ok = parts.size() == 5 && parts.first() == QLatin1String("rail");
    if (ok) {
        int *fields[] = {&s.hosts, &s.nics, &s.rails, &s.spines};
        for (int i = 0; i < 4 && ok; ++i)
            *fields[i] = parts.at(i + 1).toInt(&ok);
    }
    const auto refuse = [&](const QString &why) {
        return Error {ErrorCode::InvalidArgument,
                      LargeFabricText::tr("'%1' is not a leaf/spine topology: use "
                                          "rail:HOSTS:NICS:RAILS:SPINES, e.g. rail:1024:8:8:16")
                              .arg(topology)
                          + (why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why))};
    };
    if (!ok)
        return refuse({});
    // Each limit named: "rail:4:1:3:1" is refused for its rails, not for its shape.
    if (s.hosts < 2 || s.hosts > 4096)
        return refuse(LargeFabricText::tr("HOSTS from 2 to 4096"));
    if (s.nics < 1 || s.nics > 16)
        return refuse(LargeFabricText::tr("NICS from 1 to 16"));
    if (s.rails < 1 || s.rails > s.nics)
        return refuse(LargeFabricText::tr("RAILS from 1 to NICS"));
    if (s.spines < 1 || s.spines > 64)
        return refuse(LargeFabricText::tr("SPINES from 1 to 64"));
    return s;
}

Router::Router(const FabricSpec &spec)
    : m_spec(spec), m_uplinks(spec.switches.size()), m_downToSwitch(spec.switches.size())
{
    for (int p = 0; p < spec.switchPorts.size(); ++p) {
        const SwitchPortSpec &sp = spec.switchPorts[p];
        if (sp.peerKind != PeerKind::SwitchPort)
            continue;
        const int peerSwitch = spec.switchPorts[sp.peer].switchIndex;
        if (spec.switches[sp.switchIndex].role == QLatin1String("spine"))
            m_downToSwitch[sp.switchIndex].insert(peerSwitch, p);
        else
            m_uplinks[sp.switchIndex].append({p, peerSwitch});
    }
}

Route Router::route(int srcNic, int dstNic, unsigned hash, int uplink) const
{
    Route route;
    const int srcPort = m_spec.nicPorts[srcNic].switchPort;
    const int dstPort = m_spec.nicPorts[dstNic].switchPort;
    if (srcPort < 0 || dstPort < 0)
        return route;
    const int srcSwitch = m_spec.switchPorts[srcPort].switchIndex;
    const int dstSwitch = m_spec.switchPorts[dstPort].switchIndex;
    if (srcSwitch == dstSwitch) {
        route.egress[route.hops++] = dstPort;
        return route;
    }
    // Uplinks of the source leaf whose spine also reaches the destination leaf.
    int candidates[64];
    int count = 0;
    for (const Uplink &u : m_uplinks[srcSwitch]) {
        if (count < 64 && m_downToSwitch[u.spine].contains(dstSwitch))
            candidates[count++] = u.port;
    }
    if (count == 0)
        return route;
    const int *pinned = std::find(candidates, candidates + count, uplink);
    const int up = pinned != candidates + count ? *pinned : candidates[hash % unsigned(count)];
    const int spine = m_spec.switchPorts[m_spec.switchPorts[up].peer].switchIndex;
    route.egress[route.hops++] = up;
    route.egress[route.hops++] = m_downToSwitch[spine].value(dstSwitch);
    route.egress[route.hops++] = dstPort;
    return route;
}

}  // namespace roce::sim
