#pragma once

#include "collectors/collector.h"
#include "collectors/rdmacollector.h"
#include "proto/agentproto/sample.h"

#include <memory>
#include <vector>

namespace roce::agent {

struct SamplerOptions {
    QString sysfsRoot = QStringLiteral("/sys");
    QString ethtoolFixtureDir;  ///< empty: real SIOCETHTOOL
    QStringList extraNetdevs;
    QString hostname;                              ///< empty: this host's name
    CounterSource counters = CounterSource::Auto;  ///< ports' hardware counters
};

/// Runs the collectors in order (rdma, netdev, host) and stamps the sample with the
/// agent's wall and monotonic clocks. A failing collector is reported, not fatal.
class Sampler
{
public:
    explicit Sampler(SamplerOptions options);
    ~Sampler();
    agentproto::AgentSample sample();

private:
    SamplerOptions m_options;
    std::vector<std::unique_ptr<Collector>> m_collectors;
};

}  // namespace roce::agent
