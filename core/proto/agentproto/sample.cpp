#include "proto/agentproto/sample.h"

#include "proto/common/jsonfields.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace roce::agentproto {

namespace {

class SampleText
{
    Q_DECLARE_TR_FUNCTIONS(SampleText)
};

// Counters are exact 64-bit integers on the device; JSON numbers are doubles. Values up to
// 2^53 go out as numbers; larger ones (a 64-bit counter near its wrap) as decimal strings so
// that nothing is silently rounded. Readers accept both.
QJsonValue counterValue(quint64 v)
{
    if (v <= (quint64(1) << 53))
        return QJsonValue(double(v));
    return QJsonValue(QString::number(v));
}

std::optional<quint64> counterFrom(const QJsonValue &v)
{
    // 2^64 and beyond is no 64-bit counter (and converting it is undefined behaviour).
    if (v.isDouble() && v.toDouble() >= 0 && v.toDouble() < 18446744073709551616.0)
        return quint64(v.toDouble());
    if (v.isString()) {
        bool ok = false;
        const quint64 x = v.toString().toULongLong(&ok);
        if (ok)
            return x;
    }
    return std::nullopt;
}

QJsonObject counterMap(const QMap<QString, quint64> &m)
{
    QJsonObject o;
    for (auto it = m.cbegin(); it != m.cend(); ++it)
        o.insert(it.key(), counterValue(it.value()));
    return o;
}

QMap<QString, quint64> counterMapFrom(const QJsonValue &v)
{
    QMap<QString, quint64> m;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (const auto c = counterFrom(it.value()))
            m.insert(it.key(), *c);
    }
    return m;
}

