#pragma once

#include "cli/framework/command.h"
#include "live/experiments/experimentrunner.h"
#include "proto/common/result.h"

#include <optional>

namespace roce::sim {
class SimService;
}

namespace roce::cli {

/// Runs @p request to its end and returns how it ended; progress goes to @p io.err. Records it
/// in the results store at @p dbPath (none: not recorded). On the simulated fabric @p sim,
/// the switch is polled over NX-API like a real one and the run keeps what it saw on the hosts'
/// ports. Errors: InvalidArgument when the request is wrong; anything else when the run could
/// not start.
Result<experiments::ExperimentOutcome> executeRun(const experiments::ExperimentRequest &request,
                                                  const std::optional<QString> &dbPath,
                                                  sim::SimService *sim, CommandIo &io);

}  // namespace roce::cli
