#pragma once

#include "collect/monitor/agentmonitor.h"
#include "live/experiments/experimentqueue.h"
#include "live/maplayout/fabriclayout.h"

#include <QWidget>

class QDialog;
class QTabWidget;
class QTableView;

namespace roce::models {
class MatrixModel;
class RunListModel;
}  // namespace roce::models

namespace roce::results {
class ResultsWatcher;
}

namespace roce::store {
class CounterStore;
}

namespace roce::widgets {

class ComparisonView;
class ExperimentLauncher;
class MatrixView;
class TrainingView;

/// The Experiments dock: the launcher, the recorded runs (pick several and compare them
/// side by side), the pairwise matrix as it fills in, and the training run as it goes.
class ExperimentsPanel : public QWidget
{
    Q_OBJECT

public:
    enum Tab { LaunchTab, ResultsTab, MatrixTab, TrainingTab };

    ExperimentsPanel(experiments::ExperimentQueue *queue, const store::CounterStore *counters,
                     QWidget *parent = nullptr);

    void setHosts(const QList<experiments::ExperimentHost> &hosts);
    void setGids(const QString &host, const QList<monitor::HostGid> &gids);
    void setFabricLayout(const models::FabricLayout &layout);

    /// Opens the comparison window on runs @p ids (the first is the baseline).
    ComparisonView *compare(const QList<qint64> &ids);
    /// Reads the runs now (after a run of the console's own). Runs other programs record
    /// (`rocectl run`) show by themselves: the panel watches the store.
    void reloadRuns();

    ExperimentLauncher *launcher() const { return m_launcher; }
    models::RunListModel *runs() const { return m_runs; }
    QTableView *runTable() const { return m_runTable; }
    models::MatrixModel *matrix() const { return m_matrix; }
    MatrixView *matrixView() const { return m_matrixView; }
    TrainingView *training() const { return m_training; }
    QTabWidget *tabs() const { return m_tabs; }

private:
    void onRunStarted(qint64 runId, const experiments::ExperimentRequest &request);
    void onRunFinished(const experiments::ExperimentOutcome &outcome);
    void compareSelected();
    void showSelectedOutput();
    QList<qint64> selectedRunIds() const;
    void showRuns(const QList<results::RunRecord> &runs);

    experiments::ExperimentQueue *m_queue;
    models::FabricLayout m_layout;
    QTabWidget *m_tabs;
    ExperimentLauncher *m_launcher;
    models::RunListModel *m_runs;
    QTableView *m_runTable;
    models::MatrixModel *m_matrix;
    MatrixView *m_matrixView;
    TrainingView *m_training;
    QDialog *m_compareWindow = nullptr;
    ComparisonView *m_comparison = nullptr;
    results::ResultsWatcher *m_watcher = nullptr;  ///< null without a store
};

}  // namespace roce::widgets
