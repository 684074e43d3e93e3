// Parsers for `show interface priority-flow-control`, `show queuing interface` and
// `show queuing tabular`.
#include "nxapi/parse/bodyfields.h"
#include "nxapi/parse/parsertext.h"
#include "nxapi/parse/showparsers.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace roce::nxapi {

namespace {

/// Calls @p fn(row, interface name) for every row of TABLE_<name> that names an interface
/// in `if_name_str` (PFC, queuing and tabular bodies share this shape): rows directly in the
/// body, then those inside each TABLE_module/ROW_module (§4.5 quirk 4). A body without the
/// table is a Parse error.
template <typename Fn> Result<void> forEachInterfaceRow(json::Value body, QLatin1String name, Fn fn)
{
    const TableRows direct = tableRows(body, name);
    const TableRows modules = tableRows(body, QLatin1String("module"));
    bool any = !direct.isEmpty();
    for (const json::Value m : modules)
        any = any || !tableRows(m, name).isEmpty();
    if (!any) {
        return makeError(ErrorCode::Parse,
                         ParserText::tr("the body has no %1 table")
                             .arg(QString(QLatin1String("TABLE_") + name)));
    }
    auto visit = [&fn](const TableRows &rows) {
        for (const json::Value row : rows) {
            const QString interface = textField(row, QLatin1String("if_name_str"));
            if (!interface.isEmpty())
                fn(row, interface);
        }
    };
    visit(direct);
    for (const json::Value m : modules)
        visit(tableRows(m, name));
    return {};
}

QueuingStatus &queuingOf(SwitchSnapshot &snapshot, const QString &interface)
{
    PortStatus &port = snapshot.port(interface);
    if (!port.queuing) {
        port.queuing = QueuingStatus {};
        // Ten groups (0-7, control, SPAN) and eight CoS on NX-OS 9.x: one allocation each.
        port.queuing->qosGroups.reserve(10);
        port.queuing->pfcCos.reserve(8);
    }
    return *port.queuing;
}

/// A string field's bytes as Latin-1 for ASCII tests, without a copy when it has no escapes.
template <typename Fn> bool testText(json::Value o, QLatin1String key, Fn test)
{
    const json::Value v = o.member(key);
    if (v.hasEscapes())
        return test(QString(v.toString()));
    const QByteArrayView b = v.isString() ? v.rawBytes() : QByteArrayView();
    return test(QLatin1String(b.data(), b.size()));
}

std::optional<int> intField(json::Value o, QLatin1String key)
{
    const auto v = u64Field(o, key);
    return v ? std::optional<int>(int(*v)) : std::nullopt;
}

/// Which normalized counter an `eq-stat-type` / units pair is (§4.6.5 known values). For
/// QString (text bodies) and QLatin1String (JSON bytes: the patterns are ASCII).
template <typename Text>
std::optional<QueueCounter> queueCounterFor(const Text &type, const Text &units)
{
    const bool bytes = units.startsWith(QLatin1String("Byt"), Qt::CaseInsensitive);
    const auto t = type.trimmed();
    if (t.compare(QLatin1String("Tx"), Qt::CaseInsensitive) == 0)
        return bytes ? QueueCounter::TxBytes : QueueCounter::TxPkts;
    if (t.startsWith(QLatin1String("WD"), Qt::CaseInsensitive))
        return bytes ? std::nullopt : std::optional(QueueCounter::WatchdogDropPkts);
    if (t.contains(QLatin1String("Drop"), Qt::CaseInsensitive))
        return bytes ? QueueCounter::DropBytes : QueueCounter::DropPkts;
    if (t.compare(QLatin1String("ECN"), Qt::CaseInsensitive) == 0)
        return bytes ? QueueCounter::EcnBytes : QueueCounter::EcnPkts;
    if (t.startsWith(QLatin1String("Q Depth"), Qt::CaseInsensitive))
        return bytes ? std::optional(QueueCounter::QueueDepthBytes) : std::nullopt;
    return std::nullopt;
}

/// The same for the JSON strings, read in place unless they carry escapes.
std::optional<QueueCounter> queueCounterFor(json::Value type, json::Value units)
{
    if (type.hasEscapes() || units.hasEscapes())
        return queueCounterFor(type.toString(), units.toString());
    auto latin1 = [](json::Value v) {
        const QByteArrayView b = v.isString() ? v.rawBytes() : QByteArrayView();
        return QLatin1String(b.data(), b.size());
    };
    return queueCounterFor(latin1(type), latin1(units));
}

void readQosConfig(json::Value row, QueuingStatus &q)
{
    for (const json::Value c : tableRows(row, QLatin1String("qosgrp_cfg"))) {
        const QString name = textField(c, QLatin1String("qosgrp"));
        if (name.isEmpty())
            continue;
        QosGroupStatus &g = q.group(name);
        if (const auto bw = intField(c, QLatin1String("bandwidth")))
            g.bandwidthPercent = bw;
        if (const QString prio = textField(c, QLatin1String("priority")); !prio.isEmpty())
            g.priority = prio;
        if (const auto b = u64Field(c, QLatin1String("buffer-size")))
            g.bufferSize = b;
        if (const auto p = u64Field(c, QLatin1String("pause-threshold")))
            g.pauseThreshold = p;
        if (const auto r = u64Field(c, QLatin1String("resume-threshold")))
            g.resumeThreshold = r;
    }
}

}  // namespace

