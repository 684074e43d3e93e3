#include "sim/scenarios/scenario.h"

#include <QJsonArray>

namespace roce::sim {

namespace {

QJsonValue u64(quint64 v)
{
    // JSON numbers are doubles: exact up to 2^53, which counters of a run stay below.
    return QJsonValue(double(v));
}

}  // namespace

QJsonObject switchCountersToJson(const SwitchPortCounters &c)
{
    QJsonObject o;
    o.insert(QStringLiteral("oper_up"), c.operUp);
    o.insert(QStringLiteral("speed_gbps"), double(c.speed) / double(kGbps));
    o.insert(QStringLiteral("rx_pkts"), u64(c.rxPkts));
    o.insert(QStringLiteral("rx_bytes"), u64(c.rxBytes));
    o.insert(QStringLiteral("tx_pkts"), u64(c.txPkts));
    o.insert(QStringLiteral("tx_bytes"), u64(c.txBytes));
    o.insert(QStringLiteral("ingress_mmu_drop_pkts"), u64(c.ingressMmuDropPkts));
    o.insert(QStringLiteral("ingress_mmu_drop_bytes"), u64(c.ingressMmuDropBytes));
    o.insert(QStringLiteral("tx_ppp"), u64(c.txPpp));
    o.insert(QStringLiteral("rx_ppp"), u64(c.rxPpp));
    QJsonObject groups;
    for (int g : {ClassDefault, ClassRoce, ClassCnp}) {
        const auto i = std::size_t(g);
        QJsonObject q;
        q.insert(QStringLiteral("tx_pkts"), u64(c.qosTxPkts[i]));
        q.insert(QStringLiteral("tx_bytes"), u64(c.qosTxBytes[i]));
        q.insert(QStringLiteral("drop_pkts"), u64(c.qosDropPkts[i]));
        q.insert(QStringLiteral("ecn_marked_pkts"), u64(c.qosEcnPkts[i]));
        q.insert(QStringLiteral("q_depth_bytes"), u64(c.qosDepth[i]));
        q.insert(QStringLiteral("q_depth_max_bytes"), u64(c.qosDepthMax[i]));
        groups.insert(QString::number(g), q);
    }
    o.insert(QStringLiteral("qos_groups"), groups);
    QJsonObject cos;
    for (int i = 0; i < kClassCount; ++i) {
        const auto k = std::size_t(i);
        if (c.cosTxPause[k] == 0 && c.cosRxPause[k] == 0 && !c.cosTxPauseActive[k]
            && !c.cosRxPauseActive[k])
            continue;
        cos.insert(QString::number(i),
                   QJsonObject {{QStringLiteral("tx_pause_count"), u64(c.cosTxPause[k])},
                                {QStringLiteral("rx_pause_count"), u64(c.cosRxPause[k])},
                                {QStringLiteral("tx_pause_active"), c.cosTxPauseActive[k]},
                                {QStringLiteral("rx_pause_active"), c.cosRxPauseActive[k]}});
    }
    o.insert(QStringLiteral("pfc_cos"), cos);
    if (c.watchdogShutdowns > 0 || c.watchdogRestores > 0) {
        o.insert(QStringLiteral("pfc_watchdog"),
                 QJsonObject {{QStringLiteral("shutdowns"), u64(c.watchdogShutdowns)},
                              {QStringLiteral("restores"), u64(c.watchdogRestores)},
                              {QStringLiteral("dropped_pkts"), u64(c.watchdogDroppedPkts)}});
    }
    return o;
}

QJsonObject hostCountersToJson(const HostCounters &c)
{
    QJsonObject counters;
    counters.insert(QStringLiteral("port_xmit_data"), u64(c.portXmitData));
    counters.insert(QStringLiteral("port_rcv_data"), u64(c.portRcvData));
    counters.insert(QStringLiteral("port_xmit_packets"), u64(c.portXmitPackets));
    counters.insert(QStringLiteral("port_rcv_packets"), u64(c.portRcvPackets));
    counters.insert(QStringLiteral("link_downed"), u64(c.linkDowned));

    QJsonObject hw;
    hw.insert(QStringLiteral("np_ecn_marked_roce_packets"), u64(c.npEcnMarkedRocePackets));
    hw.insert(QStringLiteral("np_cnp_sent"), u64(c.npCnpSent));
    hw.insert(QStringLiteral("rp_cnp_handled"), u64(c.rpCnpHandled));
    hw.insert(QStringLiteral("rp_cnp_ignored"), u64(c.rpCnpIgnored));
    hw.insert(QStringLiteral("out_of_sequence"), u64(c.outOfSequence));
    hw.insert(QStringLiteral("packet_seq_err"), u64(c.packetSeqErr));
    hw.insert(QStringLiteral("local_ack_timeout_err"), u64(c.localAckTimeoutErr));
    hw.insert(QStringLiteral("duplicate_request"), u64(c.duplicateRequest));
    hw.insert(QStringLiteral("rx_write_requests"), u64(c.rxWriteRequests));

    QJsonObject ethtool;
    for (int p = 0; p < kClassCount; ++p) {
        const auto k = std::size_t(p);
        // Per-priority counters exist only for priorities that carried traffic or PFC.
        if (c.rxPrioBytes[k] == 0 && c.txPrioBytes[k] == 0 && c.rxPrioPause[k] == 0
            && c.txPrioPause[k] == 0)
            continue;
        const QString prio = QStringLiteral("prio%1").arg(p);
        for (const PrioEthtoolCounter &e : kPrioEthtoolCounters)
            ethtool.insert(QString(QLatin1String(e.direction) + prio + QLatin1String(e.suffix)),
                           u64((c.*e.values)[k]));
    }
    ethtool.insert(QStringLiteral("rx_bytes_phy"), u64(c.rxBytesPhy));
    ethtool.insert(QStringLiteral("tx_bytes_phy"), u64(c.txBytesPhy));
    ethtool.insert(QStringLiteral("rx_packets_phy"), u64(c.rxPacketsPhy));
    ethtool.insert(QStringLiteral("tx_packets_phy"), u64(c.txPacketsPhy));
    ethtool.insert(QStringLiteral("rx_pause_ctrl_phy"), u64(c.rxPauseCtrlPhy));
    ethtool.insert(QStringLiteral("tx_pause_ctrl_phy"), u64(c.txPauseCtrlPhy));
    ethtool.insert(QStringLiteral("rx_discards_phy"), u64(c.rxDiscardsPhy));
    ethtool.insert(QStringLiteral("tx_vport_rdma_unicast_bytes"), u64(c.txVportRdmaUnicastBytes));
    ethtool.insert(QStringLiteral("rx_vport_rdma_unicast_bytes"), u64(c.rxVportRdmaUnicastBytes));

    QJsonObject o;
    o.insert(QStringLiteral("link_up"), c.linkUp);
    o.insert(QStringLiteral("counters"), counters);
    o.insert(QStringLiteral("hw_counters"), hw);
    o.insert(QStringLiteral("ethtool"), ethtool);
    return o;
}

QJsonObject reportToJson(const ScenarioReport &r)
{
    QJsonObject o;
    o.insert(QStringLiteral("scenario"), r.scenario);
    o.insert(QStringLiteral("topology"), r.topology);
    o.insert(QStringLiteral("preset"), r.preset);
    o.insert(QStringLiteral("engine"), r.engine);
    o.insert(QStringLiteral("seed"), double(r.seed));
    o.insert(QStringLiteral("simulated_seconds"), double(r.duration) / kNsPerSec);
    o.insert(QStringLiteral("measure_from_seconds"), double(r.warmup) / kNsPerSec);
    o.insert(QStringLiteral("wall_seconds"), r.wallSeconds);
    o.insert(QStringLiteral("aggregate_goodput_gbps"), r.aggregateGbps);
    o.insert(QStringLiteral("jain_index"), r.jain);
    if (!r.notes.isEmpty())
        o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(r.notes));

