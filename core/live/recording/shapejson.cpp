#include "live/recording/shapejson.h"

#include <QJsonArray>

namespace roce::recording {

namespace {

QString str(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toString();
}

}  // namespace

QJsonObject layoutToJson(const models::FabricLayout &layout)
{
    QJsonArray attachments;
    for (const models::FabricLayout::Attachment &a : layout.attachments) {
        QJsonArray servers;
        for (const models::FabricLayout::Server &s : a.servers)
            servers.append(QJsonObject {{QStringLiteral("name"), s.name},
                                        {QStringLiteral("rdma_device"), s.rdmaDevice}});
        attachments.append(QJsonObject {{QStringLiteral("switch_port"), a.switchPort},
                                        {QStringLiteral("hypervisor"), a.hypervisor},
                                        {QStringLiteral("servers"), servers}});
    }
    return {{QStringLiteral("switch"), layout.switchName},
            {QStringLiteral("attachments"), attachments}};
}

std::optional<models::FabricLayout> layoutFromJson(const QJsonObject &json)
{
    if (!json.value(QStringLiteral("switch")).isString()
        || !json.value(QStringLiteral("attachments")).isArray())
        return std::nullopt;
    models::FabricLayout layout;
    layout.switchName = str(json, "switch");
    for (const QJsonValue &v : json.value(QStringLiteral("attachments")).toArray()) {
        const QJsonObject o = v.toObject();
        models::FabricLayout::Attachment a;
        a.switchPort = str(o, "switch_port");
        a.hypervisor = str(o, "hypervisor");
        for (const QJsonValue &s : o.value(QStringLiteral("servers")).toArray())
            a.servers.append({str(s.toObject(), "name"), str(s.toObject(), "rdma_device")});
        layout.attachments.append(a);
    }
    return layout;
}

QJsonObject leafSpineToJson(const models::LeafSpineFabric &f)
{
    auto switches = [](const QList<models::LeafSpineFabric::Switch> &list) {
        QJsonArray out;
        for (const auto &s : list)
            out.append(QJsonArray {s.name, s.group});
        return out;
    };
    QJsonArray uplinks;
    for (const auto &u : f.uplinks)
        uplinks.append(QJsonArray {u.leaf, u.spine, u.leafPortRow, u.spinePortRow});
    QJsonArray nics;
    for (const auto &n : f.nics)
        nics.append(QJsonArray {n.host, n.leaf, n.nicRow, n.leafPortRow});
    // Arrays rather than objects: a 1,024-host fabric has 8,192 NICs.
    return {{QStringLiteral("name"), f.name},
            {QStringLiteral("spines"), switches(f.spines)},
            {QStringLiteral("leaves"), switches(f.leaves)},
            {QStringLiteral("uplinks"), uplinks},
            {QStringLiteral("hosts"), QJsonArray::fromStringList(f.hosts)},
            {QStringLiteral("nics"), nics}};
}

std::optional<models::LeafSpineFabric> leafSpineFromJson(const QJsonObject &json)
{
    if (!json.value(QStringLiteral("leaves")).isArray())
        return std::nullopt;
    models::LeafSpineFabric f;
    f.name = str(json, "name");
    auto switches = [](const QJsonValue &v) {
        QList<models::LeafSpineFabric::Switch> out;
        for (const QJsonValue &s : v.toArray())
            out.append({s.toArray().at(0).toString(), s.toArray().at(1).toString()});
        return out;
    };
    f.spines = switches(json.value(QStringLiteral("spines")));
    f.leaves = switches(json.value(QStringLiteral("leaves")));
    const auto inRange = [](int i, qsizetype n) { return i >= -1 && i < n; };
    for (const QJsonValue &v : json.value(QStringLiteral("uplinks")).toArray()) {
        const QJsonArray a = v.toArray();
        models::LeafSpineFabric::Uplink u {a.at(0).toInt(-1), a.at(1).toInt(-1), a.at(2).toString(),
                                           a.at(3).toString()};
        if (!inRange(u.leaf, f.leaves.size()) || !inRange(u.spine, f.spines.size()))
            return std::nullopt;
        f.uplinks.append(u);
    }
    for (const QJsonValue &h : json.value(QStringLiteral("hosts")).toArray())
        f.hosts.append(h.toString());
    for (const QJsonValue &v : json.value(QStringLiteral("nics")).toArray()) {
        const QJsonArray a = v.toArray();
        models::LeafSpineFabric::Nic n {a.at(0).toInt(-1), a.at(1).toInt(-1), a.at(2).toString(),
                                        a.at(3).toString()};
        if (!inRange(n.host, f.hosts.size()) || !inRange(n.leaf, f.leaves.size()))
            return std::nullopt;
        f.nics.append(n);
    }
    return f;
}

}  // namespace roce::recording
