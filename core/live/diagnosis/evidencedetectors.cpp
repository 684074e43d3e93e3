// Evidence from beyond the counters: latency verdicts of the pingmesh (a slow host shows in
// no counter), and each switch's QoS audit (configuration is evidence too).
#include "live/diagnosis/detectors.h"

#include <QJsonArray>
#include <QSet>

namespace roce::diagnosis {

namespace {

/// How long a latency verdict on a host behind a busy queue must hold before the host is
/// named (the pingmesh's window is 3 s).
constexpr qint64 kBusyQueueVerdictMs = 8'000;

/// How long late probes are still a busy queue's after it quietened: the pingmesh's window
/// (3 s), the agents' report and the verdict's own debounce.
constexpr qint64 kQueueMemoryMs = 10'000;

/// Whether the queue of a switch port in front of @p host's NICs is busy now: the port runs
/// near line rate toward it, marks ECN or pauses (or is paused).
bool queueBusy(const DetectorContext &ctx, const QString &host)
{
    const FabricIndex &ix = ctx.index;
    for (qsizetype n : ix.nicsOfHost(host)) {
        const qsizetype port = ix.switchPortOfNic(n);
        for (qsizetype i : {n, port}) {
            if (i < 0)
                continue;
            if (ctx.pausing(i) || ctx.paused(i) || ctx.rate(i, model::Metric::Ecn) > 0
                || ctx.rate(i, model::Metric::OutUtil) >= ctx.t.congestedPercent
                || ctx.rate(i, model::Metric::InUtil) >= ctx.t.congestedPercent)
                return true;
        }
    }
    return false;
}

/// The load of the queue in front of @p host now: the utilization toward it, the ECN marks
/// of that port (they grow with the queue's depth above the marking threshold) and the pauses
/// on its links.
QueueLoad queueLoad(const DetectorContext &ctx, const QString &host)
{
    const FabricIndex &ix = ctx.index;
    QueueLoad load;
    load.ms = ctx.in.nowMs;
    for (qsizetype n : ix.nicsOfHost(host)) {
        const qsizetype port = ix.switchPortOfNic(n);
        if (port < 0)
            continue;
        load.utilPercent = std::max(load.utilPercent, ctx.rate(port, model::Metric::OutUtil));
        load.ecnPerSec = std::max(load.ecnPerSec, ctx.rate(port, model::Metric::Ecn));
        for (qsizetype i : {n, port})
            load.pausesPerSec = std::max({load.pausesPerSec, ctx.rate(i, model::Metric::TxPause),
                                          ctx.rate(i, model::Metric::RxPause)});
    }
    return load;
}

/// Remembers, for every host, when the queue in front of it was last busy and its loads
/// within the verdicts' memory.
void rememberBusyQueues(const DetectorContext &ctx)
{
    const qint64 now = ctx.in.nowMs;
    for (const QString &host : ctx.index.hosts()) {
        HostQueue &q = ctx.queues[host];
        if (queueBusy(ctx, host))
            q.busyAtMs = now;
        q.recent.append(queueLoad(ctx, host));
        while (!q.recent.isEmpty() && now - q.recent.first().ms > kQueueMemoryMs)
            q.recent.removeFirst();
    }
}

bool recentlyBusy(const DetectorContext &ctx, const QString &host)
{
    const auto it = ctx.queues.constFind(host);
    return it != ctx.queues.constEnd() && it->busyAtMs >= 0
        && ctx.in.nowMs - it->busyAtMs <= kQueueMemoryMs;
}

/// The highest load of each kind the queue in front of @p host had lately.
QueueLoad peakLoad(const DetectorContext &ctx, const QString &host)
{
    QueueLoad peak;
    for (const QueueLoad &l : ctx.queues.value(host).recent) {
        peak.utilPercent = std::max(peak.utilPercent, l.utilPercent);
        peak.ecnPerSec = std::max(peak.ecnPerSec, l.ecnPerSec);
        peak.pausesPerSec = std::max(peak.pausesPerSec, l.pausesPerSec);
    }
    return peak;
}

/// Whether queue @p other was at least as loaded as @p mine: as busy (ten points of
/// utilization: two ports of one job never run exactly alike) and marking at least half as
/// much.
bool atLeastAsLoaded(const QueueLoad &other, const QueueLoad &mine)
{
    return other.utilPercent >= mine.utilPercent - 10 && other.ecnPerSec >= 0.5 * mine.ecnPerSec;
}

/// Servers whose probes share a switch port queue with @p host's (virtual servers behind one
/// hypervisor uplink), @p host excluded.
QSet<QString> portSiblings(const DetectorContext &ctx, const QString &host)
{
    const FabricIndex &ix = ctx.index;
    QSet<QString> siblings;
    for (qsizetype n : ix.nicsOfHost(host)) {
        const qsizetype port = ix.switchPortOfNic(n);
        if (port < 0)
            continue;
        for (const QString &id : ix.farEndIds(port))
            siblings.insert(id.section(QLatin1Char('/'), 0, 0));
    }
    siblings.remove(host);
    return siblings;
}

/// Whether a queue in front of @p host explains slow probes: it is busy, or was within the
/// verdict's memory, and pauses or no host whose queue was as loaded answers in time. Probes wait
/// in that queue like the traffic does; the host is not slow, the port is busy (the counters'
/// detectors name congestion, and working as designed is no fault). But when queues as
/// loaded leave other hosts' probes on time (every rank of a training job runs its ports
/// alike), the queue is not what makes this host late.
bool queueExplainsLatency(const DetectorContext &ctx, const QString &host,
                          const QSet<QString> &slow)
{
    if (!recentlyBusy(ctx, host))
        return false;
    // PFC holds probes as it holds the traffic, and the pause tree names who pauses: a paused
    // or pausing queue always explains late probes.
    const QueueLoad mine = peakLoad(ctx, host);
    if (mine.pausesPerSec >= ctx.t.pausesPerSec)
        return true;
    const QSet<QString> siblings = portSiblings(ctx, host);
    for (const QString &other : ctx.index.hosts()) {
        if (other == host || slow.contains(other) || siblings.contains(other)
            || !recentlyBusy(ctx, other))
            continue;
        if (atLeastAsLoaded(peakLoad(ctx, other), mine))
            return false;
    }
    return true;
}

/// Whether @p host's link to its switch is down, or was a moment ago: its probes are lost
/// or late because of the link (the link's finding names it), not the host.
bool linkExplainsLatency(const DetectorContext &ctx, const QString &host)
{
    const FabricIndex &ix = ctx.index;
    for (qsizetype n : ix.nicsOfHost(host)) {
        if (ctx.downAt.contains(ctx.id(n)))
            return true;
        const qsizetype port = ix.switchPortOfNic(n);
        if (port >= 0 && ctx.downAt.contains(ctx.id(port)))
            return true;
        if (isDown(ix.port(n)) || (port >= 0 && isDown(ix.port(port))))
            return true;
    }
    return false;
}

/// Hosts the pingmesh finds slow now (from its active latency verdicts).
QSet<QString> slowHosts(const DetectorContext &ctx)
{
    QSet<QString> hosts;
    for (const monitor::Alert &a : ctx.in.alerts)
        if (a.active
            && (a.rule == QLatin1String("pingmesh_host")
                || a.rule == QLatin1String("pingmesh_slow_host")
                || (a.rule == QLatin1String("pingmesh_nic") && a.value < 1.0)))
            hosts.insert(a.port.section(QLatin1Char('/'), 0, 0));
    return hosts;
}

/// Whether late probes of @p host say nothing about the host: its port's queue is or was just
/// busy (the probes wait in it like the traffic), its link is or was just down, or every server
/// sharing that port is late too (the port is the common factor). Round trips alone cannot split
/// a host's delay from a queue's, and naming an innocent host is worse than naming none: a slow
/// host behind a busy port is named by its own turnaround (pingmesh_slow_host) instead.
bool latencyNotTheHost(const DetectorContext &ctx, const QString &host, const QSet<QString> &slow)
{
    if (queueExplainsLatency(ctx, host, slow) || linkExplainsLatency(ctx, host))
        return true;
    const QSet<QString> siblings = portSiblings(ctx, host);
    if (siblings.isEmpty())
        return false;
    for (const QString &s : siblings)
        if (!slow.contains(s))
            return false;
    return true;
}

}  // namespace

void detectLatency(const DetectorContext &ctx, QList<Candidate> &out)
{
    rememberBusyQueues(ctx);
    const QSet<QString> slow = slowHosts(ctx);
    for (const monitor::Alert &a : ctx.in.alerts) {
        if (!a.active || !a.rule.startsWith(QLatin1String("pingmesh_")))
            continue;
        const QString kind = a.rule.mid(int(qstrlen("pingmesh_")));
        Candidate c;
        Finding &f = c.finding;
        f.evidence.append({a.port, a.rule, a.value, a.meaning, DiagnosisText::tr("pingmesh")});
        c.involved.append(a.port);
        // The host's own turnaround: no queue or link is in it, so nothing else explains it.
        const bool byOwnClock = kind == QLatin1String("slow_host");
        if (byOwnClock || kind == QLatin1String("host")
            || (kind == QLatin1String("nic") && a.value < 1.0 /* loss %: slow, not lossy */)) {
            const QString host = a.port.section(QLatin1Char('/'), 0, 0);
            // A busy queue or a shared port explains late round trips without the host.
            if (!byOwnClock && latencyNotTheHost(ctx, host, slow))
                continue;
            // Behind a busy queue a round-trip verdict must hold longer: a rank of a running
            // job can be late for a moment on its own (a burst, a collective's skew), a slow
            // host stays.
            if (!byOwnClock && recentlyBusy(ctx, host)
                && ctx.in.nowMs - a.firstMs < kBusyQueueVerdictMs)
                continue;
            f.kind = QStringLiteral("slow_host");
            f.location = host;
            f.severity = Severity::Warning;
            f.summary = byOwnClock
                ? DiagnosisText::tr("%1 takes longer than the other hosts to answer a probe, by "
                                    "its own clock: the host, not the network.")
                      .arg(host)
                : DiagnosisText::tr("%1 answers late on every path while the fabric's "
                                    "counters stay clean: the host, not the network.")
                      .arg(host);
            f.whatToCheck = DiagnosisText::tr("On %1: the CPU governor (powersave), interrupt "
                                              "affinity and NUMA placement of the NIC, other load; "
                                              "'rocectl pingmesh' rows and columns of it.")
                                .arg(host);
            const QString governor
                = ctx.in.configs.value(host).value(QStringLiteral("cpu_governor")).toString();
            if (!governor.isEmpty())
                f.evidence.append({host, QStringLiteral("cpu_governor"), 0, governor, {}});
            c.involved.append(host);
        } else if (kind == QLatin1String("nic") || kind == QLatin1String("link")) {
            // Loss on the pairs through one NIC or one link: the cable or the NIC's port.
            QString where = a.port;
            const qsizetype i = ctx.index.indexOf(a.port);
            if (i >= 0 && ctx.nic(i) && ctx.index.switchPortOfNic(i) >= 0)
                where = ctx.id(ctx.index.switchPortOfNic(i));
            f.kind = QStringLiteral("bad_link");
            f.location = where;
            f.severity = Severity::Critical;
            f.summary = DiagnosisText::tr("Probes through %1 are lost: a bad cable or NIC port.")
                            .arg(a.port);
            f.whatToCheck = a.check;
            c.involved.append(where);
        } else if (kind == QLatin1String("congestion")) {
            // Probes wait in a port's queue: congestion there, the pause tree's finding when
            // the queue pauses someone (they merge), and one all the same when it pauses no
            // one (an all-reduce's burst into a shared uplink): the queue is the load's, not a
            // fault, so it stays info.
            f.kind = QStringLiteral("congestion");
            f.location = a.port;
            f.severity = Severity::Info;
            f.summary = DiagnosisText::tr("Probes through %1 wait in its queue: it is congested "
                                          "(a hot path, an incast or an all-reduce's burst).")
                            .arg(a.port);
            f.whatToCheck = a.check;
            const qsizetype i = ctx.index.indexOf(a.port);
            if (i >= 0) {
                f.evidence.append(
                    ctx.measured(i, model::Metric::OutUtil, DiagnosisText::tr("of line rate")));
                f.evidence.append(
                    ctx.measured(i, model::Metric::Ecn, DiagnosisText::tr("ECN marks")));
            }
        } else {
            continue;  // pauses and ECN: the counters' detectors name those
        }
        out.append(c);
    }
}

void detectSwitchConfig(const DetectorContext &ctx, QList<Candidate> &out)
{
    for (auto it = ctx.in.configs.cbegin(); it != ctx.in.configs.cend(); ++it) {
        if (!it.value().contains(QStringLiteral("checks")))
            continue;  // a host's NIC facts, not a switch's audit
        const QString &sw = it.key();
        struct Rule {
            const char *check;
            const char *kind;
            Severity severity;
        };
        for (const Rule &r : {Rule {"pfc_cos_no_drop", "pfc_cos_mismatch", Severity::Critical},
                              Rule {"wred_ecn_roce", "ecn_not_marking", Severity::Warning}}) {
            const auto [status, summary] = auditCheck(ctx.in, sw, QLatin1String(r.check));
            if (status != QLatin1String("fail"))
                continue;
            Candidate c;
            Finding &f = c.finding;
            f.kind = QLatin1String(r.kind);
            f.location = sw;
            f.severity = r.severity;
            f.evidence.append({sw, QStringLiteral("audit:") + QLatin1String(r.check), 0, summary,
                               DiagnosisText::tr("the switch's running configuration")});
            f.summary = r.kind == QByteArrayView("pfc_cos_mismatch")
                ? DiagnosisText::tr("%1's configuration pauses a CoS the RoCE traffic does not "
                                    "ride: under load its lossless class will drop.")
                      .arg(sw)
                : DiagnosisText::tr("%1's configuration marks no ECN on the RoCE queue: DCQCN "
                                    "never hears of congestion there, and PFC alone holds it.")
                      .arg(sw);
            f.whatToCheck = DiagnosisText::tr("rocectl audit on %1 (%2), and the fix it prints.")
                                .arg(sw, QLatin1String(r.check));
            c.immediate = true;
            c.involved.append(sw);
            c.switchScopes = {sw};
            c.rules = {QStringLiteral("lossless_drops"), QStringLiteral("pfc_without_ecn")};
            out.append(c);
        }
    }
}

}  // namespace roce::diagnosis
