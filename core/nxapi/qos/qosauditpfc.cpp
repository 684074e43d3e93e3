// QoS audit checks: Priority flow control: the no-drop class, the ports, the hosts, the watchdog.

#include "nxapi/qos/qosauditchecks.h"

namespace roce::nxapi::audit {

/// PFC pause on the RoCE CoS in the applied network-qos policy.
AuditCheck checkPfcCosNoDrop(const AuditContext &ctx)
{
    AuditCheck c;
    c.title = AuditText::tr("The network-qos policy pauses CoS %1 (no-drop)").arg(ctx.cos);
    if (!ctx.config) {
        c = unknownWithoutConfig(c);
    } else {
        addLines(c.evidence, ctx.config->systemQosLines);
        if (ctx.noDrop) {
            addLines(c.evidence, ctx.noDrop->lines);
            c.status = CheckStatus::Pass;
            c.summary = AuditText::tr("Class %1 of %2 has pause pfc-cos %3.")
                            .arg(ctx.noDrop->name, ctx.config->systemNetworkQos, ctx.cos);
        } else {
            c.status = CheckStatus::Fail;
            c.summary = ctx.config->systemNetworkQos.isEmpty()
                ? AuditText::tr("No network-qos policy is applied under system qos.")
                : AuditText::tr("No class of %1 has pause pfc-cos %2: the RoCE class is lossy.")
                      .arg(ctx.config->systemNetworkQos, ctx.cos);
            c.fix = QStringList {QStringLiteral("policy-map type network-qos QOS_NETWORK"),
                                 QStringLiteral("  class type network-qos c-8q-nq%1").arg(ctx.cos),
                                 QStringLiteral("    pause pfc-cos %1").arg(ctx.cos),
                                 QStringLiteral("    mtu %1").arg(ctx.recipe.switchMtu),
                                 QStringLiteral("system qos"),
                                 QStringLiteral("  service-policy type network-qos "
                                                "QOS_NETWORK")};
        }
    }
    return c;
}

/// PFC on every RoCE port (config and operational state).
AuditCheck checkPfcPorts(const AuditContext &ctx)
{
    AuditCheck c;
    c.title = AuditText::tr("PFC is on for CoS %1 on every RoCE port").arg(ctx.cos);
    QStringList bad;
    bool anyKnown = false;
    for (const QString &name : std::as_const(ctx.rocePorts)) {
        const InterfaceConfig *ic = ctx.config ? ctx.config->findInterface(name) : nullptr;
        const PortStatus *p = ctx.snapshot.findPort(name);
        QStringList facts;
        bool ok = true;
        bool known = false;
        if (ic) {
            known = true;
            facts.append(AuditText::tr("mode %1").arg(
                ic->pfcMode.isEmpty() ? AuditText::tr("auto (default)") : ic->pfcMode));
            ok = ok && ic->pfcMode == QLatin1String("on");
        }
        if (p && p->pfc) {
            known = true;
            facts.append(AuditText::tr("oper %1").arg(p->pfc->oper));
            ok = ok && p->pfc->oper.compare(QLatin1String("On"), Qt::CaseInsensitive) == 0;
            if (p->pfc->vlBitmap) {
                facts.append(AuditText::tr("VL bitmap 0x%1").arg(*p->pfc->vlBitmap, 0, 16));
                ok = ok && (*p->pfc->vlBitmap & (1u << ctx.recipe.roceCos));
            }
            if (p->pfc->rxPpp && p->pfc->txPpp)
                facts.append(
                    AuditText::tr("RxPPP %1, TxPPP %2").arg(*p->pfc->rxPpp).arg(*p->pfc->txPpp));
        }
        if (p && p->queuing && p->queuing->ingressMmuDropPkts)
            facts.append(
                AuditText::tr("ingress MMU drops %1").arg(*p->queuing->ingressMmuDropPkts));
        if (!known)
            continue;
        anyKnown = true;
        c.evidence.append(QStringLiteral("%1: %2").arg(name, facts.join(QLatin1String(", "))));
        if (!ok)
            bad.append(name);
    }
    if (!anyKnown) {
        c.summary = AuditText::tr("Neither the configuration nor the PFC status of the RoCE "
                                  "ports could be read.");
    } else if (bad.isEmpty()) {
        c.status = CheckStatus::Pass;
        c.summary = AuditText::tr("PFC mode on and operational on %n RoCE port(s).", nullptr,
                                  int(ctx.rocePorts.size()));
    } else {
        c.status = CheckStatus::Fail;
        c.summary = AuditText::tr("PFC is not on (or not operational for CoS %1) on: %2.")
                        .arg(ctx.cos, bad.join(QLatin1String(", ")));
        for (const QString &name : std::as_const(bad)) {
            c.fix.append(QStringLiteral("interface %1").arg(name));
            c.fix.append(QStringLiteral("  priority-flow-control mode on"));
        }
    }
    return c;
}

/// PFC on the hosts.
AuditCheck checkPfcHosts(const AuditContext &ctx)
{
    AuditCheck c;
    c.title = AuditText::tr("The hosts enable PFC on priority %1").arg(ctx.cos);
    QStringList bad;
    int known = 0;
    for (const HostQosFacts &h : ctx.hosts) {
        if (!h.pfcPriorities)
            continue;
        ++known;
        const bool on = *h.pfcPriorities & (1u << ctx.recipe.roceCos);
        c.evidence.append(AuditText::tr("%1 %2: PFC priorities 0x%3")
                              .arg(h.name, h.interface)
                              .arg(*h.pfcPriorities, 2, 16, QLatin1Char('0')));
        if (!on)
            bad.append(h.name);
    }
    if (known == 0) {
        c.summary = AuditText::tr("No host reported its PFC priorities (give them with "
                                  "--hosts, or run mlnx_qos -i <if> on each host).");
    } else if (bad.isEmpty()) {
        c.status = CheckStatus::Pass;
        c.summary = AuditText::tr("%n host(s) enable PFC on the RoCE priority.", nullptr, known);
    } else {
        c.status = CheckStatus::Fail;
        c.summary = AuditText::tr("PFC priority %1 is off on: %2.")
                        .arg(ctx.cos, bad.join(QLatin1String(", ")));
        QString mask;
        for (int prio = 0; prio < 8; ++prio)
            mask += (prio ? QStringLiteral(",") : QString())
                + (prio == ctx.recipe.roceCos ? QStringLiteral("1") : QStringLiteral("0"));
        c.fix.append(QStringLiteral("mlnx_qos -i <interface> --trust dscp --pfc %1").arg(mask));
    }
    return c;
}

/// PFC watchdog.
AuditCheck checkPfcWatchdog(const AuditContext &ctx)
{
    AuditCheck c;
    c.title = AuditText::tr("The PFC watchdog is on");
    if (!ctx.config) {
        c = unknownWithoutConfig(c);
    } else if (ctx.config->pfcWatchdogGlobal) {
        c.status = CheckStatus::Pass;
        c.evidence.append(evidenceLine(*ctx.config->pfcWatchdogGlobal));
        c.summary = AuditText::tr("Enabled globally.");
    } else {
        QStringList missing;
        for (const QString &name : std::as_const(ctx.rocePorts)) {
            const InterfaceConfig *ic = ctx.config->findInterface(name);
            if (!ic || !ic->pfcWatchdog)
                missing.append(name);
        }
        if (missing.isEmpty() && !ctx.rocePorts.isEmpty()) {
            c.status = CheckStatus::Pass;
            c.summary = AuditText::tr("Enabled on every RoCE port.");
        } else {
            c.status = CheckStatus::Fail;
            c.summary = AuditText::tr("Off: a host that stops draining its queue can pause "
                                      "the fabric indefinitely (PFC storm).");
            c.fix.append(QStringLiteral("priority-flow-control watch-dog-interval on"));
        }
    }
    return c;
}

}  // namespace roce::nxapi::audit
