// The live port table end to end, offscreen: the embedded simulated fabric on its thread, the
// live model built as the console builds it (its switch polled over HTTPS, pinned, and its
// agents streamed, each on their threads), the models it owns and the views over them.
// Starting the incast scenarios must move the right counters on the right ports, in the
// model and in the pixels of the table.
#include "countercharts.h"
#include "live/hub/livefabric.h"
#include "live/itemmodels/eventlistmodel.h"
#include "live/itemmodels/porttablemodel.h"
#include "porttableview.h"
#include "sim/served/embeddedfabric.h"
#include "topologyview.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QGraphicsLineItem>
#include <QHeaderView>
#include <QImage>
#include <QLineSeries>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>

using roce::models::PortTableModel;

class TestLivePorts : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void portsAppear();
    void lossyIncastShowsMmuDrops();
    void sparklinesDrawTheHistory();
    void pfcIncastReplacesDropsWithPauses();
    void dcqcnIncastShowsEcn();
    void ecnOffOnASenderIsAnAlert();
    void hostClockOffsetIsShown();
    void filter();
    void cleanupTestCase();

private:
    double value(const QString &port, int column) const
    {
        for (int r = 0; r < m_model->rowCount(); ++r) {
            if (m_model->index(r, PortTableModel::Port).data().toString() == port)
                return m_model->index(r, column).data(PortTableModel::SortRole).toDouble();
        }
        return -1;
    }
    void startScenario(const QString &name)
    {
        // The signals come from other threads and reach a QSignalSpy directly: count them
        // rather than wait() for one that may already have arrived.
        QSignalSpy started(m_fabric, &roce::sim::EmbeddedFabric::scenarioStarted);
        QSignalSpy polls(m_live, &roce::live::LiveFabric::switchPolled);
        m_fabric->startScenario(name);
        QTRY_VERIFY_WITH_TIMEOUT(started.size() == 1, 5000);
        // Rates are per poll interval: the poll in flight at the change and the next one
        // may still cover the old scenario; the third covers only the new one.
        const qsizetype before = polls.size();
        QTRY_VERIFY_WITH_TIMEOUT(polls.size() >= before + 3, 15000);
        // The live model applied those polls before it announced them; the map redraws
        // 100 ms after its model changed.
        QTest::qWait(200);
    }

    roce::sim::EmbeddedFabric *m_fabric = nullptr;
    roce::live::LiveFabric *m_live = nullptr;
    PortTableModel *m_model = nullptr;
    QAbstractItemModelTester *m_tester = nullptr;
    roce::widgets::PortTableView *m_view = nullptr;
    roce::widgets::CounterCharts *m_charts = nullptr;
    roce::widgets::TopologyView *m_map = nullptr;
    roce::models::EventListModel *m_events = nullptr;

    bool activeAlert(const QString &rule, const QString &port) const
    {
        for (const roce::monitor::Alert &a : m_live->alerts().active()) {
            if (a.rule == rule && a.port == port)
                return true;
        }
        return false;
    }
};

