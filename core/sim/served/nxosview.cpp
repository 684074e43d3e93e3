#include "sim/served/nxosview.h"

#include "nxapi/parse/interfacename.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace roce::sim {

using nxapi::CommandCode;
using nxapi::CommandOutput;
using nxapi::nxosRows;
using nxapi::OutputFormat;

namespace {

QString s(quint64 v)
{
    return QString::number(v);
}

QString rateSummary(double bits)
{
    // NX-OS prints e.g. "643.28 Kbps", "18.12 Mbps", "24.99 Gbps".
    if (bits >= 1e9)
        return QString::number(bits / 1e9, 'f', 2) + QStringLiteral(" Gbps");
    if (bits >= 1e6)
        return QString::number(bits / 1e6, 'f', 2) + QStringLiteral(" Mbps");
    if (bits >= 1e3)
        return QString::number(bits / 1e3, 'f', 2) + QStringLiteral(" Kbps");
    return QString::number(qRound64(bits)) + QStringLiteral(" bps");
}

QString speedText(RateBps speed)
{
    return QString::number(speed / kGbps) + QStringLiteral(" Gb/s");
}

bool isRoceGroup(int g)
{
    return g == ClassRoce;
}

}  // namespace

// -----------------------------------------------------------------------------------------

void PortRateTracker::sample(const Fabric &fabric)
{
    const TimeNs now = fabric.now();
    const int count = int(fabric.spec().switchPorts.size());
    if (m_last.size() != count) {
        m_last.resize(count);
        m_lastTime = -1;
    }
    if (m_lastTime >= 0 && now <= m_lastTime)
        return;
    const double dt = m_lastTime < 0 ? 0 : double(now - m_lastTime) / kNsPerSec;
    for (int p = 0; p < count; ++p) {
        const SwitchPortCounters c = fabric.switchPortCounters(p);
        Last &last = m_last[p];
        if (dt > 0) {
            const double inBits = double(c.rxBytes - last.rxBytes) * 8 / dt;
            const double inPkts = double(c.rxPkts - last.rxPkts) / dt;
            const double outBits = double(c.txBytes - last.txBytes) * 8 / dt;
            const double outPkts = double(c.txPkts - last.txPkts) / dt;
            // Exponential averages over the load intervals (30 s and 300 s).
            const double w1 = 1 - std::exp(-dt / 30.0);
            const double w2 = 1 - std::exp(-dt / 300.0);
            PortRates &r = m_rates[p];
            r.inBits1 += w1 * (inBits - r.inBits1);
            r.inPkts1 += w1 * (inPkts - r.inPkts1);
            r.outBits1 += w1 * (outBits - r.outBits1);
            r.outPkts1 += w1 * (outPkts - r.outPkts1);
            r.inBits2 += w2 * (inBits - r.inBits2);
            r.inPkts2 += w2 * (inPkts - r.inPkts2);
            r.outBits2 += w2 * (outBits - r.outBits2);
            r.outPkts2 += w2 * (outPkts - r.outPkts2);
        }
        last = {c.rxBytes, c.rxPkts, c.txBytes, c.txPkts};
    }
    m_lastTime = now;
}

// -----------------------------------------------------------------------------------------

NxosView::NxosView(const Fabric &fabric, int switchIndex, const PortRateTracker *rates)
    : m_fabric(fabric), m_switch(switchIndex), m_rates(rates)
{ }

QList<int> NxosView::ports() const
{
    QList<int> list;
    const auto &all = m_fabric.spec().switchPorts;
    for (int p = 0; p < all.size(); ++p) {
        if (all[p].switchIndex == m_switch)
            list.append(p);
    }
    // Name order with numeric components: Ethernet1/2 before Ethernet1/10.
    std::sort(list.begin(), list.end(), [&](int a, int b) {
        const QStringList pa = all[a].name.mid(8).split(QLatin1Char('/'));
        const QStringList pb = all[b].name.mid(8).split(QLatin1Char('/'));
        for (int i = 0; i < std::min(pa.size(), pb.size()); ++i) {
            if (pa[i].toInt() != pb[i].toInt())
                return pa[i].toInt() < pb[i].toInt();
        }
        return pa.size() < pb.size();
    });
    return list;
}

int NxosView::portByName(const QString &name) const
{
    return m_fabric.spec().switchPortIndex(m_switch, nxapi::longInterfaceName(name));
}

QString NxosView::hostName() const
{
    return m_fabric.spec().switches[m_switch].name;
}

QString NxosView::portMac(int port) const
{
    // Cisco-style dotted MAC, unique per switch and port.
    const int v = (m_switch << 12) | (port & 0xfff);
    return QStringLiteral("003a.9c%1.%2")
        .arg((v >> 16) & 0xff, 2, 16, QLatin1Char('0'))
        .arg(v & 0xffff, 4, 16, QLatin1Char('0'));
}

QString NxosView::portDescription(int port) const
{
    const FabricSpec &spec = m_fabric.spec();
    const SwitchPortSpec &sp = spec.switchPorts[port];
    if (sp.peerKind == PeerKind::Nic) {
        const NicPortSpec &nic = spec.nicPorts[sp.peer];
        return nic.name;
    }
    if (sp.peerKind == PeerKind::SwitchPort) {
        const SwitchPortSpec &peer = spec.switchPorts[sp.peer];
        return spec.switches[peer.switchIndex].name + QLatin1Char(' ') + peer.name;
    }
    return QString();
}

CommandOutput NxosView::run(const QString &command, OutputFormat format) const
{
    CommandOutput out;
    out.input = command;
    const QString cmd = command.simplified().toLower();
    const bool ascii = format == OutputFormat::Ascii;
    auto ok = [&](const QJsonValue &body) {
        out.code = CommandCode::Success;
        out.body = body;
        return out;
    };
    auto error = [&] {
        out.code = CommandCode::CliError;
        out.clierror = QStringLiteral("%1\n% Invalid command at '^' marker.\n").arg(command);
        return out;
    };

    // Commands with structured output only (cli_show_ascii gives an error, as on NX-OS) and
    // with text output only (cli_show gives 501, "structured output unsupported").
    auto jsonOnly = [&](const auto &json) { return ascii ? error() : ok(json()); };
    auto textOnly = [&](const auto &text) {
        if (!ascii) {
            out.code = CommandCode::Unsupported;
            return out;
        }
        return ok(text());
    };
    // "show ... <interface> ...": one port, or an error for a name this switch does not have.
    auto onePort = [&](const QRegularExpressionMatch &m, const auto &text, const auto &json) {
        const int p = portByName(m.captured(1));
        if (p < 0)
            return error();
        return ascii ? ok(text(QList<int> {p})) : ok(json(QList<int> {p}));
    };
    const auto textInterfaces = [this](const QList<int> &p) { return textInterface(p); };
    const auto jsonInterfaces = [this](const QList<int> &p) { return showInterface(p); };
    const auto textPfcs = [this](const QList<int> &p) { return textPfc(p); };
    const auto jsonPfcs = [this](const QList<int> &p) { return showPfc(p); };
    const auto textQueues = [this](const QList<int> &p) { return textQueuing(p); };
    const auto jsonQueues = [this](const QList<int> &p) { return showQueuing(p); };

    static const QRegularExpression showInterfaceOne(QStringLiteral(R"(^show interface (\S+)$)"));
    static const QRegularExpression pfcOne(
        QStringLiteral(R"(^show interface (\S+) priority-flow-control$)"));
    static const QRegularExpression queuingOne(QStringLiteral(R"(^show queuing interface (\S+)$)"));

    if (cmd == QLatin1String("show version"))
        return ascii ? ok(textVersion()) : ok(showVersion());
    if (cmd == QLatin1String("show hostname")) {
        return ascii ? ok(QString(hostName() + QLatin1Char('\n')))
                     : ok(QJsonObject {{QStringLiteral("hostname"), hostName()}});
    }
    if (cmd == QLatin1String("show interface"))
        return ascii ? ok(textInterface(ports())) : ok(showInterface(ports()));
    if (cmd == QLatin1String("show interface counters"))
        return jsonOnly([this] { return showInterfaceCounters(); });
    if (cmd == QLatin1String("show interface counters errors"))
        return jsonOnly([this] { return showInterfaceCountersErrors(); });
    if (cmd == QLatin1String("show interface priority-flow-control"))
        return ascii ? ok(textPfc(ports())) : ok(showPfc(ports()));
    if (const auto m = pfcOne.match(cmd); m.hasMatch())
        return onePort(m, textPfcs, jsonPfcs);
    if (cmd == QLatin1String("show queuing interface"))
        return ascii ? ok(textQueuing(ports())) : ok(showQueuing(ports()));
    if (const auto m = queuingOne.match(cmd); m.hasMatch())
        return onePort(m, textQueues, jsonQueues);
    if (cmd == QLatin1String("show lldp neighbors detail"))
        return jsonOnly([this] { return showLldpNeighborsDetail(); });
    if (cmd == QLatin1String("show lldp neighbors"))
        return jsonOnly([this] { return showLldpNeighbors(); });
    if (cmd == QLatin1String("show running-config")
        || cmd == QLatin1String("show running-config ipqos"))
        return textOnly([this] { return textRunningConfig(); });
    if (cmd == QLatin1String("show hardware internal buffer info pkt-stats"))
        return textOnly([this] { return textBufferPktStats(); });
    if (const auto m = showInterfaceOne.match(cmd); m.hasMatch())
        return onePort(m, textInterfaces, jsonInterfaces);
    return error();
}

