#pragma once

#include "collect/results/resultstore.h"
#include "collect/results/runmetrics.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

namespace roce::results {

/// The headline figure of a run for lists: "23.10 Gb/s", "14.37 us", "step 812 ms", or empty.
QString headline(const RunRecord &run);

/// A side-by-side comparison of runs, the first being the baseline.
struct Comparison {
    QList<RunRecord> runs;
    QList<RunMetrics> metrics;  ///< per run

    /// {"baseline": id, "runs": [{id, kind, label, state, bandwidth_gbps, latency_usec:
    /// {min, median, p99, p99_9, max, average}, latency_is, jitter_usec, mean_step_ms,
    /// mean_allreduce_ms, final_loss, sweep: [[bytes, value], ...], fabric: {NIC totals},
    /// switch: {switch totals, when known}},
    /// ...], "ratios": [{id, bandwidth_x, latency_x, jitter_less_percent, step_x}]}.
    /// bandwidth_x = this / baseline; latency_x and step_x = baseline / this (how many
    /// times faster); jitter_less_percent = how much smaller the p99-median spread is.
    QJsonObject toJson() const;
    /// One row per figure, one column per run (a header row first; empty cells where a run
    /// has no such figure): what the compare view and a spreadsheet show.
    QList<QStringList> table() const;
    QString toCsv() const;
    /// The ratios in words, one line each ("B: 4.92x the bandwidth of A", "x faster (median
    /// latency)", "% less jitter", "training steps x faster"); @p nameOf names a run.
    QStringList ratioSentences(const std::function<QString(const RunRecord &)> &nameOf) const;
};

Comparison compareRuns(const QList<RunRecord> &runs);

}  // namespace roce::results