void TestLivePorts::initTestCase()
{
    roce::sim::SimServiceOptions options;
    m_fabric = new roce::sim::EmbeddedFabric(options, this);
    m_live = new roce::live::LiveFabric(this);
    m_model = m_live->ports();
    m_tester = new QAbstractItemModelTester(
        m_model, QAbstractItemModelTester::FailureReportingMode::QtTest, this);
    m_events = m_live->events();
    new QAbstractItemModelTester(m_events, QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 this);
    QSignalSpy started(m_fabric, &roce::sim::EmbeddedFabric::started);
    QSignalSpy agentsStarted(m_fabric, &roce::sim::EmbeddedFabric::agentsStarted);
    QSignalSpy layoutReady(m_fabric, &roce::sim::EmbeddedFabric::layoutReady);
    m_fabric->start();
    QTRY_VERIFY_WITH_TIMEOUT(started.size() == 1 && agentsStarted.size() == 1, 10000);
    QList<roce::agentproto::AgentEndpoint> agents;
    for (const auto &h :
         agentsStarted.first().first().value<QList<roce::experiments::ExperimentHost>>()) {
        QCOMPARE(h.agent.pinnedSha256, started.first().at(2).toString().toLatin1());
        agents.append(h.agent);
    }
    QCOMPARE(agents.size(), 8);
    // The reference cabling: four switch ports, two hypervisors, eight servers.
    QTRY_COMPARE(layoutReady.size(), 1);
    const auto layout = layoutReady.first().first().value<roce::models::FabricLayout>();
    QCOMPARE(layout.switchName, QStringLiteral("nexus-roce"));
    QCOMPARE(layout.attachments.size(), 4);
    QCOMPARE(layout.serverCount(), 8);
    roce::nxapi::NxapiEndpoint e;
    e.url = started.first().at(0).toUrl();
    e.user = options.user;
    e.password = options.password;
    e.pinnedSha256 = started.first().at(2).toString();
    QCOMPARE(e.url.scheme(), QStringLiteral("https"));
    roce::live::FabricPlan plan;
    plan.switches.append({layout.switchName, QStringLiteral("tor"), e, 1000});
    plan.agents = agents;
    m_live->watch(plan);
    m_view = new roce::widgets::PortTableView(m_model);
    m_charts = new roce::widgets::CounterCharts(&m_live->history(), m_view);
    m_map = new roce::widgets::TopologyView(m_model);
    m_map->setFabric(layout);
    m_map->resize(900, 500);
    m_map->show();
    connect(m_map, &roce::widgets::TopologyView::portSelected, m_charts,
            &roce::widgets::CounterCharts::setPort);
    connect(m_view, &roce::widgets::PortTableView::portSelected, m_charts,
            &roce::widgets::CounterCharts::setPort);
    m_view->resize(1400, 400);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
}

void TestLivePorts::cleanupTestCase()
{
    delete m_map;
    delete m_view;
}

void TestLivePorts::portsAppear()
{
    QTRY_VERIFY_WITH_TIMEOUT(m_model->rowCount() >= 8, 10000);
    QCOMPARE(m_model->index(0, PortTableModel::Port).data().toString(),
             QStringLiteral("nexus-roce/Ethernet1/1/1"));
    // LLDP names the peer of the server-facing ports.
    QVERIFY(!m_model->index(0, PortTableModel::Peer).data().toString().isEmpty());
    QCOMPARE(m_view->table()->model()->rowCount(), m_model->rowCount());
}

