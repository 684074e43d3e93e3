// SSH against a real sshd on loopback: host key policy (unknown, trusted on confirmation,
// known, changed), authentication and connection failures, exec with timeout, upload, the
// fallback collector over fake rdma/ethtool tools printing byte-exact fixtures, and the
// bootstrap of the real roce-agent (detached, TLS pinned) down to one sample received.
#include "cli/commands/sshcommand.h"
#include "collect/monitor/nicrates.h"
#include "collect/monitor/sshcollectormonitor.h"
#include "collect/ssh/agentbootstrap.h"
#include "collect/ssh/sshcollector.h"
#include "collect/ssh/sshsession.h"
#include "collect/ssh/sshworker.h"
#include "inventorydialog.h"
#include "live/inventory/inventory.h"
#include "live/inventory/inventoryactions.h"
#include "proto/agentproto/agentclient.h"
#include "proto/parsers/rdmastatparser.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <pwd.h>
#include <unistd.h>

using namespace roce;
using namespace roce::ssh;

namespace {

const QString kFixtures = QStringLiteral(FIXTURES);

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

bool portAnswers(quint16 port)
{
    QTcpSocket s;
    s.connectToHost(QHostAddress::LocalHost, port);
    return s.waitForConnected(200);
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString &path, const QByteArray &bytes, QFile::Permissions perms = {})
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    f.write(bytes);
    f.close();
    if (perms)
        f.setPermissions(perms);
}

/// Bootstrap options with every installed file under @p root (this machine stands in for the
/// server, and the test runs as an ordinary user of it), the agent from this build.
BootstrapOptions bootstrapInto(const QString &root)
{
    BootstrapOptions o;
    o.agentBinary = QStringLiteral(ROCE_AGENT_PATH);
    o.remoteBinary = root + QStringLiteral("/usr/local/bin/roce-agent");
    o.tokenFile = root + QStringLiteral("/etc/roce-agent/token");
    o.configFile = root + QStringLiteral("/etc/roce-agent/roce-agent.conf");
    o.tlsCert = root + QStringLiteral("/etc/roce-agent/agent.crt");
    o.tlsKey = root + QStringLiteral("/etc/roce-agent/agent.key");
    o.unitPath = root + QStringLiteral("/etc/systemd/system/roce-agent.service");
    o.pidFile = root + QStringLiteral("/run/roce-agent.pid");
    o.logFile = root + QStringLiteral("/var/log/roce-agent.log");
    return o;
}

QString run(const QString &program, const QStringList &args)
{
    QProcess p;
    p.start(program, args);
    p.waitForFinished(30000);
    return QString::fromUtf8(p.readAllStandardOutput());
}

}  // namespace

class TestSsh : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void rdmaStatisticForms_data();
    void rdmaStatisticForms();
    void rdmaNegativeRejected();
    void rdmaLink();

    void unknownKeyRefusedWithFingerprint();
    void wrongFingerprintNotTrusted();
    void rightFingerprintTrusted();
    void knownOnSecondConnect();
    void workerProbeAndUnknownKeySignal();
    void wrongUserKey();
    void closedPort();
    void execOutputAndStatus();
    void execTimeout();
    void uploadRoundTrip();
    void collectorOverSsh();
    void collectorTextFallbackAndFailure();
    void rocectlSsh();
    void bootstrapAgentEndToEnd();
    void bootstrapUnitIsThePackagedOne();
    void inventoryDialogBootstrapsServer();
    void collectorMonitorFeedsRows();
    void inventoryDialogChecksSshLogin();
    void inventoryActionsAskBeforeTrusting();
    void changedKeyRefused();  // last: restarts sshd with another host key

private:
    bool startSshd(const QString &hostKey);
    void stopSshd();
    SshTarget target() const;
    /// target() with a known_hosts of its own, absent at first.
    SshTarget policyTarget() const
    {
        SshTarget t = target();
        t.knownHostsFile = path(QStringLiteral("policy/known_hosts"));
        return t;
    }
    QString path(const QString &name) const { return m_dir.filePath(name); }

    QTemporaryDir m_dir;
    quint16 m_port = 0;
    QString m_user;
    QString m_fingerprintA;
};

bool TestSsh::startSshd(const QString &hostKey)
{
    const QString config = QStringLiteral("Port %1\nListenAddress 127.0.0.1\nHostKey %2\n"
                                          "AuthorizedKeysFile %3\nPidFile %4\nStrictModes no\n"
                                          "UsePAM no\nPasswordAuthentication no\n"
                                          "KbdInteractiveAuthentication no\nLogLevel VERBOSE\n")
                               .arg(m_port)
                               .arg(path(hostKey), path(QStringLiteral("authorized_keys")),
                                    path(QStringLiteral("sshd.pid")));
    writeFile(path(QStringLiteral("sshd_config")), config.toUtf8());
    const int rc = QProcess::execute(QStringLiteral("/usr/sbin/sshd"),
                                     {QStringLiteral("-f"), path(QStringLiteral("sshd_config")),
                                      QStringLiteral("-E"), path(QStringLiteral("sshd.log"))});
    if (rc != 0)
        return false;
    QElapsedTimer t;
    t.start();
    while (!portAnswers(m_port) && t.elapsed() < 10000)
        QTest::qWait(50);
    return portAnswers(m_port);
}

void TestSsh::stopSshd()
{
    const qint64 pid = readAll(path(QStringLiteral("sshd.pid"))).trimmed().toLongLong();
    if (pid > 0)
        ::kill(pid_t(pid), SIGTERM);
    QTRY_VERIFY_WITH_TIMEOUT(!portAnswers(m_port), 10000);
    QFile::remove(path(QStringLiteral("sshd.pid")));
}

SshTarget TestSsh::target() const
{
    SshTarget t;
    t.host = QStringLiteral("127.0.0.1");
    t.port = m_port;
    t.user = m_user;
    t.privateKeyFile = path(QStringLiteral("userkey"));
    t.knownHostsFile = path(QStringLiteral("known_hosts"));
    t.timeoutMs = 5000;
    return t;
}

