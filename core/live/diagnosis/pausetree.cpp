// The PFC wait-for graph: who pauses whom, along LLDP's cables, through the switches, back to
// the port or NIC that pauses and is not itself waiting (REFERENCE-DIAGNOSIS §1).
#include "live/diagnosis/detectors.h"

namespace roce::diagnosis {

namespace {

using model::Metric;

/// A tree grown from one root: its edges, what it holds back, and who pauses each victim.
struct Tree {
    QList<PauseEdge> edges;
    QStringList victims;
    QStringList members;  ///< every node of the tree (for the alerts it explains)
    QHash<QString, QString> pauser;
    int pausedNics = 0;
    int pausedPorts = 0;
};

/// Grows the tree from @p pressure, an egress port that is paused or congested: every port
/// of its switch that sends pauses waits on it (its ingress fills with what queues there),
/// and whatever those pause is a victim; a paused switch port passes the pressure on to its
/// own switch. @p taken: nodes already in an earlier root's tree (the first root keeps them).
Tree grow(const DetectorContext &ctx, qsizetype pressure, QSet<qsizetype> &taken)
{
    const FabricIndex &ix = ctx.index;
    Tree tree;
    QList<qsizetype> frontier {pressure};
    taken.insert(pressure);
    tree.members.append(ctx.id(pressure));
    while (!frontier.isEmpty()) {
        const qsizetype x = frontier.takeFirst();
        for (qsizetype p : ix.portsOfSwitch(ctx.device(x))) {
            // x itself too: what enters by x and leaves by x (servers behind one hypervisor
            // uplink sending to each other) waits on its own egress.
            if ((p != x && taken.contains(p)) || !ctx.pausing(p))
                continue;
            if (p != x) {
                taken.insert(p);
                tree.members.append(ctx.id(p));
                tree.edges.append({ctx.id(p), ctx.id(x)});  // p's ingress waits on x's egress
            }
            for (qsizetype y : ix.farEnd(p)) {
                if (taken.contains(y))
                    continue;
                taken.insert(y);
                tree.members.append(ctx.id(y));
                tree.edges.append({ctx.id(y), ctx.id(p)});  // p pauses y
                tree.victims.append(ctx.id(y));
                tree.pauser.insert(ctx.id(y), ctx.id(p));
                if (ctx.nic(y)) {
                    ++tree.pausedNics;
                } else {
                    ++tree.pausedPorts;
                    frontier.append(y);  // its egress stops: its own switch fills behind it
                }
            }
        }
    }
    return tree;
}

void addTree(Candidate &c, const Tree &tree, const QString &rootWords)
{
    c.finding.pauseTree += tree.edges;
    c.finding.victims += tree.victims;
    c.involved += tree.members;
    for (auto it = tree.pauser.cbegin(); it != tree.pauser.cend(); ++it)
        c.causeFor.insert(
            it.key(), DiagnosisText::tr("paused by %1; the cause: %2").arg(it.value(), rootWords));
}

/// The NICs that stopped draining: they pause their switch port, or the PFC watchdog cut
/// them loose (watchdog drops on their port, discards at the NIC).
QList<qsizetype> stalledNics(const DetectorContext &ctx)
{
    QList<qsizetype> nics;
    for (qsizetype i = 0; i < ctx.index.size(); ++i) {
        if (!ctx.nic(i))
            continue;
        const qsizetype port = ctx.index.switchPortOfNic(i);
        const double watchdog = port >= 0 ? ctx.rate(port, Metric::WatchdogDrops) : 0.0;
        const double discards
            = ctx.rate(i, Metric::RxDiscardsPhy) + ctx.rate(i, Metric::PrioDiscards);
        if (ctx.pausing(i) || watchdog >= ctx.t.errorsPerSec || discards >= ctx.t.errorsPerSec)
            nics.append(i);
    }
    return nics;
}

/// Stalled NICs grouped by the switch port they stall, in the order first met.
struct StallGroups {
    QHash<qsizetype, QList<qsizetype>> byPort;  ///< a NIC with no switch port: key -2 - nic
    QList<qsizetype> order;
};

StallGroups stallGroups(const DetectorContext &ctx)
{
    // NICs behind one switch port (virtual servers on a hypervisor's uplink) share the
    // physical port that stalls: one root.
    StallGroups groups;
    for (qsizetype nic : stalledNics(ctx)) {
        const qsizetype port = ctx.index.switchPortOfNic(nic);
        const qsizetype key = port >= 0 ? port : -2 - nic;
        if (!groups.byPort.contains(key))
            groups.order.append(key);
        groups.byPort[key].append(nic);
    }
    return groups;
}

/// The summary and advice of a nic_stall finding whose location is already set.
void describeNicStall(const DetectorContext &ctx, Finding &f, qsizetype port, bool shared,
                      const Tree &tree)
{
    // Virtual servers on one physical port share its pause counters: which of them
    // stopped cannot be told from the counters, so the finding says who shares it.
    const QStringList sharers = shared ? ctx.index.farEndIds(port) : QStringList();
    const QString who = shared
        ? DiagnosisText::tr("The NIC behind %1 (one physical port shared by %2)")
              .arg(f.location, sharers.join(QStringLiteral(", ")))
        : f.location;
    f.summary = tree.victims.isEmpty()
        ? DiagnosisText::tr("%1 stops draining its receive buffer and pauses the switch "
                            "without end.")
              .arg(who)
        : DiagnosisText::tr("%1 stops draining its receive buffer and pauses the switch "
                            "without end; the pauses hold back %n port(s) and NIC(s) "
                            "upstream, which are victims, not causes.",
                            nullptr, int(tree.victims.size()))
              .arg(who);
    f.whatToCheck
        = DiagnosisText::tr(
              "The server behind %1: the driver (dmesg, mlx5_core), PCIe errors (lspci -vv, "
              "AER), "
              "the application posting receives; 'ethtool -S <netdev> | grep -E "
              "\"tx_prio3_pause|discards\"'. The switch's PFC watchdog cuts such a NIC loose "
              "('priority-flow-control watch-dog-interval on').")
              .arg(f.location);
}

/// The nic_stall root of @p nics, which stall switch port @p port (-1: none), with the tree
/// of pauses it grows.
Candidate nicStall(const DetectorContext &ctx, const QList<qsizetype> &nics, qsizetype port,
                   QSet<qsizetype> &taken)
{
    const bool shared = port >= 0 && ctx.index.farEnd(port).size() > 1;
    const qsizetype nic = nics.first();
    Candidate c;
    Finding &f = c.finding;
    f.kind = QStringLiteral("nic_stall");
    f.location = shared ? ctx.id(port) : ctx.id(nic);
    f.severity = Severity::Critical;
    for (qsizetype n : nics) {
        taken.insert(n);
        c.involved.append(ctx.id(n));
        f.evidence.append(
            ctx.measured(n, Metric::TxPause, DiagnosisText::tr("pauses it sends its switch port")));
        if (ctx.rate(n, Metric::RxDiscardsPhy) > 0)
            f.evidence.append(ctx.measured(n, Metric::RxDiscardsPhy,
                                           DiagnosisText::tr("dropped for want of buffer")));
        if (ctx.rate(n, Metric::PrioDiscards) > 0)
            f.evidence.append(ctx.measured(n, Metric::PrioDiscards));
    }
    const QString rootWords = shared
        ? DiagnosisText::tr("the NIC port behind %1 stopped draining").arg(f.location)
        : DiagnosisText::tr("%1 stopped draining").arg(f.location);
    Tree tree;
    if (port >= 0) {
        c.involved.append(ctx.id(port));
        f.evidence.append(ctx.measured(port, Metric::RxPause,
                                       DiagnosisText::tr("pauses its switch port receives")));
        f.evidence.append(ctx.measured(port, Metric::OutUtil,
                                       DiagnosisText::tr("what it still sends, of line rate")));
        if (ctx.rate(port, Metric::WatchdogDrops) > 0)
            f.evidence.append(ctx.measured(port, Metric::WatchdogDrops,
                                           DiagnosisText::tr("the PFC watchdog cut it loose")));
        f.pauseTree.append({ctx.id(port), f.location});
        tree = grow(ctx, port, taken);
    }
    addTree(c, tree, rootWords);
    describeNicStall(ctx, f, port, shared, tree);
    return c;
}

/// Egress @p e of switch @p sw, near line rate and not paused itself: where a chain of
/// pauses ends, with or without ECN marking.
Candidate congestionRoot(const DetectorContext &ctx, const QString &sw, qsizetype e,
                         QSet<qsizetype> &taken)
{
    Candidate c;
    Finding &f = c.finding;
    const Tree tree = grow(ctx, e, taken);
    const bool marks = ctx.rate(e, Metric::Ecn) >= ctx.t.errorsPerSec;
    f.evidence.append(ctx.measured(e, Metric::OutUtil, DiagnosisText::tr("of line rate")));
    f.evidence.append(ctx.measured(e, Metric::Ecn, DiagnosisText::tr("ECN marks")));
    c.involved.append(ctx.id(e));
    if (!marks) {
        f.kind = QStringLiteral("ecn_not_marking");
        f.location = sw;
        f.severity = Severity::Warning;
        f.summary = DiagnosisText::tr("%1 runs at line rate and marks no ECN: PFC alone "
                                      "holds the congestion, and the pauses spread to %n "
                                      "port(s) and NIC(s).",
                                      nullptr, int(tree.victims.size()))
                        .arg(ctx.id(e));
        f.whatToCheck = DiagnosisText::tr(
                            "rocectl audit on %1 (wred_ecn_roce): 'random-detect ... ecn' on the "
                            "RoCE "
                            "queue, and 'service-policy type queuing output' attaching it ('show "
                            "policy-map system type queuing').")
                            .arg(sw);
    } else {
        f.kind = QStringLiteral("congestion");
        f.location = ctx.id(e);
        f.severity = Severity::Info;
        f.summary = DiagnosisText::tr("%1 is congested (an incast or a hot path): it marks "
                                      "ECN and DCQCN slows the senders; %n port(s) and "
                                      "NIC(s) upstream are paused meanwhile.",
                                      nullptr, int(tree.victims.size()))
                        .arg(ctx.id(e));
        f.whatToCheck
            = DiagnosisText::tr("Working as designed while the pauses stay brief: the senders' "
                                "rp_cnp_handled, the receiver's np_cnp_sent; the traffic "
                                "pattern (who sends "
                                "to %1).")
                  .arg(ctx.id(e));
    }
    addTree(c, tree, DiagnosisText::tr("%1 is congested").arg(ctx.id(e)));
    return c;
}

/// Congestion: on a switch whose ports pause their peers, an egress near line rate that
/// is not paused itself is where the chain ends.
void detectCongestion(const DetectorContext &ctx, QSet<qsizetype> &taken, QList<Candidate> &out)
{
    for (const QString &sw : ctx.index.switches()) {
        const QList<qsizetype> &ports = ctx.index.portsOfSwitch(sw);
        bool pausingLeft = false;
        bool marks = false;
        for (qsizetype p : ports) {
            pausingLeft = pausingLeft || (ctx.pausing(p) && !taken.contains(p));
            marks = marks || ctx.rate(p, Metric::Ecn) >= ctx.t.errorsPerSec;
        }
        if (!pausingLeft)
            continue;
        for (qsizetype e : ports) {
            if (taken.contains(e) || ctx.paused(e)
                || ctx.rate(e, Metric::OutUtil) < ctx.t.congestedPercent)
                continue;
            // Where the switch marks at other egresses, its ECN works: a busy one that marks
            // nothing has no queue above Kmin, so it is not what the pauses wait on (a training
            // ring's ports at 90 % beside the few its incast congests).
            if (marks && ctx.rate(e, Metric::Ecn) < ctx.t.errorsPerSec)
                continue;
            out.append(congestionRoot(ctx, sw, e, taken));
        }
    }
}

}  // namespace

void detectPauseTrees(const DetectorContext &ctx, QList<Candidate> &out)
{
    QSet<qsizetype> taken;

    // Stalled receivers first: they are certain roots.
    StallGroups groups = stallGroups(ctx);
    for (qsizetype key : std::as_const(groups.order)) {
        const QList<qsizetype> &nics = groups.byPort[key];
        out.append(nicStall(ctx, nics, key >= 0 ? key : -1, taken));
    }

    detectCongestion(ctx, taken, out);
}

}  // namespace roce::diagnosis
