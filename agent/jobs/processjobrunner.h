#pragma once

#include "jobs/jobcommand.h"
#include "jobs/outputlimiter.h"
#include "proto/agentproto/jobrunner.h"

#include <QElapsedTimer>
#include <QHash>
#include <QTemporaryDir>

#include <functional>
#include <memory>

namespace roce::agent {

/// Runs jobs as child processes of the agent. Each job gets its own process group
/// (setsid) and dies with the agent (PR_SET_PDEATHSIG); cancel and timeouts kill the whole
/// group (SIGTERM, then SIGKILL after 2 s). Output lines are streamed within the bounds of an
/// OutputLimiter (lines cut and dropped are counted in the result); at the end the output goes
/// through the shared parsers (perftest, iperf3, sockperf, training lines).
class ProcessJobRunner final : public agentproto::JobRunner
{
    Q_OBJECT

public:
    /// @p rdmaDevices lists the RDMA devices of this host (for a clear error when a test
    /// names a device the host does not have).
    explicit ProcessJobRunner(std::function<QStringList()> rdmaDevices, QObject *parent = nullptr);
    /// The command a spec runs as; by default buildJobCommand(). Tests run other programs.
    using CommandBuilder
        = std::function<JobCommand(const agentproto::JobSpec &spec, const QString &trainingScript)>;
    void setCommandBuilder(CommandBuilder builder) { m_commandBuilder = std::move(builder); }
    void setOutputLimits(const OutputLimiter::Limits &limits) { m_outputLimits = limits; }
    ~ProcessJobRunner() override;

    Result<QString> start(const agentproto::JobSpec &given) override;
    bool cancel(const QString &jobId) override;
    void cancelAll() override;
    /// Writes @p line to the job's standard input (a pingmesh endpoint reads its peers so).
    Result<void> input(const QString &jobId, const QString &line) override;
    int runningCount() const { return int(m_jobs.size()); }
    /// Process group ids of the running jobs (tests check that none survives).
    QList<qint64> processGroups() const;

private:
    struct Job;
    void finish(const QString &jobId, int exitCode, bool crashed);
    void killGroup(Job &job, int signal);

    std::function<QStringList()> m_rdmaDevices;
    CommandBuilder m_commandBuilder;
    OutputLimiter::Limits m_outputLimits;
    QElapsedTimer m_clock;
    QTemporaryDir m_scriptDir;
    QString m_trainingScript;
    int m_nextId = 1;
    QHash<QString, std::shared_ptr<Job>> m_jobs;
};

}  // namespace roce::agent
