// Parsers for `show interface`, `show interface counters` and `counters errors`.
#include "nxapi/parse/bodyfields.h"
#include "nxapi/parse/parsertext.h"
#include "nxapi/parse/showparsers.h"

#include <QCoreApplication>

namespace roce::nxapi {

namespace {

struct KeyMap {
    const char *nxos;
    PortCounter counter;
};

// NX-OS key -> normalized counter. mgmt0 rows use vdc_lvl_* keys for the same counters.
constexpr KeyMap kInterfaceKeys[] = {
    {"eth_inbytes", PortCounter::InBytes},
    {"eth_outbytes", PortCounter::OutBytes},
    {"eth_inpkts", PortCounter::InPkts},
    {"eth_outpkts", PortCounter::OutPkts},
    {"eth_inucast", PortCounter::InUcast},
    {"eth_outucast", PortCounter::OutUcast},
    {"eth_inmcast", PortCounter::InMcast},
    {"eth_outmcast", PortCounter::OutMcast},
    {"eth_inbcast", PortCounter::InBcast},
    {"eth_outbcast", PortCounter::OutBcast},
    {"eth_inerr", PortCounter::InErrors},
    {"eth_outerr", PortCounter::OutErrors},
    {"eth_crc", PortCounter::Crc},
    {"eth_indiscard", PortCounter::InDiscards},
    {"eth_outdiscard", PortCounter::OutDiscards},
    {"eth_inpause", PortCounter::InPause},
    {"eth_outpause", PortCounter::OutPause},
    {"eth_runts", PortCounter::Runts},
    {"eth_giants", PortCounter::Giants},
    {"vdc_lvl_in_pkts", PortCounter::InPkts},
    {"vdc_lvl_in_bytes", PortCounter::InBytes},
    {"vdc_lvl_out_pkts", PortCounter::OutPkts},
    {"vdc_lvl_out_bytes", PortCounter::OutBytes},
    {"vdc_lvl_in_ucast", PortCounter::InUcast},
    {"vdc_lvl_in_mcast", PortCounter::InMcast},
    {"vdc_lvl_in_bcast", PortCounter::InBcast},
    {"vdc_lvl_out_ucast", PortCounter::OutUcast},
    {"vdc_lvl_out_mcast", PortCounter::OutMcast},
    {"vdc_lvl_out_bcast", PortCounter::OutBcast},
    // mgmt0 in `show interface counters detailed`.
    {"mgmt_in_pkts", PortCounter::InPkts},
    {"mgmt_in_bytes", PortCounter::InBytes},
    {"mgmt_in_ucast", PortCounter::InUcast},
    {"mgmt_in_mcast", PortCounter::InMcast},
    {"mgmt_in_bcast", PortCounter::InBcast},
    {"mgmt_out_pkts", PortCounter::OutPkts},
    {"mgmt_out_bytes", PortCounter::OutBytes},
    {"mgmt_out_ucast", PortCounter::OutUcast},
    {"mgmt_out_mcast", PortCounter::OutMcast},
    {"mgmt_out_bcast", PortCounter::OutBcast},
    // Loopback rows (loop_*); VLAN interface rows (svi_*) carry no counters in `show interface`.
    {"loop_in_pkts", PortCounter::InPkts},
    {"loop_in_bytes", PortCounter::InBytes},
    {"loop_in_errors", PortCounter::InErrors},
    {"loop_out_pkts", PortCounter::OutPkts},
    {"loop_out_bytes", PortCounter::OutBytes},
    {"loop_out_errors", PortCounter::OutErrors},
};

/// The first of @p keys the row has: Ethernet, port-channel and mgmt0 rows use one key for a
/// field, VLAN interfaces (svi_*) and loopbacks (loop_*) another.
QString firstText(json::Value row, std::initializer_list<const char *> keys)
{
    for (const char *k : keys) {
        if (row.contains(QLatin1String(k)))
            return textField(row, QLatin1String(k));
    }
    return {};
}
std::optional<quint64> firstU64(json::Value row, std::initializer_list<const char *> keys)
{
    for (const char *k : keys) {
        if (const auto v = u64Field(row, QLatin1String(k)))
            return v;
    }
    return std::nullopt;
}

constexpr KeyMap kErrorKeys[] = {
    {"eth_align_err", PortCounter::AlignErrors},
    {"eth_fcs_err", PortCounter::FcsErrors},
    {"eth_xmit_err", PortCounter::XmitErrors},
    {"eth_rcv_err", PortCounter::RcvErrors},
    {"eth_undersize", PortCounter::Undersize},
    {"eth_outdisc", PortCounter::OutDiscards},
    {"eth_runts", PortCounter::Runts},
    {"eth_giants", PortCounter::Giants},
    {"eth_symbol_err", PortCounter::SymbolErrors},
    {"eth_indisc", PortCounter::InDiscards},
};

template <std::size_t N>
void readCounters(json::Value row, const KeyMap (&keys)[N], PortCounters &into)
{
    for (const KeyMap &k : keys) {
        if (const auto v = u64Field(row, QLatin1String(k.nxos)))
            into.set(k.counter, *v);
    }
}

Error missingTable(const char *table)
{
    return makeError(ErrorCode::Parse,
                     ParserText::tr("the body has no %1 table").arg(QLatin1String(table)));
}

template <typename T> std::optional<int> toInt(const std::optional<T> &v)
{
    if (!v)
        return std::nullopt;
    return int(*v);
}

}  // namespace

Result<void> parseShowInterface(json::Value body, SwitchSnapshot &into)
{
    const TableRows rows = tableRows(body, QLatin1String("interface"));
    if (rows.isEmpty())
        return missingTable("TABLE_interface/ROW_interface");
    for (const json::Value row : rows) {
        const QString name = textField(row, QLatin1String("interface"));
        if (name.isEmpty())
            continue;
        PortStatus &p = into.port(name);
        // A VLAN interface's state is its line protocol ("Vlan10 is up, line protocol is up").
        p.state = firstText(row, {"state", "svi_line_proto"});
        p.adminState = firstText(row, {"admin_state", "svi_admin_state"});
        p.description = firstText(row, {"desc", "svi_desc"});
        p.speed = textField(row, QLatin1String("eth_speed"));
        p.clearCounters = textField(row, QLatin1String("eth_clear_counters"));
        p.mtu = toInt(firstU64(row, {"eth_mtu", "svi_mtu", "loop_mtu"}));
        p.bandwidthKbit = firstU64(row, {"eth_bw", "svi_bw", "loop_bw"});
        p.loadIntervalSeconds = toInt(u64Field(row, QLatin1String("eth_load_interval1_rx")));
        // mgmt0 has one averaged rate (vdc_lvl_*_avg_*) and no interval in the body.
        p.inRateBits = firstU64(row, {"eth_inrate1_bits", "vdc_lvl_in_avg_bits"});
        p.outRateBits = firstU64(row, {"eth_outrate1_bits", "vdc_lvl_out_avg_bits"});
        p.inRatePkts = firstU64(row, {"eth_inrate1_pkts", "vdc_lvl_in_avg_pkts"});
        p.outRatePkts = firstU64(row, {"eth_outrate1_pkts", "vdc_lvl_out_avg_pkts"});
        readCounters(row, kInterfaceKeys, p.counters);
    }
    return {};
}

Result<void> parseShowInterfaceCounters(json::Value body, SwitchSnapshot &into)
{
    const TableRows rx = tableRows(body, QLatin1String("rx_counters"));
    const TableRows tx = tableRows(body, QLatin1String("tx_counters"));
    if (rx.isEmpty() && tx.isEmpty()) {
        // `show interface counters detailed`: one row per interface with only the counters
        // that are not zero (absent stays absent: the body does not say which are zero).
        const TableRows rows = tableRows(body, QLatin1String("interface"));
        if (rows.isEmpty())
            return missingTable("TABLE_rx_counters/TABLE_tx_counters");
        for (const json::Value row : rows) {
            const QString name = textField(row, QLatin1String("interface"));
            if (!name.isEmpty())
                readCounters(row, kInterfaceKeys, into.port(name).counters);
        }
        return {};
    }
    // The same counters under two names for the interface: interface_rx / interface_tx.
    for (const auto &[rows, key] :
         {std::pair {&rx, "interface_rx"}, std::pair {&tx, "interface_tx"}}) {
        for (const json::Value row : *rows) {
            const QString name = textField(row, QLatin1String(key));
            if (!name.isEmpty())
                readCounters(row, kInterfaceKeys, into.port(name).counters);
        }
    }
    return {};
}

Result<void> parseShowInterfaceCountersErrors(json::Value body, SwitchSnapshot &into)
{
    const TableRows rows = tableRows(body, QLatin1String("interface"));
    if (rows.isEmpty())
        return missingTable("TABLE_interface/ROW_interface");
    for (const json::Value row : rows) {
        const QString name = textField(row, QLatin1String("interface"));
        if (!name.isEmpty())
            readCounters(row, kErrorKeys, into.port(name).counters);
    }
    return {};
}

}  // namespace roce::nxapi