// --- show version ---------------------------------------------------------------------------

QJsonObject NxosView::showVersion() const
{
    const TimeNs up = m_fabric.now() + 3 * 86400 * kNsPerSec;  // booted three days before t=0
    const qint64 secs = up / kNsPerSec;
    const QString rel = release();
    QJsonObject b;
    b.insert(QStringLiteral("header_str"),
             QStringLiteral("Cisco Nexus Operating System (NX-OS) Software\nTAC support: "
                            "http://www.cisco.com/tac\n(simulated by RoCE Fabric Console)\n"));
    b.insert(QStringLiteral("bios_ver_str"), QStringLiteral("05.45"));
    b.insert(QStringLiteral("kickstart_ver_str"), rel);
    b.insert(QStringLiteral("nxos_ver_str"), rel);
    b.insert(QStringLiteral("bios_cmpl_time"), QStringLiteral("07/05/2021"));
    b.insert(QStringLiteral("kick_file_name"), QStringLiteral("bootflash:///nxos.9.3.10.bin"));
    b.insert(QStringLiteral("nxos_file_name"), QStringLiteral("bootflash:///nxos.9.3.10.bin"));
    b.insert(QStringLiteral("kick_cmpl_time"), QStringLiteral(" 6/26/2022 13:00:00"));
    b.insert(QStringLiteral("nxos_cmpl_time"), QStringLiteral(" 6/26/2022 13:00:00"));
    b.insert(QStringLiteral("kick_tmstmp"), QStringLiteral("06/27/2022 02:31:24"));
    b.insert(QStringLiteral("nxos_tmstmp"), QStringLiteral("06/27/2022 02:31:24"));
    b.insert(QStringLiteral("chassis_id"), m_fabric.spec().switches[m_switch].model);
    b.insert(QStringLiteral("cpu_name"), QStringLiteral("Intel(R) Xeon(R) CPU D-1528 @ 1.90GHz"));
    b.insert(QStringLiteral("memory"), QStringLiteral("24632252"));
    b.insert(QStringLiteral("mem_type"), QStringLiteral("kB"));
    b.insert(QStringLiteral("proc_board_id"),
             QStringLiteral("FDO2%1SIM").arg(m_switch, 4, 10, QLatin1Char('0')));
    b.insert(QStringLiteral("host_name"), hostName());
    b.insert(QStringLiteral("bootflash_size"), QStringLiteral("53298520"));
    b.insert(QStringLiteral("kern_uptm_days"), QString::number(secs / 86400));
    b.insert(QStringLiteral("kern_uptm_hrs"), QString::number(secs / 3600 % 24));
    b.insert(QStringLiteral("kern_uptm_mins"), QString::number(secs / 60 % 60));
    b.insert(QStringLiteral("kern_uptm_secs"), QString::number(secs % 60));
    b.insert(QStringLiteral("rr_usecs"), QStringLiteral("112233"));
    b.insert(QStringLiteral("rr_ctime"), QStringLiteral("Thu Nov 19 10:12:01 2026"));
    b.insert(QStringLiteral("rr_reason"), QStringLiteral("Reset Requested by CLI command reload"));
    b.insert(QStringLiteral("rr_sys_ver"), rel);
    b.insert(QStringLiteral("rr_service"), QString());
    b.insert(QStringLiteral("plugins"), QStringLiteral("Core Plugin, Ethernet Plugin"));
    b.insert(QStringLiteral("manufacturer"), QStringLiteral("Cisco Systems, Inc."));
    b.insert(QStringLiteral("TABLE_package_list"),
             QJsonObject {{QStringLiteral("ROW_package_list"),
                           QJsonObject {{QStringLiteral("package_id"), QString()}}}});
    return b;
}

QString NxosView::textVersion() const
{
    const QJsonObject v = showVersion();
    return QStringLiteral("Cisco Nexus Operating System (NX-OS) Software\n\nSoftware\n"
                          "  BIOS: version %1\n  NXOS: version %2\n\nHardware\n  cisco %3\n"
                          "  %4 with %5 kB of memory.\n\n  Device name: %6\n"
                          "Kernel uptime is %7 day(s), %8 hour(s), %9 minute(s), %10 second(s)\n")
        .arg(v.value(QStringLiteral("bios_ver_str")).toString(),
             v.value(QStringLiteral("nxos_ver_str")).toString(),
             v.value(QStringLiteral("chassis_id")).toString(),
             v.value(QStringLiteral("cpu_name")).toString(),
             v.value(QStringLiteral("memory")).toString(), hostName(),
             v.value(QStringLiteral("kern_uptm_days")).toString(),
             v.value(QStringLiteral("kern_uptm_hrs")).toString(),
             v.value(QStringLiteral("kern_uptm_mins")).toString())
        .arg(v.value(QStringLiteral("kern_uptm_secs")).toString());
}

// --- show interface -------------------------------------------------------------------------

namespace {

/// What one row of `show interface` is built from.
struct InterfaceFacts {
    const SwitchPortSpec &port;
    SwitchPortCounters counters;
    PortRates rates;
    QString mac;
    QString description;  ///< empty: none
    int mtu;
    bool jumbo;  ///< RoCE frames count as jumbo frames