void TestLivePorts::lossyIncastShowsMmuDrops()
{
    startScenario(QStringLiteral("lossy-incast"));
    // The senders' ingress ports drop (PFC off); the receiver's port does not, and runs full.
    QVERIFY2(
        value(QStringLiteral("nexus-roce/Ethernet1/1/1"),
              PortTableModel::column(roce::model::Metric::MmuDrops))
            > 1000,
        qPrintable(QString::number(value(QStringLiteral("nexus-roce/Ethernet1/1/1"),
                                         PortTableModel::column(roce::model::Metric::MmuDrops)))));
    QCOMPARE(value(QStringLiteral("nexus-roce/Ethernet1/1/2"),
                   PortTableModel::column(roce::model::Metric::MmuDrops)),
             0.0);
#ifndef __SANITIZE_THREAD__  // instrumented, the real-time model falls behind the clock
    QVERIFY(value(QStringLiteral("nexus-roce/Ethernet1/1/2"),
                  PortTableModel::column(roce::model::Metric::OutUtil))
            > 90);
#endif
    QCOMPARE(value(QStringLiteral("nexus-roce/Ethernet1/1/1"),
                   PortTableModel::column(roce::model::Metric::TxPause)),
             0.0);
    // Click Ethernet1/1/1: the charts follow and show its drops. (The table picks no first
    // row by itself any more: the window offers the hottest port, see tst_diagnosisgui.)
    QTableView *view = m_view->table();
    for (int r = 0; r < view->model()->rowCount(); ++r) {
        if (view->model()->index(r, PortTableModel::Port).data().toString()
            == QLatin1String("nexus-roce/Ethernet1/1/1"))
            view->setCurrentIndex(view->model()->index(r, PortTableModel::Port));
    }
    QCOMPARE(m_charts->port(), QStringLiteral("nexus-roce/Ethernet1/1/1"));
    m_charts->refresh();
    const QList<QLineSeries *> drops = m_charts->seriesOf(1);
    QCOMPARE(drops.first()->name(), QStringLiteral("MMU drops"));
    QVERIFY(drops.first()->count() >= 3);
    QVERIFY(drops.first()->points().last().y() > 1000);
    // The map: a drops badge on the senders' links, none on the receiver's.
    QVERIFY(m_map->badges(QStringLiteral("nexus-roce/Ethernet1/1/1"))
                .contains(QStringLiteral("drops")));
    QVERIFY(!m_map->badges(QStringLiteral("nexus-roce/Ethernet1/1/2"))
                 .contains(QStringLiteral("drops")));
#ifndef __SANITIZE_THREAD__  // instrumented, the real-time model falls behind the clock
    // The receiver's link is full: drawn thick and red.
    const QPen pen = m_map->link(QStringLiteral("nexus-roce/Ethernet1/1/2"))->pen();
    QVERIFY2(pen.widthF() > 9 && pen.color().red() > 200 && pen.color().green() < 120,
             qPrintable(pen.color().name()));
#endif
    // The event list says so, with what to check.
    QVERIFY(
        activeAlert(QStringLiteral("lossless_drops"), QStringLiteral("nexus-roce/Ethernet1/1/1")));
    QVERIFY(
        !activeAlert(QStringLiteral("lossless_drops"), QStringLiteral("nexus-roce/Ethernet1/1/2")));
    QVERIFY(m_events->activeCount() >= 3);
    // And on screen: the cell is painted red.
    QTableView *table = m_view->table();
    // A sender's port that is not the selected row (the selection paints over the colour).
    QModelIndex cell;
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        if (table->model()->index(r, PortTableModel::Port).data().toString()
            == QLatin1String("nexus-roce/Ethernet1/2/1"))
            cell = table->model()->index(r, PortTableModel::column(roce::model::Metric::MmuDrops));
    }
    QVERIFY(cell.isValid());
    QTRY_VERIFY(table->visualRect(cell).isValid());
    const QRect rect = table->visualRect(cell);
    const QImage image = table->viewport()->grab(rect).toImage();
    const QColor c = image.pixelColor(3, rect.height() / 2);
    QVERIFY2(c.red() > 200 && c.green() < 215 && c.blue() < 215,
             qPrintable(QStringLiteral("MMU drop cell colour %1").arg(c.name())));
}

void TestLivePorts::sparklinesDrawTheHistory()
{
    // The Trend column draws each port's last 2 minutes from the history: the senders'
    // ports under the lossy incast show red drop ticks and a utilization line.
    m_view->setHistory(&m_live->history());
    QTableView *table = m_view->table();
    QModelIndex trend;
    for (int r = 0; r < m_view->proxy()->rowCount(); ++r) {
        const QModelIndex port = m_view->proxy()->index(r, PortTableModel::Port);
        if (port.data().toString() == QLatin1String("nexus-roce/Ethernet1/1/1"))
            trend = port.siblingAtColumn(PortTableModel::Trend);
    }
    QVERIFY(trend.isValid());
    table->scrollTo(trend);
    const QRect cell = table->visualRect(trend);
    QVERIFY(!cell.isEmpty());
    const QImage image = table->viewport()->grab(cell).toImage();
    int red = 0, blue = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            red += c.red() > 170 && c.green() < 100 && c.blue() < 100;
            blue += c.blue() > 150 && c.red() < 90;
        }
    }
    QVERIFY2(red > 3 && blue > 3, qPrintable(QStringLiteral("red %1, blue %2").arg(red).arg(blue)));
}

