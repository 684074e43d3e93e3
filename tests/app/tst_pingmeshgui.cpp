#include "consoleoptions.h"
#include "fabricsession.h"
#include "live/hub/livefabric.h"
#include "live/inventory/inventory.h"
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
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
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

/// @p hosts NICs under switches of @p perSwitch each, every pair probed: a matrix too large
/// to name every row.
void fillMatrix(PairMatrixModel &m, int hosts, int perSwitch)
{
    QList<pingmesh::Endpoint> eps;
    for (int h = 0; h < hosts; ++h)
        eps.append({QStringLiteral("gpu%1").arg(h + 1, 4, 10, QLatin1Char('0')),
                    QStringLiteral("mlx5_0"), QStringLiteral("leaf%1").arg(h / perSwitch + 1),
                    QStringLiteral("Ethernet1/%1").arg(h % perSwitch + 1)});
    QList<pingmesh::PingPair> pairs;
    QList<pingmesh::PairSummary> summaries;
    for (int s = 0; s < hosts; ++s) {
        for (int d = 0; d < hosts; ++d) {
            if (s == d)
                continue;
            pairs.append({s, d});
            pingmesh::PairSummary sum;
            sum.sent = 10;
            sum.p50Us = sum.p99Us = s / perSwitch == d / perSwitch ? 5 : 10;
            summaries.append(sum);
        }
    }
    m.setMatrix(eps, pairs, summaries, {});
}

struct Window {
    explicit Window(const QString &settingsPath)
        : settings(settingsPath, QSettings::IniFormat), window(settings, false)
    { }
    widgets::PingmeshPanel *panel() const
    {
        return qobject_cast<widgets::PingmeshPanel *>(
            window.dock(QStringLiteral("pingmeshDock"))->widget());
    }
    QSettings settings;
    app::MainWindow window;
};

