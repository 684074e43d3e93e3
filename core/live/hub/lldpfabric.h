#pragma once

#include "live/inventory/inventory.h"
#include "live/maplayout/leafspinefabric.h"
#include "proto/datamodel/portsample.h"

#include <QList>

namespace roce::live {

/// The shape of a leaf/spine fabric as its switches' LLDP tells it, for the layered map: the
/// inventory's spines on top, its leaves (and top-of-rack switches) grouped by the part of
/// their name before the first '-' ("rail1-leaf3" -> "rail1"), a leaf port whose neighbour is
/// a spine an uplink, one whose neighbour is a server a NIC cell. A server's NIC is joined to
/// its agent's row by the netdev LLDP announces as the port id; a server without an agent
/// row yet gets a cell under its netdev's name. @p latest: the newest sample of every port
/// (LiveFabric::latest()).
models::LeafSpineFabric leafSpineFromLldp(const inventory::Inventory &inventory,
                                          const QList<model::PortSample> &latest);

/// A cheap summary of what leafSpineFromLldp() reads (LLDP neighbours and NIC netdevs), to
/// rebuild the map only when the cabling changed.
size_t lldpSignature(const QList<model::PortSample> &latest);

}  // namespace roce::live
