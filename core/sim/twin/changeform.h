#pragma once

#include "nxapi/qos/qosform.h"
#include "sim/twin/twinmodel.h"

#include <QString>

namespace roce::sim::twin {

/// The settings the What if form edits (nxapi/qos/qosform.h).
using ChangeForm = nxapi::QosForm;

/// The settings as the twin read them (its first switch, its first NIC).
ChangeForm formOf(const TwinModel &twin);

/// The change, as NX-OS configuration and NIC lines, that takes the fabric @p twin models from
/// @p now to @p wanted: only what differs (empty when nothing does). PFC is set per switch on
/// the ports that carry traffic, each under `switch NAME`.
QString composeChange(const TwinModel &twin, const ChangeForm &now, const ChangeForm &wanted);

}  // namespace roce::sim::twin
