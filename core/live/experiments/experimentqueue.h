#pragma once

#include "collect/results/resultstore.h"
#include "live/experiments/experimentrunner.h"

#include <QObject>
#include <QQueue>

namespace roce::experiments {

/// What the console's launcher drives: experiments run one after another (a preset such as
/// "RDMA vs TCP" queues two), each recorded in the store, with one cancel that stops the
/// running one and drops the rest. Network I/O is asynchronous, so it lives on the GUI
/// thread without blocking it.
class ExperimentQueue : public QObject
{
    Q_OBJECT

public:
    /// Records in @p store when not null (it must outlive the queue).
    explicit ExperimentQueue(results::ResultStore *store, QObject *parent = nullptr);

    void enqueue(const QList<ExperimentRequest> &requests);
    void cancel();
    bool busy() const { return m_runner.running() || !m_pending.isEmpty(); }
    /// How many runs the console lists.
    static constexpr int kRecentRuns = 200;
    /// The most recent runs of the store (empty without one).
    QList<results::RunRecord> recentRuns(int limit = kRecentRuns) const;
    /// Where runs are recorded (null: nowhere).
    const results::ResultStore *store() const { return m_store; }
    /// Whole records of @p ids, in that order (missing ones skipped).
    QList<results::RunRecord> runsById(const QList<qint64> &ids) const;
    const ExperimentRunner &runner() const { return m_runner; }
    void setSwitchSummary(ExperimentRunner::SwitchSummaryFn fn)
    {
        m_runner.setSwitchSummary(std::move(fn));
    }

signals:
    void busyChanged(bool busy);
    void progress(const QString &line);
    void runStarted(qint64 runId, const roce::experiments::ExperimentRequest &request);
    void runFinished(const roce::experiments::ExperimentOutcome &outcome);
    /// Forwarded from the runner (see ExperimentRunner).
    void trainingIteration(int rank, const QString &host, const QJsonObject &iteration);
    void matrixCell(const QString &server, const QString &client, double value, bool measured,
                    const QString &error);

private:
    void startNext();

    results::ResultStore *m_store;
    ExperimentRunner m_runner;
    QQueue<ExperimentRequest> m_pending;
};

}  // namespace roce::experiments
