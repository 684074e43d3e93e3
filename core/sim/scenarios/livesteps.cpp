#include "sim/scenarios/livesteps.h"

#include <algorithm>

namespace roce::sim::live {

void resetToBaseline(Fabric &fabric)
{
    fabric.stopAllFlows();
    fabric.setPfcEnabled(-1, true);
    WredParams wred = fabric.params().sw.wred;
    wred.enabled = true;
    wred.ecn = true;
    fabric.setWred(wred);
    fabric.setQosConfig(SwitchQosConfig {});
    // What `cli_conf` changed on a switch goes too: a scenario starts from the reference
    // configuration.
    for (int s = 0; s < fabric.spec().switches.size(); ++s) {
        SwitchQueuing q = switchQueuingOf(fabric.params().sw);
        q.wred = wred;
        fabric.setSwitchQueuing(s, q);
    }
    fabric.setPfcWatchdog(false);
    fabric.setEcmpPolarized(false);
    for (int p = 0; p < fabric.spec().switchPorts.size(); ++p) {
        if (fabric.spec().switchPorts[p].peerKind != PeerKind::None)
            fabric.setLinkUp(p, true);
    }
    for (int n = 0; n < fabric.spec().nicPorts.size(); ++n)
        fabric.setNicStalled(n, false);
    // Every host gets the fabric's common latency profile back (the median: it undoes a
    // slow-host fault), and keeps its stack profile.
    QList<TimeNs> rdma, tcp;
    for (int h = 0; h < fabric.spec().hosts.size(); ++h) {
        rdma.append(fabric.hostConfig(h).rdmaHostLatency);
        tcp.append(fabric.hostConfig(h).tcpHostLatency);
    }
    std::sort(rdma.begin(), rdma.end());
    std::sort(tcp.begin(), tcp.end());
    for (int h = 0; h < fabric.spec().hosts.size(); ++h) {
        HostConfig c = fabric.hostConfig(h);
        c.roceDscp = 26;
        c.ecnNpPrios = c.ecnRpPrios = 0xff;
        c.rdmaHostLatency = rdma[rdma.size() / 2];
        c.tcpHostLatency = tcp[tcp.size() / 2];
        fabric.setHostConfig(h, c);
    }
}

/// Receiver of the incast: the host alone on its switch port, so that the 7 senders arrive
/// from every other port (on the reference fabric: ubunturdma6 on Ethernet1/1/2).
int incastReceiver(const Fabric &fabric)
{
    const FabricSpec &spec = fabric.spec();
    for (int h = 0; h < spec.hosts.size(); ++h) {
        if (spec.hostsOnNicPort(spec.hosts[h].nicPort).size() == 1)
            return h;
    }
    return int(spec.hosts.size()) - 1;
}

/// The server the slow-host fault hits: the third, so that it is neither the first (the
/// usual hub of a matrix) nor the incast receiver.
int slowHost(const Fabric &)
{
    return 2;
}

void startIncast(Fabric &fabric)
{
    const int receiver = incastReceiver(fabric);
    for (int h = 0; h < fabric.spec().hosts.size() && h < 8; ++h) {
        if (h != receiver)
            fabric.startFlow(h, receiver);
    }
}
void setWredEnabled(Fabric &fabric, bool enabled)
{
    WredParams w = fabric.params().sw.wred;
    w.enabled = enabled;
    fabric.setWred(w);
}

namespace {

TrainingOptions eightRankTraining()
{
    TrainingOptions t;
    for (int h = 0; h < 8; ++h)
        t.ranks.append(h);
    t.computeTime = 40 * kNsPerMs;
    t.iterations = 1 << 30;
    return t;
}

}  // namespace

void startEightRankTraining(Fabric &fabric)
{
    fabric.startTraining(eightRankTraining());
}

RailShape railShapeOf(const FabricSpec &spec)
{
    // The model has one host per NIC; a server's NICs share the name before the netdev.
    RailShape shape;
    const auto serverOf = [&](int h) {
        return spec.nicPorts[spec.hosts[h].nicPort].name.section(QLatin1Char('/'), 0, 0);
    };
    while (shape.nics < spec.hosts.size() && serverOf(shape.nics) == serverOf(0))
        ++shape.nics;
    shape.nics = std::max(1, shape.nics);
    shape.hosts = int(spec.hosts.size()) / shape.nics;
    for (const SwitchSpec &sw : spec.switches)
        shape.spines += sw.role == QLatin1String("spine") ? 1 : 0;
    return shape;
}

/// Traffic that makes the map worth looking at: a training ring over the first NIC of a
/// quarter of the servers, and a 15:1 incast into one server on another rail.
QList<TrainingOptions> railWorkloadTraining(const FabricSpec &spec)
{
    const RailShape shape = railShapeOf(spec);
    TrainingOptions training;
    const int ranks = std::max(2, shape.hosts / 4);
    for (int h = 0; h < ranks; ++h)
        training.ranks.append(h * shape.nics);
    training.gradientBytes = 64LL * 1000 * 1000;
    training.computeTime = 2 * kNsPerMs;
    training.iterations = 1000000;
    return {training};
}

void startRailWorkload(Fabric &fabric)
{
    const RailShape shape = railShapeOf(fabric.spec());
    for (const TrainingOptions &t : railWorkloadTraining(fabric.spec()))
        fabric.startTraining(t);
    if (shape.hosts >= 32) {
        const int nic = std::min(2, shape.nics - 1);
        const int victim = railIncastReceiver(fabric);
        for (int s = 0; s < 15; ++s)
            fabric.startFlow(((shape.hosts / 2 + 40 + s * 5) % shape.hosts) * shape.nics + nic,
                             victim);
    }
}

int railIncastReceiver(const Fabric &fabric)
{
    const RailShape shape = railShapeOf(fabric.spec());
    if (shape.hosts < 32)
        return int(fabric.spec().hosts.size()) - 1;
    return (shape.hosts / 2 + 3) * shape.nics + std::min(2, shape.nics - 1);
}

void startNeighbourBulk(Fabric &fabric, int flowsPerNic)
{
    const RailShape shape = railShapeOf(fabric.spec());
    const int nics = int(fabric.spec().hosts.size());
    for (int i = 0; i < nics; ++i) {
        for (int k = 1; k <= flowsPerNic; ++k)
            fabric.startFlow(i, (i + shape.nics * k) % nics);
    }
}

void startTwoToOneBulk(Fabric &fabric)
{
    const RailShape shape = railShapeOf(fabric.spec());
    for (int h = 0; h < shape.hosts; ++h) {
        for (int k = 0; k < shape.nics; ++k) {
            for (int ahead : {2, 4})
                fabric.startFlow(h * shape.nics + k,
                                 ((h / 2 * 2 + ahead) % shape.hosts) * shape.nics + k);
        }
    }
}

int startLeafToLeafBulk(Fabric &fabric)
{
    const RailShape shape = railShapeOf(fabric.spec());
    const int nic = std::min(1, shape.nics - 1);
    // Servers 0..15 sit on the first leaf of their rail, 32..47 on the second (32 a leaf).
    for (int i = 0; i < 16 && 32 + i < shape.hosts; ++i)
        fabric.startFlow(i * shape.nics + nic, (32 + i) * shape.nics + nic);
    const FabricSpec &spec = fabric.spec();
    return spec.switchPorts[spec.nicPorts[spec.hosts[nic].nicPort].switchPort].switchIndex;
}

int runAndFindBusiestUplink(Fabric &fabric, TimeNs span)
{
    // Counters are cumulative across scenarios, so the bytes of this span decide.
    const FabricSpec &spec = fabric.spec();
    const int firstLeaf
        = spec.switchPorts[spec.nicPorts[spec.hosts[0].nicPort].switchPort].switchIndex;
    QList<int> uplinks;
    QList<quint64> before;
    int fallback = -1;
    for (int p = 0; p < spec.switchPorts.size(); ++p) {
        const SwitchPortSpec &sp = spec.switchPorts[p];
        if (sp.peerKind != PeerKind::SwitchPort
            || spec.switches[sp.switchIndex].role == QLatin1String("spine"))
            continue;
        uplinks.append(p);
        before.append(fabric.switchPortCounters(p).txBytes);
        if (fallback < 0 && sp.switchIndex == firstLeaf)
            fallback = p;
    }
    fabric.runFor(span);
    int busiest = fallback;
    quint64 most = 0;
    for (qsizetype i = 0; i < uplinks.size(); ++i) {
        const quint64 moved = fabric.switchPortCounters(uplinks[i]).txBytes - before[i];
        if (moved > most) {
            busiest = uplinks[i];
            most = moved;
        }
    }
    return busiest;
}

QList<TrainingOptions> trainingEverywhere(const FabricSpec &spec)
{
    bool leafSpine = false;
    for (const SwitchSpec &sw : spec.switches)
        leafSpine = leafSpine || sw.role == QLatin1String("spine");
    if (!leafSpine)
        return {eightRankTraining()};
    const RailShape shape = railShapeOf(spec);
    QList<TrainingOptions> rings;
    for (int nic = 0; nic < shape.nics; ++nic) {
        TrainingOptions ring;
        for (int h = 0; h < shape.hosts; ++h)
            ring.ranks.append(h * shape.nics + nic);
        ring.gradientBytes = 64LL * 1000 * 1000;
        ring.computeTime = 5 * kNsPerMs;
        ring.iterations = 1 << 30;
        rings.append(ring);
    }
    return rings;
}

void startTrainingEverywhere(Fabric &fabric)
{
    for (const TrainingOptions &t : trainingEverywhere(fabric.spec()))
        fabric.startTraining(t);
}

}  // namespace roce::sim::live
