#pragma once

#include "proto/agentproto/agentclient.h"

#include <QString>

namespace roce::experiments {

/// A server an experiment runs on: its name (as the user and the map know it), how to reach
/// its agent, and the address its peers use for test traffic (the RoCE interface's IPv4,
/// which is not necessarily the address the agent listens on).
struct ExperimentHost {
    QString name;
    agentproto::AgentEndpoint agent;
    QString dataAddress;
};

}  // namespace roce::experiments

Q_DECLARE_METATYPE(roce::experiments::ExperimentHost)
