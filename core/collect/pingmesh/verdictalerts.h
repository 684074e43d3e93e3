#pragma once

#include "collect/monitor/alerts.h"
#include "collect/pingmesh/verdict.h"

#include <QByteArray>

namespace roce::pingmesh {

/// A verdict as an alert: rule "pingmesh_<kind>", on the port, NIC or host it names, with
/// its summary as the meaning, its check, and its main figure as the value. NIC, host and
/// link verdicts are critical (traffic is lost), the others warnings.
monitor::Alert verdictToAlert(const Verdict &verdict);
/// The verdicts of a JSON array (verdictToJson's form) as alerts; malformed entries are
/// skipped.
QList<monitor::Alert> findingsToAlerts(const QByteArray &json);
/// The alert title of a verdict kind ("Bad NIC", "Congested port", ...).
QString verdictTitle(const QString &kind);

}  // namespace roce::pingmesh
