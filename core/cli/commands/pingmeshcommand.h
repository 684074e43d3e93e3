#pragma once

#include "cli/framework/command.h"
#include "proto/agentproto/agentclient.h"

class QCommandLineParser;

namespace roce::pingmesh {
struct AgentPingmeshOptions;
}

namespace roce::cli {

/// `rocectl pingmesh (--inventory FILE | --agent HOST:PORT... | --sim [--served] [--topology T]
/// [--scenario NAME])
/// [--seconds S] [--rate N] [--source-ports N] [--seed N] [--engine packet|fluid] [--json]`:
/// probes every pair of the pinglist (the fabric's agents, or the model alone), analyses the
/// pair matrix with the switches' counters and prints the matrix's summary and the verdicts
/// (each with its kind, what it names and its evidence).
class PingmeshCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("pingmesh"); }
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;

private:
    /// Probes through agents: @p direct, or else the fabric --inventory/--sim names.
    int runOverAgents(const QCommandLineParser &parser,
                      const pingmesh::AgentPingmeshOptions &options,
                      const QList<agentproto::AgentEndpoint> &direct, bool json, CommandIo &io);
};

}  // namespace roce::cli