    QJsonArray flows;
    for (const auto &f : r.flows) {
        flows.append(
            QJsonObject {{QStringLiteral("id"), f.id},
                         {QStringLiteral("src"), f.src},
                         {QStringLiteral("dst"), f.dst},
                         {QStringLiteral("kind"), f.kind},
                         {QStringLiteral("qos_group"), f.qosGroup},
                         {QStringLiteral("goodput_gbps"), f.goodputGbps},
                         {QStringLiteral("wire_gbps"), f.wireGbps},
                         {QStringLiteral("current_rate_gbps"), f.currentRateGbps},
                         {QStringLiteral("ce_marks"), u64(f.ceMarks)},
                         {QStringLiteral("cnps_sent"), u64(f.cnpsSent)},
                         {QStringLiteral("cnps_handled"), u64(f.cnpsHandled)},
                         {QStringLiteral("retransmitted_bytes"), double(f.retransmittedBytes)}});
    }
    o.insert(QStringLiteral("flows"), flows);

    QJsonArray ports;
    for (const auto &p : r.ports) {
        QJsonObject po = switchCountersToJson(p.delta);
        po.insert(QStringLiteral("interface"), p.name);
        po.insert(QStringLiteral("tx_utilization"), p.txUtilization);
        po.insert(QStringLiteral("roce_queue"),
                  QJsonObject {{QStringLiteral("mean_bytes"), p.roceQueue.meanBytes},
                               {QStringLiteral("max_bytes"), double(p.roceQueue.maxBytes)}});
        ports.append(po);
    }
    o.insert(QStringLiteral("switch_ports"), ports);

    QJsonArray hosts;
    for (const auto &h : r.hosts) {
        QJsonObject ho = hostCountersToJson(h.delta);
        ho.insert(QStringLiteral("host"), h.name);
        hosts.append(ho);
    }
    o.insert(QStringLiteral("hosts"), hosts);

    if (!r.latency.isEmpty()) {
        QJsonArray lat;
        for (const auto &l : r.latency) {
            lat.append(QJsonObject {{QStringLiteral("kind"), l.kind},
                                    {QStringLiteral("iterations"), l.iterations},
                                    {QStringLiteral("avg_us"), l.avgUs},
                                    {QStringLiteral("min_us"), l.minUs},
                                    {QStringLiteral("p50_us"), l.p50Us},
                                    {QStringLiteral("p99_us"), l.p99Us},
                                    {QStringLiteral("p99_9_us"), l.p999Us},
                                    {QStringLiteral("max_us"), l.maxUs}});
        }
        o.insert(QStringLiteral("latency"), lat);
    }
    if (!r.training.isEmpty()) {
        QJsonArray it;
        for (const auto &t : r.training) {
            it.append(QJsonObject {
                {QStringLiteral("iteration"), t.index},
                {QStringLiteral("start_ms"), double(t.start) / kNsPerMs},
                {QStringLiteral("step_ms"), double(t.end - t.start) / kNsPerMs},
                {QStringLiteral("allreduce_ms"), double(t.end - t.allReduceStart) / kNsPerMs}});
        }
        o.insert(QStringLiteral("training_iterations"), it);
    }
    for (auto it = r.extra.begin(); it != r.extra.end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

}  // namespace roce::sim
