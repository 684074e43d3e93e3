#pragma once

#include "proto/agentproto/sample.h"

#include <QJsonObject>

namespace roce::monitor {

/// What a host's agent says about its RoCE settings, for the diagnosis to read as evidence:
/// {"host", "cpu_governor", "nics": [{"device", "netdev", "mtu", "ecn_np": [prios enabled],
/// "ecn_rp": [...], "cnp_dscp"}]}. A setting the driver does not expose is left out (unknown,
/// never "off"): upstream kernels have no ecn/ directory.
QJsonObject nicConfigFromSample(const agentproto::AgentSample &sample);

}  // namespace roce::monitor
