#pragma once

#include "collect/monitor/switchmonitor.h"
#include "collect/ssh/sshcollector.h"
#include "collect/ssh/sshsession.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QTimer>

#include <memory>

namespace roce::ssh {
class SshWorker;
}

namespace roce::monitor {

class NicRateTracker;

/// A server without an agent, read over SSH.
struct SshCollectedHost {
    QString name;
    ssh::SshTarget target;
    ssh::SshCollectorOptions options;
};

/// Polls servers that have no agent through the SSH fallback collector (`rdma statistic`,
/// `rdma link`, `ethtool -S`) on the SSH worker thread, and publishes their NIC rows as the
/// agent monitor does (same rate tracker, same rows). A round is not stacked on a host whose
/// previous one is still running; a host that fails is reported once until it answers again.
/// Host keys are checked against known_hosts: an unknown or changed key is a failure here
/// (trusting happens in the inventory dialog, with the user).
class SshCollectorMonitor : public QObject
{
    Q_OBJECT

public:
    explicit SshCollectorMonitor(QObject *parent = nullptr);
    ~SshCollectorMonitor() override;

    void start(const QList<SshCollectedHost> &hosts, int intervalMs = 5000);
    void stop();

signals:
    void updated(const roce::model::SourceFrame &update);
    void hostLost(const QString &host, const QString &reason);
    void hostBack(const QString &host);

private:
    void poll();

    std::unique_ptr<ssh::SshWorker> m_worker;
    QTimer m_timer;
    QList<SshCollectedHost> m_hosts;
    QHash<int, QString> m_pending;  ///< request id -> host
    QSet<QString> m_inFlight;
    QSet<QString> m_lost;
    QHash<QString, std::shared_ptr<NicRateTracker>> m_trackers;
};

}  // namespace roce::monitor

Q_DECLARE_METATYPE(roce::monitor::SshCollectedHost)
