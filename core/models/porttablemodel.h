#pragma once

#include "monitor/switchmonitor.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

#include <functional>

namespace roce::models {

/// Every switch port and server RDMA port with its utilization, drops, pauses, ECN and CNP
/// rates: the console's port table (Qt model/view). Switch rows come first, then NIC rows. Fed one
/// batched SwitchUpdate per poll; rows are kept in the switch's order, changed cells are announced
/// with dataChanged, and a port whose data is older than the stale limit is greyed with its age.
/// Display text is formatted; SortRole gives the raw number so that sorting is numeric.
class PortTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Port,
        Peer,
        State,
        InUtil,
        OutUtil,
        InGbps,
        OutGbps,
        MmuDrops,
        EgressDrops,
        RxPause,
        TxPause,
        Ecn,
        CnpSent,
        CnpHandled,
        OutOfSeq,
        Age,
        Trend,  ///< a sparkline of the port's history, drawn by the view (empty text)
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;
    /// What a cell signals, for views to colour (core has no GUI types): a Highlight.
    static constexpr int HighlightRole = Qt::UserRole + 2;
    /// true when the row's data is older than the stale limit, or the port is not up.
    static constexpr int DimmedRole = Qt::UserRole + 3;
    enum Highlight { NoHighlight, EcnHighlight, PauseHighlight, DropHighlight };

    explicit PortTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    void applyUpdate(const monitor::SwitchUpdate &update);
    /// Forgets every port (the console switched to another fabric).
    void clear();
    /// Re-evaluates ages (call once a second): updates the Age column and stale greying.
    void refreshAges();
    /// Data older than this is stale (default 5 s).
    void setStaleAfterMs(qint64 ms) { m_staleAfterMs = ms; }
    /// The clock ages are measured with (ms since the epoch); tests inject their own.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }

    const monitor::PortRow *row(const QString &port) const;

private:
    struct Entry {
        monitor::PortRow port;
        qint64 updatedMs = 0;
    };
    QVariant value(const Entry &e, int column) const;
    bool stale(const Entry &e) const;

    QList<Entry> m_rows;
    QHash<QString, int> m_index;
    qint64 m_staleAfterMs = 5000;
    std::function<qint64()> m_clock;
};

}  // namespace roce::models
