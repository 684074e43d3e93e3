// Parsers for `show interface`, `show interface counters` and `counters errors`.
#include "nxapi/parse/bodyfields.h"
#include "nxapi/parse/showparsers.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace roce::nxapi {

namespace {

class ParserText
{
    Q_DECLARE_TR_FUNCTIONS(ParserText)
};

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
};

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
        p.state = textField(row, QLatin1String("state"));
        p.adminState = textField(row, QLatin1String("admin_state"));
        p.description = textField(row, QLatin1String("desc"));
        p.speed = textField(row, QLatin1String("eth_speed"));
        p.clearCounters = textField(row, QLatin1String("eth_clear_counters"));
        p.mtu = toInt(u64Field(row, QLatin1String("eth_mtu")));
        p.bandwidthKbit = u64Field(row, QLatin1String("eth_bw"));
        p.loadIntervalSeconds = toInt(u64Field(row, QLatin1String("eth_load_interval1_rx")));
        p.inRateBits = u64Field(row, QLatin1String("eth_inrate1_bits"));
        p.outRateBits = u64Field(row, QLatin1String("eth_outrate1_bits"));
        p.inRatePkts = u64Field(row, QLatin1String("eth_inrate1_pkts"));
        p.outRatePkts = u64Field(row, QLatin1String("eth_outrate1_pkts"));
        readCounters(row, kInterfaceKeys, p.counters);
    }
    return {};
}

Result<void> parseShowInterfaceCounters(json::Value body, SwitchSnapshot &into)
{
    const TableRows rx = tableRows(body, QLatin1String("rx_counters"));
    const TableRows tx = tableRows(body, QLatin1String("tx_counters"));
    if (rx.isEmpty() && tx.isEmpty())
        return missingTable("TABLE_rx_counters/TABLE_tx_counters");
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

Result<void> parseShowInterfaceText(const QString &text, SwitchSnapshot &into)
{
    static const QRegularExpression header(
        QStringLiteral(R"(^(\S+) is (up|down|administratively down)\b)"));
    static const QRegularExpression mtu(QStringLiteral(R"(MTU (\d+) bytes, BW (\d+) Kbit)"));
    static const QRegularExpression rate(
        QStringLiteral(R"((\d+) seconds (input|output) rate (\d+) bits/sec, (\d+) packets/sec)"));
    static const QRegularExpression casts(QStringLiteral(
        R"((\d+) unicast packets\s+(\d+) multicast packets\s+(\d+) broadcast packets)"));
    static const QRegularExpression totals(
        QStringLiteral(R"((\d+) (input|output) packets\s+(\d+) bytes)"));
    static const QRegularExpression number(QStringLiteral(
        R"((\d+) (input error|output error|input discard|output discard|CRC|Rx pause|Tx pause|runts|giants))"));
    static const QRegularExpression admin(QStringLiteral(R"(^admin state is (\w+))"));
    static const QRegularExpression desc(QStringLiteral(R"(^\s*Description: (.*)$)"));
    static const QRegularExpression speed(QStringLiteral(R"(^\s*full-duplex, ([^,]+),)"));

    PortStatus *port = nullptr;
    bool rxSection = true;
    int found = 0;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (const auto m = header.match(line); m.hasMatch()) {
            port = &into.port(m.captured(1));
            port->state = m.captured(2);
            rxSection = true;
            ++found;
            continue;
        }
        if (!port)
            continue;
        const QString t = line.trimmed();
        if (t == QLatin1String("RX")) {
            rxSection = true;
            continue;
        }
        if (t == QLatin1String("TX")) {
            rxSection = false;
            continue;
        }
        if (const auto m = admin.match(line); m.hasMatch())
            port->adminState = m.captured(1);
        if (const auto m = desc.match(line); m.hasMatch())
            port->description = m.captured(1).trimmed();
        if (const auto m = speed.match(line); m.hasMatch())
            port->speed = m.captured(1).trimmed();
        if (const auto m = mtu.match(line); m.hasMatch()) {
            port->mtu = m.captured(1).toInt();
            port->bandwidthKbit = m.captured(2).toULongLong();
        }
        if (const auto m = rate.match(line); m.hasMatch()) {
            port->loadIntervalSeconds = m.captured(1).toInt();
            const bool in = m.captured(2) == QLatin1String("input");
            (in ? port->inRateBits : port->outRateBits) = m.captured(3).toULongLong();
            (in ? port->inRatePkts : port->outRatePkts) = m.captured(4).toULongLong();
        }
        if (const auto m = casts.match(line); m.hasMatch()) {
            port->counters.set(rxSection ? PortCounter::InUcast : PortCounter::OutUcast,
                               m.captured(1).toULongLong());
            port->counters.set(rxSection ? PortCounter::InMcast : PortCounter::OutMcast,
                               m.captured(2).toULongLong());
            port->counters.set(rxSection ? PortCounter::InBcast : PortCounter::OutBcast,
                               m.captured(3).toULongLong());
        }
        if (const auto m = totals.match(line); m.hasMatch()) {
            const bool in = m.captured(2) == QLatin1String("input");
            port->counters.set(in ? PortCounter::InPkts : PortCounter::OutPkts,
                               m.captured(1).toULongLong());
            port->counters.set(in ? PortCounter::InBytes : PortCounter::OutBytes,
                               m.captured(3).toULongLong());
        }
        for (auto it = number.globalMatch(line); it.hasNext();) {
            const auto m = it.next();
            static const std::pair<const char *, PortCounter> words[]
                = {{"input error", PortCounter::InErrors},
                   {"output error", PortCounter::OutErrors},
                   {"input discard", PortCounter::InDiscards},
                   {"output discard", PortCounter::OutDiscards},
                   {"CRC", PortCounter::Crc},
                   {"Rx pause", PortCounter::InPause},
                   {"Tx pause", PortCounter::OutPause},
                   {"runts", PortCounter::Runts},
                   {"giants", PortCounter::Giants}};
            for (const auto &[word, counter] : words) {
                if (m.captured(2) == QLatin1String(word))
                    port->counters.set(counter, m.captured(1).toULongLong());
            }
        }
    }
    if (found == 0) {
        return makeError(ErrorCode::Parse,
                         ParserText::tr("no \"<interface> is up|down\" line in the text"));
    }
    return {};
}

}  // namespace roce::nxapi
