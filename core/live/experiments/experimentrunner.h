#pragma once

#include "live/experiments/jobgroup.h"
#include "live/inventory/experimenthost.h"
#include "proto/agentproto/jobspec.h"
#include "proto/common/result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QObject>

#include <functional>

namespace roce::results {
class ResultStore;
}

namespace roce::experiments {

enum class ExperimentKind { Pair, Matrix, Training };

/// What to run. The job carries the tool and its parameters; the runner sets role, server
/// address and rank for each host.
struct ExperimentRequest {
    ExperimentKind kind = ExperimentKind::Pair;
    agentproto::JobSpec job;
    /// Pair: {server, client}. Matrix: the hosts to test between. Training: one rank each,
    /// rank 0 first (its address is the rendezvous).
    QList<ExperimentHost> hosts;
    QString hub;  ///< Matrix: test every host against this one; empty: every pair
    QString label;
    int stepTimeoutS = 0;  ///< 0: the tool's duration plus a margin
};

/// How an experiment ended, as recorded.
struct ExperimentOutcome {
    qint64 runId = 0;  ///< 0 when not recorded
    QString kind;      ///< the tool, "matrix" or "train"
    QString state;     ///< succeeded, failed, cancelled
    QString error;
    QJsonObject parameters, result, fabric;
    QString rawOutput;
    qint64 startedMs = 0, finishedMs = 0;
};

/// Runs an experiment through the agents (real ones, or the simulated fabric's, which speak
/// the same protocol): a server/client pair, a pairwise matrix (one pair after another, so
/// that the pairs do not disturb each other), or a training run with one rank per host. Each
/// experiment is one run in the results store, opened before anything starts, so that a
/// crash leaves a run the store closes as interrupted.
class ExperimentRunner : public QObject
{
    Q_OBJECT

public:
    /// Records in @p store when it is not null (it must outlive the runner).
    explicit ExperimentRunner(results::ResultStore *store, QObject *parent = nullptr);
    ~ExperimentRunner() override;

    /// Checks @p request and starts it; the run id (0 without a store) or why it cannot run.
    Result<qint64> start(const ExperimentRequest &request);
    void cancel();
    bool running() const { return m_running; }

    /// What the switch saw on the hosts' ports during a run (see switchSummary()); its
    /// answer goes into the run's fabric summary under "switch".
    using SwitchSummaryFn
        = std::function<QJsonObject(const QStringList &hosts, qint64 fromMs, qint64 toMs)>;
    void setSwitchSummary(SwitchSummaryFn fn) { m_switchSummary = std::move(fn); }

    static QString kindName(ExperimentKind kind);
    /// The value a matrix cell shows: Gb/s for bandwidth tools, typical us for latency.
    static std::optional<double> cellValue(const QString &tool, const QJsonObject &result);

signals:
    void progress(const QString &line);
    /// A training rank reported an iteration ({"iteration", "loss", "step_ms", ...}).
    void trainingIteration(int rank, const QString &host, const QJsonObject &iteration);
    /// A matrix cell is measured (@p value absent when the pair failed: @p error says why).
    void matrixCell(const QString &server, const QString &client, double value, bool measured,
                    const QString &error);
    void finished(const roce::experiments::ExperimentOutcome &outcome);

private:
    QList<GroupMember> pairMembers(const ExperimentHost &server,
                                   const ExperimentHost &client) const;
    QList<GroupMember> trainingMembers() const;
    int stepTimeoutMs() const;
    void runNextMatrixStep();
    void onGroupFinished(const GroupOutcome &g);
    void finishMatrix();
    void finish(const QString &state, const QString &error, const QJsonObject &result);

    results::ResultStore *m_store;
    SwitchSummaryFn m_switchSummary;
    ExperimentRequest m_request;
    JobGroup *m_group = nullptr;
    bool m_running = false;
    bool m_cancelled = false;
    ExperimentOutcome m_outcome;
    QList<QPair<int, int>> m_steps;  ///< matrix: (server, client) host indexes
    int m_step = 0;
    QJsonArray m_cells;
    QStringList m_raw;
    QList<QJsonObject> m_fabrics;
};

}  // namespace roce::experiments

Q_DECLARE_METATYPE(roce::experiments::ExperimentOutcome)
Q_DECLARE_METATYPE(roce::experiments::ExperimentRequest)
