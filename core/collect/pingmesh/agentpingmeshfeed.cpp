#include "collect/pingmesh/agentpingmeshfeed.h"

#include <QCoreApplication>
#include <QMutexLocker>

namespace roce::pingmesh {

namespace {

class AgentPingmeshFeedText
{
    Q_DECLARE_TR_FUNCTIONS(AgentPingmeshFeedText)
};

}  // namespace

AgentPingmeshFeed::AgentPingmeshFeed(QObject *parent)
    : QObject(parent), m_worker(QStringLiteral("pingmesh-agents"))
{
    qRegisterMetaType<roce::pingmesh::PingmeshSnapshot>();
}

AgentPingmeshFeed::~AgentPingmeshFeed()
{
    m_worker.stop();
}

void AgentPingmeshFeed::stop()
{
    // Deleting the run on its thread cancels nothing by itself: stop() first cancels the jobs.
    if (QObject *worker = m_worker.worker()) {
        m_worker.runAndWait([worker] {
            if (auto *run = worker->findChild<AgentPingmesh *>())
                run->stop();
        });
    }
    m_worker.stop();
    m_running = false;
}

void AgentPingmeshFeed::setPorts(const QList<model::PortSample> &ports)
{
    QMutexLocker lock(&m_mutex);
    m_ports = ports;
}

void AgentPingmeshFeed::start(const QList<agentproto::AgentEndpoint> &agents,
                              const QList<model::PortSample> &ports,
                              const AgentPingmeshOptions &options)
{
    stop();
    if (agents.isEmpty()) {
        emit failed(AgentPingmeshFeedText::tr(
            "the fabric has no agents to probe from (the embedded simulated fabric has none: "
            "choose one of its faults, or watch an inventory)"));
        return;
    }
    setPorts(ports);
    m_running = true;
    m_worker.start([this, agents, options](QObject *worker) {
        QList<AgentPingmeshMember> members;
        for (const agentproto::AgentEndpoint &a : agents)
            members.append({QString(), a, QString()});
        auto *run = new AgentPingmesh(members, options, worker);
        run->setFabricView([this] {
            QMutexLocker lock(&m_mutex);
            return m_ports;
        });
        connect(run, &AgentPingmesh::evaluated, worker, [this, run](const QList<Verdict> &v) {
            PingmeshSnapshot s;
            s.topology = QStringLiteral("agents");
            s.seconds = double(run->probingMs()) / 1000.0;
            s.endpoints = run->endpoints();
            s.pairs = run->pinglist();
            s.summaries = run->summaries();
            s.verdicts = v;
            s.probesSent = run->probesSent();
            if (s.summaries.size() == s.pairs.size())
                emit snapshot(s);
        });
        connect(run, &AgentPingmesh::memberFailed, worker,
                [this](const QString &member, const QString &reason) {
                    emit memberFailed(member, reason);
                });
        connect(run, &AgentPingmesh::finished, worker, [this, run] {
            if (run->endpoints().size() < 2 || !run->matrix()) {
                QStringList reasons;
                for (const auto &[name, reason] : run->failures())
                    reasons.append(name + QStringLiteral(": ") + reason);
                emit failed(reasons.isEmpty()
                                ? AgentPingmeshFeedText::tr("fewer than two endpoints answered")
                                : reasons.join(QStringLiteral("; ")));
            }
            m_running = false;
            emit finished();
        });
        run->start();
    });
}

}  // namespace roce::pingmesh
