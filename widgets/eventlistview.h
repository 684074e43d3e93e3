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

private:
    QTableView *m_table;
    QLabel *m_details;
};

}  // namespace roce::widgets