void TestSsh::initTestCase()
{
    if (!QFileInfo::exists(QStringLiteral("/usr/sbin/sshd")))
        QSKIP("/usr/sbin/sshd is not installed (openssh-server)");
    QVERIFY(m_dir.isValid());
    m_user = QString::fromLocal8Bit(getpwuid(geteuid())->pw_name);
    for (const char *key : {"hostkey_a", "hostkey_b", "userkey", "otherkey"}) {
        const QString file = path(QLatin1String(key));
        QCOMPARE(QProcess::execute(QStringLiteral("ssh-keygen"),
                                   {QStringLiteral("-q"), QStringLiteral("-t"),
                                    QStringLiteral("ed25519"), QStringLiteral("-N"), QString(),
                                    QStringLiteral("-C"), QLatin1String(key), QStringLiteral("-f"),
                                    file}),
                 0);
    }
    writeFile(path(QStringLiteral("authorized_keys")),
              readAll(path(QStringLiteral("userkey.pub"))));
    // "256 SHA256:... hostkey_a (ED25519)": what a user would compare with.
    m_fingerprintA = run(QStringLiteral("ssh-keygen"),
                         {QStringLiteral("-lf"), path(QStringLiteral("hostkey_a.pub"))})
                         .split(QLatin1Char(' '))
                         .value(1);
    QVERIFY(m_fingerprintA.startsWith(QLatin1String("SHA256:")));
    // Every test but the host key policy ones starts from a known_hosts that trusts key A,
    // written the way OpenSSH writes it, so each can run alone.
    const QList<QByteArray> pubA = readAll(path(QStringLiteral("hostkey_a.pub"))).split(' ');
    QDir().mkpath(QStringLiteral("/run/sshd"));
    m_port = freePort();
    QVERIFY2(startSshd(QStringLiteral("hostkey_a")),
             readAll(path(QStringLiteral("sshd.log"))).constData());
    writeFile(path(QStringLiteral("known_hosts")),
              QStringLiteral("[127.0.0.1]:%1 ").arg(m_port).toUtf8() + pubA.value(0) + ' '
                  + pubA.value(1) + '\n');

    // Fake tools for the collector: they print the byte-exact fixtures.
    QDir().mkpath(path(QStringLiteral("bin")));
    const QString rdma
        = QStringLiteral("#!/bin/sh\n"
                         "case \"$*\" in\n"
                         "  '-j link show') cat '%1/rdma_link.json' ;;\n"
                         "  '-j statistic show') cat '%1/rdma_statistic.json' ;;\n"
                         "  'link show') cat '%1/rdma_link.txt' ;;\n"
                         "  'statistic show') cat '%1/rdma_statistic_v6.7.txt' ;;\n"
                         "  *) echo \"rdma: unexpected arguments $*\" >&2; exit 2 ;;\n"
                         "esac\n")
              .arg(kFixtures);
    const QFile::Permissions exe = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner;
    writeFile(path(QStringLiteral("bin/rdma")), rdma.toUtf8(), exe);
    writeFile(path(QStringLiteral("bin/ethtool")),
              QStringLiteral("#!/bin/sh\n[ \"$1\" = -S ] && exec cat '%1/ethtool/'\"$2\"\nexit 1\n")
                  .arg(kFixtures)
                  .toUtf8(),
              exe);
    // An iproute2 without -j (the text fallback), printing the 6.6 one-line form.
    QDir().mkpath(path(QStringLiteral("bin-text")));
    writeFile(path(QStringLiteral("bin-text/rdma")),
              QStringLiteral("#!/bin/sh\n"
                             "case \"$1\" in -j) echo 'rdma: unknown option -j' >&2; exit 255 ;; "
                             "esac\n"
                             "case \"$*\" in\n"
                             "  'link show') cat '%1/rdma_link.txt' ;;\n"
                             "  'statistic show') cat '%1/rdma_statistic_v6.6.txt' ;;\n"
                             "esac\n")
                  .arg(kFixtures)
                  .toUtf8(),
              exe);
    QFile::copy(path(QStringLiteral("bin/ethtool")), path(QStringLiteral("bin-text/ethtool")));
    QDir().mkpath(path(QStringLiteral("bin-broken")));
    writeFile(path(QStringLiteral("bin-broken/rdma")),
              QByteArray("#!/bin/sh\necho 'error: netlink receive error' >&2\nexit 1\n"), exe);
}

void TestSsh::cleanupTestCase()
{
    // A bootstrap that failed half-way may have left its agent running: end it by its pid.
    const qint64 agent
        = readAll(path(QStringLiteral("server/run/roce-agent.pid"))).trimmed().toLongLong();
    if (agent > 0)
        ::kill(pid_t(agent), SIGTERM);
    if (m_port)
        stopSshd();
}

// --- parsers -----------------------------------------------------------------------------

void TestSsh::rdmaStatisticForms_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("iproute2 6.6 one line per link") << QStringLiteral("rdma_statistic_v6.6.txt");
    QTest::newRow("iproute2 6.7 multi-line, trailing spaces")
        << QStringLiteral("rdma_statistic_v6.7.txt");
    QTest::newRow("iproute2 6.7 -o backslashes")
        << QStringLiteral("rdma_statistic_v6.7_oneline.txt");
    QTest::newRow("json") << QStringLiteral("rdma_statistic.json");
}

