#include "collect/exporter/switchmetrics.h"

#include "nxapi/rates/switchrates.h"
#include "prometheus/exposition/exposition.h"

#include <QSet>

#include <array>

namespace roce::exporter {

using nxapi::PortCounter;
using nxapi::QueueCounter;
using prometheus::Exposition;
using prometheus::Labels;

namespace {

/// Every family the exporter writes, in the order of the exposition (README, "rocectl
/// exporter", lists them with their NX-OS sources).
enum class Family : int {
    Up,
    ScrapeDuration,
    LastScrape,
    SwitchInfo,
    CommandFailed,
    InterfaceInfo,
    InterfaceUp,
    Speed,
    Mtu,
    ReceiveBytes,
    TransmitBytes,
    ReceivePackets,
    TransmitPackets,
    ReceiveErrors,
    TransmitErrors,
    ReceiveDiscards,
    TransmitDiscards,
    CrcErrors,
    ReceivePause,
    TransmitPause,
    MmuDroppedPackets,
    MmuDroppedBytes,
    QueueTransmittedPackets,
    QueueTransmittedBytes,
    QueueDroppedPackets,
    QueueDroppedBytes,
    QueueEcnPackets,
    QueueEcnBytes,
    QueueWatchdogDropped,
    QueueDepth,
    PfcReceived,
    PfcTransmitted,
    PfcCosFrames,
    PfcCosPauseActive,
    PfcEnabled,
    LldpNeighbor,
    Count
};

struct FamilyInfo {
    Family id;
    const char *name;
    const char *type;
    const char *help;
};

constexpr const char *kCounter = "counter";
constexpr const char *kGauge = "gauge";

// clang-format off
constexpr std::array<FamilyInfo, std::size_t(Family::Count)> kFamilies {{
    {Family::Up, "nxos_up", kGauge,
     "1 when the last NX-API poll of the switch succeeded, else 0."},
    {Family::ScrapeDuration, "nxos_scrape_duration_seconds", kGauge,
     "Duration of the last NX-API poll of the switch, from the request sent to its snapshot parsed."},
    {Family::LastScrape, "nxos_last_scrape_timestamp_seconds", kGauge,
     "When the last successful NX-API poll of the switch arrived, in seconds since the epoch."},
    {Family::SwitchInfo, "nxos_switch_info", kGauge,
     "The switch: its role in the inventory and what show version says, value is always 1."},
    {Family::CommandFailed, "nxos_command_failed", kGauge,
     "A command of the last poll the switch refused, or whose answer could not be parsed, value is always 1."},
    {Family::InterfaceInfo, "nxos_interface_info", kGauge,
     "A fabric port of the switch: its description and whether it is an internal (ii) port, value is always 1."},
    {Family::InterfaceUp, "nxos_interface_up", kGauge,
     "1 when the port is operationally up (show interface state), else 0."},
    {Family::Speed, "nxos_interface_speed_bytes", kGauge,
     "Bandwidth of the port in bytes per second (show interface eth_bw, Kbit/s)."},
    {Family::Mtu, "nxos_interface_mtu_bytes", kGauge, "MTU of the port (show interface eth_mtu)."},
    {Family::ReceiveBytes, "nxos_interface_receive_bytes_total", kCounter,
     "Bytes received (show interface eth_inbytes)."},
    {Family::TransmitBytes, "nxos_interface_transmit_bytes_total", kCounter,
     "Bytes sent (show interface eth_outbytes)."},
    {Family::ReceivePackets, "nxos_interface_receive_packets_total", kCounter,
     "Packets received (show interface eth_inpkts)."},
    {Family::TransmitPackets, "nxos_interface_transmit_packets_total", kCounter,
     "Packets sent (show interface eth_outpkts)."},
    {Family::ReceiveErrors, "nxos_interface_receive_errors_total", kCounter,
     "Input errors (show interface eth_inerr)."},
    {Family::TransmitErrors, "nxos_interface_transmit_errors_total", kCounter,
     "Output errors (show interface eth_outerr)."},
    {Family::ReceiveDiscards, "nxos_interface_receive_discards_total", kCounter,
     "Input discards (show interface eth_indiscard)."},
    {Family::TransmitDiscards, "nxos_interface_transmit_discards_total", kCounter,
     "Output discards (show interface eth_outdiscard)."},
    {Family::CrcErrors, "nxos_interface_crc_errors_total", kCounter,
     "Frames received with a bad CRC (show interface eth_crc, else counters errors eth_fcs_err)."},
    {Family::ReceivePause, "nxos_interface_receive_pause_frames_total", kCounter,
     "Link-level pause frames received (show interface eth_inpause); PFC frames are nxos_pfc_received_frames_total."},
    {Family::TransmitPause, "nxos_interface_transmit_pause_frames_total", kCounter,
     "Link-level pause frames sent (show interface eth_outpause); PFC frames are nxos_pfc_transmitted_frames_total."},
    {Family::MmuDroppedPackets, "nxos_ingress_mmu_dropped_packets_total", kCounter,
     "Packets the ingress MMU dropped for lack of buffer (show queuing interface: Ingress MMU Drop Pkts)."},
    {Family::MmuDroppedBytes, "nxos_ingress_mmu_dropped_bytes_total", kCounter,
     "Bytes the ingress MMU dropped for lack of buffer (show queuing interface: Ingress MMU Drop Bytes)."},
    {Family::QueueTransmittedPackets, "nxos_queue_transmitted_packets_total", kCounter,
     "Packets sent from the egress queue of a QoS group (show queuing interface: Tx Pkts, unicast)."},
    {Family::QueueTransmittedBytes, "nxos_queue_transmitted_bytes_total", kCounter,
     "Bytes sent from the egress queue of a QoS group (show queuing interface: Tx Byts, unicast)."},
    {Family::QueueDroppedPackets, "nxos_queue_dropped_packets_total", kCounter,
     "Packets the egress queue of a QoS group dropped (show queuing interface: WRED/AFD & Tail Drop Pkts)."},
    {Family::QueueDroppedBytes, "nxos_queue_dropped_bytes_total", kCounter,
     "Bytes the egress queue of a QoS group dropped (show queuing interface: WRED/AFD & Tail Drop Byts)."},
    {Family::QueueEcnPackets, "nxos_queue_ecn_marked_packets_total", kCounter,
     "Packets the egress queue of a QoS group marked ECN CE (show queuing interface: ECN Pkts)."},
    {Family::QueueEcnBytes, "nxos_queue_ecn_marked_bytes_total", kCounter,
     "Bytes the egress queue of a QoS group marked ECN CE (show queuing interface: ECN Byts)."},
    {Family::QueueWatchdogDropped, "nxos_queue_watchdog_dropped_packets_total", kCounter,
     "Packets the PFC watchdog dropped from a stuck no-drop queue (show queuing interface: WD & Tail Drop Pkts)."},
    {Family::QueueDepth, "nxos_queue_depth_bytes", kGauge,
     "Bytes in the egress queue of a QoS group when polled (show queuing interface: Q Depth Byts)."},
    {Family::PfcReceived, "nxos_pfc_received_frames_total", kCounter,
     "PFC frames received on the port, all priorities (RxPPP: show queuing interface rx-ppp, else show interface priority-flow-control)."},
    {Family::PfcTransmitted, "nxos_pfc_transmitted_frames_total", kCounter,
     "PFC frames sent by the port, all priorities (TxPPP: show queuing interface tx-ppp, else show interface priority-flow-control)."},
    {Family::PfcCosFrames, "nxos_pfc_cos_frames_total", kCounter,
     "PFC frames per CoS received or sent (show queuing interface: PFC Statistics RxCount / TxCount)."},
    {Family::PfcCosPauseActive, "nxos_pfc_cos_pause_active", kGauge,
     "1 while the CoS is paused in that direction (show queuing interface: PFC Statistics RxPause / TxPause Active), else 0."},
    {Family::PfcEnabled, "nxos_pfc_enabled", kGauge,
     "1 when PFC is operational on the port (show interface priority-flow-control: oper On), else 0."},
    {Family::LldpNeighbor, "nxos_lldp_neighbor_info", kGauge,
     "An LLDP neighbour on a fabric port (show lldp neighbors detail): its system name (else chassis id) and port id, value is always 1."},
}};
// clang-format on

consteval bool familiesInOrder()
{
    for (std::size_t i = 0; i < kFamilies.size(); ++i)
        if (std::size_t(kFamilies[i].id) != i)
            return false;
    return true;
}
static_assert(familiesInOrder(), "kFamilies rows must follow the order of enum Family");

/// The interface counters and the snapshot counter each reads (core/nxapi: `show interface`,
/// merged with `show interface counters [errors]` where polled).
constexpr std::pair<Family, PortCounter> kInterfaceCounters[] = {
    {Family::ReceiveBytes, PortCounter::InBytes},
    {Family::TransmitBytes, PortCounter::OutBytes},
    {Family::ReceivePackets, PortCounter::InPkts},
    {Family::TransmitPackets, PortCounter::OutPkts},
    {Family::ReceiveErrors, PortCounter::InErrors},
    {Family::TransmitErrors, PortCounter::OutErrors},
    {Family::ReceiveDiscards, PortCounter::InDiscards},
    {Family::TransmitDiscards, PortCounter::OutDiscards},
};
constexpr std::pair<Family, PortCounter> kPauseCounters[] = {
    {Family::ReceivePause, PortCounter::InPause},
    {Family::TransmitPause, PortCounter::OutPause},
};
/// Per QoS group (`show queuing interface`, TABLE_qosgrp_egress_stats, unicast column).
constexpr std::pair<Family, QueueCounter> kQueueCounters[] = {
    {Family::QueueTransmittedPackets, QueueCounter::TxPkts},
    {Family::QueueTransmittedBytes, QueueCounter::TxBytes},
    {Family::QueueDroppedPackets, QueueCounter::DropPkts},
    {Family::QueueDroppedBytes, QueueCounter::DropBytes},
    {Family::QueueEcnPackets, QueueCounter::EcnPkts},
    {Family::QueueEcnBytes, QueueCounter::EcnBytes},
    {Family::QueueWatchdogDropped, QueueCounter::WatchdogDropPkts},
    {Family::QueueDepth, QueueCounter::QueueDepthBytes},
};

const QByteArray kOne = QByteArrayLiteral("1");

/// "Active" / "Inactive" as 1 / 0; anything else (not reported) as absent.
std::optional<quint64> pauseActive(const QString &state)
{
    if (state.compare(QLatin1String("Active"), Qt::CaseInsensitive) == 0)
        return 1;
    if (state.compare(QLatin1String("Inactive"), Qt::CaseInsensitive) == 0)
        return 0;
    return std::nullopt;
}

using FamilyHandles = std::array<int, std::size_t(Family::Count)>;

/// Declares every family in the table's order on @p e.
FamilyHandles declareFamilies(Exposition &e)
{
    FamilyHandles handles {};
    for (const FamilyInfo &f : kFamilies)
        handles[std::size_t(f.id)] = e.declare(f.name, f.type, f.help);
    return handles;
}

class SwitchWriter
{
public:
    SwitchWriter(Exposition &e, const FamilyHandles &handles) : m_e(e), m_handles(handles) { }