    bool connected() const { return port.peerKind != PeerKind::None; }
    bool up() const { return connected() && counters.operUp; }
};

/// The port's name, state and hardware.
void insertInterfaceState(QJsonObject &o, const InterfaceFacts &f)
{
    const bool up = f.up();
    o.insert(QStringLiteral("interface"), f.port.name);
    o.insert(QStringLiteral("state"), up ? QStringLiteral("up") : QStringLiteral("down"));
    if (!up) {
        o.insert(QStringLiteral("state_rsn_desc"),
                 f.connected() ? QStringLiteral("Link not connected")
                               : QStringLiteral("XCVR not inserted"));
    }
    o.insert(QStringLiteral("admin_state"), QStringLiteral("up"));
    o.insert(QStringLiteral("share_state"), QStringLiteral("Dedicated"));
    o.insert(QStringLiteral("eth_hw_desc"), QStringLiteral("100/1000/10000/25000 Ethernet"));
    o.insert(QStringLiteral("eth_hw_addr"), f.mac);
    o.insert(QStringLiteral("eth_bia_addr"), f.mac);
    if (!f.description.isEmpty())
        o.insert(QStringLiteral("desc"), f.description);
}

/// MTU, bandwidth, load and the link's settings.
void insertLinkSettings(QJsonObject &o, const InterfaceFacts &f)
{
    const SwitchPortSpec &sp = f.port;
    const SwitchPortCounters &c = f.counters;
    const PortRates &r = f.rates;
    o.insert(QStringLiteral("eth_mtu"), QString::number(f.mtu));
    o.insert(QStringLiteral("eth_bw"), s(quint64(sp.speed / 1000)));
    o.insert(QStringLiteral("eth_bw_str"),
             QString(s(quint64(sp.speed / 1000)) + QStringLiteral(" Kbit")));
    o.insert(QStringLiteral("eth_dly"), QStringLiteral("10"));
    o.insert(QStringLiteral("eth_reliability"), QStringLiteral("255"));
    const double line = double(std::max<RateBps>(1, c.speed));
    o.insert(QStringLiteral("eth_txload"),
             s(quint64(std::clamp(r.outBits1 / line * 255, 1.0, 255.0))));
    o.insert(QStringLiteral("eth_rxload"),
             s(quint64(std::clamp(r.inBits1 / line * 255, 1.0, 255.0))));
    o.insert(QStringLiteral("medium"), QStringLiteral("broadcast"));
    o.insert(QStringLiteral("eth_mode"), QStringLiteral("trunk"));
    o.insert(QStringLiteral("eth_duplex"), QStringLiteral("full"));
    o.insert(QStringLiteral("eth_speed"), speedText(c.speed));
    o.insert(QStringLiteral("eth_media"),
             QString(QString::number(c.speed / kGbps) + QLatin1Char('G')));
    o.insert(QStringLiteral("eth_autoneg"), QStringLiteral("off"));
    o.insert(QStringLiteral("eth_in_flowctrl"), QStringLiteral("off"));
    o.insert(QStringLiteral("eth_out_flowctrl"), QStringLiteral("off"));
    o.insert(QStringLiteral("eth_mdix"), QStringLiteral("off"));
    o.insert(QStringLiteral("eth_ratemode"), QStringLiteral("dedicated"));
    o.insert(QStringLiteral("eth_swt_monitor"), QStringLiteral("off"));
    o.insert(QStringLiteral("eth_ethertype"), QStringLiteral("0x8100"));
    o.insert(QStringLiteral("eth_eee_state"), QStringLiteral("n/a"));
    o.insert(QStringLiteral("eth_admin_fec_state"), QStringLiteral("auto"));
    o.insert(QStringLiteral("eth_oper_fec_state"),
             f.up() ? QStringLiteral("Rs-fec") : QStringLiteral("down"));
    o.insert(QStringLiteral("eth_link_flapped"), QStringLiteral("3d00h"));
    o.insert(QStringLiteral("eth_clear_counters"), QStringLiteral("never"));
    o.insert(QStringLiteral("eth_reset_cntr"), QStringLiteral("2"));
}

/// Input and output rates over the two load intervals.
void insertLoadIntervals(QJsonObject &o, const PortRates &r)
{
    // NX-OS reports two load intervals (30 s and 300 s) with identical key shapes.
    const struct {
        int index;
        const char *seconds;
        double inBits, inPkts, outBits, outPkts;
    } intervals[] = {{1, "30", r.inBits1, r.inPkts1, r.outBits1, r.outPkts1},
                     {2, "300", r.inBits2, r.inPkts2, r.outBits2, r.outPkts2}};
    for (const auto &iv : intervals) {
        const QString n = QString::number(iv.index);
        const auto key = [&n](const char *prefix, const char *suffix) {
            return QString(QLatin1String(prefix) + n + QLatin1String(suffix));
        };
        const auto pps
            = [](double pkts) { return QString(s(quint64(pkts)) + QStringLiteral(" pps")); };
        o.insert(key("eth_load_interval", "_rx"), QLatin1String(iv.seconds));
        o.insert(key("eth_inrate", "_bits"), s(quint64(iv.inBits)));
        o.insert(key("eth_inrate", "_pkts"), s(quint64(iv.inPkts)));
        o.insert(key("eth_load_interval", "_tx"), QLatin1String(iv.seconds));
        o.insert(key("eth_outrate", "_bits"), s(quint64(iv.outBits)));
        o.insert(key("eth_outrate", "_pkts"), s(quint64(iv.outPkts)));
        o.insert(key("eth_inrate", "_summary_bits"), rateSummary(iv.inBits));
        o.insert(key("eth_inrate", "_summary_pkts"), pps(iv.inPkts));
        o.insert(key("eth_outrate", "_summary_bits"), rateSummary(iv.outBits));
        o.insert(key("eth_outrate", "_summary_pkts"), pps(iv.outPkts));
    }
}

/// The RX counters.
void insertInputCounters(QJsonObject &o, const InterfaceFacts &f)
{
    const SwitchPortCounters &c = f.counters;
    const quint64 jumboIn = f.jumbo ? c.rxPkts : 0;
    o.insert(QStringLiteral("eth_inucast"), s(c.rxPkts));
    o.insert(QStringLiteral("eth_inmcast"), QStringLiteral("0"));
    o.insert(QStringLiteral("eth_inbcast"), QStringLiteral("0"));
    o.insert(QStringLiteral("eth_inpkts"), s(c.rxPkts));
    o.insert(QStringLiteral("eth_inbytes"), s(c.rxBytes));
    o.insert(QStringLiteral("eth_jumbo_inpkts"), s(jumboIn));
    for (const char *zero : {"eth_storm_supp", "eth_runts", "eth_giants", "eth_nobuf", "eth_frame",
                             "eth_overrun", "eth_underrun", "eth_ignored", "eth_watchdog",
                             "eth_bad_eth", "eth_bad_proto", "eth_in_ifdown_drops", "eth_dribble"})
        o.insert(QLatin1String(zero), QStringLiteral("0"));
    // A damaged cable: frames with a bad FCS, which are all of its input errors here.
    o.insert(QStringLiteral("eth_crc"), s(c.rxCrcErrors));
    o.insert(QStringLiteral("eth_inerr"), s(c.rxCrcErrors));
    // Ingress buffer (MMU) drops show as input discards.
    o.insert(QStringLiteral("eth_indiscard"), s(c.ingressMmuDropPkts));
    // Link-level PAUSE only: PFC frames are counted by the PFC and queuing commands.
    o.insert(QStringLiteral("eth_inpause"), QStringLiteral("0"));
    o.insert(QStringLiteral("eth_stomped_crc"), QStringLiteral("0"));
}

/// The TX counters.
void insertOutputCounters(QJsonObject &o, const InterfaceFacts &f)
{
    const SwitchPortCounters &c = f.counters;
    quint64 tailDrops = 0;
    for (quint64 v : c.qosDropPkts)
        tailDrops += v;
    o.insert(QStringLiteral("eth_outucast"), s(c.txPkts));
    o.insert(QStringLiteral("eth_outmcast"), QStringLiteral("0"));
    o.insert(QStringLiteral("eth_outbcast"), QStringLiteral("0"));
    o.insert(QStringLiteral("eth_outpkts"), s(c.txPkts));
    o.insert(QStringLiteral("eth_outbytes"), s(c.txBytes));
    o.insert(QStringLiteral("eth_jumbo_outpkts"),
             s(f.jumbo ? c.txPkts - c.qosTxPkts[ClassCnp] : 0));
    for (const char *zero : {"eth_outerr", "eth_coll", "eth_deferred", "eth_latecoll",
                             "eth_lostcarrier", "eth_nocarrier", "eth_babbles"})
        o.insert(QLatin1String(zero), QStringLiteral("0"));
    o.insert(QStringLiteral("eth_outdiscard"), s(tailDrops));
    o.insert(QStringLiteral("eth_outpause"), QStringLiteral("0"));
}

QJsonObject interfaceRow(const InterfaceFacts &f)
{
    QJsonObject o;
    insertInterfaceState(o, f);
    insertLinkSettings(o, f);
    insertLoadIntervals(o, f.rates);
    insertInputCounters(o, f);
    insertOutputCounters(o, f);
    return o;
}

}  // namespace

