#include "live/experiments/jobgroup.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>

namespace roce::experiments {

namespace {

class JobGroupText
{
    Q_DECLARE_TR_FUNCTIONS(JobGroupText)
};

constexpr int kServerGraceMs = 3000;   ///< a server's own end after its client's
constexpr int kCancelAnswerMs = 5000;  ///< an agent's answer to a cancel
constexpr int kLastSampleMs = 1500;    ///< one more NIC sample after the end

}  // namespace

struct JobGroup::Slot {
    GroupMember member;
    agentproto::AgentClient *client = nullptr;
    int requestId = 0;
    QString jobId;
    bool requested = false;
    bool ready = false;
    bool connected = false;  ///< the agent answered once: a later loss is "lost"
    bool finished = false;
    agentproto::JobResult result;
    QString out;
};

JobGroup::JobGroup(QObject *parent) : QObject(parent)
{
    for (QTimer *t : {&m_deadline, &m_grace, &m_sampleWait})
        t->setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        if (m_stopping) {
            finalize();  // an agent never answered the cancel: dropping the link ends its jobs
            return;
        }
        fail(JobGroupText::tr("did not end within %1 s; every side was stopped")
                 .arg(m_timeoutMs / 1000));
    });
    connect(&m_grace, &QTimer::timeout, this, [this] {
        // The clients are done; a server that keeps listening (sockperf) is stopped.
        m_stopping = true;
        m_deadline.start(kCancelAnswerMs);
        for (const auto &s : m_slots) {
            if (!s->finished && !s->jobId.isEmpty())
                s->client->cancelJob(s->jobId);
        }
    });
    connect(&m_sampleWait, &QTimer::timeout, this, &JobGroup::finalize);
}

JobGroup::~JobGroup()
{
    // Closing the connections makes every agent end the jobs it still runs for us. Their
    // signals are cut first: the group is going away and must not react to its own ending.
    for (const auto &s : m_slots) {
        s->client->disconnect(this);
        s->client->disconnectFromAgent();
    }
}

void JobGroup::start(const QList<GroupMember> &members, int timeoutMs)
{
    Q_ASSERT(!m_running);
    for (const auto &s : m_slots) {
        s->client->disconnect(this);
        s->client->deleteLater();
    }
    m_slots.clear();
    m_outcome = {};
    m_watch = {};
    m_running = true;
    m_stopping = m_finalizing = m_failed = m_cancelled = false;
    m_doneMs = 0;
    m_timeoutMs = timeoutMs;
    m_outcome.startedMs = QDateTime::currentMSecsSinceEpoch();
    m_deadline.start(timeoutMs);
    for (int i = 0; i < members.size(); ++i) {
        auto slot = std::make_unique<Slot>();
        slot->member = members[i];
        slot->client = new agentproto::AgentClient(members[i].host.agent, this);
        Slot *s = slot.get();
        m_slots.push_back(std::move(slot));
        using agentproto::AgentClient;
        connect(s->client, &AgentClient::stateChanged, this, [this, s, i](AgentClient::State st) {
            if (m_finalizing)
                return;
            if (st == AgentClient::State::Ready) {
                s->connected = true;
                s->client->subscribe(1000);
                if (m_stopping)
                    return;
                if (!s->member.waitsForReady)
                    startMember(i);
                else
                    onReady();
            } else if ((st == AgentClient::State::Failed || st == AgentClient::State::Disconnected)
                       && !s->finished) {
                const QString where = s->member.host.agent.host + QLatin1Char(':')
                    + QString::number(s->member.host.agent.port);
                const QString why = s->client->lastError().isEmpty()
                    ? JobGroupText::tr("connection closed")
                    : s->client->lastError();
                s->finished = true;  // nothing more will come from this agent
                s->result.state = agentproto::JobState::Failed;
                s->result.error = s->connected
                    ? JobGroupText::tr("agent %1 lost: %2").arg(where, why)
                    : JobGroupText::tr("agent %1 unreachable: %2").arg(where, why);
                if (m_stopping)
                    checkDone();
                else
                    fail(s->member.what + QStringLiteral(": ") + s->result.error);
            }
        });
        connect(s->client, &AgentClient::requestFailed, this,
                [this, s](int requestId, const QString &code, const QString &message) {
                    if (requestId != s->requestId || s->finished)
                        return;
                    s->finished = true;
                    s->result.state = agentproto::JobState::Failed;
                    s->result.error = message;
                    if (m_stopping)
                        checkDone();
                    else
                        fail(JobGroupText::tr("%1: the agent refused the job (%2): %3")
                                 .arg(s->member.what, code, message));
                });
        connect(s->client, &AgentClient::jobStarted, this,
                [this, s, i](int requestId, const QString &jobId) {
                    if (requestId != s->requestId)
                        return;
                    s->jobId = jobId;
                    emit memberStarted(i, jobId);
                    if (m_stopping)
                        s->client->cancelJob(jobId);
                });
        connect(s->client, &AgentClient::jobReady, this, [this, s](const QString &jobId) {
            if (jobId != s->jobId)
                return;
            s->ready = true;
            onReady();
        });
        connect(s->client, &AgentClient::jobOutput, this,
                [this, s, i](const QString &jobId, const QString &, const QString &line) {
                    if (jobId != s->jobId)
                        return;
                    s->out += line + QLatin1Char('\n');
                    emit output(i, line);
                });
        connect(s->client, &AgentClient::jobFinished, this,
                [this, s, i](const agentproto::JobResult &result) {
                    if (result.jobId == s->jobId && !s->finished)
                        onMemberFinished(i, result);
                });
        connect(s->client, &AgentClient::sampleReceived, this,
                [this](const agentproto::AgentSample &sample, qint64 receivedMs) {
                    m_watch.add(sample, receivedMs);
                    if (m_doneMs && m_watch.allSampledSince(m_doneMs))
                        finalize();
                });
    }
    for (const auto &s : m_slots)
        s->client->connectToAgent();
}

