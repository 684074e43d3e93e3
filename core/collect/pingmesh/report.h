#pragma once

#include "collect/pingmesh/pairmatrix.h"
#include "collect/pingmesh/verdict.h"

#include <QJsonArray>
#include <QJsonObject>

namespace roce::pingmesh {

/// A pingmesh's matrix as `rocectl pingmesh --json` reports it, whoever probed (the simulated
/// fabric or the agents of an inventory).
struct MatrixReport {
    QList<Endpoint> endpoints;
    QList<PingPair> pairs;
    QList<PairSummary> summaries;  ///< over the matrix's last window, in pinglist order
    qint64 probesSent = 0;         ///< over the whole run
    TimestampSource timestamps = TimestampSource::Software;
    double probesPerSecondPerEndpoint = 0;
};

/// {"endpoints", "pairs", "window_s", "probes_sent_total", "probes_in_window",
/// "lost_in_window", "loss_pct", "rtt_p50_us", "rtt_p99_us", "timestamps",
/// "probes_per_second_per_nic", "by_switch": [...], "worst_pairs": [...]}: keys scripts
/// depend on.
QJsonObject matrixReportToJson(const MatrixReport &report);

/// Each verdict as verdictToJson() gives it, plus "raised_after_s" (its raisedMs, counted
/// from the start of probing).
QJsonArray verdictsToJson(const QList<Verdict> &verdicts);

}  // namespace roce::pingmesh