QJsonObject NxosView::showInterface(const QList<int> &list) const
{
    QJsonArray rows;
    for (int p : list) {
        const InterfaceFacts facts {
            m_fabric.spec().switchPorts[p],
            m_fabric.switchPortCounters(p),
            m_rates ? m_rates->rates(p) : PortRates {},
            portMac(p),
            portDescription(p),
            m_fabric.qosConfig().mtu,
            // RoCE frames (MTU 1024/4096 plus headers) are jumbo only above 1518 bytes.
            m_fabric.params().roceMtu + kRoceFrameOverhead > 1518,
        };
        rows.append(interfaceRow(facts));
    }
    return QJsonObject {{QStringLiteral("TABLE_interface"),
                         QJsonObject {{QStringLiteral("ROW_interface"), nxosRows(rows)}}}};
}

QString NxosView::textInterface(const QList<int> &list) const
{
    QString t;
    const QJsonValue rowsValue = showInterface(list)
                                     .value(QStringLiteral("TABLE_interface"))
                                     .toObject()
                                     .value(QStringLiteral("ROW_interface"));
    QJsonArray rows = rowsValue.isArray() ? rowsValue.toArray() : QJsonArray {rowsValue};
    for (const QJsonValue &v : std::as_const(rows)) {
        const QJsonObject o = v.toObject();
        auto f = [&](const char *key) { return o.value(QLatin1String(key)).toString(); };
        t += QStringLiteral("%1 is %2\n").arg(f("interface"), f("state"));
        t += QStringLiteral("admin state is up, Dedicated Interface\n");
        t += QStringLiteral("  Hardware: %1, address: %2 (bia %3)\n")
                 .arg(f("eth_hw_desc"), f("eth_hw_addr"), f("eth_bia_addr"));
        if (o.contains(QStringLiteral("desc")))
            t += QStringLiteral("  Description: %1\n").arg(f("desc"));
        t += QStringLiteral("  MTU %1 bytes, BW %2 Kbit, DLY 10 usec\n")
                 .arg(f("eth_mtu"), f("eth_bw"));
        t += QStringLiteral("  full-duplex, %1, media type is %2\n")
                 .arg(f("eth_speed"), f("eth_media"));
        t += QStringLiteral("  30 seconds input rate %1 bits/sec, %2 packets/sec\n")
                 .arg(f("eth_inrate1_bits"), f("eth_inrate1_pkts"));
        t += QStringLiteral("  30 seconds output rate %1 bits/sec, %2 packets/sec\n")
                 .arg(f("eth_outrate1_bits"), f("eth_outrate1_pkts"));
        t += QStringLiteral(
                 "  RX\n    %1 unicast packets  0 multicast packets  0 broadcast packets\n"
                 "    %2 input packets  %3 bytes\n    %4 jumbo packets  0 storm suppression "
                 "packets\n"
                 "    0 input error  0 short frame  0 overrun   0 underrun  0 ignored\n"
                 "    0 watchdog  0 bad etype drop  0 bad proto drop  0 if down drop\n"
                 "    0 input with dribble  %5 input discard\n    0 Rx pause\n")
                 .arg(f("eth_inucast"), f("eth_inpkts"), f("eth_inbytes"), f("eth_jumbo_inpkts"),
                      f("eth_indiscard"));
        t += QStringLiteral(
                 "  TX\n    %1 unicast packets  0 multicast packets  0 broadcast packets\n"
                 "    %2 output packets  %3 bytes\n    %4 jumbo packets\n"
                 "    0 output error  0 collision  0 deferred  0 late collision\n"
                 "    0 lost carrier  0 no carrier  0 babble  %5 output discard\n    0 Tx "
                 "pause\n\n")
                 .arg(f("eth_outucast"), f("eth_outpkts"), f("eth_outbytes"),
                      f("eth_jumbo_outpkts"), f("eth_outdiscard"));
    }
    return t;
}

// --- show interface counters [errors] -------------------------------------------------------

QJsonObject NxosView::showInterfaceCounters() const
{
    // Two row sets per interface in each table (§4.6.2), mgmt0 with eth_inpkts.
    QJsonArray rx1, rx2, tx1, tx2;
    rx1.append(QJsonObject {{QStringLiteral("interface_rx"), QStringLiteral("mgmt0")},
                            {QStringLiteral("eth_inpkts"), QStringLiteral("1203344")},
                            {QStringLiteral("eth_inucast"), QStringLiteral("1002113")}});
    tx1.append(QJsonObject {{QStringLiteral("interface_tx"), QStringLiteral("mgmt0")},
                            {QStringLiteral("eth_outpkts"), QStringLiteral("998101")},
                            {QStringLiteral("eth_outucast"), QStringLiteral("998001")}});
    for (int p : ports()) {
        const QString name = m_fabric.spec().switchPorts[p].name;
        const SwitchPortCounters c = m_fabric.switchPortCounters(p);
        rx1.append(QJsonObject {{QStringLiteral("interface_rx"), name},
                                {QStringLiteral("eth_inbytes"), s(c.rxBytes)},
                                {QStringLiteral("eth_inucast"), s(c.rxPkts)}});
        rx2.append(QJsonObject {{QStringLiteral("interface_rx"), name},
                                {QStringLiteral("eth_inmcast"), QStringLiteral("0")},
                                {QStringLiteral("eth_inbcast"), QStringLiteral("0")}});
        tx1.append(QJsonObject {{QStringLiteral("interface_tx"), name},
                                {QStringLiteral("eth_outbytes"), s(c.txBytes)},
                                {QStringLiteral("eth_outucast"), s(c.txPkts)}});
        tx2.append(QJsonObject {{QStringLiteral("interface_tx"), name},
                                {QStringLiteral("eth_outmcast"), QStringLiteral("0")},
                                {QStringLiteral("eth_outbcast"), QStringLiteral("0")}});
    }
    for (const QJsonValue &v : std::as_const(rx2))
        rx1.append(v);
    for (const QJsonValue &v : std::as_const(tx2))
        tx1.append(v);
    return QJsonObject {{QStringLiteral("TABLE_rx_counters"),
                         QJsonObject {{QStringLiteral("ROW_rx_counters"), nxosRows(rx1)}}},
                        {QStringLiteral("TABLE_tx_counters"),
                         QJsonObject {{QStringLiteral("ROW_tx_counters"), nxosRows(tx1)}}}};
}

QJsonObject NxosView::showInterfaceCountersErrors() const
{
    QJsonArray rows;
    for (int p : ports()) {
        const QString name = m_fabric.spec().switchPorts[p].name;
        const SwitchPortCounters c = m_fabric.switchPortCounters(p);
        quint64 outDisc = 0;
        for (quint64 v : c.qosDropPkts)
            outDisc += v;
        rows.append(QJsonObject {{QStringLiteral("interface"), name},
                                 {QStringLiteral("eth_align_err"), QStringLiteral("0")},
                                 {QStringLiteral("eth_fcs_err"), QStringLiteral("0")},
                                 {QStringLiteral("eth_xmit_err"), QStringLiteral("0")},
                                 {QStringLiteral("eth_rcv_err"), QStringLiteral("0")},
                                 {QStringLiteral("eth_undersize"), QStringLiteral("0")},
                                 {QStringLiteral("eth_outdisc"), s(outDisc)}});
        rows.append(QJsonObject {{QStringLiteral("interface"), name},
                                 {QStringLiteral("eth_single_col"), QStringLiteral("0")},
                                 {QStringLiteral("eth_multi_col"), QStringLiteral("0")},
                                 {QStringLiteral("eth_late_col"), QStringLiteral("0")},
                                 {QStringLiteral("eth_excess_col"), QStringLiteral("0")},
                                 {QStringLiteral("eth_carri_sen"), QStringLiteral("0")},
                                 {QStringLiteral("eth_runts"), QStringLiteral("0")}});
        rows.append(QJsonObject {{QStringLiteral("interface"), name},
                                 {QStringLiteral("eth_giants"), QStringLiteral("0")},
                                 {QStringLiteral("eth_deferred_tx"), QStringLiteral("0")},
                                 {QStringLiteral("eth_inmactx_err"), QStringLiteral("0")},
                                 {QStringLiteral("eth_inmacrx_err"), QStringLiteral("0")},
                                 {QStringLiteral("eth_symbol_err"), QStringLiteral("0")}});
        rows.append(QJsonObject {{QStringLiteral("interface"), name},
                                 {QStringLiteral("eth_indisc"), s(c.ingressMmuDropPkts)}});
    }
    return QJsonObject {{QStringLiteral("TABLE_interface"),
                         QJsonObject {{QStringLiteral("ROW_interface"), nxosRows(rows)}}}};
}