void JobGroup::startMember(int member)
{
    Slot &s = *m_slots[size_t(member)];
    if (s.requested || m_stopping)
        return;
    s.requested = true;
    s.requestId = s.client->startJob(s.member.spec);
}

void JobGroup::onReady()
{
    const bool serversReady = std::all_of(m_slots.cbegin(), m_slots.cend(), [](const auto &s) {
        return s->member.waitsForReady || s->ready;
    });
    if (!serversReady || m_stopping)
        return;
    for (size_t i = 0; i < m_slots.size(); ++i) {
        if (m_slots[i]->member.waitsForReady
            && m_slots[i]->client->state() == agentproto::AgentClient::State::Ready)
            startMember(int(i));
    }
}

void JobGroup::onMemberFinished(int member, const agentproto::JobResult &result)
{
    Slot &s = *m_slots[size_t(member)];
    s.finished = true;
    s.result = result;
    const bool primariesDone = std::all_of(m_slots.cbegin(), m_slots.cend(), [](const auto &x) {
        return !x->member.primary
            || (x->finished && x->result.state == agentproto::JobState::Succeeded);
    });
    if (!m_stopping && result.state != agentproto::JobState::Succeeded && !primariesDone) {
        const QString why = !result.error.isEmpty() ? result.error
                                                    : JobGroupText::tr("%1 ended with exit code %2")
                                                          .arg(s.member.spec.tool)
                                                          .arg(result.exitCode);
        fail(s.member.what + QStringLiteral(": ") + why);
        return;
    }
    checkDone();
}

void JobGroup::fail(const QString &error)
{
    if (m_failed || m_cancelled || m_finalizing)
        return;
    m_failed = true;
    m_outcome.error = error;
    stopAll();
}

void JobGroup::cancel()
{
    if (!m_running || m_failed || m_cancelled || m_finalizing)
        return;
    m_cancelled = true;
    stopAll();
}

void JobGroup::stopAll()
{
    m_stopping = true;
    m_grace.stop();
    m_deadline.start(kCancelAnswerMs);
    for (const auto &s : m_slots) {
        if (s->finished)
            continue;
        if (!s->jobId.isEmpty()) {
            s->client->cancelJob(s->jobId);
        } else if (!s->requested) {
            s->finished = true;  // never started: nothing to stop
            s->result.state = agentproto::JobState::Cancelled;
            s->result.error = JobGroupText::tr("not started");
        }
        // Requested but not started yet: cancelled as soon as its job id arrives.
    }
    checkDone();
}

void JobGroup::checkDone()
{
    if (m_finalizing || m_doneMs)
        return;
    const bool allDone
        = std::all_of(m_slots.cbegin(), m_slots.cend(), [](const auto &s) { return s->finished; });
    if (!allDone) {
        const bool primariesDone = std::all_of(m_slots.cbegin(), m_slots.cend(), [](const auto &s) {
            return !s->member.primary || s->finished;
        });
        if (primariesDone && !m_stopping && !m_grace.isActive())
            m_grace.start(kServerGraceMs);
        return;
    }
    m_grace.stop();
    m_deadline.stop();
    m_doneMs = QDateTime::currentMSecsSinceEpoch();
    // One more NIC sample after the end, so that the counters cover the whole run.
    if (m_watch.isEmpty() || m_watch.allSampledSince(m_doneMs) || m_cancelled || m_failed)
        finalize();
    else
        m_sampleWait.start(kLastSampleMs);
}

void JobGroup::finalize()
{
    if (m_finalizing)
        return;
    m_finalizing = true;
    m_deadline.stop();
    m_grace.stop();
    m_sampleWait.stop();
    for (const auto &s : m_slots) {
        if (!s->finished) {
            s->result.state = agentproto::JobState::Failed;
            s->result.error = JobGroupText::tr("the agent did not answer the cancel; its "
                                               "connection was closed, which ends the job");
        }
        m_outcome.results.append(s->result);
        m_outcome.outputs.append(s->out);
        s->client->disconnectFromAgent();
    }
    m_outcome.fabric = m_watch.summary();
    m_outcome.finishedMs = QDateTime::currentMSecsSinceEpoch();
    m_outcome.state = m_failed ? agentproto::JobState::Failed
        : m_cancelled          ? agentproto::JobState::Cancelled
                               : agentproto::JobState::Succeeded;
    m_running = false;
    emit finished(m_outcome);
}

}  // namespace roce::experiments