void TestSsh::rdmaStatisticForms()
{
    QFETCH(QString, file);
    const QByteArray bytes = readAll(kFixtures + QLatin1Char('/') + file);
    QVERIFY(!bytes.isEmpty());
    const auto parsed = file.endsWith(QLatin1String(".json"))
        ? parsers::parseRdmaStatisticJson(bytes)
        : parsers::parseRdmaStatistic(QString::fromUtf8(bytes));
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : qPrintable(parsed.error().message));
    QCOMPARE(parsed->size(), 2);
    const parsers::RdmaLinkCounters &a = parsed->at(0);
    QCOMPARE(a.device, QStringLiteral("mlx5_0"));
    QCOMPARE(a.port, 1);
    QCOMPARE(a.counters.size(), 29);
    QCOMPARE(a.counters.value(QStringLiteral("np_ecn_marked_roce_packets")),
             Q_UINT64_C(5000000123));  // above 2^32: no truncation
    QCOMPARE(a.counters.value(QStringLiteral("np_cnp_sent")), Q_UINT64_C(1977340));
    QCOMPARE(a.counters.value(QStringLiteral("rp_cnp_handled")), Q_UINT64_C(918273));
    QCOMPARE(a.counters.value(QStringLiteral("out_of_buffer")), Q_UINT64_C(135));
    QCOMPARE(a.counters.value(QStringLiteral("rx_icrc_encapsulated")), Q_UINT64_C(0));
    QVERIFY(a.counters.contains(QStringLiteral("rx_icrc_encapsulated")));
    QCOMPARE(parsed->at(1).device, QStringLiteral("mlx5_1"));
    QCOMPARE(parsed->at(1).counters.size(), 6);
}

void TestSsh::rdmaNegativeRejected()
{
    const auto text = parsers::parseRdmaStatistic(
        QString::fromUtf8(readAll(kFixtures + QStringLiteral("/rdma_statistic_negative.txt"))));
    QVERIFY(!text.ok());
    QCOMPARE(text.error().code, ErrorCode::Parse);
    QVERIFY(text.error().message.contains(QLatin1String("rx_write_requests")));
    QVERIFY(text.error().message.contains(QLatin1String("-481413250")));
    QVERIFY(text.error().message.contains(QLatin1String("5.17")));
    const auto json = parsers::parseRdmaStatisticJson(
        R"([{"ifname":"mlx5_0","port":1,"rx_write_requests":-481413250}])");
    QVERIFY(!json.ok());
    QVERIFY(json.error().message.contains(QLatin1String("negative")));
    // Not a pair: a counter without its value.
    QVERIFY(!parsers::parseRdmaStatistic(QStringLiteral("link mlx5_0/1 np_cnp_sent")).ok());
}

void TestSsh::rdmaLink()
{
    const auto text = parsers::parseRdmaLink(
        QString::fromUtf8(readAll(kFixtures + QStringLiteral("/rdma_link.txt"))));
    const auto json
        = parsers::parseRdmaLinkJson(readAll(kFixtures + QStringLiteral("/rdma_link.json")));
    for (const auto *r : {&text, &json}) {
        QVERIFY(r->ok());
        QCOMPARE(r->value().size(), 2);
        QCOMPARE(r->value()[0].device, QStringLiteral("mlx5_0"));
        QCOMPARE(r->value()[0].netdev, QStringLiteral("ens1f0np0"));
        QCOMPARE(r->value()[0].state, QStringLiteral("ACTIVE"));
        QCOMPARE(r->value()[0].physicalState, QStringLiteral("LINK_UP"));
        QCOMPARE(r->value()[1].state, QStringLiteral("DOWN"));
        QCOMPARE(r->value()[1].netdev, QStringLiteral("ens1f1np1"));
    }
}

// --- host keys, authentication, connection -------------------------------------------------

void TestSsh::unknownKeyRefusedWithFingerprint()
{
    SshSession session(policyTarget());
    const auto r = session.connect();
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Refused);
    const SshFailure f = session.failure(r.error());
    QCOMPARE(f.hostKey.status, HostKeyStatus::Unknown);
    QCOMPARE(f.hostKey.fingerprintSha256, m_fingerprintA);
    QCOMPARE(f.hostKey.type, QStringLiteral("ED25519"));
    QVERIFY(r.error().message.contains(m_fingerprintA));
    QVERIFY(r.error().message.contains(QStringLiteral("127.0.0.1:%1").arg(m_port)));
    QVERIFY(!QFile::exists(policyTarget().knownHostsFile));
}

void TestSsh::wrongFingerprintNotTrusted()
{
    SshTarget t = policyTarget();
    t.acceptFingerprint = QStringLiteral("SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    SshSession session(t);
    const auto r = session.connect();
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Refused);
    QCOMPARE(session.hostKey()->status, HostKeyStatus::Unknown);
    QVERIFY(!QFile::exists(t.knownHostsFile));
}

void TestSsh::rightFingerprintTrusted()
{
    QFile::remove(policyTarget().knownHostsFile);
    SshTarget t = policyTarget();
    t.acceptFingerprint = m_fingerprintA;
    SshSession session(t);
    const auto r = session.connect();
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
    QCOMPARE(r->status, HostKeyStatus::Trusted);
    QVERIFY(session.isAuthenticated());
    const QByteArray known = readAll(t.knownHostsFile);
    QVERIFY2(known.startsWith(QStringLiteral("[127.0.0.1]:%1 ssh-ed25519 ").arg(m_port).toUtf8()),
             known.constData());
    // The entry is the presented key itself.
    const QByteArray pub = readAll(path(QStringLiteral("hostkey_a.pub"))).split(' ').value(1);
    QVERIFY(known.contains(pub));

    // The next connect finds it known, without acceptFingerprint, and writes nothing.
    QElapsedTimer clock;
    clock.start();
    SshSession again(policyTarget());
    const auto second = again.connect();
    const qint64 ms = clock.elapsed();
    QVERIFY2(second.ok(), second.ok() ? "" : qPrintable(second.error().message));
    QCOMPARE(second->status, HostKeyStatus::Known);
    QCOMPARE(second->fingerprintSha256, m_fingerprintA);
    QCOMPARE(readAll(t.knownHostsFile), known);
    qInfo("connect + host key check + public key auth on loopback: %lld ms", ms);
}

void TestSsh::knownOnSecondConnect()
{
    // The known_hosts written by OpenSSH's own format (initTestCase) is read the same way.
    SshSession session(target());
    const auto r = session.connect();
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
    QCOMPARE(r->status, HostKeyStatus::Known);
}

