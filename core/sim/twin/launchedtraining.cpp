#include "sim/twin/launchedtraining.h"

#include "live/experiments/experimentqueue.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <algorithm>

namespace roce::sim::twin {

namespace {

class LaunchedTrainingText
{
    Q_DECLARE_TR_FUNCTIONS(LaunchedTrainingText)
};

/// Iterations the compute and step times are the medians of: enough to ride over a slow one.
constexpr qsizetype kComputeWindow = 9;

}  // namespace

LaunchedTraining::LaunchedTraining(experiments::ExperimentQueue &queue, QObject *parent)
    : QObject(parent)
{
    connect(&queue, &experiments::ExperimentQueue::runStarted, this,
            [this](qint64, const experiments::ExperimentRequest &request) { started(request); });
    connect(&queue, &experiments::ExperimentQueue::trainingIteration, this,
            [this](int rank, const QString &, const QJsonObject &it) { iteration(rank, it); });
    connect(&queue, &experiments::ExperimentQueue::runFinished, this,
            [this](const experiments::ExperimentOutcome &) { finished(); });
}

void LaunchedTraining::started(const experiments::ExperimentRequest &request)
{
    finished();
    if (request.kind != experiments::ExperimentKind::Training)
        return;
    // Rank 0 first, then the ring in the order the runner numbers the ranks. A rank is its
    // server, with the RDMA device the job names (the twin takes the server's first NIC
    // without one).
    for (const experiments::ExperimentHost &h : request.hosts)
        m_ranks.append(
            request.job.device.isEmpty() ? h.name : h.name + QLatin1Char('/') + request.job.device);
    m_backend = request.job.backend;
}

void LaunchedTraining::iteration(int rank, const QJsonObject &iteration)
{
    if (m_ranks.isEmpty() || rank != 0)
        return;
    const double grad = iteration.value(QStringLiteral("grad_bytes")).toDouble();
    const double step = iteration.value(QStringLiteral("step_ms")).toDouble();
    const double reduce = iteration.value(QStringLiteral("allreduce_ms")).toDouble();
    if (grad > 0)
        m_gradientBytes = Bytes(grad);
    if (step > 0 && reduce >= 0 && step >= reduce) {
        m_computeMs.append(step - reduce);
        m_stepMs.append(step);
        if (m_computeMs.size() > kComputeWindow) {
            m_computeMs.removeFirst();
            m_stepMs.removeFirst();
        }
    }
}

void LaunchedTraining::finished()
{
    m_ranks.clear();
    m_backend.clear();
    m_gradientBytes = 0;
    m_computeMs.clear();
    m_stepMs.clear();
}

std::optional<LaunchedJob> LaunchedTraining::job() const
{
    if (m_ranks.size() < 2 || m_gradientBytes <= 0 || m_computeMs.isEmpty())
        return std::nullopt;
    const auto medianNs = [](QList<double> v) {
        std::sort(v.begin(), v.end());
        return TimeNs(v[v.size() / 2] * double(kNsPerMs));
    };
    LaunchedJob job;
    job.ranks = m_ranks;
    job.gradientBytes = m_gradientBytes;
    job.computeTime = medianNs(m_computeMs);
    job.stepTime = medianNs(m_stepMs);
    return job;
}

QStringList LaunchedTraining::notes() const
{
    if (m_ranks.isEmpty())
        return {};
    if (!job())
        return {LaunchedTrainingText::tr("The training run launched from this console has not "
                                         "reported an iteration yet: its traffic counts as bulk "
                                         "flows.")};
    if (m_backend == QLatin1String("gloo"))
        return {LaunchedTrainingText::tr("The launched training run all-reduces with gloo over "
                                         "TCP sockets; the twin runs its ring as RDMA in the "
                                         "RoCE class.")};
    return {};
}

}  // namespace roce::sim::twin
