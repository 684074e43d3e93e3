// QoS audit checks: where RoCE and CNP traffic is classified.

#include "nxapi/qos/qosauditchecks.h"

namespace roce::nxapi::audit {

/// RoCE DSCP -> no-drop class.
AuditCheck checkRoceDscpNoDrop(const AuditContext &ctx)
{
    AuditCheck c;
    c.title
        = AuditText::tr("RoCE DSCP %1 is classified to the no-drop class").arg(ctx.recipe.roceDscp);
    if (!ctx.config) {
        c = unknownWithoutConfig(c);
    } else {
        addLines(c.evidence, ctx.roce.lines);
        if (ctx.noDrop)
            addLines(c.evidence, ctx.noDrop->lines);
        bool applied = ctx.config->systemQosInput == ctx.roce.policy;
        for (const InterfaceConfig &ic : ctx.config->interfaces)
            applied
                = applied || (!ctx.roce.policy.isEmpty() && ic.qosInputPolicy == ctx.roce.policy);
        if (!ctx.roce.group) {
            c.status = CheckStatus::Fail;
            c.summary = AuditText::tr("No qos class-map matches DSCP %1 with a policy that "
                                      "sets a qos-group: RoCE lands in the default class.")
                            .arg(ctx.recipe.roceDscp);
        } else if (ctx.roceGroup != ctx.noDropGroup) {
            c.status = CheckStatus::Fail;
            c.summary = ctx.noDropGroup < 0
                ? AuditText::tr("DSCP %1 goes to qos-group %2, but no network-qos class "
                                "pauses CoS %3.")
                      .arg(ctx.recipe.roceDscp)
                      .arg(ctx.roceGroup)
                      .arg(ctx.recipe.roceCos)
                : AuditText::tr("DSCP %1 goes to qos-group %2, but the no-drop class is "
                                "qos-group %3.")
                      .arg(ctx.recipe.roceDscp)
                      .arg(ctx.roceGroup)
                      .arg(ctx.noDropGroup);
        } else if (!applied) {
            c.status = CheckStatus::Fail;
            c.summary = AuditText::tr("Policy %1 classifies DSCP %2 but is applied neither "
                                      "under system qos nor on any interface.")
                            .arg(ctx.roce.policy)
                            .arg(ctx.recipe.roceDscp);
        } else {
            c.status = CheckStatus::Pass;
            c.summary = AuditText::tr("DSCP %1 -> qos-group %2, the class that pauses CoS %3.")
                            .arg(ctx.recipe.roceDscp)
                            .arg(ctx.roceGroup)
                            .arg(ctx.recipe.roceCos);
        }
        if (c.status == CheckStatus::Fail) {
            c.fix = QStringList {QStringLiteral("class-map type qos match-all ROCE"),
                                 QStringLiteral("  match dscp %1").arg(ctx.recipe.roceDscp),
                                 QStringLiteral("policy-map type qos QOS_CLASSIFICATION"),
                                 QStringLiteral("  class ROCE"),
                                 QStringLiteral("    set qos-group %1").arg(ctx.recipe.roceCos),
                                 QStringLiteral("interface <each RoCE port>"),
                                 QStringLiteral("  service-policy type qos input "
                                                "QOS_CLASSIFICATION")};
        }
    }
    return c;
}

/// The DSCP the hosts actually send lands in the no-drop class.
AuditCheck checkHostsRoceDscp(const AuditContext &ctx)
{
    AuditCheck c;
    c.title = AuditText::tr("The hosts mark RoCE with a DSCP of the no-drop class");
    QStringList bad;
    int known = 0;
    for (const HostQosFacts &h : ctx.hosts) {
        if (!h.roceDscp)
            continue;
        ++known;
        // -1: not classified (the default class).
        const int group = ctx.config ? classify(*ctx.config, *h.roceDscp).group.value_or(-1) : -1;
        c.evidence.append(AuditText::tr("%1: RoCE DSCP %2 -> %3")
                              .arg(h.name)
                              .arg(*h.roceDscp)
                              .arg(group >= 0 ? AuditText::tr("qos-group %1").arg(group)
                                              : AuditText::tr("default class")));
        if (ctx.config && (group < 0 || group != ctx.noDropGroup))
            bad.append(QStringLiteral("%1 (DSCP %2)").arg(h.name).arg(*h.roceDscp));
    }
    if (known == 0 || !ctx.config) {
        c.summary = known == 0 ? AuditText::tr("No host reported the DSCP of its RoCE traffic.")
                               : AuditText::tr("The running configuration could not be read.");
    } else if (bad.isEmpty()) {
        c.status = CheckStatus::Pass;
        c.summary = AuditText::tr("%n host(s) send RoCE in the no-drop class.", nullptr, known);
    } else {
        c.status = CheckStatus::Fail;
        c.summary = AuditText::tr("RoCE from %1 is not classified to the no-drop class: it "
                                  "is lossy and unpaused.")
                        .arg(bad.join(QLatin1String(", ")));
        c.fix = QStringList {
            QStringLiteral("# on each host: mark RoCE with DSCP %1 (ToS %2)")
                .arg(ctx.recipe.roceDscp)
                .arg(ctx.recipe.roceDscp * 4),
            QStringLiteral("cma_roce_tos -d <rdma device> -t %1").arg(ctx.recipe.roceDscp * 4),
            QStringLiteral("echo %1 > /sys/class/infiniband/<rdma device>/tc/1/traffic_class")
                .arg(ctx.recipe.roceDscp * 4)};
    }
    return c;
}

/// CNP DSCP in a strict-priority queue.
AuditCheck checkCnpStrictPriority(const AuditContext &ctx)
{
    AuditCheck c;
    c.title = AuditText::tr("CNP DSCP %1 is in a strict-priority queue").arg(ctx.recipe.cnpDscp);
    if (!ctx.config) {
        c = unknownWithoutConfig(c);
    } else {
        const Classification cnp = classify(*ctx.config, ctx.recipe.cnpDscp);
        addLines(c.evidence, cnp.lines);
        const PolicyClass *q = cnp.group
            ? systemClassFor(*ctx.config, QStringLiteral("queuing"),
                             ctx.config->systemQueuingOutput, *cnp.group)
            : nullptr;
        if (q)
            addLines(c.evidence, q->lines);
        if (!cnp.group) {
            c.status = CheckStatus::Fail;
            c.summary = AuditText::tr("DSCP %1 is not classified: CNPs wait behind data in "
                                      "the default queue.")
                            .arg(ctx.recipe.cnpDscp);
        } else if (cnp.group == ctx.roceGroup) {
            c.status = CheckStatus::Fail;
            c.summary = AuditText::tr("CNPs share qos-group %1 with RoCE data.").arg(ctx.roceGroup);
        } else if (!q || !q->priorityLevel) {
            c.status = CheckStatus::Fail;
            c.summary = AuditText::tr("qos-group %1 (CNP) has no priority level in queuing "
                                      "policy %2.")
                            .arg(*cnp.group)
                            .arg(ctx.config->systemQueuingOutput);
        } else {
            c.status = CheckStatus::Pass;
            c.summary = AuditText::tr("DSCP %1 -> qos-group %2, priority level %3.")
                            .arg(ctx.recipe.cnpDscp)
                            .arg(*cnp.group)
                            .arg(*q->priorityLevel);
        }
        if (c.status == CheckStatus::Fail) {
            c.fix = QStringList {QStringLiteral("class-map type qos match-all CNP"),
                                 QStringLiteral("  match dscp %1").arg(ctx.recipe.cnpDscp),
                                 QStringLiteral("policy-map type qos QOS_CLASSIFICATION"),
                                 QStringLiteral("  class CNP"),
                                 QStringLiteral("    set qos-group 7"),
                                 QStringLiteral("policy-map type queuing QOS_EGRESS_PORT"),
                                 QStringLiteral("  class type queuing c-out-8q-q7"),
                                 QStringLiteral("    priority level 1")};
        }
    }
    return c;
}

}  // namespace roce::nxapi::audit
