#pragma once

#include "nxapi/parse/snapshot.h"
#include "proto/common/result.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace roce::nxapi {

/// A server as the user typed it into the inventory (or as its agent described it).
struct InventoryHost {
    QString name;
    QStringList macs;        ///< "aa:bb:cc:dd:ee:ff", any case or Cisco dotted form
    QStringList interfaces;  ///< netdev names, e.g. "ens1f0np0"
    QString switchPort;      ///< typed by the user: the fallback when LLDP says nothing
};

/// One neighbour a host's lldpd reports (`lldpcli -f json0 show neighbors`).
struct HostLldpNeighbor {
    QString localInterface;
    QString chassisName;
    QString chassisId;  ///< MACs normalized to "aa:bb:cc:dd:ee:ff"
    QString portId;     ///< "Ethernet1/1" when the switch sends ifname, else a MAC
    QString portDescription;
};

/// Parses `lldpcli -f json0 show neighbors [details]` (every level an array, names as
/// "name" fields: §6). A non-json0 document is a Parse error that says to use -f json0.
Result<QList<HostLldpNeighbor>> parseLldpctlJson0(const QByteArray &json);

/// A switch port joined to a server interface, and how it was found.
struct TopologyLink {
    enum class Source { SwitchLldp, HostLldp, Inventory };
    QString switchPort;  ///< long name
    QString host;
    QString hostInterface;  ///< empty when unknown
    Source source = Source::SwitchLldp;
    QString evidence;  ///< what matched, for people
};

/// Joins the switch's LLDP table (snapshot), each host's own LLDP view (@p hostLldp by host
/// name) and the inventory: a switch LLDP row matches a server by chassis MAC, port MAC or
/// system name (the port ID or description then names its interface); a host's row matches the
/// switch by its host name and names the switch port; inventory entries with a typed port fill in
/// what LLDP did not find. One link per (switch port, host); switch-side LLDP wins over host-side
/// over typed.
QList<TopologyLink> discoverTopology(const QString &switchHostName, const SwitchSnapshot &snapshot,
                                     const QHash<QString, QList<HostLldpNeighbor>> &hostLldp,
                                     const QList<InventoryHost> &inventory);

QJsonObject topologyLinkToJson(const TopologyLink &link);

}  // namespace roce::nxapi