void TestLivePorts::pfcIncastReplacesDropsWithPauses()
{
    startScenario(QStringLiteral("pfc-incast"));
    for (const QString &sender :
         {QStringLiteral("nexus-roce/Ethernet1/1/1"), QStringLiteral("nexus-roce/Ethernet1/2/1"),
          QStringLiteral("nexus-roce/Ethernet1/2/2")}) {
        QCOMPARE(value(sender, PortTableModel::column(roce::model::Metric::MmuDrops)), 0.0);
        QVERIFY2(value(sender, PortTableModel::column(roce::model::Metric::TxPause)) > 100,
                 qPrintable(sender));
    }
#ifndef __SANITIZE_THREAD__  // instrumented, the real-time model falls behind the clock
    QVERIFY(value(QStringLiteral("nexus-roce/Ethernet1/1/2"),
                  PortTableModel::column(roce::model::Metric::OutUtil))
            > 90);
#endif
    // On the map the drops turned into pauses: the switch pauses the senders (arrow down).
    QVERIFY(m_map->badges(QStringLiteral("nexus-roce/Ethernet1/1/1"))
                .contains(QStringLiteral("pfc-down")));
    QVERIFY(!m_map->badges(QStringLiteral("nexus-roce/Ethernet1/1/1"))
                 .contains(QStringLiteral("drops")));
    // The drop alerts cleared; PFC doing ECN's job is a warning of its own.
    QVERIFY(
        !activeAlert(QStringLiteral("lossless_drops"), QStringLiteral("nexus-roce/Ethernet1/1/1")));
    QVERIFY(
        activeAlert(QStringLiteral("pfc_without_ecn"), QStringLiteral("nexus-roce/Ethernet1/1/1")));
}

void TestLivePorts::dcqcnIncastShowsEcn()
{
    startScenario(QStringLiteral("dcqcn-incast"));
    // ECN marks on the congested egress (the receiver's port), fewer pauses than with PFC alone.
    QTRY_VERIFY_WITH_TIMEOUT(value(QStringLiteral("nexus-roce/Ethernet1/1/2"),
                                   PortTableModel::column(roce::model::Metric::Ecn))
                                 > 0,
                             10000);
    QCOMPARE(value(QStringLiteral("nexus-roce/Ethernet1/1/1"),
                   PortTableModel::column(roce::model::Metric::MmuDrops)),
             0.0);
    // The servers' side of the chain, from their agents: the receiver sees CE marks and sends
    // CNPs, the senders handle them.
    double cnpSent = 0, cnpHandled = 0, ceMarks = 0;
    int nicRows = 0;
    for (int r = 0; r < m_model->rowCount(); ++r) {
        if (!m_model->index(r, PortTableModel::Port)
                 .data()
                 .toString()
                 .startsWith(QLatin1String("ubunturdma")))
            continue;
        ++nicRows;
        cnpSent += m_model->index(r, PortTableModel::column(roce::model::Metric::CnpSent))
                       .data(PortTableModel::SortRole)
                       .toDouble();
        cnpHandled += m_model->index(r, PortTableModel::column(roce::model::Metric::CnpHandled))
                          .data(PortTableModel::SortRole)
                          .toDouble();
        ceMarks += m_model->index(r, PortTableModel::column(roce::model::Metric::Ecn))
                       .data(PortTableModel::SortRole)
                       .toDouble();
    }
    QCOMPARE(nicRows, 8);
    QVERIFY2(ceMarks > 0 && cnpSent > 0 && cnpHandled > 0,
             qPrintable(QStringLiteral("CE %1, CNP sent %2, handled %3")
                            .arg(ceMarks)
                            .arg(cnpSent)
                            .arg(cnpHandled)));
    QVERIFY(cnpSent <= ceMarks);  // CNPs are coalesced per flow: fewer than CE marks
    // The map draws ECN on the receiver's link and the CNP chain to the senders.
    QVERIFY(
        m_map->badges(QStringLiteral("nexus-roce/Ethernet1/1/2")).contains(QStringLiteral("ecn")));
    QVERIFY2(m_map->chainCount() >= 3, qPrintable(QString::number(m_map->chainCount())));
}