// --- PFC ------------------------------------------------------------------------------------

QJsonObject NxosView::showPfc(const QList<int> &list) const
{
    const SwitchQosConfig qos = qosHere();
    QJsonArray rows;
    for (int p : list) {
        const SwitchPortCounters c = m_fabric.switchPortCounters(p);
        const bool on = m_fabric.pfcEnabled(p) && qos.noDropConfigured;
        const int bitmap = on ? (1 << qos.noDropPfcCos) : 0;
        rows.append(QJsonObject {
            {QStringLiteral("if_name_str"), m_fabric.spec().switchPorts[p].name},
            {QStringLiteral("admin"),
             m_fabric.pfcEnabled(p) ? QStringLiteral("On") : QStringLiteral("Off")},
            {QStringLiteral("oper"), on && c.operUp ? QStringLiteral("On") : QStringLiteral("Off")},
            {QStringLiteral("oper_vl_bmap"), QString::number(bitmap, 16)},
            {QStringLiteral("rx-stats"), s(c.rxPpp)},
            {QStringLiteral("tx-stats"), s(c.txPpp)}});
    }
    QJsonObject module {{QStringLiteral("module_number"), QStringLiteral("1")},
                        {QStringLiteral("TABLE_pfc_interface"),
                         QJsonObject {{QStringLiteral("ROW_pfc_interface"), nxosRows(rows)}}}};
    return QJsonObject {
        {QStringLiteral("TABLE_module"), QJsonObject {{QStringLiteral("ROW_module"), module}}}};
}

QString NxosView::textPfc(const QList<int> &list) const
{
    const QString rule = QString(QLatin1Char('=')).repeated(60) + QLatin1Char('\n');
    QString t = QLatin1Char('\n') + rule
        + QStringLiteral("Port               Mode Oper(VL bmap)  RxPPP      TxPPP\n") + rule
        + QLatin1Char('\n');
    const SwitchQosConfig qos = qosHere();
    for (int p : list) {
        const SwitchPortCounters c = m_fabric.switchPortCounters(p);
        const bool on = m_fabric.pfcEnabled(p) && qos.noDropConfigured && c.operUp;
        const QString oper = on ? QStringLiteral("On   (%1)").arg(1 << qos.noDropPfcCos, 0, 16)
                                : QStringLiteral("Off");
        t += QStringLiteral("%1 %2 %3 %4 %5\n")
                 .arg(m_fabric.spec().switchPorts[p].name.leftJustified(18),
                      (m_fabric.pfcEnabled(p) ? QStringLiteral("On") : QStringLiteral("Off"))
                          .leftJustified(4),
                      oper.leftJustified(14), s(c.rxPpp).leftJustified(10), s(c.txPpp));
    }
    return t;
}

// --- show queuing interface -----------------------------------------------------------------

namespace {

/// Egress configuration per QoS group: strict priority for CNPs, DWRR weights for the others.
QJsonArray egressGroupConfig(const ModelParams &params)
{
    QJsonArray cfg;
    for (int g = 0; g < kClassCount; ++g) {
        const bool strict = g == ClassCnp;
        const int bw = g == ClassRoce ? params.sw.dwrrWeightRoce
                                      : (g == ClassDefault ? params.sw.dwrrWeightDefault : 0);
        cfg.append(QJsonObject {
            {QStringLiteral("qosgrp"), QString::number(g)},
            {QStringLiteral("bandwidth"), QString::number(strict ? 0 : bw)},
            {QStringLiteral("priority"), strict ? QStringLiteral("1") : QStringLiteral("WRR")},
            {QStringLiteral("shape-min"), QStringLiteral("0")},
            {QStringLiteral("shape-max"), QStringLiteral("0")},
            {QStringLiteral("shape-units"), QString()}});
    }
    return cfg;
}

QJsonObject egressStatEntry(const char *type, const char *units, quint64 uc)
{
    return QJsonObject {{QStringLiteral("eq-stat-type"), QLatin1String(type)},
                        {QStringLiteral("eq-stat-units"), QLatin1String(units)},
                        {QStringLiteral("eq-uc-stat-value"), QString::number(uc)},
                        {QStringLiteral("eq-oobfc-uc-stat-value"), QStringLiteral("0")},
                        {QStringLiteral("eq-mc-stat-value"), QStringLiteral("0")}};
}

/// The egress statistics of QoS group @p g (< 0: one the model does not carry, all zero).
QJsonObject egressGroupStats(const SwitchPortCounters &c, const QString &groupName, int g)
{
    QJsonArray entries;
    const auto i = std::size_t(g < 0 ? 0 : g);
    const bool real = g >= 0;
    entries.append(egressStatEntry("Tx", "Pkts", real ? c.qosTxPkts[i] : 0));
    entries.append(egressStatEntry("Tx", "Byts", real ? c.qosTxBytes[i] : 0));
    entries.append(egressStatEntry("WRED/AFD & Tail Drop", "Pkts", real ? c.qosDropPkts[i] : 0));
    entries.append(egressStatEntry("WRED/AFD & Tail Drop", "Byts", real ? c.qosDropBytes[i] : 0));
    entries.append(egressStatEntry("Q Depth", "Byts", real ? c.qosDepth[i] : 0));
    entries.append(egressStatEntry("WD & Tail Drop", "Pkts",
                                   real && isRoceGroup(g) ? c.watchdogDroppedPkts : 0));
    // The ECN row exists only on releases/queues that report it (§4.6.5).
    if (real && isRoceGroup(g))
        entries.append(egressStatEntry("ECN", "Pkts", c.qosEcnPkts[i]));
    return QJsonObject {
        {QStringLiteral("eq-qosgrp"), groupName},
        {QStringLiteral("TABLE_qosgrp_egress_stats_entry"),
         QJsonObject {{QStringLiteral("ROW_qosgrp_egress_stats_entry"), nxosRows(entries)}}}};
}

/// Egress: configuration and statistics per QoS group.
QJsonObject egressQueuing(const SwitchPortSpec &sp, const SwitchPortCounters &c,
                          const ModelParams &params)
{
    const QJsonArray cfg = egressGroupConfig(params);
    QJsonArray egressStats;
    for (int g = 0; g < kClassCount; ++g)
        egressStats.append(egressGroupStats(c, QString::number(g), g));
    egressStats.append(egressGroupStats(c, QStringLiteral("CONTROL QOS GROUP"), -1));
    egressStats.append(egressGroupStats(c, QStringLiteral("SPAN QOS GROUP"), -1));
    quint64 wredDrops = 0;
    for (quint64 v : c.qosDropPkts)
        wredDrops += v;
    return QJsonObject {
        {QStringLiteral("dir"), QStringLiteral("Egress")},
        {QStringLiteral("if_name_str"), sp.name},
        {QStringLiteral("TABLE_qosgrp_cfg"),
         QJsonObject {{QStringLiteral("ROW_qosgrp_cfg"), nxosRows(cfg)}}},
        {QStringLiteral("mc-drop-pkt"), QStringLiteral("0")},
        {QStringLiteral("TABLE_qosgrp_egress_stats"),
         QJsonObject {{QStringLiteral("ROW_qosgrp_egress_stats"), nxosRows(egressStats)}}},
        {QStringLiteral("TABLE_egress_stats_entry"),
         QJsonObject {{QStringLiteral("ROW_egress_stats_entry"),
                       QJsonObject {{QStringLiteral("ep-stat-type"), QStringLiteral("WRED Drop")},
                                    {QStringLiteral("ep-stat-units"), QStringLiteral("Pkts")},
                                    {QStringLiteral("ep-stat-value"), s(wredDrops)}}}}}};
}

/// The no-drop group's buffer and thresholds; empty when no no-drop class is configured.
QJsonObject ingressNoDropConfig(const SwitchQosConfig &qos, const PfcThresholds &th)
{
    QJsonObject ingressCfg;
    if (qos.noDropConfigured) {
        ingressCfg = QJsonObject {
            {QStringLiteral("qosgrp"), QString::number(qos.noDropGroup)},
            {QStringLiteral("buffer-size"), s(quint64(th.xoff) + quint64(th.headroom))},
            {QStringLiteral("pause-threshold"), s(quint64(th.xoff))},
            {QStringLiteral("resume-threshold"), s(quint64(th.xon))}};
    }
    return ingressCfg;
}

/// PFC state and counts of the no-drop CoS.
QJsonArray pfcStats(const SwitchPortCounters &c, const SwitchQosConfig &qos)
{
    QJsonArray pfcRows;
    const int cos = qos.noDropPfcCos;
    pfcRows.append(
        QJsonObject {{QStringLiteral("cos"), QString::number(cos)},
                     {QStringLiteral("pfc-qosgrp"), QString::number(qos.noDropGroup)},
                     {QStringLiteral("pfc-pg"), QString::number(qos.noDropGroup)},
                     {QStringLiteral("tx-pause-state"),
                      c.cosTxPauseActive[std::size_t(cos)] ? QStringLiteral("Active")
                                                           : QStringLiteral("Inactive")},
                     {QStringLiteral("tx-pause-count"), s(c.cosTxPause[std::size_t(cos)])},
                     {QStringLiteral("rx-pause-state"),
                      c.cosRxPauseActive[std::size_t(cos)] ? QStringLiteral("Active")
                                                           : QStringLiteral("Inactive")},
                     {QStringLiteral("rx-pause-count"), s(c.cosRxPause[std::size_t(cos)])}});
    return pfcRows;
}

/// Ingress: no-drop thresholds, MMU drops and PFC statistics.
QJsonObject ingressQueuing(const SwitchPortSpec &sp, const SwitchPortCounters &c,
                           const SwitchQosConfig &qos, const PfcThresholds &th)
{
    const QJsonObject ingressCfg = ingressNoDropConfig(qos, th);
    const QJsonArray pfcRows = pfcStats(c, qos);
    QJsonObject ingress {
        {QStringLiteral("dir"), QStringLiteral("Ingress")},
        {QStringLiteral("if_name_str"), sp.name},
        {QStringLiteral("TABLE_ingress_stats_entry"),
         QJsonObject {
             {QStringLiteral("ROW_ingress_stats_entry"),
              QJsonArray {
                  QJsonObject {{QStringLiteral("ip-stat-type"), QStringLiteral("Ingress MMU Drop")},
                               {QStringLiteral("ip-stat-units"), QStringLiteral("Pkts")},
                               {QStringLiteral("ip-stat-value"), s(c.ingressMmuDropPkts)}},
                  QJsonObject {{QStringLiteral("ip-stat-type"), QStringLiteral("Ingress MMU Drop")},
                               {QStringLiteral("ip-stat-units"), QStringLiteral("Byts")},
                               {QStringLiteral("ip-stat-value"), s(c.ingressMmuDropBytes)}}}}}},
        {QStringLiteral("tx-ppp"), s(c.txPpp)},
        {QStringLiteral("rx-ppp"), s(c.rxPpp)},
        {QStringLiteral("TABLE_pfc_stats"),
         QJsonObject {{QStringLiteral("ROW_pfc_stats"), nxosRows(pfcRows)}}}};
    if (!ingressCfg.isEmpty()) {
        ingress.insert(QStringLiteral("TABLE_qosgrp_cfg"),
                       QJsonObject {{QStringLiteral("ROW_qosgrp_cfg"), ingressCfg}});
    }
    return ingress;
}

}  // namespace

