#pragma once

#include "collect/results/resultstore.h"
#include "live/experiments/experimentrunner.h"

#include <QTextStream>

namespace roce::cli {

struct RunKind;

/// The run as the results store keeps it.
results::RunRecord runRecord(const experiments::ExperimentRequest &request,
                             const experiments::ExperimentOutcome &outcome);

/// Prints @p record to @p out: as `rocectl results show --json` does with @p json, otherwise
/// the state and headline, @p kind's details, what the NICs and the switch saw, and the run id.
void printRun(const results::RunRecord &record, const RunKind &kind, bool json, QTextStream &out);

}  // namespace roce::cli