void TestLivePorts::ecnOffOnASenderIsAnAlert()
{
    startScenario(QStringLiteral("ecn-off-host:ubunturdma1"));
    // The sender whose adapter has ECN off counts rp_cnp_ignored: an alert on its NIC row,
    // raised by its agent's samples, with what to check.
    QTRY_VERIFY_WITH_TIMEOUT(
        activeAlert(QStringLiteral("cnp_ignored"), QStringLiteral("ubunturdma1/rocep19s0")), 10000);
    for (const roce::monitor::Alert &a : m_live->alerts().active()) {
        if (a.rule == QLatin1String("cnp_ignored")) {
            QCOMPARE(a.source, QStringLiteral("ubunturdma1"));
            QVERIFY(a.value > 0);
        }
    }
    // Switch polls in between do not clear it: only ubunturdma1's agent can.
    QTest::qWait(2500);
    QVERIFY(activeAlert(QStringLiteral("cnp_ignored"), QStringLiteral("ubunturdma1/rocep19s0")));
    startScenario(QStringLiteral("dcqcn-incast"));
    QTRY_VERIFY_WITH_TIMEOUT(
        !activeAlert(QStringLiteral("cnp_ignored"), QStringLiteral("ubunturdma1/rocep19s0")),
        10000);
}

void TestLivePorts::hostClockOffsetIsShown()
{
    // ubunturdma8 has no NTP (its clock runs 340 ms ahead): the port table says so on its row,
    // the others are within a few ms, and the skew is an alert with what to check.
    auto tooltipOf = [this](const QString &port) {
        for (int r = 0; r < m_model->rowCount(); ++r) {
            if (m_model->index(r, PortTableModel::Port).data().toString() == port)
                return m_model->index(r, PortTableModel::Port).data(Qt::ToolTipRole).toString();
        }
        return QString();
    };
    static const QRegularExpression offset(QStringLiteral("Agent clock: ([+-][0-9.]+) ms"));
    auto offsetOf = [&](const QString &port) {
        const auto m = offset.match(tooltipOf(port));
        return m.hasMatch() ? m.captured(1).toDouble() : qQNaN();
    };
    QTRY_VERIFY_WITH_TIMEOUT(!qIsNaN(offsetOf(QStringLiteral("ubunturdma8/rocep11s0"))), 10000);
    const double skewed = offsetOf(QStringLiteral("ubunturdma8/rocep11s0"));
#ifdef __SANITIZE_THREAD__
    // Instrumented, the served agents answer slowly and a round trip's half is far off.
    constexpr double tolerance = 150;
#else
    constexpr double tolerance = 30;
#endif
    QVERIFY2(std::abs(skewed - 340) < tolerance, qPrintable(QString::number(skewed)));
    const double inStep = offsetOf(QStringLiteral("ubunturdma1/rocep19s0"));
    QVERIFY2(std::abs(inStep) < tolerance, qPrintable(QString::number(inStep)));
    QTRY_VERIFY_WITH_TIMEOUT(
        activeAlert(QStringLiteral("clock_skew"), QStringLiteral("ubunturdma8/rocep11s0")), 5000);
    QVERIFY(!activeAlert(QStringLiteral("clock_skew"), QStringLiteral("ubunturdma1/rocep19s0")));
}

void TestLivePorts::filter()
{
    m_view->setFilterText(QStringLiteral("1/2/"));
    QCOMPARE(m_view->proxy()->rowCount(), 4);
    m_view->setFilterText(QString());
    QCOMPARE(m_view->proxy()->rowCount(), m_model->rowCount());
}

QTEST_MAIN(TestLivePorts)
#include "tst_liveports.moc"