Result<void> parseShowPfc(json::Value body, SwitchSnapshot &into)
{
    return forEachInterfaceRow(
        body, QLatin1String("pfc_interface"), [&into](json::Value row, const QString &name) {
            PfcPortStatus pfc;
            pfc.mode = textField(row, QLatin1String("admin"));
            QString oper = textField(row, QLatin1String("oper")).trimmed();
            // Some releases put the bitmap into the oper text: "On (8)".
            static const QRegularExpression operBitmap(QStringLiteral(R"(^(\w+)\s*\((\w+)\)$)"));
            if (const auto m = operBitmap.match(oper); m.hasMatch()) {
                oper = m.captured(1);
                bool ok = false;
                const uint bits = m.captured(2).toUInt(&ok, 16);
                if (ok)
                    pfc.vlBitmap = bits;
            }
            pfc.oper = oper;
            for (const char *key : {"oper_vl_bmap", "vl_bmap", "oper-vl-bmap"}) {
                const QString bits = textField(row, QLatin1String(key));
                bool ok = false;
                const uint value = bits.toUInt(&ok, 16);
                if (ok)
                    pfc.vlBitmap = value;
            }
            pfc.rxPpp = u64Field(row, QLatin1String("rx-stats"));
            pfc.txPpp = u64Field(row, QLatin1String("tx-stats"));
            into.port(name).pfc = pfc;
        });
}

Result<void> parseShowPfcText(const QString &text, SwitchSnapshot &into)
{
    // "Ethernet1/2        Auto On   (9)       4088353    1890" (§4.6.3)
    static const QRegularExpression row(
        QStringLiteral(R"(^(\S+)\s+(Auto|On|Off)\s+(On|Off)\s*(?:\(\s*([0-9a-fA-F]+)\s*\))?\s+)"
                       R"((\d+)\s+(\d+)\s*$)"),
        QRegularExpression::CaseInsensitiveOption);
    int found = 0;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        const auto m = row.match(line);
        if (!m.hasMatch())
            continue;
        PfcPortStatus pfc;
        pfc.mode = m.captured(2);
        pfc.oper = m.captured(3);
        if (m.capturedLength(4) > 0)
            pfc.vlBitmap = m.captured(4).toUInt(nullptr, 16);
        pfc.rxPpp = m.captured(5).toULongLong();
        pfc.txPpp = m.captured(6).toULongLong();
        into.port(m.captured(1)).pfc = pfc;
        ++found;
    }
    if (found == 0)
        return makeError(ErrorCode::Parse, ParserText::tr("no PFC interface rows in the text"));
    return {};
}

