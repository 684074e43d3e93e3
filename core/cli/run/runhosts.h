#pragma once

#include "live/inventory/experimenthost.h"
#include "proto/common/result.h"

#include <QCommandLineParser>
#include <QList>

#include <memory>

namespace roce::sim {
class SimService;
}

namespace roce::cli {

class AgentAccess;
struct RunOptions;

/// The hosts `rocectl run` can use: the servers of an in-process simulated fabric (--sim), or
/// the agents given with --agent. Errors: InvalidArgument when the command line is wrong.
class RunHosts
{
public:
    RunHosts();
    ~RunHosts();
    RunHosts(const RunHosts &) = delete;
    RunHosts &operator=(const RunHosts &) = delete;

    /// Starts the simulated fabric (and --scenario) and takes its servers.
    Result<void> startSim(const QCommandLineParser &parser, const RunOptions &options);
    /// Takes the agents of --agent, addressed as --address says.
    Result<void> addAgents(const QCommandLineParser &parser, const RunOptions &options,
                           AgentAccess &access);

    const QList<experiments::ExperimentHost> &all() const { return m_all; }
    const experiments::ExperimentHost *find(const QString &name) const;
    QString names() const;                                       ///< "a, b, c", for messages
    sim::SimService *simService() const { return m_sim.get(); }  ///< null without --sim

private:
    std::unique_ptr<sim::SimService> m_sim;
    QList<experiments::ExperimentHost> m_all;
};

}  // namespace roce::cli
