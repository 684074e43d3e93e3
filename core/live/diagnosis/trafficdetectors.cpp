// What traffic says: uneven uplinks (ECMP), the ECN ledger from the switch's marks to the
// senders' reactions, drops in the lossless class, RoCE sent outside the lossless priority.
#include "live/diagnosis/detectors.h"

#include <QJsonArray>

#include <algorithm>

namespace roce::diagnosis {

namespace {

using model::Metric;

/// The NIC facts a host's agent reported: its config JSON's "nics" entry for @p device.
/// The "nics" a host's agent reported (empty without a report): read once per host, not per
/// NIC, as every NIC of a 1,024-host fabric is looked at each second.
QJsonArray hostNics(const DiagnosisInput &in, const QString &host)
{
    const auto config = in.configs.constFind(host);
    return config == in.configs.cend() ? QJsonArray()
                                       : config->value(QStringLiteral("nics")).toArray();
}

QJsonObject nicFacts(const QJsonArray &nics, const QString &device)
{
    for (const QJsonValue &v : nics) {
        QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("device")).toString() == device)
            return o;
    }
    return {};
}

/// Whether @p facts say ECN is off for the lossless priority on side @p side ("ecn_np",
/// "ecn_rp"); unknown (the driver exposes no such setting) is not off.
bool ecnOff(const QJsonObject &facts, const char *side, int prio = 3)
{
    const QJsonValue v = facts.value(QLatin1String(side));
    if (!v.isArray())
        return false;
    const QJsonArray enabled = v.toArray();
    return !enabled.contains(QJsonValue(prio));
}

}  // namespace

std::pair<QString, QString> auditCheck(const DiagnosisInput &in, const QString &name,
                                       const QString &check)
{
    const QJsonArray checks = in.configs.value(name).value(QStringLiteral("checks")).toArray();
    for (const QJsonValue &v : checks) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("id")).toString() == check)
            return {o.value(QStringLiteral("status")).toString(),
                    o.value(QStringLiteral("summary")).toString()};
    }
    return {};
}

/// Bits on one uplink that no single server's flow can account for: one and a half of the
/// fastest server port of the leaf.
constexpr double kSeveralServers = 1.5;

void detectEcmp(const DetectorContext &ctx, QList<Candidate> &out)
{
    const FabricIndex &ix = ctx.index;
    for (const QString &sw : ix.switches()) {
        QList<qsizetype> uplinks;
        bool leaf = false;
        double serverLineBps = 0;  // the most one server's flow can carry
        for (qsizetype p : ix.portsOfSwitch(sw)) {
            if (ix.isInterSwitch(p)) {
                if (isUp(ix.port(p)))
                    uplinks.append(p);
            } else if (!ix.farEndIds(p).isEmpty()) {
                leaf = true;  // it has servers: a leaf hashes their flows onto its uplinks
                serverLineBps = std::max(serverLineBps, ix.port(p).lineBps.value_or(0));
            }
        }
        if (!leaf || uplinks.size() < 2)
            continue;
        const auto hot
            = std::max_element(uplinks.cbegin(), uplinks.cend(), [&](qsizetype a, qsizetype b) {
                  return ctx.rate(a, Metric::OutUtil) < ctx.rate(b, Metric::OutUtil);
              });
        const double hottest = ctx.rate(*hot, Metric::OutUtil);
        // A hot uplink, or one that carries more than one server can send: several flows on
        // one path that a working hash would spread (under a training job's own load the
        // polarized flows share their NICs and leave the uplink far from full).
        const bool severalFlows = serverLineBps > 0
            && ctx.rate(*hot, Metric::OutBits) > kSeveralServers * serverLineBps;
        if (hottest < ctx.t.hotUplinkPercent && !severalFlows)
            continue;
        double coldest = hottest;
        for (qsizetype p : std::as_const(uplinks))
            coldest = std::min(coldest, ctx.rate(p, Metric::OutUtil));
        if (coldest > ctx.t.coldUplinkShare * hottest)
            continue;
        Candidate c;
        Finding &f = c.finding;
        f.kind = QStringLiteral("ecmp_imbalance");
        f.location = sw;
        f.severity = Severity::Warning;
        for (qsizetype p : std::as_const(uplinks)) {
            f.evidence.append(ctx.measured(
                p, Metric::OutUtil, p == *hot ? DiagnosisText::tr("the hot uplink") : QString()));
            c.involved.append(ctx.id(p));
        }
        f.evidence.append(ctx.measured(*hot, Metric::Ecn));
        f.summary = DiagnosisText::tr("%1 sends %2% on %3 while another uplink carries %4%: its "
                                      "ECMP hash puts the flows on one path (polarized).")
                        .arg(sw)
                        .arg(hottest, 0, 'f', 0)
                        .arg(ctx.id(*hot))
                        .arg(coldest, 0, 'f', 0);
        f.whatToCheck = DiagnosisText::tr("'show ip load-sharing' and the hash of %1 (the same "
                                          "hash and seed at every tier polarizes), 'show "
                                          "port-channel load-balance'; RoCE's UDP source ports.")
                            .arg(sw);
        out.append(c);
    }
}

