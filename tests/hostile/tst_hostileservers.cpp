// The /metrics server (rocectl exporter and roce-agent share it) against peers that dawdle
// over their request, never read the answer, read it slowly, or flood wrong passwords: the
// real `rocectl exporter` on the simulated fabric, real sockets on loopback.

#include "hostilehttp.h"
#include "prometheus/server/basicauth.h"
#include "rawclient.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace hostile;

namespace {

// A rail fabric whose exposition (9 MB) outgrows every kernel buffer between the two ends
// (Linux lets a socket's send buffer grow to 4 MiB): a slow reader's answer really is still
// being sent, by the exporter, long after it was asked for.
const QStringList kLargeFabric {QStringLiteral("--topology"), QStringLiteral("rail:256:4:2:2")};
constexpr qint64 kLargeExposition = 8'000'000;

/// Starts `rocectl exporter --sim` (plus @p extra) and returns its port once its exposition
/// has @p minBytes (every switch polled); 0 on failure.
quint16 startExporter(Child &exporter, const QStringList &extra = {}, qint64 minBytes = 4096)
{
    exporter.start(rocectl(),
                   QStringList {QStringLiteral("exporter"), QStringLiteral("--sim"),
                                QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")}
                       + extra);
    static const QRegularExpression serving(
        QStringLiteral(R"(serving http://127\.0\.0\.1:(\d+)/metrics)"));
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 60000) {
        const auto m = serving.match(exporter.out());
        if (m.hasMatch()) {
            const auto port = quint16(m.captured(1).toUInt());
            // The first poll of the switches: scrapes then carry their series.
            while (t.elapsed() < 60000) {
                const Fetch f = get(port, "127.0.0.1", {}, 10000);
                if (f.status == 200 && f.contentLength > minBytes)
                    return port;
                QTest::qWait(200);
            }
        }
        QTest::qWait(100);
    }
    qWarning("exporter did not start: %s", qPrintable(exporter.err()));
    return 0;
}

/// The exporter on the large fabric, once its exposition is whole: its port and one normal
/// scrape of it (port 0 on failure).
std::pair<quint16, Fetch> startLargeExporter(Child &exporter)
{
    const quint16 port = startExporter(exporter, kLargeFabric, kLargeExposition);
    return {port, port ? get(port, "127.0.0.1", {}, 20000) : Fetch {}};
}

/// Scrapes every 300 ms for @p ms (calling @p between before each): how many were tried, and
/// how many came back whole with at least @p minBytes.
std::pair<int, int> scrapeFor(quint16 port, int ms, qint64 minBytes, int timeoutMs,
                              const std::function<void()> &between = {})
{
    int scrapes = 0;
    int served = 0;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        if (between)
            between();
        const Fetch f = get(port, "127.0.0.1", {}, timeoutMs);
        ++scrapes;
        served += f.status == 200 && f.complete && f.contentLength > minBytes;
        QTest::qWait(300);
    }
    return {scrapes, served};
}

/// Sockets that send their request one byte a second and reconnect whenever the server lets
/// them go: the peers that kept every slot of the server busy.
class SlowHeads
{
public:
    SlowHeads(quint16 port, QList<const char *> sources) : m_port(port), m_sources(sources)
    {
        for (qsizetype i = 0; i < m_sources.size(); ++i)
            m_fds.append(connectFrom(m_sources.at(i), m_port));
    }
    ~SlowHeads()
    {
        for (int fd : std::as_const(m_fds))
            if (fd >= 0)
                ::close(fd);
    }
    void dripOneByte()
    {
        static const QByteArray head = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
        for (qsizetype i = 0; i < m_fds.size(); ++i) {
            char c = 0;
            const bool closed = m_fds[i] < 0 || ::recv(m_fds[i], &c, 1, MSG_DONTWAIT) == 0
                || (::send(m_fds[i], head.constData() + m_sent % (head.size() - 4), 1,
                           MSG_NOSIGNAL | MSG_DONTWAIT)
                    < 0);
            if (closed) {
                if (m_fds[i] >= 0)
                    ::close(m_fds[i]);
                m_fds[i] = connectFrom(m_sources.at(i), m_port);
                ++m_reconnects;
            }
        }
        ++m_sent;
    }
    int reconnects() const { return m_reconnects; }

private:
    quint16 m_port;
    QList<const char *> m_sources;
    QList<int> m_fds;
    int m_sent = 0;
    int m_reconnects = 0;
};

}  // namespace

class TestHostileServers : public QObject
{
    Q_OBJECT

private slots:
    /// 40 peers that send their request head one byte a second, half from the scraper's
    /// own address: every normal scrape must still be answered.
    void slowHeadsDoNotLockOutScrapes()
    {
        Child exporter;
        const quint16 port = startExporter(exporter);
        QVERIFY(port);
        QList<const char *> sources;
        for (int i = 0; i < 40; ++i)
            sources.append(i % 2 ? "127.0.0.2" : "127.0.0.1");
        SlowHeads slow(port, sources);
        QElapsedTimer clock;
        clock.start();
        qint64 nextDrip = 0;
        const auto [scrapes, served] = scrapeFor(port, 6000, 4096, 4000, [&] {
            if (clock.elapsed() >= nextDrip) {
                slow.dripOneByte();
                nextDrip += 1000;
            }
        });
        qInfo("scrapes served during 40 slow heads: %d of %d (%d slow reconnects)", served, scrapes,
              slow.reconnects());
        QVERIFY(scrapes >= 10);
        QCOMPARE(served, scrapes);
        QCOMPARE(exporter.terminate(), 0);
    }

