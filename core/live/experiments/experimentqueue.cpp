#include "live/experiments/experimentqueue.h"

#include "collect/results/resultstore.h"

#include <QCoreApplication>
#include <QDateTime>

namespace roce::experiments {

namespace {

class ExperimentQueueText
{
    Q_DECLARE_TR_FUNCTIONS(ExperimentQueueText)
};

}  // namespace

ExperimentQueue::ExperimentQueue(results::ResultStore *store, QObject *parent)
    : QObject(parent), m_store(store), m_runner(store)
{
    connect(&m_runner, &ExperimentRunner::progress, this, &ExperimentQueue::progress);
    connect(&m_runner, &ExperimentRunner::trainingIteration, this,
            &ExperimentQueue::trainingIteration);
    connect(&m_runner, &ExperimentRunner::matrixCell, this, &ExperimentQueue::matrixCell);
    connect(&m_runner, &ExperimentRunner::finished, this, [this](const ExperimentOutcome &o) {
        emit runFinished(o);
        // Queued: the runner is still inside its finished() emission.
        QMetaObject::invokeMethod(this, &ExperimentQueue::startNext, Qt::QueuedConnection);
    });
}

void ExperimentQueue::enqueue(const QList<ExperimentRequest> &requests)
{
    const bool wasBusy = busy();
    for (const ExperimentRequest &r : requests)
        m_pending.enqueue(r);
    if (!wasBusy && busy())
        emit busyChanged(true);
    if (!m_runner.running())
        startNext();
}

void ExperimentQueue::cancel()
{
    m_pending.clear();
    if (m_runner.running())
        m_runner.cancel();
    else
        emit busyChanged(false);
}

void ExperimentQueue::startNext()
{
    if (m_runner.running())
        return;
    while (!m_pending.isEmpty()) {
        const ExperimentRequest request = m_pending.dequeue();
        const auto started = m_runner.start(request);
        if (started) {
            emit runStarted(*started, request);
            return;
        }
        // Refused before anything ran: said once, and the next one goes.
        ExperimentOutcome refused;
        refused.kind = request.job.tool;
        refused.state = QStringLiteral("failed");
        refused.error = started.error().message;
        refused.startedMs = refused.finishedMs = QDateTime::currentMSecsSinceEpoch();
        emit progress(ExperimentQueueText::tr("not started: %1").arg(refused.error));
        emit runFinished(refused);
    }
    emit busyChanged(false);
}

QList<results::RunRecord> ExperimentQueue::recentRuns(int limit) const
{
    if (!m_store)
        return {};
    const auto runs = m_store->runs(limit);
    return runs ? *runs : QList<results::RunRecord> {};
}

QList<results::RunRecord> ExperimentQueue::runsById(const QList<qint64> &ids) const
{
    QList<results::RunRecord> out;
    if (!m_store)
        return out;
    for (qint64 id : ids) {
        const auto r = m_store->run(id);
        if (r && *r)
            out.append(**r);
    }
    return out;
}

}  // namespace roce::experiments
