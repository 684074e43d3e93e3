#pragma once

#include "collect/pingmesh/pairmatrix.h"
#include "collect/pingmesh/verdict.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>

namespace roce::models {

/// The pingmesh pair matrix for a heat map: rows are senders, columns responders, by NIC or
/// aggregated by the switch they hang off. A cell's badness (0 good .. 1 bad) is its RTT
/// against the typical RTT of its kind of path (same switch, across), or its loss, which
/// weighs more; pairs not on the pinglist have none.
class PairMatrixModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum class Grouping { ByNic, BySwitch };
    static constexpr int BadnessRole = Qt::UserRole + 1;  ///< double 0..1, absent: not probed
    static constexpr int LossRole = Qt::UserRole + 2;     ///< 0..1
    static constexpr int P50Role = Qt::UserRole + 3;      ///< us
    static constexpr int P99Role = Qt::UserRole + 4;      ///< us
    static constexpr int SuspectRole = Qt::UserRole + 5;  ///< the row's or column's is named
    static constexpr int GroupRole = Qt::UserRole + 6;    ///< header: the switch of a NIC

    using QAbstractTableModel::QAbstractTableModel;

    void setGrouping(Grouping grouping);
    Grouping grouping() const { return m_grouping; }
    /// A new second of the matrix: @p summaries in the order of @p pairs.
    void setMatrix(const QList<pingmesh::Endpoint> &endpoints,
                   const QList<pingmesh::PingPair> &pairs,
                   const QList<pingmesh::PairSummary> &summaries,
                   const QList<pingmesh::Verdict> &verdicts);
    /// Typical RTT of pairs under one switch and across switches (0 when none answered).
    double baselineUs(bool across) const { return m_baseline[across ? 1 : 0]; }

    /// A point of the heat map's colour scale: the badness a colour stands for and what that
    /// means in the scale's unit ("7.5", ">0", "≥5").
    struct ScaleStop {
        double badness = 0;
        QString label;
    };
    /// A run of the colour scale for a legend: its title with the unit, its stops by badness.
    struct Scale {
        QString title;
        QList<ScaleStop> stops;
    };
    /// The colour scale as it stands this second: the RTT (in µs; under one switch / across
    /// when the matrix has both kinds of path, each against its own typical RTT), then the
    /// loss (in %), which outranks any delay.
    QList<Scale> legend() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Cell {
        qint64 sent = 0, lost = 0;
        double p50 = 0, p99 = 0;  ///< of the pair, or the median of the group's pairs
        bool across = false;
        int pairs = 0;
    };
    void rebuild();

    Grouping m_grouping = Grouping::ByNic;
    QList<pingmesh::Endpoint> m_endpoints;
    QList<pingmesh::PingPair> m_pairs;
    QList<pingmesh::PairSummary> m_summaries;
    QStringList m_labels;                ///< per row/column
    QStringList m_groups;                ///< per row/column: the switch
    QList<bool> m_suspect;               ///< per row/column
    QList<std::optional<Cell>> m_cells;  ///< row-major
    double m_baseline[2] = {0, 0};
    QStringList m_named;  ///< NICs, hosts and ports the verdicts name
};

}  // namespace roce::models
