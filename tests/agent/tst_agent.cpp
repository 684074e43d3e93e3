#include "agentoptions.h"
#include "prometheus/server/basicauth.h"
#include "prometheus/server/metricsserver.h"
#include "prometheus/server/peersource.h"
#include "prometheus/server/webconfig.h"
#include "proto/common/versions.h"
#include "verbsdevices.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <tuple>

using namespace roce::agent;
using namespace roce::prometheus;

namespace {
const QString kTls = QStringLiteral(ROCE_SOURCE_DIR "/tests/agent/fixtures/tls");

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &content)
{
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(content);
    return f.fileName();
}

/// roce-agent's exit code and what it printed on stderr.
std::pair<int, QString> runAgent(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(ROCE_AGENT_PATH), args);
    if (!p.waitForFinished(30000)) {
        p.kill();
        p.waitForFinished();
        return {-1, QStringLiteral("still running")};
    }
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardError())};
}
}  // namespace

class TestAgent : public QObject
{
    Q_OBJECT

private slots:
    void parsesSysfsRootAndModes()
    {
        QTemporaryDir tree;
        const auto parsed
            = parseAgentOptions({QStringLiteral("roce-agent"), QStringLiteral("--sysfs-root"),
                                 tree.path(), QStringLiteral("--list-devices")});
        QVERIFY(parsed.options);
        QCOMPARE(parsed.options->sysfsRoot, tree.path());
        QVERIFY(parsed.options->listDevices);
        // A tree that is not there is a usage error, not a host without RDMA devices.
        const auto missing
            = parseAgentOptions({QStringLiteral("roce-agent"), QStringLiteral("--sysfs-root"),
                                 tree.filePath(QStringLiteral("absent")), QStringLiteral("--once"),
                                 QStringLiteral("--json")});
        QVERIFY(!missing.options);
        QCOMPARE(missing.exitCode, 2);

        const auto defaults = parseAgentOptions({QStringLiteral("roce-agent")});
        QVERIFY(defaults.options);
        QCOMPARE(defaults.options->sysfsRoot, QStringLiteral("/sys"));
        // /metrics stays on this host unless asked otherwise.
        QCOMPARE(defaults.options->metricsListen, QStringLiteral("127.0.0.1:9471"));
        QVERIFY(defaults.options->webConfig.isEmpty());
        QVERIFY(!defaults.options->listDevices);

        const auto bad
            = parseAgentOptions({QStringLiteral("roce-agent"), QStringLiteral("--nope")});
        QVERIFY(!bad.options);
        QCOMPARE(bad.exitCode, 2);
    }

