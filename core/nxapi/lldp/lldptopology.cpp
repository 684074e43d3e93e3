#include "nxapi/lldp/lldptopology.h"

#include "nxapi/parse/interfacename.h"
#include "nxapi/parse/showparsers.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace roce::nxapi {

namespace {

class TopologyText
{
    Q_DECLARE_TR_FUNCTIONS(TopologyText)
};

/// json0 wraps every value: [{"value": "x"}] or [{"type": "mac", "value": "x"}].
QString firstValue(const QJsonValue &v)
{
    const QJsonArray a = v.toArray();
    return a.isEmpty() ? QString() : a.first().toObject().value(QLatin1String("value")).toString();
}

QJsonObject firstObject(const QJsonValue &v)
{
    const QJsonArray a = v.toArray();
    return a.isEmpty() ? QJsonObject() : a.first().toObject();
}

QString sourceName(TopologyLink::Source s)
{
    switch (s) {
    case TopologyLink::Source::SwitchLldp:
        return QStringLiteral("switch_lldp");
    case TopologyLink::Source::HostLldp:
        return QStringLiteral("host_lldp");
    case TopologyLink::Source::Inventory:
        break;
    }
    return QStringLiteral("inventory");
}

}  // namespace

Result<QList<HostLldpNeighbor>> parseLldpctlJson0(const QByteArray &json)
{
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError) {
        return makeError(
            ErrorCode::Parse,
            TopologyText::tr("lldpcli output is not JSON: %1").arg(error.errorString()));
    }
    const QJsonValue lldp = doc.object().value(QLatin1String("lldp"));
    if (lldp.isObject()) {
        return makeError(ErrorCode::Parse,
                         TopologyText::tr("this is 'lldpcli -f json' output, whose shape changes "
                                          "with the number of neighbours: use 'lldpcli -f json0'"));
    }
    if (!lldp.isArray()) {
        return makeError(ErrorCode::Parse, TopologyText::tr("no \"lldp\" array in lldpcli output"));
    }
    QList<HostLldpNeighbor> out;
    const QJsonArray interfaces = firstObject(lldp).value(QLatin1String("interface")).toArray();
    for (const QJsonValue &iv : interfaces) {
        const QJsonObject i = iv.toObject();
        HostLldpNeighbor n;
        n.localInterface = i.value(QLatin1String("name")).toString();
        const QJsonObject chassis = firstObject(i.value(QLatin1String("chassis")));
        n.chassisName = firstValue(chassis.value(QLatin1String("name")));
        n.chassisId = normalizeMac(firstValue(chassis.value(QLatin1String("id"))));
        const QJsonObject port = firstObject(i.value(QLatin1String("port")));
        const QString portId = firstValue(port.value(QLatin1String("id")));
        const QString portType
            = firstObject(port.value(QLatin1String("id"))).value(QLatin1String("type")).toString();
        n.portId
            = portType == QLatin1String("mac") ? normalizeMac(portId) : longInterfaceName(portId);
        n.portDescription = firstValue(port.value(QLatin1String("descr")));
        if (!n.localInterface.isEmpty())
            out.append(n);
    }
    return out;
}

QList<TopologyLink> discoverTopology(const QString &switchHostName, const SwitchSnapshot &snapshot,
                                     const QHash<QString, QList<HostLldpNeighbor>> &hostLldp,
                                     const QList<InventoryHost> &inventory)
{
    QList<TopologyLink> links;
    auto has = [&links](const QString &port, const QString &host) {
        for (const TopologyLink &l : links) {
            if (l.switchPort == port && l.host == host)
                return true;
        }
        return false;
    };
    auto hostHasMac = [](const InventoryHost &h, const QString &mac) {
        for (const QString &m : h.macs) {
            if (normalizeMac(m).compare(mac, Qt::CaseInsensitive) == 0)
                return true;
        }
        return false;
    };

    // 1. The switch's own LLDP table.
    for (const LldpNeighbor &n : snapshot.lldpNeighbors) {
        if (!n.localPort.startsWith(QLatin1String("Ethernet")))
            continue;
        for (const InventoryHost &h : inventory) {
            QString how;
            QString iface;
            if (!n.chassisId.isEmpty() && hostHasMac(h, n.chassisId))
                how = TopologyText::tr("chassis MAC %1").arg(n.chassisId);
            else if (!n.portId.isEmpty() && hostHasMac(h, n.portId))
                how = TopologyText::tr("port MAC %1").arg(n.portId);
            // An interface name alone ("ens192") is shared by many servers: it only names the
            // interface once the server is known.
            else if (!n.systemName.isEmpty()
                     && n.systemName.section(QLatin1Char('.'), 0, 0)
                             .compare(h.name.section(QLatin1Char('.'), 0, 0), Qt::CaseInsensitive)
                         == 0)
                how = TopologyText::tr("system name %1").arg(n.systemName);
            if (how.isEmpty() || has(n.localPort, h.name))
                continue;
            // lldpd advertises the interface name as port ID or description (§6).
            if (h.interfaces.contains(n.portId))
                iface = n.portId;
            else if (h.interfaces.contains(n.portDescription))
                iface = n.portDescription;
            else if (h.interfaces.size() == 1)
                iface = h.interfaces.first();
            links.append(
                TopologyLink {n.localPort, h.name, iface, TopologyLink::Source::SwitchLldp, how});
        }
    }
    // 2. What each host's lldpd saw: a neighbour that is this switch names the port.
    for (auto it = hostLldp.cbegin(); it != hostLldp.cend(); ++it) {
        for (const HostLldpNeighbor &n : it.value()) {
            const bool isSwitch = !switchHostName.isEmpty()
                && n.chassisName.section(QLatin1Char('.'), 0, 0)
                        .compare(switchHostName.section(QLatin1Char('.'), 0, 0),
                                 Qt::CaseInsensitive)
                    == 0;
            if (!isSwitch || !n.portId.startsWith(QLatin1String("Ethernet"))
                || has(n.portId, it.key()))
                continue;
            links.append(
                TopologyLink {n.portId, it.key(), n.localInterface, TopologyLink::Source::HostLldp,
                              TopologyText::tr("%1 sees %2 %3 on %4")
                                  .arg(it.key(), n.chassisName, n.portId, n.localInterface)});
        }
    }
    // 3. What the user typed, for hosts nothing else placed.
    for (const InventoryHost &h : inventory) {
        if (h.switchPort.isEmpty())
            continue;
        bool placed = false;
        for (const TopologyLink &l : links)
            placed = placed || l.host == h.name;
        if (placed)
            continue;
        links.append(TopologyLink {longInterfaceName(h.switchPort), h.name, h.interfaces.value(0),
                                   TopologyLink::Source::Inventory,
                                   TopologyText::tr("typed in the inventory")});
    }
    return links;
}

QJsonObject topologyLinkToJson(const TopologyLink &link)
{
    return QJsonObject {{QStringLiteral("switch_port"), link.switchPort},
                        {QStringLiteral("host"), link.host},
                        {QStringLiteral("host_interface"), link.hostInterface},
                        {QStringLiteral("source"), sourceName(link.source)},
                        {QStringLiteral("evidence"), link.evidence}};
}

}  // namespace roce::nxapi
