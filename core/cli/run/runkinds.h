#pragma once

#include "collect/results/resultstore.h"
#include "live/experiments/experimentrunner.h"
#include "proto/common/result.h"

#include <QCommandLineParser>
#include <QJsonObject>
#include <QTextStream>

namespace roce::cli {

class JobOptions;
class RunHosts;
struct RunOptions;

/// What a run kind reads from the command line to build its request.
struct RunInputs {
    const QCommandLineParser &parser;
    const RunOptions &options;
    const JobOptions &jobOptions;
    const RunHosts &hosts;
};

/// One `rocectl run` subcommand: the tools it accepts, the hosts it takes, how its job starts,
/// and what it prints beyond the common result lines.
struct RunKind {
    const char *name;
    const char *defaultTool;
    experiments::ExperimentKind kind;
    bool (*acceptsTool)(const QString &tool);
    Result<QList<experiments::ExperimentHost>> (*pickHosts)(const RunInputs &in);
    QJsonObject (*baseJob)(const QList<experiments::ExperimentHost> &hosts);
    void (*printDetails)(const results::RunRecord &record, QTextStream &out);  ///< may be null
};

/// The kind named by the single positional argument; null when there is none such.
const RunKind *findRunKind(const QStringList &positional);

/// The experiment @p kind runs with @p tool: its hosts and its job, validated by the agent's
/// own parser before anything starts. Errors: InvalidArgument (the command line is wrong).
Result<experiments::ExperimentRequest> buildRequest(const RunKind &kind, const QString &tool,
                                                    const RunInputs &in);

}  // namespace roce::cli
