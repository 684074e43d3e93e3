#pragma once

#include "live/experiments/experimentqueue.h"
#include "live/recording/recordformat.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

#include <functional>

namespace roce::recording {

/// Records the experiments the console runs: "job" when one starts ({run_id, kind, tool,
/// label, hosts}), "job_output" for each progress line ({run_id, line}), "job_iteration" for
/// training steps ({run_id, rank, host, iteration}), "job_end" when it ends ({run_id, state,
/// error, result}), each handed to @p record with the time it happened. The connections live
/// as long as @p context.
void recordJobs(
    experiments::ExperimentQueue &queue, QObject *context,
    const std::function<void(const QString &type, const QJsonObject &body, qint64 ms)> &record);

/// The experiments of a recording as a replay reaches them: one row per job (started, kind,
/// label, hosts, state), and each job's output lines and training steps up to the replay
/// position.
class RecordedJobsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Started, Kind, Label, Hosts, State, ColumnCount };
    struct Job {
        qint64 runId = 0;
        qint64 startedMs = 0, endedMs = 0;
        QString kind, tool, label, state, error;
        QStringList hosts;
        QStringList output;
        QList<RecordedEvent> iterations;
    };

    explicit RecordedJobsModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /// A job event the replay reached (others are ignored).
    void apply(const RecordedEvent &event);
    void clear();
    const Job &job(int row) const { return m_jobs.at(row); }

signals:
    /// Output or steps were added to the job of @p row.
    void jobUpdated(int row);

private:
    int rowOf(qint64 runId);

    QList<Job> m_jobs;
    QHash<qint64, int> m_rows;
};

}  // namespace roce::recording
