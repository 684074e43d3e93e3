// The rate history: what goes in comes out on one time axis, memory stays bounded, old data
// is averaged into buckets, absent rates add nothing, and concurrent writers are safe.
#include "collect/history/counterstore.h"

#include <QTest>
#include <QtConcurrent>

using roce::store::CounterStore;
using roce::store::Metric;

class TestCounterStore : public QObject
{
    Q_OBJECT

private slots:
    void ingestAndQuery();
    void boundedWithDownsampling();
    void concurrentIngest();
    void budget();
    void byteBudgetHoldsAsPortsAppear();
    void timesBeyond24Days();
    void pointsStraddling2To31Ms();
    void monthOfUptime();
    void sourceChangingItsPortsKeepsThemApart();
};

void TestCounterStore::ingestAndQuery()
{
    CounterStore store;
    roce::model::SourceFrame u;
    u.takenMs = 1000;
    roce::model::PortSample p;
    p.id = roce::model::PortId::fromKey(QStringLiteral("Ethernet1/1/1"),
                                        roce::model::PortId::Kind::Switch);
    p.set(roce::model::Metric::InUtil, 98.5);
    p.set(roce::model::Metric::MmuDrops, 1.8e6);
    u.ports = {p};
    store.ingest(u);
    u.takenMs = 2000;
    u.ports[0].set(roce::model::Metric::InUtil, 40);
    u.ports[0].set(roce::model::Metric::MmuDrops,
                   std::nullopt);  // absent: nothing appended, never a zero
    store.ingest(u);
    const QList<QPointF> util = store.series(QStringLiteral("Ethernet1/1/1"), Metric::InUtil);
    QCOMPARE(util.size(), 2);
    QCOMPARE(util[0], QPointF(1000, 98.5));
    QCOMPARE(util[1], QPointF(2000, 40));
    QCOMPARE(store.series(QStringLiteral("Ethernet1/1/1"), Metric::MmuDrops).size(), 1);
    QCOMPARE(store.series(QStringLiteral("Ethernet1/1/1"), Metric::InUtil, 1500).size(), 1);
    QVERIFY(store.series(QStringLiteral("nope"), Metric::InUtil).isEmpty());
}

