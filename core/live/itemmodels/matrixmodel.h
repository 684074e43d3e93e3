#pragma once

#include <QAbstractTableModel>
#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace roce::models {

/// A pairwise test matrix: rows are servers, columns clients, cells the measured value
/// (Gb/s or us). Filled live, cell by cell, as the matrix runs, or from a recorded result.
class MatrixModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    /// 0 (best) .. 1 (worst) relative to the other cells; absent for unmeasured cells.
    static constexpr int BadnessRole = Qt::UserRole + 1;
    /// True when the row's server or the column's client is a suspect.
    static constexpr int SuspectRole = Qt::UserRole + 2;
    /// True when the pair ran and failed.
    static constexpr int FailedRole = Qt::UserRole + 3;

    using QAbstractTableModel::QAbstractTableModel;

    /// Empties the matrix for @p hosts; @p higherIsBetter for bandwidth, false for latency.
    void reset(const QStringList &hosts, bool higherIsBetter, const QString &unit);
    void setCell(const QString &server, const QString &client, std::optional<double> value,
                 const QString &error);
    void setSuspects(const QStringList &hosts);
    /// A recorded matrix run's result (ExperimentRunner's "cells", "metric", "suspects").
    void setResult(const QJsonObject &result, const QStringList &hosts);
    QStringList suspects() const { return m_suspects; }
    QString unit() const { return m_unit; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Cell {
        std::optional<double> value;
        QString error;
        bool ran = false;
    };
    QStringList m_hosts, m_suspects;
    QList<Cell> m_cells;  ///< row-major
    bool m_higherIsBetter = true;
    QString m_unit;
    double m_min = 0, m_max = 0;
};

}  // namespace roce::models
