#include "collect/pingmesh/analyzer.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <cmath>

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
    bool errors() const { return inErrors > 0 || discards > 0; }
    bool congested() const { return ecn > 0 || pauses > 0 || util >= 90; }
};

PortEvidence evidenceOf(const QHash<QString, model::PortSample> &ports, const QString &id)
{
    using model::Metric;
    PortEvidence e;
    e.inErrors = rateOf(ports, id, Metric::InErrors);
    e.discards = rateOf(ports, id, Metric::MmuDrops) + rateOf(ports, id, Metric::EgressDrops);
    e.ecn = rateOf(ports, id, Metric::Ecn);
    e.pauses = rateOf(ports, id, Metric::RxPause) + rateOf(ports, id, Metric::TxPause);
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

QList<std::pair<QString, double>> PairAnalyzer::candidates(int pair) const
{
    const PingPair &p = m_matrix.pairs()[pair];
    const Endpoint &s = m_matrix.endpoints()[p.src];
    const Endpoint &d = m_matrix.endpoints()[p.dst];
    QList<std::pair<QString, double>> out;
    if (!s.switchName.isEmpty())
        out.append({s.switchPortId(), 1.0});
    if (!d.switchName.isEmpty() && d.switchPortId() != s.switchPortId())
        out.append({d.switchPortId(), 1.0});
    if (s.switchName.isEmpty() || d.switchName.isEmpty() || s.switchName == d.switchName)
        return out;
    for (const QString &sw : {s.switchName, d.switchName}) {
        const QStringList ups = m_paths.uplinks.value(sw);
        for (const QString &u : ups) {
            const double share = 1.0 / double(ups.size());
            out.append({u, share});
            const QString far = m_paths.farEnd.value(u);
            if (!far.isEmpty())
                out.append({far, share});
        }
    }
    return out;
}

QList<Verdict> PairAnalyzer::evaluate(const QList<PairSummary> &summaries,
                                      const QHash<QString, model::PortSample> &switchPorts) const
{
    const QList<Endpoint> &endpoints = m_matrix.endpoints();
    const QList<PingPair> &pairs = m_matrix.pairs();
    const int n = int(endpoints.size());
    // Typical RTTs per kind of path: pairs under one switch, and pairs across switches (two
    // more hops): a few microseconds of queue are a lot on one and nothing on the other.
    QList<PairSummary> byKind[2];
    for (int i = 0; i < pairs.size(); ++i) {
        const bool across
            = endpoints[pairs[i].src].switchName != endpoints[pairs[i].dst].switchName;
        byKind[across ? 1 : 0].append(summaries[i]);
    }
    const double baseOf[2] = {baselineUs(byKind[0]), baselineUs(byKind[1])};
    const double base = baselineUs(summaries);
    // Software timestamps carry the hosts' scheduling jitter: ten times the margin.
    const auto software
        = std::count_if(summaries.cbegin(), summaries.cend(), [](const PairSummary &s) {
              return s.sent > 0 && s.timestamps == TimestampSource::Software;
          });
    const double margin = m_t.slowMarginUs * (software * 2 > summaries.size() ? 10 : 1);
    auto slowAbove
        = [&](int kind) { return std::max(baseOf[kind] * m_t.slowFactor, baseOf[kind] + margin); };
    auto kindOf = [&](const PingPair &p) {
        return endpoints[p.src].switchName != endpoints[p.dst].switchName ? 1 : 0;
    };
    auto pairLossy
        = [&](const PairSummary &s) { return s.lost > 0 && s.lossRatio() >= m_t.lossRatio; };
    auto pairSlow = [&](const PairSummary &s, const PingPair &p) {
        return s.sent > s.lost && s.p50Us >= slowAbove(kindOf(p));
    };

    // 1. Endpoints whose whole row and column lose probes (or are slow with no congestion on
    //    their own port), greedily: the worst first, then the others without its pairs.
    QList<bool> flagged(n, false);
    QList<QString> reason(n);
    QList<std::array<Tally, 2>> flaggedTallies(n);
    for (int round = 0; round < n; ++round) {
        QList<std::array<Tally, 2>> tallies(n);  // [0] same switch, [1] across
        for (int i = 0; i < pairs.size(); ++i) {
            const PingPair &p = pairs[i];
            if (flagged[p.src] || flagged[p.dst])
                continue;
            const PairSummary &s = summaries[i];
            const int kind = kindOf(p);
            for (int e : {p.src, p.dst}) {
                Tally &t = tallies[e][kind];
                t.sent += s.sent;
                t.lost += s.lost;
                t.pairs += 1;
                if (s.sent > s.lost)
                    t.p50s.push_back(s.p50Us);
                if (pairLossy(s) || pairSlow(s, p))
                    t.badPairs += 1;
            }
        }
        int worst = -1;
        double worstScore = 0;
        QString worstReason;
        for (int e = 0; e < n; ++e) {
            if (flagged[e])
                continue;
            int judged = 0, lossBad = 0, slowBad = 0;
            qint64 sent = 0;
            for (int kind = 0; kind < 2; ++kind) {
                const Tally &t = tallies[e][kind];
                sent += t.sent;
                if (t.sent < m_t.minProbes / 2)
                    continue;
                ++judged;
                if (t.lost >= 3 && t.loss() >= m_t.lossRatio)
                    ++lossBad;
                if (t.p50s.size() >= 3 && median(t.p50s) >= slowAbove(kind))
                    ++slowBad;
            }
            if (judged == 0 || sent < m_t.minProbes)
                continue;
            const bool lossy = lossBad == judged;
            const bool slow = slowBad == judged
                && !evidenceOf(switchPorts, endpoints[e].switchPortId()).congested();
            if (!lossy && !slow)
                continue;
            const Tally &all
                = tallies[e][0].sent >= tallies[e][1].sent ? tallies[e][0] : tallies[e][1];
            const double score = (lossy ? 1.0 + all.loss() : 0.0)
                + (slow && base > 0 ? median(all.p50s) / base / 1000.0 : 0.0);
            if (score > worstScore) {
                worstScore = score;
                worst = e;
                worstReason = lossy ? QStringLiteral("loss") : QStringLiteral("latency");
            }
        }
        if (worst < 0)
            break;
        flagged[worst] = true;
        reason[worst] = worstReason;
        flaggedTallies[worst] = tallies[worst];
    }
    const int flaggedCount = int(std::count(flagged.cbegin(), flagged.cend(), true));
    if (flaggedCount > std::max(1, n / 4)) {
        // A quarter of the fabric "bad" is not a NIC: leave it to the path analysis.
        flagged.fill(false);
    }

    QList<Verdict> verdicts;
    QHash<QString, int> flaggedPerHost, endpointsPerHost;
    for (int e = 0; e < n; ++e) {
        endpointsPerHost[endpoints[e].host] += 1;
        if (flagged[e])
            flaggedPerHost[endpoints[e].host] += 1;
    }
    QStringList hostsDone;
    for (int e = 0; e < n; ++e) {
        if (!flagged[e])
            continue;
        const Endpoint &ep = endpoints[e];
        Tally t;
        std::vector<double> p50s;
        for (const Tally &part : flaggedTallies[e]) {
            t.sent += part.sent;
            t.lost += part.lost;
            t.pairs += part.pairs;
            t.badPairs += part.badPairs;
            p50s.insert(p50s.end(), part.p50s.begin(), part.p50s.end());
        }
        const PortEvidence pe = evidenceOf(switchPorts, ep.switchPortId());
        QJsonObject ev {{QStringLiteral("loss_pct"), round2(t.loss() * 100)},
                        {QStringLiteral("probes_sent"), double(t.sent)},
                        {QStringLiteral("probes_lost"), double(t.lost)},
                        {QStringLiteral("pairs"), t.pairs},
                        {QStringLiteral("pairs_bad"), t.badPairs},
                        {QStringLiteral("rtt_p50_us"), round2(median(p50s))},
                        {QStringLiteral("baseline_rtt_us"), round2(base)},
                        {QStringLiteral("by"), reason[e]}};
        Verdict v;
        if (pe.inErrors > 0) {
            v.kind = QStringLiteral("link");
            v.port = ep.switchPortId();
            v.host = ep.host;
            v.nic = ep.id();
            ev.insert(QStringLiteral("switch_port"), v.port);
            addPortEvidence(ev, pe);
            v.summary = AnalyzerText::tr(
                            "Probes to and from %1 are lost (%2 %) and its switch port %3 counts "
                            "%4 input errors/s: the cable or optic between them is bad.")
                            .arg(ep.id())
                            .arg(round2(t.loss() * 100))
                            .arg(v.port)
                            .arg(round2(pe.inErrors));
            v.check = AnalyzerText::tr(
                          "`show interface %1` CRC and input errors, the optic's receive power "
                          "(`show interface %1 transceiver details`); reseat or replace the "
                          "cable and optics.")
                          .arg(v.port);
        } else if (flaggedPerHost.value(ep.host) == endpointsPerHost.value(ep.host)
                   && endpointsPerHost.value(ep.host) > 1) {
            if (hostsDone.contains(ep.host))
                continue;
            hostsDone.append(ep.host);
            v.kind = QStringLiteral("host");
            v.host = ep.host;
            ev.insert(QStringLiteral("nics_bad"), endpointsPerHost.value(ep.host));
            v.summary = AnalyzerText::tr(
                            "Every NIC of %1 loses or delays probes in both directions, towards "
                            "every peer: the server itself (PCIe, CPU, driver) is the fault.")
                            .arg(ep.host);
            v.check = AnalyzerText::tr(
                "The host's load and interrupts, `dmesg` for PCIe or mlx5 errors, the "
                "firmware and driver versions of its NICs.");
        } else {
            v.kind = QStringLiteral("nic");
            v.host = ep.host;
            v.nic = ep.id();
            if (!ep.switchName.isEmpty())
                ev.insert(QStringLiteral("switch_port"), ep.switchPortId());
            addPortEvidence(ev, pe);
            v.summary = reason[e] == QLatin1String("loss")
                ? AnalyzerText::tr("Probes to and from %1 are lost (%2 %) towards every peer, "
                                   "while its switch port counts no errors: the NIC is the fault.")
                      .arg(ep.id())
                      .arg(round2(t.loss() * 100))
                : AnalyzerText::tr("Probes to and from %1 take %2 us against %3 us elsewhere, "
                                   "with no congestion on its switch port: the NIC is slow.")
                      .arg(ep.id())
                      .arg(round2(median(p50s)))
                      .arg(round2(base));
            v.check = AnalyzerText::tr(
                "`ethtool -S` of its netdev (rx_discards_phy, out_of_buffer), "
                "`rdma statistic show` (out_of_sequence, packet_seq_err), its PCIe "
                "link (`lspci -vv`), firmware; swap the NIC or move the job off it.");
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

    // 2. What the flagged endpoints do not explain: loss that concentrates on a port with
    //    errors (a link), slowness on a port with congestion.
    QHash<QString, double> lossWeight, slowWeight;
    int lossyPairs = 0, slowPairs = 0;
    qint64 lostProbes = 0;
    std::vector<double> slowP50s, slowBases;
    for (int i = 0; i < pairs.size(); ++i) {
        const PingPair &p = pairs[i];
        if (flagged[p.src] || flagged[p.dst])
            continue;
        const PairSummary &s = summaries[i];
        const bool lossy = pairLossy(s);
        const bool slow = !lossy && pairSlow(s, p);
        if (!lossy && !slow)
            continue;
        if (lossy) {
            ++lossyPairs;
            lostProbes += s.lost;
        } else {
            ++slowPairs;
            slowP50s.push_back(s.p50Us);
            slowBases.push_back(baseOf[kindOf(p)]);
        }
        for (const auto &[port, share] : candidates(i))
            (lossy ? lossWeight : slowWeight)[port] += share;
    }
    auto best = [&](const QHash<QString, double> &weights, auto accept) {
        QString top;
        double topWeight = 0;
        double topStrength = -1;
        for (auto it = weights.cbegin(); it != weights.cend(); ++it) {
            if (!accept(evidenceOf(switchPorts, it.key())))
                continue;
            // Equal weights (the two ends of an uplink): the end that shows more of it.
            const PortEvidence e = evidenceOf(switchPorts, it.key());
            const double strength = e.inErrors + e.discards + e.ecn + e.pauses;
            if (it.value() > topWeight + 1e-9
                || (std::abs(it.value() - topWeight) <= 1e-9 && strength > topStrength)) {
                top = it.key();
                topWeight = it.value();
                topStrength = strength;
            }
        }
        return std::pair {top, topWeight};
    };
    if (lossyPairs >= m_t.minBadPairs) {
        const auto [port, weight]
            = best(lossWeight, [](const PortEvidence &e) { return e.errors(); });
        if (!port.isEmpty()) {
            const PortEvidence pe = evidenceOf(switchPorts, port);
            Verdict v;
            v.kind = QStringLiteral("link");
            v.port = port;
            QJsonObject ev {{QStringLiteral("pairs_lossy"), lossyPairs},
                            {QStringLiteral("pairs_through_port"), round2(weight)},
                            {QStringLiteral("probes_lost"), double(lostProbes)},
                            {QStringLiteral("by"), QStringLiteral("loss")}};
            addPortEvidence(ev, pe);
            v.evidence = ev;
            v.summary = AnalyzerText::tr("%1 pairs lose probes on paths that cross %2, which "
                                         "counts %3 input errors/s and %4 discards/s: that link "
                                         "is bad.")
                            .arg(lossyPairs)
                            .arg(port)
                            .arg(round2(pe.inErrors))
                            .arg(round2(pe.discards));
            v.check = AnalyzerText::tr(
                          "`show interface %1` CRC and input errors at both ends of the cable, "
                          "the optics' receive power; take the link out of ECMP "
                          "(`shutdown`) until it is replaced.")
                          .arg(port);
            verdicts.append(v);
        }
    }
    if (slowPairs >= m_t.minBadPairs) {
        const auto [port, weight]
            = best(slowWeight, [](const PortEvidence &e) { return e.congested(); });
        if (!port.isEmpty()) {
            const PortEvidence pe = evidenceOf(switchPorts, port);
            Verdict v;
            v.kind = QStringLiteral("congestion");
            v.port = port;
            QJsonObject ev {{QStringLiteral("pairs_slow"), slowPairs},
                            {QStringLiteral("pairs_through_port"), round2(weight)},
                            {QStringLiteral("rtt_p50_us"), round2(median(slowP50s))},
                            {QStringLiteral("baseline_rtt_us"), round2(median(slowBases))},
                            {QStringLiteral("by"), QStringLiteral("latency")}};
            addPortEvidence(ev, pe);
            v.evidence = ev;
            v.summary = AnalyzerText::tr("%1 pairs take %2 us instead of %3 us without losing "
                                         "probes, on paths that share %4 (ECN %5/s, pauses "
                                         "%6/s, %7 % busy): congestion there.")
                            .arg(slowPairs)
                            .arg(round2(median(slowP50s)))
                            .arg(round2(median(slowBases)))
                            .arg(port)
                            .arg(round2(pe.ecn))
                            .arg(round2(pe.pauses))
                            .arg(round2(pe.util));
            v.check = AnalyzerText::tr(
                          "Who sends through %1 (`show queuing interface`, the flows of the "
                          "training job), ECMP balance across the uplinks (hash polarization), "
                          "a receiver that drains slowly behind it.")
                          .arg(port);
            verdicts.append(v);
        }
    }
    return verdicts;
}

}  // namespace roce::pingmesh