    void write(const SwitchRecord &s)
    {
        Labels switchLabels;
        switchLabels.add("switch", s.name);
        const std::string labels = switchLabels.rendered();
        add(Family::Up, labels, quint64(s.up ? 1 : 0));
        if (s.polled)
            add(Family::ScrapeDuration, labels, Exposition::number(s.lastPollSeconds));
        if (s.lastGoodMs)
            add(Family::LastScrape, labels, Exposition::number(double(*s.lastGoodMs) / 1000.0));
        if (!s.up || !s.snapshot)
            return;  // no counters: its series go stale
        const nxapi::SwitchSnapshot &snap = *s.snapshot;
        const nxapi::SwitchVersion version = snap.version.value_or(nxapi::SwitchVersion {});
        add(Family::SwitchInfo,
            Labels(switchLabels)
                .add("role", s.role)
                .add("hostname", version.hostName)
                .add("nxos_version", version.nxosVersion)
                .add("chassis", version.chassis)
                .add("serial", version.serial)
                .rendered(),
            kOne);
        QSet<QString> failed;  // a command is named once, whatever went wrong with it
        for (const nxapi::CommandIssue &issue : snap.issues) {
            if (!failed.contains(issue.command)) {
                failed.insert(issue.command);
                add(Family::CommandFailed, switchLabels.with("command", issue.command).rendered(),
                    kOne);
            }
        }
        for (const nxapi::PortStatus &p : snap.ports) {
            if (p.isFabricPort())
                writePort(switchLabels, p);
        }
        writeLldp(switchLabels, snap);
    }

private:
    void add(Family f, const std::string &labels, quint64 value)
    {
        m_e.add(m_handles[std::size_t(f)], labels, value);
    }
    void add(Family f, const std::string &labels, const QByteArray &value)
    {
        m_e.add(m_handles[std::size_t(f)], labels, value);
    }
    void add(Family f, const std::string &labels, std::optional<quint64> value)
    {
        if (value)
            add(f, labels, *value);
    }

