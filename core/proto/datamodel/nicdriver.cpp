#include "proto/datamodel/nicdriver.h"

#include <QRegularExpression>

namespace roce::model {

namespace {

struct DriverSource {
    Metric metric;
    const char *source;
};

// Counter names from each driver's own source (Linux 6.18 and the releases before its
// renames; docs/agent/nic-drivers.md has the provenance). Older names come after newer ones.

// Broadcom: bnxt_re hw_counters (6.18 took mlx5-like names; 6.6-6.17 had rx_ecn_marked_pkts,
// tx_cnp_pkts, rx_cnp_pkts, oos_drop_count; CNP/ECN only on P5/P7 chips; only Broadcom's
// out-of-tree driver has np_cnp_sent and rp_cnp_ignored) and bnxt_en ethtool. Discards are
// counted per CoS queue, not per priority: their sum is the same total.
constexpr DriverSource kBnxt[] = {
    {Metric::InBits, "port:port_rcv_data_bytes|ethtool:rx_bytes"},
    {Metric::OutBits, "port:port_xmit_data_bytes|ethtool:tx_bytes"},
    {Metric::RxPause, "ethtool:rx_pfc_ena_frames_pri*"},
    {Metric::TxPause, "ethtool:tx_pfc_ena_frames_pri*"},
    {Metric::Ecn, "hw:np_ecn_marked_roce_packets|hw:rx_ecn_marked_pkts"},
    {Metric::CnpSent, "hw:np_cnp_pkts|hw:np_cnp_sent|hw:tx_cnp_pkts"},
    {Metric::CnpHandled, "hw:rp_cnp_handled|hw:rx_cnp_pkts"},
    {Metric::CnpIgnored, "hw:rp_cnp_ignored"},
    {Metric::OutOfSeq, "hw:out_of_sequence|hw:oos_drop_count"},
    {Metric::RxDiscardsPhy, "ethtool:rx_stat_discard"},
    {Metric::OutOfBuffer, "hw:out_of_buffer|hw:rx_out_of_buffer"},
    {Metric::PrioDiscards, "ethtool:rx_discard_packets_cos*"},
    {Metric::InErrors, "ethtool:rx_fcs_err_frames"},
    {Metric::RdmaOutBits, "hw:tx_roce_only_bytes"},
    {Metric::LosslessOutBits, "ethtool:tx_bytes_pri3"},
};

// Intel: irdma hw_counters (CNP/ECN from gen2, E810; out-of-order and RNR only on gen3, with
// spaces in their file names) and ice ethtool (".nic": the port's counters). PFC is counted
// as XOFF and XON frames per priority: a pause is an XOFF.
constexpr DriverSource kIrdma[] = {
    {Metric::InBits, "ethtool:rx_bytes.nic"},
    {Metric::OutBits, "ethtool:tx_bytes.nic"},
    {Metric::RxPause, "ethtool:rx_priority_*_xoff.nic"},
    {Metric::TxPause, "ethtool:tx_priority_*_xoff.nic"},
    {Metric::Ecn, "hw:RxECNMrkd"},
    {Metric::CnpSent, "hw:cnpSent"},
    {Metric::CnpHandled, "hw:cnpHandled"},
    {Metric::CnpIgnored, "hw:cnpIgnored"},
    {Metric::OutOfSeq, "hw:Rcvd Out of order packets"},
    {Metric::RxDiscardsPhy, "ethtool:rx_dropped.nic"},
    {Metric::OutOfBuffer, "hw:RNR sent"},
    {Metric::InErrors, "ethtool:rx_crc_errors.nic"},
    {Metric::RdmaOutBits, "hw:ip*OutOctets"},
};

// AMD Pensando: ionic ethtool port statistics. The RDMA driver's hw_counters are named by
// the firmware at run time, so no ECN/CNP name can be known from the source: absent.
constexpr DriverSource kIonic[] = {
    {Metric::InBits, "ethtool:octets_rx_ok"},
    {Metric::OutBits, "ethtool:octets_tx_ok"},
    {Metric::RxPause, "ethtool:frames_rx_pripause"},
    {Metric::TxPause, "ethtool:frames_tx_pripause"},
    {Metric::RxDiscardsPhy, "ethtool:frames_rx_dropped"},
    {Metric::InErrors, "ethtool:frames_rx_bad_fcs"},
};

// Soft-RoCE: packet and sequence counters only (no bytes, no ECN, CNP or PFC). send_rnr_err
// counts RNR NAKs sent for want of a receive WQE: what mlx5 counts as out_of_buffer.
constexpr DriverSource kRxe[] = {
    {Metric::OutOfSeq, "hw:out_of_seq_request"},
    {Metric::OutOfBuffer, "hw:send_rnr_err"},
};

template <std::size_t N> const char *find(const DriverSource (&table)[N], Metric m)
{
    for (const DriverSource &s : table) {
        if (s.metric == m)
            return s.source;
    }
    return "";
}

/// Unknown driver: every family's names, mlx5's first (the metric table's).
struct UnknownSources {
    std::array<QByteArray, kMetricCount> joined;
    UnknownSources()
    {
        for (const MetricInfo &info : metrics()) {
            QByteArrayList parts;
            for (NicDriver d : kNicDrivers) {
                for (const QByteArray &alt : QByteArray(nicDriverSource(d, info.id)).split('|')) {
                    if (!alt.isEmpty() && !parts.contains(alt))
                        parts.append(alt);
                }
            }
            joined[std::size_t(info.id)] = parts.join('|');
        }
    }
};

}  // namespace

QLatin1String nicDriverKey(NicDriver driver)
{
    switch (driver) {
    case NicDriver::Mlx5:
        return QLatin1String("mlx5");
    case NicDriver::Bnxt:
        return QLatin1String("bnxt_re");
    case NicDriver::Irdma:
        return QLatin1String("irdma");
    case NicDriver::Ionic:
        return QLatin1String("ionic");
    case NicDriver::Rxe:
        return QLatin1String("rxe");
    case NicDriver::Unknown:
        break;
    }
    return QLatin1String("");
}

NicDriver nicDriverFromKey(QStringView key)
{
    for (NicDriver d : kNicDrivers) {
        if (key == nicDriverKey(d))
            return d;
    }
    return NicDriver::Unknown;
}

NicDriver nicDriverFromSysfs(QStringView pciDriver, bool hasParent)
{
    if (pciDriver.isEmpty())
        return hasParent ? NicDriver::Rxe : NicDriver::Unknown;
    if (pciDriver == QLatin1String("mlx5_core"))
        return NicDriver::Mlx5;
    if (pciDriver == QLatin1String("bnxt_en"))
        return NicDriver::Bnxt;
    if (pciDriver == QLatin1String("ice") || pciDriver == QLatin1String("i40e")
        || pciDriver == QLatin1String("idpf"))
        return NicDriver::Irdma;
    if (pciDriver == QLatin1String("ionic"))
        return NicDriver::Ionic;
    return NicDriver::Unknown;
}

NicDriver nicDriverFromDeviceName(QStringView device)
{
    static const QRegularExpression kernelName(
        QStringLiteral(R"(^(mlx5_(?:bond_)?|bnxt_re|irdma|ionic_|rxe)\d+$)"));
    const auto m = kernelName.match(device.toString());
    if (!m.hasMatch())
        return NicDriver::Unknown;
    const QStringView prefix = m.capturedView(1);
    if (prefix.startsWith(QLatin1String("mlx5")))
        return NicDriver::Mlx5;
    if (prefix == QLatin1String("bnxt_re"))
        return NicDriver::Bnxt;
    if (prefix == QLatin1String("irdma"))
        return NicDriver::Irdma;
    if (prefix == QLatin1String("ionic_"))
        return NicDriver::Ionic;
    return NicDriver::Rxe;
}

const char *nicDriverSource(NicDriver driver, Metric metric)
{
    switch (driver) {
    case NicDriver::Mlx5:
        return metricInfo(metric).nicSource;
    case NicDriver::Bnxt:
        return find(kBnxt, metric);
    case NicDriver::Irdma:
        return find(kIrdma, metric);
    case NicDriver::Ionic:
        return find(kIonic, metric);
    case NicDriver::Rxe:
        return find(kRxe, metric);
    case NicDriver::Unknown:
        break;
    }
    static const UnknownSources unknown;
    return unknown.joined[std::size_t(metric)].constData();
}

PriorityPauseNames nicPriorityPauseNames(NicDriver driver)
{
    switch (driver) {
    case NicDriver::Mlx5:
    case NicDriver::Unknown:
        return {"rx_prio%1_pause_duration", "rx_prio%1_pause", "rx_prio%1_discards",
                "rx_discards_phy"};
    case NicDriver::Bnxt:
        return {"pfc_pri%1_rx_duration_us", "rx_pfc_ena_frames_pri%1", "", "rx_stat_discard"};
    case NicDriver::Ionic:
        // frames_rx_pri_N may count data frames, not pauses: only the held time is used.
        return {"rx_pripause_%1_1us_count", "", "", "frames_rx_dropped"};
    case NicDriver::Irdma:  // ice counts XOFF/XON frames, not the time they held the port
    case NicDriver::Rxe:
        break;
    }
    return {};
}

}  // namespace roce::model
