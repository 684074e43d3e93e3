#pragma once

#include <QLatin1String>
#include <QString>
#include <QtGlobal>

#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <optional>
#include <span>

namespace roce::model {

/// Every rate the console follows, per port. The order is the port table's column order.
/// To add a counter end to end: a value here, a row in kMetricTable below (where it is read,
/// what it is called, how it is shown), its German label in translations/roce_de.ts, and the
/// simulated fabric producing it (README, "Adding a counter").
enum class Metric : quint8 {
    InUtil,
    OutUtil,
    InBits,
    OutBits,
    MmuDrops,
    EgressDrops,
    WatchdogDrops,
    RxPause,
    TxPause,
    Ecn,
    CnpSent,
    CnpHandled,
    CnpIgnored,
    OutOfSeq,
    RxDiscardsPhy,
    OutOfBuffer,
    PrioDiscards,
    InPkts,
    OutPkts,
    InErrors,
    // Appended (recordings index metrics by this order): NIC transmit by kind of traffic.
    RdmaOutBits,
    LosslessOutBits,
    Count
};
inline constexpr std::size_t kMetricCount = std::size_t(Metric::Count);

/// What a cell signals, for views to colour (core has no GUI types).
enum class Highlight : quint8 { None, Ecn, Pause, Drop };
/// Which traffic direction a rate describes.
enum class Direction : quint8 { None, In, Out };
/// The chart a metric is drawn on; None: not charted and no history kept.
enum class ChartGroup : quint8 { None, Utilization, LossAndPause, Congestion, HostBuffer };
/// The most a counter can plausibly move per second at line rate, for telling a reset or a
/// spurious jump from traffic: bytes, minimum-size packets, or no bound.
enum class Bound : quint8 { None, Bytes, Packets };

struct MetricInfo {
    Metric id;
    const char *key;          ///< JSON key of frames, CSV column, alert value name (stable)
    const char *label;        ///< port table header (translated in the "Metric" context)
    const char *series;       ///< chart legend (translated in the "Metric" context)
    const char *tooltip;      ///< what it means for people (translated in the "Metric" context)
    const char *unit;         ///< of the shown value: "%", "Gb/s", "/s"
    double displayScale = 1;  ///< shown value = rate x displayScale
    int decimals = 0;
    Direction direction = Direction::None;
    Highlight highlight = Highlight::None;  ///< how a non-zero value is highlighted
    ChartGroup chart = ChartGroup::None;
    bool column = false;  ///< a column of the port table
    /// Where a switch reads it: snapshot fields (core/nxapi/rates/switchrates.cpp), the first
    /// present of "a|b"; empty: not a switch metric.
    const char *switchSource = "";
    /// Where a NIC reads it: agent sample counters (core/collect/monitor/nicrates.cpp), "hw:NAME"
    /// (hw_counters/), "port:NAME" (counters/), "ethtool:NAME" with '*' summing a family
    /// ("ethtool:rx_prio*_pause"); empty: not a NIC metric.
    const char *nicSource = "";
    double sourceScale = 1;  ///< rate = counter delta per second x sourceScale (8: bytes -> bits)
    Bound bound = Bound::None;
    /// Derived: utilization in % of the line rate of this bits metric (Count: not derived).
    Metric utilizationOf = Metric::Count;
    /// The series the raw counter is exported under by our agent (node_exporter names).
    const char *prometheus = "";
    /// A non-zero rate raises the generic "<key>" alert (metrics with rules of their own in
    /// core/collect/monitor/alerts.cpp leave this false).
    bool alertWhenNonZero = false;
};

inline constexpr std::array<MetricInfo, kMetricCount> kMetricTable {{
    {.id = Metric::InUtil,
     .key = "in_util_percent",
     .label = QT_TRANSLATE_NOOP("Metric", "In %"),
     .series = QT_TRANSLATE_NOOP("Metric", "in"),
     .tooltip = QT_TRANSLATE_NOOP("Metric", "Received bits as a share of the line rate."),
     .unit = "%",
     .decimals = 1,
     .direction = Direction::In,
     .chart = ChartGroup::Utilization,
     .column = true,
     .utilizationOf = Metric::InBits},
    {.id = Metric::OutUtil,
     .key = "out_util_percent",
     .label = QT_TRANSLATE_NOOP("Metric", "Out %"),
     .series = QT_TRANSLATE_NOOP("Metric", "out"),
     .tooltip = QT_TRANSLATE_NOOP("Metric", "Sent bits as a share of the line rate."),
     .unit = "%",
     .decimals = 1,
     .direction = Direction::Out,
     .chart = ChartGroup::Utilization,
     .column = true,
     .utilizationOf = Metric::OutBits},
    {.id = Metric::InBits,
     .key = "in_bits_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "In Gb/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "in Gb/s"),
     .tooltip = QT_TRANSLATE_NOOP("Metric", "Received bits per second."),
     .unit = "Gb/s",
     .displayScale = 1e-9,
     .decimals = 2,
     .direction = Direction::In,
     .column = true,
     .switchSource = "port:in_bytes",
     .nicSource = "port:port_rcv_data_bytes",
     .sourceScale = 8,
     .bound = Bound::Bytes,
     .prometheus = "node_infiniband_port_data_received_bytes_total"},
    {.id = Metric::OutBits,
     .key = "out_bits_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "Out Gb/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "out Gb/s"),
     .tooltip = QT_TRANSLATE_NOOP("Metric", "Sent bits per second."),
     .unit = "Gb/s",
     .displayScale = 1e-9,
     .decimals = 2,
     .direction = Direction::Out,
     .column = true,
     .switchSource = "port:out_bytes",
     .nicSource = "port:port_xmit_data_bytes",
     .sourceScale = 8,
     .bound = Bound::Bytes,
     .prometheus = "node_infiniband_port_data_transmitted_bytes_total"},
    {.id = Metric::MmuDrops,
     .key = "ingress_mmu_drops_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "MMU drops/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "MMU drops"),
     .tooltip = QT_TRANSLATE_NOOP(
         "Metric",
         "Ingress MMU drops per second: the buffer overflowed. On a lossless class this "
         "means PFC is off or misconfigured."),
     .unit = "/s",
     .direction = Direction::In,
     .highlight = Highlight::Drop,
     .chart = ChartGroup::LossAndPause,
     .column = true,
     .switchSource = "queuing:ingress_mmu_drop_pkts",
     .bound = Bound::Packets},
    {.id = Metric::EgressDrops,
     .key = "egress_drops_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "Out drops/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "egress drops"),
     .tooltip = QT_TRANSLATE_NOOP("Metric", "Egress WRED and tail drops per second, all queues."),
     .unit = "/s",
     .direction = Direction::Out,
     .highlight = Highlight::Drop,
     .chart = ChartGroup::LossAndPause,
     .column = true,
     .switchSource = "qos:drop_pkts|port:out_discards",
     .bound = Bound::Packets},
    {.id = Metric::WatchdogDrops,
     .key = "pfc_watchdog_drops_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "WD drops/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "PFC watchdog drops"),
     .tooltip = QT_TRANSLATE_NOOP(
         "Metric",
         "Packets the PFC watchdog dropped per second (WD & Tail Drop): a no-drop queue "
         "stayed paused with a backlog, so the switch shut it and discarded its traffic. The "
         "device behind this port stopped draining."),
     .unit = "/s",
     .direction = Direction::Out,
     .highlight = Highlight::Drop,
     .chart = ChartGroup::LossAndPause,
     .column = true,
     .switchSource = "qos:watchdog_drop_pkts",
     .bound = Bound::Packets,
     .alertWhenNonZero = true},
    {.id = Metric::RxPause,
     .key = "rx_pauses_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "RxPPP/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "RxPPP"),
     .tooltip
     = QT_TRANSLATE_NOOP("Metric",
                         "PFC frames received per second (RxPPP): the peer asks this port to stop "
                         "sending."),
     .unit = "/s",
     .direction = Direction::In,
     .highlight = Highlight::Pause,
     .chart = ChartGroup::LossAndPause,
     .column = true,
     .switchSource = "queuing:rx_ppp|pfc:rx_ppp",
     .nicSource = "ethtool:rx_prio*_pause",
     .bound = Bound::Packets,
     .prometheus = "roce_priority_pause_frames_received_total"},
    {.id = Metric::TxPause,
     .key = "tx_pauses_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "TxPPP/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "TxPPP"),
     .tooltip = QT_TRANSLATE_NOOP(
         "Metric",
         "PFC frames sent per second (TxPPP): this port's ingress is congested and pauses "
         "the peer."),
     .unit = "/s",
     .direction = Direction::Out,
     .highlight = Highlight::Pause,
     .chart = ChartGroup::LossAndPause,
     .column = true,
     .switchSource = "queuing:tx_ppp|pfc:tx_ppp",
     .nicSource = "ethtool:tx_prio*_pause",
     .bound = Bound::Packets,
     .prometheus = "roce_priority_pause_frames_transmitted_total"},
    {.id = Metric::Ecn,
     .key = "ecn_marks_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "ECN/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "ECN/CE"),
     .tooltip = QT_TRANSLATE_NOOP(
         "Metric",
         "Switch: ECN-marked packets per second on the port's queues (WRED with ecn). "
         "NIC: CE-marked RoCE packets received per second."),
     .unit = "/s",
     .highlight = Highlight::Ecn,
     .chart = ChartGroup::Congestion,
     .column = true,
     .switchSource = "qos:ecn_pkts",
     .nicSource = "hw:np_ecn_marked_roce_packets",
     .bound = Bound::Packets,
     .prometheus = "node_infiniband_np_ecn_marked_roce_packets_received_total"},
    {.id = Metric::CnpSent,
     .key = "cnp_sent_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "CNP sent/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "CNP sent"),
     .tooltip = QT_TRANSLATE_NOOP(
         "Metric",
         "NIC: CNPs sent per second (np_cnp_sent): this receiver saw CE marks and asks "
         "the senders to slow down."),
     .unit = "/s",
     .direction = Direction::Out,
     .highlight = Highlight::Ecn,
     .chart = ChartGroup::Congestion,
     .column = true,
     .nicSource = "hw:np_cnp_sent",
     .bound = Bound::Packets,
     .prometheus = "node_infiniband_np_cnp_packets_sent_total"},
    {.id = Metric::CnpHandled,
     .key = "cnp_handled_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "CNP handled/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "CNP handled"),
     .tooltip
     = QT_TRANSLATE_NOOP("Metric",
                         "NIC: CNPs handled per second (rp_cnp_handled): this sender cut its rate "
                         "(DCQCN)."),
     .unit = "/s",
     .direction = Direction::In,
     .highlight = Highlight::Ecn,
     .chart = ChartGroup::Congestion,
     .column = true,
     .nicSource = "hw:rp_cnp_handled",
     .bound = Bound::Packets,
     .prometheus = "node_infiniband_rp_cnp_packets_handled_total"},
    {.id = Metric::CnpIgnored,
     .key = "cnp_ignored_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "CNP ignored/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "CNP ignored"),
     .tooltip = QT_TRANSLATE_NOOP(
         "Metric",
         "NIC: CNPs received and ignored per second (rp_cnp_ignored): ECN is off on this "
         "sender for the priority."),
     .unit = "/s",
     .direction = Direction::In,
     .highlight = Highlight::Drop,
     .column = true,
     .nicSource = "hw:rp_cnp_ignored",
     .bound = Bound::Packets,
     .prometheus = "node_infiniband_rp_cnp_ignored_packets_received_total"},
    {.id = Metric::OutOfSeq,
     .key = "out_of_sequence_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "OOS/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "out of sequence"),
     .tooltip = QT_TRANSLATE_NOOP(
         "Metric",
         "NIC: out-of-sequence packets per second: packets were lost on the way and RoCE "
         "retransmits."),
     .unit = "/s",
     .direction = Direction::In,
     .highlight = Highlight::Drop,
     .column = true,
     .nicSource = "hw:out_of_sequence",
     .bound = Bound::Packets,
     .prometheus = "node_infiniband_out_of_sequence_packets_received_total"},
    {.id = Metric::RxDiscardsPhy,
     .key = "rx_discards_phy_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "NIC discards/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "NIC buffer discards"),
     .tooltip = QT_TRANSLATE_NOOP(
         "Metric",
         "NIC: packets dropped per second at the physical port for lack of receive "
         "buffer (rx_discards_phy): the host does not drain the NIC fast enough (PCIe, driver), "
         "and PFC did not hold the traffic back."),
     .unit = "/s",
     .direction = Direction::In,
     .highlight = Highlight::Drop,
     .chart = ChartGroup::HostBuffer,
     .column = true,
     .nicSource = "ethtool:rx_discards_phy",
     .bound = Bound::Packets,
     .prometheus = "node_ethtool_rx_discards_phy",
     .alertWhenNonZero = true},
    {.id = Metric::OutOfBuffer,
     .key = "out_of_buffer_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "No WQE/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "out of receive WQEs"),
     .tooltip = QT_TRANSLATE_NOOP(
         "Metric",
         "NIC: packets dropped per second because a receive queue had no posted WQE "
         "(out_of_buffer): the application does not post receives fast enough."),
     .unit = "/s",
     .direction = Direction::In,
     .highlight = Highlight::Drop,
     .chart = ChartGroup::HostBuffer,
     .column = true,
     .nicSource = "hw:out_of_buffer",
     .bound = Bound::Packets,
     .prometheus = "node_infiniband_out_of_buffer_drops_total",
     .alertWhenNonZero = true},
    {.id = Metric::PrioDiscards,
     .key = "rx_prio_discards_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "Prio discards/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "priority discards"),
     .tooltip = QT_TRANSLATE_NOOP(
         "Metric",
         "NIC: receive discards per second on the PFC priorities, summed "
         "(rx_prioN_discards): the receive buffer of a priority overflowed, which lossless "
         "traffic should never see."),
     .unit = "/s",
     .direction = Direction::In,
     .highlight = Highlight::Drop,
     .chart = ChartGroup::HostBuffer,
     .column = true,
     .nicSource = "ethtool:rx_prio*_discards",
     .bound = Bound::Packets,
     .prometheus = "roce_priority_discards_received_total",
     .alertWhenNonZero = true},
    {.id = Metric::InPkts,
     .key = "in_pkts_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "In pkt/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "in packets"),
     .tooltip = QT_TRANSLATE_NOOP("Metric", "Packets received per second."),
     .unit = "/s",
     .direction = Direction::In,
     .switchSource = "port:in_pkts",
     .bound = Bound::Packets},
    {.id = Metric::OutPkts,
     .key = "out_pkts_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "Out pkt/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "out packets"),
     .tooltip = QT_TRANSLATE_NOOP("Metric", "Packets sent per second."),
     .unit = "/s",
     .direction = Direction::Out,
     .switchSource = "port:out_pkts",
     .bound = Bound::Packets},
    {.id = Metric::InErrors,
     .key = "in_errors_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "In errors/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "in errors"),
     .tooltip
     = QT_TRANSLATE_NOOP("Metric", "Received frames with errors per second (CRC, runts, giants)."),
     .unit = "/s",
     .direction = Direction::In,
     .highlight = Highlight::Drop,
     .switchSource = "port:in_errors",
     .nicSource = "ethtool:rx_crc_errors_phy",
     .bound = Bound::Packets},
    {.id = Metric::RdmaOutBits,
     .key = "rdma_out_bits_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "RDMA out Gb/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "RDMA out Gb/s"),
     .tooltip = QT_TRANSLATE_NOOP(
         "Metric",
         "NIC: RDMA bits sent per second (tx_vport_rdma_unicast_bytes), whatever priority "
         "they ride."),
     .unit = "Gb/s",
     .displayScale = 1e-9,
     .decimals = 2,
     .direction = Direction::Out,
     .nicSource = "ethtool:tx_vport_rdma_unicast_bytes",
     .sourceScale = 8,
     .bound = Bound::Bytes},
    {.id = Metric::LosslessOutBits,
     .key = "lossless_out_bits_per_s",
     .label = QT_TRANSLATE_NOOP("Metric", "Prio 3 out Gb/s"),
     .series = QT_TRANSLATE_NOOP("Metric", "priority 3 out Gb/s"),
     .tooltip = QT_TRANSLATE_NOOP(
         "Metric",
         "NIC: bits sent per second on priority 3, the lossless one (tx_prio3_bytes): "
         "RDMA that does not ride it is outside PFC and ECN."),
     .unit = "Gb/s",
     .displayScale = 1e-9,
     .decimals = 2,
     .direction = Direction::Out,
     .nicSource = "ethtool:tx_prio3_bytes",
     .sourceScale = 8,
     .bound = Bound::Bytes},
}};