QJsonObject NxosView::showQueuing(const QList<int> &list) const
{
    const ModelParams &params = m_fabric.params();
    const SwitchQosConfig qos = qosHere();
    QJsonArray queuingRows;
    for (int p : list) {
        const SwitchPortSpec &sp = m_fabric.spec().switchPorts[p];
        const SwitchPortCounters c = m_fabric.switchPortCounters(p);
        queuingRows.append(egressQueuing(sp, c, params));
        queuingRows.append(ingressQueuing(sp, c, qos, m_fabric.pfcThresholds(p)));
    }
    QJsonObject module {
        {QStringLiteral("module_number"), QStringLiteral("1")},
        {QStringLiteral("TABLE_queuing_interface"),
         QJsonObject {{QStringLiteral("ROW_queuing_interface"), nxosRows(queuingRows)}}}};
    return QJsonObject {
        {QStringLiteral("TABLE_module"), QJsonObject {{QStringLiteral("ROW_module"), module}}}};
}

QString NxosView::textQueuing(const QList<int> &list) const
{
    const SwitchQosConfig qos = qosHere();
    const ModelParams &params = m_fabric.params();
    QString t;
    auto cell = [](quint64 v) { return QString::number(v).rightJustified(16); };
    for (int p : list) {
        const SwitchPortSpec &sp = m_fabric.spec().switchPorts[p];
        const SwitchPortCounters c = m_fabric.switchPortCounters(p);
        t += QStringLiteral("\nEgress Queuing for %1 [System]\n").arg(sp.name);
        t += QStringLiteral(
            "-------------------------------------------------------------------------------\n"
            "QoS-Group# Bandwidth% PrioLevel                Shape                   QLimit\n"
            "                                   Min          Max        Units\n"
            "-------------------------------------------------------------------------------\n");
        for (int g = kClassCount - 1; g >= 0; --g) {
            const bool strict = g == ClassCnp;
            const int bw = strict
                ? 0
                : (g == ClassRoce ? params.sw.dwrrWeightRoce
                                  : (g == ClassDefault ? params.sw.dwrrWeightDefault : 0));
            t += QStringLiteral("      %1         %2        %3            -            -     -     "
                                "       9(D)\n")
                     .arg(g)
                     .arg(bw, 3)
                     .arg(strict ? QStringLiteral("1") : QStringLiteral("-"));
        }
        for (int g = 0; g < kClassCount; ++g) {
            const auto i = std::size_t(g);
            t += QStringLiteral(
                     "+-------------------------------------------------------------+\n"
                     "|                              QOS GROUP %1                    |\n"
                     "+-------------------------------------------------------------+\n"
                     "|                |  Unicast       |OOBFC Unicast   |  Multicast     |\n"
                     "+-------------------------------------------------------------+\n")
                     .arg(g);
            t += QStringLiteral("|        Tx Pkts |%1|%2|%3|\n")
                     .arg(cell(c.qosTxPkts[i]), cell(0), cell(0));
            t += QStringLiteral("|        Tx Byts |%1|%2|%3|\n")
                     .arg(cell(c.qosTxBytes[i]), cell(0), cell(0));
            t += QStringLiteral("| WRED/AFD & Tail Drop Pkts |%1|%2|%3|\n")
                     .arg(cell(c.qosDropPkts[i]), cell(0), cell(0));
            t += QStringLiteral("| WRED/AFD & Tail Drop Byts |%1|%2|%3|\n")
                     .arg(cell(c.qosDropBytes[i]), cell(0), cell(0));
            t += QStringLiteral("|   Q Depth Byts |%1|%2|%3|\n")
                     .arg(cell(c.qosDepth[i]), cell(0), cell(0));
            t += QStringLiteral("| WD & Tail Drop Pkts |%1|%2|%3|\n")
                     .arg(cell(isRoceGroup(g) ? c.watchdogDroppedPkts : 0), cell(0), cell(0));
            if (isRoceGroup(g))
                t += QStringLiteral("|       ECN Pkts |%1|%2|%3|\n")
                         .arg(cell(c.qosEcnPkts[i]), cell(0), cell(0));
        }
        quint64 wred = 0;
        for (quint64 v : c.qosDropPkts)
            wred += v;
        t += QStringLiteral("+-------------------------------------------------------------+\n"
                            "|                      Port Egress Statistics                  |\n"
                            "+-------------------------------------------------------------+\n"
                            "| WRED Drop Pkts                              %1|\n"
                            "+-------------------------------------------------------------+\n")
                 .arg(QString::number(wred).rightJustified(16));
        const PfcThresholds th = m_fabric.pfcThresholds(p);
        t += QStringLiteral("\nIngress Queuing for %1\n"
                            "-----------------------------------------------------\n"
                            "QoS-Group#                 Pause\n"
                            "           Buff Size       Pause Th      Resume Th\n"
                            "-----------------------------------------------------\n")
                 .arg(sp.name);
        if (qos.noDropConfigured) {
            t += QStringLiteral("      %1       %2        %3      %4\n")
                     .arg(qos.noDropGroup)
                     .arg(th.xoff + th.headroom, 10)
                     .arg(th.xoff, 10)
                     .arg(th.xon, 10);
        }
        t += QStringLiteral("Port Ingress Statistics\n"
                            "--------------------------------------------------------\n"
                            "Ingress MMU Drop Pkts                           %1\n"
                            "Ingress MMU Drop Bytes                          %2\n\n")
                 .arg(c.ingressMmuDropPkts)
                 .arg(c.ingressMmuDropBytes);
        const int cos = qos.noDropPfcCos;
        const auto k = std::size_t(cos);
        t += QStringLiteral(
                 "PFC Statistics\n"
                 "------------------------------------------------------------------------------\n"
                 "TxPPP:                    %1, RxPPP:                    %2\n"
                 "------------------------------------------------------------------------------\n"
                 "COS QOS Group        PG   TxPause   TxCount         RxPause         RxCount\n")
                 .arg(c.txPpp)
                 .arg(c.rxPpp);
        t += QStringLiteral("   %1         %2         %3  %4 %5        %6 %7\n")
                 .arg(cos)
                 .arg(qos.noDropGroup)
                 .arg(qos.noDropGroup)
                 .arg(
                     (c.cosTxPauseActive[k] ? QStringLiteral("Active") : QStringLiteral("Inactive"))
                         .leftJustified(8))
                 .arg(c.cosTxPause[k], 9)
                 .arg(
                     (c.cosRxPauseActive[k] ? QStringLiteral("Active") : QStringLiteral("Inactive"))
                         .leftJustified(8))
                 .arg(c.cosRxPause[k], 15);
    }
    return t;
}

