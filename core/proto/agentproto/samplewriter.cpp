#include "proto/agentproto/sample.h"
#include "proto/common/jsonwriter.h"

#include <QByteArray>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <vector>

namespace roce::agentproto {

namespace {

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
    w.field("driver", d.driver);
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
    w.key("counter_source");
    w.value(s.counterSource);
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
