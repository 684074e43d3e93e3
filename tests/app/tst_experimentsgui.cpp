// The Experiments panel against the embedded fabric, offscreen, as a user drives it: the
// seeds' RDMA-vs-TCP preset, a latency comparison, a pairwise matrix that finds the slow
// server, and an 8-rank training run with ECN/CNP on the ranks' NICs, all recorded and
// compared side by side. With ROCE_SCREENSHOT_DIR set, it also keeps screenshots.
#include "collect/history/counterstore.h"
#include "collect/monitor/agentmonitor.h"
#include "collect/monitor/switchmonitor.h"
#include "collect/results/resultstore.h"
#include "comparisonview.h"
#include "experimentlauncher.h"
#include "experimentspanel.h"
#include "live/experiments/experimentqueue.h"
#include "live/experiments/switchsummary.h"
#include "live/hub/livefabric.h"
#include "live/itemmodels/matrixmodel.h"
#include "live/itemmodels/runlistmodel.h"
#include "matrixview.h"
#include "sim/served/embeddedfabric.h"
#include "sim/served/simulatedplan.h"
#include "trainingview.h"

#include <QAbstractItemModelTester>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDateTime>
#include <QDebug>
#include <QImage>
#include <QJsonDocument>
#include <QLineSeries>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using roce::widgets::ExperimentLauncher;

class TestExperimentsGui : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    roce::sim::EmbeddedFabric *m_fabric = nullptr;
    roce::live::LiveFabric *m_live = nullptr;
    roce::sim::SimulatedFabricPlan *m_simulated = nullptr;
    roce::models::FabricLayout m_layout;
    std::unique_ptr<roce::results::ResultStore> m_store;
    roce::experiments::ExperimentQueue *m_queue = nullptr;
    roce::widgets::ExperimentsPanel *m_panel = nullptr;
    QStringList m_hosts;

    /// Clicks Run and waits until the queue is idle again; the runs it recorded, newest first.
    QList<roce::results::RunRecord> runAndWait(int expectedRuns, int timeoutMs = 60000)
    {
        QSignalSpy finished(m_queue, &roce::experiments::ExperimentQueue::runFinished);
        if (!m_panel->launcher()->runButton()->isEnabled())
            qWarning() << "Run is disabled";
        QTest::mouseClick(m_panel->launcher()->runButton(), Qt::LeftButton);
        if (!QTest::qWaitFor(
                [&] {
                    return finished.size() >= expectedRuns && !m_queue->busy()
                        && m_panel->launcher()->runButton()->isEnabled();
                },
                timeoutMs)) {
            for (const auto &r : m_queue->recentRuns(3))
                qWarning() << "run" << r.id << r.kind << r.state << r.error;
            qWarning() << "busy" << m_queue->busy() << "finished" << finished.size();
            return {};
        }
        return m_queue->recentRuns(expectedRuns);
    }

    void keepScreenshot(QWidget *w, const QString &name)
    {
        const QString dir = qEnvironmentVariable("ROCE_SCREENSHOT_DIR");
        if (dir.isEmpty())
            return;
        QTest::qWait(300);  // charts lay themselves out on the next turns of the event loop
        w->grab().save(dir + QLatin1Char('/') + name, "PNG");
    }

