#pragma once

#include <QWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace roce::models {
class PortTableModel;
}

namespace roce::store {
class CounterStore;
}

namespace roce::widgets {

/// The port table: a filter box over a sortable table of a PortTableModel, with the cells that
/// matter coloured (drops red, pauses amber, ECN blue) and stale or down ports greyed. Sorting
/// is numeric; ages refresh every second.
class PortTableView : public QWidget
{
    Q_OBJECT

public:
    explicit PortTableView(models::PortTableModel *model, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    /// Shows only ports whose name or peer contains @p text.
    void setFilterText(const QString &text);
    /// Selects the row of @p port (and shows it); false while there is no such row.
    bool selectPort(const QString &port);
    /// Draws the Trend column's sparklines from @p history (it must outlive the view).
    void setHistory(const store::CounterStore *history);

signals:
    /// The user selected the port named @p port.
    void portSelected(const QString &port);

private:
    models::PortTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_filter;
    QTableView *m_table;
};

}  // namespace roce::widgets
