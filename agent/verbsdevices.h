#pragma once

#include "proto/common/result.h"

#include <QList>
#include <QString>

namespace roce::agent {

/// One port as ibv_query_port() reports it.
struct VerbsPort {
    int port = 1;
    QString state;      ///< "ACTIVE", "DOWN", ... (IBV_PORT_*)
    int activeMtu = 0;  ///< bytes (256..4096)
    QString linkLayer;  ///< "Ethernet" or "InfiniBand"
};

/// One RDMA device as libibverbs enumerates it.
struct VerbsDevice {
    QString name;       ///< e.g. "mlx5_0", "rocep19s0", "rxe0"
    QString nodeGuid;   ///< "xxxx:xxxx:xxxx:xxxx", as sysfs prints it
    int portCount = 0;  ///< from ibv_query_device; 0 when the device could not be opened
    QList<VerbsPort> ports;
};

/// Enumerates the RDMA devices with ibv_get_device_list(). An empty list is a valid answer
/// (no RDMA NIC on this host); an error means libibverbs itself failed.
Result<QList<VerbsDevice>> listVerbsDevices();

}  // namespace roce::agent
