#include "nxapi/qosaudit.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace roce::nxapi {

namespace {

class AuditText
{
    Q_DECLARE_TR_FUNCTIONS(AuditText)
};

QString evidenceLine(const ConfigLine &l)
{
    return AuditText::tr("config line %1: %2").arg(l.number).arg(l.text.trimmed());
}

void addLines(QStringList &evidence, const QList<ConfigLine> &lines)
{
    for (const ConfigLine &l : lines)
        evidence.append(evidenceLine(l));
}

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

/// The qos-group that DSCP @p dscp is classified to, with the lines that say so.
struct Classification {
    std::optional<int> group;
    QString policy;
    QList<ConfigLine> lines;
};

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

AuditCheck unknownWithoutConfig(AuditCheck c)
{
    c.status = CheckStatus::Unknown;
    c.summary = AuditText::tr("The running configuration could not be read.");
    return c;
}

}  // namespace

int AuditReport::count(CheckStatus status) const
{
    int n = 0;
    for (const AuditCheck &c : checks)
        n += c.status == status ? 1 : 0;
    return n;
}

QString checkStatusName(CheckStatus status)
{
    switch (status) {
    case CheckStatus::Pass:
        return QStringLiteral("pass");
    case CheckStatus::Fail:
        return QStringLiteral("fail");
    case CheckStatus::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

QList<HostQosFacts> hostFactsFromSample(const agentproto::AgentSample &sample)
{
    QList<HostQosFacts> out;
    for (const agentproto::NetdevSample &n : sample.netdevs) {
        HostQosFacts f;
        f.name = sample.hostname;
        f.interface = n.name;
        f.mtu = n.mtu;
        quint8 ecn = 0;
        bool anyEcn = false;
        for (int prio = 0; prio < 8; ++prio) {
            const auto it = n.ecnNp.constFind(QStringLiteral("enable/") + QString::number(prio));
            if (it == n.ecnNp.constEnd())
                continue;
            anyEcn = true;
            if (it->trimmed() == QLatin1String("1"))
                ecn |= quint8(1u << prio);
        }
        if (anyEcn)
            f.ecnNpPriorities = ecn;
        bool ok = false;
        const int cnp = n.ecnNp.value(QStringLiteral("cnp_dscp")).toInt(&ok);
        if (ok)
            f.cnpDscp = cnp;
        out.append(f);
    }
    return out;
}

Result<QList<HostQosFacts>> hostFactsFromJson(const QByteArray &json)
{
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray()) {
        return makeError(ErrorCode::Parse,
                         AuditText::tr("host facts must be a JSON array of objects (%1)")
                             .arg(error.error != QJsonParseError::NoError
                                      ? error.errorString()
                                      : AuditText::tr("not an array")));
    }
    QList<HostQosFacts> out;
    const QJsonArray list = doc.array();
    for (const QJsonValue &v : list) {
        const QJsonObject o = v.toObject();
        HostQosFacts f;
        f.name = o.value(QLatin1String("name")).toString();
        if (f.name.isEmpty()) {
            return makeError(
                ErrorCode::Parse,
                AuditText::tr("host facts entry %1 has no \"name\"").arg(out.size() + 1));
        }
        f.interface = o.value(QLatin1String("interface")).toString();
        if (o.contains(QLatin1String("mtu")))
            f.mtu = o.value(QLatin1String("mtu")).toInt();
        if (o.contains(QLatin1String("pfc_priorities"))) {
            quint8 bits = 0;
            const QJsonArray prios = o.value(QLatin1String("pfc_priorities")).toArray();
            for (const QJsonValue &p : prios) {
                if (p.toInt() >= 0 && p.toInt() < 8)
                    bits |= quint8(1u << p.toInt());
            }
            f.pfcPriorities = bits;
        }
        if (o.contains(QLatin1String("cnp_dscp")))
            f.cnpDscp = o.value(QLatin1String("cnp_dscp")).toInt();
        if (o.contains(QLatin1String("roce_dscp")))
            f.roceDscp = o.value(QLatin1String("roce_dscp")).toInt();
        out.append(f);
    }
    return out;
}

AuditReport auditRoceQos(const QosConfig *config, const SwitchSnapshot &snapshot,
                         const QList<HostQosFacts> &hosts, const RoceRecipe &recipe)
{
    AuditReport report;
    report.rocePorts = recipe.rocePorts.isEmpty() ? defaultRocePorts(snapshot) : recipe.rocePorts;
    const QString cos = QString::number(recipe.roceCos);

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

    // 1. RoCE DSCP -> no-drop class.
    {
        AuditCheck c {
            QStringLiteral("roce_dscp_no_drop"),
            AuditText::tr("RoCE DSCP %1 is classified to the no-drop class").arg(recipe.roceDscp),
            CheckStatus::Unknown,
            {},
            {},
            {}};
        if (!config) {
            c = unknownWithoutConfig(c);
        } else {
            addLines(c.evidence, roce.lines);
            if (noDrop)
                addLines(c.evidence, noDrop->lines);
            bool applied = config->systemQosInput == roce.policy;
            for (const InterfaceConfig &ic : config->interfaces)
                applied = applied || (!roce.policy.isEmpty() && ic.qosInputPolicy == roce.policy);
            if (!roce.group) {
                c.status = CheckStatus::Fail;
                c.summary = AuditText::tr("No qos class-map matches DSCP %1 with a policy that "
                                          "sets a qos-group: RoCE lands in the default class.")
                                .arg(recipe.roceDscp);
            } else if (roceGroup != noDropGroup) {
                c.status = CheckStatus::Fail;
                c.summary = noDropGroup < 0
                    ? AuditText::tr("DSCP %1 goes to qos-group %2, but no network-qos class "
                                    "pauses CoS %3.")
                          .arg(recipe.roceDscp)
                          .arg(roceGroup)
                          .arg(recipe.roceCos)
                    : AuditText::tr("DSCP %1 goes to qos-group %2, but the no-drop class is "
                                    "qos-group %3.")
                          .arg(recipe.roceDscp)
                          .arg(roceGroup)
                          .arg(noDropGroup);
            } else if (!applied) {
                c.status = CheckStatus::Fail;
                c.summary = AuditText::tr("Policy %1 classifies DSCP %2 but is applied neither "
                                          "under system qos nor on any interface.")
                                .arg(roce.policy)
                                .arg(recipe.roceDscp);
            } else {
                c.status = CheckStatus::Pass;
                c.summary = AuditText::tr("DSCP %1 -> qos-group %2, the class that pauses CoS %3.")
                                .arg(recipe.roceDscp)
                                .arg(roceGroup)
                                .arg(recipe.roceCos);
            }
            if (c.status == CheckStatus::Fail) {
                c.fix = QStringList {QStringLiteral("class-map type qos match-all ROCE"),
                                     QStringLiteral("  match dscp %1").arg(recipe.roceDscp),
                                     QStringLiteral("policy-map type qos QOS_CLASSIFICATION"),
                                     QStringLiteral("  class ROCE"),
                                     QStringLiteral("    set qos-group %1").arg(recipe.roceCos),
                                     QStringLiteral("interface <each RoCE port>"),
                                     QStringLiteral("  service-policy type qos input "
                                                    "QOS_CLASSIFICATION")};
            }
        }
        report.checks.append(c);
    }

    // 2. PFC pause on the RoCE CoS in the applied network-qos policy.
    {
        AuditCheck c {QStringLiteral("pfc_cos_no_drop"),
                      AuditText::tr("The network-qos policy pauses CoS %1 (no-drop)").arg(cos),
                      CheckStatus::Unknown,
                      {},
                      {},
                      {}};
        if (!config) {
            c = unknownWithoutConfig(c);
        } else {
            addLines(c.evidence, config->systemQosLines);
            if (noDrop) {
                addLines(c.evidence, noDrop->lines);
                c.status = CheckStatus::Pass;
                c.summary = AuditText::tr("Class %1 of %2 has pause pfc-cos %3.")
                                .arg(noDrop->name, config->systemNetworkQos, cos);
            } else {
                c.status = CheckStatus::Fail;
                c.summary = config->systemNetworkQos.isEmpty()
                    ? AuditText::tr("No network-qos policy is applied under system qos.")
                    : AuditText::tr("No class of %1 has pause pfc-cos %2: the RoCE class is lossy.")
                          .arg(config->systemNetworkQos, cos);
                c.fix = QStringList {QStringLiteral("policy-map type network-qos QOS_NETWORK"),
                                     QStringLiteral("  class type network-qos c-8q-nq%1").arg(cos),
                                     QStringLiteral("    pause pfc-cos %1").arg(cos),
                                     QStringLiteral("    mtu %1").arg(recipe.switchMtu),
                                     QStringLiteral("system qos"),
                                     QStringLiteral("  service-policy type network-qos "
                                                    "QOS_NETWORK")};
            }
        }
        report.checks.append(c);
    }

    // 3. PFC on every RoCE port (config and operational state).
    {
        AuditCheck c {QStringLiteral("pfc_ports"),
                      AuditText::tr("PFC is on for CoS %1 on every RoCE port").arg(cos),
                      CheckStatus::Unknown,
                      {},
                      {},
                      {}};
        QStringList bad;
        bool anyKnown = false;
        for (const QString &name : std::as_const(report.rocePorts)) {
            const InterfaceConfig *ic = config ? config->findInterface(name) : nullptr;
            const PortStatus *p = snapshot.findPort(name);
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
                    ok = ok && (*p->pfc->vlBitmap & (1u << recipe.roceCos));
                }
                if (p->pfc->rxPpp && p->pfc->txPpp)
                    facts.append(AuditText::tr("RxPPP %1, TxPPP %2")
                                     .arg(*p->pfc->rxPpp)
                                     .arg(*p->pfc->txPpp));
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
                                      int(report.rocePorts.size()));
        } else {
            c.status = CheckStatus::Fail;
            c.summary = AuditText::tr("PFC is not on (or not operational for CoS %1) on: %2.")
                            .arg(cos, bad.join(QLatin1String(", ")));
            for (const QString &name : std::as_const(bad)) {
                c.fix.append(QStringLiteral("interface %1").arg(name));
                c.fix.append(QStringLiteral("  priority-flow-control mode on"));
            }
        }
        report.checks.append(c);
    }

    // 4. PFC on the hosts.
    {
        AuditCheck c {QStringLiteral("pfc_hosts"),
                      AuditText::tr("The hosts enable PFC on priority %1").arg(cos),
                      CheckStatus::Unknown,
                      {},
                      {},
                      {}};
        QStringList bad;
        int known = 0;
        for (const HostQosFacts &h : hosts) {
            if (!h.pfcPriorities)
                continue;
            ++known;
            const bool on = *h.pfcPriorities & (1u << recipe.roceCos);
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
            c.summary
                = AuditText::tr("%n host(s) enable PFC on the RoCE priority.", nullptr, known);
        } else {
            c.status = CheckStatus::Fail;
            c.summary = AuditText::tr("PFC priority %1 is off on: %2.")
                            .arg(cos, bad.join(QLatin1String(", ")));
            QString mask;
            for (int prio = 0; prio < 8; ++prio)
                mask += (prio ? QStringLiteral(",") : QString())
                    + (prio == recipe.roceCos ? QStringLiteral("1") : QStringLiteral("0"));
            c.fix.append(QStringLiteral("mlnx_qos -i <interface> --trust dscp --pfc %1").arg(mask));
        }
        report.checks.append(c);
    }

    // 4b. The DSCP the hosts actually send lands in the no-drop class.
    {
        AuditCheck c {QStringLiteral("hosts_roce_dscp"),
                      AuditText::tr("The hosts mark RoCE with a DSCP of the no-drop class"),
                      CheckStatus::Unknown,
                      {},
                      {},
                      {}};
        QStringList bad;
        int known = 0;
        for (const HostQosFacts &h : hosts) {
            if (!h.roceDscp)
                continue;
            ++known;
            // -1: not classified (the default class).
            const int group = config ? classify(*config, *h.roceDscp).group.value_or(-1) : -1;
            c.evidence.append(AuditText::tr("%1: RoCE DSCP %2 -> %3")
                                  .arg(h.name)
                                  .arg(*h.roceDscp)
                                  .arg(group >= 0 ? AuditText::tr("qos-group %1").arg(group)
                                                  : AuditText::tr("default class")));
            if (config && (group < 0 || group != noDropGroup))
                bad.append(QStringLiteral("%1 (DSCP %2)").arg(h.name).arg(*h.roceDscp));
        }
        if (known == 0 || !config) {
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
                    .arg(recipe.roceDscp)
                    .arg(recipe.roceDscp * 4),
                QStringLiteral("cma_roce_tos -d <rdma device> -t %1").arg(recipe.roceDscp * 4),
                QStringLiteral("echo %1 > /sys/class/infiniband/<rdma device>/tc/1/traffic_class")
                    .arg(recipe.roceDscp * 4)};
        }
        report.checks.append(c);
    }

    // 5. CNP DSCP in a strict-priority queue.
    {
        AuditCheck c {
            QStringLiteral("cnp_strict_priority"),
            AuditText::tr("CNP DSCP %1 is in a strict-priority queue").arg(recipe.cnpDscp),
            CheckStatus::Unknown,
            {},
            {},
            {}};
        if (!config) {
            c = unknownWithoutConfig(c);
        } else {
            const Classification cnp = classify(*config, recipe.cnpDscp);
            addLines(c.evidence, cnp.lines);
            const PolicyClass *q = cnp.group
                ? systemClassFor(*config, QStringLiteral("queuing"), config->systemQueuingOutput,
                                 *cnp.group)
                : nullptr;
            if (q)
                addLines(c.evidence, q->lines);
            if (!cnp.group) {
                c.status = CheckStatus::Fail;
                c.summary = AuditText::tr("DSCP %1 is not classified: CNPs wait behind data in "
                                          "the default queue.")
                                .arg(recipe.cnpDscp);
            } else if (cnp.group == roceGroup) {
                c.status = CheckStatus::Fail;
                c.summary = AuditText::tr("CNPs share qos-group %1 with RoCE data.").arg(roceGroup);
            } else if (!q || !q->priorityLevel) {
                c.status = CheckStatus::Fail;
                c.summary = AuditText::tr("qos-group %1 (CNP) has no priority level in queuing "
                                          "policy %2.")
                                .arg(*cnp.group)
                                .arg(config->systemQueuingOutput);
            } else {
                c.status = CheckStatus::Pass;
                c.summary = AuditText::tr("DSCP %1 -> qos-group %2, priority level %3.")
                                .arg(recipe.cnpDscp)
                                .arg(*cnp.group)
                                .arg(*q->priorityLevel);
            }
            if (c.status == CheckStatus::Fail) {
                c.fix = QStringList {QStringLiteral("class-map type qos match-all CNP"),
                                     QStringLiteral("  match dscp %1").arg(recipe.cnpDscp),
                                     QStringLiteral("policy-map type qos QOS_CLASSIFICATION"),
                                     QStringLiteral("  class CNP"),
                                     QStringLiteral("    set qos-group 7"),
                                     QStringLiteral("policy-map type queuing QOS_EGRESS_PORT"),
                                     QStringLiteral("  class type queuing c-out-8q-q7"),
                                     QStringLiteral("    priority level 1")};
            }
        }
        report.checks.append(c);
    }

    // The RoCE egress queue class, shared by the WRED and threshold checks.
    const PolicyClass *roceQueue = config && roceGroup >= 0
        ? systemClassFor(*config, QStringLiteral("queuing"), config->systemQueuingOutput, roceGroup)
        : nullptr;
    const auto wredFix = [&] {
        return QStringList {
            QStringLiteral("policy-map type queuing %1")
                .arg(config && !config->systemQueuingOutput.isEmpty()
                         ? config->systemQueuingOutput
                         : QStringLiteral("QOS_EGRESS_PORT")),
            QStringLiteral("  class type queuing c-out-8q-q%1")
                .arg(roceGroup >= 0 ? roceGroup : recipe.roceCos),
            QStringLiteral("    random-detect minimum-threshold 150 kbytes maximum-threshold "
                           "3000 kbytes drop-probability 7 weight 0 ecn")};
    };

    // 6. WRED with ECN on the RoCE queue.
    {
        AuditCheck c {QStringLiteral("wred_ecn_roce"),
                      AuditText::tr("WRED marks ECN on the RoCE queue"),
                      CheckStatus::Unknown,
                      {},
                      {},
                      {}};
        if (!config) {
            c = unknownWithoutConfig(c);
        } else if (roceGroup < 0) {
            c.summary = AuditText::tr("The RoCE qos-group is unknown (see roce_dscp_no_drop).");
        } else {
            if (roceQueue)
                addLines(c.evidence, roceQueue->lines);
            quint64 ecnMarks = 0;
            bool ecnReported = false;
            for (const QString &name : std::as_const(report.rocePorts)) {
                const PortStatus *p = snapshot.findPort(name);
                const QosGroupStatus *g
                    = p && p->queuing ? p->queuing->findGroup(roceGroup) : nullptr;
                if (g && g->counters.has(QueueCounter::EcnPkts)) {
                    ecnReported = true;
                    ecnMarks += *g->counters.value(QueueCounter::EcnPkts);
                }
            }
            if (ecnReported)
                c.evidence.append(AuditText::tr("ECN-marked packets on qos-group %1 of the RoCE "
                                                "ports: %2")
                                      .arg(roceGroup)
                                      .arg(ecnMarks));
            if (roceQueue && roceQueue->randomDetect && roceQueue->ecn) {
                c.status = CheckStatus::Pass;
                c.summary = AuditText::tr("random-detect with ecn on %1.").arg(roceQueue->name);
            } else {
                c.status = CheckStatus::Fail;
                c.summary = roceQueue && roceQueue->randomDetect
                    ? AuditText::tr("random-detect on %1 drops instead of marking (no ecn).")
                          .arg(roceQueue->name)
                    : AuditText::tr("No random-detect on the queue of qos-group %1: no ECN "
                                    "marks, so DCQCN never slows senders and PFC does all the "
                                    "work.")
                          .arg(roceGroup);
                c.fix = wredFix();
            }
        }
        report.checks.append(c);
    }

    // 7. xON < WRED min < WRED max < xOFF.
    {
        AuditCheck c {QStringLiteral("threshold_order"),
                      AuditText::tr("Thresholds are ordered xON < WRED min < WRED max < xOFF"),
                      CheckStatus::Unknown,
                      {},
                      {},
                      {}};
        std::optional<quint64> xon, xoff;
        QString source;
        if (noDrop && noDrop->pauseThreshold && noDrop->resumeThreshold) {
            xoff = noDrop->pauseThreshold;
            xon = noDrop->resumeThreshold;
            source = noDrop->name;
            addLines(c.evidence, noDrop->lines);
        } else {
            for (const QString &name : std::as_const(report.rocePorts)) {
                const PortStatus *p = snapshot.findPort(name);
                const QosGroupStatus *g = p && p->queuing && roceGroup >= 0
                    ? p->queuing->findGroup(roceGroup)
                    : nullptr;
                if (g && g->pauseThreshold && g->resumeThreshold) {
                    xoff = g->pauseThreshold;
                    xon = g->resumeThreshold;
                    source = name;
                    c.evidence.append(AuditText::tr("%1 qos-group %2: pause threshold %3, "
                                                    "resume threshold %4 (show queuing interface)")
                                          .arg(name)
                                          .arg(roceGroup)
                                          .arg(bytesText(*xoff), bytesText(*xon)));
                    break;
                }
            }
        }
        if (roceQueue)
            addLines(c.evidence, roceQueue->lines);
        const bool haveWred = roceQueue && roceQueue->wredMinBytes && roceQueue->wredMaxBytes;
        const quint64 wmin = haveWred ? *roceQueue->wredMinBytes : 0;
        const quint64 wmax = haveWred ? *roceQueue->wredMaxBytes : 0;
        if (!xon || !xoff) {
            c.summary = AuditText::tr("The PFC pause/resume thresholds of the RoCE class were "
                                      "not reported.");
        } else if (!haveWred) {
            c.summary = roceQueue && !roceQueue->wredProfile.isEmpty()
                ? AuditText::tr("WRED uses the %1 profile, whose thresholds are not in the "
                                "configuration.")
                      .arg(roceQueue->wredProfile)
                : AuditText::tr("No explicit WRED thresholds on the RoCE queue.");
        } else {
            // Plain values: GCC cannot see that the optionals are engaged here.
            const quint64 lo = xon.value_or(0), hi = xoff.value_or(0);
            QStringList broken;
            if (!(lo < wmin))
                broken.append(
                    AuditText::tr("xON %1 >= WRED min %2").arg(bytesText(lo), bytesText(wmin)));
            if (!(wmin < wmax))
                broken.append(AuditText::tr("WRED min %1 >= WRED max %2")
                                  .arg(bytesText(wmin), bytesText(wmax)));
            if (!(wmax < hi))
                broken.append(
                    AuditText::tr("WRED max %1 >= xOFF %2").arg(bytesText(wmax), bytesText(hi)));
            if (broken.isEmpty()) {
                c.status = CheckStatus::Pass;
                c.summary = AuditText::tr("xON %1 < WRED min %2 < WRED max %3 < xOFF %4 (%5).")
                                .arg(bytesText(lo), bytesText(wmin), bytesText(wmax), bytesText(hi),
                                     source);
            } else {
                c.status = CheckStatus::Fail;
                c.summary = AuditText::tr("%1 (%2): ECN must start marking before PFC pauses.")
                                .arg(broken.join(QLatin1String("; ")), source);
                // Keep the WRED profile and move the PFC thresholds around it: pause only
                // when ECN has had room to act, resume below the marking range.
                const quint64 pause = wmax + wmax / 10;
                const quint64 resume = wmin / 2;
                c.fix = QStringList {
                    QStringLiteral("policy-map type network-qos %1")
                        .arg(config ? config->systemNetworkQos : QString()),
                    QStringLiteral("  class type network-qos %1")
                        .arg(noDrop ? noDrop->name : QStringLiteral("c-8q-nq%1").arg(cos)),
                    QStringLiteral("    pause buffer-size %1 pause-threshold %2 resume-threshold "
                                   "%3 pfc-cos %4")
                        .arg(pause + 300 * 1000)
                        .arg(pause)
                        .arg(resume)
                        .arg(cos)};
            }
        }
        report.checks.append(c);
    }

    // 8. MTU 9216 on the switch (no-drop class and RoCE ports).
    {
        AuditCheck c {QStringLiteral("mtu_switch"),
                      AuditText::tr("MTU %1 on the switch").arg(recipe.switchMtu),
                      CheckStatus::Unknown,
                      {},
                      {},
                      {}};
        QStringList bad;
        bool known = false;
        if (noDrop) {
            known = true;
            addLines(c.evidence, noDrop->lines);
            if (noDrop->mtu.value_or(1500) < recipe.switchMtu)
                bad.append(noDrop->name);
        }
        for (const QString &name : std::as_const(report.rocePorts)) {
            const PortStatus *p = snapshot.findPort(name);
            const InterfaceConfig *ic = config ? config->findInterface(name) : nullptr;
            const std::optional<int> mtu = p && p->mtu ? p->mtu : (ic ? ic->mtu : std::nullopt);
            if (!mtu)
                continue;
            known = true;
            c.evidence.append(AuditText::tr("%1: MTU %2").arg(name).arg(*mtu));
            if (*mtu < recipe.switchMtu)
                bad.append(name);
        }
        if (!known) {
            c.summary = AuditText::tr("No MTU was reported for the RoCE ports.");
        } else if (bad.isEmpty()) {
            c.status = CheckStatus::Pass;
            c.summary = AuditText::tr("MTU %1 on the no-drop class and the RoCE ports.")
                            .arg(recipe.switchMtu);
        } else {
            c.status = CheckStatus::Fail;
            c.summary = AuditText::tr("MTU below %1 on: %2.")
                            .arg(recipe.switchMtu)
                            .arg(bad.join(QLatin1String(", ")));
            for (const QString &name : std::as_const(bad)) {
                if (name.startsWith(QLatin1String("Ethernet")))
                    c.fix << QStringLiteral("interface %1").arg(name)
                          << QStringLiteral("  mtu %1").arg(recipe.switchMtu);
                else
                    c.fix << QStringLiteral("policy-map type network-qos %1")
                                 .arg(config ? config->systemNetworkQos : QString())
                          << QStringLiteral("  class type network-qos %1").arg(name)
                          << QStringLiteral("    mtu %1").arg(recipe.switchMtu);
            }
        }
        report.checks.append(c);
    }

    // 9. MTU 9000 on the hosts.
    {
        AuditCheck c {QStringLiteral("mtu_hosts"),
                      AuditText::tr("MTU %1 on the hosts").arg(recipe.hostMtu),
                      CheckStatus::Unknown,
                      {},
                      {},
                      {}};
        QStringList bad;
        int known = 0;
        for (const HostQosFacts &h : hosts) {
            if (!h.mtu)
                continue;
            ++known;
            c.evidence.append(AuditText::tr("%1 %2: MTU %3").arg(h.name, h.interface).arg(*h.mtu));
            if (*h.mtu < recipe.hostMtu) {
                bad.append(QStringLiteral("%1 %2").arg(h.name, h.interface));
                c.fix.append(
                    QStringLiteral("ip link set dev %1 mtu %2 # on %3")
                        .arg(h.interface.isEmpty() ? QStringLiteral("<interface>") : h.interface)
                        .arg(recipe.hostMtu)
                        .arg(h.name));
            }
        }
        if (known == 0) {
            c.summary = AuditText::tr("No host reported its MTU.");
        } else if (bad.isEmpty()) {
            c.status = CheckStatus::Pass;
            c.summary = AuditText::tr("%n host interface(s) at MTU %1 or more.", nullptr, known)
                            .arg(recipe.hostMtu);
        } else {
            c.status = CheckStatus::Fail;
            c.summary = AuditText::tr("MTU below %1 on: %2.")
                            .arg(recipe.hostMtu)
                            .arg(bad.join(QLatin1String(", ")));
        }
        report.checks.append(c);
    }

    // 10. PFC watchdog.
    {
        AuditCheck c {QStringLiteral("pfc_watchdog"),
                      AuditText::tr("The PFC watchdog is on"),
                      CheckStatus::Unknown,
                      {},
                      {},
                      {}};
        if (!config) {
            c = unknownWithoutConfig(c);
        } else if (config->pfcWatchdogGlobal) {
            c.status = CheckStatus::Pass;
            c.evidence.append(evidenceLine(*config->pfcWatchdogGlobal));
            c.summary = AuditText::tr("Enabled globally.");
        } else {
            QStringList missing;
            for (const QString &name : std::as_const(report.rocePorts)) {
                const InterfaceConfig *ic = config->findInterface(name);
                if (!ic || !ic->pfcWatchdog)
                    missing.append(name);
            }
            if (missing.isEmpty() && !report.rocePorts.isEmpty()) {
                c.status = CheckStatus::Pass;
                c.summary = AuditText::tr("Enabled on every RoCE port.");
            } else {
                c.status = CheckStatus::Fail;
                c.summary = AuditText::tr("Off: a host that stops draining its queue can pause "
                                          "the fabric indefinitely (PFC storm).");
                c.fix.append(QStringLiteral("priority-flow-control watch-dog-interval on"));
            }
        }
        report.checks.append(c);
    }
    return report;
}

QJsonObject auditToJson(const AuditReport &report)
{
    QJsonArray checks;
    for (const AuditCheck &c : report.checks) {
        checks.append(
            QJsonObject {{QStringLiteral("id"), c.id},
                         {QStringLiteral("title"), c.title},
                         {QStringLiteral("status"), checkStatusName(c.status)},
                         {QStringLiteral("summary"), c.summary},
                         {QStringLiteral("evidence"), QJsonArray::fromStringList(c.evidence)},
                         {QStringLiteral("fix"), QJsonArray::fromStringList(c.fix)}});
    }
    return QJsonObject {
        {QStringLiteral("checks"), checks},
        {QStringLiteral("roce_ports"), QJsonArray::fromStringList(report.rocePorts)},
        {QStringLiteral("passed"), report.count(CheckStatus::Pass)},
        {QStringLiteral("failed"), report.count(CheckStatus::Fail)},
        {QStringLiteral("unknown"), report.count(CheckStatus::Unknown)}};
}

}  // namespace roce::nxapi
