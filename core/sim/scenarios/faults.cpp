#include "sim/scenarios/faults.h"

#include "sim/engine/rng.h"
#include "sim/scenarios/fabricnames.h"
#include "sim/scenarios/livesteps.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QSet>

#include <algorithm>

namespace roce::sim {

namespace {

class FaultText
{
    Q_DECLARE_TR_FUNCTIONS(FaultText)
};

/// Loss on a damaged cable: enough for go-back-N to hurt and CRC errors to count every
/// second, as a bad optic or a dirty connector does.
constexpr double kBadLinkErrorRate = 0.03;
/// The CoS a wrongly configured no-drop class pauses (RoCE rides 3).
constexpr int kWrongPfcCos = 4;
/// The DSCP a mismarking host sends RoCE with (AF41: priority 4, the default class).
constexpr int kMismatchedDscp = 34;

/// What the fabric's load reaches: the model hosts that send or receive, and from them the
/// switch ports facing their NICs and the switches those are on. Read from the flows the
/// background started (a training job's ring is flows too), so a drawn target carries
/// traffic.
struct Reach {
    QList<int> hosts;
    QList<int> ports;
    QList<int> switches;
    QSet<int> sending;    ///< of the hosts, those flows leave
    QSet<int> receiving;  ///< ... and those they arrive at
};

Reach reachOf(const Fabric &fabric)
{
    const FabricSpec &spec = fabric.spec();
    Reach reach;
    for (int flow = 0; flow < fabric.flowCount(); ++flow) {
        const FlowStats s = fabric.flowStats(flow);
        if (s.stoppedAt >= 0)
            continue;
        reach.sending.insert(s.src);
        reach.receiving.insert(s.dst);
    }
    reach.hosts = (reach.sending | reach.receiving).values();
    std::sort(reach.hosts.begin(), reach.hosts.end());
    QSet<int> ports, switches;
    for (int h : std::as_const(reach.hosts)) {
        const int port = spec.nicPorts[spec.hosts[h].nicPort].switchPort;
        if (port < 0)
            continue;
        ports.insert(port);
        switches.insert(spec.switchPorts[port].switchIndex);
    }
    reach.ports = ports.values();
    std::sort(reach.ports.begin(), reach.ports.end());
    reach.switches = switches.values();
    std::sort(reach.switches.begin(), reach.switches.end());
    return reach;
}

/// Every model host, every switch port with a peer, every switch: where a fault alone (it
/// brings its own traffic) may land.
Reach everywhere(const FabricSpec &spec, bool leavesOnly)
{
    Reach all;
    for (int h = 0; h < spec.hosts.size(); ++h)
        all.hosts.append(h);
    for (int p = 0; p < spec.switchPorts.size(); ++p) {
        if (spec.switchPorts[p].peerKind == PeerKind::Nic)
            all.ports.append(p);
    }
    for (int s = 0; s < spec.switches.size(); ++s) {
        if (!leavesOnly || spec.switches[s].role != QLatin1String("spine"))
            all.switches.append(s);
    }
    return all;
}

int draw(const QList<int> &candidates, std::uint64_t seed, int stream)
{
    Xoshiro256 rng(seed, 0x5eed0000u + std::uint64_t(stream));
    return candidates[int(rng.next() % std::uint64_t(candidates.size()))];
}

/// Model hosts whose NIC is cabled to switch @p sw.
QList<int> hostsOnSwitch(const FabricSpec &spec, int sw)
{
    QList<int> hosts;
    for (int h = 0; h < spec.hosts.size(); ++h) {
        if (spec.switchOfHost(h) == sw)
            hosts.append(h);
    }
    return hosts;
}

/// The NIC ids behind NIC port @p nicPort (virtual servers share one on the reference
/// fabric) and the switch port it is cabled to: the names of one physical NIC.
QStringList namesOfNicPort(const FabricSpec &spec, int nicPort, int except)
{
    QStringList names;
    for (int h : spec.hostsOnNicPort(nicPort)) {
        if (h != except)
            names.append(nicId(spec, h));
    }
    const int port = spec.nicPorts[nicPort].switchPort;
    if (port >= 0)
        names.append(switchPortId(spec, port));
    return names;
}

/// The far end of switch port @p port: its peer switch port, or the NICs behind it.
QStringList farEnd(const FabricSpec &spec, int port)
{
    const SwitchPortSpec &p = spec.switchPorts[port];
    if (p.peerKind == PeerKind::SwitchPort)
        return {switchPortId(spec, p.peer)};
    if (p.peerKind == PeerKind::Nic)
        return namesOfNicPort(spec, p.peer, -1).mid(0, spec.hostsOnNicPort(p.peer).size());
    return {};
}

/// Senders for an incast into @p receiver: other servers' NICs on its rail (the same NIC
/// index), up to @p count, taken across the fabric so that some cross the spines, with
/// @p mustSend among them when it is not the receiver.
QList<int> incastSenders(const FabricSpec &spec, int receiver, int count, int mustSend = -1)
{
    const QString receiverServer = serverName(spec, receiver);
    const QString device = spec.hosts[receiver].rdmaDevice;
    QList<int> pool;
    for (int h = 0; h < spec.hosts.size(); ++h) {
        if (h == receiver || serverName(spec, h) == receiverServer || h == mustSend)
            continue;
        if (isLeafSpine(spec) && spec.hosts[h].rdmaDevice != device)
            continue;
        pool.append(h);
    }
    QList<int> senders;
    if (mustSend >= 0 && mustSend != receiver)
        senders.append(mustSend);
    // Evenly over the pool: neighbours on the receiver's leaf and servers behind others.
    const int wanted = std::min<int>(count, int(pool.size()) + int(senders.size()));
    for (int i = 0; senders.size() < wanted; ++i) {
        const int h = pool[int((qint64(i) * pool.size()) / std::max(1, wanted))];
        if (!senders.contains(h))
            senders.append(h);
        if (i > 4 * wanted)
            break;
    }
    return senders;
}

void startIncastInto(Fabric &fabric, int receiver, int senders, int mustSend = -1)
{
    for (int h : incastSenders(fabric.spec(), receiver, senders, mustSend))
        fabric.startFlow(h, receiver);
}

/// A receiver for an incast that the sender @p host takes part in: another server's NIC on
/// its rail, preferably on its own switch.
int receiverFor(const FabricSpec &spec, int host)
{
    int fallback = -1;
    for (int h = 0; h < spec.hosts.size(); ++h) {
        if (serverName(spec, h) == serverName(spec, host)
            || spec.hosts[h].nicPort == spec.hosts[host].nicPort)
            continue;
        if (isLeafSpine(spec) && spec.hosts[h].rdmaDevice != spec.hosts[host].rdmaDevice)
            continue;
        if (spec.switchOfHost(h) == spec.switchOfHost(host))
            return h;
        if (fallback < 0)
            fallback = h;
    }
    return fallback;
}

Result<int> findHost(const FabricSpec &spec, const QString &target, bool nic)
{
    for (int h = 0; h < spec.hosts.size(); ++h) {
        if (nic ? nicId(spec, h) == target : serverName(spec, h) == target)
            return h;
    }
    // A server for a NIC (its first NIC), a NIC for a server.
    for (int h = 0; h < spec.hosts.size(); ++h) {
        if (nic ? serverName(spec, h) == target : nicId(spec, h) == target)
            return h;
    }
    return makeError(
        ErrorCode::NotFound,
        nic ? FaultText::tr("no NIC '%1' (write HOST/RDMA_DEVICE, e.g. %2)")
                  .arg(target, nicId(spec, 0))
            : FaultText::tr("no server '%1' (e.g. %2)").arg(target, serverName(spec, 0)));
}

Result<int> findPort(const FabricSpec &spec, const QString &target)
{
    for (int p = 0; p < spec.switchPorts.size(); ++p) {
        if (switchPortId(spec, p) == target && spec.switchPorts[p].peerKind != PeerKind::None)
            return p;
    }
    // A NIC names its cable too.
    for (int h = 0; h < spec.hosts.size(); ++h) {
        if (nicId(spec, h) == target)
            return spec.nicPorts[spec.hosts[h].nicPort].switchPort;
    }
    int example = 0;
    while (example < spec.switchPorts.size()
           && spec.switchPorts[example].peerKind == PeerKind::None)
        ++example;
    return makeError(
        ErrorCode::NotFound,
        FaultText::tr("no cabled switch port '%1' (write SWITCH/PORT, e.g. %2)")
            .arg(target, switchPortId(spec, std::min<int>(example, spec.switchPorts.size() - 1))));
}

Result<int> findSwitch(const FabricSpec &spec, const QString &target)
{
    for (int s = 0; s < spec.switches.size(); ++s) {
        if (spec.switches[s].name == target)
            return s;
    }
    QStringList names;
    for (const SwitchSpec &sw : spec.switches)
        names.append(sw.name);
    return makeError(ErrorCode::NotFound,
                     FaultText::tr("no switch '%1' (the switches: %2)")
                         .arg(target, names.mid(0, 8).join(QLatin1String(", "))));
}

/// Every model host of the server of @p host: a host-wide setting applies to all its NICs.
QList<int> serverHosts(const FabricSpec &spec, int host)
{
    return hostsOfServer(spec, serverName(spec, host));
}

/// A leaf to send to from leaf @p leaf across the spines: the next one of its rail, else
/// the next leaf of the fabric.
int partnerLeaf(const FabricSpec &spec, int leaf)
{
    const QString rail = spec.switches[leaf].name.section(QLatin1Char('-'), 0, 0);
    int any = -1;
    for (int i = 1; i < spec.switches.size(); ++i) {
        const int s = (leaf + i) % int(spec.switches.size());
        if (spec.switches[s].role == QLatin1String("spine") || hostsOnSwitch(spec, s).isEmpty())
            continue;
        if (spec.switches[s].name.section(QLatin1Char('-'), 0, 0) == rail)
            return s;
        if (any < 0)
            any = s;
    }
    return any;
}

}  // namespace

QList<FaultInfo> liveFaults()
{
    return {
        {QStringLiteral("nic-stall"), FaultTarget::Nic, QStringLiteral("nic_stall"),
         FaultText::tr("the NIC stops draining and pauses its switch port without end"), false,
         FaultLoad::Receives},
        {QStringLiteral("nic-stall-watchdog"), FaultTarget::Nic, QStringLiteral("nic_stall"),
         FaultText::tr("the same stalled NIC with the PFC watchdog on: watchdog drops on its "
                       "port, discards at the NIC"),
         false, FaultLoad::Receives},
        {QStringLiteral("link-down"), FaultTarget::Port, QStringLiteral("link_down"),
         FaultText::tr("the cable of the port goes down (both ends)")},
        {QStringLiteral("bad-link"), FaultTarget::Port, QStringLiteral("bad_link"),
         FaultText::tr("3 % of the frames on the port's cable are corrupted: CRC errors at the "
                       "receiving end, loss and retransmissions")},
        {QStringLiteral("pfc-wrong-cos"), FaultTarget::Switch, QStringLiteral("pfc_cos_mismatch"),
         FaultText::tr("the switch's no-drop class pauses CoS 4 while RoCE rides priority 3")},
        {QStringLiteral("dscp-mismatch"), FaultTarget::Host, QStringLiteral("dscp_mismatch"),
         FaultText::tr("the server marks RoCE with DSCP 34, which lands in the lossy default "
                       "class"),
         false, FaultLoad::Sends},
        {QStringLiteral("ecn-off-host"), FaultTarget::Host, QStringLiteral("ecn_off_host"),
         FaultText::tr("ECN/DCQCN is off on the server's adapters (roce_rp/enable/* = 0): CNPs "
                       "are ignored")},
        {QStringLiteral("ecn-not-marking"), FaultTarget::Switch, QStringLiteral("ecn_not_marking"),
         FaultText::tr("WRED/ECN is configured on the switch, but its queuing policy is not on "
                       "the egress ports: nothing is marked")},
        {QStringLiteral("slow-host"), FaultTarget::Host, QStringLiteral("slow_host"),
         FaultText::tr("the server answers every message late (power-save, far NUMA node): "
                       "latency only")},
        {QStringLiteral("ecmp-polarized"), FaultTarget::Switch, QStringLiteral("ecmp_imbalance"),
         FaultText::tr("the leaf hashes every flow to another leaf onto one uplink, which runs "
                       "hot while the others idle"),
         true},
    };
}

QString faultTargetName(FaultTarget target)
{
    switch (target) {
    case FaultTarget::Nic:
        return QStringLiteral("NIC");
    case FaultTarget::Port:
        return QStringLiteral("PORT");
    case FaultTarget::Switch:
        return QStringLiteral("SWITCH");
    case FaultTarget::Host:
        break;
    }
    return QStringLiteral("HOST");
}

QString resolvedSpec(const ScenarioInjection &injection)
{
    QStringList parts;
    if (injection.background != QLatin1String("idle") || injection.faults.isEmpty())
        parts.append(injection.background);
    for (const InjectedFault &f : injection.faults)
        parts.append(f.fault + QLatin1Char(':') + f.target);
    return parts.join(QLatin1Char('+'));
}

bool isLiveFault(const QString &name)
{
    const QList<FaultInfo> faults = liveFaults();
    return std::any_of(faults.cbegin(), faults.cend(),
                       [&](const FaultInfo &f) { return f.name == name; });
}

QJsonObject injectedFaultToJson(const InjectedFault &f)
{
    return {{QStringLiteral("fault"), f.fault},
            {QStringLiteral("target"), f.target},
            {QStringLiteral("drawn"), f.drawn},
            {QStringLiteral("kind"), f.kind},
            {QStringLiteral("location"), f.location},
            {QStringLiteral("also_at"), QJsonArray::fromStringList(f.alsoAt)}};
}

QJsonObject injectionToJson(const ScenarioInjection &injection)
{
    QJsonArray faults;
    for (const InjectedFault &f : injection.faults)
        faults.append(injectedFaultToJson(f));
    return {{QStringLiteral("spec"), injection.spec},
            {QStringLiteral("background"), injection.background},
            {QStringLiteral("injected"), faults}};
}

namespace {

/// The fault named @p fault, if a fabric of @p spec can have it.
Result<FaultInfo> faultFor(const FabricSpec &spec, const QString &fault)
{
    const QList<FaultInfo> faults = liveFaults();
    const auto info = std::find_if(faults.cbegin(), faults.cend(),
                                   [&](const FaultInfo &f) { return f.name == fault; });
    if (info == faults.cend())
        return makeError(ErrorCode::NotFound, FaultText::tr("unknown fault '%1'").arg(fault));
    if (info->leafSpineOnly && !isLeafSpine(spec))
        return makeError(ErrorCode::Unsupported,
                         FaultText::tr("fault '%1' needs a leaf/spine fabric").arg(fault));
    return *info;
}

/// Where a fault may land: what the load reaches, or (alone: it brings its own traffic) any
/// place of the fabric. Only leaves for a fault that needs one.
Reach placesFor(const Fabric &fabric, bool withLoad, const FaultInfo &info)
{
    const FabricSpec &spec = fabric.spec();
    const bool leavesOnly = info.leafSpineOnly;
    Reach reach = withLoad ? reachOf(fabric) : everywhere(spec, leavesOnly);
    if (reach.hosts.isEmpty())
        reach = everywhere(spec, leavesOnly);
    // A host the fault shows at: an incast's senders only send, its receiver only receives.
    const QSet<int> &doing = info.load == FaultLoad::Receives ? reach.receiving : reach.sending;
    if (info.load != FaultLoad::Any && !doing.isEmpty()) {
        reach.hosts = doing.values();
        std::sort(reach.hosts.begin(), reach.hosts.end());
    }
    if (leavesOnly) {
        reach.switches.erase(
            std::remove_if(reach.switches.begin(), reach.switches.end(),
                           [&](int s) { return spec.switches[s].role == QLatin1String("spine"); }),
            reach.switches.end());
    }
    return reach;
}

/// What picks a fault's target: the one given, or one drawn from the places it may land.
struct Targeting {
    const FabricSpec &spec;
    const QString &fault;
    const QString &target;  ///< empty: drawn
    const Reach &reach;
    std::uint64_t seed;
    int stream;
};

/// Where a fault lands: the model host, the switch port or the switch its target names (the
/// others stay -1).
struct Aim {
    int host = -1;
    int port = -1;
    int sw = -1;
};

Result<int> aimAtHost(const Targeting &t, bool nic)
{
    if (t.target.isEmpty())
        return draw(t.reach.hosts, t.seed, t.stream);
    return findHost(t.spec, t.target, nic);
}

Result<int> aimAtPort(const Targeting &t)
{
    if (t.target.isEmpty())
        return draw(t.reach.ports, t.seed, t.stream);
    return findPort(t.spec, t.target);
}

Result<int> aimAtSwitch(const Targeting &t, bool leavesOnly)
{
    if (t.target.isEmpty()) {
        if (t.reach.switches.isEmpty())
            return makeError(ErrorCode::Unsupported,
                             FaultText::tr("no switch for fault '%1'").arg(t.fault));
        return draw(t.reach.switches, t.seed, t.stream);
    }
    const auto found = findSwitch(t.spec, t.target);
    if (!found)
        return found.error();
    if (leavesOnly && t.spec.switches[*found].role == QLatin1String("spine"))
        return makeError(
            ErrorCode::Unsupported,
            FaultText::tr("fault '%1' needs a leaf, not the spine '%2'").arg(t.fault, t.target));
    return *found;
}

Result<Aim> aimAt(const Targeting &t, const FaultInfo &info)
{
    Aim aim;
    switch (info.target) {
    case FaultTarget::Nic:
    case FaultTarget::Host: {
        const auto host = aimAtHost(t, info.target == FaultTarget::Nic);
        if (!host)
            return host.error();
        aim.host = *host;
        break;
    }
    case FaultTarget::Port: {
        const auto port = aimAtPort(t);
        if (!port)
            return port.error();
        aim.port = *port;
        break;
    }
    case FaultTarget::Switch: {
        const auto sw = aimAtSwitch(t, info.leafSpineOnly);
        if (!sw)
            return sw.error();
        aim.sw = *sw;
        break;
    }
    }
    return aim;
}

/// One fault being applied at its aim, to a fabric that runs its background load already
/// (withLoad) or none.
struct Injection {
    Fabric &fabric;
    const FabricSpec &spec;
    const QString &fault;
    bool withLoad;
    Aim aim;
};

/// nic-stall, nic-stall-watchdog.
void stallNic(const Injection &in, InjectedFault &out)
{
    const int host = in.aim.host;
    if (!in.withLoad)
        startIncastInto(in.fabric, host, 7);
    if (in.fault == QLatin1String("nic-stall-watchdog"))
        in.fabric.setPfcWatchdog(true);
    const int nicPort = in.spec.hosts[host].nicPort;
    in.fabric.setNicStalled(nicPort, true);
    out.target = out.location = nicId(in.spec, host);
    out.alsoAt = namesOfNicPort(in.spec, nicPort, host);
}

/// Bulk both ways between the servers of the leaf at one end of inter-switch cable @p port
/// and those of another leaf, spread by ECMP over every uplink: traffic that crosses the
/// cable whatever the load does (a training ring per rail stays under its leaf).
void crossTheUplink(const Injection &in, int port)
{
    const SwitchPortSpec &near = in.spec.switchPorts[port];
    const int far = in.spec.switchPorts[near.peer].switchIndex;
    const int leaf = in.spec.switches[near.switchIndex].role == QLatin1String("spine")
        ? far
        : near.switchIndex;
    const int partner = partnerLeaf(in.spec, leaf);
    const QList<int> here = hostsOnSwitch(in.spec, leaf);
    const QList<int> there = partner < 0 ? QList<int>() : hostsOnSwitch(in.spec, partner);
    if (here.isEmpty() || there.isEmpty())
        return;
    // One direction after the other: the hash spreads consecutive flows over the uplinks
    // (interleaved, every flow of one direction took the same one).
    for (int i = 0; i < 16; ++i)
        in.fabric.startFlow(here[i % here.size()], there[(i / 2) % there.size()]);
    for (int i = 0; i < 16; ++i)
        in.fabric.startFlow(there[i % there.size()], here[(i / 2) % here.size()]);
}

/// link-down, bad-link.
void damageLink(const Injection &in, InjectedFault &out)
{
    const int port = in.aim.port;
    if (in.spec.switchPorts[port].peerKind == PeerKind::SwitchPort)
        crossTheUplink(in, port);
    else if (!in.withLoad)
        live::startTrainingEverywhere(in.fabric);
    if (in.fault == QLatin1String("link-down"))
        in.fabric.setLinkUp(port, false);
    else
        in.fabric.setLinkErrorRate(port, kBadLinkErrorRate);
    out.target = out.location = switchPortId(in.spec, port);
    out.alsoAt = farEnd(in.spec, port);
}

/// pfc-wrong-cos, ecn-not-marking.
void misconfigureSwitchQos(const Injection &in, InjectedFault &out)
{
    const int sw = in.aim.sw;
    SwitchFaults own = in.fabric.switchFaults(sw);
    if (in.fault == QLatin1String("pfc-wrong-cos"))
        own.pfcCos = kWrongPfcCos;
    else
        own.ecnNotApplied = true;
    in.fabric.setSwitchFaults(sw, own);
    if (!in.withLoad) {
        // Congestion on that switch shows the fault in its counters: an incast into one
        // of its NICs.
        const QList<int> local = hostsOnSwitch(in.spec, sw);
        const int receiver = local.isEmpty() ? live::incastReceiver(in.fabric) : local.first();
        startIncastInto(in.fabric, receiver, in.fault == QLatin1String("pfc-wrong-cos") ? 7 : 4);
    }
    out.target = out.location = in.spec.switches[sw].name;
}

/// dscp-mismatch, ecn-off-host, slow-host: a setting of every NIC of the server.
void misconfigureServer(const Injection &in, InjectedFault &out)
{
    const int host = in.aim.host;
    for (int h : serverHosts(in.spec, host)) {
        HostConfig c = in.fabric.hostConfig(h);
        if (in.fault == QLatin1String("dscp-mismatch")) {
            c.roceDscp = kMismatchedDscp;
        } else if (in.fault == QLatin1String("ecn-off-host")) {
            c.ecnRpPrios = 0;  // roce_rp/enable/* = 0: CNPs arrive and are ignored
        } else {
            c.rdmaHostLatency *= 8;
            c.tcpHostLatency *= 3;
        }
        in.fabric.setHostConfig(h, c);
    }
    if (!in.withLoad && in.fault != QLatin1String("slow-host")) {
        // An incast the server sends into: its traffic meets the others' at one port.
        const int receiver = receiverFor(in.spec, host);
        if (receiver >= 0)
            startIncastInto(in.fabric, receiver, 7, host);
    }
    out.target = out.location = serverName(in.spec, host);
}

/// ecmp-polarized.
void polarizeEcmp(const Injection &in, InjectedFault &out)
{
    const int sw = in.aim.sw;
    SwitchFaults own = in.fabric.switchFaults(sw);
    own.ecmpPolarized = true;
    in.fabric.setSwitchFaults(sw, own);
    // Bulk from this leaf's servers to another leaf's: the load its uplinks should share.
    const QList<int> from = hostsOnSwitch(in.spec, sw);
    const int partner = partnerLeaf(in.spec, sw);
    const QList<int> to = partner < 0 ? QList<int>() : hostsOnSwitch(in.spec, partner);
    for (int i = 0; i < 16 && i < from.size() && !to.isEmpty(); ++i)
        in.fabric.startFlow(from[i], to[i % to.size()]);
    out.target = out.location = in.spec.switches[sw].name;
}

void applyFault(const Injection &in, InjectedFault &out)
{
    const QString &fault = in.fault;
    if (fault == QLatin1String("nic-stall") || fault == QLatin1String("nic-stall-watchdog")) {
        stallNic(in, out);
    } else if (fault == QLatin1String("link-down") || fault == QLatin1String("bad-link")) {
        damageLink(in, out);
    } else if (fault == QLatin1String("pfc-wrong-cos")
               || fault == QLatin1String("ecn-not-marking")) {
        misconfigureSwitchQos(in, out);
    } else if (fault == QLatin1String("dscp-mismatch") || fault == QLatin1String("ecn-off-host")
               || fault == QLatin1String("slow-host")) {
        misconfigureServer(in, out);
    } else if (fault == QLatin1String("ecmp-polarized")) {
        polarizeEcmp(in, out);
    }
}

/// The switch port model host @p h's NIC is cabled to (-1: none).
int switchPortOfHost(const FabricSpec &spec, int h)
{
    return spec.nicPorts[spec.hosts[h].nicPort].switchPort;
}

/// @p reach without the places behind @p avoid (switch ports an earlier fault of the same
/// scenario sits behind or holds back): a server any of whose NICs is cabled to one, and those
/// ports. The lists may be left empty: injectFault() then looks elsewhere.
Reach awayFrom(const FabricSpec &spec, Reach reach, const QSet<int> &avoid)
{
    if (avoid.isEmpty())
        return reach;
    QList<int> hosts = reach.hosts;
    hosts.removeIf([&](int h) {
        const QList<int> server = serverHosts(spec, h);
        return std::any_of(server.cbegin(), server.cend(),
                           [&](int s) { return avoid.contains(switchPortOfHost(spec, s)); });
    });
    QList<int> ports = reach.ports;
    ports.removeIf([&](int p) { return avoid.contains(p); });
    reach.hosts = hosts;
    reach.ports = ports;
    return reach;
}

/// Whether @p reach has no place for a fault aimed at @p target (a switch fault always has
/// one: the faults of a one-switch fabric share it).
bool noPlaceIn(const Reach &reach, FaultTarget target)
{
    switch (target) {
    case FaultTarget::Nic:
    case FaultTarget::Host:
        return reach.hosts.isEmpty();
    case FaultTarget::Port:
        return reach.ports.isEmpty();
    case FaultTarget::Switch:
        break;
    }
    return false;
}

/// Per switch port, the switch ports of the hosts whose flows go into it: whom a receiver
/// there that stops draining holds back with PFC (a fault drawn at one of those would show
/// nothing, a bad cable that no frame crosses). Read once per fault from the running flows.
QHash<int, QList<int>> sendersInto(const Fabric &fabric)
{
    const FabricSpec &spec = fabric.spec();
    QHash<int, QList<int>> senders;
    for (int flow = 0; flow < fabric.flowCount(); ++flow) {
        const FlowStats f = fabric.flowStats(flow);
        if (f.stoppedAt >= 0)
            continue;
        const int from = switchPortOfHost(spec, f.src);
        const int into = switchPortOfHost(spec, f.dst);
        if (from >= 0 && into >= 0 && from != into && !senders[into].contains(from))
            senders[into].append(from);
    }
    return senders;
}

/// The ports @p senders holds back from behind @p ports, not among them.
QList<int> portsHeldBack(const QHash<int, QList<int>> &senders, const QList<int> &ports)
{
    QList<int> held;
    for (int port : ports)
        for (int from : senders.value(port))
            if (!ports.contains(from) && !held.contains(from))
                held.append(from);
    return held;
}

/// The switch ports the fault at @p aim sits behind: its server's or NIC's ports, or its port.
QList<int> portsBehind(const FabricSpec &spec, const FaultInfo &info, const Aim &aim)
{
    QList<int> ports;
    if (aim.port >= 0)
        ports.append(aim.port);
    if (aim.host >= 0) {
        const QList<int> hosts = info.target == FaultTarget::Nic
            ? spec.hostsOnNicPort(spec.hosts[aim.host].nicPort)
            : serverHosts(spec, aim.host);
        for (int h : hosts) {
            const int port = switchPortOfHost(spec, h);
            if (port >= 0 && !ports.contains(port))
                ports.append(port);
        }
    }
    return ports;
}

}  // namespace

Result<InjectedFault> injectFault(Fabric &fabric, const QString &fault, const QString &target,
                                  bool withLoad, std::uint64_t seed, const QSet<int> &avoidPorts)
{
    const FabricSpec &spec = fabric.spec();
    const auto info = faultFor(spec, fault);
    if (!info)
        return info.error();
    Reach reach = awayFrom(spec, placesFor(fabric, withLoad, *info), avoidPorts);
    if (info->load == FaultLoad::Receives && !avoidPorts.isEmpty()) {
        // Nor where it would hold back the traffic of a place an earlier fault sits behind.
        const QHash<int, QList<int>> senders = sendersInto(fabric);
        reach.hosts.removeIf([&](int h) {
            const QList<int> held = portsHeldBack(senders, {switchPortOfHost(spec, h)});
            return std::any_of(held.cbegin(), held.cend(),
                               [&](int p) { return avoidPorts.contains(p); });
        });
    }
    bool loaded = withLoad;
    if (target.isEmpty() && noPlaceIn(reach, info->target)) {
        // Where the load runs, the faults before this one sit or hold the traffic back: it
        // lands elsewhere, with traffic of its own, or is said to have no place.
        reach = awayFrom(spec, placesFor(fabric, false, *info), avoidPorts);
        loaded = false;
        if (noPlaceIn(reach, info->target))
            return makeError(ErrorCode::Unsupported,
                             FaultText::tr("no place is left for fault '%1' that the faults "
                                           "before it do not sit behind or hold back: give it "
                                           "a target (%1:...)")
                                 .arg(fault));
    }
    const int stream = int(qHash(fault) & 0xffff);
    InjectedFault out;
    out.fault = fault;
    out.kind = info->findingKind;
    out.drawn = target.isEmpty();

    const auto aim = aimAt(Targeting {spec, fault, target, reach, seed, stream}, *info);
    if (!aim)
        return aim.error();
    applyFault(Injection {fabric, spec, fault, loaded, *aim}, out);
    out.switchPorts = portsBehind(spec, *info, *aim);
    if (info->load == FaultLoad::Receives)
        out.switchPorts += portsHeldBack(sendersInto(fabric), out.switchPorts);
    return out;
}

Result<void> checkFault(const FabricSpec &spec, const QString &fault, const QString &target)
{
    const auto info = faultFor(spec, fault);
    if (!info)
        return info.error();
    if (target.isEmpty())
        return {};
    const Reach none;
    const auto aim = aimAt(Targeting {spec, fault, target, none, 0, 0}, *info);
    if (!aim)
        return aim.error();
    return {};
}

}  // namespace roce::sim
