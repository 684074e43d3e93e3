#include "live/hub/framewriter.h"

#include "proto/datamodel/metric.h"

#include <QStringList>

#include <algorithm>
#include <cstring>
#include <vector>

namespace roce::live {

namespace {

/// One key of a port object, in the order QJsonDocument writes them (sorted).
struct PortKey {
    enum class What { AgeMs, Device, Id, Kind, Peer, Port, Resets, Stale, State, Metric };
    const char *key;
    What what;
    model::Metric metric {};
};

const std::vector<PortKey> &portKeys()
{
    static const std::vector<PortKey> keys = [] {
        using W = PortKey::What;
        std::vector<PortKey> k {{"age_ms", W::AgeMs},  {"device", W::Device}, {"id", W::Id},
                                {"kind", W::Kind},     {"peer", W::Peer},     {"port", W::Port},
                                {"resets", W::Resets}, {"stale", W::Stale},   {"state", W::State}};
        for (const model::MetricInfo &m : model::metrics())
            k.push_back({m.key, W::Metric, m.id});
        std::sort(k.begin(), k.end(),
                  [](const PortKey &a, const PortKey &b) { return std::strcmp(a.key, b.key) < 0; });
        return k;
    }();
    return keys;
}

}  // namespace

void writePort(JsonWriter &w, const model::PortSample &port, qint64 ageMs, bool stale)
{
    using W = PortKey::What;
    w.beginObject();
    for (const PortKey &k : portKeys()) {
        switch (k.what) {
        case W::AgeMs:
            w.key(k.key);
            w.value(double(ageMs));
            break;
        case W::Device:
            w.key(k.key);
            w.value(port.id.device());
            break;
        case W::Id:
            w.key(k.key);
            w.value(port.id.key());
            break;
        case W::Kind:
            w.key(k.key);
            w.value(port.id.kindName());
            break;
        case W::Peer:
            w.field(k.key, port.peer);  // absent when empty
            break;
        case W::Port:
            w.key(k.key);
            w.value(port.id.port());
            break;
        case W::Resets:
            if (!port.resets.isEmpty()) {
                w.key(k.key);
                w.beginArray();
                for (const QString &r : port.resets)
                    w.value(r);
                w.endArray();
            }
            break;
        case W::Stale:
            w.key(k.key);
            w.value(stale);
            break;
        case W::State:
            w.key(k.key);
            w.value(port.state);
            break;
        case W::Metric:
            if (const auto v = port.value(k.metric)) {
                w.key(k.key);
                w.value(*v);
            }
            break;
        }
    }
    w.endObject();
}

void writeAlert(JsonWriter &w, const monitor::Alert &a)
{
    w.beginObject();
    w.key("active");
    w.value(a.active);
    w.field("cause", a.cause);
    w.field("finding", a.finding);
    w.key("first_ms");
    w.value(double(a.firstMs));
    w.key("last_ms");
    w.value(double(a.lastMs));
    w.key("port");
    w.value(a.port);
    w.key("rule");
    w.value(a.rule);
    w.key("severity");
    w.value(a.severity == monitor::Alert::Severity::Critical ? QStringLiteral("critical")
                                                             : QStringLiteral("warning"));
    w.key("source");
    w.value(a.source);
    w.key("title");
    w.value(a.title);
    w.key("value");
    w.value(a.value);
    w.endObject();
}

void writeSource(JsonWriter &w, const SourceState &s)
{
    w.beginObject();
    w.field("device", s.device);
    w.field("error", s.error);
    w.key("kind");
    w.value(s.kind);
    if (s.lastFrameMs > 0) {
        w.key("last_frame_ms");
        w.value(double(s.lastFrameMs));
    }
    w.key("name");
    w.value(s.name);
    w.key("ports");
    w.value(qint64(s.ports.size()));
    w.key("state");
    w.value(QString(SourceState::stateName(s.state)));
    w.endObject();
}

}  // namespace roce::live
