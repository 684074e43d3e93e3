#pragma once

#include "collect/results/resultstore.h"
#include "live/recording/recordingreader.h"
#include "proto/datamodel/metric.h"
#include "proto/datamodel/portid.h"

#include <QJsonObject>
#include <QList>

#include <array>
#include <optional>

namespace roce::recording {

/// What one port did over a range of a recording: for each rate, the counter's delta (the
/// rate integrated over each sample's interval: marks, pauses, drops, bits); for utilization,
/// the time-weighted mean.
struct PortTotals {
    model::PortId id;
    double seconds = 0;  ///< how much of the range its samples cover
    std::array<std::optional<double>, model::kMetricCount> totals;
};

struct RangeSummary {
    qint64 fromMs = 0, toMs = 0;
    QList<PortTotals> ports;        ///< in the order first seen (switch ports first within a tick)
    QList<RecordedEvent> alerts;    ///< raised or cleared in the range
    QList<Annotation> annotations;  ///< overlapping the range

    /// {"from_ms", "to_ms", "seconds", "ports": [{"id", "device", "kind", "seconds", <metric
    /// key>: total, ...}], "alerts": [...], "annotations": [...]}: `rocectl replay --summary`.
    QJsonObject toJson() const;
    /// The range as a comparison "run" (kind "range", @p label), its NIC totals under
    /// fabric.totals and the switch ports' under fabric.switch.totals: before and after a
    /// change side by side in the comparison view, as experiment runs are.
    results::RunRecord asRun(const QString &label, qint64 id) const;
};

/// Sums [fromMs, toMs] of @p reader: every sample the live model applied in the range (its
/// tick's time, the console clock) counts for the interval since the port's previous sample
/// (on its source's own clock, so agents' clock offsets do not matter). Gaps longer than
/// @p maxIntervalMs (a source that was away) count only that long.
RangeSummary summarize(const RecordingReader &reader, qint64 fromMs, qint64 toMs,
                       qint64 maxIntervalMs = 30'000);

}  // namespace roce::recording