void TestSsh::workerProbeAndUnknownKeySignal()
{
    SshWorker worker;
    QSignalSpy probed(&worker, &SshWorker::hostKeyProbed);
    QSignalSpy failed(&worker, &SshWorker::failed);
    const int probeId = worker.probeHostKey(target());
    QVERIFY(probed.wait(10000));
    QCOMPARE(probed.at(0).at(0).toInt(), probeId);
    const auto info = probed.at(0).at(1).value<HostKeyInfo>();
    QCOMPARE(info.status, HostKeyStatus::Known);
    QCOMPARE(info.fingerprintSha256, m_fingerprintA);

    // With an empty known_hosts the collect is refused and the signal carries the key.
    SshTarget t = target();
    t.knownHostsFile = path(QStringLiteral("other_known_hosts"));
    const int collectId = worker.collect(t);
    QVERIFY(failed.wait(10000));
    QCOMPARE(failed.at(0).at(0).toInt(), collectId);
    const auto f = failed.at(0).at(1).value<SshFailure>();
    QCOMPARE(f.code, ErrorCode::Refused);
    QCOMPARE(f.hostKey.status, HostKeyStatus::Unknown);
    QCOMPARE(f.hostKey.fingerprintSha256, m_fingerprintA);

    // A collect through the worker: the sample arrives as a signal, twice on one session.
    QSignalSpy collected(&worker, &SshWorker::collected);
    const SshCollectorOptions fake {path(QStringLiteral("bin")), 10000};
    const int first = worker.collect(target(), fake);
    const int second = worker.collect(target(), fake);
    QTRY_COMPARE_WITH_TIMEOUT(collected.size(), 2, 20000);
    QCOMPARE(collected.at(0).at(0).toInt(), first);
    QCOMPARE(collected.at(1).at(0).toInt(), second);
    const auto sample = collected.at(1).at(1).value<agentproto::AgentSample>();
    QCOMPARE(sample.devices.value(0).ports.value(0).hwCounters.value(QStringLiteral("np_cnp_sent")),
             Q_UINT64_C(1977340));
    QCOMPARE(failed.size(), 1);
}

void TestSsh::wrongUserKey()
{
    SshTarget t = target();
    t.privateKeyFile = path(QStringLiteral("otherkey"));
    SshSession session(t);
    const auto r = session.connect();
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::AuthenticationFailed);
    QVERIFY(r.error().message.contains(QStringLiteral("'%1'").arg(m_user)));
    QVERIFY(r.error().message.contains(path(QStringLiteral("otherkey"))));
    QVERIFY(r.error().message.contains(QLatin1String("publickey")));
    QCOMPARE(session.failure(r.error()).hostKey.status, HostKeyStatus::NotChecked);
}

void TestSsh::closedPort()
{
    SshTarget t = target();
    t.port = freePort();
    SshSession session(t);
    const auto r = session.connect();
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Unreachable);
    QVERIFY(r.error().message.contains(QStringLiteral("127.0.0.1:%1").arg(t.port)));
}

// --- exec and upload ---------------------------------------------------------------------

void TestSsh::execOutputAndStatus()
{
    SshSession session(target());
    const auto r = session.exec(QStringLiteral("echo out; echo err >&2; exit 3"), 5000);
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
    QCOMPARE(r->exitStatus, 3);
    QCOMPARE(r->stdoutBytes, QByteArray("out\n"));
    QCOMPARE(r->stderrBytes, QByteArray("err\n"));

    const auto echoed = session.run(QStringLiteral("tr a-z A-Z"), 5000, "hello ssh\n");
    QVERIFY(echoed.ok());
    QCOMPARE(*echoed, QByteArray("HELLO SSH\n"));

    // The cost of one exec (channel, the login shell's start-up, exit status).
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < 5; ++i)
        QVERIFY(session.run(QStringLiteral("true"), 5000).ok());
    qInfo("one exec of 'true' over an open session: %lld ms", clock.elapsed() / 5);

    const auto failing = session.run(QStringLiteral("ls /nonexistent-dir"), 5000);
    QVERIFY(!failing.ok());
    QCOMPARE(failing.error().code, ErrorCode::ServerError);
    QVERIFY(failing.error().message.contains(QLatin1String("ls /nonexistent-dir")));
    QVERIFY(failing.error().message.contains(QLatin1String("127.0.0.1")));
}

void TestSsh::execTimeout()
{
    SshSession session(target());
    QVERIFY(session.connect().ok());
    QElapsedTimer clock;
    clock.start();
    // An odd duration, to find exactly this process afterwards.
    const auto r = session.exec(QStringLiteral("sleep 30.123"), 500);
    const qint64 ms = clock.elapsed();
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Timeout);
    QVERIFY(r.error().message.contains(QLatin1String("sleep 30.123")));
    QVERIFY2(ms < 2500, qPrintable(QString::number(ms)));
    // Ended on the host too, not left running behind a closed channel.
    QTRY_VERIFY_WITH_TIMEOUT(
        run(QStringLiteral("pgrep"), {QStringLiteral("-f"), QStringLiteral("^sleep 30.123$")})
            .trimmed()
            .isEmpty(),
        5000);
    // The session survives: the hung channel was closed, not the connection.
    const auto after = session.run(QStringLiteral("echo alive"), 5000);
    QVERIFY(after.ok());
    QCOMPARE(*after, QByteArray("alive\n"));
}

void TestSsh::uploadRoundTrip()
{
    SshSession session(target());
    QByteArray bytes(700 * 1024, Qt::Uninitialized);
    for (char &c : bytes)
        c = char(QRandomGenerator::global()->bounded(256));
    const QString remote = path(QStringLiteral("upload/sub dir/blob.bin"));
    QElapsedTimer clock;
    clock.start();
    const auto r = session.upload(bytes, remote, 0640);
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
    qInfo("upload of 700 KiB: %lld ms", clock.elapsed());
    QCOMPARE(QCryptographicHash::hash(readAll(remote), QCryptographicHash::Sha256),
             QCryptographicHash::hash(bytes, QCryptographicHash::Sha256));
    QCOMPARE(QFileInfo(remote).permissions() & 0x0777 /* owner/group/other bits */,
             QFile::Permissions(QFile::ReadUser | QFile::WriteUser | QFile::ReadGroup) & 0x0777);
    QVERIFY(!QFile::exists(remote + QStringLiteral(".roce-upload")));
    QVERIFY(!session.upload(bytes, QStringLiteral("relative/path"), 0644).ok());
}

