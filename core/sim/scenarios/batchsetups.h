#pragma once

#include "sim/scenarios/scenario.h"

#include <functional>
#include <memory>
#include <optional>

namespace roce::sim {

/// A configured model plus what to run on it: the batch form of a scenario.
struct BatchSetup {
    std::unique_ptr<Fabric> fabric;
    QString topology;
    QList<int> bulkFlows;
    /// Runs the scenario to @p duration; empty: the flows started in the setup just run.
    std::function<void(Fabric &, ScenarioReport &, TimeNs)> run;
    /// Without run: a change made when the warm-up ends, before the measured window.
    std::function<void(Fabric &)> afterWarmup;
};

/// The models the batch scenarios run on (see scenarioTable()).
namespace batch {
/// @p senders -> 1 on an 8-port 100G star, PFC and ECN as given.
BatchSetup incast(const ScenarioOptions &options, bool pfc, bool ecn, int senders);
/// What the reference fabric's incast runs under, besides its own configuration.
enum class ReferenceQueuing {
    WredDrops,    ///< `random-detect` without `ecn`: the RoCE queue drops what it would mark
    StaticPause,  ///< no-drop pause at 30 KB, resume at 28 KB, 100 KB of headroom
};
/// 7 -> 1 on the reference fabric (25G, its VMs' shared uplinks, DCQCN) under @p queuing:
/// the regimes the What-if previews change into, where loss recovery and PFC resolution
/// decide the outcome.
BatchSetup referenceIncast(const ScenarioOptions &options, ReferenceQueuing queuing);
/// 2 -> 1 at 100G with a large xoff, so that ECN controls the queue.
BatchSetup fair2to1(const ScenarioOptions &options);
/// The DCQCN paper's @p senders -> 1 at 40G with 1 KB packets.
BatchSetup paperIncast(const ScenarioOptions &options, int senders);
/// 8-rank ring all-reduce of 150 MB gradients on the reference fabric, under its own
/// queuing or @p queuing.
BatchSetup trainingRing(const ScenarioOptions &options,
                        std::optional<ReferenceQueuing> queuing = std::nullopt);
/// RDMA against TCP on a 10G path: bandwidth, then latency.
BatchSetup rdmaVsTcp(const ScenarioOptions &options);
}  // namespace batch

}  // namespace roce::sim
