#pragma once

#include "cli/access/joboptions.h"
#include "proto/common/result.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QJsonObject>

namespace roce::cli {

/// The options of `rocectl run` that are its own (the agents' access and the job limits are
/// AgentAccess and JobOptions).
struct RunOptions {
    RunOptions();
    /// What each experiment does, for --help.
    static QString description();
    void addTo(QCommandLineParser &parser) const;
    /// Adds the tuning given on the command line (--preset, --sweep, the job limits,
    /// --streams, --model-mb, --master-port, --backend, --ifname) to @p spec.
    Result<void> readTuning(const QCommandLineParser &parser, const JobOptions &jobOptions,
                            QJsonObject &spec) const;

    QCommandLineOption sim, scenario, speed, agent, address, server, client, hosts, hub, test,
        preset, sweep, streams, backend, modelMb, masterPort, ifname, label, db, noRecord, json;
};

}  // namespace roce::cli
