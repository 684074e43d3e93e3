#pragma once

#include "sim/scenarios/batchsetups.h"

#include <QList>
#include <QString>

#include <functional>

namespace roce::sim {

/// One scenario under one name: what applies it to a running fabric, what runs it as a
/// batch report, or both. The live scenario panel, `rocectl sim --serve --scenario`, the
/// served leaf/spine fabric and `rocectl sim --scenario` all read scenarioTable().
struct ScenarioDefinition {
    QString name;

    /// The live form; no apply: batch only.
    struct Live {
        QString title;        ///< short label for a button
        QString expectation;  ///< one sentence: what to watch, on which counters
        /// Applies it to a fabric already returned to its healthy baseline.
        std::function<void(Fabric &)> apply;
        bool singleSwitch = true;  ///< makes sense on the reference/star fabrics
        bool leafSpine = false;    ///< makes sense on a served leaf/spine fabric
        /// A fault of liveFaults() (faults.h): injected with an optional target, after an
        /// optional background load ("training+nic-stall:gpu0007/mlx5_1"); no apply.
        bool fault = false;
        /// The training jobs apply starts, for a model to run them again (none: its load is
        /// bulk flows, which a model estimates from the port rates).
        std::function<QList<TrainingOptions>(const FabricSpec &)> jobs = {};
    } live;

    /// The batch form; no setUp: live only.
    struct Batch {
        QString summary;      ///< one line: what runs
        QString expectation;  ///< one sentence: what the report should show
        TimeNs defaultDuration = 0;
        std::function<BatchSetup(const ScenarioOptions &)> setUp;
    } batch;
};

/// Every scenario, in the order lists show them. Built per call: its texts are translated.
QList<ScenarioDefinition> scenarioTable();

}  // namespace roce::sim
