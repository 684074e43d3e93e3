#include "agentoptions.h"
#include "common/versions.h"
#include "verbsdevices.h"

#include <QProcess>
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
