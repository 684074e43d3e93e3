// The counter charts over a synthetic history: live and paused, scrolling back, zooming,
// hover-free readouts through the series, and PNG/CSV export of the visible window; their
// axes (utilization 0-100 %, SI labels, the whole window, none before data).
#include "countercharts.h"

#include <QCategoryAxis>
#include <QChart>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QTest>

using roce::store::CounterStore;
using roce::store::Metric;
using roce::widgets::CounterCharts;
using roce::widgets::niceTicks;
using roce::widgets::siLabel;

namespace {

QAbstractAxis *axisOf(QLineSeries *series, Qt::Orientation orientation)
{
    for (QAbstractAxis *axis : series->attachedAxes())
        if (axis->orientation() == orientation)
            return axis;
    return nullptr;
}

/// The value axis' labels, bottom to top.
QStringList yLabelsOf(QLineSeries *series)
{
    auto *y = qobject_cast<QCategoryAxis *>(axisOf(series, Qt::Vertical));
    return y ? y->categoriesLabels() : QStringList {};
}

/// Whether @p chart draws @p text (a visible text item of its scene).
bool drawsText(const QChart *chart, const QString &text)
{
    for (const QGraphicsItem *item : chart->scene()->items()) {
        const auto *t = qgraphicsitem_cast<const QGraphicsSimpleTextItem *>(item);
        if (t && t->isVisible() && t->text() == text)
            return true;
    }
    return false;
}

}  // namespace

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

    void utilizationAxisRunsToHundred()
    {
        // Utilization is a share of the line (clamped to 100 by the rate code): the axis is
        // 0-100 % whatever the data, not a nice number above it (150 for 100 %).
        for (const double util : {40.0, 100.0}) {
            CounterStore store;
            for (int s = 60; s >= 0; --s)
                store.append(QLatin1String(kPort), Metric::InUtil, m_now - qint64(s) * 1000, util);
            CounterCharts charts(&store);
            charts.resize(800, 700);
            charts.setClock([this] { return m_now; });
            charts.setPort(QLatin1String(kPort));
            QLineSeries *in = charts.seriesOf(0).first();
            auto *y = qobject_cast<QValueAxis *>(axisOf(in, Qt::Vertical));
            QVERIFY(y);
            QCOMPARE(y->min(), 0.0);
            QCOMPARE(y->max(), 100.0);
            QCOMPARE(yLabelsOf(in).last(), QStringLiteral("100"));
        }
    }

    void valueAxesReadWithSiSuffixes()
    {
        QCOMPARE(siLabel(2000), QStringLiteral("2 k"));
        QCOMPARE(siLabel(4e6), QStringLiteral("4 M"));
        QCOMPARE(siLabel(1.5e9), QStringLiteral("1.5 G"));
        QCOMPARE(siLabel(950), QStringLiteral("950"));
        QCOMPARE(siLabel(0), QStringLiteral("0"));
        QCOMPARE(siLabel(0.5), QStringLiteral("0.5"));
        QCOMPARE(siLabel(1234), QStringLiteral("1.2 k"));
        QCOMPARE(siLabel(999'960), QStringLiteral("1 M"));  // not "1000 k"
        QCOMPARE(niceTicks(4.2e6, 5), (QList<double> {0, 1e6, 2e6, 3e6, 4e6, 5e6}));
        QCOMPARE(niceTicks(100, 5), (QList<double> {0, 20, 40, 60, 80, 100}));
        QCOMPARE(niceTicks(0), (QList<double> {0, 0.5, 1}));
        // A port dropping 4 million a second: the drops axis reads "4 M", no exponent.
        CounterStore store;
        for (int s = 60; s >= 0; --s) {
            store.append(QLatin1String(kPort), Metric::MmuDrops, m_now - qint64(s) * 1000, 4e6);
            store.append(QLatin1String(kPort), Metric::Ecn, m_now - qint64(s) * 1000, 1500);
        }
        CounterCharts charts(&store);
        charts.resize(800, 700);
        charts.setClock([this] { return m_now; });
        charts.setPort(QLatin1String(kPort));
        const QStringList drops = yLabelsOf(charts.seriesOf(1).first());
        QVERIFY2(drops.contains(QStringLiteral("4 M")), qPrintable(drops.join(QLatin1Char('|'))));
        const QStringList ecn = yLabelsOf(charts.seriesOf(2).first());
        QVERIFY2(ecn.contains(QStringLiteral("1 k")), qPrintable(ecn.join(QLatin1Char('|'))));
        for (const QString &label : drops + ecn)
            QVERIFY2(!label.contains(QLatin1Char('e')), qPrintable(label));
        // The axis follows the data: ten times fewer drops, ten times lower labels.
        for (int s = 1; s <= 600; ++s)
            store.append(QLatin1String(kPort), Metric::MmuDrops, m_now + qint64(s) * 1000, 4e5);
        charts.setClock([this] { return m_now + 600'000; });
        QVERIFY(yLabelsOf(charts.seriesOf(1).first()).contains(QStringLiteral("400 k")));
    }

    void fiveMinuteWindowSpansFiveMinutes()
    {
        // The store keeps 60 s at full resolution and 10 s averages beyond: five minutes of
        // points are plotted over the whole 5-minute window.
        const qint64 window = 5 * 60 * 1000;
        auto xRange = [](const CounterCharts &charts) {
            auto *x
                = qobject_cast<QDateTimeAxis *>(axisOf(charts.seriesOf(0).first(), Qt::Horizontal));
            return x ? qMakePair(x->min().toMSecsSinceEpoch(), x->max().toMSecsSinceEpoch())
                     : qMakePair(qint64(0), qint64(0));
        };
        {
            CounterStore store(CounterStore::Limits {60, 10'000, 100});
            for (int s = 300; s >= 0; --s)
                store.append(QLatin1String(kPort), Metric::InUtil, m_now - qint64(s) * 1000, 50);
            CounterCharts charts(&store);
            charts.resize(800, 700);
            charts.setClock([this] { return m_now; });
            charts.setPort(QLatin1String(kPort));
            QCOMPARE(charts.windowMs(), window);
            QCOMPARE(xRange(charts), qMakePair(m_now - window, m_now));
            const QList<QPointF> points = charts.seriesOf(0).first()->points();
            QVERIFY(!points.isEmpty());
            QVERIFY2(points.first().x() <= double(m_now - window + 10'000),
                     qPrintable(QString::number((m_now - points.first().x()) / 1000)));
            QCOMPARE(points.last().x(), double(m_now));
            QVERIFY(charts.keptNote(0).isEmpty());
        }
        {
            // A console running for 30 s: the window is still 5 minutes, its points start
            // where the console's do (not stretched over the width).
            CounterStore store;
            for (int s = 30; s >= 0; --s)
                store.append(QLatin1String(kPort), Metric::InUtil, m_now - qint64(s) * 1000, 50);
            CounterCharts charts(&store);
            charts.setClock([this] { return m_now; });
            charts.setPort(QLatin1String(kPort));
            QCOMPARE(xRange(charts), qMakePair(m_now - window, m_now));
            QCOMPARE(charts.seriesOf(0).first()->points().first().x(), double(m_now - 30'000));
            QVERIFY(charts.keptNote(0).isEmpty());  // not dropped: not collected yet
        }
        {
            // A store that keeps only 60 s (a large fabric in a small budget): the window says
            // so rather than pretending the 60 s are 5 minutes.
            CounterStore store(CounterStore::Limits {60, 10'000, 0});
            for (int s = 300; s >= 0; --s)
                store.append(QLatin1String(kPort), Metric::InUtil, m_now - qint64(s) * 1000, 50);
            CounterCharts charts(&store);
            charts.resize(800, 700);
            charts.show();
            QVERIFY(QTest::qWaitForWindowExposed(&charts));
            charts.setClock([this] { return m_now; });
            charts.setPort(QLatin1String(kPort));
            QCOMPARE(xRange(charts), qMakePair(m_now - window, m_now));
            QVERIFY(charts.seriesOf(0).first()->points().first().x() >= double(m_now - 60'000));
            QCOMPARE(charts.keptNote(0), QStringLiteral("kept: last 60 s"));
            QVERIFY(drawsText(charts.seriesOf(0).first()->chart(), charts.keptNote(0)));
            // A 1-minute window holds what the store keeps: no note.
            charts.setWindowMs(60 * 1000);
            QVERIFY(charts.keptNote(0).isEmpty());
        }
    }

    void noAxesBeforeData()
    {
        CounterStore store;
        CounterCharts charts(&store);
        charts.resize(800, 700);
        charts.show();
        QVERIFY(QTest::qWaitForWindowExposed(&charts));
        charts.setClock([this] { return m_now; });
        auto axesShown = [&charts](int chart) {
            const QList<QAbstractAxis *> axes = charts.seriesOf(chart).first()->attachedAxes();
            return std::any_of(axes.cbegin(), axes.cend(),
                               [](const QAbstractAxis *a) { return a->isVisible(); });
        };
        // No port: no axes (an empty time axis reads 00:00:00), the hint instead.
        QVERIFY(!charts.waitingText().isEmpty());
        QVERIFY(!axesShown(0));
        // A port without a point yet: its name, centred on every chart, and no axes.
        charts.setPort(QLatin1String(kPort));
        QCOMPARE(charts.waitingText(), QStringLiteral("Waiting for data for Ethernet1/1/2"));
        for (int c = 0; c < 3; ++c) {
            QVERIFY(!axesShown(c));
            QVERIFY(drawsText(charts.seriesOf(c).first()->chart(), charts.waitingText()));
        }
        // The first point: the axes and the window appear, the waiting text goes.
        store.append(QLatin1String(kPort), Metric::InUtil, m_now, 10);
        charts.refresh();
        QVERIFY(charts.waitingText().isEmpty());
        for (int c = 0; c < 3; ++c) {
            QVERIFY(axesShown(c));
            QVERIFY(!drawsText(charts.seriesOf(c).first()->chart(),
                               QStringLiteral("Waiting for data for Ethernet1/1/2")));
        }
        QCOMPARE(charts.seriesOf(0).first()->count(), 1);
        // Scrolled back before the history, the window is empty but its axes say where it is.
        charts.zoomTo(m_now - 3'600'000, m_now - 3'000'000);
        QVERIFY(charts.waitingText().isEmpty());
        QVERIFY(axesShown(0));
        QCOMPARE(charts.seriesOf(0).first()->count(), 0);
    }
};

QTEST_MAIN(TestCounterCharts)
#include "tst_countercharts.moc"