constexpr const MetricInfo &metricInfo(Metric m)
{
    return kMetricTable[std::size_t(m)];
}
constexpr std::span<const MetricInfo> metrics()
{
    return kMetricTable;
}

/// The table is indexed by Metric: every row must sit at its own enum value.
consteval bool metricTableInOrder()
{
    for (std::size_t i = 0; i < kMetricCount; ++i)
        if (std::size_t(kMetricTable[i].id) != i)
            return false;
    return true;
}
static_assert(metricTableInOrder(), "kMetricTable rows must follow the order of enum Metric");

/// Metrics that are port table columns, in order; and metrics kept in history (charted).
constexpr std::size_t kColumnMetricCount = [] {
    std::size_t n = 0;
    for (const MetricInfo &m : kMetricTable)
        n += m.column ? 1 : 0;
    return n;
}();
constexpr std::size_t kHistoryMetricCount = [] {
    std::size_t n = 0;
    for (const MetricInfo &m : kMetricTable)
        n += m.chart != ChartGroup::None ? 1 : 0;
    return n;
}();
/// Index of each metric among the history metrics, or -1 when it keeps no history.
inline constexpr std::array<int, kMetricCount> kHistorySlots = [] {
    std::array<int, kMetricCount> table {};
    int slot = 0;
    for (const MetricInfo &info : kMetricTable)
        table[std::size_t(info.id)] = info.chart != ChartGroup::None ? slot++ : -1;
    return table;
}();
constexpr int historySlot(Metric m)
{
    return kHistorySlots[std::size_t(m)];
}