void TestCounterStore::boundedWithDownsampling()
{
    CounterStore store(CounterStore::Limits {60, 10'000, 100});
    // Two hours of one point a second: 7200 points in, at most 60 + 100 kept.
    for (int i = 0; i < 7200; ++i)
        store.append(QStringLiteral("p"), Metric::InUtil, qint64(i) * 1000, i % 2 ? 100 : 0);
    QVERIFY2(store.pointCount() <= 160, qPrintable(QString::number(store.pointCount())));
    const QList<QPointF> s = store.series(QStringLiteral("p"), Metric::InUtil);
    QCOMPARE(s.size(), 160);
    // Oldest first, strictly increasing in time, the last one the newest sample.
    for (int i = 1; i < s.size(); ++i)
        QVERIFY(s[i].x() > s[i - 1].x());
    QCOMPARE(s.last(), QPointF(7199 * 1000.0, 100));
    // Downsampled buckets are 10 s averages of 0/100 alternating: 50.
    QCOMPARE(s.first().y(), 50.0);
    QCOMPARE(qint64(s[1].x()) - qint64(s[0].x()), qint64(10'000));
}

void TestCounterStore::concurrentIngest()
{
    CounterStore store;
    auto writer = [&store](int thread) {
        for (int i = 0; i < 2000; ++i) {
            roce::model::SourceFrame u;
            u.takenMs = i;
            roce::model::PortSample p;
            p.id = roce::model::PortId::fromKey(QStringLiteral("port%1").arg(thread),
                                                roce::model::PortId::Kind::Switch);
            p.set(roce::model::Metric::InUtil, i);
            u.ports = {p};
            store.ingest(u);
        }
    };
    auto a = QtConcurrent::run(writer, 0);
    auto b = QtConcurrent::run(writer, 1);
    for (int i = 0; i < 100; ++i)
        (void)store.series(QStringLiteral("port0"), Metric::InUtil);
    a.waitForFinished();
    b.waitForFinished();
    QCOMPARE(store.series(QStringLiteral("port0"), Metric::InUtil).size(), 600);
    QCOMPARE(store.series(QStringLiteral("port1"), Metric::InUtil).last().y(), 1999.0);
}

void TestCounterStore::budget()
{
    // 81,920 series (1024 hosts x 8 NICs x 10 rates) in 256 MB: 390 points each.
    const auto big = CounterStore::Limits::forBudget(81920, 256'000'000);
    QCOMPARE(big.recentPoints + big.downsampledPoints, 390);
    QVERIFY(qint64(big.recentPoints + big.downsampledPoints) * 81920 * CounterStore::kBytesPerPoint
            <= 256'000'000);
    // A small fabric gets the full 10 minutes and 24 hours.
    const auto small = CounterStore::Limits::forBudget(300, 256'000'000);
    QCOMPARE(small.recentPoints, 600);
    QCOMPARE(small.downsampledPoints, 8640);
    // Times survive the packed form (milliseconds after the series' base).
    CounterStore store;
    const qint64 epochMs = 1'795'000'000'000;
    store.append(QStringLiteral("p"), Metric::Ecn, epochMs, 5);
    store.append(QStringLiteral("p"), Metric::Ecn, epochMs + 86'400'000, 6);
    const QList<QPointF> s = store.series(QStringLiteral("p"), Metric::Ecn);
    QCOMPARE(qint64(s[1].x()), epochMs + 86'400'000);
}

void TestCounterStore::byteBudgetHoldsAsPortsAppear()
{
    // A fabric that grows to 1,000 ports under a 4 MB budget and runs 12 minutes (without the
    // budget: 1,000 ports x 2 series x 720 points x 8 bytes = 11.5 MB): the limits shrink as
    // the ports appear, the newest points stay, and the store never holds more than the budget.
    CounterStore store;
    const qint64 budget = 4 << 20;
    store.setByteBudget(budget);
    qint64 ms = 1'000'000;
    for (int round = 0; round < 720; ++round, ms += 1000) {
        roce::model::SourceFrame u;
        u.takenMs = ms;
        for (int p = 0; p < std::min(1000, 50 * (round + 1)); ++p) {
            roce::model::PortSample s;
            s.id = roce::model::PortId::switchPort(QStringLiteral("leaf%1").arg(p / 48),
                                                   QStringLiteral("Ethernet1/%1").arg(p % 48));
            s.set(roce::model::Metric::InUtil, double(round % 100));
            s.set(roce::model::Metric::MmuDrops, 1.0);
            u.ports.append(s);
        }
        store.ingest(u);
        if (round % 60 == 0)
            QVERIFY2(store.pointCount() * CounterStore::kBytesPerPoint <= budget,
                     qPrintable(QString::number(store.pointCount())));
    }
    QVERIFY2(store.pointCount() * CounterStore::kBytesPerPoint <= budget,
             qPrintable(QString::number(store.pointCount())));
    QVERIFY(store.pointCount() * CounterStore::kBytesPerPoint > budget / 2);  // and used
    const CounterStore::Limits l = store.limits();
    QVERIFY(l.recentPoints < CounterStore::Limits {}.recentPoints);
    // The first port kept its newest points (the last value written is there).
    const auto points
        = store.series(QStringLiteral("leaf0/Ethernet1/0"), roce::model::Metric::InUtil);
    QVERIFY(!points.isEmpty());
    QCOMPARE(points.last().y(), 19.0);  // 719 % 100
    QVERIFY(points.size() <= l.recentPoints + l.downsampledPoints);
}

void TestCounterStore::timesBeyond24Days()
{
    // A port silent for 30 days between two samples: more than a 32-bit millisecond offset
    // holds (2^31 ms is 24.8 days). Small rings, so the gap also moves through and out of them.
    CounterStore store(CounterStore::Limits {4, 10'000, 4});
    const qint64 t0 = 1'795'000'000'000;
    const qint64 day = 86'400'000;
    store.append(QStringLiteral("p"), Metric::Ecn, t0, 1);
    store.append(QStringLiteral("p"), Metric::Ecn, t0 + 30 * day, 2);
    QList<QPointF> s = store.series(QStringLiteral("p"), Metric::Ecn);
    QCOMPARE(s.size(), 2);
    QCOMPARE(qint64(s[0].x()), t0);
    QCOMPARE(qint64(s[1].x()), t0 + 30 * day);
    QCOMPARE(s[1].y(), 2.0);
    QCOMPARE(store.series(QStringLiteral("p"), Metric::Ecn, t0 + 1).size(), 1);

    // Then one sample every 20 s: t0 falls into the downsampled ring (bucket middle t0 + 5 s),
    // the gap stays between two points of one ring for a while, and every time stays exact.
    for (int i = 1; i <= 12; ++i) {
        store.append(QStringLiteral("p"), Metric::Ecn, t0 + 30 * day + i * 20'000, 2 + i);
        s = store.series(QStringLiteral("p"), Metric::Ecn);
        QCOMPARE(qint64(s.last().x()), t0 + 30 * day + i * 20'000);
        QCOMPARE(s.last().y(), 2.0 + i);
        for (int k = 1; k < s.size(); ++k)
            QVERIFY2(s[k].x() > s[k - 1].x(), qPrintable(QString::number(k)));
    }
    QCOMPARE(s.size(), 8);  // 4 + 4, the oldest (t0's bucket) long gone
    // The recent ring holds the last four samples exactly.
    for (int k = 0; k < 4; ++k) {
        QCOMPARE(qint64(s[4 + k].x()), t0 + 30 * day + (9 + k) * 20'000);
        QCOMPARE(s[4 + k].y(), 11.0 + k);
    }
    // The downsampled ring: the four buckets before the one still being filled (the ninth
    // sample's), one sample each, at their 10 s bucket's middle.
    for (int k = 0; k < 4; ++k) {
        QCOMPARE(qint64(s[k].x()), t0 + 30 * day + (4 + k) * 20'000 + 5'000);
        QCOMPARE(s[k].y(), 6.0 + k);
    }
}

void TestCounterStore::pointsStraddling2To31Ms()
{
    // Samples from 3 s before to 3 s after 2^31 ms past a series' first point: the offset a
    // 32-bit time would overflow at.
    CounterStore store;
    const qint64 t0 = 1'795'000'000'000;
    const qint64 edge = t0 + (qint64(1) << 31);
    store.append(QStringLiteral("p"), Metric::InUtil, t0, 0.5);
    for (qint64 ms = edge - 3000; ms <= edge + 3000; ms += 500)
        store.append(QStringLiteral("p"), Metric::InUtil, ms, double(ms - edge) / 1000.0);
    const QList<QPointF> s = store.series(QStringLiteral("p"), Metric::InUtil);
    QCOMPARE(s.size(), 14);
    QCOMPARE(qint64(s[0].x()), t0);
    QCOMPARE(s[0].y(), 0.5);
    for (int k = 1; k < s.size(); ++k) {
        const qint64 ms = edge - 3000 + (k - 1) * 500;
        QCOMPARE(qint64(s[k].x()), ms);
        QCOMPARE(s[k].y(), double(ms - edge) / 1000.0);
    }
    QCOMPARE(store.series(QStringLiteral("p"), Metric::InUtil, edge).size(), 7);
}

void TestCounterStore::monthOfUptime()
{
    // A console up for 40 days, one poll a minute: the time axis goes on past 24.8 days with
    // both tiers full and exact, and points stay 8 bytes.
    CounterStore store;
    const CounterStore::Limits l = store.limits();
    const qint64 t0 = 1'795'000'000'000;
    const int polls = 40 * 24 * 60;
    for (int i = 0; i < polls; ++i)
        store.append(QStringLiteral("p"), Metric::InUtil, t0 + qint64(i) * 60'000, i % 97);
    const QList<QPointF> s = store.series(QStringLiteral("p"), Metric::InUtil);
    QCOMPARE(s.size(), l.recentPoints + l.downsampledPoints);
    // Recent: the last 600 polls as they were.
    for (int k = 0; k < l.recentPoints; ++k) {
        const int i = polls - l.recentPoints + k;
        QCOMPARE(qint64(s[l.downsampledPoints + k].x()), t0 + qint64(i) * 60'000);
        QCOMPARE(s[l.downsampledPoints + k].y(), double(i % 97));
    }
    // Downsampled: one poll per 10 s bucket (a minute apart), at the bucket's middle; the
    // newest poll out of the recent tier is still in the open bucket.
    for (int k = 0; k < l.downsampledPoints; ++k) {
        const int i = polls - l.recentPoints - 1 - l.downsampledPoints + k;
        QCOMPARE(qint64(s[k].x()), t0 + qint64(i) * 60'000 + 5'000);
        QCOMPARE(s[k].y(), double(i % 97));
    }
    QCOMPARE(store.pointCount(), qsizetype(l.recentPoints + l.downsampledPoints));
}

void TestCounterStore::sourceChangingItsPortsKeepsThemApart()
{
    // A port is found at its place in its source's last frame: a source that reorders its
    // ports, drops one, adds one or names a port anew must still write each where it belongs,
    // and two sources listing their ports alike must not share them.
    CounterStore store;
    const auto port = [](const QString &key, double util) {
        roce::model::PortSample p;
        p.id = roce::model::PortId::fromKey(key, roce::model::PortId::Kind::Switch);
        p.set(roce::model::Metric::InUtil, util);
        return p;
    };
    const auto poll
        = [&](const QString &source, qint64 ms, const QList<roce::model::PortSample> &ports) {
              roce::model::SourceFrame f;
              f.source = source;
              f.takenMs = ms;
              f.ports = ports;
              store.ingest(f);
          };
    const QString a = QStringLiteral("sw1/Ethernet1/1"), b = QStringLiteral("sw1/Ethernet1/2"),
                  c = QStringLiteral("sw1/Ethernet1/3"), d = QStringLiteral("sw2/Ethernet1/1");
    poll(QStringLiteral("sw1"), 1000, {port(a, 1), port(b, 2)});
    poll(QStringLiteral("sw1"), 2000, {port(b, 20), port(a, 10)});      // reordered
    poll(QStringLiteral("sw1"), 3000, {port(a, 100)});                  // b left out
    poll(QStringLiteral("sw1"), 4000, {port(c, 3000), port(a, 1000)});  // c new, first
    poll(QStringLiteral("sw2"), 4000, {port(d, 7)});  // another source, same place
    const auto values = [&](const QString &key) {
        QList<double> out;
        for (const QPointF &pt : store.series(key, Metric::InUtil))
            out.append(pt.y());
        return out;
    };
    QCOMPARE(values(a), QList<double>({1, 10, 100, 1000}));
    QCOMPARE(values(b), QList<double>({2, 20}));
    QCOMPARE(values(c), QList<double>({3000}));
    QCOMPARE(values(d), QList<double>({7}));
    QCOMPARE(store.series(a, Metric::InUtil).last().x(), 4000.0);
    QCOMPARE(store.pointCount(), 8);
    // Forgotten with the rest on clear(): the same source starts over.
    store.clear();
    poll(QStringLiteral("sw1"), 5000, {port(b, 5)});
    QCOMPARE(values(b), QList<double>({5}));
    QVERIFY(values(a).isEmpty());
}

QTEST_GUILESS_MAIN(TestCounterStore)
#include "tst_counterstore.moc"
