#include "experimentspanel.h"

#include "collect/results/resultswatcher.h"
#include "comparisonview.h"
#include "experimentlauncher.h"
#include "live/itemmodels/matrixmodel.h"
#include "live/itemmodels/runlistmodel.h"
#include "matrixview.h"
#include "trainingview.h"

#include <QDateTime>
#include <QDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace roce::widgets {

ExperimentsPanel::ExperimentsPanel(experiments::ExperimentQueue *queue,
                                   const store::CounterStore *counters, QWidget *parent)
    : QWidget(parent),
      m_queue(queue),
      m_tabs(new QTabWidget),
      m_launcher(new ExperimentLauncher),
      m_runs(new models::RunListModel(this)),
      m_runTable(new QTableView),
      m_matrix(new models::MatrixModel(this)),
      m_matrixView(new MatrixView(m_matrix)),
      m_training(new TrainingView(counters))
{
    setObjectName(QStringLiteral("experimentsPanel"));
    m_runTable->setModel(m_runs);
    m_runTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_runTable->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_runTable->verticalHeader()->hide();
    m_runTable->horizontalHeader()->setStretchLastSection(true);
    auto *compareButton = new QPushButton(tr("Compare selected"));
    auto *outputButton = new QPushButton(tr("Show output"));
    compareButton->setToolTip(tr("Side by side, the first selected run as the baseline"));
    auto *results = new QWidget;
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(outputButton);
    buttons->addStretch();
    buttons->addWidget(compareButton);
    auto *resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(2, 2, 2, 2);
    resultsLayout->addWidget(m_runTable, 1);
    resultsLayout->addLayout(buttons);

    m_tabs->addTab(m_launcher, tr("Run"));
    m_tabs->addTab(results, tr("Results"));
    m_tabs->addTab(m_matrixView, tr("Matrix"));
    m_tabs->addTab(m_training, tr("Training"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    connect(m_launcher, &ExperimentLauncher::startRequested, queue,
            &experiments::ExperimentQueue::enqueue);
    connect(m_launcher, &ExperimentLauncher::cancelRequested, queue,
            &experiments::ExperimentQueue::cancel);
    connect(queue, &experiments::ExperimentQueue::busyChanged, m_launcher,
            &ExperimentLauncher::setRunning);
    connect(queue, &experiments::ExperimentQueue::progress, m_launcher,
            &ExperimentLauncher::appendProgress);
    connect(queue, &experiments::ExperimentQueue::runStarted, this,
            &ExperimentsPanel::onRunStarted);
    connect(queue, &experiments::ExperimentQueue::runFinished, this,
            &ExperimentsPanel::onRunFinished);
    connect(queue, &experiments::ExperimentQueue::matrixCell, this,
            [this](const QString &server, const QString &client, double value, bool measured,
                   const QString &error) {
                m_matrix->setCell(server, client,
                                  measured ? std::optional<double>(value) : std::nullopt, error);
            });
    connect(queue, &experiments::ExperimentQueue::trainingIteration, this,
            [this](int rank, const QString &, const QJsonObject &iteration) {
                m_training->addIteration(rank, iteration, QDateTime::currentMSecsSinceEpoch());
            });
    connect(compareButton, &QPushButton::clicked, this, &ExperimentsPanel::compareSelected);
    connect(outputButton, &QPushButton::clicked, this, &ExperimentsPanel::showSelectedOutput);
    connect(m_runTable, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        const results::RunRecord &r = m_runs->run(index.row());
        if (r.kind == QLatin1String("matrix")) {
            QStringList hosts;
            for (const QJsonValue &h : r.parameters.value(QStringLiteral("hosts")).toArray())
                hosts.append(h.toObject().value(QStringLiteral("name")).toString());
            m_matrix->setResult(r.result, hosts);
            m_tabs->setCurrentIndex(MatrixTab);
        } else {
            compare({r.id});
        }
    });
    // Runs recorded by other programs beside the console (`rocectl run`) show as they come,
    // read off the GUI thread.
    if (const results::ResultStore *store = queue->store()) {
        m_watcher = new results::ResultsWatcher(store->path(),
                                                experiments::ExperimentQueue::kRecentRuns, this);
        connect(m_watcher, &results::ResultsWatcher::runsLoaded, this, &ExperimentsPanel::showRuns);
    }
    reloadRuns();
}

void ExperimentsPanel::setHosts(const QList<experiments::ExperimentHost> &hosts)
{
    m_launcher->setHosts(hosts);
}

void ExperimentsPanel::setGids(const QString &host, const QList<monitor::HostGid> &gids)
{
    m_launcher->setGids(host, gids);
}

void ExperimentsPanel::setFabricLayout(const models::FabricLayout &layout)
{
    m_layout = layout;
}

void ExperimentsPanel::reloadRuns()
{
    if (m_watcher)
        m_watcher->noteReadElsewhere();  // a reading under way is older than this one
    showRuns(m_queue->recentRuns());
}

void ExperimentsPanel::showRuns(const QList<results::RunRecord> &runs)
{
    // The model inserts and updates rows rather than resetting: the selection stays. A
    // reading that changed nothing (the console's own write seen again) leaves the columns
    // as the user sized them.
    if (m_runs->setRuns(runs))
        m_runTable->resizeColumnsToContents();
}

void ExperimentsPanel::onRunStarted(qint64, const experiments::ExperimentRequest &request)
{
    QStringList hosts;
    for (const auto &h : request.hosts)
        hosts.append(h.name);
    if (request.kind == experiments::ExperimentKind::Matrix) {
        const bool bandwidth
            = !request.job.isLatency() && request.job.tool != QLatin1String("sockperf");
        m_matrix->reset(hosts, bandwidth, bandwidth ? tr("Gb/s") : tr("us"));
        m_tabs->setCurrentIndex(MatrixTab);
    } else if (request.kind == experiments::ExperimentKind::Training) {
        m_training->start(TrainingView::place(hosts, m_layout),
                          QDateTime::currentMSecsSinceEpoch());
        m_tabs->setCurrentIndex(TrainingTab);
    }
    reloadRuns();
}

void ExperimentsPanel::onRunFinished(const experiments::ExperimentOutcome &outcome)
{
    if (outcome.kind == QLatin1String("matrix")) {
        QStringList suspects;
        for (const QJsonValue &v : outcome.result.value(QStringLiteral("suspects")).toArray())
            suspects.append(v.toString());
        m_matrix->setSuspects(suspects);
    }
    m_launcher->appendProgress(
        outcome.error.isEmpty()
            ? tr("%1: %2").arg(outcome.kind, outcome.state)
            : tr("%1: %2 (%3)").arg(outcome.kind, outcome.state, outcome.error));
    reloadRuns();
}

QList<qint64> ExperimentsPanel::selectedRunIds() const
{
    QList<int> rows;
    for (const QModelIndex &i : m_runTable->selectionModel()->selectedRows())
        rows.append(i.row());
    // Oldest first: the earlier run is the baseline ("before" vs "after").
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    QList<qint64> ids;
    for (int r : rows)
        ids.append(m_runs->run(r).id);
    return ids;
}

void ExperimentsPanel::compareSelected()
{
    const QList<qint64> ids = selectedRunIds();
    if (ids.isEmpty()) {
        QMessageBox::information(this, tr("Compare runs"),
                                 tr("Select the runs to compare in the list (Ctrl+click)."));
        return;
    }
    compare(ids);
}

ComparisonView *ExperimentsPanel::compare(const QList<qint64> &ids)
{
    if (!m_compareWindow) {
        m_compareWindow = new QDialog(this, Qt::Window);
        m_compareWindow->setObjectName(QStringLiteral("compareWindow"));
        m_compareWindow->setWindowTitle(tr("Compare runs"));
        m_comparison = new ComparisonView;
        auto *layout = new QVBoxLayout(m_compareWindow);
        layout->addWidget(m_comparison);
        m_compareWindow->resize(1100, 800);
    }
    m_comparison->setComparison(results::compareRuns(m_queue->runsById(ids)));
    m_compareWindow->show();
    m_compareWindow->raise();
    return m_comparison;
}

void ExperimentsPanel::showSelectedOutput()
{
    const QList<qint64> ids = selectedRunIds();
    if (ids.isEmpty())
        return;
    const QList<results::RunRecord> runs = m_queue->runsById({ids.last()});
    if (runs.isEmpty())
        return;
    auto *dialog = new QDialog(this, Qt::Window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Output of run %1").arg(runs.first().id));
    auto *text = new QPlainTextEdit(runs.first().rawOutput);
    text->setReadOnly(true);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    dialog->resize(900, 600);
    dialog->show();
}

}  // namespace roce::widgets
