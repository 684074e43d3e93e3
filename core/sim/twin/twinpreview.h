#pragma once

#include "proto/common/result.h"
#include "sim/twin/fabricfigures.h"
#include "sim/twin/twinchange.h"
#include "sim/twin/twinmodel.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace roce::sim::twin {

struct PreviewOptions {
    /// Model time before the window, for the load to settle (DCQCN's start-up, the first
    /// all-reduce).
    TimeNs warmup = 1 * kNsPerSec;
    /// Model time from the change (made when the warm-up ends) to the window; the current
    /// configuration runs it too, so that both windows cover the same load.
    TimeNs settle = 1 * kNsPerSec;
    TimeNs window = 10 * kNsPerSec;
    /// Fluid by default; the packet engine on the reference fabric when asked.
    FabricEngine engine = FabricEngine::Fluid;
};

/// One configuration's run on the twin.
struct PreviewSide {
    FabricFigures figures;
    /// Per launched job: the mean all-reduce time of the iterations in the window, ms.
    QList<double> allReduceMs;
};

/// The twin run with the configuration it observed and with the change, on the same load.
struct TwinPreview {
    PreviewSide current, proposed;
    QStringList notes;
    /// Where the preview is the model's resolution rather than the fabric's behaviour.
    QStringList uncertain;
    double wallSeconds = 0;
    FabricEngine engine = FabricEngine::Fluid;  ///< the model both runs ran on
};

/// Runs @p model as observed and with @p change, side by side (two threads). The change is
/// applied as the fabric would take it: NX-OS lines through each switch's configuration
/// handler (with its own policy names), NIC lines as ecn/ file writes; a line the model
/// refuses is an error naming the switch and the line.
Result<TwinPreview> previewChange(const TwinModel &model, const TwinChange &change,
                                  const PreviewOptions &options = {});

/// Runs @p fabric for @p window and measures it as TwinObservation::figures() measures a fabric.
FabricFigures measureFigures(Fabric &fabric, TimeNs window);

/// The figures under their keys, plus "allreduce_ms" (one per job) when jobs ran.
QJsonObject sideToJson(const PreviewSide &side);

/// Applies @p change to every switch and NIC of @p fabric configured as @p model; the first
/// refusal as an error.
Result<void> applyChange(Fabric &fabric, const TwinModel &model, const TwinChange &change);

}  // namespace roce::sim::twin
