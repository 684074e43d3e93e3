#include "collect/pingmesh/analyzer.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>

namespace roce::pingmesh {

namespace {

class AnalyzerText
{
    Q_DECLARE_TR_FUNCTIONS(AnalyzerText)
};

/// Probes of one endpoint towards one kind of peer (under its own switch, or across).
struct Tally {
    qint64 sent = 0;
    qint64 lost = 0;
    std::vector<double> p50s;
    int pairs = 0;
    int badPairs = 0;
    double loss() const { return sent > 0 ? double(lost) / double(sent) : 0.0; }
};

double rateOf(const QHash<QString, model::PortSample> &ports, const QString &id, model::Metric m)
{
    const auto it = ports.constFind(id);
    if (it == ports.cend())
        return 0;
    return it->value(m).value_or(0);
}

struct PortEvidence {
    double inErrors = 0, discards = 0, ecn = 0, pauses = 0, util = 0;
    double rxPauses = 0, txPauses = 0;  ///< pauses' two directions, as the switch port counts
    bool errors() const { return inErrors > 0 || discards > 0; }
    bool congested() const { return ecn > 0 || pauses > 0 || util >= 90; }
    /// The switch holds the NIC behind this port back with pauses, and the NIC does not pause
    /// the switch: a victim of PFC, whose probes wait behind the pauses as its traffic does.
    bool pausesItsNic() const { return txPauses > 0 && rxPauses <= 0; }
    /// The NIC behind this port pauses the switch and is not paused itself: it does not drain,
    /// and the queue in front of it is its own doing.
    bool pausedByItsNic() const { return rxPauses > 0 && txPauses <= 0; }
};

PortEvidence evidenceOf(const QHash<QString, model::PortSample> &ports, const QString &id)
{
    using model::Metric;
    PortEvidence e;
    e.inErrors = rateOf(ports, id, Metric::InErrors);
    e.discards = rateOf(ports, id, Metric::MmuDrops) + rateOf(ports, id, Metric::EgressDrops);
    e.ecn = rateOf(ports, id, Metric::Ecn);
    e.rxPauses = rateOf(ports, id, Metric::RxPause);
    e.txPauses = rateOf(ports, id, Metric::TxPause);
    e.pauses = e.rxPauses + e.txPauses;
    e.util = std::max(rateOf(ports, id, Metric::OutUtil), rateOf(ports, id, Metric::InUtil));
    return e;
}

void addPortEvidence(QJsonObject &o, const PortEvidence &e)
{
    o.insert(QStringLiteral("in_errors_per_s"), e.inErrors);
    o.insert(QStringLiteral("discards_per_s"), e.discards);
    o.insert(QStringLiteral("ecn_marked_per_s"), e.ecn);
    o.insert(QStringLiteral("pause_frames_per_s"), e.pauses);
    o.insert(QStringLiteral("utilization_pct"), e.util);
}

/// roce::median of a copy (the caller's values stay in order).
double median(std::vector<double> v)
{
    return roce::median(v);
}

/// Switch ports the pair may cross, each with its share of the pair's probes.
QList<std::pair<QString, double>> pathPorts(const PairMatrix &matrix, const FabricPaths &paths,
                                            int pair)
{
    const PingPair &p = matrix.pairs()[pair];
    const Endpoint &s = matrix.endpoints()[p.src];
    const Endpoint &d = matrix.endpoints()[p.dst];
    QList<std::pair<QString, double>> out;
    if (!s.switchName.isEmpty())
        out.append({s.switchPortId(), 1.0});
    if (!d.switchName.isEmpty() && d.switchPortId() != s.switchPortId())
        out.append({d.switchPortId(), 1.0});
    if (s.switchName.isEmpty() || d.switchName.isEmpty() || s.switchName == d.switchName)
        return out;
    for (const QString &sw : {s.switchName, d.switchName}) {
        const QStringList ups = paths.uplinks.value(sw);
        for (const QString &u : ups) {
            const double share = 1.0 / double(ups.size());
            out.append({u, share});
            const QString far = paths.farEnd.value(u);
            if (!far.isEmpty())
                out.append({far, share});
        }
    }
    return out;
}

/// What one evaluation judges by: the matrix, its summaries, the switches' port rates and the
/// typical round trips per kind of path (0: under one switch, 1: across switches).
struct Context {
    const AnalyzerThresholds &t;
    const PairMatrix &matrix;
    const FabricPaths &paths;
    const QList<Endpoint> &endpoints;
    const QList<PingPair> &pairs;
    const QList<PairSummary> &summaries;
    const QHash<QString, model::PortSample> &switchPorts;
    double baseOf[2] = {0, 0};
    double base = 0;
    double margin = 0;