// --- fallback collector ------------------------------------------------------------------

void TestSsh::collectorOverSsh()
{
    SshSession session(target());
    SshCollector collector(session, {path(QStringLiteral("bin")), 10000});
    QElapsedTimer clock;
    clock.start();
    const auto sample = collector.collect();
    QVERIFY2(sample.ok(), sample.ok() ? "" : qPrintable(sample.error().message));
    const qint64 firstMs = clock.elapsed();
    clock.restart();
    const auto second = collector.collect();
    QVERIFY(second.ok());
    qInfo("collector: first round (with connect) %lld ms, next round %lld ms", firstMs,
          clock.elapsed());

    QVERIFY(!sample->hostname.isEmpty());
    QCOMPARE(sample->devices.size(), 2);
    const agentproto::RdmaDeviceSample &dev = sample->devices[0];
    QCOMPARE(dev.name, QStringLiteral("mlx5_0"));
    QCOMPARE(dev.ports.size(), 1);
    const agentproto::RdmaPortSample &port = dev.ports[0];
    QCOMPARE(port.state, QStringLiteral("ACTIVE"));
    QCOMPARE(port.physState, QStringLiteral("LINK_UP"));
    QCOMPARE(port.netdev, QStringLiteral("ens1f0np0"));
    QCOMPARE(port.hwCounters.value(QStringLiteral("np_ecn_marked_roce_packets")),
             Q_UINT64_C(5000000123));
    QCOMPARE(port.hwCounters.value(QStringLiteral("rp_cnp_handled")), Q_UINT64_C(918273));
    QCOMPARE(sample->devices[1].ports[0].state, QStringLiteral("DOWN"));
    QCOMPARE(sample->netdevs.size(), 2);
    const agentproto::NetdevSample &nd = sample->netdevs[0];
    QCOMPARE(nd.name, QStringLiteral("ens1f0np0"));
    QCOMPARE(nd.ethtool.value(QStringLiteral("rx_pause_ctrl_phy")), Q_UINT64_C(38211));
    QCOMPARE(nd.ethtool.value(QStringLiteral("rx_prio3_pause")), Q_UINT64_C(38211));
    QCOMPARE(nd.ethtool.value(QStringLiteral("tx_pause_storm_warning_events")), Q_UINT64_C(0));
    QVERIFY(nd.ethtool.contains(QStringLiteral("tx_pause_storm_warning_events")));

    // The console's rate pipeline reads it as it reads an agent's sample.
    const auto counters = monitor::nicCounters(*sample, dev, port);
    QCOMPARE(counters.value(QStringLiteral("ecn")), Q_UINT64_C(5000000123));
    QCOMPARE(counters.value(QStringLiteral("cnp_sent")), Q_UINT64_C(1977340));
    QCOMPARE(counters.value(QStringLiteral("rx_pause")), Q_UINT64_C(38211));
    QCOMPARE(counters.value(QStringLiteral("tx_pause")), Q_UINT64_C(12));
    monitor::NicRateTracker tracker;
    const auto update = tracker.update(*sample, sample->wallMs);
    QCOMPARE(update.source, sample->hostname);
    QCOMPARE(update.ports.size(), 2);

    // And it survives the agent's JSON form.
    const auto back = agentproto::sampleFromJson(agentproto::sampleToJson(*sample));
    QVERIFY(back.ok());
    QCOMPARE(back->devices[0].ports[0].hwCounters, port.hwCounters);
}

void TestSsh::collectorTextFallbackAndFailure()
{
    SshSession session(target());
    SshCollector text(session, {path(QStringLiteral("bin-text")), 10000});
    const auto sample = text.collect();
    QVERIFY2(sample.ok(), sample.ok() ? "" : qPrintable(sample.error().message));
    QCOMPARE(
        sample->devices[0].ports[0].hwCounters.value(QStringLiteral("np_ecn_marked_roce_packets")),
        Q_UINT64_C(5000000123));
    QCOMPARE(sample->devices[0].ports[0].netdev, QStringLiteral("ens1f0np0"));

    SshCollector broken(session, {path(QStringLiteral("bin-broken")), 10000});
    const auto failed = broken.collect();
    QVERIFY(!failed.ok());
    QCOMPARE(failed.error().code, ErrorCode::ServerError);
    QVERIFY(failed.error().message.contains(QLatin1String("rdma link show")));
    QVERIFY(failed.error().message.contains(QStringLiteral("127.0.0.1:%1").arg(m_port)));
    QVERIFY(failed.error().message.contains(QLatin1String("netlink receive error")));
}

void TestSsh::rocectlSsh()
{
    auto rocectl = [&](const QStringList &extra, QString &out, QString &err) {
        QTextStream o(&out);
        QTextStream e(&err);
        cli::CommandIo io {o, e};
        const QStringList args = QStringList {QStringLiteral("rocectl ssh")} + extra
            + QStringList {QStringLiteral("--host"),        QStringLiteral("127.0.0.1"),
                           QStringLiteral("--port"),        QString::number(m_port),
                           QStringLiteral("--user"),        m_user,
                           QStringLiteral("--identity"),    path(QStringLiteral("userkey")),
                           QStringLiteral("--known-hosts"), path(QStringLiteral("known_hosts"))};
        const int code = cli::SshCommand().run(args, io);
        o.flush();
        e.flush();
        return code;
    };
    QString out, err;
    QCOMPARE(rocectl({QStringLiteral("hostkey"), QStringLiteral("--json")}, out, err), 0);
    const QJsonObject key = QJsonDocument::fromJson(out.toUtf8()).object();
    QCOMPARE(key.value(QLatin1String("fingerprint_sha256")).toString(), m_fingerprintA);
    QCOMPARE(key.value(QLatin1String("status")).toString(), QStringLiteral("known"));

    out.clear();
    QCOMPARE(rocectl({QStringLiteral("collect"), QStringLiteral("--path-prefix"),
                      path(QStringLiteral("bin"))},
                     out, err),
             0);
    QVERIFY2(out.contains(QLatin1String("mlx5_0/1")), qPrintable(out));
    QVERIFY(out.contains(QLatin1String("5000000123")));
    QVERIFY(out.contains(QLatin1String("38211")));

    err.clear();
    QCOMPARE(rocectl({QStringLiteral("collect"), QStringLiteral("--path-prefix"),
                      path(QStringLiteral("bin-broken"))},
                     out, err),
             1);
    QVERIFY(err.contains(QLatin1String("netlink receive error")));
    QCOMPARE(rocectl({QStringLiteral("frobnicate")}, out, err), 2);
}

