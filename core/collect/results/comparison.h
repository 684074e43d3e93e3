#pragma once

#include "collect/results/figures.h"
#include "collect/results/resultstore.h"
#include "collect/results/runmetrics.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace roce::results {

/// The headline figure of a run for lists: "23.10 Gb/s", "14.37 us", "step 812 ms", or empty.
QString headline(const RunRecord &run);

/// One figure of a comparison with a cell per run, as a spreadsheet reads it (the key, plain
/// numbers) and as people read it (the label, values with their units).
struct ComparisonRow {
    QString key;        ///< "bandwidth_gbps", "fabric_rx_bytes", "sweep_65536_bytes"
    QString label;      ///< "Bandwidth", "NIC bytes received", "64 KiB messages"
    QStringList raw;    ///< "23.15", "3068806848"; empty where a run has no such figure
    QStringList shown;  ///< "23.15 Gb/s", "3.07 GB"
};

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
    /// Every figure at least one run has, in the order the tables list them.
    QList<ComparisonRow> rows() const;
    /// One row per figure, one column per run (a header row first; empty cells where a run
    /// has no such figure), by key and with plain numbers: what a spreadsheet reads (CSV).
    QList<QStringList> table() const;
    /// The same for people: a figure's label, and its values with their units ("3.07 GB",
    /// "23.15 Gb/s"): what the compare view and `rocectl results compare` show.
    QList<QStringList> displayTable() const;
    QString toCsv() const;
    /// The ratios in words, one line each ("B: 4.92x the bandwidth of A", "x faster (median
    /// latency)", "% less jitter", "training steps x faster"); @p nameOf names a run.
    QStringList ratioSentences(const std::function<QString(const RunRecord &)> &nameOf) const;
};

Comparison compareRuns(const QList<RunRecord> &runs);

}  // namespace roce::results
