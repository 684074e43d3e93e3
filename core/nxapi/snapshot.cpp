#include "nxapi/snapshot.h"

#include "nxapi/interfacename.h"

#include <QJsonArray>

namespace roce::nxapi {

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

template <typename T> void putOptional(QJsonObject &o, const char *key, const std::optional<T> &v)
{
    // qint64 keeps 64-bit counters exact (a double would round above 2^53).
    if (v)
        o.insert(QLatin1String(key), QJsonValue(qint64(*v)));
}

void putText(QJsonObject &o, const char *key, const QString &v)
{
    if (!v.isEmpty())
        o.insert(QLatin1String(key), v);
}

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
    putOptional(o, "ingress_mmu_drop_pkts", q.ingressMmuDropPkts);
    putOptional(o, "ingress_mmu_drop_bytes", q.ingressMmuDropBytes);
    putOptional(o, "wred_drop_pkts", q.wredDropPkts);
    putOptional(o, "mc_drop_pkts", q.mcDropPkts);
    putOptional(o, "tx_ppp", q.txPpp);
    putOptional(o, "rx_ppp", q.rxPpp);
    QJsonArray groups;
    for (const QosGroupStatus &g : q.qosGroups) {
        QJsonObject go = countersToJson(g.counters, queueCounterKey);
        go.insert(QStringLiteral("qos_group"), g.group);
        putOptional(go, "bandwidth_percent", g.bandwidthPercent);
        putText(go, "priority", g.priority);
        putOptional(go, "buffer_size", g.bufferSize);
        putOptional(go, "pause_threshold", g.pauseThreshold);
        putOptional(go, "resume_threshold", g.resumeThreshold);
        groups.append(go);
    }
    o.insert(QStringLiteral("qos_groups"), groups);
    QJsonArray cos;
    for (const PfcCosStatus &c : q.pfcCos) {
        QJsonObject co {{QStringLiteral("cos"), c.cos}};
        putOptional(co, "qos_group", c.qosGroup);
        putOptional(co, "priority_group", c.priorityGroup);
        putText(co, "tx_pause_state", c.txPauseState);
        putOptional(co, "tx_pause_count", c.txPauseCount);
        putText(co, "rx_pause_state", c.rxPauseState);
        putOptional(co, "rx_pause_count", c.rxPauseCount);
        cos.append(co);
    }
    o.insert(QStringLiteral("pfc_cos"), cos);
    return o;
}

QJsonObject portToJson(const PortStatus &p)
{
    QJsonObject o {{QStringLiteral("name"), p.name}};
    putText(o, "state", p.state);
    putText(o, "admin_state", p.adminState);
    putText(o, "description", p.description);
    putText(o, "speed", p.speed);
    putText(o, "clear_counters", p.clearCounters);
    putOptional(o, "mtu", p.mtu);
    putOptional(o, "bandwidth_kbit", p.bandwidthKbit);
    putOptional(o, "load_interval_s", p.loadIntervalSeconds);
    putOptional(o, "in_rate_bits", p.inRateBits);
    putOptional(o, "out_rate_bits", p.outRateBits);
    putOptional(o, "in_rate_pkts", p.inRatePkts);
    putOptional(o, "out_rate_pkts", p.outRatePkts);
    if (p.isInternal())
        o.insert(QStringLiteral("internal"), true);
    if (!p.counters.empty())
        o.insert(QStringLiteral("counters"), countersToJson(p.counters, portCounterKey));
    if (p.pfc) {
        QJsonObject pfc;
        putText(pfc, "mode", p.pfc->mode);
        putText(pfc, "oper", p.pfc->oper);
        putOptional(pfc, "vl_bitmap", p.pfc->vlBitmap);
        putOptional(pfc, "rx_ppp", p.pfc->rxPpp);
        putOptional(pfc, "tx_ppp", p.pfc->txPpp);
        o.insert(QStringLiteral("pfc"), pfc);
    }
    if (p.queuing)
        o.insert(QStringLiteral("queuing"), queuingToJson(*p.queuing));
    return o;
}

}  // namespace

QJsonObject snapshotToJson(const SwitchSnapshot &s)
{
    QJsonObject o;
    if (s.takenMs)
        o.insert(QStringLiteral("taken_ms"), QJsonValue(s.takenMs));
    if (s.version) {
        QJsonObject v;
        putText(v, "host_name", s.version->hostName);
        putText(v, "nxos_version", s.version->nxosVersion);
        putText(v, "chassis", s.version->chassis);
        putText(v, "serial", s.version->serial);
        putText(v, "bios_version", s.version->biosVersion);
        putText(v, "last_reset_reason", s.version->lastResetReason);
        putOptional(v, "uptime_s", s.version->uptimeSeconds);
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
            putText(no, "chassis_id", n.chassisId);
            putText(no, "port_id", n.portId);
            putText(no, "port_description", n.portDescription);
            putText(no, "system_name", n.systemName);
            putText(no, "system_description", n.systemDescription);
            putText(no, "management_address", n.managementAddress);
            putText(no, "system_capabilities", n.systemCapabilities);
            putText(no, "enabled_capabilities", n.enabledCapabilities);
            putOptional(no, "ttl", n.ttl);
            lldp.append(no);
        }
        o.insert(QStringLiteral("lldp_neighbors"), lldp);
    }
    if (s.qosConfig)
        o.insert(QStringLiteral("qos_config"), qosConfigToJson(*s.qosConfig));
    if (!s.issues.isEmpty()) {
        QJsonArray issues;
        for (const CommandIssue &i : s.issues) {
            issues.append(QJsonObject {{QStringLiteral("command"), i.command},
                                       {QStringLiteral("code"), i.code},
                                       {QStringLiteral("message"), i.message}});
        }
        o.insert(QStringLiteral("issues"), issues);
    }
    return o;
}

}  // namespace roce::nxapi
