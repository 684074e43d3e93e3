// The counter charts over a synthetic history: live and paused, scrolling back, zooming,
// hover-free readouts through the series, and PNG/CSV export of the visible window.
#include "countercharts.h"

#include <QChart>
#include <QDateTime>
#include <QImage>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QTest>

using roce::store::CounterStore;
using roce::store::Metric;
using roce::widgets::CounterCharts;

class TestCounterCharts : public QObject
{
    Q_OBJECT

private:
    CounterStore m_store;
    qint64 m_now = 0;
    static constexpr char kPort[] = "Ethernet1/1/2";

private slots:
    void initTestCase()
    {
        // 20 minutes of 1 Hz history up to now (the last 10 at full resolution, the rest as
        // 10 s averages): utilization ramps 0..100 % every 10 minutes; MMU drops only from 7
        // to 6 minutes ago.
        m_now = QDateTime::currentMSecsSinceEpoch();
        for (int s = 1200; s >= 0; --s) {
            const qint64 t = m_now - qint64(s) * 1000;
            m_store.append(QLatin1String(kPort), Metric::InUtil, t, double((1200 - s) % 600) / 6);
            m_store.append(QLatin1String(kPort), Metric::MmuDrops, t,
                           s > 360 && s <= 420 ? 5000 : 0);
        }
    }

    void liveWindowShowsTheLastFiveMinutes()
    {
        CounterCharts charts(&m_store);
        charts.resize(800, 700);
        charts.setPort(QLatin1String(kPort));
        QVERIFY(charts.isLive());
        const auto [from, to] = charts.visibleRange();
        QVERIFY(to >= m_now && to - from == 5 * 60 * 1000);
        QLineSeries *in = charts.seriesOf(0).first();
        QVERIFY2(in->count() >= 299 && in->count() <= 301,
                 qPrintable(QString::number(in->count())));
        // No drops in the last five minutes.
        double drops = 0;
        for (const QPointF &p : charts.seriesOf(1).first()->points())
            drops = std::max(drops, p.y());
        QCOMPARE(drops, 0.0);
    }

    void scrollingBackPausesAndShowsHistory()
    {
        CounterCharts charts(&m_store);
        charts.resize(800, 700);
        charts.setPort(QLatin1String(kPort));
        // Back by a whole window, as twice half a window: the drops of 7-6 minutes ago.
        charts.scrollBy(-0.5);
        QVERIFY(!charts.isLive());
        charts.scrollBy(-0.5);
        const auto [from, to] = charts.visibleRange();
        QVERIFY(to < m_now - 4 * 60 * 1000 && from > m_now - 11 * 60 * 1000);
        double drops = 0;
        for (const QPointF &p : charts.seriesOf(1).first()->points()) {
            QVERIFY(p.x() >= double(from) - 1 && p.x() <= double(to));
            drops = std::max(drops, p.y());
        }
        QCOMPARE(drops, 5000.0);
        // Forward past now follows the clock again.
        charts.scrollBy(10);
        QVERIFY(charts.isLive());
    }

    void pausedWindowDoesNotMove()
    {
        CounterCharts charts(&m_store);
        charts.setPort(QLatin1String(kPort));
        charts.setLive(false);
        const auto before = charts.visibleRange();
        const qsizetype points = charts.seriesOf(0).first()->count();
        m_store.append(QLatin1String(kPort), Metric::InUtil, before.second + 5000, 42);
        QTest::qWait(1200);  // a timer tick while paused
        charts.refresh();
        QCOMPARE(charts.visibleRange(), before);
        QCOMPARE(charts.seriesOf(0).first()->count(), points);
    }

