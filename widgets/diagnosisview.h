#pragma once

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTreeView;

namespace roce::models {
class FindingModel;
}

namespace roce::widgets {

/// The Diagnosis dock: the causes the diagnosis names, findings first (critical, then
/// warnings, then what works as designed, cleared last), each expanding to its evidence and
/// the alerts it explains; below, the selected one in words with what to check.
class DiagnosisView : public QWidget
{
    Q_OBJECT

public:
    explicit DiagnosisView(models::FindingModel *model, QWidget *parent = nullptr);
    QTreeView *tree() const { return m_tree; }
    /// Selects the first finding (or evidence) that points at @p port, without emitting
    /// portSelected(); false when none does.
    bool selectPort(const QString &port);

signals:
    /// The user picked a finding, a piece of its evidence or a symptom: where it points.
    void portSelected(const QString &port);

private:
    void showDetails(const QModelIndex &index);
    void showFirstUnlessPicked();

    models::FindingModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTreeView *m_tree;
    QLabel *m_details;
    bool m_selecting = false;
};

}  // namespace roce::widgets
