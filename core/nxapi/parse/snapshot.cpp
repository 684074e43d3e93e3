#include "nxapi/parse/snapshot.h"

#include "nxapi/parse/interfacename.h"
#include "proto/common/jsonfields.h"

#include <QJsonArray>

namespace roce::nxapi {

bool isFabricPortName(QStringView name)
{
    return name.startsWith(QLatin1String("Ethernet")) || name.startsWith(QLatin1String("ii"));
}

const char *portCounterKey(PortCounter c)
{
    switch (c) {
    case PortCounter::InBytes:
        return "in_bytes";
    case PortCounter::OutBytes:
        return "out_bytes";
    case PortCounter::InPkts:
        return "in_pkts";
    case PortCounter::OutPkts:
        return "out_pkts";
    case PortCounter::InUcast:
        return "in_ucast_pkts";
    case PortCounter::OutUcast:
        return "out_ucast_pkts";
    case PortCounter::InMcast:
        return "in_mcast_pkts";
    case PortCounter::OutMcast:
        return "out_mcast_pkts";
    case PortCounter::InBcast:
        return "in_bcast_pkts";
    case PortCounter::OutBcast:
        return "out_bcast_pkts";
    case PortCounter::InErrors:
        return "in_errors";
    case PortCounter::OutErrors:
        return "out_errors";
    case PortCounter::Crc:
        return "crc_errors";
    case PortCounter::InDiscards:
        return "in_discards";
    case PortCounter::OutDiscards:
        return "out_discards";
    case PortCounter::InPause:
        return "in_pause";
    case PortCounter::OutPause:
        return "out_pause";
    case PortCounter::FcsErrors:
        return "fcs_errors";
    case PortCounter::AlignErrors:
        return "align_errors";
    case PortCounter::XmitErrors:
        return "xmit_errors";
    case PortCounter::RcvErrors:
        return "rcv_errors";
    case PortCounter::Undersize:
        return "undersize";
    case PortCounter::Runts:
        return "runts";
    case PortCounter::Giants:
        return "giants";
    case PortCounter::SymbolErrors:
        return "symbol_errors";
    case PortCounter::Count:
        break;
    }
    return "";
}

const char *queueCounterKey(QueueCounter c)
{
    switch (c) {
    case QueueCounter::TxPkts:
        return "tx_pkts";
    case QueueCounter::TxBytes:
        return "tx_bytes";
    case QueueCounter::DropPkts:
        return "drop_pkts";
    case QueueCounter::DropBytes:
        return "drop_bytes";
    case QueueCounter::EcnPkts:
        return "ecn_pkts";
    case QueueCounter::EcnBytes:
        return "ecn_bytes";
    case QueueCounter::WatchdogDropPkts:
        return "watchdog_drop_pkts";
    case QueueCounter::QueueDepthBytes:
        return "queue_depth_bytes";
    case QueueCounter::Count:
        break;
    }
    return "";
}

int QosGroupStatus::number() const
{
    bool ok = false;
    const int n = group.toInt(&ok);
    return ok ? n : -1;
}

QosGroupStatus &QueuingStatus::group(const QString &name)
{
    for (QosGroupStatus &g : qosGroups) {
        if (g.group == name)
            return g;
    }
    qosGroups.append(QosGroupStatus {});
    qosGroups.last().group = name;
    return qosGroups.last();
}

const QosGroupStatus *QueuingStatus::findGroup(int number) const
{
    for (const QosGroupStatus &g : qosGroups) {
        if (g.number() == number)
            return &g;
    }
    return nullptr;
}

PortStatus &SwitchSnapshot::port(const QString &name)
{
    const QString full = longInterfaceName(name);
    const auto it = m_index.constFind(full);
    if (it != m_index.constEnd())
        return ports[*it];
    m_index.insert(full, ports.size());
    ports.append(PortStatus {});
    ports.last().name = full;
    return ports.last();
}

const PortStatus *SwitchSnapshot::findPort(const QString &name) const
{
    const auto it = m_index.constFind(longInterfaceName(name));
    return it == m_index.constEnd() ? nullptr : &ports[*it];
}

namespace {

template <typename E, typename KeyFn>
QJsonObject countersToJson(const CounterSet<E> &set, KeyFn key)
{
    QJsonObject o;
    for (std::size_t i = 0; i < CounterSet<E>::Size; ++i) {
        if (const auto v = set.value(E(i)))
            o.insert(QLatin1String(key(E(i))), QJsonValue(qint64(*v)));
    }
    return o;
}

QJsonObject queuingToJson(const QueuingStatus &q)
{
    QJsonObject o;
    insertIfSet(o, "ingress_mmu_drop_pkts", q.ingressMmuDropPkts);
    insertIfSet(o, "ingress_mmu_drop_bytes", q.ingressMmuDropBytes);
    insertIfSet(o, "wred_drop_pkts", q.wredDropPkts);
    insertIfSet(o, "mc_drop_pkts", q.mcDropPkts);
    insertIfSet(o, "tx_ppp", q.txPpp);
    insertIfSet(o, "rx_ppp", q.rxPpp);
    QJsonArray groups;
    for (const QosGroupStatus &g : q.qosGroups) {
        QJsonObject go = countersToJson(g.counters, queueCounterKey);
        go.insert(QStringLiteral("qos_group"), g.group);
        insertIfSet(go, "bandwidth_percent", g.bandwidthPercent);
        insertIfSet(go, "priority", g.priority);
        insertIfSet(go, "buffer_size", g.bufferSize);
        insertIfSet(go, "pause_threshold", g.pauseThreshold);
        insertIfSet(go, "resume_threshold", g.resumeThreshold);
        groups.append(go);
    }
    o.insert(QStringLiteral("qos_groups"), groups);
    QJsonArray cos;
    for (const PfcCosStatus &c : q.pfcCos) {
        QJsonObject co {{QStringLiteral("cos"), c.cos}};
        insertIfSet(co, "qos_group", c.qosGroup);
        insertIfSet(co, "priority_group", c.priorityGroup);
        insertIfSet(co, "tx_pause_state", c.txPauseState);
        insertIfSet(co, "tx_pause_count", c.txPauseCount);
        insertIfSet(co, "rx_pause_state", c.rxPauseState);
        insertIfSet(co, "rx_pause_count", c.rxPauseCount);
        cos.append(co);
    }
    o.insert(QStringLiteral("pfc_cos"), cos);
    return o;
}

QJsonObject portToJson(const PortStatus &p)
{
    QJsonObject o {{QStringLiteral("name"), p.name}};
    insertIfSet(o, "state", p.state);
    insertIfSet(o, "admin_state", p.adminState);
    insertIfSet(o, "description", p.description);
    insertIfSet(o, "speed", p.speed);
    insertIfSet(o, "clear_counters", p.clearCounters);
    insertIfSet(o, "mtu", p.mtu);
    insertIfSet(o, "bandwidth_kbit", p.bandwidthKbit);
    insertIfSet(o, "load_interval_s", p.loadIntervalSeconds);
    insertIfSet(o, "in_rate_bits", p.inRateBits);
    insertIfSet(o, "out_rate_bits", p.outRateBits);
    insertIfSet(o, "in_rate_pkts", p.inRatePkts);
    insertIfSet(o, "out_rate_pkts", p.outRatePkts);
    if (p.isInternal())
        o.insert(QStringLiteral("internal"), true);
    if (!p.counters.empty())
        o.insert(QStringLiteral("counters"), countersToJson(p.counters, portCounterKey));
    if (p.pfc) {
        QJsonObject pfc;
        insertIfSet(pfc, "mode", p.pfc->mode);
        insertIfSet(pfc, "oper", p.pfc->oper);
        insertIfSet(pfc, "vl_bitmap", p.pfc->vlBitmap);
        insertIfSet(pfc, "rx_ppp", p.pfc->rxPpp);
        insertIfSet(pfc, "tx_ppp", p.pfc->txPpp);
        o.insert(QStringLiteral("pfc"), pfc);
    }
    if (p.queuing)
        o.insert(QStringLiteral("queuing"), queuingToJson(*p.queuing));
    return o;
}

}  // namespace

QJsonObject commandIssueToJson(const CommandIssue &issue)
{
    QJsonObject o {{QStringLiteral("command"), issue.command},
                   {QStringLiteral("code"), issue.code},
                   {QStringLiteral("message"), issue.message}};
    if (!issue.subject.isEmpty())
        o.insert(QStringLiteral("subject"), issue.subject);
    return o;
}

QJsonObject snapshotToJson(const SwitchSnapshot &s)
{
    QJsonObject o;
    if (s.takenMs)
        o.insert(QStringLiteral("taken_ms"), QJsonValue(s.takenMs));
    if (s.version) {
        QJsonObject v;
        insertIfSet(v, "host_name", s.version->hostName);
        insertIfSet(v, "nxos_version", s.version->nxosVersion);
        insertIfSet(v, "chassis", s.version->chassis);
        insertIfSet(v, "serial", s.version->serial);
        insertIfSet(v, "bios_version", s.version->biosVersion);
        insertIfSet(v, "last_reset_reason", s.version->lastResetReason);
        insertIfSet(v, "uptime_s", s.version->uptimeSeconds);
        o.insert(QStringLiteral("version"), v);
    }
    QJsonArray ports;
    for (const PortStatus &p : s.ports)
        ports.append(portToJson(p));
    o.insert(QStringLiteral("ports"), ports);
    if (s.lldpReported) {
        QJsonArray lldp;
        for (const LldpNeighbor &n : s.lldpNeighbors) {
            QJsonObject no {{QStringLiteral("local_port"), n.localPort}};
            insertIfSet(no, "chassis_id", n.chassisId);
            insertIfSet(no, "port_id", n.portId);
            insertIfSet(no, "port_description", n.portDescription);
            insertIfSet(no, "system_name", n.systemName);
            insertIfSet(no, "system_description", n.systemDescription);
            insertIfSet(no, "management_address", n.managementAddress);
            insertIfSet(no, "system_capabilities", n.systemCapabilities);
            insertIfSet(no, "enabled_capabilities", n.enabledCapabilities);
            insertIfSet(no, "ttl", n.ttl);
            lldp.append(no);
        }
        o.insert(QStringLiteral("lldp_neighbors"), lldp);
    }
    if (s.qosConfig)
        o.insert(QStringLiteral("qos_config"), qosConfigToJson(*s.qosConfig));
    if (!s.issues.isEmpty()) {
        QJsonArray issues;
        for (const CommandIssue &i : s.issues)
            issues.append(commandIssueToJson(i));
        o.insert(QStringLiteral("issues"), issues);
    }
    return o;
}

}  // namespace roce::nxapi
