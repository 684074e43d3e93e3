// The fault soak: the console's live model watches the embedded fabric served by a real
// `rocectl sim --serve` process (its NX-API switch endpoint and its eight agents) and two real
// `roce-agent` daemons, while those processes are killed with SIGKILL and restarted again and
// again, and a client floods every port with garbage. Nothing may crash, every source must
// reconnect by itself, the model's memory must stay flat, and every sample the hub received
// must be in its history.
//
// ROCE_SOAK_SECONDS sets the length of the fault phase (default 60).
#include "live/hub/livefabric.h"
#include "live/itemmodels/porttablemodel.h"
#include "proto/datamodel/metric.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QSslCertificate>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace roce;

namespace {

const QString kAgentFixtures = QStringLiteral(ROCE_SOURCE_DIR "/tests/agent/fixtures");

bool portFree(quint16 port)
{
    QTcpServer probe;
    return probe.listen(QHostAddress::LocalHost, port);
}

/// @p count consecutive free loopback ports.
quint16 freePorts(int count)
{
    for (int attempt = 0; attempt < 200; ++attempt) {
        const auto base = quint16(QRandomGenerator::global()->bounded(20000, 60000));
        bool ok = true;
        for (int i = 0; i < count && ok; ++i)
            ok = portFree(quint16(base + i));
        if (ok)
            return base;
    }
    return 0;
}

qint64 rssKb(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

/// Connects to random ports of the fabric and writes what no peer should send: random bytes,
/// frame headers that claim gigabytes, half frames, a hello followed by junk, endless HTTP
/// headers. Some connections are closed at once, some are left hanging for a while.
class GarbageFlood : public QObject
{
public:
    explicit GarbageFlood(QList<quint16> ports) : m_ports(std::move(ports))
    {
        connect(&m_timer, &QTimer::timeout, this, &GarbageFlood::shoot);
    }
    void start() { m_timer.start(50); }
    void stop()
    {
        m_timer.stop();
        for (QTcpSocket *s : std::as_const(m_open))
            s->abort();
        qDeleteAll(m_open);
        m_open.clear();
    }
    int shots() const { return m_shots; }

private:
    void shoot()
    {
        auto *rng = QRandomGenerator::global();
        auto *socket = new QTcpSocket;
        m_open.append(socket);
        const quint16 port = m_ports.at(rng->bounded(int(m_ports.size())));
        const int kind = rng->bounded(7);
        connect(socket, &QTcpSocket::connected, socket, [socket, kind, rng] {
            QByteArray junk;
            switch (kind) {
            case 0: {  // random bytes
                junk.resize(rng->bounded(1, 64 * 1024));
                for (char &c : junk)
                    c = char(rng->bounded(256));
                break;
            }
            case 1:  // a frame header claiming 4 GiB
                junk = QByteArray::fromHex("ffffffff") + QByteArray(100, 'x');
                break;
            case 2:  // half of a 16 KiB frame, never finished
                junk = QByteArray::fromHex("00004000") + QByteArray(8000, '{');
                break;
            case 3: {  // a plaintext hello on a TLS port, then junk
                const QByteArray hello = R"({"type":"hello","protocol":[1]})";
                junk = QByteArray(4, '\0');
                junk[3] = char(hello.size());
                junk += hello + QByteArray(3000, '\x16');
                break;
            }
            case 4:  // HTTP headers that never end
                junk = "POST /ins HTTP/1.1\r\nHost: x\r\n" + QByteArray(20000, 'A');
                break;
            case 5:  // nothing: connect, then close before any handshake
                socket->abort();
                return;
            default:  // a TLS record header and garbage (case 6)
                junk = QByteArray::fromHex("160301ffff") + QByteArray(2000, '\x01');
                break;
            }
            socket->write(junk);
        });
        socket->connectToHost(QHostAddress::LocalHost, port);
        ++m_shots;
        // Close at once, soon, or leave hanging for a few seconds.
        const int holdMs = rng->bounded(3) == 0 ? 0 : rng->bounded(100, 4000);
        QTimer::singleShot(holdMs, this, [this, socket] {
            if (m_open.removeOne(socket)) {
                socket->abort();
                socket->deleteLater();
            }
        });
    }

    QList<quint16> m_ports;
    QList<QTcpSocket *> m_open;
    QTimer m_timer;
    int m_shots = 0;
};

}  // namespace

class TestFaultSoak : public QObject
{
    Q_OBJECT

private:
    QProcess m_sim;
    QProcess m_agents[2];
    quint16 m_httpPort = 0, m_simAgentBase = 0, m_realAgentBase = 0;
    QString m_simFingerprint;

