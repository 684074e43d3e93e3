#pragma once

#include "proto/agentproto/sample.h"

#include <QJsonObject>

namespace roce::monitor {

/// What a host's agent says about its RoCE settings, for the diagnosis to read as evidence:
/// {"host", "cpu_governor", "nics": [{"device", "netdev", "mtu", "active_mtu", "ecn_np": [prios
/// enabled], "ecn_rp": [...], "cnp_dscp", "roce_np": {file: value}, "roce_rp": {...}}]}; the
/// roce_np/roce_rp objects hold every ecn/ file as read ("enable/3", "rpg_time_reset", ...). A
/// setting the driver does not expose is left out (unknown, never "off"): upstream kernels have no
/// ecn/ directory.
QJsonObject nicConfigFromSample(const agentproto::AgentSample &sample);

}  // namespace roce::monitor
