#include "live/experiments/experimentrunner.h"

#include "collect/results/resultstore.h"
#include "collect/results/runmetrics.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace roce::experiments {

namespace {

class ExperimentText
{
    Q_DECLARE_TR_FUNCTIONS(ExperimentText)
};

double median(QList<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/// Sums the "totals" of several fabric summaries (the steps of a matrix).
QJsonObject mergeFabric(const QList<QJsonObject> &fabrics)
{
    QJsonObject totals;
    double seconds = 0;
    for (const QJsonObject &f : fabrics) {
        seconds += f.value(QStringLiteral("seconds")).toDouble();
        const QJsonObject t = f.value(QStringLiteral("totals")).toObject();
        for (auto it = t.constBegin(); it != t.constEnd(); ++it)
            totals.insert(it.key(), totals.value(it.key()).toDouble() + it.value().toDouble());
    }
    return {{QStringLiteral("seconds"), seconds}, {QStringLiteral("totals"), totals}};
}

}  // namespace

ExperimentRunner::ExperimentRunner(results::ResultStore *store, QObject *parent)
    : QObject(parent), m_store(store)
{ }

ExperimentRunner::~ExperimentRunner()
{
    if (m_running && m_outcome.runId && m_store) {
        // Destroyed mid-run (the console closes): the run is closed as cancelled, and the
        // group's destructor drops the agent links, which ends every job.
        (void)m_store->finishRun(m_outcome.runId, QStringLiteral("cancelled"), {},
                                 m_raw.join(QLatin1Char('\n')),
                                 ExperimentText::tr("the console closed during the run"),
                                 QDateTime::currentMSecsSinceEpoch());
    }
}

QString ExperimentRunner::kindName(ExperimentKind kind)
{
    switch (kind) {
    case ExperimentKind::Pair:
        return QStringLiteral("pair");
    case ExperimentKind::Matrix:
        return QStringLiteral("matrix");
    case ExperimentKind::Training:
        return QStringLiteral("train");
    }
    return {};
}

std::optional<double> ExperimentRunner::cellValue(const QString &tool, const QJsonObject &result)
{
    const results::RunMetrics m = results::metricsOf(tool, result);
    if (m.bandwidthGbps)
        return m.bandwidthGbps;
    if (m.latency.median)
        return m.latency.median;
    return m.latency.average;
}

int ExperimentRunner::stepTimeoutMs() const
{
    if (m_request.stepTimeoutS > 0)
        return m_request.stepTimeoutS * 1000;
    const agentproto::JobSpec &j = m_request.job;
    if (j.timeoutS > 0)
        return (j.timeoutS + 10) * 1000;
    int seconds = j.durationS;
    if (!seconds) {
        seconds = j.tool == QLatin1String("train") ? 600
            : j.isPerftest()                       ? (j.allSizes ? 300 : 120)
                                                   : 10;
    }
    return (seconds + 60) * 1000;
}

QList<GroupMember> ExperimentRunner::pairMembers(const ExperimentHost &server,
                                                 const ExperimentHost &client) const
{
    GroupMember s {server, m_request.job, ExperimentText::tr("server on %1").arg(server.name),
                   false, false};
    s.spec.role = QStringLiteral("server");
    s.spec.server.clear();
    GroupMember c {client, m_request.job, ExperimentText::tr("client on %1").arg(client.name), true,
                   true};
    c.spec.role = QStringLiteral("client");
    c.spec.server = server.dataAddress;
    return {s, c};
}

QList<GroupMember> ExperimentRunner::trainingMembers() const
{
    QList<GroupMember> members;
    for (int r = 0; r < m_request.hosts.size(); ++r) {
        GroupMember m {m_request.hosts[r], m_request.job,
                       ExperimentText::tr("rank %1 on %2").arg(r).arg(m_request.hosts[r].name),
                       false, true};
        m.spec.role = QStringLiteral("rank");
        m.spec.rank = r;
        m.spec.worldSize = int(m_request.hosts.size());
        m.spec.masterAddr = m_request.hosts.first().dataAddress;
        members.append(m);
    }
    return members;
}

Result<qint64> ExperimentRunner::start(const ExperimentRequest &request)
{
    if (m_running)
        return makeError(ErrorCode::Busy, ExperimentText::tr("an experiment is already running"));
    const bool training = request.kind == ExperimentKind::Training;
    if (training != (request.job.tool == QLatin1String("train"))) {
        return makeError(ErrorCode::InvalidArgument,
                         training ? ExperimentText::tr("a training run runs the train tool")
                                  : ExperimentText::tr("train runs as a training experiment"));
    }
    const qsizetype minimum = request.kind == ExperimentKind::Training ? 1 : 2;
    if (request.hosts.size() < minimum) {
        return makeError(ErrorCode::InvalidArgument,
                         ExperimentText::tr("%1 needs at least %n host(s)", nullptr, int(minimum))
                             .arg(kindName(request.kind)));
    }
    for (const ExperimentHost &h : request.hosts) {
        if (h.dataAddress.isEmpty()) {
            return makeError(ErrorCode::InvalidArgument,
                             ExperimentText::tr("host %1 has no test address").arg(h.name));
        }
    }
    // The job as the agents will get it, checked by their own parser first: a wrong field is
    // refused here, before any server starts, with the same message.
    QJsonObject probe = agentproto::jobSpecToJson(request.job);
    if (training) {
        probe.insert(QStringLiteral("world_size"), int(request.hosts.size()));
        probe.insert(QStringLiteral("master_addr"), request.hosts.first().dataAddress);
    } else {
        probe.insert(QStringLiteral("role"), QStringLiteral("server"));
        probe.remove(QStringLiteral("server"));
    }
    if (const auto valid = agentproto::parseJobSpec(probe); !valid)
        return makeError(ErrorCode::InvalidArgument, valid.error().message);
    m_request = request;
    m_steps.clear();
    if (request.kind == ExperimentKind::Pair) {
        m_steps.append({0, 1});
    } else if (request.kind == ExperimentKind::Matrix) {
        int hub = -1;
        if (!request.hub.isEmpty()) {
            for (int i = 0; i < request.hosts.size(); ++i) {
                if (request.hosts[i].name == request.hub)
                    hub = i;
            }
            if (hub < 0) {
                return makeError(
                    ErrorCode::InvalidArgument,
                    ExperimentText::tr("the hub %1 is not one of the hosts").arg(request.hub));
            }
        }
        for (int a = 0; a < request.hosts.size(); ++a) {
            for (int b = 0; b < request.hosts.size(); ++b) {
                if (a == b)
                    continue;
                // Every ordered pair (a link can be slow one way only), or every host
                // against the hub as client.
                if (hub < 0 || a == hub)
                    m_steps.append({a, b});
            }
        }
    }

    m_outcome = {};
    m_outcome.kind
        = request.kind == ExperimentKind::Pair ? request.job.tool : kindName(request.kind);
    QJsonObject parameters = agentproto::jobSpecToJson(request.job);
    parameters.remove(QStringLiteral("role"));
    parameters.remove(QStringLiteral("server"));
    parameters.remove(QStringLiteral("rank"));
    parameters.insert(QStringLiteral("experiment"), kindName(request.kind));
    QJsonArray hosts;
    for (const ExperimentHost &h : request.hosts)
        hosts.append(QJsonObject {{QStringLiteral("name"), h.name},
                                  {QStringLiteral("address"), h.dataAddress}});
    parameters.insert(QStringLiteral("hosts"), hosts);
    if (!request.hub.isEmpty())
        parameters.insert(QStringLiteral("hub"), request.hub);
    if (request.kind == ExperimentKind::Training)
        parameters.insert(QStringLiteral("world_size"), int(request.hosts.size()));
    m_outcome.parameters = parameters;
    m_outcome.startedMs = QDateTime::currentMSecsSinceEpoch();
    if (m_store) {
        const auto id
            = m_store->beginRun(m_outcome.kind, request.label, parameters, m_outcome.startedMs);
        if (!id)
            return id.error();
        m_outcome.runId = *id;
    }
    m_running = true;
    m_cancelled = false;
    m_step = 0;
    m_cells = {};
    m_raw.clear();
    m_fabrics.clear();

    m_group = new JobGroup(this);
    connect(m_group, &JobGroup::output, this, [this](int member, const QString &line) {
        if (m_request.kind == ExperimentKind::Training) {
            const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
            if (o.contains(QStringLiteral("iteration")))
                emit trainingIteration(member, m_request.hosts.value(member).name, o);
            // Every rank reports the same iterations: rank 0 speaks for the job, the others
            // only with what is not progress (a warning, an error).
            if (member > 0 && !o.isEmpty())
                return;
            if (member > 0) {
                emit progress(ExperimentText::tr("rank %1: %2").arg(member).arg(line));
                return;
            }
        }
        emit progress(line);
    });
    connect(m_group, &JobGroup::finished, this, &ExperimentRunner::onGroupFinished);
    if (request.kind == ExperimentKind::Training)
        m_group->start(trainingMembers(), stepTimeoutMs());
    else
        runNextMatrixStep();
    return m_outcome.runId;
}

void ExperimentRunner::runNextMatrixStep()
{
    if (m_cancelled) {
        finishMatrix();
        return;
    }
    const auto [a, b] = m_steps[m_step];
    emit progress(ExperimentText::tr("%1: %2 -> %3 (%4 of %5)")
                      .arg(m_request.job.tool, m_request.hosts[a].name, m_request.hosts[b].name)
                      .arg(m_step + 1)
                      .arg(m_steps.size()));
    m_group->start(pairMembers(m_request.hosts[a], m_request.hosts[b]), stepTimeoutMs());
}

void ExperimentRunner::cancel()
{
    if (!m_running)
        return;
    m_cancelled = true;
    m_group->cancel();
}

void ExperimentRunner::onGroupFinished(const GroupOutcome &g)
{
    const QString groupState = agentproto::jobStateName(g.state);
    if (m_request.kind == ExperimentKind::Training) {
        QJsonArray ranks;
        double stepSum = 0, allreduceSum = 0;
        int summarized = 0;
        for (int r = 0; r < g.results.size(); ++r) {
            const QJsonObject s = g.results[r].parsed;
            QJsonObject rank {
                {QStringLiteral("rank"), r},
                {QStringLiteral("host"), m_request.hosts[r].name},
                {QStringLiteral("state"), agentproto::jobStateName(g.results[r].state)},
                {QStringLiteral("summary"), s}};
            if (!g.results[r].error.isEmpty())
                rank.insert(QStringLiteral("error"), g.results[r].error);
            ranks.append(rank);
            if (s.contains(QStringLiteral("mean_step_ms"))) {
                stepSum += s.value(QStringLiteral("mean_step_ms")).toDouble();
                allreduceSum += s.value(QStringLiteral("mean_allreduce_ms")).toDouble();
                ++summarized;
            }
            m_raw.append(QStringLiteral("# rank %1 on %2").arg(r).arg(m_request.hosts[r].name));
            m_raw.append(g.outputs.value(r));
        }
        QJsonObject result {{QStringLiteral("ranks"), ranks},
                            {QStringLiteral("world_size"), int(m_request.hosts.size())},
                            {QStringLiteral("backend"), m_request.job.backend}};
        if (summarized) {
            const QJsonObject rank0 = g.results.value(0).parsed;
            result.insert(QStringLiteral("mean_step_ms"), stepSum / summarized);
            result.insert(QStringLiteral("mean_allreduce_ms"), allreduceSum / summarized);
            for (const char *key : {"final_loss", "iterations", "progress"}) {
                if (rank0.contains(QLatin1String(key)))
                    result.insert(QLatin1String(key), rank0.value(QLatin1String(key)));
            }
        }
        m_outcome.fabric = g.fabric;
        finish(groupState, g.error, result);
        return;
    }

    const auto [a, b] = m_steps[m_step];
    const ExperimentHost &server = m_request.hosts[a];
    const ExperimentHost &client = m_request.hosts[b];
    const agentproto::JobResult clientResult = g.results.value(1);
    m_raw.append(QStringLiteral("# server on %1").arg(server.name));
    m_raw.append(g.outputs.value(0));
    m_raw.append(QStringLiteral("# client on %1").arg(client.name));
    m_raw.append(g.outputs.value(1));
    m_fabrics.append(g.fabric);

    if (m_request.kind == ExperimentKind::Pair) {
        m_outcome.fabric = g.fabric;
        finish(groupState, g.error, clientResult.parsed);
        return;
    }

    // A plain value and a flag: GCC's -Wmaybe-uninitialized misreads optionals here.
    double value = 0;
    bool measured = false;
    if (g.state == agentproto::JobState::Succeeded) {
        if (const auto v = cellValue(m_request.job.tool, clientResult.parsed)) {
            value = *v;
            measured = true;
        }
    }
    QJsonObject cell {{QStringLiteral("server"), server.name},
                      {QStringLiteral("client"), client.name},
                      {QStringLiteral("state"), groupState}};
    if (measured)
        cell.insert(QStringLiteral("value"), value);
    if (!g.error.isEmpty())
        cell.insert(QStringLiteral("error"), g.error);
    cell.insert(QStringLiteral("fabric"), g.fabric.value(QStringLiteral("totals")));
    m_cells.append(cell);
    emit matrixCell(server.name, client.name, value, measured, g.error);

    if (!m_cancelled && ++m_step < m_steps.size()) {
        // Queued: the group that just ended is still unwinding its signal.
        QMetaObject::invokeMethod(this, &ExperimentRunner::runNextMatrixStep, Qt::QueuedConnection);
        return;
    }
    finishMatrix();
}

void ExperimentRunner::finishMatrix()
{
    // The slow node: a host whose pairs are well below (bandwidth) or above (latency) the
    // median of all pairs is a suspect; so is a host in every failed pair.
    const bool bandwidth
        = !m_request.job.isLatency() && m_request.job.tool != QLatin1String("sockperf");
    QList<double> all;
    QHash<QString, QList<double>> perHost;
    for (const QJsonValue &v : std::as_const(m_cells)) {
        const QJsonObject c = v.toObject();
        if (!c.contains(QStringLiteral("value")))
            continue;
        const double x = c.value(QStringLiteral("value")).toDouble();
        all.append(x);
        perHost[c.value(QStringLiteral("server")).toString()].append(x);
        perHost[c.value(QStringLiteral("client")).toString()].append(x);
    }
    const double mid = median(all);
    QJsonArray suspects;
    for (const ExperimentHost &h : std::as_const(m_request.hosts)) {
        const QList<double> mine = perHost.value(h.name);
        if (mine.isEmpty() || mid <= 0)
            continue;
        const double m = median(mine);
        if (bandwidth ? m < 0.8 * mid : m > 1.25 * mid)
            suspects.append(h.name);
    }
    int failedCells = 0;
    for (const QJsonValue &v : std::as_const(m_cells))
        failedCells += v.toObject().contains(QStringLiteral("value")) ? 0 : 1;
    QJsonObject result {
        {QStringLiteral("tool"), m_request.job.tool},
        {QStringLiteral("metric"),
         bandwidth ? QStringLiteral("bandwidth_gbps") : QStringLiteral("latency_usec")},
        {QStringLiteral("cells"), m_cells},
        {QStringLiteral("median"), mid},
        {QStringLiteral("suspects"), suspects},
        {QStringLiteral("failed_pairs"), failedCells}};
    m_outcome.fabric = mergeFabric(m_fabrics);
    const QString state = m_cancelled   ? QStringLiteral("cancelled")
        : failedCells == m_cells.size() ? QStringLiteral("failed")
                                        : QStringLiteral("succeeded");
    finish(state,
           failedCells ? ExperimentText::tr("%n pair(s) failed", nullptr, failedCells) : QString(),
           result);
}

void ExperimentRunner::finish(const QString &state, const QString &error, const QJsonObject &result)
{
    m_outcome.state = state;
    m_outcome.error = error;
    m_outcome.result = result;
    m_outcome.rawOutput = m_raw.join(QLatin1Char('\n'));
    m_outcome.finishedMs = QDateTime::currentMSecsSinceEpoch();
    m_running = false;
    if (m_switchSummary) {
        QStringList hosts;
        for (const ExperimentHost &h : std::as_const(m_request.hosts))
            hosts.append(h.name);
        const QJsonObject seen = m_switchSummary(hosts, m_outcome.startedMs, m_outcome.finishedMs);
        if (!seen.value(QStringLiteral("ports")).toObject().isEmpty())
            m_outcome.fabric.insert(QStringLiteral("switch"), seen);
    }
    if (m_store && m_outcome.runId) {
        if (const auto done
            = m_store->finishRun(m_outcome.runId, state, result, m_outcome.rawOutput, error,
                                 m_outcome.finishedMs, m_outcome.fabric);
            !done) {
            m_outcome.error += (m_outcome.error.isEmpty() ? QString() : QStringLiteral("; "))
                + done.error().message;
        }
    }
    m_group->deleteLater();
    m_group = nullptr;
    emit finished(m_outcome);
}

}  // namespace roce::experiments
