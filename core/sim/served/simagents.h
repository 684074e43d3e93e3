#pragma once

#include "proto/agentproto/agentserver.h"
#include "proto/agentproto/jobrunner.h"
#include "sim/engine/fabric.h"
#include "sim/observe/simpingmesh.h"

#include <QHash>
#include <QHostAddress>
#include <QObject>

#include <memory>

namespace roce::sim {

class SimAgents;

/// One agent of a simulated server: the host name it reports and the model hosts (one per
/// RDMA NIC) whose devices and netdevs its samples carry.
struct SimAgentHost {
    QString name;
    QList<int> nics;  ///< model host indexes, the first one the default for jobs
};

/// The job runner of one simulated server: forwards to SimAgents, which drives the model.
/// A job runs on the NIC whose RDMA device it names (the first NIC when it names none).
class SimHostRunner final : public agentproto::JobRunner
{
    Q_OBJECT

public:
    SimHostRunner(SimAgents *agents, QList<int> hosts, QObject *parent = nullptr);
    Result<QString> start(const agentproto::JobSpec &spec) override;
    bool cancel(const QString &jobId) override;
    void cancelAll() override;
    Result<void> input(const QString &jobId, const QString &line) override;
    int host() const { return m_hosts.first(); }

private:
    friend class SimAgents;
    SimAgents *m_agents;
    QList<int> m_hosts;
};

/// One agent per simulated host, served with the real protocol code (AgentServer): samples
/// come from the model's counters in the agent's JSON form, and jobs drive the model: a
/// perftest/iperf3/sockperf client pairs with the listening server on its peer, starts
/// flows or ping-pong probes, and prints the tools' real output formats (parsed by the same
/// parsers as real runs); training ranks that share a rendezvous start a ring all-reduce
/// and stream one progress line per iteration; pingmesh endpoints print their address, take
/// their peers and stream their probes' round trips as the model gives them (the lines of
/// proto/agentproto/endpointlines.h). Advanced by SimService after each step.
class SimAgents : public QObject
{
    Q_OBJECT

public:
    SimAgents(Fabric &fabric, agentproto::AgentServerOptions serverOptions,
              QObject *parent = nullptr);
    ~SimAgents() override;

    /// Opens one port per host on @p address. Returns an error naming the host on failure.
    Result<void> listen(const QHostAddress &address, quint16 basePort = 0);
    /// Opens one port per agent of @p agents (a server with several NICs reports them all);
    /// port() is then indexed by agent.
    Result<void> listen(const QHostAddress &address, const QList<SimAgentHost> &agents,
                        quint16 basePort = 0);
    quint16 port(int agent) const { return m_ports.value(agent); }
    /// The sample a host's agent reports now.
    agentproto::AgentSample sample(int host) const;
    /// The sample of a server's agent: every NIC of @p agent, under its name.
    agentproto::AgentSample sample(const SimAgentHost &agent) const;
    /// Progresses the running jobs; call after every advance of the model.
    void advance();
    int runningJobs() const { return int(m_jobs.size() + m_pingmeshJobs.size()); }
    /// What answers the pingmesh jobs' probes, with its faults (a bad NIC, a bad link).
    SimPingmesh &pingmesh();

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
    /// The model hosts @p address names: a NIC's address or name, or a server's name (all its
    /// NICs: on a rail fabric, `--server gpu0001` as the inventory names it).
    QList<int> hostsByAddress(const QString &address) const;
    void progressTraining();
    // Pingmesh endpoints (simagentspingmesh.cpp).
    struct PingmeshJob;
    Result<QString> startPingmesh(int host, const agentproto::JobSpec &spec);
    Result<void> pingmeshInput(const QString &jobId, const QString &line);
    void progressPingmesh();
    bool cancelPingmesh(const QString &jobId);
    void cancelPingmeshOf(const SimHostRunner *runner);
    void finishPingmesh(PingmeshJob &job, int exitCode, const QString &error);

    Fabric &m_fabric;
    agentproto::AgentServerOptions m_serverOptions;
    QList<SimHostRunner *> m_runners;  ///< by model host (the runner of its server)
    QList<agentproto::AgentServer *> m_servers;
    QHash<int, quint16> m_ports;
    QHash<QString, QList<int>> m_serverNics;  ///< an agent's host name -> its NICs' model hosts
    QHash<QString, std::shared_ptr<Job>> m_jobs;
    QHash<QString, Rendezvous> m_rendezvous;  ///< training ranks by master_addr:port
    int m_nextId = 1;
    std::unique_ptr<SimPingmesh> m_pingmesh;
    QHash<QString, std::shared_ptr<PingmeshJob>> m_pingmeshJobs;
};

}  // namespace roce::sim