    void zoomAndExport()
    {
        CounterCharts charts(&m_store);
        charts.resize(900, 700);
        charts.setPort(QLatin1String(kPort));
        // A drag across a chart zooms every chart to that minute.
        const qint64 from = m_now - 7 * 60 * 1000, to = m_now - 6 * 60 * 1000;
        charts.zoomTo(from, to);
        QVERIFY(!charts.isLive());
        QCOMPARE(charts.visibleRange(), qMakePair(from, to));
        for (int c = 0; c < 3; ++c) {
            for (const QPointF &p : charts.seriesOf(c).isEmpty()
                     ? QList<QPointF> {}
                     : charts.seriesOf(c).first()->points())
                QVERIFY(p.x() >= double(from) && p.x() <= double(to));
        }
        // CSV: the visible minute, one row per second, a column per series.
        const QString csv = charts.toCsv();
        const QStringList lines = csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines[0], QStringLiteral("# port: Ethernet1/1/2"));
        QVERIFY(lines[1].startsWith(QStringLiteral("time_ms,time,in_util_percent,out_util_percent,"
                                                   "ingress_mmu_drops_per_s")));
        QVERIFY2(lines.size() >= 61 && lines.size() <= 64,
                 qPrintable(QString::number(lines.size())));
        QCOMPARE(lines[5].split(QLatin1Char(','))[4], QStringLiteral("5000"));
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("charts.png"));
        QVERIFY(charts.exportPng(png));
        QVERIFY(!QImage(png).isNull());
        QVERIFY(charts.exportCsv(dir.filePath(QStringLiteral("charts.csv"))));
        QVERIFY(!charts.exportCsv(dir.filePath(QStringLiteral("no/such/dir/x.csv"))));
        // The window selector: 1 h, paused around the same centre.
        charts.setWindowMs(60 * 60 * 1000);
        const auto [f2, t2] = charts.visibleRange();
        QCOMPARE(t2 - f2, 60 * 60 * 1000);
        QVERIFY(std::abs((f2 + t2) / 2 - (from + to) / 2) < 1000);
    }

    void hostBufferPlotAndCsvColumns()
    {
        // A server port whose NIC discarded for lack of receive buffer during the last
        // minute: the "NIC buffer drops /s" plot carries the three NIC buffer counters of the
        // metric table, and the CSV export a column each (the switch's PFC watchdog drops go
        // with the other drops and pauses).
        using roce::model::ChartGroup;
        using roce::model::metricSeries;
        CounterStore store;
        const QString nic = QStringLiteral("ubunturdma6/mlx5_0");
        for (int s = 60; s >= 0; --s) {
            const qint64 t = m_now - qint64(s) * 1000;
            store.append(nic, Metric::RxDiscardsPhy, t, s <= 30 ? 1500 : 0);
            store.append(nic, Metric::PrioDiscards, t, s <= 30 ? 1500 : 0);
            store.append(nic, Metric::OutOfBuffer, t, 0);
        }
        CounterCharts charts(&store);
        charts.resize(900, 900);
        charts.setPort(nic);
        const QList<QLineSeries *> buffer = charts.seriesOf(3);
        QCOMPARE(buffer.size(), 3);
        QCOMPARE(buffer[0]->chart()->title(), roce::model::chartTitle(ChartGroup::HostBuffer));
        QCOMPARE(buffer[0]->name(), metricSeries(Metric::RxDiscardsPhy));
        QCOMPARE(buffer[1]->name(), metricSeries(Metric::OutOfBuffer));
        QCOMPARE(buffer[2]->name(), metricSeries(Metric::PrioDiscards));
        double discards = 0;
        for (const QPointF &p : buffer[0]->points())
            discards = std::max(discards, p.y());
        QCOMPARE(discards, 1500.0);
        QStringList drops;
        for (const QLineSeries *series : charts.seriesOf(1))
            drops.append(series->name());
        QVERIFY(drops.contains(metricSeries(Metric::WatchdogDrops)));

        const QStringList lines = charts.toCsv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        const QStringList header = lines[1].split(QLatin1Char(','));
        for (const char *key : {"rx_discards_phy_per_s", "out_of_buffer_per_s",
                                "rx_prio_discards_per_s", "pfc_watchdog_drops_per_s"})
            QVERIFY2(header.contains(QLatin1String(key)), key);
        const qsizetype column = header.indexOf(QStringLiteral("rx_discards_phy_per_s"));
        QCOMPARE(lines.last().split(QLatin1Char(','))[column], QStringLiteral("1500"));
    }
};

QTEST_MAIN(TestCounterCharts)
#include "tst_countercharts.moc"