// --- LLDP -----------------------------------------------------------------------------------

QJsonObject NxosView::showLldpNeighborsDetail() const
{
    const FabricSpec &spec = m_fabric.spec();
    QJsonArray rows;
    for (int p : ports()) {
        const SwitchPortSpec &sp = spec.switchPorts[p];
        if (sp.peerKind == PeerKind::None)
            continue;
        QJsonObject o;
        o.insert(QStringLiteral("chassis_type"), QStringLiteral("Mac Address"));
        o.insert(QStringLiteral("port_type"), QStringLiteral("Interface Name"));
        o.insert(QStringLiteral("l_port_id"), nxapi::shortInterfaceName(sp.name));
        if (sp.peerKind == PeerKind::Nic) {
            const NicPortSpec &nic = spec.nicPorts[sp.peer];
            const QList<int> hosts = spec.hostsOnNicPort(sp.peer);
            const HostSpec &first = spec.hosts[hosts.value(0)];
            // Dotted MAC as NX-OS prints it.
            QString mac = first.mac;
            mac.remove(QLatin1Char(':'));
            mac = mac.left(4) + QLatin1Char('.') + mac.mid(4, 4) + QLatin1Char('.') + mac.mid(8);
            const bool hypervisor = !nic.hypervisor.isEmpty();
            o.insert(QStringLiteral("chassis_id"), mac);
            o.insert(QStringLiteral("port_id"), nic.name.section(QLatin1Char('/'), 1));
            o.insert(QStringLiteral("port_desc"),
                     hypervisor ? QStringLiteral("port on dvSwitch-RoCE")
                                : nic.name.section(QLatin1Char('/'), 1));
            // lldpd announces the server's host name, which is the part of the NIC port's
            // name before the netdev ("gpu0001/ens1np0"), shared by all of its NICs.
            o.insert(QStringLiteral("sys_name"),
                     hypervisor ? nic.hypervisor : nic.name.section(QLatin1Char('/'), 0, 0));
            o.insert(QStringLiteral("sys_desc"),
                     hypervisor
                         ? QStringLiteral("VMware ESX Releasebuild-21424296")
                         : QStringLiteral(
                             "Ubuntu 22.04.4 LTS Linux 5.15.0-105-generic #115-Ubuntu SMP x86_64"));
            o.insert(QStringLiteral("system_capability"),
                     hypervisor ? QStringLiteral("B") : QStringLiteral("B, W, R, S"));
            o.insert(QStringLiteral("enabled_capability"),
                     hypervisor ? QStringLiteral("B") : QStringLiteral("R"));
            o.insert(QStringLiteral("mgmt_addr_type"),
                     hypervisor ? QStringLiteral("Address not advertised")
                                : QStringLiteral("IPV4"));
            o.insert(QStringLiteral("mgmt_addr"),
                     hypervisor
                         ? QStringLiteral("not advertised")
                         : (m_serverMgmtAddress.isEmpty() ? first.ipv4 : m_serverMgmtAddress));
        } else {
            const SwitchPortSpec &peer = spec.switchPorts[sp.peer];
            o.insert(
                QStringLiteral("chassis_id"),
                QStringLiteral("003a.9c%1.0000").arg(peer.switchIndex, 2, 16, QLatin1Char('0')));
            o.insert(QStringLiteral("port_id"), peer.name);
            o.insert(QStringLiteral("port_desc"), QStringLiteral("null"));
            o.insert(QStringLiteral("sys_name"), spec.switches[peer.switchIndex].name);
            o.insert(QStringLiteral("sys_desc"),
                     QStringLiteral("Cisco Nexus Operating System (NX-OS) Software 9.3(10)"));
            o.insert(QStringLiteral("system_capability"), QStringLiteral("B, R"));
            o.insert(QStringLiteral("enabled_capability"), QStringLiteral("B, R"));
            o.insert(QStringLiteral("mgmt_addr_type"), QStringLiteral("Address not advertised"));
            o.insert(QStringLiteral("mgmt_addr"), QStringLiteral("not advertised"));
        }
        o.insert(QStringLiteral("mgmt_addr_ipv6_type"), QStringLiteral("Address not advertised"));
        o.insert(QStringLiteral("mgmt_addr_ipv6"), QStringLiteral("not advertised"));
        // Remaining TTL counts down from 120 between 30 s advertisements.
        o.insert(QStringLiteral("ttl"),
                 QString::number(120 - (m_fabric.now() / kNsPerSec + p) % 30));
        o.insert(QStringLiteral("vlan_id"), QStringLiteral("not advertised"));
        o.insert(QStringLiteral("max_framesize"), QStringLiteral("not advertised"));
        rows.append(o);
    }
    QJsonObject body {{QStringLiteral("neigh_count"), QString::number(rows.size())}};
    if (!rows.isEmpty())
        body.insert(QStringLiteral("TABLE_nbor_detail"),
                    QJsonObject {{QStringLiteral("ROW_nbor_detail"), nxosRows(rows)}});
    return body;
}