    // The shipped configuration file is what the systemd unit runs with: every key in it must
    // be understood, and flags on the command line must win over it.
    void readsShippedConfigFileAndFlagsOverride()
    {
        const QString shipped = QStringLiteral(ROCE_SOURCE_DIR "/resources/agent/roce-agent.conf");
        const auto parsed = parseAgentOptions(
            {QStringLiteral("roce-agent"), QStringLiteral("--config"), shipped});
        QVERIFY(parsed.options);
        QCOMPARE(parsed.options->listen, QStringLiteral("0.0.0.0:18471"));
        QCOMPARE(parsed.options->metricsListen, QStringLiteral("127.0.0.1:9471"));
        QCOMPARE(parsed.options->tokenFile, QStringLiteral("/etc/roce-agent/token"));
        QCOMPARE(parsed.options->tlsCert, QStringLiteral("/etc/roce-agent/agent.crt"));
        QCOMPARE(parsed.options->tlsKey, QStringLiteral("/etc/roce-agent/agent.key"));
        QVERIFY(parsed.options->clientCa.isEmpty());
        QVERIFY(!parsed.options->plaintext);

        const auto overridden
            = parseAgentOptions({QStringLiteral("roce-agent"), QStringLiteral("--config"), shipped,
                                 QStringLiteral("--listen"), QStringLiteral("127.0.0.1:1"),
                                 QStringLiteral("--metrics"), QStringLiteral("off")});
        QVERIFY(overridden.options);
        QCOMPARE(overridden.options->listen, QStringLiteral("127.0.0.1:1"));
        QCOMPARE(overridden.options->metricsListen, QStringLiteral("off"));
        QCOMPARE(overridden.options->tokenFile, QStringLiteral("/etc/roce-agent/token"));

        QTemporaryDir dir;
        const QString ini = writeFile(dir, QStringLiteral("agent.conf"),
                                      "[agent]\nweb_config = /etc/roce-agent/web-config.yml\n");
        const auto withWeb
            = parseAgentOptions({QStringLiteral("roce-agent"), QStringLiteral("--config"), ini});
        QVERIFY(withWeb.options);
        QCOMPARE(withWeb.options->webConfig, QStringLiteral("/etc/roce-agent/web-config.yml"));
        const auto flagWins
            = parseAgentOptions({QStringLiteral("roce-agent"), QStringLiteral("--config"), ini,
                                 QStringLiteral("--web-config"), QStringLiteral("/tmp/w.yml")});
        QCOMPARE(flagWins.options->webConfig, QStringLiteral("/tmp/w.yml"));

        // Lines QSettings would pass over, or read as unset, stop the agent with where they
        // are (a listen line without '=' left it listening on every interface).
        for (const auto &[text, said] :
             {std::pair {QByteArray("[agent]\nlisten 127.0.0.1:18556\n"),
                         QStringLiteral(":2: \"listen 127.0.0.1:18556\" is not KEY = VALUE")},
              std::pair {QByteArray("[agent]\n; empty\nlisten =\n"),
                         QStringLiteral(":3: listen has no value")},
              std::pair {QByteArray("[agent]\nmetrics = off\nmetrics = 127.0.0.1:1\n"),
                         QStringLiteral(":3: metrics is set again (first on line 2)")}}) {
            const QString bad = writeFile(dir, QStringLiteral("bad.conf"), text);
            const auto [code, err] = runAgent({QStringLiteral("--config"), bad});
            QCOMPARE(code, 2);
            QVERIFY2(err.contains(bad + said), qPrintable(err));
        }
    }

    void helpStatesTheLoopbackDefault()
    {
        QProcess p;
        p.start(QStringLiteral(ROCE_AGENT_PATH), {QStringLiteral("--help")});
        QVERIFY(p.waitForFinished(30000));
        const QString help = QString::fromUtf8(p.readAllStandardOutput()).simplified();
        QVERIFY2(help.contains(QLatin1String("(default 127.0.0.1:9471)")), qPrintable(help));
        QVERIFY(help.contains(QLatin1String("--web-config")));
    }

    // Without TLS the token and every sample cross the network in clear: only on loopback.
    void plaintextOnlyOnLoopback_data()
    {
        QTest::addColumn<QString>("listen");
        QTest::addColumn<bool>("refused");
        QTest::newRow("any IPv4") << QStringLiteral("0.0.0.0:0") << true;
        QTest::newRow("any IPv6") << QStringLiteral("[::]:0") << true;
        QTest::newRow("empty host") << QStringLiteral(":0") << true;
        QTest::newRow("LAN address") << QStringLiteral("192.0.2.10:0") << true;
        QTest::newRow("127.0.0.1") << QStringLiteral("127.0.0.1:0") << false;
        QTest::newRow("127.3.4.5") << QStringLiteral("127.3.4.5:0") << false;
        QTest::newRow("::1") << QStringLiteral("[::1]:0") << false;
    }

    void plaintextOnlyOnLoopback()
    {
        QFETCH(QString, listen);
        QFETCH(bool, refused);
        QProcess p;
        p.start(QStringLiteral(ROCE_AGENT_PATH),
                {QStringLiteral("--plaintext"), QStringLiteral("--listen"), listen,
                 QStringLiteral("--metrics"), QStringLiteral("off"), QStringLiteral("--token-file"),
                 kTls + QStringLiteral("/token")});
        QVERIFY(p.waitForStarted(10000));
        if (refused) {
            QVERIFY(p.waitForFinished(30000));
            QCOMPARE(p.exitCode(), 2);
            const QString err = QString::fromUtf8(p.readAllStandardError());
            QVERIFY2(err.contains(listen) && err.contains(QLatin1String("loopback")),
                     qPrintable(err));
        } else {
            // Serving: it says so and keeps running until stopped.
            QByteArray out;
            QTRY_VERIFY_WITH_TIMEOUT((out += p.readAllStandardOutput()).contains("listening"),
                                     10000);
            QCOMPARE(p.state(), QProcess::Running);
            p.terminate();
            QVERIFY(p.waitForFinished(10000));
        }
    }