    /// 32 peers that ask for the exposition and never read a byte of it: scrapes go on, and
    /// the exporter does not hold 32 copies of a large answer.
    void silentReadersDoNotLockOutScrapes()
    {
        Child exporter;
        const auto [port, normal] = startLargeExporter(exporter);
        QVERIFY(port);
        QVERIFY(normal.complete);
        const double before = exporter.peakMiB();
        QList<int> silent;
        for (int i = 0; i < 32; ++i) {
            const int fd = connectFrom("127.0.0.1", port, 4096);
            QVERIFY(fd >= 0);
            sendAll(fd, "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            silent.append(fd);
        }
        QTest::qWait(1500);  // they have all stalled
        const auto [scrapes, served] = scrapeFor(port, 6000, kLargeExposition, 10000);
        const double after = exporter.peakMiB();
        for (int fd : std::as_const(silent))
            ::close(fd);
        qInfo("answer %.1f MiB; scrapes served during 32 silent readers: %d of %d; exporter peak "
              "%.0f -> %.0f MiB",
              double(normal.contentLength) / 1048576.0, served, scrapes, before, after);
        QVERIFY(scrapes >= 3);
        QCOMPARE(served, scrapes);
        QVERIFY2(after - before < 4.0 * double(normal.contentLength) / 1048576.0 + 32,
                 qPrintable(QStringLiteral("%1 -> %2 MiB").arg(before).arg(after)));
        QCOMPARE(exporter.terminate(), 0);
    }

    /// A scraper that reads a large answer slowly (it takes longer than the old deadline of
    /// 10 s from accept) gets all of it.
    void slowReaderGetsTheWholeAnswer()
    {
        Child exporter;
        const auto [port, normal] = startLargeExporter(exporter);
        QVERIFY(port);
        QVERIFY(normal.complete);
        // 24 s of reading at a steady pace, from a socket with a small window: at 10 s more
        // than the kernel's buffers can hold is still to be sent.
        const qint64 rate = normal.contentLength / 24;
        const int fd = connectFrom("127.0.0.1", port, 16384);
        QVERIFY(fd >= 0);
        QVERIFY(sendAll(fd, "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
        QElapsedTimer t;
        t.start();
        const Fetch slow = readAnswer(fd, 40000, rate);
        ::close(fd);
        qInfo("read %lld of %lld bytes at %.2f MiB/s in %.1f s", slow.bodyBytes, slow.contentLength,
              double(rate) / 1048576.0, double(t.elapsed()) / 1000.0);
        QCOMPARE(slow.status, 200);
        QVERIFY(t.elapsed() > 10000);
        QCOMPARE(slow.bodyBytes, slow.contentLength);
        QCOMPARE(exporter.terminate(), 0);
    }

    /// Wrong passwords flooding from one address: another address's right password is still
    /// let in, the first time it is ever seen.
    void passwordFloodFromOneSourceSparesAnother()
    {
        QTemporaryDir dir;
        QFile web(dir.filePath(QStringLiteral("web.yml")));
        QVERIFY(web.open(QIODevice::WriteOnly));
        web.write("basic_auth_users:\n  prometheus: "
                  + roce::prometheus::BasicAuth::hash("scrape", 10) + "\n");
        web.close();
        Child exporter;
        exporter.start(rocectl(),
                       {QStringLiteral("exporter"), QStringLiteral("--sim"),
                        QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                        QStringLiteral("--web-config"), web.fileName()});
        static const QRegularExpression serving(
            QStringLiteral(R"(serving http://127\.0\.0\.1:(\d+)/metrics)"));
        QTRY_VERIFY_WITH_TIMEOUT(serving.match(exporter.out()).hasMatch(), 60000);
        const auto port = quint16(serving.match(exporter.out()).captured(1).toUInt());
        const QByteArray wrong = "Basic " + QByteArray("prometheus:guess").toBase64();
        const QByteArray right = "Basic " + QByteArray("prometheus:scrape").toBase64();
        // The flood: until it is throttled (429), and a while beyond.
        int throttled = 0;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 4000)
            throttled += get(port, "127.0.0.2", wrong, 3000).status == 429;
        QVERIFY2(throttled > 0, "the flood was never throttled");
        int allowed = 0;
        const int tries = 6;
        for (int i = 0; i < tries; ++i) {
            // The flood goes on between the right password's scrapes.
            for (int j = 0; j < 5; ++j)
                get(port, "127.0.0.2", wrong, 3000);
            const Fetch f = get(port, "127.0.0.3", right, 5000);
            allowed += f.status == 200 && f.complete && f.contentLength > 0;
        }
        qInfo("flood answered 429 %d times; the right password from another address: %d of %d",
              throttled, allowed, tries);
        QCOMPARE(allowed, tries);
        QCOMPARE(exporter.terminate(), 0);
    }
};

QTEST_GUILESS_MAIN(TestHostileServers)
#include "tst_hostileservers.moc"
