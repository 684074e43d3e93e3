#include "proto/agentproto/sample.h"

#include <QByteArray>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <vector>

namespace roce::agentproto {

namespace {

/// Minimal compact JSON writer: enough for samples, with correct string escaping. It writes
/// into a buffer grown ahead of time and converts numbers and ASCII strings in place: this
/// runs for every sample every subscribed console receives.
class JsonWriter
{
public:
    JsonWriter() { grow(32 * 1024); }
    QByteArray take()
    {
        m_out.truncate(qsizetype(m_size));
        return std::move(m_out);
    }

    void beginObject()
    {
        separate();
        put('{');
        m_first.push_back(true);
    }
    void endObject()
    {
        put('}');
        m_first.pop_back();
    }
    void beginArray()
    {
        separate();
        put('[');
        m_first.push_back(true);
    }
    void endArray()
    {
        put(']');
        m_first.pop_back();
    }
    void key(const char *k)
    {
        separate();
        const std::size_t n = std::strlen(k);
        char *p = room(n + 3);
        *p++ = '"';
        p = std::copy_n(k, n, p);
        *p++ = '"';
        *p++ = ':';
        m_size += n + 3;
        m_afterKey = true;
    }
    void key(const QString &k)
    {
        separate();
        string(k);
        put(':');
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
        number(v);
    }
    void value(double v)
    {
        separate();
        append(QByteArray::number(v, 'g', 17));
    }
    void value(bool v)
    {
        separate();
        if (v)
            append("true", 4);
        else
            append("false", 5);
    }
    /// Counters up to 2^53 as numbers, larger ones as decimal strings (as sampleToJson).
    void counter(quint64 v)
    {
        separate();
        if (v <= (quint64(1) << 53)) {
            number(v);
        } else {
            put('"');
            number(v);
            put('"');
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
    void grow(std::size_t atLeast)
    {
        m_out.resize(qsizetype(std::max<std::size_t>(atLeast, std::size_t(m_out.size()) * 2)));
        m_data = m_out.data();
    }
    /// Room for @p n more bytes; the caller writes them and advances m_size.
    char *room(std::size_t n)
    {
        if (m_size + n > std::size_t(m_out.size()))
            grow(m_size + n);
        return m_data + m_size;
    }
    void put(char c)
    {
        *room(1) = c;
        ++m_size;
    }
    void append(const char *s, std::size_t n)
    {
        std::memcpy(room(n), s, n);
        m_size += n;
    }
    void append(const QByteArray &b) { append(b.constData(), std::size_t(b.size())); }
    template <typename T> void number(T v)
    {
        char *p = room(24);
        m_size += std::size_t(std::to_chars(p, p + 24, v).ptr - p);
    }
    void separate()
    {
        if (m_afterKey) {
            m_afterKey = false;
            return;
        }
        if (!m_first.empty()) {
            if (!m_first.back())
                put(',');
            m_first.back() = false;
        }
    }
    void escaped(char c)
    {
        switch (c) {
        case '"':
            append("\\\"", 2);
            break;
        case '\\':
            append("\\\\", 2);
            break;
        case '\n':
            append("\\n", 2);
            break;
        case '\r':
            append("\\r", 2);
            break;
        case '\t':
            append("\\t", 2);
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char *p = room(6);
                p[0] = '\\';
                p[1] = 'u';
                p[2] = '0';
                p[3] = '0';
                p[4] = "0123456789abcdef"[(c >> 4) & 0xf];
                p[5] = "0123456789abcdef"[c & 0xf];
                m_size += 6;
            } else {
                put(c);
            }
        }
    }
    void string(const QString &s)
    {
        // Names and values are ASCII almost always: copy them as they are, and leave anything
        // else to the UTF-8 encoder.
        const std::size_t n = std::size_t(s.size());
        const char16_t *u = reinterpret_cast<const char16_t *>(s.utf16());
        char *p = room(n + 2);
        *p++ = '"';
        std::size_t i = 0;
        for (; i < n; ++i) {
            const char16_t c = u[i];
            if (c < 0x20 || c >= 0x80 || c == u'"' || c == u'\\')
                break;
            p[i] = char(c);
        }
        m_size += 1 + i;
        if (i < n)
            escapedUtf16(QStringView(s).mid(qsizetype(i)));
        put('"');
    }
    /// A lone UTF-16 surrogate has no UTF-8 form (toUtf8() makes it '?'): it is written as a
    /// \uXXXX escape, as QJsonDocument writes it, so both writers give the same string.
    void escapedUtf16(QStringView s)
    {
        qsizetype run = 0;  // start of the text not written yet
        for (qsizetype i = 0; i < s.size(); ++i) {
            if (!s[i].isSurrogate())
                continue;
            if (s[i].isHighSurrogate() && i + 1 < s.size() && s[i + 1].isLowSurrogate()) {
                ++i;
                continue;
            }
            escapedUtf8(s.mid(run, i - run));
            append("\\u", 2);
            append(QByteArray::number(s[i].unicode(), 16));
            run = i + 1;
        }
        escapedUtf8(s.mid(run));
    }
    void escapedUtf8(QStringView s)
    {
        for (char c : s.toUtf8())
            escaped(c);
    }
    QByteArray m_out;
    char *m_data = nullptr;
    std::size_t m_size = 0;
    std::vector<bool> m_first;
    bool m_afterKey = false;
};

// One writer per object of the sample, keys in the order QJsonDocument sorts them.

void writeCollector(JsonWriter &w, const CollectorStatus &c)
{
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

void writeGid(JsonWriter &w, const GidEntry &g)
{
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

void writeRdmaPort(JsonWriter &w, const RdmaPortSample &p)
{
    w.beginObject();
    if (p.activeMtu) {
        w.key("active_mtu");
        w.value(qint64(*p.activeMtu));
    }
    w.key("counters");
    w.counters(p.counters);
    w.key("gids");
    w.beginArray();
    for (const GidEntry &g : p.gids)
        writeGid(w, g);
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

void writeDevice(JsonWriter &w, const RdmaDeviceSample &d)
{
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
    for (const RdmaPortSample &p : d.ports)
        writeRdmaPort(w, p);
    w.endArray();
    w.endObject();
}

void writeNetdev(JsonWriter &w, const NetdevSample &n)
{
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

}  // namespace

QByteArray sampleToJsonBytes(const AgentSample &s)
{
    JsonWriter w;
    w.beginObject();
    w.key("collectors");
    w.beginArray();
    for (const CollectorStatus &c : s.collectors)
        writeCollector(w, c);
    w.endArray();
    w.key("device_source");
    w.value(s.deviceSource);
    w.key("devices");
    w.beginArray();
    for (const RdmaDeviceSample &d : s.devices)
        writeDevice(w, d);
    w.endArray();
    w.key("host");
    w.strings(s.host);
    w.key("hostname");
    w.value(s.hostname);
    w.key("netdevs");
    w.beginArray();
    for (const NetdevSample &n : s.netdevs)
        writeNetdev(w, n);
    w.endArray();
    w.key("timestamp");
    w.beginObject();
    w.key("monotonic_ns");
    w.value(s.monotonicNs);
    w.key("wall_ms");
    w.value(s.wallMs);
    w.endObject();
    w.endObject();
    return w.take();
}

}  // namespace roce::agentproto
