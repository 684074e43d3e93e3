#pragma once

#include <QString>

namespace roce::nxapi {

/// Long NX-OS interface name for any accepted spelling: "Eth1/9", "eth1/9", "e1/9" and
/// "ethernet1/9" give "Ethernet1/9"; "Po10" gives "port-channel10"; "mgmt0" stays. Breakout
/// ports keep their lanes ("Eth1/2/1" -> "Ethernet1/2/1"). Unknown forms are returned as is.
QString longInterfaceName(const QString &name);

/// Short form as `show lldp neighbors` prints it: "Ethernet1/2/1" -> "Eth1/2/1".
QString shortInterfaceName(const QString &name);

}  // namespace roce::nxapi