    bool startSim()
    {
        m_sim.setProcessChannelMode(QProcess::SeparateChannels);
        m_sim.start(QStringLiteral(ROCECTL_PATH),
                    {QStringLiteral("sim"), QStringLiteral("--serve"), QStringLiteral("--json"),
                     QStringLiteral("--no-https"), QStringLiteral("--http-port"),
                     QString::number(m_httpPort), QStringLiteral("--agent-base-port"),
                     QString::number(m_simAgentBase), QStringLiteral("--scenario"),
                     QStringLiteral("dcqcn-incast")});
        if (!m_sim.waitForStarted(10000))
            return false;
        QByteArray out;
        for (int i = 0; i < 200 && !out.contains('\n'); ++i) {
            if (m_sim.state() != QProcess::Running)
                break;
            m_sim.waitForReadyRead(100);
            out += m_sim.readAllStandardOutput();
        }
        const QJsonObject info = QJsonDocument::fromJson(out.left(out.indexOf('\n'))).object();
        m_simFingerprint = info.value(QStringLiteral("certificate_sha256")).toString();
        if (m_simFingerprint.isEmpty())
            qWarning() << "rocectl sim --serve did not start:" << out
                       << m_sim.readAllStandardError();
        return !m_simFingerprint.isEmpty();
    }

    bool startAgent(int i)
    {
        QProcess &agent = m_agents[i];
        agent.setProcessChannelMode(QProcess::MergedChannels);
        agent.start(
            QStringLiteral(ROCE_AGENT_PATH),
            {QStringLiteral("--sysfs-root"), kAgentFixtures + QStringLiteral("/sysfs-mlx5"),
             QStringLiteral("--ethtool-fixture"), kAgentFixtures + QStringLiteral("/ethtool"),
             QStringLiteral("--token-file"), kAgentFixtures + QStringLiteral("/tls/token"),
             QStringLiteral("--tls-cert"), kAgentFixtures + QStringLiteral("/tls/agent.crt"),
             QStringLiteral("--tls-key"), kAgentFixtures + QStringLiteral("/tls/agent.key"),
             QStringLiteral("--hostname"), QStringLiteral("real%1").arg(i + 1),
             QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(m_realAgentBase + i),
             QStringLiteral("--metrics"), QStringLiteral("off")});
        if (!agent.waitForStarted(10000))
            return false;
        QByteArray out;
        for (int t = 0; t < 100 && !out.contains("listening"); ++t) {
            if (agent.state() != QProcess::Running)
                break;
            agent.waitForReadyRead(100);
            out += agent.readAll();
        }
        if (!out.contains("listening"))
            qWarning() << "roce-agent did not start:" << out;
        return out.contains("listening");
    }

    static void killHard(QProcess &p)
    {
        if (p.state() == QProcess::NotRunning)
            return;
        p.kill();  // SIGKILL: no chance to close anything cleanly
        p.waitForFinished(5000);
    }

private slots:
    void cleanup()
    {
        killHard(m_sim);
        killHard(m_agents[0]);
        killHard(m_agents[1]);
    }