Result<void> parseShowQueuing(json::Value body, SwitchSnapshot &into)
{
    auto parsed = forEachInterfaceRow(
        body, QLatin1String("queuing_interface"), [&into](json::Value row, const QString &name) {
            QueuingStatus &q = queuingOf(into, name);
            readQosConfig(row, q);
            if (const auto mc = u64Field(row, QLatin1String("mc-drop-pkt")))
                q.mcDropPkts = mc;
            for (const json::Value go : tableRows(row, QLatin1String("qosgrp_egress_stats"))) {
                const QString group = textField(go, QLatin1String("eq-qosgrp"));
                if (group.isEmpty())
                    continue;
                QosGroupStatus &g = q.group(group);
                // The innermost loop of the largest body a poll gets (10 groups x 7 entries per
                // port): keys spelled out, raw strings.
                const TableRows entries
                    = tableRows(go, QLatin1String("TABLE_qosgrp_egress_stats_entry"),
                                QLatin1String("ROW_qosgrp_egress_stats_entry"));
                for (const json::Value e : entries) {
                    const auto counter = queueCounterFor(e.member(QLatin1String("eq-stat-type")),
                                                         e.member(QLatin1String("eq-stat-units")));
                    const auto value = u64Field(e, QLatin1String("eq-uc-stat-value"));
                    if (counter && value)
                        g.counters.set(*counter, *value);
                }
            }
            for (const json::Value e : tableRows(row, QLatin1String("egress_stats_entry"))) {
                auto containsWred = [](const auto &t) { return t.contains(QLatin1String("WRED")); };
                auto bytes = [](const auto &t) { return t.startsWith(QLatin1String("Byt")); };
                if (testText(e, QLatin1String("ep-stat-type"), containsWred)
                    && !testText(e, QLatin1String("ep-stat-units"), bytes))
                    q.wredDropPkts = u64Field(e, QLatin1String("ep-stat-value"));
            }
            for (const json::Value e : tableRows(row, QLatin1String("ingress_stats_entry"))) {
                auto containsMmu = [](const auto &t) { return t.contains(QLatin1String("MMU")); };
                if (!testText(e, QLatin1String("ip-stat-type"), containsMmu))
                    continue;
                const bool bytes = testText(e, QLatin1String("ip-stat-units"), [](const auto &t) {
                    return t.startsWith(QLatin1String("Byt"));
                });
                (bytes ? q.ingressMmuDropBytes : q.ingressMmuDropPkts)
                    = u64Field(e, QLatin1String("ip-stat-value"));
            }
            if (const auto t = u64Field(row, QLatin1String("tx-ppp")))
                q.txPpp = t;
            if (const auto r = u64Field(row, QLatin1String("rx-ppp")))
                q.rxPpp = r;
            for (const json::Value p : tableRows(row, QLatin1String("pfc_stats"))) {
                const auto cos = intField(p, QLatin1String("cos"));
                if (!cos)
                    continue;
                PfcCosStatus c;
                c.cos = *cos;
                c.qosGroup = intField(p, QLatin1String("pfc-qosgrp"));
                c.priorityGroup = intField(p, QLatin1String("pfc-pg"));
                c.txPauseState = textField(p, QLatin1String("tx-pause-state"));
                c.txPauseCount = u64Field(p, QLatin1String("tx-pause-count"));
                c.rxPauseState = textField(p, QLatin1String("rx-pause-state"));
                c.rxPauseCount = u64Field(p, QLatin1String("rx-pause-count"));
                q.pfcCos.append(c);
            }
        });
    if (!parsed)
        return parsed;
    // Interface MTUs, where the release reports them alongside.
    for (const json::Value m : tableRows(body, QLatin1String("interface_mtu"))) {
        const QString name = textField(m, QLatin1String("intf_name"));
        const auto mtu = intField(m, QLatin1String("mtu_val"));
        if (!name.isEmpty() && mtu && !into.port(name).mtu)
            into.port(name).mtu = mtu;
    }
    return {};
}

