#pragma once

#include "collect/pingmesh/analyzer.h"
#include "collect/pingmesh/detectors.h"
#include "collect/pingmesh/pairmatrix.h"
#include "collect/pingmesh/pinglist.h"
#include "collect/pingmesh/verdict.h"
#include "proto/agentproto/agentclient.h"
#include "proto/agentproto/endpointlines.h"
#include "proto/datamodel/portsample.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>

namespace roce::pingmesh {

/// One endpoint of a pingmesh over agents: its server's name (as the agent and LLDP know it;
/// empty: as the agent says in its hello), where its agent is, and the RDMA device to probe
/// from (empty: every device of the agent with an active RoCE port, each an endpoint).
struct AgentPingmeshMember {
    QString name;
    agentproto::AgentEndpoint endpoint;
    QString device;
};

struct AgentPingmeshOptions {
    int seconds = 10;
    int ratePerSecond = 100;  ///< per endpoint, over its peers
    int probeTimeoutMs = 200;
    int sourcePorts = 8;
    /// How long to wait for the endpoints' addresses before probing among those that came.
    int addressWaitMs = 30000;
    PinglistOptions pinglist;
    /// Server or NIC id -> "switch/port" where LLDP cannot tell (the inventory's
    /// switch_port: virtual servers behind a hypervisor's uplink, which LLDP names instead):
    /// places those endpoints as the live model places them.
    QHash<QString, QString> placement;
};

/// A pingmesh run by the agents of a fabric (the agent protocol's "pingmesh" job): each
/// member's agent opens an endpoint and prints its address; once the addresses are in (or
/// the wait is over) the pinglist is computed here (all pairs up to 64 endpoints, every pair
/// under a switch plus sampled pairs across beyond) and each endpoint is handed its peers;
/// the probes stream back into the pair matrix, which the analyzer turns into verdicts once a
/// second, with the switches' port counters and LLDP when a live model is attached, and the
/// pause-cost detector runs on each NIC's pause time from its agent's samples and on each
/// switch port's pause frames from the live model (estimated: switchPauseObservations). Members
/// that cannot take part (agent unreachable, no RDMA device, an agent too old for the job)
/// are reported with their reason and the others go on.
class AgentPingmesh : public QObject
{
    Q_OBJECT

public:
    AgentPingmesh(QList<AgentPingmeshMember> members, AgentPingmeshOptions options,
                  QObject *parent = nullptr);
    ~AgentPingmesh() override;

    /// The live model's newest samples (switch ports with LLDP and rates), asked once a
    /// second: places endpoints on their switch ports and confirms link verdicts.
    void setFabricView(std::function<QList<model::PortSample>()> latest);
    void start();
    /// Cancels the jobs and ends the run (finished() follows).
    void stop();

    const QList<Endpoint> &endpoints() const { return m_endpoints; }
    const QList<PingPair> &pinglist() const { return m_pairs; }
    /// Null until the pinglist is handed out.
    const PairMatrix *matrix() const { return m_matrix.get(); }
    /// Verdicts that hold now.
    const QList<Verdict> &verdicts() const { return m_raised; }
    /// The pairs' summaries of the last evaluation with probing in its window.
    const QList<PairSummary> &summaries() const { return m_lastSummaries; }
    qint64 probesSent() const { return m_probesSent; }
    /// Milliseconds since the pinglist went out.
    qint64 probingMs() const { return elapsedMs(); }
    /// Members that could not take part or failed, with the reason.
    const QList<std::pair<QString, QString>> &failures() const { return m_failures; }
    bool isFinished() const { return m_finished; }
    /// The report `rocectl pingmesh --json` prints: {"source": "agents", "seconds", "matrix",
    /// "verdicts", "endpoints_failed": [{"name", "reason"}], "endpoint_results": [...]}.
    QJsonObject reportJson() const;

signals:
    /// The pinglist went out to @p endpoints endpoints.
    void probing(int endpoints, int pairs);
    /// One evaluation: the verdicts that hold now.
    void evaluated(const QList<roce::pingmesh::Verdict> &verdicts);
    void memberFailed(const QString &member, const QString &reason);
    void finished();

private:
    struct Member;
    void connectMember(Member *m);
    void startJob(Member &m);
    void expandDevices(Member &m, const agentproto::AgentSample &sample);
    void observePauses(Member &m, const agentproto::AgentSample &sample);
    void onOutput(Member &m, const QString &line);
    void handOutPinglist();
    void evaluate();
    void fail(Member &m, const QString &reason);
    void checkDone();
    qint64 elapsedMs() const { return m_clock.isValid() ? m_clock.elapsed() : 0; }

    QList<std::shared_ptr<Member>> m_members;
    AgentPingmeshOptions m_options;
    std::function<QList<model::PortSample>()> m_latest;
    QList<Endpoint> m_endpoints;
    QList<PingPair> m_pairs;
    QList<QHash<QString, int>> m_pairByPeer;  ///< per endpoint: peer name -> pair index
    std::unique_ptr<PairMatrix> m_matrix;
    std::unique_ptr<PairAnalyzer> m_analyzer;
    CounterDetectors m_detectors;
    VerdictDebouncer m_debouncer;
    QList<Verdict> m_raised;
    QList<PairSummary> m_lastSummaries;  ///< of the last evaluation that had probes
    QList<std::pair<QString, QString>> m_failures;
    QTimer m_addressWait;
    QTimer m_evaluation;
    QElapsedTimer m_clock;  ///< from the hand-out: the matrix's time
    qint64 m_probesSent = 0;
    qint64 m_lastSentMs = 0;  ///< when the last batch with sent probes came
    TimestampSource m_timestamps = TimestampSource::Software;
    bool m_handedOut = false;
    bool m_finished = false;
};

}  // namespace roce::pingmesh
