#pragma once

#include "proto/common/result.h"
#include "sim/engine/fabric.h"

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

/// Gives every host the reference lab's VM profile: one TCP stream tops out near 4.7 Gb/s,
/// and per-message host costs make RDMA ~14.4 us and TCP ~161 us one way (PVRDMA / vmxnet3;
/// DESIGN.md §2, calibrated on the seeds' measurements).
void applyReferenceVmHosts(Fabric &fabric);

/// Applies @p name to @p fabric (at least 8 hosts; a leaf/spine one for the scenarios that
/// need it), after returning it to its healthy baseline.
Result<void> applyLiveScenario(Fabric &fabric, const QString &name);

}  // namespace roce::sim