// --- bootstrap ---------------------------------------------------------------------------

void TestSsh::bootstrapAgentEndToEnd()
{
    BootstrapOptions o = bootstrapInto(path(QStringLiteral("server")));
    const quint16 agentPort = freePort();
    o.listen = QStringLiteral("127.0.0.1:%1").arg(agentPort);
    o.metrics = QStringLiteral("off");
    o.plaintext = false;  // TLS with an openssl self-signed pair, pinned
    const bool hostHasSystemd = QFileInfo(QStringLiteral("/run/systemd/system")).isDir();
    // Here (a container) Auto finds no systemd; where it runs, the unit in a temp dir could
    // not be started, so the test asks for a detached start.
    o.startMode = hostHasSystemd ? StartMode::Detached : StartMode::Auto;

    SshWorker worker;
    QSignalSpy done(&worker, &SshWorker::bootstrapped);
    QSignalSpy failed(&worker, &SshWorker::failed);
    QElapsedTimer clock;
    clock.start();
    worker.bootstrap(target(), o);
    QTRY_VERIFY_WITH_TIMEOUT(!done.isEmpty() || !failed.isEmpty(), 60000);
    QVERIFY2(failed.isEmpty(),
             failed.isEmpty() ? "" : qPrintable(failed.at(0).at(1).value<SshFailure>().message));
    const auto result = done.at(0).at(1).value<BootstrapResult>();
    qInfo("bootstrap (upload %lld KiB, TLS pair, config, unit, start, port up): %lld ms",
          QFileInfo(o.agentBinary).size() / 1024, clock.elapsed());
    const auto cleanup = qScopeGuard([&] {
        if (result.pid > 0)
            ::kill(pid_t(result.pid), SIGTERM);
    });

    QCOMPARE(result.startedBy, StartedBy::Detached);
    if (!hostHasSystemd)
        QVERIFY(result.note.contains(QLatin1String("systemd")));
    QVERIFY(result.token.size() >= 32);
    QCOMPARE(readAll(o.tokenFile), result.token.toUtf8() + '\n');
    QCOMPARE(QFileInfo(o.tokenFile).permissions() & 0x0777,
             QFile::Permissions(QFile::ReadUser | QFile::WriteUser) & 0x0777);
    QCOMPARE(QCryptographicHash::hash(readAll(o.remoteBinary), QCryptographicHash::Sha256),
             QCryptographicHash::hash(readAll(o.agentBinary), QCryptographicHash::Sha256));
    QVERIFY(QFileInfo(o.remoteBinary).isExecutable());
    const QByteArray unit = readAll(o.unitPath);
    QVERIFY(unit.contains(
        QStringLiteral("ExecStart=%1 --config %2\n").arg(o.remoteBinary, o.configFile).toUtf8()));
    QVERIFY(unit.contains("Restart=on-failure\n"));
    QVERIFY(unit.contains("User=roce-agent\n"));
    QCOMPARE(
        QFileInfo(o.configFile).permissions() & 0x0777,
        QFile::Permissions(QFile::ReadUser | QFile::WriteUser | QFile::ReadGroup | QFile::ReadOther)
            & 0x0777);
    QCOMPARE(readAll(o.pidFile).trimmed().toLongLong(), result.pid);
    QCOMPARE(result.unitPath, o.unitPath);
    QCOMPARE(result.endpoint.port, agentPort);
    QVERIFY(!result.endpoint.plaintext);
    // The pin is the certificate the agent serves: compare with openssl's own reading.
    const QString fp
        = run(QStringLiteral("openssl"),
              {QStringLiteral("x509"), QStringLiteral("-in"), o.tlsCert, QStringLiteral("-noout"),
               QStringLiteral("-fingerprint"), QStringLiteral("-sha256")});
    QVERIFY(fp.trimmed().endsWith(result.tlsSha256));
    QCOMPARE(result.tlsSha256.count(QLatin1Char(':')), 31);

    // The console connects with what the bootstrap returned, over TLS, and gets a sample.
    agentproto::AgentClient client(result.endpoint);
    QSignalSpy samples(&client, &agentproto::AgentClient::sampleReceived);
    client.connectToAgent();
    QTRY_COMPARE_WITH_TIMEOUT(client.state(), agentproto::AgentClient::State::Ready, 15000);
    client.subscribe(500);
    QVERIFY(samples.wait(10000));
    QVERIFY(!samples.at(0).at(0).value<agentproto::AgentSample>().hostname.isEmpty());
    client.disconnectFromAgent();

    ::kill(pid_t(result.pid), SIGTERM);
    QTRY_VERIFY_WITH_TIMEOUT(!portAnswers(agentPort), 10000);
}

void TestSsh::changedKeyRefused()
{
    stopSshd();
    QVERIFY(startSshd(QStringLiteral("hostkey_b")));
    const QByteArray before = readAll(path(QStringLiteral("known_hosts")));
    const QString fingerprintB = run(QStringLiteral("ssh-keygen"),
                                     {QStringLiteral("-lf"), path(QStringLiteral("hostkey_b.pub"))})
                                     .split(QLatin1Char(' '))
                                     .value(1);
    SshTarget t = target();
    t.acceptFingerprint = fingerprintB;  // even "confirmed", a changed key is refused
    SshSession session(t);
    const auto r = session.connect();
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Refused);
    const SshFailure f = session.failure(r.error());
    QCOMPARE(f.hostKey.status, HostKeyStatus::Changed);
    QCOMPARE(f.hostKey.fingerprintSha256, fingerprintB);
    QVERIFY(r.error().message.contains(QLatin1String("CHANGED")));
    QVERIFY(r.error().message.contains(QLatin1String("man-in-the-middle")));
    QVERIFY(r.error().message.contains(QLatin1String("ssh-keygen -R")));
    QVERIFY(r.error().message.contains(path(QStringLiteral("known_hosts"))));
    QVERIFY(!session.isAuthenticated());
    QCOMPARE(readAll(path(QStringLiteral("known_hosts"))), before);
}

