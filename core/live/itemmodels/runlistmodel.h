#pragma once

#include "collect/results/resultstore.h"

#include <QAbstractTableModel>

namespace roce::models {

/// The recorded runs, newest first: what the Experiments panel lists and picks runs to
/// compare from. The rows carry whole records (parameters, results, raw output).
class RunListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Id, Started, Kind, Label, State, Headline, ColumnCount };
    /// Qt::UserRole + 1: the run id (qint64) of a row, whatever the column.
    static constexpr int RunIdRole = Qt::UserRole + 1;
    /// "succeeded", "failed", "cancelled", "running": views colour by it.
    static constexpr int StateRole = Qt::UserRole + 2;

    using QAbstractTableModel::QAbstractTableModel;

    /// Shows @p runs (newest first). Rows of runs already shown stay where they are, and new
    /// runs are inserted and gone ones removed, not the model reset: a view keeps its
    /// selection, current row and scroll position as runs come in. Returns whether any row
    /// changed.
    bool setRuns(const QList<results::RunRecord> &runs);
    const results::RunRecord &run(int row) const { return m_runs.at(row); }
    /// The row of run @p id, or -1.
    int rowOf(qint64 id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    /// Whether @p runs keeps the order of the runs shown now (new ones in between are fine).
    bool keepsOrder(const QList<results::RunRecord> &runs) const;
    void resetRuns(const QList<results::RunRecord> &runs);
    bool removeGone(const QList<results::RunRecord> &runs);
    bool insertOrUpdate(const QList<results::RunRecord> &runs);

    QList<results::RunRecord> m_runs;
    QStringList m_headlines;  ///< computed once per setRuns(), not per paint
};

}  // namespace roce::models