void detectEcnLedger(const DetectorContext &ctx, QList<Candidate> &out)
{
    const FabricIndex &ix = ctx.index;
    for (const QString &host : ix.hosts()) {
        Candidate c;
        Finding &f = c.finding;
        const QJsonArray nics = hostNics(ctx.in, host);
        for (qsizetype n : ix.nicsOfHost(host)) {
            const model::PortSample &p = ix.port(n);
            const QJsonObject facts = nics.isEmpty() ? QJsonObject() : nicFacts(nics, p.id.port());
            bool off = false;
            // The sender's reaction point ignores CNPs: ECN/DCQCN off for that priority.
            if (ctx.rate(n, Metric::CnpIgnored) >= ctx.t.errorsPerSec) {
                f.evidence.append(ctx.measured(n, Metric::CnpIgnored,
                                               DiagnosisText::tr("CNPs it receives and ignores")));
                f.evidence.append(ctx.measured(n, Metric::CnpHandled));
                off = true;
            }
            // The receiver sees CE marks and sends no CNP: its notification point is off.
            const auto cnps = ctx.maybe(n, Metric::CnpSent);
            if (ctx.rate(n, Metric::Ecn) >= 100 * ctx.t.errorsPerSec && cnps && *cnps == 0) {
                f.evidence.append(
                    ctx.measured(n, Metric::Ecn, DiagnosisText::tr("CE marks it receives")));
                f.evidence.append(
                    ctx.measured(n, Metric::CnpSent, DiagnosisText::tr("and no CNP sent")));
                off = true;
            }
            // What the NIC says of itself: seen, not only inferred.
            for (const char *side : {"ecn_rp", "ecn_np"}) {
                if (!ecnOff(facts, side))
                    continue;
                f.evidence.append(
                    {p.name(), QLatin1String(side), 0,
                     QStringLiteral("roce_%1/enable/3 = 0").arg(QLatin1String(side + 4)),
                     DiagnosisText::tr("the adapter's own setting")});
                off = true;
                c.immediate = true;
            }
            if (off)
                c.involved.append(p.name());
        }
        if (c.involved.isEmpty())
            continue;
        f.kind = QStringLiteral("ecn_off_host");
        f.location = host;
        f.severity = Severity::Warning;
        f.summary = DiagnosisText::tr("ECN/DCQCN is off on %1's adapter: it does not slow down "
                                      "for the fabric's congestion marks, keeps its rate and "
                                      "leaves congestion to PFC.")
                        .arg(host);
        f.whatToCheck = DiagnosisText::tr("On %1: /sys/class/net/<netdev>/ecn/roce_rp/enable/3 "
                                          "and roce_np/enable/3 (1 = on), or mlnx_qos; rocectl "
                                          "audit --hosts.")
                            .arg(host);
        c.involved.append(host);
        out.append(c);
    }
}

