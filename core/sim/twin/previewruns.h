#pragma once

#include "collect/results/resultstore.h"
#include "sim/twin/twinpreviewer.h"

#include <QList>

namespace roce::sim::twin {

/// A preview as runs for the comparison view the experiments use: the fabric now as it was
/// seen ("Seen"), the twin's run of it ("Twin": how well it is calibrated), and the twin with
/// the change ("Twin + change"); each a run without kind or state whose result (tool
/// "whatif") holds goodput_gbps, mean_allreduce_ms (a launched job's) and "figures" ([{key,
/// value}] in figureKeys() order, goodput aside).
QList<results::RunRecord> previewRuns(const PreviewOutcome &outcome);

}  // namespace roce::sim::twin
