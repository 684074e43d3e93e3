#include "collect/monitor/sshcollectormonitor.h"

#include "collect/monitor/nicrates.h"
#include "collect/ssh/sshworker.h"

#include <QDateTime>

namespace roce::monitor {

SshCollectorMonitor::SshCollectorMonitor(QObject *parent) : QObject(parent)
{
    connect(&m_timer, &QTimer::timeout, this, &SshCollectorMonitor::poll);
}

SshCollectorMonitor::~SshCollectorMonitor() = default;

void SshCollectorMonitor::start(const QList<SshCollectedHost> &hosts, int intervalMs)
{
    stop();
    m_hosts = hosts;
    if (hosts.isEmpty())
        return;
    m_worker = std::make_unique<ssh::SshWorker>();
    connect(m_worker.get(), &ssh::SshWorker::collected, this,
            [this](int id, const agentproto::AgentSample &sample) {
                const QString host = m_pending.take(id);
                if (host.isEmpty())
                    return;
                m_inFlight.remove(host);
                if (m_lost.remove(host))
                    emit hostBack(host);
                auto &tracker = m_trackers[host];
                if (!tracker)
                    tracker = std::make_shared<NicRateTracker>();
                emit updated(tracker->update(sample, QDateTime::currentMSecsSinceEpoch()));
            });
    connect(m_worker.get(), &ssh::SshWorker::failed, this,
            [this](int id, const ssh::SshFailure &failure) {
                const QString host = m_pending.take(id);
                if (host.isEmpty())
                    return;
                m_inFlight.remove(host);
                if (!m_lost.contains(host)) {
                    m_lost.insert(host);
                    emit hostLost(host, failure.message);
                }
            });
    m_timer.start(intervalMs);
    poll();
}

void SshCollectorMonitor::stop()
{
    m_timer.stop();
    m_worker.reset();  // joins the SSH thread; its sessions close
    m_pending.clear();
    m_inFlight.clear();
    m_lost.clear();
    m_trackers.clear();
}

void SshCollectorMonitor::poll()
{
    if (!m_worker)
        return;
    for (const SshCollectedHost &h : std::as_const(m_hosts)) {
        if (m_inFlight.contains(h.name))
            continue;  // not stacked: the last round on this host is still running
        m_inFlight.insert(h.name);
        m_pending.insert(m_worker->collect(h.target, h.options), h.name);
    }
}

}  // namespace roce::monitor
