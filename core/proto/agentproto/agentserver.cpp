#include "proto/agentproto/agentserver.h"

#include "proto/agentproto/agentlistener.h"
#include "proto/agentproto/agentsession.h"
#include "proto/agentproto/sharedsample.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QSslConfiguration>
#include <QSslSocket>

#include <algorithm>

namespace roce::agentproto {

Q_LOGGING_CATEGORY(lcAgentServer, "roce.agent.server", QtInfoMsg)

JobRunner::~JobRunner() = default;

namespace {
class AgentServerText
{
    Q_DECLARE_TR_FUNCTIONS(AgentServerText)
};
}  // namespace

Result<void> JobRunner::input(const QString &jobId, const QString &)
{
    return makeError(ErrorCode::Unsupported,
                     AgentServerText::tr("job '%1' reads no input").arg(jobId));
}

AgentServer::AgentServer(SampleFunction sampler, JobRunner *jobs, const AgentServerOptions &options,
                         QObject *parent)
    : AgentServer(std::make_shared<SharedSample>(std::move(sampler), options.tickMs), jobs, options,
                  parent)
{ }

AgentServer::AgentServer(std::shared_ptr<SharedSample> samples, JobRunner *jobs,
                         AgentServerOptions options, QObject *parent)
    : QObject(parent),
      m_samples(std::move(samples)),
      m_jobs(jobs),
      m_options(std::move(options)),
      m_backoff(m_options.authBackoffBaseMs, m_options.authBackoffCapMs),
      m_listenerWarnings(m_options.warningsPerWindow * 4, m_options.warningWindowMs)
{
    m_clock.start();
    m_tick.setInterval(m_options.tickMs);
    connect(&m_tick, &QTimer::timeout, this, &AgentServer::onTick);
    // Often enough that each deadline is met within a quarter of itself, at most once a second.
    const int shortest
        = std::min({m_options.stuckTimeoutMs, m_options.idlePingMs, m_options.pingTimeoutMs, 4000});
    m_housekeeping.setInterval(std::max(25, shortest / 4));
    connect(&m_housekeeping, &QTimer::timeout, this, &AgentServer::onHousekeeping);
    if (!m_jobs)
        return;
    connect(m_jobs, &JobRunner::ready, this, [this](const QString &jobId) {
        forwardJobEvent(jobId,
                        {{QStringLiteral("type"), QStringLiteral("job_ready")},
                         {QStringLiteral("job_id"), jobId}});
    });
    connect(m_jobs, &JobRunner::output, this,
            [this](const QString &jobId, const QString &stream, const QString &line) {
                forwardJobEvent(jobId,
                                {{QStringLiteral("type"), QStringLiteral("job_output")},
                                 {QStringLiteral("job_id"), jobId},
                                 {QStringLiteral("stream"), stream},
                                 {QStringLiteral("line"), line}});
            });
    connect(m_jobs, &JobRunner::finished, this, [this](const JobResult &result) {
        QJsonObject m = jobResultToJson(result);
        m.insert(QStringLiteral("type"), QStringLiteral("job_result"));
        forwardJobEvent(result.jobId, m);
        if (Session *owner = m_jobOwners.take(result.jobId))
            owner->jobs.removeAll(result.jobId);
    });
}

AgentServer::~AgentServer()
{
    if (m_jobs)
        m_jobs->cancelAll();
}

void AgentServer::forwardJobEvent(const QString &jobId, const QJsonObject &message)
{
    if (Session *owner = m_jobOwners.value(jobId))
        owner->sendJobEvent(jobId, message);
}

quint16 AgentServer::listen(const QHostAddress &address, quint16 port)
{
    std::optional<QSslConfiguration> tls;
    if (!m_options.plaintext) {
        QSslConfiguration config = QSslConfiguration::defaultConfiguration();
        config.setLocalCertificate(m_options.certificate);
        config.setPrivateKey(m_options.key);
        if (!m_options.clientCa.isEmpty()) {
            config.setCaCertificates(m_options.clientCa);
            config.setPeerVerifyMode(QSslSocket::QueryPeer);  // a certificate replaces the token
        } else {
            config.setPeerVerifyMode(QSslSocket::VerifyNone);
        }
        tls = config;
    }
    auto *listener = new AgentListener(
        tls, [this] { return admission(); }, this);
    connect(listener, &AgentListener::accepted, this, &AgentServer::onAccepted);
    connect(listener, &AgentListener::refused, this, [this](const QString &reason) {
        warn(AgentServerText::tr("connection refused at accept: %1").arg(reason));
    });
    connect(
        listener, &QTcpServer::acceptError, this, [this, listener](QAbstractSocket::SocketError) {
            warn(AgentServerText::tr("accept failed, retrying: %1").arg(listener->errorString()));
        });
    if (!listener->listen(address, port)) {
        m_error = listener->errorString();
        delete listener;
        return 0;
    }
    m_listener = listener;
    return listener->serverPort();
}

QString AgentServer::admission() const
{
    if (connectionCount() >= m_options.maxConnections)
        return AgentServerText::tr("%1 connections open, the most allowed").arg(connectionCount());
    if (unauthenticatedCount() >= m_options.maxUnauthenticated)
        return AgentServerText::tr("%1 connections not yet authenticated, the most allowed")
            .arg(unauthenticatedCount());
    return {};
}

void AgentServer::onAccepted(QTcpSocket *socket)
{
    m_sessions.append(new Session(this, socket));
    if (!m_housekeeping.isActive())
        m_housekeeping.start();
}

void AgentServer::warn(const QString &text)
{
    if (!m_listenerWarnings.allow(nowMs()))
        return;
    if (const int n = m_listenerWarnings.takeSuppressed())
        qCWarning(lcAgentServer).noquote() << n << "warnings about new connections suppressed";
    qCWarning(lcAgentServer).noquote() << text;
}

void AgentServer::subscriptionsChanged()
{
    const bool any = std::any_of(m_sessions.cbegin(), m_sessions.cend(),
                                 [](const Session *s) { return s->subscribed(); });
    if (any && !m_tick.isActive())
        m_tick.start();
    else if (!any)
        m_tick.stop();
}

void AgentServer::onTick()
{
    // Every subscriber due on this tick gets the same sample, taken (and serialized) once.
    // Half a tick of slack: a 100 ms subscriber is due on every tick despite timer jitter.
    const qint64 now = nowMs();
    const qint64 horizon = now + m_options.tickMs / 2;
    const QList<Session *> sessions = m_sessions;
    for (Session *s : sessions) {
        if (s->sampleDue(horizon))
            s->deliverSample(now);
    }
}

void AgentServer::onHousekeeping()
{
    const qint64 now = nowMs();
    const QList<Session *> sessions = m_sessions;
    for (Session *s : sessions)
        s->housekeeping(now);
    if (const int n = m_listenerWarnings.takeSuppressedAfterWindow(now))
        qCWarning(lcAgentServer).noquote() << n << "warnings about new connections suppressed";
    if (m_sessions.isEmpty())
        m_housekeeping.stop();
}

int AgentServer::connectionCount() const
{
    return int(m_sessions.size());
}

int AgentServer::unauthenticatedCount() const
{
    return int(std::count_if(m_sessions.cbegin(), m_sessions.cend(),
                             [](const Session *s) { return !s->authenticated(); }));
}

int AgentServer::refusedCount() const
{
    return m_listener ? m_listener->refusedCount() : 0;
}

qint64 AgentServer::preAuthBufferedBytes() const
{
    qint64 bytes = 0;
    for (const Session *s : m_sessions)
        bytes += s->preAuthBytes();
    return bytes;
}

qint64 AgentServer::largestSendQueue() const
{
    qint64 largest = 0;
    for (const Session *s : m_sessions)
        largest = std::max(largest, s->sendQueue());
    return largest;
}

}  // namespace roce::agentproto
