#pragma once

#include "agentproto/agentserver.h"
#include "agentproto/jobrunner.h"
#include "sim/fabric.h"

#include <QHash>
#include <QHostAddress>
#include <QObject>

#include <memory>

namespace roce::sim {

class SimAgents;

/// The job runner of one simulated host: forwards to SimAgents, which drives the model.
class SimHostRunner final : public agentproto::JobRunner
{
    Q_OBJECT

public:
    SimHostRunner(SimAgents *agents, int host, QObject *parent = nullptr);
    Result<QString> start(const agentproto::JobSpec &spec) override;
    bool cancel(const QString &jobId) override;
    void cancelAll() override;
    int host() const { return m_host; }

private:
    friend class SimAgents;
    SimAgents *m_agents;
    int m_host;
};

/// One agent per simulated host, served with the real protocol code (AgentServer): samples
/// come from the model's counters in the agent's JSON form, and jobs drive the model: a
/// perftest/iperf3/sockperf client pairs with the listening server on its peer, starts
/// flows or ping-pong probes, and prints the tools' real output formats (parsed by the same
/// parsers as real runs); training ranks that share a rendezvous start a ring all-reduce
/// and stream one progress line per iteration. Advanced by SimService after each step.
class SimAgents : public QObject
{
    Q_OBJECT

public:
    SimAgents(Fabric &fabric, agentproto::AgentServerOptions serverOptions,
              QObject *parent = nullptr);
    ~SimAgents() override;

    /// Opens one port per host on @p address. Returns an error naming the host on failure.
    Result<void> listen(const QHostAddress &address);
    quint16 port(int host) const { return m_ports.value(host); }
    /// The sample a host's agent reports now.
    agentproto::AgentSample sample(int host) const;
    /// Progresses the running jobs; call after every advance of the model.
    void advance();
    int runningJobs() const { return int(m_jobs.size()); }

private:
    friend class SimHostRunner;
    struct Job;
    struct Rendezvous;
    Result<QString> start(int host, const agentproto::JobSpec &spec);
    bool cancel(const QString &jobId);
    void finish(Job &job, int exitCode, const QString &text, bool cancelled = false);
    void emitLine(Job &job, const QString &line);
    void beginTraffic(Job &client, Job &server);
    void completeClient(Job &client);
    int hostByAddress(const QString &address) const;
    void progressTraining();

    Fabric &m_fabric;
    agentproto::AgentServerOptions m_serverOptions;
    QList<SimHostRunner *> m_runners;
    QList<agentproto::AgentServer *> m_servers;
    QHash<int, quint16> m_ports;
    QHash<QString, std::shared_ptr<Job>> m_jobs;
    QHash<QString, Rendezvous> m_rendezvous;  ///< training ranks by master_addr:port
    int m_nextId = 1;
};

}  // namespace roce::sim
