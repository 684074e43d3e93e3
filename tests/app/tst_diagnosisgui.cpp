// The diagnosis in the window, offscreen: the Diagnosis dock lists the cause with its evidence
// and symptoms, the map marks the cause apart from its victims, and one selection is shared by
// the findings, the events, the port table, the map and the charts.
#include "consolewiring.h"
#include "countercharts.h"
#include "diagnosisview.h"
#include "eventlistview.h"
#include "live/hub/livefabric.h"
#include "live/itemmodels/eventlistmodel.h"
#include "live/itemmodels/findingmodel.h"
#include "mainwindow.h"
#include "porttableview.h"
#include "topologyview.h"

#include <QDockWidget>
#include <QGraphicsLineItem>
#include <QLabel>
#include <QPen>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <functional>

using namespace roce;
using model::Metric;
using model::PortId;

namespace {

/// One switch "sw1" with servers h1..h4 on Ethernet1/1..4; h4 stops draining.
class StalledFabric
{
public:
    explicit StalledFabric(live::LiveFabric &hub) : m_hub(hub)
    {
        m_hub.setClock([this] { return m_now; });
    }
    /// One second of samples: h4 stalled or not, and the cable of server @p down (0: none)
    /// down at both ends.
    void second(bool stalled, int down = 0)
    {
        m_now += 1000;
        model::SourceFrame sw;
        sw.source = QStringLiteral("sw1");
        sw.takenMs = m_now;
        for (int h = 1; h <= 4; ++h) {
            model::PortSample p;
            p.id = PortId::switchPort(QStringLiteral("sw1"), QStringLiteral("Ethernet1/%1").arg(h));
            p.peer = QStringLiteral("h%1").arg(h);
            p.peerPort = QStringLiteral("ens1");
            p.state = h == down ? QStringLiteral("down") : QStringLiteral("up");
            p.set(Metric::InUtil, h == down ? 0 : 10);
            p.set(Metric::OutUtil, h == down ? 0 : h == 4 && stalled ? 0.2 : 10);
            p.set(Metric::RxPause, h == 4 && stalled ? 1500 : 0);
            p.set(Metric::TxPause, h != 4 && stalled ? 1200 : 0);
            p.set(Metric::MmuDrops, 0);
            sw.ports.append(p);
        }
        m_hub.ingest(sw, QStringLiteral("switch"));
        for (int h = 1; h <= 4; ++h) {
            model::SourceFrame f;
            f.source = QStringLiteral("h%1").arg(h);
            f.takenMs = m_now;
            model::PortSample n;
            n.id = PortId::nicPort(f.source, QStringLiteral("mlx5_0"));
            n.peer = QStringLiteral("ens1");
            n.state = h == down ? QStringLiteral("down") : QStringLiteral("up");
            n.set(Metric::InUtil, h == down ? 0 : 10);
            n.set(Metric::OutUtil, h != 4 && stalled ? 0.5 : 10);
            n.set(Metric::TxPause, h == 4 && stalled ? 1500 : 0);
            n.set(Metric::RxPause, h != 4 && stalled ? 1200 : 0);
            f.ports.append(n);
            m_hub.ingest(f, QStringLiteral("agent"));
        }
        m_hub.tick();
    }

private:
    live::LiveFabric &m_hub;
    qint64 m_now = 1'700'000'000'000;
};

models::FabricLayout layout()
{
    models::FabricLayout l;
    l.switchName = QStringLiteral("sw1");
    for (int h = 1; h <= 4; ++h)
        l.attachments.append({QStringLiteral("Ethernet1/%1").arg(h),
                              QString(),
                              {{QStringLiteral("h%1").arg(h), QStringLiteral("mlx5_0")}}});
    return l;
}

}  // namespace

