#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// `rocectl exporter (--inventory FILE | --sim [--topology rail:H:N:R:S] [--scenario NAME])
/// --listen ADDR:PORT [--interval-ms MS] [--web-config FILE]`: the Nexus switch exporter.
/// Polls every switch of the fabric over NX-API as the console does (each on its own
/// schedule, one session each) and serves `GET /metrics` in the Prometheus text format with
/// the newest poll of every switch (`nxos_*`, README "rocectl exporter"), until SIGINT or
/// SIGTERM. Prints `rocectl exporter: serving http://ADDR:PORT/metrics (N switches)` once
/// listening.
class ExporterCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("exporter"); }
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
