#pragma once

#include "collect/pingmesh/agentpingmesh.h"
#include "collect/pingmesh/snapshot.h"
#include "proto/agentproto/agentclient.h"
#include "proto/common/workerthread.h"
#include "proto/datamodel/portsample.h"

#include <QMutex>

#include <QObject>
#include <atomic>

namespace roce::pingmesh {

/// The fabric's agents' pingmesh for the console: an AgentPingmesh on a thread of its own
/// (its connections, the probes' lines and the analysis stay off the GUI thread), publishing a
/// snapshot after each evaluation, as the simulated fabric's feed does.
class AgentPingmeshFeed : public QObject
{
    Q_OBJECT

public:
    explicit AgentPingmeshFeed(QObject *parent = nullptr);
    ~AgentPingmeshFeed() override;

    /// Starts (or restarts) a pingmesh among every RoCE device of @p agents; @p ports is the
    /// live model's newest samples (LLDP places the endpoints, port counters confirm links).
    /// failed() at once when there are no agents.
    void start(const QList<agentproto::AgentEndpoint> &agents,
               const QList<model::PortSample> &ports, const AgentPingmeshOptions &options);
    /// The live model's newer samples (thread-safe; the analysis reads the newest).
    void setPorts(const QList<model::PortSample> &ports);
    void stop();
    bool isRunning() const { return m_running.load(); }

signals:
    void snapshot(const roce::pingmesh::PingmeshSnapshot &snapshot);
    /// An endpoint left out, with the reason (the others go on).
    void memberFailed(const QString &member, const QString &reason);
    /// The run could not go on (no agents, fewer than two endpoints).
    void failed(const QString &message);
    void finished();

private:
    WorkerThread m_worker;
    mutable QMutex m_mutex;
    QList<model::PortSample> m_ports;
    std::atomic<bool> m_running = false;
};

}  // namespace roce::pingmesh