    void readsWebConfig()
    {
        QTemporaryDir dir;
        QFile::copy(kTls + QStringLiteral("/agent.crt"), dir.filePath(QStringLiteral("a.crt")));
        QFile::copy(kTls + QStringLiteral("/agent.key"), dir.filePath(QStringLiteral("a.key")));
        const QByteArray hash = "$2y$10$X0h1gDsPszWURQaxFh.zoubFi6DXncSjhoQNJgRrnGs7EsimhC7zG";
        const QString path
            = writeFile(dir, QStringLiteral("web.yml"),
                        "# as the exporter-toolkit documentation writes it\n"
                        "tls_server_config:\n  cert_file: a.crt\n  key_file: a.key\n"
                        "  client_auth_type: RequireAndVerifyClientCert\n"
                        "  client_ca_file: "
                            + (kTls + QStringLiteral("/ca.crt")).toUtf8()
                            + "\n  min_version: TLS13\n  prefer_server_cipher_suites: true\n"
                              "http_server_config:\n  http2: false\n  headers:\n"
                              "    Strict-Transport-Security: max-age=31536000\n"
                              "basic_auth_users:\n  alice: "
                            + hash + "\n  'bob': \"" + hash + "\"\n");
        const auto config = loadWebConfig(path);
        QVERIFY2(config, config ? "" : qPrintable(config.error().message));
        QVERIFY(config->tls);
        QVERIFY(!config->certificate.isNull() && !config->key.isNull());
        QVERIFY(config->requireClientCertificate);
        QCOMPARE(config->clientCa.size(), 1);
        QCOMPARE(config->protocol, QSsl::TlsV1_3OrLater);
        QCOMPARE(config->users.size(), 2);
        QCOMPARE(config->users.value(QStringLiteral("bob")), hash);
        QCOMPARE(config->headers.size(), 1);
        QCOMPARE(config->headers.first().first, QByteArray("Strict-Transport-Security"));

        // An empty file is valid (exporter-toolkit: plain HTTP, no authentication).
        const auto empty = parseWebConfig("", path);
        QVERIFY(empty);
        QVERIFY(!empty->tls && !empty->basicAuth());
    }

