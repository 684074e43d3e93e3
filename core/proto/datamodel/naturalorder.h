#pragma once

#include <QStringView>

namespace roce::model {

class PortId;

/// Names in the order a reader counts them: digit runs compare as numbers ("leaf2" before
/// "leaf10", "Ethernet1/2" before "Ethernet1/10"), letters regardless of case. Names that
/// differ only in case or leading zeros still compare unequal, so that the order is total.
/// Returns <0, 0 or >0, as QString::compare does.
int naturalCompare(QStringView a, QStringView b);

/// Ports in the order the port table lists them: switch ports before NIC ports, then by
/// device and by port, both in natural order (leaf2 before leaf10, Ethernet1/2 before
/// Ethernet1/10, gpu0002/mlx5_0 before gpu0010/mlx5_0).
bool naturalPortLess(const PortId &a, const PortId &b);

}  // namespace roce::model