Result<void> parseShowQueuingText(const QString &text, SwitchSnapshot &into)
{
    static const QRegularExpression egressHeader(QStringLiteral(R"(Egress Queuing for (\S+))"));
    static const QRegularExpression ingressHeader(QStringLiteral(R"(Ingress Queuing for (\S+))"));
    static const QRegularExpression groupHeader(QStringLiteral(R"(\|\s*QOS GROUP (\S+)\s*\|)"));
    static const QRegularExpression statLabel(QStringLiteral(R"(^\s*(\D.*?)\s+(Pkts|Byts)\s*$)"));
    static const QRegularExpression wred(QStringLiteral(R"(WRED Drop Pkts\s+(\d+))"));
    static const QRegularExpression mmu(QStringLiteral(R"(Ingress MMU Drop (Pkts|Bytes)\s+(\d+))"));
    static const QRegularExpression ppp(QStringLiteral(R"(TxPPP:\s*(\d+),\s*RxPPP:\s*(\d+))"));
    static const QRegularExpression cosRow(QStringLiteral(
        R"(^\s*(\d)\s+(\d+|-)\s+(\d+|-)\s+([A-Za-z]+)\s+(\d+)\s+([A-Za-z]+)\s+(\d+)\s*$)"));
    static const QRegularExpression egressCfg(QStringLiteral(R"(^\s+(\d)\s+(\d+|-)\s+(\d+|-)\s+)"));
    static const QRegularExpression ingressCfg(
        QStringLiteral(R"(^\s+(\d)\s+(\d+)\s+(\d+)\s+(\d+)\s*$)"));

    // Into a copy: a text without an egress block is refused and must change nothing, but
    // its ingress blocks would already have been applied.
    SwitchSnapshot parsed = into;
    enum class Section { None, EgressConfig, EgressStats, IngressConfig, IngressStats, PfcCos };
    Section section = Section::None;
    QueuingStatus *q = nullptr;
    QosGroupStatus *group = nullptr;
    int found = 0;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (const auto m = egressHeader.match(line); m.hasMatch()) {
            q = &queuingOf(parsed, m.captured(1));
            group = nullptr;
            section = Section::None;
            ++found;
            continue;
        }
        if (const auto m = ingressHeader.match(line); m.hasMatch()) {
            q = &queuingOf(parsed, m.captured(1));
            section = Section::IngressConfig;
            continue;
        }
        if (!q)
            continue;
        if (line.contains(QLatin1String("QoS-Group#")) && line.contains(QLatin1String("Bandwidth")))
            section = Section::EgressConfig;
        else if (const auto gh = groupHeader.match(line); gh.hasMatch()) {
            section = Section::EgressStats;
            group = &q->group(gh.captured(1));
        } else if (line.contains(QLatin1String("Port Ingress Statistics"))) {
            section = Section::IngressStats;
        } else if (line.contains(QLatin1String("COS QOS Group"))) {
            section = Section::PfcCos;
        } else if (section == Section::EgressStats && group) {
            // "|   Tx Pkts |  12|  22|  34|": the first value after a label is the unicast
            // one. Some layouts put two label/value pairs in one row.
            const QStringList cells = line.split(QLatin1Char('|'));
            for (qsizetype i = 0; i + 1 < cells.size(); ++i) {
                const auto m = statLabel.match(cells[i]);
                if (!m.hasMatch())
                    continue;
                const auto value = parseU64(cells[i + 1]);
                const auto c = queueCounterFor(m.captured(1), m.captured(2));
                if (c && value)
                    group->counters.set(*c, *value);
            }
        } else if (section == Section::EgressConfig) {
            if (const auto m = egressCfg.match(line); m.hasMatch()) {
                QosGroupStatus &g = q->group(m.captured(1));
                if (m.captured(2) != QLatin1String("-"))
                    g.bandwidthPercent = m.captured(2).toInt();
                g.priority
                    = m.captured(3) == QLatin1String("-") ? QStringLiteral("WRR") : m.captured(3);
            }
        } else if (section == Section::IngressConfig) {
            if (const auto m = ingressCfg.match(line); m.hasMatch()) {
                QosGroupStatus &g = q->group(m.captured(1));
                g.bufferSize = m.captured(2).toULongLong();
                g.pauseThreshold = m.captured(3).toULongLong();
                g.resumeThreshold = m.captured(4).toULongLong();
            }
        } else if (section == Section::PfcCos) {
            if (const auto m = cosRow.match(line); m.hasMatch()) {
                PfcCosStatus c;
                c.cos = m.captured(1).toInt();
                if (m.captured(2) != QLatin1String("-"))
                    c.qosGroup = m.captured(2).toInt();
                if (m.captured(3) != QLatin1String("-"))
                    c.priorityGroup = m.captured(3).toInt();
                c.txPauseState = m.captured(4);
                c.txPauseCount = m.captured(5).toULongLong();
                c.rxPauseState = m.captured(6);
                c.rxPauseCount = m.captured(7).toULongLong();
                q->pfcCos.append(c);
            }
        }
        if (const auto w = wred.match(line); w.hasMatch())
            q->wredDropPkts = w.captured(1).toULongLong();
        if (const auto d = mmu.match(line); d.hasMatch()) {
            (d.captured(1) == QLatin1String("Pkts") ? q->ingressMmuDropPkts
                                                    : q->ingressMmuDropBytes)
                = d.captured(2).toULongLong();
        }
        if (const auto f = ppp.match(line); f.hasMatch()) {
            q->txPpp = f.captured(1).toULongLong();
            q->rxPpp = f.captured(2).toULongLong();
        }
    }
    if (found == 0) {
        return makeError(ErrorCode::Parse,
                         ParserText::tr("no \"Egress Queuing for <interface>\" block in the text"));
    }
    into = std::move(parsed);
    return {};
}

