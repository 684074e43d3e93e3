// What a peer can make the agent hold, and for how long: the accept path under connection
// bursts, the pre-authentication budget, failed-auth backoff, a console that stops reading,
// liveness both ways, one sample per tick, job caps and output floods, and log lines that a
// peer cannot forge. Each test reproduces the attack against the real AgentServer on loopback.
#include "jobs/outputlimiter.h"
#include "jobs/processjobrunner.h"
#include "proto/agentproto/agentclient.h"
#include "proto/agentproto/agentserver.h"
#include "proto/agentproto/authbackoff.h"
#include "proto/agentproto/frame.h"
#include "proto/agentproto/logsafe.h"
#include "proto/agentproto/sharedsample.h"
#include "testagent.h"

#include <QJsonArray>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSignalSpy>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QtEndian>

#include <arpa/inet.h>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace roce::agentproto;
using namespace roce::agent;
using testagent::freePort;
using testagent::readFixture;
using testagent::TestAgent;
using testagent::waitReady;

namespace {

QString token()
{
    return QString::fromUtf8(readFixture(QStringLiteral("tls/token")).trimmed());
}

QJsonObject hello(bool pings = false)
{
    QJsonObject m {{QStringLiteral("type"), QStringLiteral("hello")},
                   {QStringLiteral("protocol"), QJsonArray {kProtocolVersion}}};
    if (pings)
        m.insert(QStringLiteral("pings"), true);
    return m;
}

QJsonObject auth(const QString &t)
{
    return {{QStringLiteral("type"), QStringLiteral("auth")}, {QStringLiteral("token"), t}};
}

/// A TLS client driven by hand, as a hostile or broken peer would: it sends exactly what the
/// test says and records every message it gets.
class RawClient
{
public:
    RawClient()
    {
        QObject::connect(&socket, &QSslSocket::sslErrors, &socket,
                         [this] { socket.ignoreSslErrors(); });
        QObject::connect(&socket, &QSslSocket::readyRead, &socket, [this] {
            const auto messages = decoder.feed(socket.readAll());
            if (messages)
                received.append(*messages);
        });
    }

    bool connectTo(quint16 port)
    {
        socket.connectToHostEncrypted(QStringLiteral("127.0.0.1"), port);
        QSignalSpy encrypted(&socket, &QSslSocket::encrypted);
        return socket.isEncrypted() || encrypted.wait(10000);
    }
    void send(const QJsonObject &m) { socket.write(encodeFrame(m)); }
    /// The first received message of @p type (waits for it); empty if none came.
    QJsonObject waitFor(const QString &type, int timeoutMs = 10000)
    {
        for (int waited = 0; waited <= timeoutMs; waited += 50) {
            for (const QJsonObject &m : std::as_const(received)) {
                if (m.value(QStringLiteral("type")).toString() == type)
                    return m;
            }
            QTest::qWait(50);
        }
        return {};
    }
    bool authenticate(bool pings = false)
    {
        send(hello(pings));
        if (waitFor(QStringLiteral("hello")).isEmpty())
            return false;
        send(auth(token()));
        return !waitFor(QStringLiteral("auth_ok")).isEmpty();
    }
    bool closed() const { return socket.state() == QAbstractSocket::UnconnectedState; }

    QSslSocket socket;
    FrameDecoder decoder;
    QList<QJsonObject> received;
};

// --- Blocking helpers for a client running in a thread of its own (no event loop). ---

bool readUntil(QSslSocket &s, FrameDecoder &d, const QString &type, QJsonObject *out = nullptr,
               int timeoutMs = 10000)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        if (!s.waitForReadyRead(200) && s.state() != QAbstractSocket::ConnectedState)
            return false;
        const auto messages = d.feed(s.readAll());
        if (!messages)
            return false;
        for (const QJsonObject &m : *messages) {
            if (m.value(QStringLiteral("type")).toString() == type) {
                if (out)
                    *out = m;
                return true;
            }
        }
    }
    return false;
}

/// A console that subscribes at 100 ms and then stops reading: its thread blocks, its socket
/// has a small receive buffer, so the agent's writes back up at once.
class FrozenClient
{
public:
    FrozenClient(quint16 port, bool startJob) : m_port(port), m_startJob(startJob) { }
    ~FrozenClient()
    {
        thaw();
        if (m_thread.joinable())
            m_thread.join();
    }

