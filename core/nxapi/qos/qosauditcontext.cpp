#include "nxapi/qos/qosauditchecks.h"

#include <QRegularExpression>

namespace roce::nxapi::audit {

namespace {

/// QoS group of an NX-OS system class name: "c-8q-nq3" / "c-out-8q-q3" / "c-nq3" -> 3;
/// "...-default" -> 0; anything else -> -1.
int groupOfSystemClass(const QString &name)
{
    if (name.endsWith(QLatin1String("default")))
        return 0;
    static const QRegularExpression tail(QStringLiteral(R"(q(\d)$)"));
    const auto m = tail.match(name);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

QStringList defaultRocePorts(const SwitchSnapshot &s)
{
    QStringList ports;
    const bool haveLldp = s.lldpReported && !s.lldpNeighbors.isEmpty();
    for (const PortStatus &p : s.ports) {
        if (p.isInternal() || !p.name.startsWith(QLatin1String("Ethernet")))
            continue;
        if (haveLldp) {
            for (const LldpNeighbor &n : s.lldpNeighbors) {
                if (n.localPort == p.name && !ports.contains(p.name))
                    ports.append(p.name);
            }
        } else if (p.state == QLatin1String("up")) {
            ports.append(p.name);
        }
    }
    return ports;
}

}  // namespace

QString evidenceLine(const ConfigLine &l)
{
    return AuditText::tr("config line %1: %2").arg(l.number).arg(l.text.trimmed());
}

void addLines(QStringList &evidence, const QList<ConfigLine> &lines)
{
    for (const ConfigLine &l : lines)
        evidence.append(evidenceLine(l));
}

Classification classify(const QosConfig &c, int dscp)
{
    Classification out;
    for (const ClassMap &cm : c.classMaps) {
        if (cm.type != QLatin1String("qos") || !cm.matchDscp.contains(dscp))
            continue;
        for (const PolicyMap &pm : c.policyMaps) {
            if (pm.type != QLatin1String("qos"))
                continue;
            const PolicyClass *pc = pm.findClass(cm.name);
            if (!pc || !pc->setQosGroup)
                continue;
            out.group = pc->setQosGroup;
            out.policy = pm.name;
            out.lines = cm.lines;
            out.lines.append(pm.lines.first());
            out.lines += pc->lines;
            return out;
        }
        out.lines += cm.lines;
    }
    return out;
}

/// The class of system policy @p policyName (type @p type) that serves qos-group @p group.
const PolicyClass *systemClassFor(const QosConfig &c, const QString &type, const QString &policy,
                                  int group)
{
    const PolicyMap *pm = c.findPolicy(type, policy);
    if (!pm)
        return nullptr;
    for (const PolicyClass &pc : pm->classes) {
        if (groupOfSystemClass(pc.name) == group)
            return &pc;
    }
    return nullptr;
}

QString bytesText(quint64 b)
{
    if (b >= 1000 * 1000 && b % 1000 == 0)
        return AuditText::tr("%1 KB").arg(b / 1000);
    if (b >= 10000)
        return AuditText::tr("%1 KB").arg(double(b) / 1000, 0, 'f', 1);
    return AuditText::tr("%1 B").arg(b);
}

AuditCheck unknownWithoutConfig(AuditCheck c)
{
    c.status = CheckStatus::Unknown;
    c.summary = AuditText::tr("The running configuration could not be read.");
    return c;
}

AuditContext makeAuditContext(const QosConfig *config, const SwitchSnapshot &snapshot,
                              const QList<HostQosFacts> &hosts, const RoceRecipe &recipe)
{
    // Which group RoCE lands in, and which group is the no-drop one.
    Classification roce;
    const PolicyClass *noDrop = nullptr;
    int noDropGroup = -1;
    if (config) {
        roce = classify(*config, recipe.roceDscp);
        if (const PolicyMap *nq
            = config->findPolicy(QStringLiteral("network-qos"), config->systemNetworkQos)) {
            for (const PolicyClass &pc : nq->classes) {
                if (pc.pausePfcCos.contains(recipe.roceCos)) {
                    noDrop = &pc;
                    noDropGroup = groupOfSystemClass(pc.name);
                }
            }
        }
    }
    const int roceGroup = roce.group.value_or(-1);
    // The RoCE egress queue class, shared by the WRED and threshold checks.
    const PolicyClass *roceQueue = config && roceGroup >= 0
        ? systemClassFor(*config, QStringLiteral("queuing"), config->systemQueuingOutput, roceGroup)
        : nullptr;
    return {.config = config,
            .snapshot = snapshot,
            .hosts = hosts,
            .recipe = recipe,
            .rocePorts = recipe.rocePorts.isEmpty() ? defaultRocePorts(snapshot) : recipe.rocePorts,
            .cos = QString::number(recipe.roceCos),
            .roce = roce,
            .noDrop = noDrop,
            .noDropGroup = noDropGroup,
            .roceGroup = roceGroup,
            .roceQueue = roceQueue};
}

}  // namespace roce::nxapi::audit