QJsonObject stringMap(const QMap<QString, QString> &m)
{
    QJsonObject o;
    for (auto it = m.cbegin(); it != m.cend(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

QMap<QString, QString> stringMapFrom(const QJsonValue &v)
{
    QMap<QString, QString> m;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        m.insert(it.key(), it.value().toString());
    return m;
}

}  // namespace

QJsonObject sampleToJson(const AgentSample &s)
{
    QJsonArray devices;
    for (const RdmaDeviceSample &d : s.devices) {
        QJsonObject dj {{QStringLiteral("name"), d.name}};
        insertIfSet(dj, "driver", d.driver);
        insertIfSet(dj, "node_guid", d.nodeGuid);
        insertIfSet(dj, "fw_ver", d.fwVer);
        insertIfSet(dj, "hca_type", d.hcaType);
        insertIfSet(dj, "board_id", d.boardId);
        insertIfSet(dj, "node_type", d.nodeType);
        if (!d.hwCounters.isEmpty())
            dj.insert(QStringLiteral("hw_counters"), counterMap(d.hwCounters));
        QJsonArray ports;
        for (const RdmaPortSample &p : d.ports) {
            QJsonObject pj {{QStringLiteral("port"), p.port}};
            insertIfSet(pj, "state", p.state);
            if (p.stateId)
                pj.insert(QStringLiteral("state_id"), *p.stateId);
            insertIfSet(pj, "phys_state", p.physState);
            if (p.physStateId)
                pj.insert(QStringLiteral("phys_state_id"), *p.physStateId);
            insertIfSet(pj, "link_layer", p.linkLayer);
            insertIfSet(pj, "rate", p.rate);
            if (p.rateGbps)
                pj.insert(QStringLiteral("rate_gbps"), *p.rateGbps);
            if (p.activeMtu)
                pj.insert(QStringLiteral("active_mtu"), *p.activeMtu);
            insertIfSet(pj, "netdev", p.netdev);
            QJsonArray gids;
            for (const GidEntry &g : p.gids) {
                QJsonObject gj {{QStringLiteral("index"), g.index}, {QStringLiteral("gid"), g.gid}};
                insertIfSet(gj, "type", g.type);
                insertIfSet(gj, "netdev", g.netdev);
                insertIfSet(gj, "ipv4", g.ipv4);
                gids.append(gj);
            }
            pj.insert(QStringLiteral("gids"), gids);
            pj.insert(QStringLiteral("counters"), counterMap(p.counters));
            pj.insert(QStringLiteral("hw_counters"), counterMap(p.hwCounters));
            ports.append(pj);
        }
        dj.insert(QStringLiteral("ports"), ports);
        devices.append(dj);
    }
    QJsonArray netdevs;
    for (const NetdevSample &n : s.netdevs) {
        QJsonObject nj {{QStringLiteral("name"), n.name}};
        if (n.mtu)
            nj.insert(QStringLiteral("mtu"), *n.mtu);
        insertIfSet(nj, "operstate", n.operState);
        insertIfSet(nj, "address", n.address);
        nj.insert(QStringLiteral("statistics"), counterMap(n.statistics));
        nj.insert(QStringLiteral("ethtool"), counterMap(n.ethtool));
        nj.insert(QStringLiteral("ethtool_source"), n.ethtoolSource);
        insertIfSet(nj, "ethtool_error", n.ethtoolError);
        if (!n.ecnNp.isEmpty() || !n.ecnRp.isEmpty())
            nj.insert(QStringLiteral("ecn"),
                      QJsonObject {{QStringLiteral("roce_np"), stringMap(n.ecnNp)},
                                   {QStringLiteral("roce_rp"), stringMap(n.ecnRp)}});
        if (!n.qos.isEmpty())
            nj.insert(QStringLiteral("qos"), stringMap(n.qos));
        netdevs.append(nj);
    }
    QJsonArray collectors;
    for (const CollectorStatus &c : s.collectors) {
        QJsonObject cj {{QStringLiteral("name"), c.name},
                        {QStringLiteral("success"), c.success},
                        {QStringLiteral("duration_us"), QJsonValue(c.durationUs)}};
        insertIfSet(cj, "error", c.error);
        collectors.append(cj);
    }
    return QJsonObject {{QStringLiteral("hostname"), s.hostname},
                        {QStringLiteral("timestamp"),
                         // As integers: a double rounds a monotonic clock past 2^53 ns (104
                         // days of uptime), and sampleToJsonBytes() writes it exactly.
                         QJsonObject {{QStringLiteral("wall_ms"), QJsonValue(s.wallMs)},
                                      {QStringLiteral("monotonic_ns"), QJsonValue(s.monotonicNs)}}},
                        {QStringLiteral("device_source"), s.deviceSource},
                        {QStringLiteral("counter_source"), s.counterSource},
                        {QStringLiteral("devices"), devices},
                        {QStringLiteral("netdevs"), netdevs},
                        {QStringLiteral("host"), stringMap(s.host)},
                        {QStringLiteral("collectors"), collectors}};
}

Result<AgentSample> sampleFromJson(const QJsonObject &o)
{
    if (!o.contains(QStringLiteral("devices")) || !o.value(QStringLiteral("devices")).isArray())
        return makeError(ErrorCode::Protocol, SampleText::tr("sample has no \"devices\" list"));
    AgentSample s;
    s.hostname = o.value(QStringLiteral("hostname")).toString();
    const QJsonObject ts = o.value(QStringLiteral("timestamp")).toObject();
    s.wallMs = wholeNumber(ts.value(QStringLiteral("wall_ms")));
    s.monotonicNs = wholeNumber(ts.value(QStringLiteral("monotonic_ns")));
    s.deviceSource = o.value(QStringLiteral("device_source")).toString();
    s.counterSource = o.value(QStringLiteral("counter_source")).toString();
    for (const QJsonValue &dv : o.value(QStringLiteral("devices")).toArray()) {
        const QJsonObject dj = dv.toObject();
        RdmaDeviceSample d;
        d.name = dj.value(QStringLiteral("name")).toString();
        d.driver = dj.value(QStringLiteral("driver")).toString();
        d.nodeGuid = dj.value(QStringLiteral("node_guid")).toString();
        d.fwVer = dj.value(QStringLiteral("fw_ver")).toString();
        d.hcaType = dj.value(QStringLiteral("hca_type")).toString();
        d.boardId = dj.value(QStringLiteral("board_id")).toString();
        d.nodeType = dj.value(QStringLiteral("node_type")).toString();
        d.hwCounters = counterMapFrom(dj.value(QStringLiteral("hw_counters")));
        for (const QJsonValue &pv : dj.value(QStringLiteral("ports")).toArray()) {
            const QJsonObject pj = pv.toObject();
            RdmaPortSample p;
            p.port = pj.value(QStringLiteral("port")).toInt();
            p.state = pj.value(QStringLiteral("state")).toString();
            if (pj.contains(QStringLiteral("state_id")))
                p.stateId = pj.value(QStringLiteral("state_id")).toInt();
            p.physState = pj.value(QStringLiteral("phys_state")).toString();
            if (pj.contains(QStringLiteral("phys_state_id")))
                p.physStateId = pj.value(QStringLiteral("phys_state_id")).toInt();
            p.linkLayer = pj.value(QStringLiteral("link_layer")).toString();
            p.rate = pj.value(QStringLiteral("rate")).toString();
            if (pj.contains(QStringLiteral("rate_gbps")))
                p.rateGbps = pj.value(QStringLiteral("rate_gbps")).toDouble();
            if (pj.contains(QStringLiteral("active_mtu")))
                p.activeMtu = pj.value(QStringLiteral("active_mtu")).toInt();
            p.netdev = pj.value(QStringLiteral("netdev")).toString();
            for (const QJsonValue &gv : pj.value(QStringLiteral("gids")).toArray()) {
                const QJsonObject gj = gv.toObject();
                p.gids.append({gj.value(QStringLiteral("index")).toInt(),
                               gj.value(QStringLiteral("gid")).toString(),
                               gj.value(QStringLiteral("type")).toString(),
                               gj.value(QStringLiteral("netdev")).toString(),
                               gj.value(QStringLiteral("ipv4")).toString()});
            }
            p.counters = counterMapFrom(pj.value(QStringLiteral("counters")));
            p.hwCounters = counterMapFrom(pj.value(QStringLiteral("hw_counters")));
            d.ports.append(p);
        }
        s.devices.append(d);
    }
    for (const QJsonValue &nv : o.value(QStringLiteral("netdevs")).toArray()) {
        const QJsonObject nj = nv.toObject();
        NetdevSample n;
        n.name = nj.value(QStringLiteral("name")).toString();
        if (nj.contains(QStringLiteral("mtu")))
            n.mtu = nj.value(QStringLiteral("mtu")).toInt();
        n.operState = nj.value(QStringLiteral("operstate")).toString();
        n.address = nj.value(QStringLiteral("address")).toString();
        n.statistics = counterMapFrom(nj.value(QStringLiteral("statistics")));
        n.ethtool = counterMapFrom(nj.value(QStringLiteral("ethtool")));
        n.ethtoolSource = nj.value(QStringLiteral("ethtool_source")).toString();
        n.ethtoolError = nj.value(QStringLiteral("ethtool_error")).toString();
        const QJsonObject ecn = nj.value(QStringLiteral("ecn")).toObject();
        n.ecnNp = stringMapFrom(ecn.value(QStringLiteral("roce_np")));
        n.ecnRp = stringMapFrom(ecn.value(QStringLiteral("roce_rp")));
        n.qos = stringMapFrom(nj.value(QStringLiteral("qos")));
        s.netdevs.append(n);
    }
    s.host = stringMapFrom(o.value(QStringLiteral("host")));
    for (const QJsonValue &cv : o.value(QStringLiteral("collectors")).toArray()) {
        const QJsonObject cj = cv.toObject();
        s.collectors.append({cj.value(QStringLiteral("name")).toString(),
                             cj.value(QStringLiteral("success")).toBool(),
                             wholeNumber(cj.value(QStringLiteral("duration_us"))),
                             cj.value(QStringLiteral("error")).toString()});
    }
    return s;
}

}  // namespace roce::agentproto