    void rejectsBrokenWebConfigs_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("names");  // what the message must name besides the file
        const QByteArray tls = "tls_server_config:\n  cert_file: " + kTls.toUtf8()
            + "/agent.crt\n  key_file: " + kTls.toUtf8() + "/agent.key\n";
        QTest::newRow("unknown top-level key")
            << QByteArray("basic_auth_user:\n  a: b\n") << QStringLiteral("\"basic_auth_user\"");
        QTest::newRow("unknown TLS key")
            << QByteArray(tls + "  certfile: x\n") << QStringLiteral("\"certfile\"");
        QTest::newRow("unknown header")
            << QByteArray("http_server_config:\n  headers:\n    X-Powered-By: me\n")
            << QStringLiteral("X-Powered-By");
        QTest::newRow("not bcrypt")
            << QByteArray("basic_auth_users:\n  alice: secret\n") << QStringLiteral("\"alice\"");
        // A key of another certificate: each parses, and every handshake would fail.
        QTest::newRow("key of another certificate")
            << QByteArray("tls_server_config:\n  cert_file: " + kTls.toUtf8()
                          + "/agent.crt\n  key_file: " + kTls.toUtf8() + "/rogue.key\n")
            << QStringLiteral("the TLS key does not go with the certificate");
        // A well-formed hash with a cost libxcrypt refuses: every login would fail, unsaid.
        QTest::newRow("bcrypt cost 99")
            << QByteArray("basic_auth_users:\n  prom: "
                          "'$2b$99$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'\n")
            << QStringLiteral("cost of \"prom\" is 99");
        QTest::newRow("missing cert file")
            << QByteArray("tls_server_config:\n  cert_file: nowhere.crt\n  key_file: k\n")
            << QStringLiteral("cert_file");
        QTest::newRow("key without cert")
            << QByteArray("tls_server_config:\n  key_file: " + kTls.toUtf8() + "/agent.key\n")
            << QStringLiteral("cert_file");
        QTest::newRow("client auth that checks nothing")
            << QByteArray(tls + "  client_auth_type: RequireAnyClientCert\n")
            << QStringLiteral("RequireAnyClientCert");
        QTest::newRow("verify without a CA")
            << QByteArray(tls + "  client_auth_type: RequireAndVerifyClientCert\n")
            << QStringLiteral("client_ca_file");
        QTest::newRow("TLS 1.1") << QByteArray(tls + "  min_version: TLS11\n")
                                 << QStringLiteral("TLS11");
        QTest::newRow("cipher suites") << QByteArray(tls + "  cipher_suites: [TLS_AES_128]\n")
                                       << QStringLiteral("cipher_suites");
        QTest::newRow("rate limit")
            << QByteArray("rate_limit:\n  burst: 2\n") << QStringLiteral("rate_limit");
        QTest::newRow("duplicate key") << QByteArray("basic_auth_users: {}\nbasic_auth_users: {}\n")
                                       << QStringLiteral("basic_auth_users");
        QTest::newRow("not YAML") << QByteArray("tls_server_config: [\n") << QStringLiteral(":2");
        QTest::newRow("not a mapping") << QByteArray("- a\n- b\n") << QStringLiteral("mapping");
    }

    void rejectsBrokenWebConfigs()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, names);
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("web-config.yml"), yaml);
        const auto config = loadWebConfig(path);
        QVERIFY(!config);
        const QString message = config.error().message;
        QVERIFY2(message.contains(path) && message.contains(names), qPrintable(message));
    }

    // The agent protocol's own pair, checked the same way at start.
    void mismatchedTlsKeyStopsTheAgent()
    {
        const auto [code, err]
            = runAgent({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                        QStringLiteral("--token-file"), kTls + QStringLiteral("/token"),
                        QStringLiteral("--tls-cert"), kTls + QStringLiteral("/agent.crt"),
                        QStringLiteral("--tls-key"), kTls + QStringLiteral("/rogue.key"),
                        QStringLiteral("--metrics"), QStringLiteral("off"),
                        QStringLiteral("--sysfs-root"), QDir::tempPath()});
        QCOMPARE(code, 2);
        QVERIFY2(err.contains(QLatin1String("rogue.key"))
                     && err.contains(QLatin1String("does not go with the certificate")),
                 qPrintable(err));
    }

    // Files the configuration names: unreadable ones stop the agent as a bad value does
    // (exit 2, the token's exited 1), and a client CA with no certificate in it too (it
    // started with certificate login quietly off).
    void unusableFilesAreUsageErrors()
    {
        const QStringList base {QStringLiteral("--listen"),
                                QStringLiteral("127.0.0.1:0"),
                                QStringLiteral("--plaintext"),
                                QStringLiteral("--metrics"),
                                QStringLiteral("off"),
                                QStringLiteral("--sysfs-root"),
                                QDir::tempPath()};
        auto [code, err] = runAgent(
            base
            + QStringList {QStringLiteral("--token-file"), QStringLiteral("/nonexistent/token")});
        QCOMPARE(code, 2);
        QVERIFY2(err.contains(QLatin1String("/nonexistent/token")), qPrintable(err));
        std::tie(code, err) = runAgent(
            base
            + QStringList {QStringLiteral("--token-file"), kTls + QStringLiteral("/token"),
                           QStringLiteral("--client-ca"), kTls + QStringLiteral("/token")});
        QCOMPARE(code, 2);
        QVERIFY2(err.contains(QLatin1String("no PEM certificate in the client CA")),
                 qPrintable(err));
    }

    void badWebConfigStopsTheAgent()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("web.yml"),
                                       "tls_server_config:\n  cert: x\n  kye: y\n");
        const auto [code, err]
            = runAgent({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                        QStringLiteral("--plaintext"), QStringLiteral("--token-file"),
                        kTls + QStringLiteral("/token"), QStringLiteral("--metrics"),
                        QStringLiteral("off"), QStringLiteral("--web-config"), path});
        QCOMPARE(code, 2);
        QVERIFY2(err.contains(path) && err.contains(QLatin1String("\"kye\"")), qPrintable(err));
    }

    // --plaintext is the agent protocol's; /metrics' TLS from a web-config still needs the
    // TLS backend (the agent dropped it and refused the file: "no PEM certificate").
    void plaintextAgentKeepsTlsForMetrics()
    {
        QTemporaryDir dir;
        const QString path
            = writeFile(dir, QStringLiteral("web.yml"),
                        "tls_server_config:\n  cert_file: " + kTls.toUtf8()
                            + "/agent.crt\n  key_file: " + kTls.toUtf8() + "/agent.key\n");
        QProcess agent;
        agent.start(QStringLiteral(ROCE_AGENT_PATH),
                    {QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                     QStringLiteral("--plaintext"), QStringLiteral("--token-file"),
                     kTls + QStringLiteral("/token"), QStringLiteral("--metrics"),
                     QStringLiteral("127.0.0.1:0"), QStringLiteral("--web-config"), path,
                     QStringLiteral("--sysfs-root"), dir.path()});
        QVERIFY(agent.waitForStarted());
        // Still serving after start-up, where a refused configuration exits at once.
        QVERIFY2(!agent.waitForFinished(3000), agent.readAllStandardError().constData());
        agent.kill();
        agent.waitForFinished(5000);
    }

    void metricsServerBoundsConnections()
    {
        MetricsServer server("roce-test", [] { return QByteArray("roce_test 1\n"); });
        MetricsServer::Limits limits;  // two at once, 300 ms for the head, 1 KiB requests
        limits.maxConnections = 2;
        limits.headTimeoutMs = 300;
        limits.maxRequestBytes = 1024;
        server.setLimits(limits);
        const quint16 port = server.listen(QHostAddress::LocalHost, 0);
        QVERIFY(port);
        QTcpSocket a, b, c;
        for (QTcpSocket *s : {&a, &b}) {
            s->connectToHost(QHostAddress::LocalHost, port);
            QVERIFY(s->waitForConnected(5000));
            QTest::qWait(20);  // a is the older
        }
        QTRY_COMPARE_WITH_TIMEOUT(server.connections(), 2, 5000);
        // A third takes the slot of the oldest peer still owing its head, which is closed
        // unanswered.
        c.connectToHost(QHostAddress::LocalHost, port);
        QTRY_COMPARE_WITH_TIMEOUT(a.state(), QAbstractSocket::UnconnectedState, 5000);
        QCOMPARE(a.readAll(), QByteArray());
        QCOMPARE(b.state(), QAbstractSocket::ConnectedState);
        QCOMPARE(server.connections(), 2);
        QCOMPARE(server.evicted(), 1);
        // The two that never sent a request are cut off at the head's deadline.
        QTRY_COMPARE_WITH_TIMEOUT(server.connections(), 0, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(b.state(), QAbstractSocket::UnconnectedState, 5000);
        // A request beyond the size limit is cut off unanswered.
        QTcpSocket big;
        big.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(big.waitForConnected(5000));
        big.write("GET /metrics HTTP/1.1\r\nX-Pad: " + QByteArray(2000, 'x'));
        QTRY_COMPARE_WITH_TIMEOUT(big.state(), QAbstractSocket::UnconnectedState, 5000);
        QCOMPARE(big.readAll(), QByteArray());
        // A proper one is answered.
        QTcpSocket good;
        good.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(good.waitForConnected(5000));
        good.write("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
        QByteArray answer;
        QTRY_VERIFY_WITH_TIMEOUT((answer += good.readAll()).contains("roce_test 1"), 5000);
        QVERIFY(answer.startsWith("HTTP/1.1 200 OK"));
        QCOMPARE(server.scrapes(), 1);
    }

    // bcrypt's tens of milliseconds (here, at cost 13, hundreds) are spent on a thread of
    // their own: the server's thread, which the agent samples on, never stops for them. A
    // peer that leaves while its login is hashed takes nothing with it.
    void basicAuthHashesOffTheServersThread()
    {
        const QByteArray hash = BasicAuth::hash("s3cret", 13);
        QElapsedTimer cost;
        cost.start();
        QVERIFY(BasicAuth::verify("s3cret", hash));
        const qint64 hashMs = cost.elapsed();
        MetricsServer server("roce-test", [] { return QByteArray("roce_test 1\n"); });
        WebConfig config;
        config.users.insert(QStringLiteral("prom"), hash);
        server.setWebConfig(config);
        MetricsServer::Limits limits;
        limits.headTimeoutMs = 60000;  // the hashes may queue on a loaded machine
        limits.maxPendingHashes = 3;
        server.setLimits(limits);
        const quint16 port = server.listen(QHostAddress::LocalHost, 0);
        QVERIFY(port);
        auto login = [port](QTcpSocket &s, const QByteArray &userPassword) {
            s.connectToHost(QHostAddress::LocalHost, port);
            QVERIFY(s.waitForConnected(5000));
            s.write("GET /metrics HTTP/1.1\r\nAuthorization: Basic " + userPassword.toBase64()
                    + "\r\n\r\n");
        };
        // This thread's longest pause while three logins are hashed (one by a peer that
        // leaves before its hash is done).
        QTcpSocket right, wrong, gone;
        login(right, "prom:s3cret");
        login(wrong, "prom:guess");
        login(gone, "prom:s3cret");
        QVERIFY(gone.waitForBytesWritten(5000));
        QTRY_COMPARE_WITH_TIMEOUT(server.hashesPending(), 3, 5000);
        gone.abort();
        // A fourth is not queued behind them: it is told to come back, at once.
        QTcpSocket fourth;
        login(fourth, "prom:other");
        QByteArray fourthAnswer;
        QTRY_VERIFY_WITH_TIMEOUT((fourthAnswer += fourth.readAll()).contains("\r\n\r\n"), 5000);
        QVERIFY2(fourthAnswer.startsWith("HTTP/1.1 429"), fourthAnswer.constData());
        QCOMPARE(server.hashesPending(), 3);
        QElapsedTimer t;
        t.start();
        qint64 last = 0, longestGap = 0;
        QByteArray rightAnswer, wrongAnswer;
        while (t.elapsed() < 30000
               && (!rightAnswer.contains("roce_test 1") || !wrongAnswer.contains("\r\n\r\n"))) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            QThread::msleep(2);
            rightAnswer += right.readAll();
            wrongAnswer += wrong.readAll();
            longestGap = std::max(longestGap, t.elapsed() - last);
            last = t.elapsed();
        }
        qInfo("one hash %lld ms; the server's thread paused at most %lld ms during three", hashMs,
              longestGap);
        QVERIFY2(rightAnswer.startsWith("HTTP/1.1 200 OK"), rightAnswer.constData());
        QVERIFY2(wrongAnswer.startsWith("HTTP/1.1 401 Unauthorized"), wrongAnswer.constData());
        QVERIFY2(longestGap < std::max<qint64>(hashMs / 2, 50),
                 qPrintable(
                     QStringLiteral("paused %1 ms, a hash takes %2").arg(longestGap).arg(hashMs)));
        QCOMPARE(server.scrapes(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(server.hashesPending(), 0, 10000);  // the departed one's too
        // The login is remembered: the next scrape is answered without a hash.
        QTcpSocket again;
        login(again, "prom:s3cret");
        QByteArray againAnswer;
        QTRY_VERIFY_WITH_TIMEOUT((againAnswer += again.readAll()).contains("roce_test 1"), 5000);
    }

    void fullMetricsServerAnswers503()
    {
        // Two peers being answered (and not yet stalled) hold both slots: a third is told
        // to come back, not reset.
        MetricsServer server("roce-test", [] { return QByteArray(8 << 20, 'x'); });
        MetricsServer::Limits limits;
        limits.maxConnections = 2;
        limits.stalledMs = 60000;
        server.setLimits(limits);
        const quint16 port = server.listen(QHostAddress::LocalHost, 0);
        QVERIFY(port);
        QTcpSocket a, b, c;
        for (QTcpSocket *s : {&a, &b}) {
            s->setReadBufferSize(4096);  // they read (almost) nothing
            s->connectToHost(QHostAddress::LocalHost, port);
            QVERIFY(s->waitForConnected(5000));
            s->write("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
        }
        QTRY_COMPARE_WITH_TIMEOUT(server.scrapes(), 2, 5000);
        c.connectToHost(QHostAddress::LocalHost, port);
        QByteArray answer;
        QTRY_VERIFY_WITH_TIMEOUT((answer += c.readAll()).contains("\r\n\r\n"), 5000);
        QVERIFY2(answer.startsWith("HTTP/1.1 503 Service Unavailable"), answer.constData());
        QVERIFY(answer.contains("Retry-After: 1"));
        QCOMPARE(server.turnedAway(), 1);
        QCOMPARE(server.connections(), 2);
    }

    void basicAuthVerifiesRemembersAndRations()
    {
        const QByteArray hash = BasicAuth::hash("s3cret", 4);
        QVERIFY(hash.startsWith("$2b$04$"));
        QVERIFY(BasicAuth::verify("s3cret", hash));
        QVERIFY(!BasicAuth::verify("s3cre", hash));
        QVERIFY(!BasicAuth::verify("s3cret", "$2b$04$not-a-real-hash"));
        // The hashes htpasswd and Go's bcrypt write ($2y$) verify too.
        const QByteArray go = "$2y$10$X0h1gDsPszWURQaxFh.zoubFi6DXncSjhoQNJgRrnGs7EsimhC7zG";
        QVERIFY(!BasicAuth::verify("not-it", go));

        qint64 now = 0;
        BasicAuth::Limits limits;
        limits.burstMs = 150;      // three hashes at the floor's 50 ms
        limits.msPerSecond = 100;  // then one every half second
        BasicAuth auth({{QStringLiteral("prom"), hash}}, limits, [&now] { return now; });
        auto header = [](const QByteArray &userPassword) -> QByteArray {
            return "Basic " + userPassword.toBase64();
        };
        QCOMPARE(auth.check(header("prom:s3cret")), BasicAuth::Verdict::Allowed);
        QCOMPARE(auth.hashesComputed(), 1);
        // Remembered: ten more scrapes, no more hashing.
        for (int i = 0; i < 10; ++i)
            QCOMPARE(auth.check(header("prom:s3cret")), BasicAuth::Verdict::Allowed);
        QCOMPARE(auth.hashesComputed(), 1);
        QCOMPARE(auth.check(QByteArray()), BasicAuth::Verdict::Denied);
        QCOMPARE(auth.check("Bearer abc"), BasicAuth::Verdict::Denied);
        QCOMPARE(auth.hashesComputed(), 1);  // nothing to hash in those
        // Wrong passwords and unknown users: two more hashes fit the burst, then none.
        QCOMPARE(auth.check(header("prom:wrong")), BasicAuth::Verdict::Denied);
        QCOMPARE(auth.check(header("eve:s3cret")), BasicAuth::Verdict::Denied);
        QCOMPARE(auth.check(header("prom:wrong")), BasicAuth::Verdict::Throttled);
        QCOMPARE(auth.check(header("prom:s3cre")), BasicAuth::Verdict::Throttled);
        QCOMPARE(auth.hashesComputed(), 3);
        // The remembered login is never rationed.
        QCOMPARE(auth.check(header("prom:s3cret")), BasicAuth::Verdict::Allowed);
        // Half a second later there is time for one more.
        now += 500;
        QCOMPARE(auth.check(header("prom:wrong")), BasicAuth::Verdict::Denied);
        QCOMPARE(auth.check(header("prom:wrong")), BasicAuth::Verdict::Throttled);
        QCOMPARE(auth.hashesComputed(), 4);
        // The ration is per source: another address has a burst of its own, and using it up
        // leaves the first as it was.
        const QByteArray other = peerSource(QHostAddress(QStringLiteral("10.0.0.7")));
        for (int i = 0; i < 3; ++i)
            QCOMPARE(auth.check(header("prom:wrong"), other), BasicAuth::Verdict::Denied);
        QCOMPARE(auth.check(header("prom:wrong"), other), BasicAuth::Verdict::Throttled);
        QCOMPARE(auth.check(header("prom:s3cre")), BasicAuth::Verdict::Throttled);
        QCOMPARE(auth.sourcesRationed(), 2);
        // An IPv6 /64 is one source; an IPv4-mapped address is its IPv4 one.
        QCOMPARE(peerSource(QHostAddress(QStringLiteral("2001:db8:1:2::5"))),
                 peerSource(QHostAddress(QStringLiteral("2001:db8:1:2:ffff::9"))));
        QVERIFY(peerSource(QHostAddress(QStringLiteral("2001:db8:1:3::5")))
                != peerSource(QHostAddress(QStringLiteral("2001:db8:1:2::5"))));
        QCOMPARE(peerSource(QHostAddress(QStringLiteral("::ffff:10.0.0.7"))), other);
    }

    void maxConnectionsFromFlagAndConfig()
    {
        QCOMPARE(parseAgentOptions({QStringLiteral("roce-agent")}).options->maxConnections, 0);
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("agent.conf")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[agent]\nmax_connections = 64\n");
        f.close();
        const auto fromFile = parseAgentOptions(
            {QStringLiteral("roce-agent"), QStringLiteral("--config"), f.fileName()});
        QVERIFY(fromFile.options);
        QCOMPARE(fromFile.options->maxConnections, 64);
        const auto flagWins = parseAgentOptions(
            {QStringLiteral("roce-agent"), QStringLiteral("--config"), f.fileName(),
             QStringLiteral("--max-connections"), QStringLiteral("8")});
        QVERIFY(flagWins.options);
        QCOMPARE(flagWins.options->maxConnections, 8);
        const auto bad
            = parseAgentOptions({QStringLiteral("roce-agent"), QStringLiteral("--max-connections"),
                                 QStringLiteral("0")});
        QVERIFY(!bad.options);
        QCOMPARE(bad.exitCode, 2);
    }

    void rejectsBrokenConfigFiles_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("misspelt key") << QByteArray("[agent]\ntokenfile = /etc/roce-agent/token\n");
        QTest::newRow("key outside [agent]") << QByteArray("listen = 0.0.0.0:1\n");
        QTest::newRow("plaintext not a boolean") << QByteArray("[agent]\nplaintext = maybe\n");
        QTest::newRow("max_connections not a number")
            << QByteArray("[agent]\nmax_connections = many\n");
    }

    void rejectsBrokenConfigFiles()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile f(dir.filePath(QStringLiteral("agent.conf")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        const auto parsed = parseAgentOptions(
            {QStringLiteral("roce-agent"), QStringLiteral("--config"), f.fileName()});
        QVERIFY(!parsed.options);
        QCOMPARE(parsed.exitCode, 2);

        const auto missing
            = parseAgentOptions({QStringLiteral("roce-agent"), QStringLiteral("--config"),
                                 dir.filePath(QStringLiteral("absent.conf"))});
        QVERIFY(!missing.options);
        QCOMPARE(missing.exitCode, 2);
    }

    // The binary must agree with libibverbs on this machine: the same device names, or the
    // explicit "none found" sentence when the host has no RDMA device.
    void listDevicesMatchesLibibverbs()
    {
        const auto devices = listVerbsDevices();
        QVERIFY2(devices.ok(), devices.ok() ? "" : qPrintable(devices.error().message));

        QProcess p;
        p.start(QStringLiteral(ROCE_AGENT_PATH), {QStringLiteral("--list-devices")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        if (devices->isEmpty()) {
            QCOMPARE(out, QStringLiteral("No RDMA devices found by libibverbs.\n"));
        } else {
            for (const auto &d : *devices)
                QVERIFY2(out.contains(d.name), qPrintable(out));
        }
    }

    void versionAndNoMode()
    {
        QProcess p;
        p.start(QStringLiteral(ROCE_AGENT_PATH), {QStringLiteral("--version")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()).trimmed(),
                 QStringLiteral("roce-agent ") + roce::applicationVersion());
        p.start(QStringLiteral(ROCE_AGENT_PATH), {});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
        // No mode and no credentials: the daemon refuses to serve anyone unauthenticated.
        QVERIFY(
            QString::fromUtf8(p.readAllStandardError()).contains(QStringLiteral("--token-file")));
    }
};

QTEST_GUILESS_MAIN(TestAgent)
#include "tst_agent.moc"
