#include "sim/livescenario.h"

#include <algorithm>

#include <QCoreApplication>

namespace roce::sim {

namespace {
class LiveScenarioText
{
    Q_DECLARE_TR_FUNCTIONS(LiveScenarioText)
};

void resetToBaseline(Fabric &fabric)
{
    fabric.stopAllFlows();
    fabric.setPfcEnabled(-1, true);
    WredParams wred = fabric.params().sw.wred;
    wred.enabled = true;
    wred.ecn = true;
    fabric.setWred(wred);
    fabric.setQosConfig(SwitchQosConfig {});
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
}  // namespace

void applyReferenceVmHosts(Fabric &fabric)
{
    for (int h = 0; h < fabric.spec().hosts.size(); ++h) {
        HostConfig c = fabric.hostConfig(h);
        c.tcpStackLimit = RateBps(4.7 * double(kGbps));
        c.rdmaHostLatency = 12270;  // 14.4 us one-way ib_write_lat on the seeds
        c.tcpHostLatency = 158800;  // ~161 us one-way sockperf on the seeds
        fabric.setHostConfig(h, c);
    }
}

QList<LiveScenario> liveScenarios()
{
    return {
        {QStringLiteral("idle"), LiveScenarioText::tr("Idle"),
         LiveScenarioText::tr("No traffic: every counter stays flat.")},
        {QStringLiteral("lossy-incast"), LiveScenarioText::tr("Incast, PFC off"),
         LiveScenarioText::tr("Seven servers send to one: Ingress MMU drops climb on the senders' "
                              "switch ports while "
                              "the receiver's port runs at 100% and no pause frames appear.")},
        {QStringLiteral("pfc-incast"), LiveScenarioText::tr("Incast, PFC on"),
         LiveScenarioText::tr(
             "Same incast with PFC: MMU drops stop, TxPPP rises on the senders' ports and the "
             "senders count rx_prio3_pause.")},
        {QStringLiteral("dcqcn-incast"), LiveScenarioText::tr("Incast, PFC + ECN (DCQCN)"),
         LiveScenarioText::tr(
             "The receiver counts CE marks and sends CNPs, the senders handle them and slow down; "
             "pause frames fall well below PFC alone.")},
        {QStringLiteral("training"), LiveScenarioText::tr("8-rank training"),
         LiveScenarioText::tr(
             "Ring all-reduce bursts every iteration: ECN marks and CNPs rise during all-reduce "
             "and drop to zero during compute.")},
        {QStringLiteral("link-down"), LiveScenarioText::tr("Fault: link down"),
         LiveScenarioText::tr(
             "A switch port goes down during training: its servers show link down, the flows "
             "through it stall and retry (local_ack_timeout_err).")},
        {QStringLiteral("nic-stall"), LiveScenarioText::tr("Fault: NIC stops draining"),
         LiveScenarioText::tr(
             "A NIC stops draining and pauses the switch without end: RxPPP climbs on its port and "
             "the pause storm spreads back to the senders.")},
        {QStringLiteral("pfc-wrong-cos"), LiveScenarioText::tr("Fault: PFC on the wrong CoS"),
         LiveScenarioText::tr(
             "The switch pauses CoS 4 while RoCE rides priority 3: pause frames are sent but "
             "ignored, and MMU drops appear despite PFC being on.")},
        {QStringLiteral("ecn-off-host"), LiveScenarioText::tr("Fault: ECN off on one sender"),
         LiveScenarioText::tr(
             "DCQCN incast where one sender's adapter has ECN off: it counts rp_cnp_ignored "
             "instead of rp_cnp_handled, keeps its rate, and takes more than its share.")},
        {QStringLiteral("slow-host"), LiveScenarioText::tr("Fault: one slow server"),
         LiveScenarioText::tr(
             "One server answers every message late (CPU in power-save, IRQs on the far NUMA "
             "node): a latency matrix points at it while every fabric counter stays clean.")},
        {QStringLiteral("dscp-mismatch"), LiveScenarioText::tr("Fault: DSCP mismatch"),
         LiveScenarioText::tr(
             "Hosts mark RoCE with DSCP 34, which the class-map does not match: traffic lands in "
             "the lossy default class with tail drops and no PFC.")},
    };
}

Result<void> applyLiveScenario(Fabric &fabric, const QString &name)
{
    bool known = false;
    for (const auto &s : liveScenarios())
        known = known || s.name == name;
    if (!known)
        return makeError(ErrorCode::NotFound,
                         LiveScenarioText::tr("unknown live scenario '%1'").arg(name));
    if (fabric.spec().hosts.size() < 8)
        return makeError(ErrorCode::Unsupported,
                         LiveScenarioText::tr("live scenarios need at least 8 hosts"));

    resetToBaseline(fabric);
    if (name == QLatin1String("idle"))
        return {};
    if (name == QLatin1String("lossy-incast")) {
        fabric.setPfcEnabled(-1, false);
        WredParams w = fabric.params().sw.wred;
        w.enabled = false;
        fabric.setWred(w);
        startIncast(fabric);
    } else if (name == QLatin1String("pfc-incast")) {
        WredParams w = fabric.params().sw.wred;
        w.enabled = false;
        fabric.setWred(w);
        startIncast(fabric);
    } else if (name == QLatin1String("dcqcn-incast")) {
        startIncast(fabric);
    } else if (name == QLatin1String("training") || name == QLatin1String("link-down")) {
        TrainingOptions t;
        for (int h = 0; h < 8; ++h)
            t.ranks.append(h);
        t.computeTime = 40 * kNsPerMs;
        t.iterations = 1 << 30;
        fabric.startTraining(t);
        if (name == QLatin1String("link-down")) {
            const FabricSpec &spec = fabric.spec();
            fabric.setLinkUp(spec.nicPorts[spec.hosts[incastReceiver(fabric)].nicPort].switchPort,
                             false);
        }
    } else if (name == QLatin1String("nic-stall")) {
        startIncast(fabric);
        fabric.setNicStalled(fabric.spec().hosts[incastReceiver(fabric)].nicPort, true);
    } else if (name == QLatin1String("pfc-wrong-cos")) {
        SwitchQosConfig q = fabric.qosConfig();
        q.noDropPfcCos = 4;
        fabric.setQosConfig(q);
        WredParams w = fabric.params().sw.wred;
        w.enabled = false;
        fabric.setWred(w);
        startIncast(fabric);
    } else if (name == QLatin1String("ecn-off-host")) {
        const int sender = incastReceiver(fabric) == 0 ? 1 : 0;
        HostConfig c = fabric.hostConfig(sender);
        c.ecnRpPrios = 0;  // roce_rp/enable/* = 0: CNPs arrive and are ignored
        fabric.setHostConfig(sender, c);
        startIncast(fabric);
    } else if (name == QLatin1String("slow-host")) {
        const int slow = slowHost(fabric);
        HostConfig c = fabric.hostConfig(slow);
        c.rdmaHostLatency *= 8;
        c.tcpHostLatency *= 3;
        fabric.setHostConfig(slow, c);
    } else if (name == QLatin1String("dscp-mismatch")) {
        for (int h = 0; h < fabric.spec().hosts.size(); ++h) {
            HostConfig c = fabric.hostConfig(h);
            c.roceDscp = 34;
            fabric.setHostConfig(h, c);
        }
        startIncast(fabric);
    }
    return {};
}

}  // namespace roce::sim
