#pragma once

#include "collect/pingmesh/analyzer.h"
#include "proto/datamodel/portsample.h"

#include <QHash>
#include <QList>
#include <QStringList>

namespace roce::pingmesh {

/// Places @p endpoints on their switch ports from the switches' LLDP in @p latest (the live
/// model's newest samples): the port whose neighbour is the endpoint's host (its short name
/// matches, case aside) and whose neighbour port is its netdev (@p netdevs, by endpoint), or
/// the host's only port on the fabric when the neighbour port names something else (a MAC).
/// Endpoints LLDP does not see (a hypervisor's LLDP names it, not its virtual servers) are
/// placed by @p placement (NIC id, else server -> "switch/port", the inventory's switch_port)
/// when it has them. Endpoints already placed are left as they are.
void placeEndpoints(QList<Endpoint> &endpoints, const QStringList &netdevs,
                    const QList<model::PortSample> &latest,
                    const QHash<QString, QString> &placement = {});

/// The switches' uplinks from LLDP: ports whose neighbour is another switch of @p latest.
FabricPaths pathsFromLldp(const QList<model::PortSample> &latest);

/// The switch ports of @p latest by their id, for the analyzer.
QHash<QString, model::PortSample> switchPortsById(const QList<model::PortSample> &latest);

}  // namespace roce::pingmesh