QJsonObject NxosView::showLldpNeighbors() const
{
    const QJsonObject detail = showLldpNeighborsDetail();
    QJsonObject body {{QStringLiteral("neigh_hdr"), QStringLiteral("neigh_hdr")},
                      {QStringLiteral("neigh_count"), detail.value(QStringLiteral("neigh_count"))}};
    const QJsonValue v = detail.value(QStringLiteral("TABLE_nbor_detail"))
                             .toObject()
                             .value(QStringLiteral("ROW_nbor_detail"));
    const QJsonArray rows = v.isArray() ? v.toArray() : QJsonArray {v};
    QJsonArray out;
    for (const QJsonValue &r : rows) {
        if (!r.isObject())
            continue;
        const QJsonObject o = r.toObject();
        out.append(QJsonObject {
            {QStringLiteral("chassis_type"), o.value(QStringLiteral("chassis_type"))},
            {QStringLiteral("chassis_id"), o.value(QStringLiteral("sys_name"))},
            {QStringLiteral("l_port_id"), o.value(QStringLiteral("l_port_id"))},
            {QStringLiteral("ttl"), o.value(QStringLiteral("ttl"))},
            {QStringLiteral("system_capability"), o.value(QStringLiteral("system_capability"))},
            {QStringLiteral("enabled_capability"), o.value(QStringLiteral("enabled_capability"))},
            {QStringLiteral("port_type"), o.value(QStringLiteral("port_type"))},
            {QStringLiteral("port_id"), o.value(QStringLiteral("port_id"))},
            {QStringLiteral("mgmt_addr_type"), o.value(QStringLiteral("mgmt_addr_type"))},
            {QStringLiteral("mgmt_addr"), o.value(QStringLiteral("mgmt_addr"))}});
    }
    if (!out.isEmpty())
        body.insert(QStringLiteral("TABLE_nbor"),
                    QJsonObject {{QStringLiteral("ROW_nbor"), nxosRows(out)}});
    return body;
}

// --- running-config and buffer stats (text only) --------------------------------------------

SwitchQosConfig NxosView::qosHere() const
{
    SwitchQosConfig qos = m_fabric.qosConfig();
    const SwitchFaults faults = m_fabric.switchFaults(m_switch);
    if (faults.pfcCos >= 0)
        qos.noDropPfcCos = faults.pfcCos;
    return qos;
}

QString NxosView::textRunningConfig() const
{
    const SwitchQosConfig qos = qosHere();
    const ModelParams &params = m_fabric.params();
    QString t
        = QStringLiteral(
              "\n!Command: show running-config\n!Running configuration last done at: Thu Nov 19 "
              "10:15:02 2026\n"
              "!Time: Thu Nov 19 10:20:11 2026\n\nversion %1 Bios:version 05.45\nhostname %2\n"
              "feature nxapi\nfeature lldp\n\n")
              .arg(release(), hostName());
    // Class-maps from the DSCP -> qos-group table.
    QMap<int, QStringList> dscpsByGroup;
    for (int dscp = 0; dscp < 64; ++dscp) {
        const int g = qos.dscpToQosGroup[std::size_t(dscp)];
        if (g != ClassDefault)
            dscpsByGroup[g].append(QString::number(dscp));
    }
    auto className = [](int g) {
        return g == ClassRoce
            ? QStringLiteral("ROCE")
            : (g == ClassCnp ? QStringLiteral("CNP") : QStringLiteral("QG%1").arg(g));
    };
    for (auto it = dscpsByGroup.cbegin(); it != dscpsByGroup.cend(); ++it) {
        t += QStringLiteral("class-map type qos match-all %1\n  match dscp %2\n")
                 .arg(className(it.key()), it.value().join(QLatin1Char(',')));
    }
    t += QStringLiteral("policy-map type qos QOS_CLASSIFICATION\n");
    for (auto it = dscpsByGroup.cbegin(); it != dscpsByGroup.cend(); ++it)
        t += QStringLiteral("  class %1\n    set qos-group %2\n")
                 .arg(className(it.key()))
                 .arg(it.key());
    t += QStringLiteral("  class class-default\n    set qos-group 0\n");
    const SwitchQueuing queuing = m_fabric.switchQueuing(m_switch);
    const WredParams &w = queuing.wred;
    t += QStringLiteral("policy-map type queuing QOS_EGRESS_PORT\n"
                        "  class type queuing c-out-8q-q7\n    priority level 1\n"
                        "  class type queuing c-out-8q-q3\n    bandwidth remaining percent %1\n")
             .arg(params.sw.dwrrWeightRoce);
    if (w.enabled) {
        t += QStringLiteral(
                 "    random-detect minimum-threshold %1 kbytes maximum-threshold %2 kbytes "
                 "drop-probability %3 weight 0%4\n")
                 .arg(w.kmin / 1000)
                 .arg(w.kmax / 1000)
                 .arg(w.pmaxPercent)
                 .arg(w.ecn ? QStringLiteral(" ecn") : QString());
    }
    t += QStringLiteral(
             "  class type queuing c-out-8q-q-default\n    bandwidth remaining percent %1\n")
             .arg(params.sw.dwrrWeightDefault);
    t += QStringLiteral("policy-map type network-qos QOS_NETWORK\n");
    if (qos.noDropConfigured) {
        t += QStringLiteral(
                 "  class type network-qos c-8q-nq%1\n    mtu %2\n    pause pfc-cos %3\n")
                 .arg(qos.noDropGroup)
                 .arg(qos.mtu)
                 .arg(qos.noDropPfcCos);
        // Configured thresholds, in bytes as NX-OS prints them (the buffer size is the
        // class's whole allowance: pause threshold plus headroom).
        if (queuing.thresholdsConfigured) {
            t += QStringLiteral("    pause buffer-size %1 pause-threshold %2 resume-threshold %3\n")
                     .arg(queuing.xoff100g + queuing.headroom100g)
                     .arg(queuing.xoff100g)
                     .arg(queuing.xon100g);
        }
    }
    t += QStringLiteral("  class type network-qos c-8q-nq-default\n    mtu %1\n").arg(qos.mtu);
    // ECN not applied: the queuing policy with its WRED/ECN is configured, but nothing
    // attaches it to the egress ports (the `system qos` line is missing).
    t += QStringLiteral("system qos\n  service-policy type network-qos QOS_NETWORK\n");
    if (!m_fabric.switchFaults(m_switch).ecnNotApplied)
        t += QStringLiteral("  service-policy type queuing output QOS_EGRESS_PORT\n");
    t += QLatin1Char('\n');
    for (int p : ports()) {
        const SwitchPortSpec &sp = m_fabric.spec().switchPorts[p];
        t += QStringLiteral("interface %1\n").arg(sp.name);
        const QString desc = portDescription(p);
        if (!desc.isEmpty())
            t += QStringLiteral("  description %1\n").arg(desc);
        if (m_fabric.pfcEnabled(p))
            t += QStringLiteral("  priority-flow-control mode on\n");
        if (params.sw.pfcWatchdog)
            t += QStringLiteral("  priority-flow-control watch-dog-interval on\n");
        t += QStringLiteral("  mtu %1\n  service-policy type qos input QOS_CLASSIFICATION\n")
                 .arg(qos.mtu);
        t += sp.peerKind == PeerKind::None ? QStringLiteral("  shutdown\n\n")
                                           : QStringLiteral("  no shutdown\n\n");
    }
    t += QStringLiteral("interface mgmt0\n  vrf member management\n  ip address 10.1.1.10/24\n");
    return t;
}

QString NxosView::textBufferPktStats() const
{
    const Bytes used = m_fabric.bufferUsed(m_switch);
    const Bytes cell = 416;  // Cloud Scale buffer cell
    const Bytes total = m_fabric.spec().switches[m_switch].bufferBytes / cell;
    return QStringLiteral(
               "Instance 0\n==========\nOutput Pool-Group Buffer Utilization (cells/desc)\n"
               "Total Instant Usage (cells)        %1\nMax Cell Usage                     %2\n"
               "Total Cells                        %3\n")
        .arg(used / cell)
        .arg(used / cell)
        .arg(total);
}

}  // namespace roce::sim
