#include "fleet/fleetqueries.h"

namespace roce::fleet {

namespace {

using model::Metric;

// Sums keep only the row's labels, so that answers are small and two jobs scraping the same
// target do not show up as two rows.
QString bySwitchPort(const QString &inner)
{
    return QStringLiteral("sum by (switch, interface) (%1)").arg(inner);
}
QString byNicPort(const QString &inner)
{
    return QStringLiteral("sum by (instance, device, port) (%1)").arg(inner);
}
QString byNetdev(const QString &inner)
{
    return QStringLiteral("sum by (instance, device) (%1)").arg(inner);
}
QString irate(const QString &selector)
{
    return QStringLiteral("irate(%1[%W])").arg(selector);
}

FleetQuery switchQuery(Metric m, bool sparse, const QString &promql, const QStringList &families)
{
    return {m, false, sparse, {{RowKey::SwitchPort, promql}}, families};
}

/// A NIC counter read per RDMA port: ours and node_exporter's name first, rdma_exporter's
/// (`rdma_<sysfs name>_total`) where the first is absent, times @p rdmaScale (its byte
/// counters are the sysfs words).
FleetQuery nicCounter(Metric m, bool sparse, double scale, const QString &node, const QString &rdma,
                      double rdmaScale = 1)
{
    const QString factor = scale == 1 ? QString() : QString::number(scale) + QStringLiteral(" * ");
    const QString rdmaFactor
        = rdmaScale == 1 ? QString() : QString::number(rdmaScale) + QStringLiteral(" * ");
    const QString promql = factor
        + QStringLiteral("(%1 or %2)")
              .arg(byNicPort(irate(node)), byNicPort(rdmaFactor + irate(rdma)));
    return {m, true, sparse, {{RowKey::NicPort, promql}}, {node, rdma}};
}

/// A per-priority PFC family summed over the priorities, per netdev (ours, node_exporter's
/// ethtool names) or per RDMA port (rdma_exporter, which labels it with the RDMA device).
FleetQuery pfcFamily(Metric m, const QString &ours, const QString &nodeRegex,
                     const QString &rdmaDirection)
{
    const QString netdev
        = QStringLiteral("(%1 or %2)")
              .arg(byNetdev(irate(ours)),
                   byNetdev(irate(QStringLiteral("{__name__=~\"%1\"}").arg(nodeRegex))));
    const QString rdma = byNicPort(irate(
        QStringLiteral("rdma_roce_pfc_pause_frames_total{direction=~\"%1\"}").arg(rdmaDirection)));
    return {m,
            true,
            true,
            {{RowKey::Netdev, netdev}, {RowKey::NicPort, rdma}},
            {ours, nodeRegex, QStringLiteral("rdma_roce_pfc_pause_frames_total")}};
}

}  // namespace

QStringList rowLabels(RowKey key)
{
    switch (key) {
    case RowKey::SwitchPort:
        return {QStringLiteral("switch"), QStringLiteral("interface")};
    case RowKey::NicPort:
        return {QStringLiteral("instance"), QStringLiteral("device"), QStringLiteral("port")};
    case RowKey::Netdev:
        break;
    }
    return {QStringLiteral("instance"), QStringLiteral("device")};
}

QList<FleetQueryPart> FleetQuery::resolved(const QString &window) const
{
    QList<FleetQueryPart> out = parts;
    for (FleetQueryPart &p : out) {
        p.promql.replace(QLatin1String("%W"), window);
        if (sparse)
            p.promql = QStringLiteral("(%1) > 0").arg(p.promql);
    }
    return out;
}

const QList<FleetQuery> &fleetQueries()
{
    static const QList<FleetQuery> queries = [] {
        QList<FleetQuery> q;
        // --- switch ports: rocectl exporter (README, "rocectl exporter") ---------------------
        q.append(switchQuery(
            Metric::InBits, false,
            QStringLiteral("8 * ")
                + bySwitchPort(irate(QStringLiteral("nxos_interface_receive_bytes_total"))),
            {QStringLiteral("nxos_interface_receive_bytes_total")}));
        q.append(switchQuery(
            Metric::OutBits, false,
            QStringLiteral("8 * ")
                + bySwitchPort(irate(QStringLiteral("nxos_interface_transmit_bytes_total"))),
            {QStringLiteral("nxos_interface_transmit_bytes_total")}));
        q.append(
            switchQuery(Metric::InPkts, false,
                        bySwitchPort(irate(QStringLiteral("nxos_interface_receive_packets_total"))),
                        {QStringLiteral("nxos_interface_receive_packets_total")}));
        q.append(switchQuery(
            Metric::OutPkts, false,
            bySwitchPort(irate(QStringLiteral("nxos_interface_transmit_packets_total"))),
            {QStringLiteral("nxos_interface_transmit_packets_total")}));
        q.append(switchQuery(
            Metric::MmuDrops, true,
            bySwitchPort(irate(QStringLiteral("nxos_ingress_mmu_dropped_packets_total"))),
            {QStringLiteral("nxos_ingress_mmu_dropped_packets_total")}));
        // The queues' WRED and tail drops; a release without queuing statistics: out discards.
        q.append(switchQuery(
            Metric::EgressDrops, true,
            QStringLiteral("(%1 or %2)")
                .arg(bySwitchPort(irate(QStringLiteral("nxos_queue_dropped_packets_total"))),
                     bySwitchPort(irate(QStringLiteral("nxos_interface_transmit_discards_total")))),
            {QStringLiteral("nxos_queue_dropped_packets_total"),
             QStringLiteral("nxos_interface_transmit_discards_total")}));
        q.append(switchQuery(
            Metric::WatchdogDrops, true,
            bySwitchPort(irate(QStringLiteral("nxos_queue_watchdog_dropped_packets_total"))),
            {QStringLiteral("nxos_queue_watchdog_dropped_packets_total")}));
        q.append(switchQuery(Metric::RxPause, true,
                             bySwitchPort(irate(QStringLiteral("nxos_pfc_received_frames_total"))),
                             {QStringLiteral("nxos_pfc_received_frames_total")}));
        q.append(
            switchQuery(Metric::TxPause, true,
                        bySwitchPort(irate(QStringLiteral("nxos_pfc_transmitted_frames_total"))),
                        {QStringLiteral("nxos_pfc_transmitted_frames_total")}));
        q.append(
            switchQuery(Metric::Ecn, true,
                        bySwitchPort(irate(QStringLiteral("nxos_queue_ecn_marked_packets_total"))),
                        {QStringLiteral("nxos_queue_ecn_marked_packets_total")}));
        q.append(
            switchQuery(Metric::InErrors, true,
                        bySwitchPort(irate(QStringLiteral("nxos_interface_receive_errors_total"))),
                        {QStringLiteral("nxos_interface_receive_errors_total")}));

        // --- NIC ports: roce-agent, node_exporter >= 1.11, rdma_exporter -----------------------
        q.append(nicCounter(Metric::InBits, false, 8,
                            QStringLiteral("node_infiniband_port_data_received_bytes_total"),
                            QStringLiteral("rdma_port_rcv_data_total"), 4));
        q.append(nicCounter(Metric::OutBits, false, 8,
                            QStringLiteral("node_infiniband_port_data_transmitted_bytes_total"),
                            QStringLiteral("rdma_port_xmit_data_total"), 4));
        q.append(
            nicCounter(Metric::Ecn, true, 1,
                       QStringLiteral("node_infiniband_np_ecn_marked_roce_packets_received_total"),
                       QStringLiteral("rdma_np_ecn_marked_roce_packets_total")));
        q.append(nicCounter(Metric::CnpSent, true, 1,
                            QStringLiteral("node_infiniband_np_cnp_packets_sent_total"),
                            QStringLiteral("rdma_np_cnp_sent_total")));
        q.append(nicCounter(Metric::CnpHandled, true, 1,
                            QStringLiteral("node_infiniband_rp_cnp_packets_handled_total"),
                            QStringLiteral("rdma_rp_cnp_handled_total")));
        q.append(nicCounter(Metric::CnpIgnored, true, 1,
                            QStringLiteral("node_infiniband_rp_cnp_ignored_packets_received_total"),
                            QStringLiteral("rdma_rp_cnp_ignored_total")));
        q.append(
            nicCounter(Metric::OutOfSeq, true, 1,
                       QStringLiteral("node_infiniband_out_of_sequence_packets_received_total"),
                       QStringLiteral("rdma_out_of_sequence_total")));
        q.append(nicCounter(Metric::OutOfBuffer, true, 1,
                            QStringLiteral("node_infiniband_out_of_buffer_drops_total"),
                            QStringLiteral("rdma_out_of_buffer_total")));
        q.append(pfcFamily(Metric::RxPause,
                           QStringLiteral("roce_priority_pause_frames_received_total"),
                           QStringLiteral("node_ethtool_received_prio[0-7]_pause"),
                           QStringLiteral("rx|received")));
        q.append(pfcFamily(Metric::TxPause,
                           QStringLiteral("roce_priority_pause_frames_transmitted_total"),
                           QStringLiteral("node_ethtool_transmitted_prio[0-7]_pause"),
                           QStringLiteral("tx|transmitted")));
        // NIC buffer drops, per netdev (ethtool): ours, then node_exporter's spelling.
        {
            const QString ours = QStringLiteral("node_ethtool_rx_discards_phy");
            const QString node = QStringLiteral("node_ethtool_received_discards_phy");
            q.append(
                {Metric::RxDiscardsPhy,
                 true,
                 true,
                 {{RowKey::Netdev,
                   QStringLiteral("(%1 or %2)").arg(byNetdev(irate(ours)), byNetdev(irate(node)))}},
                 {ours, node}});
        }
        {
            const QString ours = QStringLiteral("roce_priority_discards_received_total");
            const QString node = QStringLiteral("node_ethtool_received_prio[0-7]_discards");
            q.append({Metric::PrioDiscards,
                      true,
                      true,
                      {{RowKey::Netdev,
                        QStringLiteral("(%1 or %2)")
                            .arg(byNetdev(irate(ours)),
                                 byNetdev(irate(QStringLiteral("{__name__=~\"%1\"}").arg(node))))}},
                      {ours, node}});
        }
        return q;
    }();
    return queries;
}

QString familyRegex(bool nic)
{
    QStringList names;
    for (const FleetQuery &q : fleetQueries())
        if (q.nic == nic)
            for (const QString &f : q.families)
                if (!names.contains(f))
                    names.append(f);
    return names.join(QLatin1Char('|'));
}

QStringList discoveryMatchers()
{
    return {
        QStringLiteral("nxos_up"),
        QStringLiteral("nxos_switch_info"),
        QStringLiteral("nxos_interface_info"),
        QStringLiteral("nxos_lldp_neighbor_info"),
        QStringLiteral("roce_agent_info"),
        QStringLiteral("node_uname_info"),
        QStringLiteral("roce_infiniband_port_netdev_info"),
        QStringLiteral("node_infiniband_state_id"),
        QStringLiteral("rdma_port_info"),
    };
}

}  // namespace roce::fleet
