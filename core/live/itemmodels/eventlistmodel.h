#pragma once

#include "collect/monitor/alerts.h"

#include <QAbstractTableModel>
#include <QList>

namespace roce::models {

/// The event list: every alert raised, newest first, with its state (active or cleared),
/// what it means and what to check (tool tip and DetailRole). Bounded: the oldest cleared
/// events go beyond a maximum.
class EventListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Time, Severity, Port, Event, Value, State, ColumnCount };
    static constexpr int CriticalRole = Qt::UserRole + 1;  ///< bool
    static constexpr int ActiveRole = Qt::UserRole + 2;    ///< bool
    static constexpr int DetailRole = Qt::UserRole + 3;    ///< meaning and check, for a pane

    explicit EventListModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /// New alerts become rows at the top; known ones are updated; cleared ones marked.
    void applyAlerts(const QList<monitor::Alert> &changes);
    /// Forgets every row (a replay that seeks).
    void clear();
    void setMaximum(int rows) { m_maximum = rows; }
    int activeCount() const;

private:
    QList<monitor::Alert> m_rows;  ///< newest first
    int m_maximum = 1000;
};

}  // namespace roce::models