/// The counter a source field reads, for people ("port:in_bytes|..." -> "in_bytes",
/// "ethtool:rx_prio*_pause" -> "rx_prio*_pause"): what a reset names.
/// Percent of line rate of @p bits per second on a @p lineBits port. A port cannot carry more
/// than its line rate (counters count frame bytes, below it), so what a poll that came late
/// makes of a count (an interval measured short) stops at 100 %.
constexpr double utilizationPercent(double bits, double lineBits)
{
    return lineBits > 0 ? std::clamp(bits / lineBits * 100.0, 0.0, 100.0) : 0.0;
}

QString counterName(const char *sourceField);
/// The metric whose JSON key is @p key.
std::optional<Metric> metricByKey(QLatin1String key);
/// Translated texts of the table (context "Metric").
QString metricLabel(Metric m);
QString metricSeries(Metric m);
QString metricTooltip(Metric m);
QString chartTitle(ChartGroup group);

/// A port's rates, one per metric; NaN = not reported in this interval (absent is not zero).
class MetricValues
{
public:
    MetricValues();
    /// Inline: read for every metric of every port of every frame (decode, history, alerts).
    std::optional<double> value(Metric m) const
    {
        const double v = m_values[std::size_t(m)];
        return v != v ? std::nullopt : std::optional<double>(v);  // NaN: absent
    }
    void set(Metric m, std::optional<double> v)
    {
        m_values[std::size_t(m)] = v ? *v : std::numeric_limits<double>::quiet_NaN();
    }
    bool has(Metric m) const { return value(m).has_value(); }
    bool empty() const;

private:
    std::array<double, kMetricCount> m_values;
};

}  // namespace roce::model