QStringList pingmeshAlerts(live::LiveFabric &live)
{
    QStringList out;
    for (const monitor::Alert &a : live.alerts().active()) {
        if (a.rule.startsWith(QLatin1String("pingmesh_")))
            out.append(a.rule + QLatin1Char(' ') + a.port);
    }
    return out;
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
        view.resize(400, 460);
        m.setGrouping(PairMatrixModel::Grouping::ByNic);
        const QImage image = view.grab().toImage();
        int outlined = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x)
                outlined += image.pixelColor(x, y) == widgets::palette::suspect() ? 1 : 0;
        }
        QVERIFY2(outlined > 100, qPrintable(QString::number(outlined)));
    }

    // The axes say what the rows and columns are, with every name when there is room and
    // every few names when there is not; the legend says what the colours mean, in µs and %.
    void matrixLabelsItsAxesAndExplainsItsColours()
    {
        PairMatrixModel m;
        widgets::PairMatrixView view(&m);
        view.resize(500, 600);
        QVERIFY(view.axisLabels(Qt::Vertical).isEmpty());
        QVERIFY(view.legendText().isEmpty());
        fillMatrix(m, 4, 2);
        QVERIFY2(view.axisTitle(Qt::Vertical).contains(QStringLiteral("Source NIC")),
                 qPrintable(view.axisTitle(Qt::Vertical)));
        QVERIFY2(view.axisTitle(Qt::Horizontal).contains(QStringLiteral("Destination NIC")),
                 qPrintable(view.axisTitle(Qt::Horizontal)));
        const QStringList names {QStringLiteral("gpu0001/mlx5_0"), QStringLiteral("gpu0002/mlx5_0"),
                                 QStringLiteral("gpu0003/mlx5_0"),
                                 QStringLiteral("gpu0004/mlx5_0")};
        QCOMPARE(view.axisLabels(Qt::Vertical), names);
        QCOMPARE(view.axisLabels(Qt::Horizontal), names);
        // RTT in µs against each kind of path's typical RTT (5 us under one switch, 10 across),
        // loss in %.
        const QStringList legend = view.legendText();
        const QString joined = legend.join(QLatin1Char('|'));
        QVERIFY2(legend.contains(QStringLiteral("RTT p50 (µs), under one switch / across")),
                 qPrintable(joined));
        QVERIFY2(legend.contains(QStringLiteral("5.0 / 10.0")), qPrintable(joined));
        QVERIFY2(legend.contains(QStringLiteral("≥9.4 / ≥18.9")), qPrintable(joined));
        QVERIFY2(legend.contains(QStringLiteral("Loss (%)")), qPrintable(joined));
        QVERIFY2(legend.contains(QStringLiteral("≥5")), qPrintable(joined));
        QVERIFY2(legend.contains(QStringLiteral("named by a verdict")), qPrintable(joined));
        // The legend is painted under the matrix: the worst colour of the loss scale shows.
        const QImage image = view.grab().toImage();
        int worst = 0;
        for (int y = image.height() / 2; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x)
                worst += image.pixelColor(x, y).red() > 200 && image.pixelColor(x, y).green() < 80
                    ? 1
                    : 0;
        }
        QVERIFY2(worst > 20, qPrintable(QString::number(worst)));

        // 128 NICs in 400 px: every few rows named, the first of them at the top.
        fillMatrix(m, 128, 32);
        view.resize(400, 480);
        const QStringList rows = view.axisLabels(Qt::Vertical);
        QCOMPARE(rows.size(), 128);
        QCOMPARE(rows.first(), QStringLiteral("gpu0001/mlx5_0"));
        const qsizetype named = rows.size() - rows.count(QString());
        QVERIFY2(named >= 8 && named < 128, qPrintable(QString::number(named)));
        QCOMPARE(view.axisLabels(Qt::Horizontal), rows);
        // By switch: the switches, each named.
        m.setGrouping(PairMatrixModel::Grouping::BySwitch);
        QVERIFY(view.axisTitle(Qt::Vertical).contains(QStringLiteral("Source switch")));
        QCOMPARE(view.axisLabels(Qt::Vertical),
                 QStringList({QStringLiteral("leaf1"), QStringLiteral("leaf2"),
                              QStringLiteral("leaf3"), QStringLiteral("leaf4")}));
    }

    // The evidence is wrapped in its column: each row is as tall as its sentence at the
    // column's width, also once the dock is narrowed.
    void evidenceWrapsInItsColumn()
    {
        widgets::PingmeshPanel panel({});
        panel.resize(700, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        pingmesh::Verdict v;
        v.kind = QStringLiteral("nic");
        v.nic = QStringLiteral("ubunturdma3/rocep19s0");
        v.summary = QStringLiteral(
            "Probes to and from ubunturdma3/rocep19s0 are lost (8.15 %) towards every peer, "
            "while its switch port counts no errors: the NIC is the fault. Its host answers "
            "late as well, which the pairs through the other NIC of the server do not show.");
        panel.verdicts()->setVerdicts({v});
        auto *table = panel.findChild<QTableView *>(QStringLiteral("pingmeshVerdicts"));
        QVERIFY(table);
        QVERIFY(table->wordWrap());
        auto fits = [&] {
            const int width = table->columnWidth(models::VerdictListModel::Summary);
            const QRect needed = table->fontMetrics().boundingRect(QRect(0, 0, width - 8, 10000),
                                                                   Qt::TextWordWrap, v.summary);
            return table->rowHeight(0) >= needed.height() && needed.height() > 0;
        };
        QTRY_VERIFY(fits());
        const int wide = table->rowHeight(0);
        panel.resize(380, 700);
        QTRY_VERIFY(table->rowHeight(0) > wide);
        QTRY_VERIFY(fits());
    }

    // The default fabric is the embedded reference one: the dock probes its NICs (the
    // ubunturdmaN VMs), and raises what it finds as alerts of the live model.
    void dockRunsThePingmeshOfTheWatchedFabric()
    {
        Window w(m_dir.filePath(QStringLiteral("settings.ini")));
        live::LiveFabric live;
        app::FabricSession session(sim::SimServiceOptions {}, nullptr);
        app::ConsoleOptions options;
        options.pingmeshScenario = QStringLiteral("bad-nic:ubunturdma3");
        app::wirePingmesh(w.window, live, session, options);
        w.window.show();
        widgets::PingmeshPanel *panel = w.panel();
        QVERIFY(panel);
        QVERIFY(w.window.findChild<QAction *>(QStringLiteral("pingmeshAction")));
        // Nothing to probe before the window watches a fabric.
        QCOMPARE(panel->findChild<QPushButton *>(QStringLiteral("pingmeshStart"))->isEnabled(),
                 false);
        session.startDemo();
        QTRY_COMPARE_WITH_TIMEOUT(panel->target().topology, QStringLiteral("reference"), 20000);
        QVERIFY(panel->target().agents);  // its agents can probe too
        QCOMPARE(panel->scenario(), QStringLiteral("bad-nic:ubunturdma3"));
        // The model raises it after two seconds of probing, paced to the clock.
        QTRY_COMPARE_WITH_TIMEOUT(panel->verdicts()->rowCount(), 1, 20000);
        QCOMPARE(panel->verdicts()->verdicts().first().nic,
                 QStringLiteral("ubunturdma3/rocep19s0"));
        QCOMPARE(panel->matrix()->rowCount(), 8);
        // One switch: every pair is under it, and no figure "across" is made up.
        const QString said = panel->findChild<QLabel *>(QStringLiteral("pingmeshStatus"))->text();
        QVERIFY2(said.contains(QStringLiteral("us, every pair under one switch")),
                 qPrintable(said));
        QVERIFY2(!said.contains(QStringLiteral("across")), qPrintable(said));
        for (int r = 0; r < 8; ++r) {
            const QString nic = panel->matrix()->headerData(r, Qt::Vertical).toString();
            QVERIFY2(nic.startsWith(QLatin1String("ubunturdma")), qPrintable(nic));
        }
        QTRY_VERIFY_WITH_TIMEOUT(
            (live.tick(),
             pingmeshAlerts(live)
                 == QStringList {QStringLiteral("pingmesh_nic ubunturdma3/rocep19s0")}),
            5000);
        const auto alert = live.alerts().active();
        const auto it = std::find_if(alert.cbegin(), alert.cend(), [](const monitor::Alert &a) {
            return a.rule == u"pingmesh_nic";
        });
        QCOMPARE(it->severity, monitor::Alert::Severity::Critical);
        QCOMPARE(it->source, QStringLiteral("pingmesh"));
        QVERIFY(it->value > 2);  // loss %
        // The faults name the fabric's own servers and ports.
        QVERIFY(panel->setScenario(QStringLiteral("bad-link")));
        QCOMPARE(panel->findChild<QLineEdit *>(QStringLiteral("pingmeshArgument"))->text(),
                 QStringLiteral("nexus-roce/Ethernet1/1/1"));

        // A healthy fabric: the verdict goes, and so does its alert.
        QVERIFY(panel->setScenario(QStringLiteral("healthy")));
        panel->start();
        QTRY_VERIFY_WITH_TIMEOUT((live.tick(), pingmeshAlerts(live).isEmpty()), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(panel->verdicts()->rowCount(), 0, 10000);
    }

    // --topology: a model of that leaf/spine fabric (its rows come from a model: no agents);
    // an inventory then: only its agents, and the pingmesh of the fabric before is gone.
    void dockFollowsTheWatchedFabric()
    {
        Window w(m_dir.filePath(QStringLiteral("settings2.ini")));
        live::LiveFabric live;
        app::FabricSession session(sim::SimServiceOptions {}, nullptr);
        app::ConsoleOptions options;
        options.topology = QStringLiteral("rail:16:2:2:2");
        options.pingmeshScenario = QStringLiteral("healthy");
        app::wirePingmesh(w.window, live, session, options);
        widgets::PingmeshPanel *panel = w.panel();
        QVERIFY(panel);
        auto *combo = panel->findChild<QComboBox *>(QStringLiteral("pingmeshScenario"));
        QCOMPARE(combo->findText(QStringLiteral("agents")), -1);
        QVERIFY(combo->findText(QStringLiteral("hot-uplink")) >= 0);
        QTRY_COMPARE_WITH_TIMEOUT(panel->matrix()->rowCount(), 32, 10000);
        // Two leaves: both kinds of path have their typical round trip.
        const QString said = panel->findChild<QLabel *>(QStringLiteral("pingmeshStatus"))->text();
        QVERIFY2(QRegularExpression(QStringLiteral("typical RTT [1-9][0-9.]* us under one switch, "
                                                   "[1-9][0-9.]* us across"))
                     .match(said)
                     .hasMatch(),
                 qPrintable(said));
        QCOMPARE(panel->matrix()->headerData(0, Qt::Vertical).toString(),
                 QStringLiteral("gpu0001/mlx5_0"));
        QVERIFY(panel->setScenario(QStringLiteral("bad-nic")));
        QCOMPARE(panel->findChild<QLineEdit *>(QStringLiteral("pingmeshArgument"))->text(),
                 QStringLiteral("gpu0003"));

        session.startInventory(inventory::Inventory {});
        QCOMPARE(panel->target().topology, QString());
        QCOMPARE(combo->count(), 1);
        QCOMPARE(panel->scenario(), QStringLiteral("agents"));
        QCOMPARE(panel->matrix()->rowCount(), 0);
        // No second of the model's pingmesh comes in any more.
        QTest::qWait(1500);
        QCOMPARE(panel->matrix()->rowCount(), 0);
        auto *status = panel->findChild<QLabel *>(QStringLiteral("pingmeshStatus"));
        QVERIFY2(status->text().contains(QStringLiteral("agents")), qPrintable(status->text()));
        // Its agents: none here, and that is said.
        panel->start();
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(QStringLiteral("failed")), 20000);
        QVERIFY2(status->text().contains(QStringLiteral("no agents")), qPrintable(status->text()));
    }

    void aBadScenarioIsSaid()
    {
        Window w(m_dir.filePath(QStringLiteral("settings3.ini")));
        live::LiveFabric live;
        app::FabricSession session(sim::SimServiceOptions {}, nullptr);
        app::ConsoleOptions options;
        options.topology = QStringLiteral("rail:64:2:2:8");
        options.pingmeshScenario = QStringLiteral("bad-nic:nosuchhost");
        app::wirePingmesh(w.window, live, session, options);
        auto *status = w.panel()->findChild<QLabel *>(QStringLiteral("pingmeshStatus"));
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(QStringLiteral("failed")), 10000);
        QVERIFY2(status->text().contains(QStringLiteral("no host or NIC 'nosuchhost'")),
                 qPrintable(status->text()));
    }

    // A fault asked for on a fabric of real switches and servers: there is no model to inject
    // it into, and that is said.
    void aFaultOnAnInventoryIsSaid()
    {
        Window w(m_dir.filePath(QStringLiteral("settings4.ini")));
        live::LiveFabric live;
        app::FabricSession session(sim::SimServiceOptions {}, nullptr);
        app::ConsoleOptions options;
        options.pingmeshScenario = QStringLiteral("bad-nic:gpu0005");
        app::wirePingmesh(w.window, live, session, options);
        session.startInventory(inventory::Inventory {});
        auto *status = w.panel()->findChild<QLabel *>(QStringLiteral("pingmeshStatus"));
        QVERIFY2(status->text().contains(QStringLiteral("no pingmesh 'bad-nic:gpu0005'")),
                 qPrintable(status->text()));
    }
};

QTEST_MAIN(TestPingmeshGui)
#include "tst_pingmeshgui.moc"
