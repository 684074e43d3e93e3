#include "live/hub/livefabric.h"
#include "live/itemmodels/pairmatrixmodel.h"
#include "live/itemmodels/verdictlistmodel.h"
#include "mainwindow.h"
#include "pairmatrixview.h"
#include "palette.h"
#include "pingmeshpanel.h"
#include "pingmeshwiring.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace roce;
using models::PairMatrixModel;

namespace {

/// Two switches, two single-NIC hosts under each, interleaved as a multi-rail fabric lists them.
QList<pingmesh::Endpoint> interleaved()
{
    return {{QStringLiteral("a"), QStringLiteral("mlx5_0"), QStringLiteral("leaf1"),
             QStringLiteral("Ethernet1/1")},
            {QStringLiteral("a"), QStringLiteral("mlx5_1"), QStringLiteral("leaf2"),
             QStringLiteral("Ethernet1/1")},
            {QStringLiteral("b"), QStringLiteral("mlx5_0"), QStringLiteral("leaf1"),
             QStringLiteral("Ethernet1/2")},
            {QStringLiteral("b"), QStringLiteral("mlx5_1"), QStringLiteral("leaf2"),
             QStringLiteral("Ethernet1/2")}};
}

}  // namespace

class TestPingmeshGui : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    void matrixGroupsBySwitchAndRatesCells()
    {
        const QList<pingmesh::Endpoint> eps = interleaved();
        QList<pingmesh::PingPair> pairs;
        QList<pingmesh::PairSummary> summaries;
        for (int s = 0; s < 4; ++s) {
            for (int d = 0; d < 4; ++d) {
                if (s == d)
                    continue;
                pairs.append({s, d});
                pingmesh::PairSummary sum;
                sum.sent = 10;
                const bool across = eps[s].switchName != eps[d].switchName;
                sum.p50Us = sum.p99Us = across ? 10 : 5;
                if (s == 0 && d == 2)
                    sum.p50Us = 12.5;  // 2.5x its kind: slow
                if (s == 3 && d == 0)
                    sum.lost = 2;
                summaries.append(sum);
            }
        }
        pingmesh::Verdict v;
        v.kind = QStringLiteral("nic");
        v.nic = QStringLiteral("b/mlx5_1");
        PairMatrixModel m;
        m.setMatrix(eps, pairs, summaries, {v});
        QCOMPARE(m.rowCount(), 4);
        // Sorted by switch: a/mlx5_0, b/mlx5_0 (leaf1), a/mlx5_1, b/mlx5_1 (leaf2).
        QCOMPARE(m.headerData(1, Qt::Vertical).toString(), QStringLiteral("b/mlx5_0"));
        QCOMPARE(m.headerData(2, Qt::Vertical, PairMatrixModel::GroupRole).toString(),
                 QStringLiteral("leaf2"));
        QCOMPARE(m.baselineUs(false), 5.0);
        QCOMPARE(m.baselineUs(true), 10.0);
        QVERIFY(!m.index(0, 0).data(PairMatrixModel::BadnessRole).isValid());  // itself
        QCOMPARE(m.index(0, 2).data(PairMatrixModel::BadnessRole).toDouble(), 0.0);
        // 12.5 us against 5: as bad as a delay gets, still short of any loss.
        QCOMPARE(m.index(0, 1).data(PairMatrixModel::BadnessRole).toDouble(), 0.59);
        const double lossy = m.index(3, 0).data(PairMatrixModel::BadnessRole).toDouble();
        QVERIFY2(lossy >= 0.6, qPrintable(QString::number(lossy)));  // loss outranks delay
        QCOMPARE(m.index(3, 0).data(PairMatrixModel::LossRole).toDouble(), 0.2);
        QVERIFY(m.headerData(3, Qt::Vertical, PairMatrixModel::SuspectRole).toBool());
        QVERIFY(!m.headerData(0, Qt::Vertical, PairMatrixModel::SuspectRole).toBool());
        QVERIFY(m.index(0, 1).data(Qt::ToolTipRole).toString().contains(QStringLiteral("12.50")));

        m.setGrouping(PairMatrixModel::Grouping::BySwitch);
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(m.headerData(0, Qt::Vertical).toString(), QStringLiteral("leaf1"));
        QVERIFY(m.headerData(1, Qt::Vertical, PairMatrixModel::SuspectRole).toBool());
        QCOMPARE(m.index(1, 0).data(PairMatrixModel::LossRole).toDouble(), 2.0 / 40.0);
        QCOMPARE(m.index(0, 0).data(PairMatrixModel::P50Role).toDouble(), 5.0);

        // The view paints the named row and column in the suspect colour.
        widgets::PairMatrixView view(&m);
        view.resize(200, 200);
        m.setGrouping(PairMatrixModel::Grouping::ByNic);
        const QImage image = view.grab().toImage();
        int outlined = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x)
                outlined += image.pixelColor(x, y) == widgets::palette::suspect() ? 1 : 0;
        }
        QVERIFY2(outlined > 100, qPrintable(QString::number(outlined)));
    }

    void dockRunsThePingmeshAndRaisesItsVerdicts()
    {
        QSettings settings(m_dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        app::MainWindow window(settings, false);
        live::LiveFabric live;
        app::wirePingmesh(window, live, QStringLiteral("bad-nic:gpu0009"));
        window.show();
        QDockWidget *dock = window.dock(QStringLiteral("pingmeshDock"));
        QVERIFY(dock);
        auto *panel = qobject_cast<widgets::PingmeshPanel *>(dock->widget());
        QVERIFY(panel);
        QCOMPARE(panel->scenario(), QStringLiteral("bad-nic:gpu0009"));
        QVERIFY(window.findChild<QAction *>(QStringLiteral("pingmeshAction")));
        // The model raises it after two seconds of probing, paced to the clock.
        QTRY_COMPARE_WITH_TIMEOUT(panel->verdicts()->rowCount(), 1, 20000);
        QCOMPARE(panel->verdicts()->verdicts().first().nic, QStringLiteral("gpu0009/mlx5_0"));
        QCOMPARE(panel->matrix()->rowCount(), 128);
        auto pingmeshAlerts = [&live] {
            QStringList out;
            for (const monitor::Alert &a : live.alerts().active()) {
                if (a.rule.startsWith(QLatin1String("pingmesh_")))
                    out.append(a.rule + QLatin1Char(' ') + a.port);
            }
            return out;
        };
        QTRY_VERIFY_WITH_TIMEOUT(
            (live.tick(),
             pingmeshAlerts() == QStringList {QStringLiteral("pingmesh_nic gpu0009/mlx5_0")}),
            5000);
        const auto alert = live.alerts().active();
        const auto it = std::find_if(alert.cbegin(), alert.cend(), [](const monitor::Alert &a) {
            return a.rule == u"pingmesh_nic";
        });
        QCOMPARE(it->severity, monitor::Alert::Severity::Critical);
        QCOMPARE(it->source, QStringLiteral("pingmesh"));
        QVERIFY(it->value > 2);  // loss %

        // A healthy fabric: the verdict goes, and so does its alert.
        panel->setScenario(QStringLiteral("healthy"));
        panel->start();
        QTRY_VERIFY_WITH_TIMEOUT((live.tick(), pingmeshAlerts().isEmpty()), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(panel->verdicts()->rowCount(), 0, 10000);
    }

    void aBadScenarioIsSaid()
    {
        QSettings settings(m_dir.filePath(QStringLiteral("settings2.ini")), QSettings::IniFormat);
        app::MainWindow window(settings, false);
        live::LiveFabric live;
        app::wirePingmesh(window, live, QStringLiteral("bad-nic:nosuchhost"));
        auto *panel = qobject_cast<widgets::PingmeshPanel *>(
            window.dock(QStringLiteral("pingmeshDock"))->widget());
        QVERIFY(panel);
        auto *status = panel->findChild<QLabel *>(QStringLiteral("pingmeshStatus"));
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(QStringLiteral("failed")), 10000);
        QVERIFY2(status->text().contains(QStringLiteral("no host or NIC 'nosuchhost'")),
                 qPrintable(status->text()));
    }

    // "agents": the watched fabric's own agents; the embedded fabric has none, and says so.
    void agentsWithoutAgentsIsSaid()
    {
        QSettings settings(m_dir.filePath(QStringLiteral("settings3.ini")), QSettings::IniFormat);
        app::MainWindow window(settings, false);
        live::LiveFabric live;
        app::wirePingmesh(window, live, QStringLiteral("agents"));
        auto *panel = qobject_cast<widgets::PingmeshPanel *>(
            window.dock(QStringLiteral("pingmeshDock"))->widget());
        QVERIFY(panel);
        auto *combo = panel->findChild<QComboBox *>(QStringLiteral("pingmeshScenario"));
        QCOMPARE(combo->currentText(), QStringLiteral("agents"));
        auto *status = panel->findChild<QLabel *>(QStringLiteral("pingmeshStatus"));
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(QStringLiteral("failed")), 20000);
        QVERIFY2(status->text().contains(QStringLiteral("no agents")), qPrintable(status->text()));
    }
};

QTEST_MAIN(TestPingmeshGui)
#include "tst_pingmeshgui.moc"
