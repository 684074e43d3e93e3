#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace roce::models {
class EventListModel;
}

namespace roce::widgets {

/// The event list: alerts newest first (critical red, warnings amber, cleared grey) and, for
/// the selected one, what it means and what to check.
class EventListView : public QWidget
{
    Q_OBJECT

public:
    explicit EventListView(models::EventListModel *model, QWidget *parent = nullptr);
    QTableView *table() const { return m_table; }
    /// Selects the newest event about @p port without emitting portSelected(); false when
    /// there is none.
    bool selectPort(const QString &port);

signals:
    /// The user picked an event: the port (or NIC, switch, agent) it is about.
    void portSelected(const QString &port);

private:
    QTableView *m_table;
    QLabel *m_details;
    bool m_selecting = false;
};

}  // namespace roce::widgets
