#include "prometheus.h"

#include "prometheus/exposition/exposition.h"
#include "proto/common/versions.h"

#include <QHash>
#include <QMap>

#include <string>

namespace roce::agent {

using namespace roce::agentproto;
using prometheus::Exposition;
using prometheus::Labels;

namespace {

/// A per-priority PFC statistic of another driver, as ethtool names it around the priority's
/// digit (docs/agent/nic-drivers.md), and what the mlx5 name of the same count is.
struct PriorityPattern {
    QStringView prefix;
    QStringView suffix;
    bool rx;
    QStringView what;  ///< pause, pause_duration (microseconds) or pause_transition
};
constexpr PriorityPattern kPriorityPatterns[] = {
    // Broadcom bnxt_en
    {u"rx_pfc_ena_frames_pri", u"", true, u"pause"},
    {u"tx_pfc_ena_frames_pri", u"", false, u"pause"},
    {u"pfc_pri", u"_rx_duration_us", true, u"pause_duration"},
    {u"pfc_pri", u"_tx_duration_us", false, u"pause_duration"},
    {u"pfc_pri", u"_rx_transitions", true, u"pause_transition"},
    {u"pfc_pri", u"_tx_transitions", false, u"pause_transition"},
    // Intel ice: a pause is an XOFF frame
    {u"rx_priority_", u"_xoff.nic", true, u"pause"},
    {u"tx_priority_", u"_xoff.nic", false, u"pause"},
    // AMD ionic: the time held, in microseconds
    {u"rx_pripause_", u"_1us_count", true, u"pause_duration"},
    {u"tx_pripause_", u"_1us_count", false, u"pause_duration"},
};

/// `(rx|tx)_prio<digit>_(pause|pause_duration|pause_transition|bytes|packets|discards)`:
/// PFC statistics of mlx5, per priority; and the same counts of the other drivers the
/// console maps (kPriorityPatterns), under the same metrics: a fleet of Broadcom, Intel or
/// AMD NICs read from a metrics store has its pauses where the console looks for them.
bool parsePriorityStat(QStringView key, bool &rx, QStringView &priority, QStringView &what)
{
    for (const PriorityPattern &p : kPriorityPatterns) {
        if (key.size() == p.prefix.size() + 1 + p.suffix.size() && key.startsWith(p.prefix)
            && key.endsWith(p.suffix)) {
            const QStringView digit = key.mid(p.prefix.size(), 1);
            if (!(digit[0] >= u'0' && digit[0] <= u'7'))
                continue;
            rx = p.rx;
            priority = digit;
            what = p.what;
            return true;
        }
    }
    if (key.size() < 10 || !key.mid(2).startsWith(u"_prio") || key[8] != u'_'
        || !(key[7] >= u'0' && key[7] <= u'9'))
        return false;
    if (key.startsWith(u"rx"))
        rx = true;
    else if (key.startsWith(u"tx"))
        rx = false;
    else
        return false;
    priority = key.mid(7, 1);
    what = key.mid(9);
    return what == u"pause" || what == u"pause_duration" || what == u"pause_transition"
        || what == u"bytes" || what == u"packets" || what == u"discards";
}

struct Mapped {
    const char *metric;
    const char *help;
};

// sysfs counters/ -> node_exporter infiniband collector names.
const QHash<QString, Mapped> &pmaNames()
{
    static const QHash<QString, Mapped> m {
        {QStringLiteral("port_xmit_data_bytes"),
         {"node_infiniband_port_data_transmitted_bytes_total",
          "Number of data octets transmitted on all links (port_xmit_data x 4)"}},
        {QStringLiteral("port_rcv_data_bytes"),
         {"node_infiniband_port_data_received_bytes_total",
          "Number of data octets received on all links (port_rcv_data x 4)"}},
        {QStringLiteral("port_xmit_packets"),
         {"node_infiniband_port_packets_transmitted_total",
          "Number of packets transmitted on all VLs"}},
        {QStringLiteral("port_rcv_packets"),
         {"node_infiniband_port_packets_received_total", "Number of packets received on all VLs"}},
        {QStringLiteral("port_xmit_wait"),
         {"node_infiniband_port_transmit_wait_total",
          "Number of ticks during which the port had data to transmit but no data was sent"}},
        {QStringLiteral("port_xmit_discards"),
         {"node_infiniband_port_transmit_discards_total", "Number of outbound packets discarded"}},
        {QStringLiteral("port_rcv_errors"),
         {"node_infiniband_port_errors_received_total",
          "Number of packets containing an error that were received"}},
        {QStringLiteral("link_downed"),
         {"node_infiniband_link_downed_total",
          "Number of times the link failed to recover from an error state and went down"}},
        {QStringLiteral("link_error_recovery"),
         {"node_infiniband_link_error_recovery_total",
          "Number of times the link successfully recovered from an error state"}},
        {QStringLiteral("symbol_error"),
         {"node_infiniband_symbol_error_total",
          "Number of minor link errors detected on one or more physical lanes"}},
        {QStringLiteral("VL15_dropped"),
         {"node_infiniband_vl15_dropped_total", "Number of incoming VL15 packets dropped"}},
        {QStringLiteral("excessive_buffer_overrun_errors"),
         {"node_infiniband_excessive_buffer_overrun_errors_total",
          "Number of times that OverrunErrors consecutive flow control update periods occurred"}},
        {QStringLiteral("local_link_integrity_errors"),
         {"node_infiniband_local_link_integrity_errors_total",
          "Number of times that the count of local physical errors exceeded the threshold"}},
        {QStringLiteral("port_rcv_constraint_errors"),
         {"node_infiniband_port_receive_constraint_errors_total",
          "Number of packets received on the switch physical port that are discarded"}},
        {QStringLiteral("port_xmit_constraint_errors"),
         {"node_infiniband_port_transmit_constraint_errors_total",
          "Number of packets not transmitted from the switch physical port"}},
        {QStringLiteral("port_rcv_remote_physical_errors"),
         {"node_infiniband_port_receive_remote_physical_errors_total",
          "Number of packets marked with the EBP delimiter received on the port"}},
        {QStringLiteral("port_rcv_switch_relay_errors"),
         {"node_infiniband_port_receive_switch_relay_errors_total",
          "Number of packets that could not be forwarded by the switch"}},
        {QStringLiteral("unicast_xmit_packets"),
         {"node_infiniband_unicast_packets_transmitted_total",
          "Number of unicast packets transmitted"}},
        {QStringLiteral("unicast_rcv_packets"),
         {"node_infiniband_unicast_packets_received_total", "Number of unicast packets received"}},
        {QStringLiteral("multicast_xmit_packets"),
         {"node_infiniband_multicast_packets_transmitted_total",
          "Number of multicast packets transmitted"}},
        {QStringLiteral("multicast_rcv_packets"),
         {"node_infiniband_multicast_packets_received_total",
          "Number of multicast packets received"}},
    };
    return m;
}

// hw_counters/ -> node_exporter infiniband collector names (collector/infiniband_linux.go).
const QHash<QString, Mapped> &hwNames()
{
    static const QHash<QString, Mapped> m {
        {QStringLiteral("np_cnp_sent"),
         {"node_infiniband_np_cnp_packets_sent_total",
          "Number of CNPs sent by the notification point (congestion seen on RoCEv2 receive)"}},
        {QStringLiteral("np_ecn_marked_roce_packets"),
         {"node_infiniband_np_ecn_marked_roce_packets_received_total",
          "Number of CE-marked RoCEv2 packets received by the notification point"}},
        {QStringLiteral("rp_cnp_handled"),
         {"node_infiniband_rp_cnp_packets_handled_total",
          "Number of CNPs handled by the reaction point (rate throttled)"}},
        {QStringLiteral("rp_cnp_ignored"),
         {"node_infiniband_rp_cnp_ignored_packets_received_total",
          "Number of CNPs received and ignored by the reaction point (is ECN/CC enabled on the "
          "adapter?)"}},
        {QStringLiteral("out_of_sequence"),
         {"node_infiniband_out_of_sequence_packets_received_total",
          "Number of out-of-sequence packets received"}},
        {QStringLiteral("packet_seq_err"),
         {"node_infiniband_packet_sequence_errors_total",
          "Number of NAK sequence errors received"}},
        {QStringLiteral("local_ack_timeout_err"),
         {"node_infiniband_local_ack_timeout_errors_total",
          "Number of times the ack timer expired for a QP"}},
        {QStringLiteral("roce_adp_retrans"),
         {"node_infiniband_roce_adp_retransmits_total",
          "Number of adaptive retransmissions for RoCE traffic"}},
        {QStringLiteral("out_of_buffer"),
         {"node_infiniband_out_of_buffer_drops_total",
          "Number of drops that occurred due to lack of WQE for the associated QPs"}},
        {QStringLiteral("rx_icrc_encapsulated"),
         {"node_infiniband_rx_icrc_encapsulated_errors_total",
          "Number of RoCE packets with ICRC errors"}},
        {QStringLiteral("duplicate_request"),
         {"node_infiniband_duplicate_requests_packets_total",
          "Number of received packets that were duplicates of earlier requests"}},
        {QStringLiteral("implied_nak_seq_err"),
         {"node_infiniband_implied_nak_seq_errors_total", "Number of implied NAK sequence errors"}},
        {QStringLiteral("rnr_nak_retry_err"),
         {"node_infiniband_rnr_nak_retry_errors_total",
          "Number of RNR NAKs received that exceeded the retry limit"}},
        {QStringLiteral("rx_read_requests"),
         {"node_infiniband_rx_read_requests_total", "Number of received READ requests"}},
        {QStringLiteral("rx_write_requests"),
         {"node_infiniband_rx_write_requests_total", "Number of received WRITE requests"}},
        {QStringLiteral("rx_atomic_requests"),
         {"node_infiniband_rx_atomic_requests_total", "Number of received ATOMIC requests"}},
    };
    return m;
}

const QHash<QString, Mapped> &netStatNames()
{
    static const QHash<QString, Mapped> m {
        {QStringLiteral("rx_bytes"),
         {"node_network_receive_bytes_total", "Network device statistic receive_bytes"}},
        {QStringLiteral("tx_bytes"),
         {"node_network_transmit_bytes_total", "Network device statistic transmit_bytes"}},
        {QStringLiteral("rx_packets"),
         {"node_network_receive_packets_total", "Network device statistic receive_packets"}},
        {QStringLiteral("tx_packets"),
         {"node_network_transmit_packets_total", "Network device statistic transmit_packets"}},
        {QStringLiteral("rx_errors"),
         {"node_network_receive_errs_total", "Network device statistic receive_errs"}},
        {QStringLiteral("tx_errors"),
         {"node_network_transmit_errs_total", "Network device statistic transmit_errs"}},
        {QStringLiteral("rx_dropped"),
         {"node_network_receive_drop_total", "Network device statistic receive_drop"}},
        {QStringLiteral("tx_dropped"),
         {"node_network_transmit_drop_total", "Network device statistic transmit_drop"}},
    };
    return m;
}

}  // namespace

QByteArray toPrometheus(const AgentSample &s)
{
    Exposition e;
    // The host as the agent names it (its --hostname, else the system's): what LLDP calls
    // the server on the switch side, so that a fleet view can join the two.
    e.add("roce_agent_info", "gauge", "The agent: its host name and version, value is always 1.",
          Labels().add("hostname", s.hostname).add("version", applicationVersion()).rendered(),
          QByteArrayLiteral("1"));
    for (const RdmaDeviceSample &d : s.devices) {
        e.add("node_infiniband_info", "gauge",
              "Non-numeric data from /sys/class/infiniband/<device>, value is always 1.",
              Labels()
                  .add("board_id", d.boardId)
                  .add("device", d.name)
                  .add("firmware_version", d.fwVer)
                  .add("hca_type", d.hcaType)
                  .rendered(),
              QByteArrayLiteral("1"));
        for (const RdmaPortSample &p : d.ports) {
            Labels portLabels;
            portLabels.add("device", d.name).add("port", QString::number(p.port));
            const std::string labels = portLabels.rendered();
            // The netdev is what lldpd announces as the port id: the switch port's LLDP
            // neighbor_port joins the NIC through it.
            if (!p.netdev.isEmpty())
                e.add("roce_infiniband_port_netdev_info", "gauge",
                      "The network device of an RDMA port, value is always 1.",
                      portLabels.with("netdev", p.netdev).rendered(), QByteArrayLiteral("1"));
            if (p.stateId)
                e.add("node_infiniband_state_id", "gauge",
                      "State of the InfiniBand port (0: no change, 1: down, 2: init, 3: armed, 4: "
                      "active, 5: act defer)",
                      labels, QByteArray::number(*p.stateId));
            if (p.physStateId)
                e.add("node_infiniband_physical_state_id", "gauge",
                      "Physical state of the InfiniBand port (0: no change, 1: sleep, 2: polling, "
                      "3: disable, 4: shift, 5: link up, 6: link error recover, 7: phytest)",
                      labels, QByteArray::number(*p.physStateId));
            if (p.rateGbps)
                e.add("node_infiniband_rate_bytes_per_second", "gauge",
                      "Maximum signal transfer rate", labels,
                      QByteArray::number(qint64(*p.rateGbps * 125000000)));
            for (auto it = p.counters.cbegin(); it != p.counters.cend(); ++it) {
                const auto mapped = pmaNames().constFind(it.key());
                if (mapped != pmaNames().cend())
                    e.add(mapped->metric, "counter", mapped->help, labels, it.value());
                else
                    e.addWith("roce_infiniband_port_stat_total", "counter",
                              "Other counters/ files of the port, by name", portLabels, "counter",
                              it.key(), it.value());
            }
            for (auto it = p.hwCounters.cbegin(); it != p.hwCounters.cend(); ++it) {
                const auto mapped = hwNames().constFind(it.key());
                if (mapped != hwNames().cend())
                    e.add(mapped->metric, "counter", mapped->help, labels, it.value());
                else
                    e.addWith("roce_infiniband_hw_stat_total", "counter",
                              "Other hw_counters/ files of the port, by name", portLabels,
                              "counter", it.key(), it.value());
            }
        }
    }
    for (const NetdevSample &n : s.netdevs) {
        Labels devLabels;
        devLabels.add("device", n.name);
        const std::string dev = devLabels.rendered();
        if (n.mtu)
            e.add("node_network_mtu_bytes", "gauge", "Network device property: mtu_bytes", dev,
                  QByteArray::number(*n.mtu));
        for (auto it = n.statistics.cbegin(); it != n.statistics.cend(); ++it) {
            const auto mapped = netStatNames().constFind(it.key());
            if (mapped != netStatNames().cend())
                e.add(mapped->metric, "counter", mapped->help, dev, it.value());
        }
        for (auto it = n.ethtool.cbegin(); it != n.ethtool.cend(); ++it) {
            bool rx = false;
            QStringView priority, what;
            if (parsePriorityStat(it.key(), rx, priority, what)) {
                const std::string labels
                    = devLabels.with("priority", priority.toString()).rendered();
                const QByteArray dir = rx ? "received" : "transmitted";
                if (what == u"pause") {
                    e.add("roce_priority_pause_frames_" + dir + "_total", "counter",
                          "PFC pause frames per priority (ethtool rx/tx_prioN_pause)", labels,
                          it.value());
                } else if (what == u"pause_duration") {
                    // ethtool reports microseconds; Prometheus wants seconds.
                    e.add("roce_priority_pause_" + dir + "_seconds_total", "counter",
                          "Time paused by PFC per priority (ethtool *_prioN_pause_duration)",
                          labels, QByteArray::number(double(it.value()) / 1e6, 'g', 12));
                } else if (what == u"pause_transition") {
                    e.add("roce_priority_pause_transitions_" + dir + "_total", "counter",
                          "Transitions into the paused state per priority", labels, it.value());
                } else if (what == u"discards") {
                    e.add("roce_priority_discards_" + dir + "_total", "counter",
                          "Packets discarded for lack of NIC receive buffer per priority", labels,
                          it.value());
                } else {
                    e.add("roce_priority_" + dir + "_" + what.toUtf8() + "_total", "counter",
                          "Traffic per priority (ethtool)", labels, it.value());
                }
                continue;
            }
            // Everything else as node_exporter's ethtool collector names it.
            e.add("node_ethtool_" + prometheus::metricNamePart(it.key()), "untyped",
                  "Network interface statistic from ethtool", dev, it.value());
        }
    }
    for (const CollectorStatus &c : s.collectors) {
        const std::string labels = Labels().add("collector", c.name).rendered();
        e.add("roce_agent_collector_success", "gauge", "Whether a collector succeeded", labels,
              c.success ? QByteArrayLiteral("1") : QByteArrayLiteral("0"));
        e.add("roce_agent_collector_duration_seconds", "gauge", "Duration of a collector run",
              labels, QByteArray::number(double(c.durationUs) / 1e6, 'g', 9));
    }
    return e.text();
}

}  // namespace roce::agent
