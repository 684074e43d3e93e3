// QoS audit checks: ECN marking (WRED) on the RoCE queue and its thresholds against PFC's.

#include "nxapi/qos/qosauditchecks.h"

namespace roce::nxapi::audit {

namespace {

/// WRED with ECN marking on the RoCE egress queue, in the applied queuing policy.
QStringList wredFix(const AuditContext &ctx)
{
    return QStringList {
        QStringLiteral("policy-map type queuing %1")
            .arg(ctx.config && !ctx.config->systemQueuingOutput.isEmpty()
                     ? ctx.config->systemQueuingOutput
                     : QStringLiteral("QOS_EGRESS_PORT")),
        QStringLiteral("  class type queuing c-out-8q-q%1")
            .arg(ctx.roceGroup >= 0 ? ctx.roceGroup : ctx.recipe.roceCos),
        QStringLiteral("    random-detect minimum-threshold 150 kbytes maximum-threshold "
                       "3000 kbytes drop-probability 7 weight 0 ecn")};
}

/// The PFC pause (xOFF) and resume (xON) thresholds of the RoCE class, and where they come from.
struct PfcThresholds {
    std::optional<quint64> xon, xoff;
    QString source;
};

/// Configured on the no-drop class, or else as the first RoCE port reports them; what was read
/// goes to @p evidence.
PfcThresholds pfcThresholds(const AuditContext &ctx, QStringList &evidence)
{
    PfcThresholds t;
    if (ctx.noDrop && ctx.noDrop->pauseThreshold && ctx.noDrop->resumeThreshold) {
        t.xoff = ctx.noDrop->pauseThreshold;
        t.xon = ctx.noDrop->resumeThreshold;
        t.source = ctx.noDrop->name;
        addLines(evidence, ctx.noDrop->lines);
    } else {
        for (const QString &name : std::as_const(ctx.rocePorts)) {
            const PortStatus *p = ctx.snapshot.findPort(name);
            const QosGroupStatus *g = p && p->queuing && ctx.roceGroup >= 0
                ? p->queuing->findGroup(ctx.roceGroup)
                : nullptr;
            if (g && g->pauseThreshold && g->resumeThreshold) {
                t.xoff = g->pauseThreshold;
                t.xon = g->resumeThreshold;
                t.source = name;
                evidence.append(AuditText::tr("%1 qos-group %2: pause threshold %3, "
                                              "resume threshold %4 (show queuing interface)")
                                    .arg(name)
                                    .arg(ctx.roceGroup)
                                    .arg(bytesText(*t.xoff), bytesText(*t.xon)));
                break;
            }
        }
    }
    return t;
}

/// PFC thresholds around the configured WRED range.
QStringList pfcThresholdFix(const AuditContext &ctx, quint64 wmin, quint64 wmax)
{
    // Keep the WRED profile and move the PFC thresholds around it: pause only
    // when ECN has had room to act, resume below the marking range.
    const quint64 pause = wmax + wmax / 10;
    const quint64 resume = wmin / 2;
    return QStringList {
        QStringLiteral("policy-map type network-qos %1")
            .arg(ctx.config ? ctx.config->systemNetworkQos : QString()),
        QStringLiteral("  class type network-qos %1")
            .arg(ctx.noDrop ? ctx.noDrop->name : QStringLiteral("c-8q-nq%1").arg(ctx.cos)),
        QStringLiteral("    pause buffer-size %1 pause-threshold %2 resume-threshold "
                       "%3 pfc-cos %4")
            .arg(pause + 300 * 1000)
            .arg(pause)
            .arg(resume)
            .arg(ctx.cos)};
}

}  // namespace

/// WRED with ECN on the RoCE queue.
AuditCheck checkWredEcnRoce(const AuditContext &ctx)
{
    AuditCheck c;
    c.title = AuditText::tr("WRED marks ECN on the RoCE queue");
    if (!ctx.config) {
        c = unknownWithoutConfig(c);
    } else if (ctx.roceGroup < 0) {
        c.summary = AuditText::tr("The RoCE qos-group is unknown (see roce_dscp_no_drop).");
    } else {
        if (ctx.roceQueue)
            addLines(c.evidence, ctx.roceQueue->lines);
        quint64 ecnMarks = 0;
        bool ecnReported = false;
        for (const QString &name : std::as_const(ctx.rocePorts)) {
            const PortStatus *p = ctx.snapshot.findPort(name);
            const QosGroupStatus *g
                = p && p->queuing ? p->queuing->findGroup(ctx.roceGroup) : nullptr;
            if (g && g->counters.has(QueueCounter::EcnPkts)) {
                ecnReported = true;
                ecnMarks += *g->counters.value(QueueCounter::EcnPkts);
            }
        }
        if (ecnReported)
            c.evidence.append(AuditText::tr("ECN-marked packets on qos-group %1 of the RoCE "
                                            "ports: %2")
                                  .arg(ctx.roceGroup)
                                  .arg(ecnMarks));
        if (ctx.roceQueue && ctx.roceQueue->randomDetect && ctx.roceQueue->ecn) {
            c.status = CheckStatus::Pass;
            c.summary = AuditText::tr("random-detect with ecn on %1.").arg(ctx.roceQueue->name);
        } else {
            c.status = CheckStatus::Fail;
            c.summary = ctx.roceQueue && ctx.roceQueue->randomDetect
                ? AuditText::tr("random-detect on %1 drops instead of marking (no ecn).")
                      .arg(ctx.roceQueue->name)
                : AuditText::tr("No random-detect on the queue of qos-group %1: no ECN "
                                "marks, so DCQCN never slows senders and PFC does all the "
                                "work.")
                      .arg(ctx.roceGroup);
            c.fix = wredFix(ctx);
        }
    }
    return c;
}

/// xON < WRED min < WRED max < xOFF.
AuditCheck checkThresholdOrder(const AuditContext &ctx)
{
    AuditCheck c;
    c.title = AuditText::tr("Thresholds are ordered xON < WRED min < WRED max < xOFF");
    const PfcThresholds pfc = pfcThresholds(ctx, c.evidence);
    const std::optional<quint64> &xon = pfc.xon, &xoff = pfc.xoff;
    const QString &source = pfc.source;
    if (ctx.roceQueue)
        addLines(c.evidence, ctx.roceQueue->lines);
    const bool haveWred
        = ctx.roceQueue && ctx.roceQueue->wredMinBytes && ctx.roceQueue->wredMaxBytes;
    const quint64 wmin = haveWred ? *ctx.roceQueue->wredMinBytes : 0;
    const quint64 wmax = haveWred ? *ctx.roceQueue->wredMaxBytes : 0;
    if (!xon || !xoff) {
        c.summary = AuditText::tr("The PFC pause/resume thresholds of the RoCE class were "
                                  "not reported.");
    } else if (!haveWred) {
        c.summary = ctx.roceQueue && !ctx.roceQueue->wredProfile.isEmpty()
            ? AuditText::tr("WRED uses the %1 profile, whose thresholds are not in the "
                            "configuration.")
                  .arg(ctx.roceQueue->wredProfile)
            : AuditText::tr("No explicit WRED thresholds on the RoCE queue.");
    } else {
        // Plain values: GCC cannot see that the optionals are engaged here.
        const quint64 lo = xon.value_or(0), hi = xoff.value_or(0);
        QStringList broken;
        if (!(lo < wmin))
            broken.append(
                AuditText::tr("xON %1 >= WRED min %2").arg(bytesText(lo), bytesText(wmin)));
        if (!(wmin < wmax))
            broken.append(
                AuditText::tr("WRED min %1 >= WRED max %2").arg(bytesText(wmin), bytesText(wmax)));
        if (!(wmax < hi))
            broken.append(
                AuditText::tr("WRED max %1 >= xOFF %2").arg(bytesText(wmax), bytesText(hi)));
        if (broken.isEmpty()) {
            c.status = CheckStatus::Pass;
            c.summary
                = AuditText::tr("xON %1 < WRED min %2 < WRED max %3 < xOFF %4 (%5).")
                      .arg(bytesText(lo), bytesText(wmin), bytesText(wmax), bytesText(hi), source);
        } else {
            c.status = CheckStatus::Fail;
            c.summary = AuditText::tr("%1 (%2): ECN must start marking before PFC pauses.")
                            .arg(broken.join(QLatin1String("; ")), source);
            c.fix = pfcThresholdFix(ctx, wmin, wmax);
        }
    }
    return c;
}

}  // namespace roce::nxapi::audit
