#include "agentoptions.h"
#include "common/versions.h"
#include "verbsdevices.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace roce::agent;

class TestAgent : public QObject
{
    Q_OBJECT

private slots:
    void parsesSysfsRootAndModes()
    {
        const auto parsed
            = parseAgentOptions({QStringLiteral("roce-agent"), QStringLiteral("--sysfs-root"),
                                 QStringLiteral("/tmp/fixture"), QStringLiteral("--list-devices")});
        QVERIFY(parsed.options);
        QCOMPARE(parsed.options->sysfsRoot, QStringLiteral("/tmp/fixture"));
        QVERIFY(parsed.options->listDevices);

        const auto defaults = parseAgentOptions({QStringLiteral("roce-agent")});
        QVERIFY(defaults.options);
        QCOMPARE(defaults.options->sysfsRoot, QStringLiteral("/sys"));
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
        QCOMPARE(parsed.options->metricsListen, QStringLiteral("0.0.0.0:9471"));
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
