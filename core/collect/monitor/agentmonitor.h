#pragma once

#include "collect/monitor/switchmonitor.h"
#include "proto/agentproto/agentclient.h"
#include "proto/common/workerthread.h"

#include <QJsonObject>
#include <QObject>

namespace roce::monitor {

/// One GID table entry of a host, with the RDMA port it belongs to: what a test launcher
/// offers for perftest's -d/-i/-x.
struct HostGid {
    QString device;
    int port = 1;
    agentproto::GidEntry gid;
};

/// Subscribes to the samples of many agents on a thread of its own and publishes one
/// SourceFrame (rows of that host's RDMA ports) per sample. A lost agent is reconnected
/// with backoff (1 s doubling to 30 s) and reported once per loss.
class AgentMonitor : public QObject
{
    Q_OBJECT

public:
    explicit AgentMonitor(QObject *parent = nullptr);
    ~AgentMonitor() override;

    void start(const QList<agentproto::AgentEndpoint> &agents, int intervalMs = 1000);
    void stop();

signals:
    void updated(const roce::model::SourceFrame &update);
    void agentLost(const QString &agent, const QString &reason);
    /// An agent reported lost (HOST:PORT) answers again.
    void agentBack(const QString &agent);
    /// A host's GID tables, when first seen and whenever they change.
    void gidTable(const QString &host, const QList<roce::monitor::HostGid> &gids);
    /// A host's RoCE settings as its agent reports them (nicConfigFromSample()), when first
    /// seen and whenever they change.
    void configReported(const QString &host, const QJsonObject &facts);

private:
    WorkerThread m_worker {QStringLiteral("agent-monitor")};
};

}  // namespace roce::monitor

Q_DECLARE_METATYPE(roce::monitor::HostGid)