Result<void> parseShowQueuingTabular(json::Value body, SwitchSnapshot &into)
{
    static const QRegularExpression key(QStringLiteral(
        R"(^(tx_uc_pkt|tx_uc_byte|tx_uc_drop_pkt|tx_uc_drop_byte|tx_uc_ecn_pkt|tx_uc_ecn_byte|pfc_rx|pfc_tx)_qos_(\d+|cpu|span)$)"));
    return forEachInterfaceRow(
        body, QLatin1String("queuing_interface"), [&into](json::Value row, const QString &name) {
            QueuingStatus &q = queuingOf(into, name);
            for (auto it = row.begin(); it != row.end(); ++it) {
                const auto m = key.match(it.key().toString());
                if (!m.hasMatch())
                    continue;
                const auto value = u64Value(*it);
                if (!value)
                    continue;
                const QString kind = m.captured(1);
                const QString groupName = m.captured(2);
                if (kind.startsWith(QLatin1String("pfc_"))) {
                    bool isNumber = false;
                    const int g = groupName.toInt(&isNumber);
                    if (!isNumber)
                        continue;
                    PfcCosStatus *cos = nullptr;
                    for (PfcCosStatus &c : q.pfcCos) {
                        if (c.qosGroup == g)
                            cos = &c;
                    }
                    if (!cos) {
                        q.pfcCos.append(PfcCosStatus {});
                        cos = &q.pfcCos.last();
                        // The tabular view counts per QoS group; with the usual 1:1 mapping the
                        // group number is the CoS.
                        cos->cos = g;
                        cos->qosGroup = g;
                    }
                    (kind == QLatin1String("pfc_rx") ? cos->rxPauseCount : cos->txPauseCount)
                        = *value;
                    continue;
                }
                QosGroupStatus &g = q.group(groupName);
                static const std::pair<const char *, QueueCounter> kinds[]
                    = {{"tx_uc_pkt", QueueCounter::TxPkts},
                       {"tx_uc_byte", QueueCounter::TxBytes},
                       {"tx_uc_drop_pkt", QueueCounter::DropPkts},
                       {"tx_uc_drop_byte", QueueCounter::DropBytes},
                       {"tx_uc_ecn_pkt", QueueCounter::EcnPkts},
                       {"tx_uc_ecn_byte", QueueCounter::EcnBytes}};
                for (const auto &[prefix, counter] : kinds) {
                    if (kind == QLatin1String(prefix))
                        g.counters.set(counter, *value);
                }
            }
            if (const auto drop = u64Field(row, QLatin1String("ing_drop_pkt")))
                q.ingressMmuDropPkts = drop;
        });
}

}  // namespace roce::nxapi
