#pragma once

#include "sim/scenarios/livescenario.h"

#include <QList>
#include <QObject>
#include <QStringList>

#include <optional>

namespace roce::experiments {
class ExperimentQueue;
struct ExperimentRequest;
struct ExperimentOutcome;
}  // namespace roce::experiments

namespace roce::sim::twin {

/// The training run the console launched and that runs now, as the twin takes a job: its ranks
/// in ring order, the gradient bytes each all-reduce moves, the compute time between two
/// all-reduces and the step, read from what rank 0 reports each iteration (medians). Follows an
/// experiment queue: a run starts, reports iterations, ends.
class LaunchedTraining : public QObject
{
    Q_OBJECT

public:
    explicit LaunchedTraining(experiments::ExperimentQueue &queue, QObject *parent = nullptr);

    /// The running job; none before its first iteration (its gradient size is unknown until
    /// then) or when no training runs.
    std::optional<LaunchedJob> job() const;
    /// What the twin should say of the job (its transport).
    QStringList notes() const;

    // What the queue says, also for a caller that follows its own runner.
    void started(const experiments::ExperimentRequest &request);
    void iteration(int rank, const QJsonObject &iteration);
    void finished();

private:
    QStringList m_ranks;
    QString m_backend;
    Bytes m_gradientBytes = 0;
    QList<double> m_computeMs;  ///< rank 0's last iterations: step minus all-reduce
    QList<double> m_stepMs;     ///< and their steps
};

}  // namespace roce::sim::twin