    void writePort(const Labels &switchLabels, const nxapi::PortStatus &p)
    {
        const Labels portLabels = switchLabels.with("interface", p.name);
        const std::string labels = portLabels.rendered();
        add(Family::InterfaceInfo,
            Labels(portLabels)
                .add("description", p.description)
                .add("internal", p.isInternal() ? u"true" : u"false")
                .rendered(),
            kOne);
        if (!p.state.isEmpty())
            add(Family::InterfaceUp, labels, quint64(p.state == QLatin1String("up") ? 1 : 0));
        if (p.bandwidthKbit)
            add(Family::Speed, labels, *p.bandwidthKbit * 1000 / 8);
        if (p.mtu)
            add(Family::Mtu, labels, quint64(*p.mtu));
        for (const auto &[family, counter] : kInterfaceCounters)
            add(family, labels, p.counters.value(counter));
        // eth_crc of show interface; counters errors' eth_fcs_err counts the same frames.
        add(Family::CrcErrors, labels,
            p.counters.has(PortCounter::Crc) ? p.counters.value(PortCounter::Crc)
                                             : p.counters.value(PortCounter::FcsErrors));
        for (const auto &[family, counter] : kPauseCounters)
            add(family, labels, p.counters.value(counter));
        if (p.queuing)
            writeQueuing(portLabels, labels, *p.queuing);
        // The PPP counters as the console reads them (the metric table's switchSource).
        add(Family::PfcReceived, labels, nxapi::switchCounter(p, model::Metric::RxPause));
        add(Family::PfcTransmitted, labels, nxapi::switchCounter(p, model::Metric::TxPause));
        if (p.queuing)
            writePfcCos(portLabels, *p.queuing);
        if (p.pfc && !p.pfc->oper.isEmpty())
            add(Family::PfcEnabled, labels,
                quint64(p.pfc->oper.compare(QLatin1String("On"), Qt::CaseInsensitive) == 0));
    }