void TestSsh::bootstrapUnitIsThePackagedOne()
{
    const QByteArray packaged = readAll(QStringLiteral(ROCE_AGENT_UNIT));
    QVERIFY(packaged.contains("ExecStart=/usr/bin/roce-agent --config "
                              "/etc/roce-agent/roce-agent.conf\n"));
    // With the package's paths, the bootstrap installs the packaged unit byte for byte.
    BootstrapOptions packagePaths;
    packagePaths.remoteBinary = QStringLiteral("/usr/bin/roce-agent");
    QCOMPARE(AgentBootstrap::unitText(packagePaths).toUtf8(), packaged);

    // Its own paths replace every packaged one, in ExecStart and in the first-start step; a
    // "%" is escaped from systemd's specifiers.
    BootstrapOptions o;
    o.remoteBinary = QStringLiteral("/opt/roce%/roce-agent");
    o.configFile = QStringLiteral("/opt/roce%/agent.ini");
    o.tokenFile = QStringLiteral("/opt/roce%/secret");
    o.tlsCert = QStringLiteral("/opt/roce%/tls.crt");
    o.tlsKey = QStringLiteral("/opt/roce%/tls.key");
    const QString unit = AgentBootstrap::unitText(o);
    QVERIFY(!unit.contains(QLatin1String("/etc/roce-agent/")));
    QVERIFY(!unit.contains(QLatin1String("/usr/bin/roce-agent")));
    QVERIFY(unit.contains(
        QLatin1String("\nExecStart=/opt/roce%%/roce-agent --config /opt/roce%%/agent.ini\n")));
    QVERIFY(unit.contains(QLatin1String("chown roce-agent:roce-agent /opt/roce%%/secret "
                                        "/opt/roce%%/tls.key /opt/roce%%/tls.crt && \\\n")));
    // The sandbox came along.
    for (const char *line :
         {"User=roce-agent\n", "ExecStartPre=+/bin/sh", "CapabilityBoundingSet=\n",
          "ProtectSystem=strict\n", "SystemCallFilter=@system-service\n"})
        QVERIFY2(unit.contains(QLatin1String(line)), line);
}

void TestSsh::inventoryDialogBootstrapsServer()
{
    // The user's path: Fabric > Inventory, a server row with its SSH user, "Bootstrap via
    // SSH...": the unknown host key is shown with its fingerprint and trusted on confirmation,
    // the agent is installed and started, and its token and certificate pin land in the row.
    BootstrapOptions o = bootstrapInto(path(QStringLiteral("dialog-server")));
    o.listen = QStringLiteral("127.0.0.1:0");  // the port comes from the row
    o.metrics = QStringLiteral("off");
    o.startMode = StartMode::Detached;
    SshTarget defaults = target();
    defaults.knownHostsFile = path(QStringLiteral("dialog/known_hosts"));  // key A unknown here

    inventory::ServerEntry server;
    server.name = QStringLiteral("gpu-lab-1");
    server.address = QStringLiteral("127.0.0.1");
    server.agentPort = freePort();
    server.sshUser = m_user;
    server.sshPort = m_port;
    inventory::Inventory inv;
    inv.servers = {server};
    widgets::InventoryDialog dialog(inv, nullptr, QString());
    dialog.setSshDefaults(defaults, o);
    QString askedFingerprint;
    dialog.setHostKeyQuestion([&](const HostKeyInfo &key) {
        askedFingerprint = key.fingerprintSha256;
        return true;
    });
    QSignalSpy finished(&dialog, &widgets::InventoryDialog::bootstrapFinished);
    dialog.bootstrapServer(0);
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 60000);
    const auto cleanup = qScopeGuard([&] {
        const qint64 pid = readAll(o.pidFile).trimmed().toLongLong();
        if (pid > 0)
            ::kill(pid_t(pid), SIGTERM);
    });
    QVERIFY2(finished.first().first().toBool(), qPrintable(dialog.statusText()));
    QCOMPARE(askedFingerprint, m_fingerprintA);
    QVERIFY(readAll(defaults.knownHostsFile).contains("ssh-ed25519"));
    const QString token = dialog.pendingSecrets().value(inventory::agentSecretKey(server.name));
    QVERIFY2(token.size() >= 32, qPrintable(token));
    QCOMPARE(readAll(o.tokenFile).trimmed(), token.toUtf8());
    const inventory::ServerEntry after = dialog.inventory().servers.first();
    QVERIFY2(after.agentPinSha256.count(QLatin1Char(':')) == 31, qPrintable(after.agentPinSha256));
    QCOMPARE(after.agentPort, server.agentPort);
    QVERIFY(portAnswers(server.agentPort));
    QVERIFY2(dialog.statusText().contains(QStringLiteral("detached")),
             qPrintable(dialog.statusText()));

    // The console then reaches that agent with the row's pin and the token.
    agentproto::AgentEndpoint endpoint;
    endpoint.host = after.address;
    endpoint.port = after.agentPort;
    endpoint.token = token;
    endpoint.pinnedSha256 = after.agentPinSha256.toLatin1();
    agentproto::AgentClient client(endpoint);
    QSignalSpy samples(&client, &agentproto::AgentClient::sampleReceived);
    client.connectToAgent();
    QTRY_COMPARE_WITH_TIMEOUT(client.state(), agentproto::AgentClient::State::Ready, 15000);
    client.subscribe(500);
    QTRY_VERIFY_WITH_TIMEOUT(!samples.isEmpty(), 15000);
}

