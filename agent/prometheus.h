#pragma once

#include "proto/agentproto/sample.h"

#include <QByteArray>

namespace roce::agent {

/// The sample in Prometheus text exposition format (0.0.4): node_exporter's metric names
/// where one exists (node_infiniband_*, node_network_*), `_total` on counters, labels
/// `device`, `port`, `priority`; counters a device lacks are simply not exported.
QByteArray toPrometheus(const agentproto::AgentSample &sample);

}  // namespace roce::agent
