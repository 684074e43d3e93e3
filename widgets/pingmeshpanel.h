#pragma once

#include "collect/pingmesh/snapshot.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace roce::models {
class PairMatrixModel;
class VerdictListModel;
}  // namespace roce::models

namespace roce::widgets {

class PairMatrixView;

/// The pingmesh: the pair matrix as a heat map (by NIC or by switch), the verdicts that hold
/// with their evidence, and, on the simulated fabric, a fault to probe and Start/Stop.
class PingmeshPanel : public QWidget
{
    Q_OBJECT

public:
    explicit PingmeshPanel(QWidget *parent = nullptr);

    /// A new second of the pingmesh.
    void showSnapshot(const pingmesh::PingmeshSnapshot &snapshot);
    void showFailure(const QString &message);
    /// Chooses @p scenario ("bad-nic:gpu0005", ...) in the controls.
    void setScenario(const QString &scenario);
    QString scenario() const;
    /// What Start does: (re)starts the pingmesh with the chosen fault.
    void start();
    models::PairMatrixModel *matrix() const { return m_matrix; }
    models::VerdictListModel *verdicts() const { return m_verdicts; }

signals:
    void startRequested(const QString &topology, const QString &scenario);
    void stopRequested();

private:
    void updateArgumentHint();

    models::PairMatrixModel *m_matrix;
    models::VerdictListModel *m_verdicts;
    QComboBox *m_scenario;
    QLineEdit *m_argument;
    QComboBox *m_grouping;
    QPushButton *m_start;
    QPushButton *m_stop;
    QLabel *m_status;
    PairMatrixView *m_view;
    QTableView *m_verdictTable;
};

}  // namespace roce::widgets
