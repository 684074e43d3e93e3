#include "live/fleet/fleetqueries.h"

#include "prometheus/exposition/exposition.h"
#include "proto/datamodel/nicdriver.h"

#include <QRegularExpression>

namespace roce::fleet {

namespace {

using model::Metric;

/// `name{matchers}`, or `{__name__=~"regex",matchers}` for a family given as a pattern.
QString selector(const QString &family, const QString &matchers, const QString &extra = {})
{
    QStringList parts;
    // No metric name has these: a family that does is a regular expression.
    const bool pattern = std::any_of(family.cbegin(), family.cend(), [](QChar c) {
        return c == QLatin1Char('[') || c == QLatin1Char('(') || c == QLatin1Char('|');
    });
    if (pattern)
        parts.append(QStringLiteral("__name__=~\"%1\"").arg(family));
    if (!extra.isEmpty())
        parts.append(extra);
    if (!matchers.isEmpty())
        parts.append(matchers);
    const QString braces = QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
    return pattern ? braces : family + (parts.isEmpty() ? QString() : braces);
}

QString rateOf(const QueryForm &f, const QString &family, const QString &extra = {})
{
    return QStringLiteral("%1(%2[%3])")
        .arg(f.rateFunction, selector(family, f.matchers, extra), f.window);
}

// Sums keep only the row's labels, so that answers are small and two jobs scraping the same
// target do not show up as two rows.
QString sumBy(RowKey key, const QString &inner)
{
    return QStringLiteral("sum by (%1) (%2)").arg(rowLabels(key).join(QStringLiteral(", ")), inner);
}

QString scaled(double factor, const QString &expr)
{
    return factor == 1 ? expr : QString::number(factor) + QStringLiteral(" * ") + expr;
}

/// One family (or the first present of several) summed per switch port.
FleetQuery switchQuery(Metric m, bool sparse, double factor, const QStringList &families)
{
    PartBuilder build = [factor, families](const QueryForm &f) {
        QStringList alternatives;
        for (const QString &family : families)
            alternatives.append(sumBy(RowKey::SwitchPort, rateOf(f, family)));
        const QString any = alternatives.size() == 1
            ? alternatives.first()
            : QLatin1Char('(') + alternatives.join(QStringLiteral(" or ")) + QLatin1Char(')');
        return scaled(factor, any);
    };
    return {m, false, sparse, {{RowKey::SwitchPort, build}}, families};
}

/// A NIC counter read per RDMA port: ours and node_exporter's name first, rdma_exporter's
/// (`rdma_<sysfs name>_total`) where the first is absent, times @p rdmaScale (its byte
/// counters are the sysfs words).
FleetQuery nicCounter(Metric m, bool sparse, double scale, const QString &node, const QString &rdma,
                      double rdmaScale = 1)
{
    PartBuilder build = [scale, node, rdma, rdmaScale](const QueryForm &f) {
        return scaled(scale,
                      QStringLiteral("(%1 or %2)")
                          .arg(sumBy(RowKey::NicPort, rateOf(f, node)),
                               sumBy(RowKey::NicPort, scaled(rdmaScale, rateOf(f, rdma)))));
    };
    return {m, true, sparse, {{RowKey::NicPort, build}}, {node, rdma}};
}

/// Every driver's ethtool counter of NIC metric @p m (nicDriverSource()'s "ethtool:NAME"), as
/// roce-agent exports it (node_ethtool_ and prometheus::metricNamePart())
/// and as node_exporter's ethtool collector does (its rx and tx words spelt received and
/// transmitted): a fleet of Broadcom, Intel or AMD NICs has them under their own names.
std::pair<QString, QString> ethtoolFamilies(Metric m)
{
    static const QRegularExpression rx(QStringLiteral("(^|_)rx(_|$)"));
    static const QRegularExpression tx(QStringLiteral("(^|_)tx(_|$)"));
    QStringList ours, node;
    for (const model::NicDriver driver : model::kNicDrivers) {
        const QString source = QLatin1String(model::nicDriverSource(driver, m));
        for (const QString &alternative : source.split(QLatin1Char('|'), Qt::SkipEmptyParts)) {
            if (!alternative.startsWith(QLatin1String("ethtool:"))
                || alternative.contains(QLatin1Char('*')))
                continue;
            const QString name = QString::fromUtf8(prometheus::metricNamePart(alternative.mid(8)));
            if (ours.contains(name))
                continue;
            ours.append(name);
            node.append(QString(name)
                            .replace(rx, QStringLiteral("\\1received\\2"))
                            .replace(tx, QStringLiteral("\\1transmitted\\2")));
        }
    }
    auto family = [](const QStringList &names) {
        return names.size() == 1
            ? QStringLiteral("node_ethtool_") + names.first()
            : QStringLiteral("node_ethtool_(%1)").arg(names.join(QLatin1Char('|')));
    };
    return {family(ours), family(node)};
}

/// An ethtool statistic (or a per-priority family, summed) per netdev: ours, then
/// node_exporter's spelling.
PartBuilder netdevFamily(const QString &ours, const QString &node)
{
    return [ours, node](const QueryForm &f) {
        return QStringLiteral("(%1 or %2)")
            .arg(sumBy(RowKey::Netdev, rateOf(f, ours)), sumBy(RowKey::Netdev, rateOf(f, node)));
    };
}

/// A per-priority PFC family summed over the priorities, per netdev (ours, node_exporter's
/// ethtool names) or per RDMA port (rdma_exporter, which labels it with the RDMA device).
FleetQuery pfcFamily(Metric m, const QString &ours, const QString &nodeRegex,
                     const QString &rdmaDirection)
{
    const QString rdma = QStringLiteral("rdma_roce_pfc_pause_frames_total");
    PartBuilder byRdmaPort = [rdma, rdmaDirection](const QueryForm &f) {
        return sumBy(RowKey::NicPort,
                     rateOf(f, rdma, QStringLiteral("direction=~\"%1\"").arg(rdmaDirection)));
    };
    return {m,
            true,
            true,
            {{RowKey::Netdev, netdevFamily(ours, nodeRegex)}, {RowKey::NicPort, byRdmaPort}},
            {ours, nodeRegex, rdma}};
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
    QList<FleetQueryPart> out;
    QueryForm form;
    form.window = window;
    for (const auto &[key, build] : parts) {
        QString promql = build(form);
        if (sparse)
            promql = QStringLiteral("(%1) > 0").arg(promql);
        out.append({key, promql});
    }
    return out;
}

QList<FleetQueryPart> FleetQuery::forPort(const QueryForm &form) const
{
    QList<FleetQueryPart> out;
    for (const auto &[key, build] : parts)
        out.append({key, build(form)});
    return out;
}

const QList<FleetQuery> &fleetQueries()
{
    static const QList<FleetQuery> queries = [] {
        QList<FleetQuery> q;
        // --- switch ports: rocectl exporter (README, "rocectl exporter") ---------------------
        q.append(switchQuery(Metric::InBits, false, 8,
                             {QStringLiteral("nxos_interface_receive_bytes_total")}));
        q.append(switchQuery(Metric::OutBits, false, 8,
                             {QStringLiteral("nxos_interface_transmit_bytes_total")}));
        q.append(switchQuery(Metric::InPkts, false, 1,
                             {QStringLiteral("nxos_interface_receive_packets_total")}));
        q.append(switchQuery(Metric::OutPkts, false, 1,
                             {QStringLiteral("nxos_interface_transmit_packets_total")}));
        q.append(switchQuery(Metric::MmuDrops, true, 1,
                             {QStringLiteral("nxos_ingress_mmu_dropped_packets_total")}));
        // The queues' WRED and tail drops; a release without queuing statistics: out discards.
        q.append(switchQuery(Metric::EgressDrops, true, 1,
                             {QStringLiteral("nxos_queue_dropped_packets_total"),
                              QStringLiteral("nxos_interface_transmit_discards_total")}));
        q.append(switchQuery(Metric::WatchdogDrops, true, 1,
                             {QStringLiteral("nxos_queue_watchdog_dropped_packets_total")}));
        q.append(switchQuery(Metric::RxPause, true, 1,
                             {QStringLiteral("nxos_pfc_received_frames_total")}));
        q.append(switchQuery(Metric::TxPause, true, 1,
                             {QStringLiteral("nxos_pfc_transmitted_frames_total")}));
        q.append(switchQuery(Metric::Ecn, true, 1,
                             {QStringLiteral("nxos_queue_ecn_marked_packets_total")}));
        q.append(switchQuery(Metric::InErrors, true, 1,
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
        // NIC buffer drops, per netdev (ethtool), whichever driver's counter the netdev has.
        const auto [discards, nodeDiscards] = ethtoolFamilies(Metric::RxDiscardsPhy);
        q.append({Metric::RxDiscardsPhy,
                  true,
                  true,
                  {{RowKey::Netdev, netdevFamily(discards, nodeDiscards)}},
                  {discards, nodeDiscards}});
        q.append({Metric::PrioDiscards,
                  true,
                  true,
                  {{RowKey::Netdev,
                    netdevFamily(QStringLiteral("roce_priority_discards_received_total"),
                                 QStringLiteral("node_ethtool_received_prio[0-7]_discards"))}},
                  {QStringLiteral("roce_priority_discards_received_total"),
                   QStringLiteral("node_ethtool_received_prio[0-7]_discards")}});
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