    void writeQueuing(const Labels &portLabels, const std::string &labels,
                      const nxapi::QueuingStatus &q)
    {
        add(Family::MmuDroppedPackets, labels, q.ingressMmuDropPkts);
        add(Family::MmuDroppedBytes, labels, q.ingressMmuDropBytes);
        for (const nxapi::QosGroupStatus &g : q.qosGroups) {
            if (g.counters.empty())
                continue;
            const std::string group = portLabels.with("qos_group", g.group).rendered();
            for (const auto &[family, counter] : kQueueCounters)
                add(family, group, g.counters.value(counter));
        }
    }

    void writePfcCos(const Labels &portLabels, const nxapi::QueuingStatus &q)
    {
        for (const nxapi::PfcCosStatus &c : q.pfcCos) {
            const Labels cos = portLabels.with("cos", QString::number(c.cos));
            for (const bool rx : {true, false}) {
                const QStringView direction = rx ? u"received" : u"transmitted";
                if (const auto count = rx ? c.rxPauseCount : c.txPauseCount)
                    m_e.addWith(m_handles[std::size_t(Family::PfcCosFrames)], cos, "direction",
                                direction, *count);
                if (const auto active = pauseActive(rx ? c.rxPauseState : c.txPauseState))
                    m_e.addWith(m_handles[std::size_t(Family::PfcCosPauseActive)], cos, "direction",
                                direction, *active);
            }
        }
    }

    void writeLldp(const Labels &switchLabels, const nxapi::SwitchSnapshot &snap)
    {
        QSet<QByteArray> written;  // a neighbour listed twice is one series
        for (const nxapi::LldpNeighbor &n : snap.lldpNeighbors) {
            if (!nxapi::isFabricPortName(n.localPort))
                continue;
            const std::string labels
                = Labels(switchLabels)
                      .add("interface", n.localPort)
                      .add("neighbor", n.systemName.isEmpty() ? n.chassisId : n.systemName)
                      .add("neighbor_port", n.portId)
                      .add("chassis_id", n.chassisId)
                      .add("management_address", n.managementAddress)
                      .rendered();
            const QByteArray key(labels.data(), qsizetype(labels.size()));
            if (written.contains(key))
                continue;
            written.insert(key);
            add(Family::LldpNeighbor, labels, kOne);
        }
    }

    Exposition &m_e;
    const FamilyHandles &m_handles;
};

}  // namespace

struct SwitchMetricsRenderer::Buffers {
    Exposition exposition;
    FamilyHandles handles = declareFamilies(exposition);
    QByteArray text;
};

SwitchMetricsRenderer::SwitchMetricsRenderer() : m_buffers(std::make_unique<Buffers>())
{ }

SwitchMetricsRenderer::~SwitchMetricsRenderer() = default;

QByteArray SwitchMetricsRenderer::render(const QList<SwitchRecord> &switches,
                                         RenderFigures *figures)
{
    Exposition &e = m_buffers->exposition;
    e.clear();
    SwitchWriter writer(e, m_buffers->handles);
    for (const SwitchRecord &s : switches)
        writer.write(s);
    if (figures)
        *figures = {e.samples(), e.families()};
    e.writeText(m_buffers->text);
    return m_buffers->text;
}

QByteArray renderSwitchMetrics(const QList<SwitchRecord> &switches, RenderFigures *figures)
{
    return SwitchMetricsRenderer().render(switches, figures);
}

}  // namespace roce::exporter
