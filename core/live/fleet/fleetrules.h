#pragma once

#include "live/fleet/fleetqueries.h"

#include <QList>
#include <QString>

namespace roce::fleet {

/// One recorded series of the fleet: every console metric of one kind of row, dense or only
/// where non-zero, as `<name>{<row labels>, metric="<frame key>"}`.
struct RecordedFamily {
    QString name;  ///< "roce:fleet_switch_rate", ...
    bool nic = false;
    bool sparse = false;
    RowKey key = RowKey::SwitchPort;
};

/// The recorded families, and the two port-state ones:
/// `roce:fleet_switch_port_down{switch, interface}` and
/// `roce:fleet_nic_port_state{instance, device, port}` (only ports that are not active).
const QList<RecordedFamily> &recordedFamilies();
inline const QString kSwitchPortDownRule = QStringLiteral("roce:fleet_switch_port_down");
inline const QString kNicPortStateRule = QStringLiteral("roce:fleet_nic_port_state");

/// The recording rules (Prometheus rule-file YAML, also what vmalert reads) that precompute
/// every rate the fleet source reads, from the same queries it would ask itself: with them a
/// refresh reads a few recorded series instead of every raw counter of the fleet. Evaluated
/// every @p intervalSeconds (the scrape interval) over a @p window rate window ("1m").
QString recordingRules(const QString &window, int intervalSeconds);

}  // namespace roce::fleet