void detectLosslessDrops(const DetectorContext &ctx, QList<Candidate> &out)
{
    const FabricIndex &ix = ctx.index;
    for (const QString &sw : ix.switches()) {
        QList<qsizetype> dropping;
        bool pausing = false;
        for (qsizetype p : ix.portsOfSwitch(sw)) {
            if (ctx.rate(p, Metric::MmuDrops) >= ctx.t.errorsPerSec)
                dropping.append(p);
            pausing = pausing || ctx.pausing(p);
        }
        if (dropping.isEmpty())
            continue;
        const auto [cosStatus, cosSummary]
            = auditCheck(ctx.in, sw, QStringLiteral("pfc_cos_no_drop"));
        Candidate c;
        Finding &f = c.finding;
        f.location = sw;
        f.severity = Severity::Critical;
        for (qsizetype p : std::as_const(dropping)) {
            f.evidence.append(ctx.measured(p, Metric::MmuDrops,
                                           DiagnosisText::tr("lossless class dropped at ingress")));
            if (ctx.pausing(p))
                f.evidence.append(ctx.measured(p, Metric::TxPause,
                                               DiagnosisText::tr("pauses sent, to no effect")));
            c.involved.append(ctx.id(p));
        }
        if (pausing || cosStatus == QLatin1String("fail")) {
            // Pauses go out and the drops go on: the peers do not stop for that CoS.
            f.kind = QStringLiteral("pfc_cos_mismatch");
            if (cosStatus == QLatin1String("fail"))
                f.evidence.append({sw, QStringLiteral("audit:pfc_cos_no_drop"), 0, cosSummary, {}});
            f.summary = DiagnosisText::tr("%1 drops the lossless class although it sends pause "
                                          "frames: they pause a CoS the RoCE traffic does not "
                                          "ride, so nothing stops.")
                            .arg(sw);
            f.whatToCheck = DiagnosisText::tr("rocectl audit on %1 (pfc_cos_no_drop): 'pause "
                                              "pfc-cos 3' in the network-qos class of the RoCE "
                                              "qos-group, and the hosts' PFC priority (mlnx_qos).")
                                .arg(sw);
        } else {
            f.kind = QStringLiteral("pfc_off");
            f.summary = DiagnosisText::tr("%1 drops the lossless class and sends no pause: PFC is "
                                          "off on its ports or for the RoCE class.")
                            .arg(sw);
            f.whatToCheck = DiagnosisText::tr("rocectl audit on %1 (pfc_ports, pfc_cos_no_drop): "
                                              "'priority-flow-control mode on' on the RoCE ports.")
                                .arg(sw);
        }
        c.switchScopes = {sw};
        c.rules = {QStringLiteral("lossless_drops"), QStringLiteral("pfc_without_ecn"),
                   QStringLiteral("egress_drops")};
        out.append(c);
    }
}

void detectDscp(const DetectorContext &ctx, QList<Candidate> &out)
{
    const FabricIndex &ix = ctx.index;
    for (const QString &host : ix.hosts()) {
        Candidate c;
        Finding &f = c.finding;
        for (qsizetype n : ix.nicsOfHost(host)) {
            const double rdma = ctx.rate(n, Metric::RdmaOutBits);
            const auto lossless = ctx.maybe(n, Metric::LosslessOutBits);
            if (rdma < ctx.t.rdmaBitsPerSec || !lossless || *lossless >= ctx.t.losslessShare * rdma)
                continue;
            f.evidence.append(
                ctx.measured(n, Metric::RdmaOutBits, DiagnosisText::tr("RDMA it sends")));
            f.evidence.append(
                ctx.measured(n, Metric::LosslessOutBits,
                             DiagnosisText::tr("of which on priority 3, the lossless one")));
            c.involved.append(ctx.id(n));
            const qsizetype port = ix.switchPortOfNic(n);
            if (port >= 0)
                c.involved.append(ctx.id(port));
        }
        if (c.involved.isEmpty())
            continue;
        f.kind = QStringLiteral("dscp_mismatch");
        f.location = host;
        f.severity = Severity::Warning;
        f.summary = DiagnosisText::tr("%1 sends its RDMA traffic outside the lossless priority: "
                                      "its DSCP is not the one the switches classify as RoCE, so "
                                      "it rides the lossy default class (no PFC, no ECN, tail "
                                      "drops under load).")
                        .arg(host);
        f.whatToCheck
            = DiagnosisText::tr("On %1: the traffic class RoCE is sent with "
                                "(cma_roce_tos, the application's -T/--tclass), 'mlnx_qos "
                                "-i <netdev>' (trust dscp, dscp2prio); the switch's "
                                "class-map 'match dscp' (rocectl audit).")
                  .arg(host);
        c.involved.append(host);
        // Its tail drops land wherever its traffic meets other traffic: its own leaves, the
        // spines, the receiver's leaf (which may be one its sending NICs are not on).
        c.anySwitch = true;
        c.rules = {QStringLiteral("egress_drops")};
        out.append(c);
    }
}

}  // namespace roce::diagnosis
