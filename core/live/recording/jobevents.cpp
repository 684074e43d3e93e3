#include "live/recording/jobevents.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>

namespace roce::recording {

namespace {

class RecordedJobsText
{
    Q_DECLARE_TR_FUNCTIONS(RecordedJobsText)
};

qint64 now()
{
    return QDateTime::currentMSecsSinceEpoch();
}

}  // namespace

void recordJobs(experiments::ExperimentQueue &queue, QObject *context,
                const std::function<void(const QString &, const QJsonObject &, qint64)> &record)
{
    // The queue runs one experiment at a time: lines and steps belong to the current run.
    auto current = std::make_shared<qint64>(0);
    QObject::connect(
        &queue, &experiments::ExperimentQueue::runStarted, context,
        [record, current](qint64 runId, const experiments::ExperimentRequest &request) {
            *current = runId;
            QJsonArray hosts;
            for (const experiments::ExperimentHost &h : request.hosts)
                hosts.append(h.name);
            record(QStringLiteral("job"),
                   {{QStringLiteral("run_id"), double(runId)},
                    {QStringLiteral("kind"), experiments::ExperimentRunner::kindName(request.kind)},
                    {QStringLiteral("tool"), request.job.tool},
                    {QStringLiteral("label"), request.label},
                    {QStringLiteral("hosts"), hosts}},
                   now());
        });
    QObject::connect(
        &queue, &experiments::ExperimentQueue::progress, context,
        [record, current](const QString &line) {
            record(QStringLiteral("job_output"),
                   {{QStringLiteral("run_id"), double(*current)}, {QStringLiteral("line"), line}},
                   now());
        });
    QObject::connect(
        &queue, &experiments::ExperimentQueue::trainingIteration, context,
        [record, current](int rank, const QString &host, const QJsonObject &iteration) {
            record(QStringLiteral("job_iteration"),
                   {{QStringLiteral("run_id"), double(*current)},
                    {QStringLiteral("rank"), rank},
                    {QStringLiteral("host"), host},
                    {QStringLiteral("iteration"), iteration}},
                   now());
        });
    QObject::connect(&queue, &experiments::ExperimentQueue::runFinished, context,
                     [record](const experiments::ExperimentOutcome &outcome) {
                         record(QStringLiteral("job_end"),
                                {{QStringLiteral("run_id"), double(outcome.runId)},
                                 {QStringLiteral("state"), outcome.state},
                                 {QStringLiteral("error"), outcome.error},
                                 {QStringLiteral("result"), outcome.result}},
                                now());
                     });
}

RecordedJobsModel::RecordedJobsModel(QObject *parent) : QAbstractTableModel(parent)
{ }

int RecordedJobsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_jobs.size());
}

int RecordedJobsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RecordedJobsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_jobs.size())
        return {};
    const Job &j = m_jobs.at(index.row());
    if (role == Qt::ToolTipRole && !j.error.isEmpty())
        return j.error;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Started:
        return QDateTime::fromMSecsSinceEpoch(j.startedMs).toString(QStringLiteral("HH:mm:ss"));
    case Kind:
        return j.tool.isEmpty() ? j.kind : j.tool;
    case Label:
        return j.label;
    case Hosts:
        return j.hosts.join(QStringLiteral(", "));
    case State:
        return j.state.isEmpty() ? RecordedJobsText::tr("running") : j.state;
    default:
        return {};
    }
}

QVariant RecordedJobsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Started:
        return RecordedJobsText::tr("Started");
    case Kind:
        return RecordedJobsText::tr("Tool");
    case Label:
        return RecordedJobsText::tr("Label");
    case Hosts:
        return RecordedJobsText::tr("Hosts");
    case State:
        return RecordedJobsText::tr("State");
    default:
        return {};
    }
}

int RecordedJobsModel::rowOf(qint64 runId)
{
    return m_rows.value(runId, -1);
}

void RecordedJobsModel::apply(const RecordedEvent &e)
{
    const qint64 runId = e.body.value(QStringLiteral("run_id")).toInteger();
    if (e.type == QLatin1String("job")) {
        Job j;
        j.runId = runId;
        j.startedMs = e.ms;
        j.kind = e.body.value(QStringLiteral("kind")).toString();
        j.tool = e.body.value(QStringLiteral("tool")).toString();
        j.label = e.body.value(QStringLiteral("label")).toString();
        for (const QJsonValue &h : e.body.value(QStringLiteral("hosts")).toArray())
            j.hosts.append(h.toString());
        const int row = int(m_jobs.size());
        beginInsertRows({}, row, row);
        m_jobs.append(j);
        m_rows.insert(runId, row);
        endInsertRows();
        return;
    }
    const int row = rowOf(runId);
    if (row < 0)
        return;  // its start is before the replayed part
    Job &j = m_jobs[row];
    if (e.type == QLatin1String("job_output")) {
        j.output.append(e.body.value(QStringLiteral("line")).toString());
    } else if (e.type == QLatin1String("job_iteration")) {
        j.iterations.append(e);
    } else if (e.type == QLatin1String("job_end")) {
        j.endedMs = e.ms;
        j.state = e.body.value(QStringLiteral("state")).toString();
        j.error = e.body.value(QStringLiteral("error")).toString();
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    } else {
        return;
    }
    emit jobUpdated(row);
}

void RecordedJobsModel::clear()
{
    beginResetModel();
    m_jobs.clear();
    m_rows.clear();
    endResetModel();
}

}  // namespace roce::recording
