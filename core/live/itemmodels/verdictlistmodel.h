#pragma once

#include "collect/pingmesh/verdict.h"

#include <QAbstractTableModel>

namespace roce::models {

/// The verdicts that hold now, one row each: what kind, what it names, since when, and the
/// sentence; the tooltip adds the evidence and what to check.
class VerdictListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Kind, Subject, Since, Summary, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    void setVerdicts(const QList<pingmesh::Verdict> &verdicts);
    const QList<pingmesh::Verdict> &verdicts() const { return m_verdicts; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<pingmesh::Verdict> m_verdicts;
};

}  // namespace roce::models
