#pragma once

#include "proto/datamodel/portsample.h"

#include <QList>

namespace roce::model {

/// What the metric table says a port shows: the sum of its rates of every metric highlighted
/// as @p h (Drop: MMU, egress and watchdog drops, NIC discards, ignored CNPs, errors...).
/// Views colour by this, so that a drop metric added to the table reaches every view.
double highlightedSum(const PortSample &port, Highlight h);
/// The metrics highlighted as @p h that @p port reports above zero, in table order.
QList<Metric> highlightedMetrics(const PortSample &port, Highlight h);
/// How much a port asks to be looked at: drops first, then pauses, then ECN marks (0: none).
/// The console selects the hottest port when a scenario starts or nothing is selected.
double hotness(const PortSample &port);
/// The name of the hottest port of @p ports; its busiest when none drops, pauses or marks;
/// empty for none.
QString hottestPort(const QList<const PortSample *> &ports);

}  // namespace roce::model
