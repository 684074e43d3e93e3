// QoS audit checks: Jumbo frames end to end: the switch and the hosts.

#include "nxapi/qos/qosauditchecks.h"

namespace roce::nxapi::audit {

/// MTU 9216 on the switch (no-drop class and RoCE ports).
AuditCheck checkMtuSwitch(const AuditContext &ctx)
{
    AuditCheck c;
    c.title = AuditText::tr("MTU %1 on the switch").arg(ctx.recipe.switchMtu);
    QStringList bad;
    bool known = false;
    if (ctx.noDrop) {
        known = true;
        addLines(c.evidence, ctx.noDrop->lines);
        if (ctx.noDrop->mtu.value_or(1500) < ctx.recipe.switchMtu)
            bad.append(ctx.noDrop->name);
    }
    for (const QString &name : std::as_const(ctx.rocePorts)) {
        const PortStatus *p = ctx.snapshot.findPort(name);
        const InterfaceConfig *ic = ctx.config ? ctx.config->findInterface(name) : nullptr;
        const std::optional<int> mtu = p && p->mtu ? p->mtu : (ic ? ic->mtu : std::nullopt);
        if (!mtu)
            continue;
        known = true;
        c.evidence.append(AuditText::tr("%1: MTU %2").arg(name).arg(*mtu));
        if (*mtu < ctx.recipe.switchMtu)
            bad.append(name);
    }
    if (!known) {
        c.summary = AuditText::tr("No MTU was reported for the RoCE ports.");
    } else if (bad.isEmpty()) {
        c.status = CheckStatus::Pass;
        c.summary = AuditText::tr("MTU %1 on the no-drop class and the RoCE ports.")
                        .arg(ctx.recipe.switchMtu);
    } else {
        c.status = CheckStatus::Fail;
        c.summary = AuditText::tr("MTU below %1 on: %2.")
                        .arg(ctx.recipe.switchMtu)
                        .arg(bad.join(QLatin1String(", ")));
        for (const QString &name : std::as_const(bad)) {
            if (name.startsWith(QLatin1String("Ethernet")))
                c.fix << QStringLiteral("interface %1").arg(name)
                      << QStringLiteral("  mtu %1").arg(ctx.recipe.switchMtu);
            else
                c.fix << QStringLiteral("policy-map type network-qos %1")
                             .arg(ctx.config ? ctx.config->systemNetworkQos : QString())
                      << QStringLiteral("  class type network-qos %1").arg(name)
                      << QStringLiteral("    mtu %1").arg(ctx.recipe.switchMtu);
        }
    }
    return c;
}

/// MTU 9000 on the hosts.
AuditCheck checkMtuHosts(const AuditContext &ctx)
{
    AuditCheck c;
    c.title = AuditText::tr("MTU %1 on the hosts").arg(ctx.recipe.hostMtu);
    QStringList bad;
    int known = 0;
    for (const HostQosFacts &h : ctx.hosts) {
        if (!h.mtu)
            continue;
        ++known;
        c.evidence.append(AuditText::tr("%1 %2: MTU %3").arg(h.name, h.interface).arg(*h.mtu));
        if (*h.mtu < ctx.recipe.hostMtu) {
            bad.append(QStringLiteral("%1 %2").arg(h.name, h.interface));
            c.fix.append(
                QStringLiteral("ip link set dev %1 mtu %2 # on %3")
                    .arg(h.interface.isEmpty() ? QStringLiteral("<interface>") : h.interface)
                    .arg(ctx.recipe.hostMtu)
                    .arg(h.name));
        }
    }
    if (known == 0) {
        c.summary = AuditText::tr("No host reported its MTU.");
    } else if (bad.isEmpty()) {
        c.status = CheckStatus::Pass;
        c.summary = AuditText::tr("%n host interface(s) at MTU %1 or more.", nullptr, known)
                        .arg(ctx.recipe.hostMtu);
    } else {
        c.status = CheckStatus::Fail;
        c.summary = AuditText::tr("MTU below %1 on: %2.")
                        .arg(ctx.recipe.hostMtu)
                        .arg(bad.join(QLatin1String(", ")));
    }
    return c;
}

}  // namespace roce::nxapi::audit
