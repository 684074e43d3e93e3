#pragma once

#include "proto/common/result.h"
#include "sim/engine/fabric.h"
#include "sim/scenarios/faults.h"

#include <QList>
#include <QString>

namespace roce::sim {

/// A scenario that runs on a live (real-time) fabric: what the console's scenario panel and
/// `rocectl sim --serve --scenario` start. Applying one first returns the fabric to its
/// healthy baseline (traffic stopped, PFC/ECN on, faults cleared).
struct LiveScenario {
    QString name;
    QString title;        ///< short label for a button
    QString expectation;  ///< one sentence: what to watch, on which counters
};

/// The live scenarios of the single-switch fabrics (reference, starN), from scenarioTable().
QList<LiveScenario> liveScenarios();
/// The live scenarios that make sense on a served leaf/spine fabric.
QStringList leafSpineScenarioNames();
/// Whether every part of live scenario @p spec ("training+nic-stall:HOST/DEV") names a live
/// load or fault, without a fabric: a misspelt name said before a fabric starts for it.
/// Targets and whether the fabric has what they name are checked when it starts.
Result<void> checkLiveScenarioNames(const QString &spec);
/// Whether the faults of @p spec can start on a fabric of @p fabric: their targets exist
/// there, and the fabric can have them (what the fabric says once they start, said before).
Result<void> checkLiveScenarioTargets(const FabricSpec &fabric, const QString &spec);

/// A training job a live scenario launched, by the NIC rows of its ranks ("gpu0007/mlx5_0"),
/// in ring order: what a model of the fabric needs to run it again.
struct LaunchedJob {
    QStringList ranks;
    Bytes gradientBytes = 0;
    TimeNs computeTime = 0;
    /// One iteration as the ranks report it (compute plus all-reduce); 0 when unknown. With
    /// it, the job's share of its ranks' port rates is known, and what they send beside it.
    TimeNs stepTime = 0;
};
/// The training jobs live scenario @p spec (a load, with or without faults) starts on a fabric
/// of @p fabric's shape; none for a load of bulk flows. An unknown load is an error.
Result<QList<LaunchedJob>> launchedJobs(const FabricSpec &fabric, const QString &spec);

/// Gives every host the reference lab's VM profile: one TCP stream tops out near 4.7 Gb/s,
/// and per-message host costs make RDMA ~14.4 us and TCP ~161 us one way (PVRDMA / vmxnet3;
/// DESIGN.md §2, calibrated on the seeds' measurements).
void applyReferenceVmHosts(Fabric &fabric);

/// Applies @p spec to @p fabric (at least 8 hosts; a leaf/spine one for the scenarios that
/// need it), after returning it to its healthy baseline. @p spec is a live scenario's name, or
/// at most one background load and any number of faults with optional targets joined by '+':
/// "nic-stall", "training+nic-stall:gpu0007/mlx5_1", "dcqcn-incast+link-down:leaf2/Ethernet1/5".
/// A fault without a target gets one drawn from @p seed among the places the load reaches.
/// Returns what was injected where.
Result<ScenarioInjection> applyLiveScenario(Fabric &fabric, const QString &spec,
                                            std::uint64_t seed = 1);

}  // namespace roce::sim