class TestDiagnosisGui : public QObject
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

    void findingSelectsItsPortEverywhere()
    {
        QSettings settings(m_dir.filePath(QStringLiteral("a.ini")), QSettings::IniFormat);
        live::LiveFabric hub;
        auto window = std::make_unique<app::MainWindow>(settings, false);
        app::showLiveFabric(*window, hub);
        window->setFabricLayout(layout());
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        StalledFabric fabric(hub);
        fabric.second(false);
        for (int s = 0; s < 5; ++s)
            fabric.second(true);
        QCoreApplication::processEvents();

        // The Diagnosis dock: the cause, expanded to its evidence and symptoms.
        auto *view = window->findChild<widgets::DiagnosisView *>();
        QVERIFY(view);
        QTreeView *tree = view->tree();
        QCOMPARE(tree->model()->rowCount(), 1);
        const QModelIndex cause = tree->model()->index(0, models::FindingModel::LocationColumn);
        QCOMPARE(cause.data().toString(), QStringLiteral("h4/mlx5_0"));
        QVERIFY(tree->model()->rowCount(cause.siblingAtColumn(0)) >= 4);
        QVERIFY(tree->isExpanded(cause.siblingAtColumn(0)));

        // The map: the stalled NIC is the cause, the others are its victims.
        auto *map = window->findChild<widgets::TopologyView *>();
        QVERIFY(map);
        QVERIFY(map->serverMarks(QStringLiteral("h4/mlx5_0")).contains(QStringLiteral("root")));
        QVERIFY(map->serverMarks(QStringLiteral("h1/mlx5_0")).contains(QStringLiteral("victim")));
        QVERIFY(!map->serverMarks(QStringLiteral("h1/mlx5_0")).contains(QStringLiteral("root")));

        // Picking the finding selects its port in the table and the charts (and the map).
        tree->setCurrentIndex(cause.siblingAtColumn(0));
        QCOMPARE(window->selectedPort(), QStringLiteral("h4/mlx5_0"));
        auto *ports = window->findChild<widgets::PortTableView *>();
        QVERIFY(ports);
        QCOMPARE(ports->table()->currentIndex().siblingAtColumn(0).data().toString(),
                 QStringLiteral("h4/mlx5_0"));
        auto *charts = window->charts();
        QVERIFY(charts);
        QCOMPARE(charts->port(), QStringLiteral("h4/mlx5_0"));
        QVERIFY(map->serverMarks(QStringLiteral("h4/mlx5_0")).contains(QStringLiteral("selected")));

        // Picking an event selects its port everywhere too, the findings included.
        auto *events = window->findChild<widgets::EventListView *>();
        QVERIFY(events);
        QAbstractItemModel *eventModel = events->table()->model();
        int row = -1;
        for (int r = 0; r < eventModel->rowCount(); ++r) {
            if (eventModel->index(r, 2).data().toString() == QLatin1String("h2/mlx5_0"))
                row = r;
        }
        QVERIFY(row >= 0);
        // A victim's event says who pauses it, and what it is a symptom of.
        QVERIFY(eventModel->index(row, 3).data().toString().contains(
            QStringLiteral("NIC stopped draining")));
        events->table()->setCurrentIndex(eventModel->index(row, 0));
        QCOMPARE(window->selectedPort(), QStringLiteral("h2/mlx5_0"));
        QCOMPARE(charts->port(), QStringLiteral("h2/mlx5_0"));
        QCOMPARE(ports->table()->currentIndex().siblingAtColumn(0).data().toString(),
                 QStringLiteral("h2/mlx5_0"));
        QVERIFY(tree->currentIndex().data(models::FindingModel::PortRole).toString()
                == QStringLiteral("h2/mlx5_0"));
        auto *details = events->findChild<QLabel *>(QStringLiteral("eventDetails"));
        QVERIFY(details && details->text().contains(QStringLiteral("paused by sw1/Ethernet1/2")));

        // A map click selects in the table too.
        emit map->portSelected(QStringLiteral("sw1/Ethernet1/3"));
        QCOMPARE(ports->table()->currentIndex().siblingAtColumn(0).data().toString(),
                 QStringLiteral("sw1/Ethernet1/3"));
        QCOMPARE(charts->port(), QStringLiteral("sw1/Ethernet1/3"));

        // Healed: the finding clears (kept, greyed), the map's marks go.
        for (int s = 0; s < 4; ++s)
            fabric.second(false);
        QCoreApplication::processEvents();
        QVERIFY(map->serverMarks(QStringLiteral("h4/mlx5_0")).isEmpty()
                || !map->serverMarks(QStringLiteral("h4/mlx5_0")).contains(QStringLiteral("root")));
        QCOMPARE(tree->model()->index(0, 0).data().toString(), QStringLiteral("cleared"));
        // The window closes cleanly while its hub still lives, and after it is gone.
        window->close();
        window.reset();
    }

    void hottestPortIsSelectedWhenNothingIs()
    {
        QSettings settings(m_dir.filePath(QStringLiteral("b.ini")), QSettings::IniFormat);
        live::LiveFabric hub;
        app::MainWindow window(settings, false);
        app::showLiveFabric(window, hub);
        window.setFabricLayout(layout());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        StalledFabric fabric(hub);
        fabric.second(false);
        fabric.second(true);
        QCoreApplication::processEvents();
        // The stalled NIC and its port pause hardest: that is what the charts open on.
        QVERIFY2(window.selectedPort() == QLatin1String("sw1/Ethernet1/4")
                     || window.selectedPort() == QLatin1String("h4/mlx5_0"),
                 qPrintable(window.selectedPort()));
        QCOMPARE(window.charts()->port(), window.selectedPort());
        // A scenario starting follows the problem: once named, its cause is what is shown.
        window.showScenario(QStringLiteral("nic-stall:h4/mlx5_0"));
        for (int s = 0; s < 3; ++s)
            fabric.second(true);
        QCoreApplication::processEvents();
        QCOMPARE(window.selectedPort(), QStringLiteral("h4/mlx5_0"));
    }

    void downLinkIsDrawnDownWithACriticalEvent()
    {
        QSettings settings(m_dir.filePath(QStringLiteral("c.ini")), QSettings::IniFormat);
        live::LiveFabric hub;
        app::MainWindow window(settings, false);
        app::showLiveFabric(window, hub);
        window.setFabricLayout(layout());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        StalledFabric fabric(hub);
        fabric.second(false);
        fabric.second(false);
        for (int s = 0; s < 3; ++s)
            fabric.second(false, 2);
        QCoreApplication::processEvents();
        // Drawn down: dark, dashed, with a "down" badge (not a thin idle line).
        auto *map = window.findChild<widgets::TopologyView *>();
        QVERIFY(map);
        QVERIFY2(map->badges(QStringLiteral("sw1/Ethernet1/2")).contains(QStringLiteral("down")),
                 qPrintable(map->badges(QStringLiteral("sw1/Ethernet1/2")).join(u',')));
        QCOMPARE(map->link(QStringLiteral("sw1/Ethernet1/2"))->pen().style(), Qt::DashLine);
        QCOMPARE(map->link(QStringLiteral("sw1/Ethernet1/1"))->pen().style(), Qt::SolidLine);
        // A critical event for the port that went down.
        auto *events = window.findChild<widgets::EventListView *>();
        QVERIFY(events);
        QAbstractItemModel *model = events->table()->model();
        bool critical = false;
        for (int r = 0; r < model->rowCount(); ++r) {
            const QModelIndex row = model->index(r, models::EventListModel::Port);
            if (row.data().toString() == QLatin1String("sw1/Ethernet1/2")
                && model->index(r, models::EventListModel::Event)
                       .data()
                       .toString()
                       .startsWith(QStringLiteral("Link down")))
                critical = row.data(models::EventListModel::CriticalRole).toBool();
        }
        QVERIFY(critical);
        // And the diagnosis names the link as the cause.
        QTreeView *tree = window.findChild<widgets::DiagnosisView *>()->tree();
        QTRY_COMPARE(tree->model()->rowCount(), 1);
        QCOMPARE(tree->model()->index(0, models::FindingModel::LocationColumn).data().toString(),
                 QStringLiteral("sw1/Ethernet1/2"));
    }
};

QTEST_MAIN(TestDiagnosisGui)
#include "tst_diagnosisgui.moc"
