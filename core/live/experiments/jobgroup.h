#pragma once

#include "live/experiments/fabricwatch.h"
#include "live/inventory/experimenthost.h"
#include "proto/agentproto/jobspec.h"

#include <QList>
#include <QObject>
#include <QTimer>

#include <memory>

namespace roce::experiments {

/// One job of a group on one host.
struct GroupMember {
    ExperimentHost host;
    agentproto::JobSpec spec;
    QString what;  ///< for messages: "server on h1", "rank 2 on h5"
    /// Starts only once every member that does not wait has said "ready" (clients wait for
    /// their servers, which are confirmed listening first).
    bool waitsForReady = false;
    /// The group is done when every primary member succeeded; the others (servers) are given
    /// a moment to end by themselves and are then cancelled.
    bool primary = true;
};

/// How a group ended. The state is the group's: one member failing fails the group, and its
/// message names the member and quotes the tool ("client on h2: Couldn't connect to ...").
struct GroupOutcome {
    agentproto::JobState state = agentproto::JobState::Failed;
    QString error;
    QList<agentproto::JobResult> results;  ///< per member, in order
    QStringList outputs;                   ///< per member: every line it printed
    QJsonObject fabric;                    ///< FabricWatch::summary() of the hosts involved
    qint64 startedMs = 0, finishedMs = 0;
};

/// Runs a set of jobs across agents as one unit: connects to every member's agent, starts
/// servers, confirms they listen, starts clients (or all ranks together), streams their
/// output, watches the hosts' NIC counters, and ends cleanly whatever happens. A failure on
/// any side (the agent refuses, the tool fails, the agent is lost, the whole group overruns
/// its time) cancels every other member, so no process is left behind on any host; agents
/// also end the jobs of a connection that goes away, so this holds if the console dies too.
class JobGroup : public QObject
{
    Q_OBJECT

public:
    explicit JobGroup(QObject *parent = nullptr);
    ~JobGroup() override;

    /// Starts @p members; the group fails if it has not ended after @p timeoutMs.
    void start(const QList<GroupMember> &members, int timeoutMs);
    /// Cancels every member; finished() follows with state Cancelled.
    void cancel();
    bool running() const { return m_running; }

signals:
    void output(int member, const QString &line);
    /// A member's job has started (@p jobId on its agent).
    void memberStarted(int member, const QString &jobId);
    void finished(const roce::experiments::GroupOutcome &outcome);

private:
    struct Slot;
    /// Starts the members that wait, once every member that does not wait is ready.
    void onReady();
    void onMemberFinished(int member, const agentproto::JobResult &result);
    void fail(const QString &error);
    void stopAll();
    void checkDone();
    void finalize();
    void startMember(int member);

    std::vector<std::unique_ptr<Slot>> m_slots;
    GroupOutcome m_outcome;
    FabricWatch m_watch;
    QTimer m_deadline, m_grace, m_sampleWait;
    bool m_running = false;
    bool m_stopping = false;  ///< cancelling: the members' ends are expected
    bool m_finalizing = false;
    bool m_failed = false;
    bool m_cancelled = false;
    int m_timeoutMs = 0;
    qint64 m_doneMs = 0;
};

}  // namespace roce::experiments

Q_DECLARE_METATYPE(roce::experiments::GroupOutcome)