    void sourcesSurviveKillsAndGarbage();
};

void TestFaultSoak::sourcesSurviveKillsAndGarbage()
{
    const int seconds = qEnvironmentVariableIsSet("ROCE_SOAK_SECONDS")
        ? qEnvironmentVariableIntValue("ROCE_SOAK_SECONDS")
        : 60;
    m_httpPort = freePorts(1);
    m_simAgentBase = freePorts(8);
    m_realAgentBase = freePorts(2);
    QVERIFY(m_httpPort && m_simAgentBase && m_realAgentBase);
    QVERIFY(startSim());
    QVERIFY(startAgent(0));
    QVERIFY(startAgent(1));

    QFile agentCert(kAgentFixtures + QStringLiteral("/tls/agent.crt"));
    QVERIFY(agentCert.open(QIODevice::ReadOnly));
    const QByteArray agentPin = QSslCertificate(agentCert.readAll(), QSsl::Pem)
                                    .digest(QCryptographicHash::Sha256)
                                    .toHex();
    QFile tokenFile(kAgentFixtures + QStringLiteral("/tls/token"));
    QVERIFY(tokenFile.open(QIODevice::ReadOnly));
    const QString agentToken = QString::fromUtf8(tokenFile.readAll().trimmed());

    live::FabricPlan plan;
    monitor::SwitchTarget nexus;
    nexus.name = QStringLiteral("nexus-roce");
    nexus.role = QStringLiteral("tor");
    nexus.endpoint.url = QUrl(QStringLiteral("http://127.0.0.1:%1/ins").arg(m_httpPort));
    nexus.endpoint.user = QStringLiteral("admin");
    nexus.endpoint.password = QStringLiteral("admin");
    nexus.endpoint.allowHttp = true;
    nexus.endpoint.timeoutMs = 3000;
    plan.switches.append(nexus);
    for (int h = 0; h < 8; ++h) {
        agentproto::AgentEndpoint e;
        e.host = QStringLiteral("127.0.0.1");
        e.port = quint16(m_simAgentBase + h);
        e.token = QStringLiteral("simulated-fabric-token");
        e.pinnedSha256 = m_simFingerprint.toLatin1();
        plan.agents.append(e);
    }
    for (int i = 0; i < 2; ++i) {
        agentproto::AgentEndpoint e;
        e.host = QStringLiteral("127.0.0.1");
        e.port = quint16(m_realAgentBase + i);
        e.token = agentToken;
        e.pinnedSha256 = agentPin;
        plan.agents.append(e);
    }

    live::LiveFabric hub;
    // Every sample the hub applied, by port and metric: (time, value).
    struct Seen {
        qint64 ms;
        float value;
    };
    QHash<QString, QHash<int, QList<Seen>>> received;
    qsizetype receivedPoints = 0;
    connect(&hub, &live::LiveFabric::sourceFrameApplied, this,
            [&](const model::SourceFrame &frame, const QString &) {
                for (const model::PortSample &p : frame.ports) {
                    for (const model::MetricInfo &m : model::kMetricTable) {
                        if (model::historySlot(m.id) < 0)
                            continue;
                        if (const auto v = p.value(m.id)) {
                            received[p.name()][int(m.id)].append({frame.takenMs, float(*v)});
                            ++receivedPoints;
                        }
                    }
                }
            });
    QHash<QString, int> failures;
    connect(&hub, &live::LiveFabric::sourceFailed, this,
            [&](const QString &name, const QString &) { ++failures[name]; });
    hub.watch(plan);

    auto allOk = [&hub] {
        const auto sources = hub.sources();
        if (sources.size() < 11)
            return false;
        for (const live::SourceState &s : sources) {
            if (s.state != live::SourceState::State::Ok)
                return false;
        }
        return true;
    };
    QTRY_VERIFY_WITH_TIMEOUT(allOk(), 30000);
    // The switch's 8 ports, the 8 simulated hosts' NICs, the real agents' one port each.
    QTRY_COMPARE_WITH_TIMEOUT(hub.ports()->rowCount(), 18, 10000);

    QList<quint16> targets {m_httpPort};
    for (int h = 0; h < 8; ++h)
        targets.append(quint16(m_simAgentBase + h));
    targets.append({m_realAgentBase, quint16(m_realAgentBase + 1)});
    GarbageFlood flood(targets);
    flood.start();

    // Warm up under the flood before the reference reading of memory.
    QTest::qWait(5000);
    const qint64 rssBefore = rssKb(QCoreApplication::applicationPid());

    // Kill one victim every 4 s, in turn: the simulated fabric (switch and its agents), the
    // first real agent, the second; each comes back 1.5 s later on the same ports.
    QElapsedTimer phase;
    phase.start();
    int kills = 0;
    qint64 agentRssMaxKb = 0;
    while (phase.elapsed() < qint64(seconds) * 1000) {
        const int victim = kills % 3;
        QProcess &process = victim == 0 ? m_sim : m_agents[victim - 1];
        killHard(process);
        ++kills;
        QTest::qWait(1500);
        QVERIFY(victim == 0 ? startSim() : startAgent(victim - 1));
        QTest::qWait(2500);
        for (QProcess &a : m_agents)
            agentRssMaxKb = std::max(agentRssMaxKb, rssKb(a.processId()));
    }
    flood.stop();

    // Every source comes back by itself.
    QTRY_VERIFY_WITH_TIMEOUT(allOk(), 30000);
    // Let each source deliver fresh samples after the last restart.
    QTest::qWait(3000);
    const qint64 rssAfter = rssKb(QCoreApplication::applicationPid());

    qInfo("soak: %d s, %d kills, %d garbage connections, %lld points received; "
          "console RSS %lld KB -> %lld KB; roce-agent peak RSS under flood %lld KB",
          seconds, kills, flood.shots(), qlonglong(receivedPoints), qlonglong(rssBefore),
          qlonglong(rssAfter), qlonglong(agentRssMaxKb));

    // Each kind of victim was seen failing and is back.
    QVERIFY2(failures.value(nexus.name) >= 1, qPrintable(failures.keys().join(u',')));
    QVERIFY(failures.value(QStringLiteral("127.0.0.1:%1").arg(m_realAgentBase)) >= 1);
    QVERIFY(kills >= 3);
    QVERIFY(flood.shots() > 100);

    // Memory flat: the history of ~100 ports over a minute is well under a megabyte; growth
    // beyond 24 MB would be a leak in reconnects or in the handling of garbage.
// Instrumented builds keep freed memory (ASan's quarantine) or shadow all of it (TSan): the
// bound is the product build's.
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
    QVERIFY2(rssAfter - rssBefore < 24 * 1024,
             qPrintable(QStringLiteral("RSS %1 KB -> %2 KB").arg(rssBefore).arg(rssAfter)));
    // The agents' pre-auth budget holds their memory while they are flooded.
    QVERIFY2(agentRssMaxKb < 64 * 1024, qPrintable(QString::number(agentRssMaxKb)));
#endif

    // No received sample is missing from history.
    QVERIFY(receivedPoints > 1000);
    qsizetype missing = 0;
    QString firstMissing;
    for (auto port = received.cbegin(); port != received.cend(); ++port) {
        for (auto metric = port->cbegin(); metric != port->cend(); ++metric) {
            const auto series = hub.history().series(port.key(), model::Metric(metric.key()));
            QHash<qint64, float> stored;
            for (const QPointF &p : series)
                stored.insert(qint64(p.x()), float(p.y()));
            for (const Seen &s : *metric) {
                const auto it = stored.constFind(s.ms);
                if (it == stored.constEnd() || !qFuzzyCompare(1.0f + *it, 1.0f + s.value)) {
                    if (firstMissing.isEmpty())
                        firstMissing = QStringLiteral("%1 %2 at %3")
                                           .arg(port.key())
                                           .arg(metric.key())
                                           .arg(s.ms);
                    ++missing;
                }
            }
        }
    }
    QVERIFY2(
        missing == 0,
        qPrintable(QStringLiteral("%1 points missing, first: %2").arg(missing).arg(firstMissing)));
}

QTEST_GUILESS_MAIN(TestFaultSoak)
#include "tst_faultsoak.moc"
