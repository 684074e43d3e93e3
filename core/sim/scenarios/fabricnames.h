#pragma once

#include "sim/engine/topology.h"

#include <QString>

namespace roce::sim {

/// The names a simulated fabric's devices go by in the live model, as its served NX-API and
/// agents announce them: what a fault's target and a diagnosis's location are written in.

/// Whether @p spec has spines (a served leaf/spine fabric: one agent per server, one model
/// host per NIC).
bool isLeafSpine(const FabricSpec &spec);
/// The server that reports model host @p host: its own name on single-switch fabrics; on a
/// leaf/spine fabric the part of its NIC port's name before the netdev ("gpu0007").
QString serverName(const FabricSpec &spec, int host);
/// "<server>/<rdma device>" of model host @p host ("gpu0007/mlx5_1", "ubunturdma6/rocep11s0").
QString nicId(const FabricSpec &spec, int host);
/// "<switch>/<port>" of switch port @p port ("rail1-leaf2/Ethernet1/5").
QString switchPortId(const FabricSpec &spec, int port);
/// The model hosts of server @p name (every NIC of it), in order; empty when there is none.
QList<int> hostsOfServer(const FabricSpec &spec, const QString &name);

}  // namespace roce::sim
