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

/// The pingmesh of the fabric the window watches: the pair matrix as a heat map (by NIC or by
/// switch), the verdicts that hold with their evidence, and what to probe with Start/Stop: on
/// a simulated fabric a fault injected into a model of it, on a fabric with agents (the
/// embedded one, an inventory's) those agents probing each other.
class PingmeshPanel : public QWidget
{
    Q_OBJECT

public:
    /// A fault the simulated fabric's pingmesh can probe: its name ("bad-nic:HOST") and one
    /// line on what it does.
    struct Fault {
        QString name;
        QString description;
    };
    /// The fabric the window watches, as the pingmesh can probe it.
    struct Target {
        /// Its simulated shape ("reference", "rail:32:2:2:2"): the faults run on a model of
        /// it. Empty: a fabric of real switches and servers, no faults to inject.
        QString topology;
        bool agents = false;  ///< its agents run pingmesh endpoints (the embedded fabric's too)
        QString exampleHost;  ///< what bad-nic suggests ("ubunturdma5")
        QString examplePort;  ///< what bad-link suggests ("nexus-roce/Ethernet1/1/1")
        friend bool operator==(const Target &, const Target &) = default;
    };

    /// @p faults: what Start can inject into a model of a simulated fabric; the app gives them
    /// (the panel does not drive a simulator itself). Nothing can start before setTarget().
    explicit PingmeshPanel(const QList<Fault> &faults, QWidget *parent = nullptr);

    /// What the window watches now: the choices follow it, and a pingmesh of the fabric watched
    /// before stops (stopRequested()) and is cleared.
    void setTarget(const Target &target);
    const Target &target() const { return m_target; }
    /// A new second of the pingmesh.
    void showSnapshot(const pingmesh::PingmeshSnapshot &snapshot);
    void showFailure(const QString &message);
    /// Chooses @p scenario ("bad-nic:gpu0005", "agents", ...) in the controls; false when the
    /// watched fabric does not offer it (a fault on a real fabric, agents on a model).
    bool setScenario(const QString &scenario);
    QString scenario() const;
    /// What Start does: (re)starts the pingmesh with the chosen fault.
    void start();
    models::PairMatrixModel *matrix() const { return m_matrix; }
    models::VerdictListModel *verdicts() const { return m_verdicts; }

signals:
    void startRequested(const QString &topology, const QString &scenario);
    void stopRequested();

private:
    QTableView *makeVerdictTable();
    void updateArgumentHint();
    void fillChoices();
    QString idleText() const;
    /// The typical round trips the matrix found, under one switch and across, said as such.
    QString typicalRtt() const;
    void fitVerdictRows();

    models::PairMatrixModel *m_matrix;
    models::VerdictListModel *m_verdicts;
    QLabel *m_scenarioLabel;
    QComboBox *m_scenario;
    QLineEdit *m_argument;
    QComboBox *m_grouping;
    QPushButton *m_start;
    QPushButton *m_stop;
    QLabel *m_status;
    PairMatrixView *m_view;
    QTableView *m_verdictTable;
    QList<Fault> m_faults;
    Target m_target;
    bool m_hasTarget = false;
};

}  // namespace roce::widgets
