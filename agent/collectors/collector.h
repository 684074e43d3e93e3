#pragma once

#include "proto/agentproto/sample.h"
#include "proto/common/result.h"

#include <QString>

namespace roce::agent {

/// One source of facts for a sample (node_exporter's collector pattern): each adds what it
/// knows to the sample and says whether it worked; the sampler times it.
class Collector
{
public:
    virtual ~Collector();
    virtual QString name() const = 0;
    virtual Result<void> update(agentproto::AgentSample &sample) = 0;
};

}  // namespace roce::agent