private slots:
    void initTestCase()
    {
        qRegisterMetaType<roce::experiments::ExperimentOutcome>();
        QVERIFY(m_dir.isValid());
        auto store
            = roce::results::ResultStore::open(m_dir.filePath(QStringLiteral("runs.sqlite")));
        QVERIFY(store);
        m_store = std::move(store).value();
        // The live model, built as the console builds it: the simulated fabric's plan (its
        // switch and agents) watched once it is up, their rates in its history.
        m_simulated = new roce::sim::SimulatedFabricPlan(QString(), QString(), {}, this);
        m_fabric = m_simulated->embedded();
        m_live = new roce::live::LiveFabric(this);
        connect(m_simulated, &roce::sim::SimulatedFabricPlan::ready, m_live,
                &roce::live::LiveFabric::watch);
        connect(m_fabric, &roce::sim::EmbeddedFabric::layoutReady, this,
                [this](const roce::models::FabricLayout &l) { m_layout = l; });
        m_queue = new roce::experiments::ExperimentQueue(m_store.get(), this);
        m_queue->setSwitchSummary([this](const QStringList &hosts, qint64 from, qint64 to) {
            return roce::experiments::switchSummary(m_live->history(), m_layout, hosts, from, to);
        });
        m_panel = new roce::widgets::ExperimentsPanel(m_queue, &m_live->history());
        m_panel->resize(560, 900);
        new QAbstractItemModelTester(m_panel->runs(),
                                     QAbstractItemModelTester::FailureReportingMode::QtTest, this);
        new QAbstractItemModelTester(m_panel->matrix(),
                                     QAbstractItemModelTester::FailureReportingMode::QtTest, this);
        connect(m_fabric, &roce::sim::EmbeddedFabric::agentsStarted, this,
                [this](const QList<roce::experiments::ExperimentHost> &hosts) {
                    for (const auto &h : hosts)
                        m_hosts.append(h.name);
                    m_panel->setHosts(hosts);
                });
        connect(m_fabric, &roce::sim::EmbeddedFabric::layoutReady, m_panel,
                &roce::widgets::ExperimentsPanel::setFabricLayout);
        connect(m_live, &roce::live::LiveFabric::gidTable, m_panel,
                &roce::widgets::ExperimentsPanel::setGids);
        m_simulated->start();
        m_panel->show();
        QTRY_COMPARE_WITH_TIMEOUT(m_hosts.size(), 8, 10000);
    }

    void gidTableOffersRoceV2()
    {
        // The agents' GID tables reach the launcher; RoCE v2 entries are marked.
        QList<QComboBox *> combos = m_panel->launcher()->findChildren<QComboBox *>();
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (QComboBox *c : combos) {
                    for (int i = 0; i < c->count(); ++i) {
                        if (c->itemText(i).contains(QStringLiteral("(RoCE v2)")))
                            return true;
                    }
                }
                return false;
            }(),
            10000);
    }

    void rdmaVersusTcpPresetAndCompare()
    {
        ExperimentLauncher *l = m_panel->launcher();
        l->setPreset(ExperimentLauncher::RdmaVersusTcp);
        l->setPair(m_hosts[0], m_hosts[1]);
        l->setDurationSeconds(1);
        l->setLabel(QStringLiteral("seed"));
        QCOMPARE(l->requests().size(), 2);
        const auto runs = runAndWait(2);
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[1].kind, QStringLiteral("ib_write_bw"));
        QCOMPARE(runs[1].label, QStringLiteral("seed, RDMA"));
        QCOMPARE(runs[0].kind, QStringLiteral("iperf3"));
        QCOMPARE(runs[0].label, QStringLiteral("seed, TCP"));
        QCOMPARE(runs[0].state, QStringLiteral("succeeded"));
        QCOMPARE(runs[1].state, QStringLiteral("succeeded"));
        QCOMPARE(m_panel->runs()->rowCount(), 2);
        QVERIFY(m_panel->runs()
                    ->data(m_panel->runs()->index(1, roce::models::RunListModel::Headline))
                    .toString()
                    .endsWith(QStringLiteral("Gb/s")));

        // The user selects both and compares: TCP is the baseline (the older run is RDMA,
        // selected first in time), bars for both, the ratio in words, CSV and PNG export.
        roce::widgets::ComparisonView *view = m_panel->compare({runs[0].id, runs[1].id});
        QVERIFY(view);
        auto *bars = qobject_cast<QBarSeries *>(view->bandwidthChart()->series().value(0));
        QVERIFY(bars);
        QCOMPARE(bars->count(), 2);
        const double tcp = bars->barSets()[0]->at(0);
        const double rdma = bars->barSets()[1]->at(0);
        QVERIFY2(tcp > 3 && tcp < 6, qPrintable(QString::number(tcp)));
        QVERIFY2(rdma > 2 * tcp, qPrintable(QString::number(rdma)));
        QVERIFY2(view->ratiosText().contains(QStringLiteral("x the bandwidth of seed, TCP")),
                 qPrintable(view->ratiosText()));
        const QString csv = m_dir.filePath(QStringLiteral("compare.csv"));
        QVERIFY(view->exportCsv(csv));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.startsWith("figure,seed, TCP (run ") || text.startsWith("figure,\"seed, TCP"));
        QVERIFY(text.contains("\nbandwidth_gbps,"));
        const QString png = m_dir.filePath(QStringLiteral("compare.png"));
        view->window()->resize(1100, 800);
        QVERIFY(view->exportPng(png));
        const QImage image(png);
        QVERIFY(image.width() > 500 && image.height() > 400);
        keepScreenshot(view->window(), QStringLiteral("experiments-compare-bw.png"));
    }

    void latencyRdmaVersusTcp()
    {
        ExperimentLauncher *l = m_panel->launcher();
        l->setPreset(ExperimentLauncher::NoPreset);
        l->setExperiment(ExperimentLauncher::TcpLatency);
        // The preset before left 1 MB: sockperf takes at most 65000 B, and the agents' own
        // check says so before anything starts.
        {
            QSignalSpy finished(m_queue, &roce::experiments::ExperimentQueue::runFinished);
            QTest::mouseClick(l->runButton(), Qt::LeftButton);
            QTRY_COMPARE(finished.size(), 1);
            const auto refused
                = finished.first().first().value<roce::experiments::ExperimentOutcome>();
            QCOMPARE(refused.state, QStringLiteral("failed"));
            QVERIFY2(refused.error.contains(QStringLiteral("message_size")),
                     qPrintable(refused.error));
            QCOMPARE(refused.runId, 0);  // refused before it ran: nothing recorded
            QTRY_VERIFY(l->runButton()->isEnabled());
        }
        l->setMessageSize(14);
        l->setDurationSeconds(1);
        l->setLabel(QStringLiteral("TCP latency"));
        auto tcp = runAndWait(1);
        QCOMPARE(tcp.size(), 1);
        l->setPreset(ExperimentLauncher::SeedLatency);
        l->setDurationSeconds(0);
        l->setLabel(QStringLiteral("RDMA latency"));
        auto rdma = runAndWait(1);
        QCOMPARE(rdma.size(), 1);
        QCOMPARE(rdma[0].kind, QStringLiteral("ib_write_lat"));
        QCOMPARE(rdma[0].parameters.value(QStringLiteral("size")).toInt(), 2);
        roce::widgets::ComparisonView *view = m_panel->compare({tcp[0].id, rdma[0].id});
        auto *bars = qobject_cast<QBarSeries *>(view->latencyChart()->series().value(0));
        QVERIFY(bars);
        QCOMPARE(bars->count(), 2);
        const double tcpMedian = bars->barSets()[0]->at(1);
        const double rdmaMedian = bars->barSets()[1]->at(1);
        QVERIFY2(rdmaMedian > 10 && rdmaMedian < 20, qPrintable(QString::number(rdmaMedian)));
        QVERIFY2(tcpMedian > 5 * rdmaMedian, qPrintable(QString::number(tcpMedian)));
        QVERIFY(view->ratiosText().contains(QStringLiteral("faster (median latency)")));
        keepScreenshot(view->window(), QStringLiteral("experiments-compare-latency.png"));
    }

    void qosOffVersusOnUnderIncast()
    {
        // Into the incast's receiver, without PFC/ECN and then with DCQCN: drops collapse the
        // first; the second gets its share, and the switch marks ECN instead of dropping.
        ExperimentLauncher *l = m_panel->launcher();
        l->setPreset(ExperimentLauncher::NoPreset);
        l->setExperiment(ExperimentLauncher::RdmaBandwidth);
        l->setMessageSize(65536);
        l->setPair(m_hosts[5], m_hosts[1]);
        l->setDurationSeconds(3);
        QList<roce::results::RunRecord> runs;
        for (const auto &[scenario, label] :
             {std::pair {"lossy-incast", "QoS off"}, std::pair {"dcqcn-incast", "QoS on"}}) {
            QSignalSpy started(m_fabric, &roce::sim::EmbeddedFabric::scenarioStarted);
            m_fabric->startScenario(QLatin1String(scenario));
            QTRY_COMPARE_WITH_TIMEOUT(started.size(), 1, 5000);
            // The incast settles and two switch polls after the change see it (a poll that
            // spans the change would blend the two scenarios into the run's counters). A poll
            // that lands within 200 ms of the change is not one of them, so the series is read
            // from past that point.
            const qint64 settled = QDateTime::currentMSecsSinceEpoch() + 200;
            QTRY_VERIFY_WITH_TIMEOUT(m_live->history()
                                             .series(QStringLiteral("nexus-roce/Ethernet1/1/2"),
                                                     roce::store::Metric::InUtil, settled)
                                             .size()
                                         >= 2,
                                     10000);
            l->setLabel(QLatin1String(label));
            const auto r = runAndWait(1);
            QCOMPARE(r.size(), 1);
            runs.append(r.first());
        }
        m_fabric->startScenario(QStringLiteral("idle"));
        const QJsonObject off = runs[0]
                                    .fabric.value(QStringLiteral("switch"))
                                    .toObject()
                                    .value(QStringLiteral("totals"))
                                    .toObject();
        const QJsonObject on = runs[1]
                                   .fabric.value(QStringLiteral("switch"))
                                   .toObject()
                                   .value(QStringLiteral("totals"))
                                   .toObject();
        QVERIFY2(off.value(QStringLiteral("mmu_drops")).toDouble() > 1000,
                 qPrintable(QString::fromUtf8(QJsonDocument(runs[0].fabric).toJson())));
        QCOMPARE(on.value(QStringLiteral("mmu_drops")).toDouble(), 0.0);
        QVERIFY(on.value(QStringLiteral("ecn_marked")).toDouble() > 0);
        roce::widgets::ComparisonView *view = m_panel->compare({runs[0].id, runs[1].id});
        auto *bars = qobject_cast<QBarSeries *>(view->bandwidthChart()->series().value(0));
        QVERIFY(bars && bars->count() == 2);
        QVERIFY2(bars->barSets()[1]->at(0) > bars->barSets()[0]->at(0) + 1,
                 qPrintable(QStringLiteral("%1 vs %2")
                                .arg(bars->barSets()[1]->at(0))
                                .arg(bars->barSets()[0]->at(0))));
        QVERIFY(view->comparison().toCsv().contains(QStringLiteral("\nswitch_mmu_drops,")));
        // The table names figures for people and gives their units; the CSV keeps the keys.
        auto *table = view->findChild<QTableWidget *>();
        QVERIFY(table);
        QMap<QString, QStringList> figures;
        for (int r = 0; r < table->rowCount(); ++r) {
            for (int c = 1; c < table->columnCount(); ++c)
                figures[table->item(r, 0)->text()].append(table->item(r, c)->text());
        }
        QVERIFY2(figures.contains(QStringLiteral("Switch MMU drops")),
                 qPrintable(figures.keys().join(QLatin1Char(','))));
        QVERIFY(figures.value(QStringLiteral("Switch MMU drops"))
                    .first()
                    .endsWith(QStringLiteral(" pkt")));
        QVERIFY(
            figures.value(QStringLiteral("Bandwidth")).last().endsWith(QStringLiteral(" Gb/s")));
        QVERIFY(figures.value(QStringLiteral("NIC bytes received"))
                    .last()
                    .endsWith(QStringLiteral("B")));
        for (const QString &name : figures.keys()) {
            QVERIFY2(!name.startsWith(QLatin1String("fabric_"))
                         && !name.startsWith(QLatin1String("switch_")),
                     qPrintable(name));
        }
        keepScreenshot(view->window(), QStringLiteral("experiments-compare-qos.png"));
    }

    void sizeSweep()
    {
        ExperimentLauncher *l = m_panel->launcher();
        l->setPair(m_hosts[0], m_hosts[1]);
        l->setDurationSeconds(0);
        l->setPreset(ExperimentLauncher::SizeSweep);
        l->setLabel(QStringLiteral("sweep"));
        const auto runs = runAndWait(1);
        QCOMPARE(runs.size(), 1);
        QVERIFY(runs[0].parameters.value(QStringLiteral("all_sizes")).toBool());
        roce::widgets::ComparisonView *view = m_panel->compare({runs[0].id});
        const auto series = view->sweepChart()->series();
        QCOMPARE(series.size(), 1);
        auto *line = qobject_cast<QLineSeries *>(series.first());
        QVERIFY(line && line->count() >= 20);
        QCOMPARE(line->at(0).x(), 2.0);
        QVERIFY(line->at(line->count() - 1).y() > 10 * line->at(0).y());
        keepScreenshot(view->window(), QStringLiteral("experiments-sweep.png"));
        l->setPreset(ExperimentLauncher::SeedBandwidth);  // one size again
        QVERIFY(l->requests().first().job.size.has_value());
        QVERIFY(!l->requests().first().job.allSizes);
        l->setPreset(ExperimentLauncher::NoPreset);
    }

    void matrixPointsAtTheSlowServer()
    {
        QSignalSpy scenario(m_fabric, &roce::sim::EmbeddedFabric::scenarioStarted);
        m_fabric->startScenario(QStringLiteral("slow-host:") + m_hosts[2]);
        QTRY_COMPARE_WITH_TIMEOUT(scenario.size(), 1, 5000);
        ExperimentLauncher *l = m_panel->launcher();
        l->setPreset(ExperimentLauncher::NoPreset);
        l->setExperiment(ExperimentLauncher::Matrix);
        l->setTool(QStringLiteral("ib_write_lat"));
        l->setMessageSize(2);
        l->setIterations(200);
        l->setLabel(QStringLiteral("latency matrix"));
        l->setSelectedHosts(m_hosts.mid(0, 4));
        const auto runs = runAndWait(1);
        l->setIterations(0);
        m_fabric->startScenario(QStringLiteral("idle"));
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs[0].kind, QStringLiteral("matrix"));
        QCOMPARE(m_panel->tabs()->currentIndex(), int(roce::widgets::ExperimentsPanel::MatrixTab));
        roce::models::MatrixModel *m = m_panel->matrix();
        QCOMPARE(m->rowCount(), 4);
        QCOMPARE(m->suspects(), QStringList {m_hosts[2]});
        QVERIFY(m_panel->matrixView()->summary().contains(m_hosts[2]));
        // The map of pairs, in pixels: a pair with the slow server is red, others green.
        QTableView *t = m_panel->matrixView()->table();
        const QImage img = t->viewport()->grab().toImage();
        auto colourAt = [&](int row, int column) {
            const QRect r = t->visualRect(m->index(row, column));
            return img.pixelColor(r.left() + 4, r.top() + r.height() / 2);
        };
        const QColor slow = colourAt(2, 0);
        const QColor fine = colourAt(0, 1);
        QVERIFY2(slow.red() > 150 && slow.green() < 100, qPrintable(slow.name()));
        QVERIFY2(fine.green() > 120 && fine.red() < 100, qPrintable(fine.name()));
        keepScreenshot(m_panel, QStringLiteral("experiments-matrix.png"));
    }

    void trainingRunWithFabricCounters()
    {
        ExperimentLauncher *l = m_panel->launcher();
        l->setExperiment(ExperimentLauncher::Training);
        l->setSelectedHosts(m_hosts);
        l->setIterations(120);
        l->setLabel(QStringLiteral("8 ranks"));
        const auto runs = runAndWait(1);
        l->setIterations(0);
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs[0].kind, QStringLiteral("train"));
        QCOMPARE(runs[0].state, QStringLiteral("succeeded"));
        roce::widgets::TrainingView *t = m_panel->training();
        QCOMPARE(t->stepSeries()->count(), 120);
        QCOMPARE(t->lossSeries()->count(), 120);
        QVERIFY(t->lossSeries()->at(119).y() < t->lossSeries()->at(0).y());  // it learns
        QCOMPARE(m_panel->tabs()->currentIndex(),
                 int(roce::widgets::ExperimentsPanel::TrainingTab));
        // ECN marks and CNPs of the ranks' NICs, on the same time axis as the iterations.
        t->refresh();
        double ecn = 0;
        for (const QPointF &p : t->ecnSeries()->points())
            ecn = std::max(ecn, p.y());
        QVERIFY2(ecn > 0, "no ECN on the ranks' NICs during all-reduce");
        const double firstStep = t->stepSeries()->at(0).x();
        QVERIFY(t->ecnSeries()->count() > 0);
        QVERIFY(t->ecnSeries()->at(t->ecnSeries()->count() - 1).x() >= firstStep - 2000);
        QVERIFY(t->status().startsWith(QStringLiteral("Iteration 119")));
        QVERIFY(runs[0]
                    .fabric.value(QStringLiteral("totals"))
                    .toObject()
                    .value(QStringLiteral("cnp_handled"))
                    .toDouble()
                > 0);
        keepScreenshot(m_panel, QStringLiteral("experiments-training.png"));
    }

    void cancelStopsTheRun()
    {
        ExperimentLauncher *l = m_panel->launcher();
        l->setExperiment(ExperimentLauncher::RdmaBandwidth);
        l->setPair(m_hosts[0], m_hosts[1]);
        l->setDurationSeconds(60);
        l->setLabel(QStringLiteral("cancelled"));
        QSignalSpy finished(m_queue, &roce::experiments::ExperimentQueue::runFinished);
        QTest::mouseClick(l->runButton(), Qt::LeftButton);
        QTRY_VERIFY(l->cancelButton()->isEnabled());
        QTest::qWait(1500);
        QTest::mouseClick(l->cancelButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        QCOMPARE(finished.first().first().value<roce::experiments::ExperimentOutcome>().state,
                 QStringLiteral("cancelled"));
        QTRY_VERIFY(l->runButton()->isEnabled());
        QCOMPARE(m_queue->recentRuns(1).first().state, QStringLiteral("cancelled"));
        l->setDurationSeconds(0);
        m_panel->tabs()->setCurrentIndex(roce::widgets::ExperimentsPanel::LaunchTab);
        keepScreenshot(m_panel, QStringLiteral("experiments-launcher.png"));
    }

    void runOfAnotherProcessShowsAndKeepsTheSelection()
    {
        // The user has a run selected; `rocectl run` records one beside the console.
        roce::models::RunListModel *model = m_panel->runs();
        QTableView *table = m_panel->runTable();
        QVERIFY(model->rowCount() >= 2);
        table->selectRow(1);
        const qint64 selected = model->run(1).id;
        const int before = model->rowCount();
        const QString label = QStringLiteral("rocectl beside the console");
        QProcess run;
        run.setProcessChannelMode(QProcess::MergedChannels);
        run.start(QStringLiteral(ROCECTL_PATH),
                  {QStringLiteral("run"), QStringLiteral("tcp"), QStringLiteral("--sim"),
                   QStringLiteral("--duration"), QStringLiteral("1"), QStringLiteral("--label"),
                   label, QStringLiteral("--db"), m_store->path()});
        QVERIFY(run.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(run.state() == QProcess::NotRunning, 60000);
        QVERIFY2(run.exitCode() == 0, run.readAll().constData());
        // Recorded before rocectl exited: listed, finished, within 2 s at most.
        auto listed = [&] {
            return model->rowCount() == before + 1 && model->run(0).label == label
                && model->run(0).state == QLatin1String("succeeded");
        };
        QTRY_VERIFY_WITH_TIMEOUT(listed(), 2000);
        const qint64 delayMs = QDateTime::currentMSecsSinceEpoch() - model->run(0).finishedMs;
        qInfo("the run of rocectl showed %lld ms after it ended (or sooner)", delayMs);
        QVERIFY(model->data(model->index(0, roce::models::RunListModel::Headline))
                    .toString()
                    .endsWith(QStringLiteral("Gb/s")));
        // The same run is still the one selected, one row further down.
        const QModelIndexList rows = table->selectionModel()->selectedRows();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.first().row(), 2);
        QCOMPARE(model->run(rows.first().row()).id, selected);
        QCOMPARE(table->currentIndex().row(), 2);
    }

    void cleanupTestCase()
    {
        delete m_panel;
        m_live->stop();
    }
};

QTEST_MAIN(TestExperimentsGui)
#include "tst_experimentsgui.moc"
