#pragma once

#include <QDialog>
#include <QSet>
#include <QStringList>

class QLabel;
class QLineEdit;
class QListWidget;

namespace roce::widgets {

/// Fabric > Stream hosts directly...: while the fleet is read from a metrics store, up to 32
/// hosts can be followed through their agents' own 1 s stream instead. Lists the fleet's
/// hosts (filterable); hosts the inventory cannot reach (no address, token or pin) are shown
/// but cannot be picked, with the reason.
class DirectStreamDialog : public QDialog
{
    Q_OBJECT

public:
    static constexpr int kMaxHosts = 32;

    /// @p hosts: the fleet's hosts; @p reachable: those the inventory has an agent for;
    /// @p streamed: those streamed directly now (checked).
    DirectStreamDialog(const QStringList &hosts, const QStringList &reachable,
                       const QStringList &streamed, QWidget *parent = nullptr);

    QStringList selected() const;
    QListWidget *list() const { return m_list; }
    QLineEdit *filter() const { return m_filter; }

private:
    void updateCount();

    QLineEdit *m_filter;
    QListWidget *m_list;
    QLabel *m_count;
    QSet<QString> m_reachable;
};

}  // namespace roce::widgets
