#include "sim/scenarios/scenariotable.h"

#include "sim/scenarios/livesteps.h"
#include "sim/scenarios/scenariotext.h"

#include <QCoreApplication>

namespace roce::sim {

namespace {
using Live = ScenarioDefinition::Live;
using Batch = ScenarioDefinition::Batch;

/// No traffic, then seven servers sending to one under each PFC/ECN setting.
QList<ScenarioDefinition> idleAndIncasts()
{
    return {
        {QStringLiteral("idle"),
         Live {LiveScenarioText::tr("Idle"),
               LiveScenarioText::tr("No traffic: every counter stays flat."), [](Fabric &) {}, true,
               true},
         Batch {}},
        {QStringLiteral("lossy-incast"),
         Live {LiveScenarioText::tr("Incast, PFC off"),
               LiveScenarioText::tr(
                   "Seven servers send to one: Ingress MMU drops climb on the senders' "
                   "switch ports while "
                   "the receiver's port runs at 100% and no pause frames appear."),
               [](Fabric &f) {
                   f.setPfcEnabled(-1, false);
                   live::setWredEnabled(f, false);
                   live::startIncast(f);
               }},
         Batch {ScenarioText::tr("7 senders -> 1 receiver at 100G, PFC off, ECN off"),
                ScenarioText::tr(
                    "Ingress MMU drops climb on the 7 sender ports (about 6/7 of the offered load) "
                    "while the receiver port stays at 100% and no pause frames are sent."),
                20 * kNsPerMs,
                [](const ScenarioOptions &o) { return batch::incast(o, false, false, 7); }}},
        {QStringLiteral("pfc-incast"),
         Live {
             LiveScenarioText::tr("Incast, PFC on"),
             LiveScenarioText::tr(
                 "Same incast with PFC: MMU drops stop, TxPPP rises on the senders' ports and the "
                 "senders count rx_prio3_pause."),
             [](Fabric &f) {
                 live::setWredEnabled(f, false);
                 live::startIncast(f);
             }},
         Batch {ScenarioText::tr("7 senders -> 1 receiver at 100G, PFC on, ECN off"),
                ScenarioText::tr(
                    "MMU drops stay at zero; TxPPP climbs on every sender port and the senders' "
                    "rx_prio3_pause counts rise; each sender gets about 1/7 of the link."),
                20 * kNsPerMs,
                [](const ScenarioOptions &o) { return batch::incast(o, true, false, 7); }}},
        {QStringLiteral("dcqcn-incast"),
         Live {LiveScenarioText::tr("Incast, PFC + ECN (DCQCN)"),
               LiveScenarioText::tr(
                   "The receiver counts CE marks and sends CNPs, the senders handle them and slow "
                   "down; pause frames fall well below PFC alone."),
               // On a leaf/spine fabric the receiver is the first server's first NIC and the
               // senders come over both its own leaf and the spines: the marks are on its leaf.
               [](Fabric &f) { live::startIncast(f); }, true, true},
         Batch {ScenarioText::tr("7 senders -> 1 receiver at 100G, PFC and ECN on"),
                ScenarioText::tr(
                    "The receiver counts CE marks (np_ecn_marked_roce_packets) and sends CNPs, the "
                    "senders count rp_cnp_handled and slow down; pauses fall well below PFC "
                    "alone."),
                20 * kNsPerMs,
                [](const ScenarioOptions &o) { return batch::incast(o, true, true, 7); }}},
        {QStringLiteral("ecn-lossy-incast"), Live {},
         Batch {ScenarioText::tr("7 senders -> 1 receiver at 100G, PFC off, ECN on"),
                ScenarioText::tr("Drops only in the start-up burst, then DCQCN holds the queue "
                                 "below the drop point."),
                60 * kNsPerMs,
                [](const ScenarioOptions &o) { return batch::incast(o, false, true, 7); }}},
        {QStringLiteral("wred-drop-incast"), Live {},
         Batch {ScenarioText::tr("7 senders -> 1 receiver on the reference fabric, WRED drops "
                                 "instead of marking"),
                ScenarioText::tr(
                    "No CNPs: the RoCE queue climbs toward the WRED maximum and drops; every "
                    "drop sends its flow back N, and a lost resend waits out the ACK timeout, so "
                    "goodput falls far below the link."),
                200 * kNsPerMs,
                [](const ScenarioOptions &o) {
                    return batch::referenceIncast(o, batch::ReferenceQueuing::WredDrops);
                }}},
        {QStringLiteral("static-pause-incast"), Live {},
         Batch {ScenarioText::tr("7 senders -> 1 receiver on the reference fabric, pause at "
                                 "30 KB, resume at 28 KB"),
                ScenarioText::tr("Each sender's port pauses and resumes many times a "
                                 "millisecond; the receiver's link stays full."),
                100 * kNsPerMs,
                [](const ScenarioOptions &o) {
                    return batch::referenceIncast(o, batch::ReferenceQueuing::StaticPause);
                }}},
    };
}

/// Batch only: how DCQCN shares a link between a few flows, and the SIGCOMM'15 paper's runs.
/// The paper runs' length: alpha starts at 1 and decays by 1/256 every 55 us (a 14 ms time
/// constant), so the start-up takes 20-50 ms; the first fifth (warm-up) must cover it.
constexpr TimeNs kPaperRun = 300 * kNsPerMs;

QList<ScenarioDefinition> dcqcnFairnessRuns()
{
    return {
        {QStringLiteral("fair-2to1"), Live {},
         Batch {ScenarioText::tr("2 senders -> 1 receiver at 100G, ECN on, large xoff"),
                ScenarioText::tr(
                    "Both flows settle near 50 Gb/s (Jain index >= 0.95) with CE marks and almost "
                    "no pauses."),
                100 * kNsPerMs, &batch::fair2to1}},
        {QStringLiteral("paper-2to1"), Live {},
         Batch {ScenarioText::tr("Paper DCQCN (SIGCOMM'15): 2 -> 1 at 40G, 1 KB packets"),
                ScenarioText::tr("Flows near 20 Gb/s each; the mean queue sits near the fluid "
                                 "model's fixed point, about 23 KB."),
                kPaperRun, [](const ScenarioOptions &o) { return batch::paperIncast(o, 2); }}},
        {QStringLiteral("paper-4to1"), Live {},
         Batch {ScenarioText::tr("Paper DCQCN (SIGCOMM'15): 4 -> 1 at 40G, 1 KB packets"),
                ScenarioText::tr("Flows near 10 Gb/s each; the mean queue near the fixed point, "
                                 "about 51 KB."),
                kPaperRun, [](const ScenarioOptions &o) { return batch::paperIncast(o, 4); }}},
        {QStringLiteral("paper-7to1"), Live {},
         Batch {ScenarioText::tr("Paper DCQCN (SIGCOMM'15): 7 -> 1 at 40G, 1 KB packets"),
                ScenarioText::tr("Flows near 5.7 Gb/s each; the mean queue near the fixed "
                                 "point, about 102 KB."),
                kPaperRun, [](const ScenarioOptions &o) { return batch::paperIncast(o, 7); }}},
        {QStringLiteral("paper-10to1"), Live {},
         Batch {ScenarioText::tr("Paper DCQCN (SIGCOMM'15): 10 -> 1 at 40G, 1 KB packets"),
                ScenarioText::tr(
                    "Flows near 4 Gb/s each; the queue is longer than with 2 flows, as the fluid "
                    "model predicts: about 162 KB."),
                kPaperRun, [](const ScenarioOptions &o) { return batch::paperIncast(o, 10); }}},
    };
}

/// Training jobs: the ring all-reduce on the reference fabric, and across the rails.
QList<ScenarioDefinition> trainingLoads()
{
    return {
        {QStringLiteral("training"),
         Live {LiveScenarioText::tr("8-rank training"),
               LiveScenarioText::tr(
                   "Ring all-reduce bursts every iteration: ECN marks and CNPs rise during "
                   "all-reduce and drop to zero during compute."),
               &live::startTrainingEverywhere, true, true, false, &live::trainingEverywhere},
         Batch {
             ScenarioText::tr("8-rank ring all-reduce of 150 MB gradients on the reference fabric"),
             ScenarioText::tr(
                 "Bursts of traffic every iteration: ECN marks and CNPs rise during all-reduce "
                 "and fall to zero in the compute phase."),
             1000 * kNsPerMs, [](const ScenarioOptions &o) { return batch::trainingRing(o); }}},
        {QStringLiteral("wred-drop-training"), Live {},
         Batch {ScenarioText::tr("The 8-rank training on the reference fabric, WRED drops "
                                 "instead of marking"),
                ScenarioText::tr("The all-reduce's queues drop instead of marking: go-back-N "
                                 "resends and ACK timeouts stretch every all-reduce."),
                2000 * kNsPerMs,
                [](const ScenarioOptions &o) {
                    return batch::trainingRing(o, batch::ReferenceQueuing::WredDrops);
                }}},
        {QStringLiteral("static-pause-training"), Live {},
         Batch {ScenarioText::tr("The 8-rank training on the reference fabric, pause at 30 KB, "
                                 "resume at 28 KB"),
                ScenarioText::tr("The all-reduce's shared uplinks pause and resume many times a "
                                 "millisecond; the queue PFC holds stays under Kmin."),
                1000 * kNsPerMs,
                [](const ScenarioOptions &o) {
                    return batch::trainingRing(o, batch::ReferenceQueuing::StaticPause);
                }}},
        {QStringLiteral("rail-training"),
         Live {LiveScenarioText::tr("Training across the rails"),
               LiveScenarioText::tr(
                   "A ring all-reduce over the first NIC of a quarter of the servers crosses the "
                   "spines every iteration, and a 15:1 incast marks ECN on one leaf port."),
               &live::startRailWorkload, false, true, false, &live::railWorkloadTraining},
         Batch {}},
    };
}

/// Faults built into a leaf/spine scenario, on top of the rail workload.
QList<ScenarioDefinition> railFaults()
{
    return {
        {QStringLiteral("rail-ecmp-polarized"),
         Live {LiveScenarioText::tr("Fault: ECMP hash polarized"),
               LiveScenarioText::tr(
                   "16 servers of one leaf send to the next leaf, and every flow hashes onto the "
                   "same uplink: one uplink runs hot with ECN marks and pauses while the other "
                   "15 idle."),
               [](Fabric &f) {
                   f.setEcmpPolarized(true);
                   live::startRailWorkload(f);
                   live::startLeafToLeafBulk(f);
               },
               false, true},
         Batch {}},
        {QStringLiteral("rail-link-down"),
         Live {LiveScenarioText::tr("Fault: spine uplink down"),
               LiveScenarioText::tr(
                   "The training ring runs, then the uplink that carries it across the spines "
                   "goes down: ECMP moves the flows to the other spines and the ring keeps going."),
               [](Fabric &f) {
                   live::startRailWorkload(f);
                   const int uplink = live::runAndFindBusiestUplink(f, 50 * kNsPerMs);
                   if (uplink >= 0)
                       f.setLinkUp(uplink, false);
               },
               false, true},
         Batch {}},
        {QStringLiteral("rail-nic-stall"),
         Live {LiveScenarioText::tr("Fault: NIC stops draining (leaf/spine)"),
               LiveScenarioText::tr(
                   "The incast receiver's NIC stops draining: its leaf port is paused without "
                   "end and the pause spreads through the spines to the 15 senders' leaves."),
               [](Fabric &f) {
                   live::startRailWorkload(f);
                   const FabricSpec &spec = f.spec();
                   f.setNicStalled(spec.hosts[live::railIncastReceiver(f)].nicPort, true);
               },
               false, true},
         Batch {}},
        {QStringLiteral("rail-pfc-wrong-cos"),
         Live {LiveScenarioText::tr("Fault: PFC on the wrong CoS (leaf/spine)"),
               LiveScenarioText::tr(
                   "Every switch pauses CoS 4 while RoCE rides priority 3: the incast's pause "
                   "frames are ignored and Ingress MMU drops appear on its leaf."),
               [](Fabric &f) {
                   SwitchQosConfig q = f.qosConfig();
                   q.noDropPfcCos = 4;
                   f.setQosConfig(q);
                   live::setWredEnabled(f, false);
                   live::startRailWorkload(f);
               },
               false, true},
         Batch {}},
    };
}

/// Batch only: RDMA against a TCP stream.
QList<ScenarioDefinition> tcpBaseline()
{
    return {
        {QStringLiteral("rdma-vs-tcp"), Live {},
         Batch {ScenarioText::tr("RDMA against a TCP baseline on a 10G path (the seeds' lab)"),
                ScenarioText::tr(
                    "RDMA write bandwidth near 9.2 Gb/s against about 4.7 Gb/s for one TCP stream; "
                    "latency near 14 us against about 160 us."),
                120 * kNsPerMs, &batch::rdmaVsTcp}},
    };
}

/// Faults of liveFaults(), injected with an optional target: a link down and a NIC that
/// stops draining.
QList<ScenarioDefinition> linkAndNicFaults()
{
    return {
        {QStringLiteral("link-down"),
         Live {LiveScenarioText::tr("Fault: link down"),
               LiveScenarioText::tr(
                   "A switch port goes down during training: its servers show link down, the "
                   "flows through it stall and retry (local_ack_timeout_err)."),
               {},
               true,
               true,
               true},
         Batch {}},
        {QStringLiteral("nic-stall"),
         Live {LiveScenarioText::tr("Fault: NIC stops draining"),
               LiveScenarioText::tr(
                   "A NIC stops draining and pauses the switch without end: RxPPP climbs on its "
                   "port and the pause storm spreads back to the senders."),
               {},
               true,
               true,
               true},
         Batch {}},
        {QStringLiteral("nic-stall-watchdog"),
         Live {LiveScenarioText::tr("Fault: NIC stops draining, PFC watchdog on"),
               LiveScenarioText::tr(
                   "The same stalled NIC with the switch's PFC watchdog on: the watchdog shuts "
                   "the paused queue and drops it (WD drops on the receiver's switch port), and "
                   "what it lets through overruns the NIC (rx_discards_phy, rx_prio3_discards)."),
               {},
               true,
               true,
               true},
         Batch {}},
    };
}

/// Faults of liveFaults(): PFC, DSCP or ECN set up wrong on a switch or a server, and a
/// server slowed by its own settings.
QList<ScenarioDefinition> configurationFaults()
{
    return {
        {QStringLiteral("pfc-wrong-cos"),
         Live {LiveScenarioText::tr("Fault: PFC on the wrong CoS"),
               LiveScenarioText::tr(
                   "The switch pauses CoS 4 while RoCE rides priority 3: pause frames are sent but "
                   "ignored, and MMU drops appear despite PFC being on."),
               {},
               true,
               true,
               true},
         Batch {}},
        {QStringLiteral("ecn-off-host"),
         Live {LiveScenarioText::tr("Fault: ECN off on one sender"),
               LiveScenarioText::tr(
                   "DCQCN incast where one sender's adapter has ECN off: it counts rp_cnp_ignored "
                   "instead of rp_cnp_handled, keeps its rate, and takes more than its share."),
               {},
               true,
               true,
               true},
         Batch {}},
        {QStringLiteral("slow-host"),
         Live {LiveScenarioText::tr("Fault: one slow server"),
               LiveScenarioText::tr(
                   "One server answers every message late (CPU in power-save, IRQs on the far "
                   "NUMA node): a latency matrix points at it while every fabric counter stays "
                   "clean."),
               {},
               true,
               true,
               true},
         Batch {}},
        {QStringLiteral("dscp-mismatch"),
         Live {LiveScenarioText::tr("Fault: DSCP mismatch"),
               LiveScenarioText::tr(
                   "A server marks RoCE with DSCP 34, which the class-map does not match: its "
                   "traffic lands in the lossy default class with tail drops and no PFC."),
               {},
               true,
               true,
               true},
         Batch {}},
    };
}

/// Faults of liveFaults(): a damaged cable, and a switch that does not mark ECN or hashes
/// every flow onto one uplink.
QList<ScenarioDefinition> badLinkAndSwitchFaults()
{
    return {
        {QStringLiteral("bad-link"),
         Live {LiveScenarioText::tr("Fault: bad link"),
               LiveScenarioText::tr(
                   "A damaged cable corrupts 3% of its frames during training: CRC errors at the "
                   "receiving end, loss, retransmissions and out-of-sequence packets."),
               {},
               true,
               true,
               true},
         Batch {}},
        {QStringLiteral("ecn-not-marking"),
         Live {LiveScenarioText::tr("Fault: ECN configured, not marking"),
               LiveScenarioText::tr(
                   "WRED/ECN is configured but its queuing policy is not on the egress ports: an "
                   "incast builds the queue, nothing is marked and PFC alone holds it."),
               {},
               true,
               true,
               true},
         Batch {}},
        {QStringLiteral("ecmp-polarized"),
         Live {LiveScenarioText::tr("Fault: ECMP hash polarized on a leaf"),
               LiveScenarioText::tr(
                   "One leaf hashes every flow to another leaf onto the same uplink: it runs hot "
                   "with ECN marks while the leaf's other uplinks idle."),
               {},
               false,
               true,
               true},
         Batch {}},
    };
}

}  // namespace

QList<ScenarioDefinition> scenarioTable()
{
    // The parts in the order lists show them, each in its own order.
    QList<ScenarioDefinition> table;
    for (const auto part :
         {idleAndIncasts, dcqcnFairnessRuns, trainingLoads, railFaults, tcpBaseline,
          linkAndNicFaults, configurationFaults, badLinkAndSwitchFaults})
        table.append(part());
    return table;
}

}  // namespace roce::sim
