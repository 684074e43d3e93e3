#include "agentproto/sample.h"

#include <QByteArray>

namespace roce::agentproto {

namespace {

/// Minimal compact JSON writer: enough for samples, with correct string escaping.
class JsonWriter
{
public:
    QByteArray out;

    void beginObject()
    {
        separate();
        out += '{';
        m_first.push_back(true);
    }
    void endObject()
    {
        out += '}';
        m_first.pop_back();
    }
    void beginArray()
    {
        separate();
        out += '[';
        m_first.push_back(true);
    }
    void endArray()
    {
        out += ']';
        m_first.pop_back();
    }
    void key(const char *k)
    {
        separate();
        out += '"';
        out += k;
        out += "\":";
        m_afterKey = true;
    }
    void key(const QString &k)
    {
        separate();
        string(k);
        out += ':';
        m_afterKey = true;
    }
    void value(const QString &v)
    {
        separate();
        string(v);
    }
    void value(qint64 v)
    {
        separate();
        out += QByteArray::number(v);
    }
    void value(double v)
    {
        separate();
        out += QByteArray::number(v, 'g', 17);
    }
    void value(bool v)
    {
        separate();
        out += v ? "true" : "false";
    }
    /// Counters up to 2^53 as numbers, larger ones as decimal strings (as sampleToJson).
    void counter(quint64 v)
    {
        separate();
        if (v <= (quint64(1) << 53)) {
            out += QByteArray::number(v);
        } else {
            out += '"';
            out += QByteArray::number(v);
            out += '"';
        }
    }
    void counters(const QMap<QString, quint64> &m)
    {
        beginObject();
        for (auto it = m.cbegin(); it != m.cend(); ++it) {
            key(it.key());
            counter(it.value());
        }
        endObject();
    }
    void strings(const QMap<QString, QString> &m)
    {
        beginObject();
        for (auto it = m.cbegin(); it != m.cend(); ++it) {
            key(it.key());
            value(it.value());
        }
        endObject();
    }
    void field(const char *k, const QString &v)
    {
        if (!v.isEmpty()) {
            key(k);
            value(v);
        }
    }

private:
    void separate()
    {
        if (m_afterKey) {
            m_afterKey = false;
            return;
        }
        if (!m_first.empty()) {
            if (!m_first.back())
                out += ',';
            m_first.back() = false;
        }
    }
    void string(const QString &s)
    {
        out += '"';
        const QByteArray utf8 = s.toUtf8();
        for (char c : utf8) {
            switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    out += "\\u00";
                    out += "0123456789abcdef"[(c >> 4) & 0xf];
                    out += "0123456789abcdef"[c & 0xf];
                } else {
                    out += c;
                }
            }
        }
        out += '"';
    }
    std::vector<bool> m_first;
    bool m_afterKey = false;
};

}  // namespace

QByteArray sampleToJsonBytes(const AgentSample &s)
{
    JsonWriter w;
    w.out.reserve(32 * 1024);
    w.beginObject();
    w.key("collectors");
    w.beginArray();
    for (const CollectorStatus &c : s.collectors) {
        w.beginObject();
        w.key("duration_us");
        w.value(c.durationUs);
        w.field("error", c.error);
        w.key("name");
        w.value(c.name);
        w.key("success");
        w.value(c.success);
        w.endObject();
    }
    w.endArray();
    w.key("device_source");
    w.value(s.deviceSource);
    w.key("devices");
    w.beginArray();
    for (const RdmaDeviceSample &d : s.devices) {
        w.beginObject();
        w.field("board_id", d.boardId);
        w.field("fw_ver", d.fwVer);
        w.field("hca_type", d.hcaType);
        if (!d.hwCounters.isEmpty()) {
            w.key("hw_counters");
            w.counters(d.hwCounters);
        }
        w.key("name");
        w.value(d.name);
        w.field("node_guid", d.nodeGuid);
        w.field("node_type", d.nodeType);
        w.key("ports");
        w.beginArray();
        for (const RdmaPortSample &p : d.ports) {
            w.beginObject();
            if (p.activeMtu) {
                w.key("active_mtu");
                w.value(qint64(*p.activeMtu));
            }
            w.key("counters");
            w.counters(p.counters);
            w.key("gids");
            w.beginArray();
            for (const GidEntry &g : p.gids) {
                w.beginObject();
                w.key("gid");
                w.value(g.gid);
                w.key("index");
                w.value(qint64(g.index));
                w.field("ipv4", g.ipv4);
                w.field("netdev", g.netdev);
                w.field("type", g.type);
                w.endObject();
            }
            w.endArray();
            w.key("hw_counters");
            w.counters(p.hwCounters);
            w.field("link_layer", p.linkLayer);
            w.field("netdev", p.netdev);
            w.field("phys_state", p.physState);
            if (p.physStateId) {
                w.key("phys_state_id");
                w.value(qint64(*p.physStateId));
            }
            w.key("port");
            w.value(qint64(p.port));
            w.field("rate", p.rate);
            if (p.rateGbps) {
                w.key("rate_gbps");
                w.value(*p.rateGbps);
            }
            w.field("state", p.state);
            if (p.stateId) {
                w.key("state_id");
                w.value(qint64(*p.stateId));
            }
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.key("host");
    w.strings(s.host);
    w.key("hostname");
    w.value(s.hostname);
    w.key("netdevs");
    w.beginArray();
    for (const NetdevSample &n : s.netdevs) {
        w.beginObject();
        w.field("address", n.address);
        if (!n.ecnNp.isEmpty() || !n.ecnRp.isEmpty()) {
            w.key("ecn");
            w.beginObject();
            w.key("roce_np");
            w.strings(n.ecnNp);
            w.key("roce_rp");
            w.strings(n.ecnRp);
            w.endObject();
        }
        w.key("ethtool");
        w.counters(n.ethtool);
        w.field("ethtool_error", n.ethtoolError);
        w.key("ethtool_source");
        w.value(n.ethtoolSource);
        if (n.mtu) {
            w.key("mtu");
            w.value(qint64(*n.mtu));
        }
        w.key("name");
        w.value(n.name);
        w.field("operstate", n.operState);
        if (!n.qos.isEmpty()) {
            w.key("qos");
            w.strings(n.qos);
        }
        w.key("statistics");
        w.counters(n.statistics);
        w.endObject();
    }
    w.endArray();
    w.key("timestamp");
    w.beginObject();
    w.key("monotonic_ns");
    w.value(s.monotonicNs);
    w.key("wall_ms");
    w.value(s.wallMs);
    w.endObject();
    w.endObject();
    return w.out;
}

}  // namespace roce::agentproto