    void start()
    {
        m_thread = std::thread([this] { run(); });
    }
    /// True once subscribed (and the job started); from then on nothing is read.
    /// (The agent runs in this thread's event loop: it is kept running while waiting.)
    bool waitFrozen()
    {
        for (int i = 0; i < 600 && !m_frozen.tryAcquire(); ++i)
            QTest::qWait(50);
        return m_ok;
    }
    void thaw()
    {
        if (!m_thawed.exchange(true))
            m_release.release();
    }
    void waitDone()
    {
        for (int i = 0; i < 600 && !m_done; ++i)
            QTest::qWait(50);
        if (m_thread.joinable())
            m_thread.join();
    }
    /// The "skipped" count of the first sample that carried one after thawing (-1: none).
    int skippedSeen() const { return m_skipped; }

private:
    void run()
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        int small = 4096;
        ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);  // before connect
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_port = htons(m_port);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0) {
            ::close(fd);
            m_frozen.release();
            m_done = true;
            return;
        }
        QSslSocket s;
        s.setPeerVerifyMode(QSslSocket::VerifyNone);
        s.setSocketDescriptor(fd);
        s.startClientEncryption();
        FrameDecoder d;
        bool ok = s.waitForEncrypted(10000);
        auto send = [&s](const QJsonObject &m) {
            s.write(encodeFrame(m));
            s.waitForBytesWritten(5000);
        };
        if (ok) {
            send(hello());
            ok = readUntil(s, d, QStringLiteral("hello"));
        }
        if (ok) {
            send(auth(token()));
            ok = readUntil(s, d, QStringLiteral("auth_ok"));
        }
        if (ok && m_startJob) {
            send({{QStringLiteral("type"), QStringLiteral("job_start")},
                  {QStringLiteral("id"), 1},
                  {QStringLiteral("job"),
                   QJsonObject {{QStringLiteral("tool"), QStringLiteral("iperf3")},
                                {QStringLiteral("role"), QStringLiteral("server")},
                                {QStringLiteral("port"), int(freePort())}}}});
            ok = readUntil(s, d, QStringLiteral("job_started"));
        }
        if (ok) {
            send({{QStringLiteral("type"), QStringLiteral("subscribe")},
                  {QStringLiteral("id"), 2},
                  {QStringLiteral("interval_ms"), 100}});
            ok = readUntil(s, d, QStringLiteral("sample"));
        }
        m_ok = ok;
        m_frozen.release();
        m_release.acquire();  // frozen: this thread reads nothing until thawed
        QElapsedTimer t;
        t.start();
        while (ok && t.elapsed() < 20000 && m_skipped < 0) {
            QJsonObject m;
            if (!readUntil(s, d, QStringLiteral("sample"), &m, 2000))
                break;
            if (m.contains(QStringLiteral("skipped")))
                m_skipped = m.value(QStringLiteral("skipped")).toInt();
        }
        m_done = true;
    }

    quint16 m_port;
    bool m_startJob;
    std::thread m_thread;
    QSemaphore m_frozen;
    QSemaphore m_release;
    std::atomic<bool> m_thawed {false};
    std::atomic<bool> m_ok {false};
    std::atomic<int> m_skipped {-1};
    std::atomic<bool> m_done {false};
};

bool groupGone(qint64 pgid)
{
    return ::kill(-pid_t(pgid), 0) == -1 && errno == ESRCH;
}

// Captured log lines of the agent server.
QStringList g_log;
QtMessageHandler g_previousHandler = nullptr;
void captureLog(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (context.category && qstrcmp(context.category, "roce.agent.server") == 0)
        g_log.append(message);
    if (g_previousHandler)
        g_previousHandler(type, context, message);
}

}  // namespace