void TestSsh::collectorMonitorFeedsRows()
{
    // What the console runs for inventory servers marked "collector: ssh": rounds over SSH on
    // the worker thread, rows through the agents' rate tracker; an unreachable host is
    // reported once, by name.
    monitor::SshCollectedHost good;
    good.name = QStringLiteral("no-agent-1");
    good.target = target();
    good.options.pathPrefix = path(QStringLiteral("bin"));
    monitor::SshCollectedHost bad = good;
    bad.name = QStringLiteral("no-agent-2");
    bad.target.port = freePort();  // nothing listens
    monitor::SshCollectorMonitor monitor;
    QSignalSpy updates(&monitor, &monitor::SshCollectorMonitor::updated);
    QSignalSpy lost(&monitor, &monitor::SshCollectorMonitor::hostLost);
    monitor.start({good, bad}, 300);
    QTRY_VERIFY_WITH_TIMEOUT(updates.size() >= 2, 20000);
    QTRY_COMPARE_WITH_TIMEOUT(lost.size(), 1, 10000);
    QCOMPARE(lost.first().at(0).toString(), QStringLiteral("no-agent-2"));
    QVERIFY2(lost.first().at(1).toString().contains(QString::number(bad.target.port)),
             qPrintable(lost.first().at(1).toString()));
    const auto second = updates.at(1).first().value<roce::model::SourceFrame>();
    const auto row = std::find_if(second.ports.begin(), second.ports.end(), [](const auto &r) {
        return r.name().endsWith(QStringLiteral("/mlx5_0"));
    });
    QVERIFY(row != second.ports.end());
    QVERIFY(row->nic());
    // The fixtures do not move between rounds: the rates exist and are zero.
    QVERIFY(row->value(roce::model::Metric::Ecn).has_value());
    QCOMPARE(*row->value(roce::model::Metric::Ecn), 0.0);
    monitor.stop();
    QCOMPARE(lost.size(), 1);  // reported once, not every round
}

void TestSsh::inventoryDialogChecksSshLogin()
{
    // A server without an agent ("collector: ssh"): "Check SSH..." shows the unknown host key;
    // declined, nothing is written; confirmed, known_hosts gets it and the login is said to work.
    SshTarget defaults = target();
    defaults.knownHostsFile = path(QStringLiteral("check/known_hosts"));
    inventory::ServerEntry server;
    server.name = QStringLiteral("no-agent");
    server.address = QStringLiteral("127.0.0.1");
    server.sshUser = m_user;
    server.sshPort = m_port;
    server.collectOverSsh = true;
    inventory::Inventory inv;
    inv.servers = {server};
    widgets::InventoryDialog dialog(inv, nullptr, QString());
    dialog.setSshDefaults(defaults, {});
    bool answer = false;
    int asked = 0;
    dialog.setHostKeyQuestion([&](const HostKeyInfo &key) {
        ++asked;
        return key.fingerprintSha256 == m_fingerprintA && answer;
    });
    QSignalSpy finished(&dialog, &widgets::InventoryDialog::bootstrapFinished);
    dialog.checkSsh(0);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 20000);
    QCOMPARE(finished.last().first().toBool(), false);
    QCOMPARE(asked, 1);
    QVERIFY2(dialog.statusText().contains(QStringLiteral("not trusted")),
             qPrintable(dialog.statusText()));
    QVERIFY(!QFile::exists(defaults.knownHostsFile));

    answer = true;
    dialog.checkSsh(0);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 20000);
    QVERIFY2(finished.last().first().toBool(), qPrintable(dialog.statusText()));
    QCOMPARE(asked, 2);
    QVERIFY2(dialog.statusText().contains(QStringLiteral("works")),
             qPrintable(dialog.statusText()));
    QVERIFY(dialog.statusText().contains(m_fingerprintA));
    QVERIFY(readAll(defaults.knownHostsFile).contains("ssh-ed25519"));

    // Known from now on: no question.
    dialog.checkSsh(0);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, 20000);
    QVERIFY(finished.last().first().toBool());
    QCOMPARE(asked, 2);
    QVERIFY(dialog.statusText().contains(QStringLiteral("(known)")));
}

void TestSsh::inventoryActionsAskBeforeTrusting()
{
    // The flow behind "Check SSH..." without a dialog: the unknown host key is a signal, the
    // user's answer a call; nothing is trusted, and nothing written, before the answer.
    SshTarget defaults = target();
    defaults.knownHostsFile = path(QStringLiteral("actions/known_hosts"));
    inventory::ServerEntry server;
    server.name = QStringLiteral("no-agent-actions");
    server.address = QStringLiteral("127.0.0.1");
    server.sshUser = m_user;
    server.sshPort = m_port;
    server.collectOverSsh = true;
    inventory::InventoryActions actions(nullptr, QString());
    actions.setSshDefaults(defaults, {});
    QSignalSpy asked(&actions, &inventory::InventoryActions::hostKeyConfirmationNeeded);
    QSignalSpy checked(&actions, &inventory::InventoryActions::sshChecked);
    QSignalSpy failed(&actions, &inventory::InventoryActions::failed);
    actions.checkSsh(server);
    QTRY_COMPARE_WITH_TIMEOUT(asked.size(), 1, 20000);
    QCOMPARE(asked.first().first().value<HostKeyInfo>().fingerprintSha256, m_fingerprintA);
    QVERIFY(actions.isBusy());  // waiting for the answer
    QVERIFY(!QFile::exists(defaults.knownHostsFile));
    actions.answerHostKey(true);
    QTRY_COMPARE_WITH_TIMEOUT(checked.size(), 1, 20000);
    QVERIFY(failed.isEmpty());
    QCOMPARE(checked.first().at(1).value<HostKeyInfo>().status, HostKeyStatus::Trusted);
    QVERIFY(readAll(defaults.knownHostsFile).contains("ssh-ed25519"));
    QVERIFY(!actions.isBusy());
    // A bootstrap without an agent binary to install is refused at once, saying why.
    actions.bootstrap(server);
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed.first().first().value<inventory::InventoryActions::Operation>(),
             inventory::InventoryActions::Operation::Bootstrap);
    QVERIFY(failed.first().at(1).toString().contains(QStringLiteral("roce-agent")));
}

QTEST_MAIN(TestSsh)
#include "tst_ssh.moc"
