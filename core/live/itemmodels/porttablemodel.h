#pragma once

#include "proto/datamodel/portsample.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QSet>

#include <functional>
#include <optional>
#include <vector>

namespace roce::models {

/// Every switch port and server RDMA port with its utilization, drops, pauses, ECN and CNP
/// rates: the console's port table (Qt model/view). Rows are grouped by device in natural order
/// (model::naturalPortLess): the switches (leaf2 before leaf10), each with its ports
/// (Ethernet1/2 before Ethernet1/10), then the servers with their NICs; a new port takes its
/// place there whichever source answers first, so rows never move once shown. Fed one batched
/// SourceFrame per poll; changed cells are announced with dataChanged, and a port whose data is
/// older than the stale limit is greyed with its age. Display text is formatted; SortRole gives
/// the raw number so that sorting is numeric. A port facing another switch of the table shows
/// the far port as its peer ("spine1/Ethernet1/3", from LLDP).
class PortTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    /// Columns: the port, its peer and state, one per column metric of the table
    /// (proto/datamodel/metric.h, in its order), then the data's age and a sparkline of its
    /// history.
    static constexpr int Port = 0;
    static constexpr int Peer = 1;
    static constexpr int State = 2;
    static constexpr int FirstMetric = 3;
    static constexpr int Age = FirstMetric + int(model::kColumnMetricCount);
    static constexpr int Trend = Age + 1;  ///< drawn by the view (empty text)
    static constexpr int ColumnCount = Trend + 1;
    /// The column of @p metric, or -1 when it is not a column.
    static int column(model::Metric metric);
    /// The metric shown in @p column, if any.
    static std::optional<model::Metric> metricAt(int column);

    static constexpr int SortRole = Qt::UserRole + 1;
    /// What a cell signals, for views to colour (core has no GUI types): an int of the
    /// metric table's model::Highlight.
    static constexpr int HighlightRole = Qt::UserRole + 2;
    /// true when the row's data is older than the stale limit, or the port is not up.
    static constexpr int DimmedRole = Qt::UserRole + 3;

    explicit PortTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    void applyUpdate(const model::SourceFrame &update);
    /// Applies every frame of one hub tick with one dataChanged and at most two row
    /// insertions: a store's refresh brings thousands of frames at once, and a signal (and a
    /// proxy re-sort) per frame would keep the view busy for minutes.
    void applyUpdates(const QList<model::SourceFrame> &updates);
    /// Forgets every port (the console switched to another fabric).
    void clear();
    /// Re-evaluates ages (call once a second): updates the Age column and stale greying.
    void refreshAges();
    /// Data older than this is stale (default 5 s).
    void setStaleAfterMs(qint64 ms) { m_staleAfterMs = ms; }
    /// The clock ages are measured with (ms since the epoch); tests inject their own.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }

    const model::PortSample *row(const QString &port) const;
    /// The row of @p port (-1: none) and the sample at a row: for views that resolve their
    /// ports once and read them every frame (rows move only with rowsInserted or a reset).
    int rowOf(const QString &port) const { return m_index.value(port, -1); }
    const model::PortSample &sampleAt(int row) const { return m_rows.at(row).port(); }

private:
    /// A row: its sample is ports[index], the list of the frame that carried it, shared
    /// rather than copied.
    struct Entry {
        QList<model::PortSample> ports;
        qsizetype index = -1;
        qint64 updatedMs = 0;
        /// The port's name, kept beside the row: a tick checks every row's port against the
        /// frame's, and reading the name through the previous frame's sample (cold by then)
        /// cost most of that check. Sources and replays share one string per port, so the
        /// check is usually a pointer compare.
        QString name;
        const model::PortSample &port() const { return ports.at(index); }
    };
    QVariant value(const Entry &e, int column) const;
    bool stale(const Entry &e) const;
    static bool entryLess(const Entry &a, const Entry &b);
    QString peerText(const model::PortSample &p) const;
    void insertInOrder(QList<Entry> added);
    void insertRun(int at, QList<Entry>::const_iterator first, QList<Entry>::const_iterator last);
    void mergeWithReset(const QList<Entry> &added);
    void reindexFrom(int row);

    QList<Entry> m_rows;  ///< in model::naturalPortLess order
    QHash<QString, int> m_index;
    /// Per source, the row of each port of its last frame (-1: new then), valid while
    /// m_rowsGeneration is the same: any insertion or reset moves rows.
    struct SourceRows {
        quint64 generation = 0;
        std::vector<int> rows;
    };
    QHash<QString, SourceRows> m_sourceRows;
    quint64 m_rowsGeneration = 1;
    QSet<QString> m_switches;  ///< devices with switch ports in the table
    qint64 m_staleAfterMs = 5000;
    std::function<qint64()> m_clock;
};

}  // namespace roce::models