class TestAgentLimits : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { qRegisterMetaType<JobResult>(); }

    // 1. Connections closed before their TLS handshake, then connections that never say a
    // word: the listener keeps accepting, frees every slot by the deadline, and a real
    // console is served afterwards.
    void acceptSurvivesClosedAndSilentBursts()
    {
        TestAgent agent({QStringLiteral("mlx5_0")}, 0,
                        [](AgentServerOptions &o) { o.preAuthTimeoutMs = 1500; });
        QVERIFY(agent.port);
        QList<QTcpSocket *> burst;
        for (int i = 0; i < 40; ++i) {
            auto *s = new QTcpSocket(this);
            s->connectToHost(QHostAddress::LocalHost, agent.port);
            burst.append(s);
        }
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(burst.cbegin(), burst.cend(),
                                             [](QTcpSocket *s) {
                                                 return s->state()
                                                     == QAbstractSocket::ConnectedState;
                                             }),
                                 10000);
        for (QTcpSocket *s : std::as_const(burst))
            s->close();  // before any TLS byte
        const int refusedBefore = agent.server->refusedCount();
        qDeleteAll(burst);
        burst.clear();
        // Each closed handshake frees its slot (the agent saw 40 connections, none stays).
        QTRY_COMPARE_WITH_TIMEOUT(agent.server->connectionCount(), 0, 10000);

        // Forty that connect and stay silent: 32 are held (the pre-auth cap), the rest
        // refused at accept, and all are gone once the deadline passes.
        for (int i = 0; i < 40; ++i) {
            auto *s = new QTcpSocket(this);
            s->connectToHost(QHostAddress::LocalHost, agent.port);
            burst.append(s);
        }
        QTRY_VERIFY_WITH_TIMEOUT(agent.server->refusedCount() >= refusedBefore + 8, 10000);
        QVERIFY(agent.server->unauthenticatedCount() <= 32);
        QTRY_COMPARE_WITH_TIMEOUT(agent.server->connectionCount(), 0, 10000);
        QVERIFY(agent.server->rejectedCount() >= 32);  // freed by the deadline

        AgentClient client(agent.endpoint());
        QVERIFY2(waitReady(client), qPrintable(client.lastError()));
        QSignalSpy samples(&client, &AgentClient::sampleReceived);
        client.subscribe(100);
        QVERIFY(samples.wait(5000));
        qDeleteAll(burst);
    }

    // 2a. hello, then nothing: closed when the pre-auth budget runs out, with the reason.
    void idleAfterHelloIsClosed()
    {
        TestAgent agent({QStringLiteral("mlx5_0")}, 0,
                        [](AgentServerOptions &o) { o.preAuthTimeoutMs = 1000; });
        RawClient c;
        QVERIFY(c.connectTo(agent.port));
        c.send(hello());
        QVERIFY(!c.waitFor(QStringLiteral("hello")).isEmpty());
        const QJsonObject error = c.waitFor(QStringLiteral("error"));
        QCOMPARE(error.value(QStringLiteral("code")).toString(), QStringLiteral("timeout"));
        QVERIFY2(error.value(QStringLiteral("message"))
                     .toString()
                     .contains(QStringLiteral("not completed within 1 s")),
                 qPrintable(error.value(QStringLiteral("message")).toString()));
        QTRY_VERIFY_WITH_TIMEOUT(c.closed(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(agent.server->connectionCount(), 0, 5000);
    }

    // 2b. Partial frames held by many peers: the agent keeps at most one 16 KiB frame each,
    // and a larger declared length is refused before any of it is kept.
    void preAuthMemoryIsBounded()
    {
        TestAgent agent;
        QVERIFY(agent.server->connectionCount() == 0);
        constexpr int kHolders = 24;
        constexpr int kSent = 15000;
        QList<RawClient *> holders;
        for (int i = 0; i < kHolders; ++i) {
            auto *c = new RawClient;
            QVERIFY(c->connectTo(agent.port));
            // A frame that claims the most allowed before auth, and stops short of it.
            QByteArray partial(4, '\0');
            qToBigEndian(quint32(16 * 1024), partial.data());
            c->socket.write(partial + QByteArray(kSent, 'x'));
            holders.append(c);
        }
        QTRY_VERIFY_WITH_TIMEOUT(agent.server->preAuthBufferedBytes() >= qint64(kHolders) * kSent,
                                 10000);
        const qint64 held = agent.server->preAuthBufferedBytes();
        QVERIFY2(held <= qint64(kHolders) * (16 * 1024 + 4), qPrintable(QString::number(held)));

        // Declared 4 MiB and 16 KiB + 1: closed at once, nothing of the body kept.
        const int rejectedBefore = agent.server->rejectedCount();
        for (const quint32 length : {quint32(4 * 1024 * 1024), quint32(16 * 1024 + 1)}) {
            RawClient big;
            QVERIFY(big.connectTo(agent.port));
            QByteArray header(4, '\0');
            qToBigEndian(length, header.data());
            big.socket.write(header + QByteArray(8000, 'y'));
            const QJsonObject error = big.waitFor(QStringLiteral("error"));
            QVERIFY(error.value(QStringLiteral("message"))
                        .toString()
                        .contains(QStringLiteral("exceeds the limit of 16384")));
            QTRY_VERIFY_WITH_TIMEOUT(big.closed(), 5000);
        }
        QCOMPARE(agent.server->rejectedCount(), rejectedBefore + 2);
        QVERIFY(agent.server->preAuthBufferedBytes() <= qint64(kHolders) * (16 * 1024 + 4));
        qDeleteAll(holders);
    }

    // 2c. Failed auth slows down the next attempts from that address; a success clears it.
    void failedAuthBacksOff()
    {
        AuthBackoff table(100, 1000);
        const QHostAddress peer(QStringLiteral("192.0.2.7"));
        QCOMPARE(table.reserve(peer, 0), qint64(0));
        table.failed(peer, 0);
        QCOMPARE(table.delayMs(peer), qint64(100));
        table.failed(peer, 10);
        table.failed(peer, 20);
        QCOMPARE(table.delayMs(peer), qint64(400));
        // Three attempts at once are served one delay apart, not together.
        const qint64 first = table.reserve(peer, 30);
        QCOMPARE(first, qint64(420));
        QCOMPARE(table.reserve(peer, 30), qint64(820));
        QCOMPARE(table.reserve(peer, 30), qint64(1220));
        // An attempt that would wait past its deadline is refused, and moves no turn.
        QVERIFY(!table.reserveBy(peer, 30, 1000));
        QCOMPARE(table.nextTurnMs(peer, 30), qint64(1620));
        QCOMPARE(table.reserveBy(peer, 1300, 2400), std::optional<qint64>(1620));
        for (int i = 0; i < 10; ++i)
            table.failed(peer, 40);
        QCOMPARE(table.delayMs(peer), qint64(1000));  // capped
        table.succeeded(peer);
        QCOMPARE(table.delayMs(peer), qint64(0));

        TestAgent agent({QStringLiteral("mlx5_0")}, 0,
                        [](AgentServerOptions &o) { o.authBackoffBaseMs = 300; });
        const QHostAddress local(QHostAddress::LocalHost);
        AgentEndpoint wrong = agent.endpoint();
        wrong.token = QStringLiteral("wrong-token-0123456789");
        AgentClient first1(wrong);
        QVERIFY(!waitReady(first1));
        QCOMPARE(agent.server->deferredAuths(), 0);  // the first attempt is served at once
        QCOMPARE(agent.server->authBackoffMs(local), qint64(300));
        AgentClient second(wrong);
        QVERIFY(!waitReady(second));
        QCOMPARE(agent.server->deferredAuths(), 1);  // held back by the backoff
        QCOMPARE(agent.server->authBackoffMs(local), qint64(600));
        QVERIFY(second.lastError().contains(QStringLiteral("authentication failed")));
        // The right token still gets in, after the delay, and clears the address.
        AgentClient right(agent.endpoint());
        QVERIFY2(waitReady(right), qPrintable(right.lastError()));
        QCOMPARE(agent.server->deferredAuths(), 2);
        QCOMPARE(agent.server->authBackoffMs(local), qint64(0));

        // Delays longer than a connection's budget for hello and auth: an attempt is refused
        // at once with when to come back, and the right token gets in on its next try. (Kept
        // waiting, each attempt timed out and pushed the next turn further away: six wrong
        // tokens locked the right one out for good.)
        TestAgent tight({QStringLiteral("mlx5_0")}, 0, [](AgentServerOptions &o) {
            o.authBackoffBaseMs = 400;
            o.preAuthTimeoutMs = 1000;
        });
        AgentEndpoint wrongTight = tight.endpoint();
        wrongTight.token = QStringLiteral("wrong-token-0123456789");
        // Wrong tokens until the delay outgrows the budget: an attempt is then refused at once.
        QString refusal;
        for (int i = 0; i < 8 && refusal.isEmpty(); ++i) {
            AgentClient guess(wrongTight);
            QVERIFY(!waitReady(guess));
            if (guess.lastError().contains(QStringLiteral("too many failed authentications")))
                refusal = guess.lastError();
            else
                QVERIFY2(guess.lastError().contains(QStringLiteral("authentication failed")),
                         qPrintable(guess.lastError()));
        }
        QVERIFY2(refusal.contains(QStringLiteral("the next attempt is looked at in")),
                 qPrintable(refusal));
        // The right token, retried as a console does: it gets in once its turn falls within an
        // attempt's second, and no attempt meanwhile times out.
        bool in = false;
        for (int i = 0; i < 20 && !in; ++i) {
            AgentClient retry(tight.endpoint());
            in = waitReady(retry);
            if (!in) {
                QVERIFY2(retry.lastError().contains(QStringLiteral("too many failed")),
                         qPrintable(retry.lastError()));
                QTest::qWait(300);
            }
        }
        QVERIFY(in);
        QCOMPARE(tight.server->authBackoffMs(local), qint64(0));
    }

    // 3a. A subscriber that stops reading: its queue stays bounded, samples are skipped and
    // counted, and it is told how many when it reads again.
    void frozenSubscriberSkipsSamples()
    {
        constexpr qint64 kQueue = 64 * 1024;
        TestAgent agent({QStringLiteral("mlx5_0")}, 0, [](AgentServerOptions &o) {
            o.maxSendQueue = kQueue;
            o.socketSendBuffer = 16 * 1024;
            o.stuckTimeoutMs = 120000;
        });
        const qint64 frame = agent.server->sharedSample()->sampleFrame().size();
        FrozenClient frozen(agent.port, false);
        frozen.start();
        QVERIFY(frozen.waitFrozen());
        qint64 largest = 0;
        QTRY_VERIFY_WITH_TIMEOUT((largest = std::max(largest, agent.server->largestSendQueue()),
                                  agent.server->skippedSamples() >= 5),
                                 60000);
        QVERIFY2(largest <= kQueue + frame,
                 qPrintable(QStringLiteral("queue %1, frame %2").arg(largest).arg(frame)));
        QCOMPARE(agent.server->droppedClients(), 0);
        frozen.thaw();
        QTRY_VERIFY_WITH_TIMEOUT(frozen.skippedSeen() >= 0, 20000);
        QVERIFY2(frozen.skippedSeen() > 0, qPrintable(QString::number(frozen.skippedSeen())));
        frozen.waitDone();
    }

    // 3b. Stuck beyond the deadline: dropped, and its job dies with the connection.
    void frozenSubscriberIsDroppedWithItsJobs()
    {
        TestAgent agent({QStringLiteral("mlx5_0")}, 0, [](AgentServerOptions &o) {
            o.maxSendQueue = 64 * 1024;
            o.socketSendBuffer = 16 * 1024;
            o.stuckTimeoutMs = 1000;
        });
        FrozenClient frozen(agent.port, true);
        frozen.start();
        QVERIFY(frozen.waitFrozen());
        QCOMPARE(agent.jobs->runningCount(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(agent.jobs->processGroups().size(), 1, 5000);
        const qint64 group = agent.jobs->processGroups().first();
        QTRY_COMPARE_WITH_TIMEOUT(agent.server->droppedClients(), 1, 60000);
        QVERIFY(agent.server->skippedSamples() > 0);
        QCOMPARE(agent.server->connectionCount(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(agent.jobs->runningCount(), 0, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(groupGone(group), 5000);
        frozen.thaw();
        frozen.waitDone();
    }

    // 3b'. A client that sends requests and never reads the replies: its requests are left
    // unread while its queue is over the cap, so the queue stays there (plus one reply), and
    // stuck beyond the deadline it is dropped.
    void requestFloodWithoutReadingIsBoundedAndDropped()
    {
        constexpr qint64 kQueue = 64 * 1024;
        TestAgent agent({QStringLiteral("mlx5_0")}, 0, [](AgentServerOptions &o) {
            o.maxSendQueue = kQueue;
            o.socketSendBuffer = 16 * 1024;
            o.stuckTimeoutMs = 1500;
        });
        RawClient flooder;
        QVERIFY(flooder.connectTo(agent.port));
        QVERIFY(flooder.authenticate());
        QObject::disconnect(&flooder.socket, &QSslSocket::readyRead, nullptr, nullptr);
        flooder.socket.setReadBufferSize(4096);  // from now on nothing is read
        const qint64 reply
            = encodeFrame({{QStringLiteral("type"), QStringLiteral("devices")},
                           {QStringLiteral("id"), 1000000},
                           {QStringLiteral("sample"), sampleToJson(agent.sampler->sample())}})
                  .size();
        qint64 largest = 0;
        int id = 0;
        QElapsedTimer t;
        t.start();
        while (agent.server->droppedClients() == 0 && t.elapsed() < 10000) {
            if (flooder.socket.bytesToWrite() + flooder.socket.encryptedBytesToWrite()
                < 256 * 1024) {
                for (int i = 0; i < 64; ++i, ++id)
                    flooder.send(
                        {{QStringLiteral("type"),
                          id % 16 ? QStringLiteral("ping") : QStringLiteral("list_devices")},
                         {QStringLiteral("id"), id}});
            }
            QTest::qWait(1);
            largest = std::max(largest, agent.server->largestSendQueue());
        }
        qInfo("%d requests sent, largest queue %lld bytes (cap %lld, reply %lld), dropped after "
              "%lld ms",
              id, largest, kQueue, reply, t.elapsed());
        QCOMPARE(agent.server->droppedClients(), 1);
        // The queue is checked before each request, so it ends at most one reply over the cap
        // (plus the TLS records' headers, which it counts, and the sample's varying numbers).
        QVERIFY2(largest <= kQueue + reply + 1024,
                 qPrintable(QStringLiteral("queue %1, reply %2").arg(largest).arg(reply)));
        QCOMPARE(agent.server->connectionCount(), 0);
        flooder.socket.setReadBufferSize(0);  // reading again, it sees the connection closed
        flooder.socket.readAll();
        QTRY_VERIFY_WITH_TIMEOUT(flooder.closed(), 5000);
    }

    // 3c. Liveness: the agent pings a silent client that promised to answer and drops it
    // when it does not; an older client that made no promise is left alone, and the real
    // console answers and stays.
    void agentPingsSilentClients()
    {
        TestAgent agent({QStringLiteral("mlx5_0")}, 0, [](AgentServerOptions &o) {
            o.idlePingMs = 300;
            o.pingTimeoutMs = 500;
        });
        RawClient mute;
        QVERIFY(mute.connectTo(agent.port));
        QVERIFY(mute.authenticate(true));
        RawClient old;
        QVERIFY(old.connectTo(agent.port));
        QVERIFY(old.authenticate(false));
        AgentClient console(agent.endpoint());
        QVERIFY(waitReady(console));
        QVERIFY(!mute.waitFor(QStringLiteral("ping")).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(mute.closed(), 5000);
        QCOMPARE(agent.server->droppedClients(), 1);
        QTest::qWait(1500);  // several ping rounds
        QCOMPARE(agent.server->droppedClients(), 1);
        QVERIFY(!old.closed());
        QCOMPARE(console.state(), AgentClient::State::Ready);
        QCOMPARE(agent.server->connectionCount(), 2);
    }

    // 3d. The console's side: an agent that never finishes the handshake, and one that goes
    // silent, end in Failed with the reason (the monitor then reconnects).
    void clientTimesOutAndNoticesSilence()
    {
        QTcpServer deaf;
        QVERIFY(deaf.listen(QHostAddress::LocalHost, 0));
        AgentEndpoint e;
        e.host = QStringLiteral("127.0.0.1");
        e.port = deaf.serverPort();
        e.plaintext = true;
        AgentClient stuck(e);
        stuck.setTimeouts({10000, 500, 10000, 30000});
        stuck.connectToAgent();
        QTRY_COMPARE_WITH_TIMEOUT(stuck.state(), AgentClient::State::Failed, 5000);
        QVERIFY2(stuck.lastError().contains(QStringLiteral("not done within")),
                 qPrintable(stuck.lastError()));

        // An agent that answers hello and then says nothing, not even to pings.
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        QList<QJsonObject> heard;
        FrameDecoder decoder;
        connect(&silent, &QTcpServer::newConnection, this, [&] {
            QTcpSocket *s = silent.nextPendingConnection();
            connect(s, &QTcpSocket::readyRead, s, [&, s] {
                const auto messages = decoder.feed(s->readAll());
                for (const QJsonObject &m : messages.valueOr({})) {
                    heard.append(m);
                    if (m.value(QStringLiteral("type")).toString() == QLatin1String("hello"))
                        s->write(encodeFrame({{QStringLiteral("type"), QStringLiteral("hello")},
                                              {QStringLiteral("protocol"), 1},
                                              {QStringLiteral("authenticated"), true}}));
                }
            });
        });
        e.port = silent.serverPort();
        AgentClient client(e);
        client.setTimeouts({10000, 10000, 200, 1000});
        QVERIFY(waitReady(client));
        QVERIFY(heard.first().value(QStringLiteral("pings")).toBool());  // it will answer ours
        QTRY_COMPARE_WITH_TIMEOUT(client.state(), AgentClient::State::Failed, 5000);
        QVERIFY2(client.lastError().contains(QStringLiteral("sent nothing")),
                 qPrintable(client.lastError()));
        QVERIFY(std::any_of(heard.cbegin(), heard.cend(), [](const QJsonObject &m) {
            return m.value(QStringLiteral("type")).toString() == QLatin1String("ping");
        }));
    }

    // 4. Four subscribers at 100 ms cost the sampler about what one does.
    void oneSamplePerTickForAllSubscribers()
    {
        int calls = 0;
        SharedSample shared([&calls] {
            ++calls;
            return AgentSample {};
        });
        shared.setTextFormat([](const AgentSample &) { return QByteArray("metrics\n"); });
        shared.sampleFrame(60000);
        shared.text(60000);
        shared.current(60000);
        QCOMPARE(calls, 1);  // one sample, serialized twice, read three times
        shared.current(0);
        QCOMPARE(calls, 2);

        TestAgent agent;
        QList<AgentClient *> clients;
        QList<QSignalSpy *> spies;
        for (int i = 0; i < 4; ++i) {
            auto *c = new AgentClient(agent.endpoint(), this);
            QVERIFY(waitReady(*c));
            clients.append(c);
            spies.append(new QSignalSpy(c, &AgentClient::sampleReceived));
        }
        const int before = agent.samplerCalls;
        for (AgentClient *c : std::as_const(clients))
            c->subscribe(100);
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(spies.cbegin(), spies.cend(),
                                             [](QSignalSpy *s) { return s->size() >= 10; }),
                                 20000);
        for (AgentClient *c : std::as_const(clients))
            c->unsubscribe();
        QTest::qWait(300);
        const int calls4 = agent.samplerCalls - before;
        qsizetype most = 0;
        qsizetype total = 0;
        for (QSignalSpy *s : std::as_const(spies)) {
            most = std::max(most, s->size());
            total += s->size();
        }
        qInfo("4 subscribers at 100 ms: %d sampler calls for %lld samples delivered", calls4,
              qlonglong(total));
        // One subscriber needs one call per sample it gets; four share them.
        QVERIFY2(calls4 <= most + 4,
                 qPrintable(QStringLiteral("%1 sampler calls for %2 samples "
                                           "(most per subscriber %3)")
                                .arg(calls4)
                                .arg(total)
                                .arg(most)));
        QVERIFY(total >= 40);
        qDeleteAll(spies);
        qDeleteAll(clients);
    }

    // 5a. Jobs per connection and per host are capped, with a clear error.
    void jobsAreCapped()
    {
        QCOMPARE(AgentServerOptions().maxJobsPerConnection, 4);
        QCOMPARE(AgentServerOptions().maxJobsPerHost, 8);
        TestAgent agent({QStringLiteral("mlx5_0")}, 0, [](AgentServerOptions &o) {
            o.maxJobsPerConnection = 2;
            o.maxJobsPerHost = 3;
        });
        agent.jobs->setCommandBuilder([](const JobSpec &, const QString &) {
            JobCommand c;
            c.program = QStringLiteral("/bin/sleep");
            c.arguments = {QStringLiteral("60")};
            c.timeoutMs = 120000;
            return c;
        });
        const JobSpec spec = *parseJobSpec({{QStringLiteral("tool"), QStringLiteral("iperf3")},
                                            {QStringLiteral("role"), QStringLiteral("server")}});
        auto start = [&spec](AgentClient &c) -> QString {
            QSignalSpy started(&c, &AgentClient::jobStarted);
            QSignalSpy failed(&c, &AgentClient::requestFailed);
            c.startJob(spec);
            for (int i = 0; i < 50 && started.isEmpty() && failed.isEmpty(); ++i)
                QTest::qWait(100);
            if (started.isEmpty() && failed.isEmpty())
                return QStringLiteral("no answer");
            return failed.isEmpty() ? QString()
                                    : failed.first().at(1).toString() + QLatin1Char(':')
                    + failed.first().at(2).toString();
        };
        AgentClient a(agent.endpoint());
        AgentClient b(agent.endpoint());
        QVERIFY(waitReady(a));
        QVERIFY(waitReady(b));
        QCOMPARE(start(a), QString());
        QCOMPARE(start(a), QString());
        const QString perConnection = start(a);
        QVERIFY2(perConnection.startsWith(QStringLiteral("too_many_jobs:"))
                     && perConnection.contains(QStringLiteral("this connection")),
                 qPrintable(perConnection));
        QCOMPARE(start(b), QString());
        const QString perHost = start(b);
        QVERIFY2(perHost.startsWith(QStringLiteral("too_many_jobs:"))
                     && perHost.contains(QStringLiteral("this host")),
                 qPrintable(perHost));
        QCOMPARE(agent.jobs->runningCount(), 3);
        a.disconnectFromAgent();  // its two jobs end with it, freeing the host's slots
        QTRY_COMPARE_WITH_TIMEOUT(agent.jobs->runningCount(), 1, 10000);
        QCOMPARE(start(b), QString());
    }

    // 5b. A job that floods its output: long lines are cut and marked, lines beyond the
    // budget are not streamed, and the result counts both.
    void jobOutputIsBounded()
    {
        OutputLimiter limiter({10, 100, 50});
        const auto lines = limiter.feed(0, "short\n" + QByteArray(25, 'z') + "\npart", 0);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[0].text, QStringLiteral("short"));
        QVERIFY(lines[1].text.startsWith(QStringLiteral("zzzzzzzzzz […line cut: 15 more")));
        QCOMPARE(limiter.cutLines(), 1);
        QCOMPARE(limiter.pendingBytes(), 4);
        limiter.feed(0, QByteArray(1 << 20, 'n'), 0);  // no newline: one line's worth kept
        QCOMPARE(limiter.pendingBytes(), 10);
        int streamed = 0;
        for (int i = 0; i < 100; ++i) {
            for (const auto &l : limiter.feed(1, "line\n", 0))
                streamed += l.stream ? 1 : 0;
        }
        QCOMPARE(streamed, 0);                  // the burst was spent on the first line
        QCOMPARE(limiter.droppedLines(), 101);  // the cut line did not fit either
        streamed = 0;
        for (const auto &l : limiter.feed(1, "line\n", 2000))  // 2 s later: refilled
            streamed += l.stream ? 1 : 0;
        QCOMPARE(streamed, 1);

        TestAgent agent;
        agent.jobs->setOutputLimits({1000, 64 * 1024, 16 * 1024});
        agent.jobs->setCommandBuilder([](const JobSpec &, const QString &) {
            JobCommand c;
            c.program = QStringLiteral("/bin/sh");
            c.arguments = {QStringLiteral("-c"),
                           QStringLiteral("head -c 5000000 /dev/zero | tr '\\0' x | fold -w 100; "
                                          "head -c 10000 /dev/zero | tr '\\0' y; echo")};
            c.timeoutMs = 60000;
            return c;
        });
        AgentClient client(agent.endpoint());
        QVERIFY(waitReady(client));
        QSignalSpy output(&client, &AgentClient::jobOutput);
        QSignalSpy finished(&client, &AgentClient::jobFinished);
        client.startJob(*parseJobSpec({{QStringLiteral("tool"), QStringLiteral("iperf3")},
                                       {QStringLiteral("role"), QStringLiteral("server")}}));
        QVERIFY(finished.wait(60000));
        const JobResult r = finished.first().at(0).value<JobResult>();
        QVERIFY2(r.outputDroppedLines > 40000, qPrintable(QString::number(r.outputDroppedLines)));
        QCOMPARE(r.outputCutLines, 1);
        QVERIFY(output.size() < 10000);
        // Every line accounted for: 50000 (fold's last line has no newline, so the y run
        // joins it and makes the one cut line).
        QCOMPARE(output.size() + r.outputDroppedLines, 50000);
        for (const auto &args : std::as_const(output))
            QVERIFY(args.at(2).toString().size() < 1100);
    }

    // 8. A message type with a newline cannot forge a log line; warnings are rate-limited.
    void peerTextIsEscapedInLogs()
    {
        QCOMPARE(escapeForLog(u"x\nFAKE LOG LINE"), QStringLiteral("x\\nFAKE LOG LINE"));
        QCOMPARE(escapeForLog(u"a\x1b[31m\r\t\\"), QStringLiteral("a\\x1b[31m\\r\\t\\\\"));
        QCOMPARE(escapeForLog(QString(300, QLatin1Char('a')), 10),
                 QStringLiteral("aaaaaaaaaa…(+290)"));
        QCOMPARE(escapeForLog(QStringView(u"\u2028")), QStringLiteral("\\u2028"));

        TestAgent agent({QStringLiteral("mlx5_0")}, 0, [](AgentServerOptions &o) {
            o.warningsPerWindow = 3;
            o.warningWindowMs = 600000;
        });
        g_log.clear();
        g_previousHandler = qInstallMessageHandler(captureLog);
        auto restore = qScopeGuard([] { qInstallMessageHandler(g_previousHandler); });

        RawClient forger;
        QVERIFY(forger.connectTo(agent.port));
        forger.send({{QStringLiteral("type"), QStringLiteral("x\nFAKE LOG LINE")}});
        QVERIFY(!forger.waitFor(QStringLiteral("error")).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!g_log.isEmpty(), 5000);
        const QStringList forged = g_log.filter(QStringLiteral("FAKE LOG LINE"));
        QCOMPARE(forged.size(), 1);
        QVERIFY2(forged.first().contains(QStringLiteral("x\\nFAKE LOG LINE"))
                     && !forged.first().contains(QLatin1Char('\n')),
                 qPrintable(forged.first()));

        // Thirty unknown messages from one client: three warnings, then one summary line.
        g_log.clear();
        RawClient noisy;
        QVERIFY(noisy.connectTo(agent.port));
        QVERIFY(noisy.authenticate());
        for (int i = 0; i < 30; ++i)
            noisy.send({{QStringLiteral("type"), QStringLiteral("nope%1").arg(i)}});
        QTRY_COMPARE_WITH_TIMEOUT(noisy.received.size(), 32,
                                  5000);  // hello, auth_ok, 30 errors: all answered
        noisy.socket.disconnectFromHost();
        QTRY_COMPARE_WITH_TIMEOUT(agent.server->connectionCount(), 0, 5000);
        QCOMPARE(g_log.filter(QStringLiteral("unknown message type")).size(), 3);
        const QStringList summary = g_log.filter(QStringLiteral("warnings suppressed"));
        QCOMPARE(summary.size(), 1);
        QVERIFY2(summary.first().contains(QStringLiteral(": 27 warnings suppressed")),
                 qPrintable(summary.first()));
    }
};

QTEST_GUILESS_MAIN(TestAgentLimits)
#include "tst_agentlimits.moc"