    int kindOf(const PingPair &p) const
    {
        return endpoints[p.src].switchName != endpoints[p.dst].switchName ? 1 : 0;
    }
    double slowAbove(int kind) const
    {
        return std::max(baseOf[kind] * t.slowFactor, baseOf[kind] + margin);
    }
    bool pairLossy(const PairSummary &s) const
    {
        return s.lost > 0 && s.lossRatio() >= t.lossRatio;
    }
    bool pairSlow(const PairSummary &s, const PingPair &p) const
    {
        return s.sent > s.lost && s.p50Us >= slowAbove(kindOf(p));
    }
};

/// The pairs step 2 finds bad of one kind (lossy, or slow without loss), and the weight each
/// switch port gets from the paths they may cross.
struct PathTally {
    int pairs = 0;
    qint64 lostProbes = 0;
    std::vector<double> p50s, bases;
    QHash<QString, double> weight;
};

/// The endpoints step 1 set aside, why ("loss", "latency", or "paused": a victim of PFC), and
/// the tallies it judged them on.
struct Flags {
    QList<bool> flagged;
    QList<QString> reason;
    QList<std::array<Tally, 2>> tallies;
    /// Per endpoint: its NIC pauses its switch (a root of PFC, not a victim): judged on its
    /// pairs with PFC's victims too, whose probes it holds back.
    QList<bool> pausesSwitch;
    bool paused(int e) const { return reason[e] == QLatin1String("paused"); }
    /// Set aside as bad itself, not as PFC's victim: what a verdict names.
    bool bad(int e) const { return flagged[e] && !paused(e); }
};

QList<std::array<Tally, 2>> tallyEndpoints(const Context &c, const Flags &f)
{
    QList<std::array<Tally, 2>> tallies(c.endpoints.size());  // [0] same switch, [1] across
    for (int i = 0; i < c.pairs.size(); ++i) {
        const PingPair &p = c.pairs[i];
        if (f.bad(p.src) || f.bad(p.dst))
            continue;
        const PairSummary &s = c.summaries[i];
        const int kind = c.kindOf(p);
        for (int e : {p.src, p.dst}) {
            // A victim of PFC is not judged, and its pairs judge only the NIC that pauses.
            const int other = e == p.src ? p.dst : p.src;
            if (f.paused(e) || (f.paused(other) && !f.pausesSwitch[e]))
                continue;
            Tally &t = tallies[e][kind];
            t.sent += s.sent;
            t.lost += s.lost;
            t.pairs += 1;
            if (s.sent > s.lost)
                t.p50s.push_back(s.p50Us);
            if (c.pairLossy(s) || c.pairSlow(s, p))
                t.badPairs += 1;
        }
    }
    return tallies;
}

double badness(const Context &c, int e, const std::array<Tally, 2> &tally, QString &why)
{
    int judged = 0, lossBad = 0, slowBad = 0;
    qint64 sent = 0;
    for (int kind = 0; kind < 2; ++kind) {
        const Tally &t = tally[kind];
        sent += t.sent;
        if (t.sent < c.t.minProbes / 2)
            continue;
        ++judged;
        if (t.lost >= 3 && t.loss() >= c.t.lossRatio)
            ++lossBad;
        if (t.p50s.size() >= 3 && median(t.p50s) >= c.slowAbove(kind))
            ++slowBad;
    }
    if (judged == 0 || sent < c.t.minProbes)
        return 0;
    const bool lossy = lossBad == judged;
    // A busy queue in front of the endpoint explains its late probes, unless the endpoint's
    // own NIC makes that queue (it pauses its switch: a NIC that stopped draining).
    const PortEvidence own = evidenceOf(c.switchPorts, c.endpoints[e].switchPortId());
    const bool slow = slowBad == judged && (!own.congested() || own.pausedByItsNic());
    if (!lossy && !slow)
        return 0;
    const Tally &all = tally[0].sent >= tally[1].sent ? tally[0] : tally[1];
    why = lossy ? QStringLiteral("loss") : QStringLiteral("latency");
    return (lossy ? 1.0 + all.loss() : 0.0)
        + (slow && c.base > 0 ? median(all.p50s) / c.base / 1000.0 : 0.0);
}

Verdict cableVerdict(const Endpoint &ep, const Tally &t, const PortEvidence &pe)
{
    Verdict v;
    v.kind = QStringLiteral("link");
    v.port = ep.switchPortId();
    v.host = ep.host;
    v.nic = ep.id();
    v.summary = AnalyzerText::tr("Probes to and from %1 are lost (%2 %) and its switch port %3 "
                                 "counts %4 input errors/s: the cable or optic between them is "
                                 "bad.")
                    .arg(ep.id())
                    .arg(round2(t.loss() * 100))
                    .arg(v.port)
                    .arg(round2(pe.inErrors));
    v.check = AnalyzerText::tr("`show interface %1` CRC and input errors, the optic's receive "
                               "power (`show interface %1 transceiver details`); reseat or "
                               "replace the cable and optics.")
                  .arg(v.port);
    return v;
}

Verdict hostVerdict(const Endpoint &ep)
{
    Verdict v;
    v.kind = QStringLiteral("host");
    v.host = ep.host;
    v.summary = AnalyzerText::tr("Every NIC of %1 loses or delays probes in both directions, "
                                 "towards every peer: the server itself (PCIe, CPU, driver) is "
                                 "the fault.")
                    .arg(ep.host);
    v.check = AnalyzerText::tr("The host's load and interrupts, `dmesg` for PCIe or mlx5 errors, "
                               "the firmware and driver versions of its NICs.");
    return v;
}

Verdict nicVerdict(const Endpoint &ep, const Tally &t, const QString &reason, double base)
{
    Verdict v;
    v.kind = QStringLiteral("nic");
    v.host = ep.host;
    v.nic = ep.id();
    v.summary = reason == QLatin1String("loss")
        ? AnalyzerText::tr("Probes to and from %1 are lost (%2 %) towards every peer, "
                           "while its switch port counts no errors: the NIC is the fault.")
              .arg(ep.id())
              .arg(round2(t.loss() * 100))
        : AnalyzerText::tr("Probes to and from %1 take %2 us against %3 us elsewhere, "
                           "with no congestion on its switch port: the NIC is slow.")
              .arg(ep.id())
              .arg(round2(median(t.p50s)))
              .arg(round2(base));
    v.check = AnalyzerText::tr("`ethtool -S` of its netdev (rx_discards_phy, out_of_buffer), "
                               "`rdma statistic show` (out_of_sequence, packet_seq_err), its PCIe "
                               "link (`lspci -vv`), firmware; swap the NIC or move the job off "
                               "it.");
    return v;
}

std::pair<QString, double> busiest(const Context &c, const QHash<QString, double> &weights,
                                   const std::function<bool(const PortEvidence &)> &accept)
{
    QString top;
    double topWeight = 0;
    double topStrength = -1;
    for (auto it = weights.cbegin(); it != weights.cend(); ++it) {
        const PortEvidence e = evidenceOf(c.switchPorts, it.key());
        if (!accept(e))
            continue;
        // Equal weights (the two ends of an uplink): the end that shows more of it.
        const double strength = e.inErrors + e.discards + e.ecn + e.pauses;
        if (it.value() > topWeight + 1e-9
            || (std::abs(it.value() - topWeight) <= 1e-9 && strength > topStrength)) {
            top = it.key();
            topWeight = it.value();
            topStrength = strength;
        }
    }
    return {top, topWeight};
}

/// A verdict on a switch port that paths share: @p ev, then the port's own counters.
Verdict portVerdict(const QString &kind, const QString &port, QJsonObject ev,
                    const PortEvidence &pe)
{
    Verdict v;
    v.kind = kind;
    v.port = port;
    addPortEvidence(ev, pe);
    v.evidence = ev;
    return v;
}

Verdict linkVerdict(const QString &port, double weight, const PathTally &lossy,
                    const PortEvidence &pe)
{
    Verdict v = portVerdict(QStringLiteral("link"), port,
                            {{QStringLiteral("pairs_lossy"), lossy.pairs},
                             {QStringLiteral("pairs_through_port"), round2(weight)},
                             {QStringLiteral("probes_lost"), double(lossy.lostProbes)},
                             {QStringLiteral("by"), QStringLiteral("loss")}},
                            pe);
    v.summary = AnalyzerText::tr("%1 pairs lose probes on paths that cross %2, which counts %3 "
                                 "input errors/s and %4 discards/s: that link is bad.")
                    .arg(lossy.pairs)
                    .arg(port)
                    .arg(round2(pe.inErrors))
                    .arg(round2(pe.discards));
    v.check = AnalyzerText::tr("`show interface %1` CRC and input errors at both ends of the "
                               "cable, the optics' receive power; take the link out of ECMP "
                               "(`shutdown`) until it is replaced.")
                  .arg(port);
    return v;
}

Verdict congestionVerdict(const QString &port, double weight, const PathTally &slow,
                          const PortEvidence &pe)
{
    Verdict v = portVerdict(QStringLiteral("congestion"), port,
                            {{QStringLiteral("pairs_slow"), slow.pairs},
                             {QStringLiteral("pairs_through_port"), round2(weight)},
                             {QStringLiteral("rtt_p50_us"), round2(median(slow.p50s))},
                             {QStringLiteral("baseline_rtt_us"), round2(median(slow.bases))},
                             {QStringLiteral("by"), QStringLiteral("latency")}},
                            pe);
    v.summary = AnalyzerText::tr("%1 pairs take %2 us instead of %3 us without losing probes, "
                                 "on paths that share %4 (ECN %5/s, pauses %6/s, %7 % busy): "
                                 "congestion there.")
                    .arg(slow.pairs)
                    .arg(round2(median(slow.p50s)))
                    .arg(round2(median(slow.bases)))
                    .arg(port)
                    .arg(round2(pe.ecn))
                    .arg(round2(pe.pauses))
                    .arg(round2(pe.util));
    v.check = AnalyzerText::tr("Who sends through %1 (`show queuing interface`, the flows of the "
                               "training job), ECMP balance across the uplinks (hash "
                               "polarization), a receiver that drains slowly behind it.")
                  .arg(port);
    return v;
}

Flags flagEndpoints(const Context &c)
{
    // 1. Endpoints whose whole row and column lose probes (or are slow with no congestion on
    //    their own port), greedily: the worst first, then the others without its pairs.
    const int n = int(c.endpoints.size());
    Flags f {QList<bool>(n, false), QList<QString>(n), QList<std::array<Tally, 2>>(n),
             QList<bool>(n, false)};
    // PFC's victims first: their probes wait behind the pauses their switch sends them, so
    // their pairs say nothing of anyone (else every peer of theirs would look lossy), and
    // the pause tree names who pauses them: no verdict accuses them.
    for (int e = 0; e < n; ++e) {
        const PortEvidence own = evidenceOf(c.switchPorts, c.endpoints[e].switchPortId());
        f.pausesSwitch[e] = own.pausedByItsNic();
        // A port that counts input errors has a bad cable, whose loss is the cable's
        // whatever pauses the port sends as well (the retransmissions queue up behind it).
        if (own.pausesItsNic() && own.inErrors <= 0) {
            f.flagged[e] = true;
            f.reason[e] = QStringLiteral("paused");
        }
    }
    for (int round = 0; round < n; ++round) {
        const QList<std::array<Tally, 2>> tallies = tallyEndpoints(c, f);
        int worst = -1;
        double worstScore = 0;
        QString worstReason;
        for (int e = 0; e < n; ++e) {
            if (f.flagged[e])
                continue;
            QString why;
            const double score = badness(c, e, tallies[e], why);
            if (score > worstScore) {
                worstScore = score;
                worst = e;
                worstReason = why;
            }
        }
        if (worst < 0)
            break;
        f.flagged[worst] = true;
        f.reason[worst] = worstReason;
        f.tallies[worst] = tallies[worst];
    }
    // A quarter of the fabric "bad" is not a NIC: leave it to the path analysis. Counted in
    // cables, not endpoints: virtual servers behind one hypervisor uplink share its fate, and
    // two faults at once (a stalled NIC and a bad cable elsewhere) are two, not a quarter of a
    // small fabric.
    QSet<QString> cables, flaggedCables;
    for (int e = 0; e < n; ++e) {
        const Endpoint &ep = c.endpoints[e];
        const QString cable = ep.switchName.isEmpty() ? ep.id() : ep.switchPortId();
        cables.insert(cable);
        if (f.bad(e))
            flaggedCables.insert(cable);
    }
    if (flaggedCables.size() > std::max<qsizetype>(2, cables.size() / 4)) {
        for (int e = 0; e < n; ++e)
            f.flagged[e] = f.paused(e);
    }
    return f;
}

QList<Verdict> endpointVerdicts(const Context &c, const Flags &f)
{
    const int n = int(c.endpoints.size());
    QList<Verdict> verdicts;
    QHash<QString, int> flaggedPerHost, endpointsPerHost;
    for (int e = 0; e < n; ++e) {
        endpointsPerHost[c.endpoints[e].host] += 1;
        if (f.bad(e))
            flaggedPerHost[c.endpoints[e].host] += 1;
    }
    QStringList hostsDone;
    for (int e = 0; e < n; ++e) {
        if (!f.bad(e))
            continue;
        const Endpoint &ep = c.endpoints[e];
        Tally t;
        for (const Tally &part : f.tallies[e]) {
            t.sent += part.sent;
            t.lost += part.lost;
            t.pairs += part.pairs;
            t.badPairs += part.badPairs;
            t.p50s.insert(t.p50s.end(), part.p50s.begin(), part.p50s.end());
        }
        const PortEvidence pe = evidenceOf(c.switchPorts, ep.switchPortId());
        QJsonObject ev {{QStringLiteral("loss_pct"), round2(t.loss() * 100)},
                        {QStringLiteral("probes_sent"), double(t.sent)},
                        {QStringLiteral("probes_lost"), double(t.lost)},
                        {QStringLiteral("pairs"), t.pairs},
                        {QStringLiteral("pairs_bad"), t.badPairs},
                        {QStringLiteral("rtt_p50_us"), round2(median(t.p50s))},
                        {QStringLiteral("baseline_rtt_us"), round2(c.base)},
                        {QStringLiteral("by"), f.reason[e]}};
        Verdict v;
        if (pe.inErrors > 0) {
            v = cableVerdict(ep, t, pe);
            ev.insert(QStringLiteral("switch_port"), v.port);
            addPortEvidence(ev, pe);
        } else if (flaggedPerHost.value(ep.host) == endpointsPerHost.value(ep.host)
                   && endpointsPerHost.value(ep.host) > 1) {
            if (hostsDone.contains(ep.host))
                continue;
            hostsDone.append(ep.host);
            v = hostVerdict(ep);
            ev.insert(QStringLiteral("nics_bad"), endpointsPerHost.value(ep.host));
        } else {
            v = nicVerdict(ep, t, f.reason[e], c.base);
            if (!ep.switchName.isEmpty())
                ev.insert(QStringLiteral("switch_port"), ep.switchPortId());
            addPortEvidence(ev, pe);
        }
        v.evidence = ev;
        verdicts.append(v);
    }
    // Two VMs behind one bad cable name the same port once.
    QStringList seen;
    verdicts.removeIf([&](const Verdict &v) {
        if (seen.contains(v.key()))
            return true;
        seen.append(v.key());
        return false;
    });
    return verdicts;
}

Verdict slowHostVerdict(const QString &host, const QString &nic, double turnaround, double base,
                        int answered)
{
    Verdict v;
    v.kind = QStringLiteral("slow_host");
    v.host = host;
    v.nic = nic;
    v.summary = AnalyzerText::tr("%1 takes %2 us to answer a probe, from request in to reply out "
                                 "by its own clock, against %3 us on the other hosts: the host is "
                                 "slow, whatever the queues in front of it.")
                    .arg(nic.isEmpty() ? host : nic)
                    .arg(round2(turnaround))
                    .arg(round2(base));
    v.check = AnalyzerText::tr("On %1: the CPU governor (powersave), interrupt affinity and NUMA "
                               "placement of the NIC, other load on its cores.")
                  .arg(host);
    v.evidence = {{QStringLiteral("turnaround_p50_us"), round2(turnaround)},
                  {QStringLiteral("baseline_turnaround_us"), round2(base)},
                  {QStringLiteral("pairs_answered"), answered},
                  {QStringLiteral("by"), QStringLiteral("turnaround")}};
    return v;
}

QList<Verdict> turnaroundVerdicts(const Context &c)
{
    // 0. Hosts that answer late by their own clock (R-Pingmesh): the responder's turnaround,
    //    request in to reply out, has no queue of the fabric in it, so a busy port, a shared
    //    hypervisor uplink or a paused link never explains it, as they do a slow round trip.
    const int n = int(c.endpoints.size());
    std::vector<std::vector<double>> answered(static_cast<std::size_t>(n));
    for (int i = 0; i < c.pairs.size(); ++i) {
        if (c.summaries[i].turnaroundP50Us >= 0)
            answered[std::size_t(c.pairs[i].dst)].push_back(c.summaries[i].turnaroundP50Us);
    }
    constexpr std::size_t kMinAnswered = 3;
    QList<double> typical(n, -1);
    std::vector<double> all;
    for (int e = 0; e < n; ++e) {
        if (answered[std::size_t(e)].size() >= kMinAnswered) {
            typical[e] = median(answered[std::size_t(e)]);
            all.push_back(typical[e]);
        }
    }
    if (all.size() < kMinAnswered)
        return {};
    const double base = median(all);
    const double above = std::max(base * c.t.slowFactor, base + c.margin);
    QHash<QString, int> judged, slow;
    for (int e = 0; e < n; ++e) {
        if (typical[e] < 0)
            continue;
        judged[c.endpoints[e].host] += 1;
        if (typical[e] >= above)
            slow[c.endpoints[e].host] += 1;
    }
    int slowEndpoints = 0;
    for (const int s : std::as_const(slow))
        slowEndpoints += s;
    if (slowEndpoints > std::max(1, int(all.size()) / 4))
        return {};  // a quarter of the fabric "slow" is its common profile, not a host
    QList<Verdict> verdicts;
    QStringList hostsDone;
    for (int e = 0; e < n; ++e) {
        const Endpoint &ep = c.endpoints[e];
        if (typical[e] < above || hostsDone.contains(ep.host))
            continue;
        const int count = int(answered[std::size_t(e)].size());
        if (slow.value(ep.host) == judged.value(ep.host)) {
            // Every NIC of the server answers late: the server.
            hostsDone.append(ep.host);
            std::vector<double> host;
            for (int o = 0; o < n; ++o) {
                if (c.endpoints[o].host == ep.host && typical[o] >= 0)
                    host.push_back(typical[o]);
            }
            verdicts.append(slowHostVerdict(ep.host, {}, median(host), base, count));
        } else {
            verdicts.append(slowHostVerdict(ep.host, ep.id(), typical[e], base, count));
        }
    }
    return verdicts;
}

QList<Verdict> pathVerdicts(const Context &c, const QList<bool> &flagged)
{
    // 2. What the flagged endpoints do not explain: loss that concentrates on a port with
    //    errors (a link), slowness on a port with congestion.
    PathTally lossy, slow;
    for (int i = 0; i < c.pairs.size(); ++i) {
        const PingPair &p = c.pairs[i];
        if (flagged[p.src] || flagged[p.dst])
            continue;
        const PairSummary &s = c.summaries[i];
        const bool isLossy = c.pairLossy(s);
        const bool isSlow = !isLossy && c.pairSlow(s, p);
        if (!isLossy && !isSlow)
            continue;
        PathTally &t = isLossy ? lossy : slow;
        ++t.pairs;
        t.lostProbes += s.lost;
        if (isSlow) {
            t.p50s.push_back(s.p50Us);
            t.bases.push_back(c.baseOf[c.kindOf(p)]);
        }
        for (const auto &[port, share] : pathPorts(c.matrix, c.paths, i))
            t.weight[port] += share;
    }
    QList<Verdict> verdicts;
    if (lossy.pairs >= c.t.minBadPairs) {
        const auto [port, weight]
            = busiest(c, lossy.weight, [](const PortEvidence &e) { return e.errors(); });
        if (!port.isEmpty())
            verdicts.append(linkVerdict(port, weight, lossy, evidenceOf(c.switchPorts, port)));
    }
    if (slow.pairs >= c.t.minBadPairs) {
        const auto [port, weight]
            = busiest(c, slow.weight, [](const PortEvidence &e) { return e.congested(); });
        if (!port.isEmpty())
            verdicts.append(congestionVerdict(port, weight, slow, evidenceOf(c.switchPorts, port)));
    }
    return verdicts;
}

}  // namespace

PairAnalyzer::PairAnalyzer(const PairMatrix &matrix, FabricPaths paths, AnalyzerThresholds t)
    : m_matrix(matrix), m_paths(std::move(paths)), m_t(t)
{ }

double PairAnalyzer::baselineUs(const QList<PairSummary> &summaries)
{
    std::vector<double> p50s;
    for (const PairSummary &s : summaries) {
        if (s.sent > s.lost)
            p50s.push_back(s.p50Us);
    }
    return median(std::move(p50s));
}

QList<Verdict> PairAnalyzer::evaluate(const QList<PairSummary> &summaries,
                                      const QHash<QString, model::PortSample> &switchPorts) const
{
    Context c {m_t,       m_matrix,   m_paths, m_matrix.endpoints(), m_matrix.pairs(),
               summaries, switchPorts};
    // Typical RTTs per kind of path: pairs under one switch, and pairs across switches (two
    // more hops): a few microseconds of queue are a lot on one and nothing on the other.
    QList<PairSummary> byKind[2];
    for (int i = 0; i < c.pairs.size(); ++i)
        byKind[c.kindOf(c.pairs[i])].append(summaries[i]);
    c.baseOf[0] = baselineUs(byKind[0]);
    c.baseOf[1] = baselineUs(byKind[1]);
    c.base = baselineUs(summaries);
    // Software timestamps carry the hosts' scheduling jitter: ten times the margin.
    const auto software
        = std::count_if(summaries.cbegin(), summaries.cend(), [](const PairSummary &s) {
              return s.sent > 0 && s.timestamps == TimestampSource::Software;
          });
    c.margin = m_t.slowMarginUs * (software * 2 > summaries.size() ? 10 : 1);

    const Flags flags = flagEndpoints(c);
    QList<Verdict> verdicts = turnaroundVerdicts(c);
    verdicts.append(endpointVerdicts(c, flags));
    verdicts.append(pathVerdicts(c, flags.flagged));
    return verdicts;
}

}  // namespace roce::pingmesh
