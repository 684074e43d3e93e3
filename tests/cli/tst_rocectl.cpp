#include "cli/commands/rocectl.h"
#include "cli/framework/output.h"
#include "live/hub/componentversions.h"
#include "proto/common/versions.h"
#include "sim/scenarios/livescenario.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace roce::cli;

namespace {

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run runInProcess(const QStringList &args)
{
    QString out;
    QString err;
    QTextStream outStream(&out);
    QTextStream errStream(&err);
    CommandIo io {outStream, errStream};
    const auto registry = makeRocectlRegistry();
    Run r;
    r.code = runRocectl(QStringList {QStringLiteral("rocectl")} + args, registry, io);
    outStream.flush();
    errStream.flush();
    r.out = out;
    r.err = err;
    return r;
}

Run runBinary(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(ROCECTL_PATH), args);
    Run r;
    if (!p.waitForFinished(30000))
        return r;
    r.code = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

}  // namespace

class TestRocectl : public QObject
{
    Q_OBJECT

private slots:
    void helpListsEveryCommand()
    {
        const Run r = runInProcess({QStringLiteral("--help")});
        QCOMPARE(r.code, int(ExitOk));
        QVERIFY(r.out.startsWith(QStringLiteral("Usage: rocectl")));
        const auto registry = makeRocectlRegistry();
        QVERIFY(!registry.commands().empty());
        for (const auto &command : registry.commands()) {
            QVERIFY2(r.out.contains(QStringLiteral("  ") + command->name()),
                     qPrintable(command->name()));
            QVERIFY(!command->summary().isEmpty());
        }
    }

    void watchListsEveryLeafSpineAndNicQualified()
    {
        // The served rail fabric through its NX-API endpoints and agents: every switch is a
        // source of its own, every port is qualified by its switch or host.
        const Run r
            = runBinary({QStringLiteral("watch"), QStringLiteral("--sim"),
                         QStringLiteral("--topology"), QStringLiteral("rail:8:2:2:2"),
                         QStringLiteral("--count"), QStringLiteral("3"), QStringLiteral("--json")});
        QCOMPARE(r.code, int(ExitOk));
        const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        const QJsonObject frame = QJsonDocument::fromJson(lines.last().toUtf8()).object();
        QSet<QString> switches, hosts;
        qsizetype rated = 0;
        for (const QJsonValue &v : frame.value(QStringLiteral("ports")).toArray()) {
            const QJsonObject p = v.toObject();
            const QString device = p.value(QStringLiteral("device")).toString();
            QCOMPARE(p.value(QStringLiteral("id")).toString().section(QLatin1Char('/'), 0, 0),
                     device);
            (p.value(QStringLiteral("kind")).toString() == QLatin1String("switch") ? switches
                                                                                   : hosts)
                .insert(device);
            rated += p.contains(QStringLiteral("in_util_percent"));
        }
        // By the third frame every port has had two polls: rates.
        QCOMPARE(rated, frame.value(QStringLiteral("ports")).toArray().size());
        QCOMPARE(switches,
                 (QSet<QString> {QStringLiteral("spine1"), QStringLiteral("spine2"),
                                 QStringLiteral("rail1-leaf1"), QStringLiteral("rail2-leaf1")}));
        QCOMPARE(hosts.size(), 8);
        int switchSources = 0, ok = 0;
        for (const QJsonValue &v : frame.value(QStringLiteral("sources")).toArray()) {
            switchSources
                += v.toObject().value(QStringLiteral("kind")).toString() == QLatin1String("switch");
            ok += v.toObject().value(QStringLiteral("state")).toString() == QLatin1String("ok");
        }
        QCOMPARE(switchSources, 4);
        QCOMPARE(ok, 4 + 8);
        QVERIFY(frame.value(QStringLiteral("alerts")).isArray());
    }

    void utilizationNeverPassesLineRate()
    {
        // Every live scenario of the reference fabric through the served endpoints, as
        // `rocectl watch --json` prints it: a port carries no more than its line rate (the
        // simulator counts frame bytes, and a late poll cannot make more of a count). Four
        // watches at a time keep this to about half a minute.
        QStringList pending;
        for (const roce::sim::LiveScenario &s : roce::sim::liveScenarios())
            pending.append(s.name);
        QVERIFY(pending.size() >= 10);
        QList<QPair<QString, QProcess *>> running;
        double highest = 0;
        QString where;
        int frames = 0;
        auto finish = [&](const QString &scenario, QProcess *p) {
            QVERIFY2(p->waitForFinished(60000), qPrintable(scenario));
            QVERIFY2(p->exitCode() == 0,
                     qPrintable(scenario + QLatin1Char(' ')
                                + QString::fromUtf8(p->readAllStandardError())));
            for (const QByteArray &line : p->readAllStandardOutput().split('\n')) {
                if (line.isEmpty())
                    continue;
                ++frames;
                for (const QJsonValue &v : QJsonDocument::fromJson(line)
                                               .object()
                                               .value(QStringLiteral("ports"))
                                               .toArray()) {
                    for (const char *key : {"in_util_percent", "out_util_percent"}) {
                        const double u = v.toObject().value(QLatin1String(key)).toDouble();
                        if (u > highest) {
                            highest = u;
                            where = scenario + QLatin1Char(' ')
                                + v.toObject().value(QStringLiteral("id")).toString();
                        }
                    }
                }
            }
            delete p;
        };
        while (!pending.isEmpty() || !running.isEmpty()) {
            while (!pending.isEmpty() && running.size() < 4) {
                const QString scenario = pending.takeFirst();
                auto *p = new QProcess;
                p->start(QStringLiteral(ROCECTL_PATH),
                         {QStringLiteral("watch"), QStringLiteral("--sim"),
                          QStringLiteral("--scenario"), scenario, QStringLiteral("--count"),
                          QStringLiteral("6"), QStringLiteral("--json")});
                running.append({scenario, p});
            }
            const auto [scenario, p] = running.takeFirst();
            finish(scenario, p);
        }
        QVERIFY(frames >= 6 * 10);
        QVERIFY2(highest <= 100.0,
                 qPrintable(QStringLiteral("%1 % at %2").arg(highest).arg(where)));
        // Something ran at line rate, or the check proves nothing.
        QVERIFY2(highest > 90.0, qPrintable(QStringLiteral("%1 % at %2").arg(highest).arg(where)));
    }

    void watchNeedsOneFabric()
    {
        QCOMPARE(runInProcess({QStringLiteral("watch"), QStringLiteral("--json")}).code,
                 int(ExitUsage));
        QCOMPARE(runInProcess({QStringLiteral("watch"), QStringLiteral("--inventory"),
                               QStringLiteral("/nonexistent.json")})
                     .code,
                 int(ExitFailure));
    }

    void noArgumentsIsUsageError()
    {
        const Run r = runInProcess({});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY(r.err.contains(QStringLiteral("Usage: rocectl")));
        QVERIFY(r.out.isEmpty());
    }

    void unknownCommandAndOption_data()
    {
        QTest::addColumn<QString>("arg");
        QTest::addColumn<QString>("expected");
        QTest::newRow("command") << "frobnicate"
                                 << "unknown command 'frobnicate'";
        QTest::newRow("option") << "--frobnicate"
                                << "unknown option '--frobnicate'";
    }

    void unknownCommandAndOption()
    {
        QFETCH(QString, arg);
        QFETCH(QString, expected);
        const Run r = runInProcess({arg});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    }

    void versionFlag()
    {
        const Run r = runInProcess({QStringLiteral("--version")});
        QCOMPARE(r.code, int(ExitOk));
        QCOMPARE(r.out, QStringLiteral("rocectl %1\n").arg(roce::applicationVersion()));
    }

    void versionCommandJson()
    {
        const Run r = runInProcess({QStringLiteral("version"), QStringLiteral("--json")});
        QCOMPARE(r.code, int(ExitOk));
        QJsonParseError error {};
        const auto doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject root = doc.object();
        QCOMPARE(root.value(QStringLiteral("rocectl")).toString(), roce::applicationVersion());
        const QJsonObject components = root.value(QStringLiteral("components")).toObject();
        QCOMPARE(components.value(QStringLiteral("qt"))
                     .toObject()
                     .value(QStringLiteral("version"))
                     .toString(),
                 QString::fromLatin1(qVersion()));
        for (const char *key : {"libssh", "rdma_core", "qtkeychain"}) {
            const QString version = components.value(QLatin1String(key))
                                        .toObject()
                                        .value(QStringLiteral("version"))
                                        .toString();
            QVERIFY2(!version.isEmpty(), key);
            QVERIFY2(version.at(0).isDigit(), qPrintable(version));
        }
    }

    void versionCommandTable()
    {
        const Run r = runInProcess({QStringLiteral("version")});
        QCOMPARE(r.code, int(ExitOk));
        const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 1 + int(roce::componentVersions().size()));
        QVERIFY(lines.at(0).startsWith(QStringLiteral("COMPONENT")));
        QVERIFY(lines.at(2).startsWith(QStringLiteral("Qt ")));
    }

    void commandHelpAndBadOption()
    {
        Run r = runInProcess({QStringLiteral("version"), QStringLiteral("--help")});
        QCOMPARE(r.code, int(ExitOk));
        QVERIFY2(r.out.contains(QStringLiteral("--json")), qPrintable(r.out));
        r = runInProcess({QStringLiteral("help"), QStringLiteral("version")});
        QCOMPARE(r.code, int(ExitOk));
        QVERIFY(r.out.contains(QStringLiteral("--json")));
        r = runInProcess({QStringLiteral("version"), QStringLiteral("--bogus")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("bogus")), qPrintable(r.err));
        r = runInProcess({QStringLiteral("version"), QStringLiteral("extra")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY(r.err.contains(QStringLiteral("unexpected argument 'extra'")));
    }

    void textTableAlignsNumbersRight()
    {
        TextTable table({QStringLiteral("PORT"), QStringLiteral("RATE")});
        table.addRow({QStringLiteral("Ethernet1/1/1"), QStringLiteral("9.23 Gb/s")});
        table.addRow({QStringLiteral("Eth1/2"), QStringLiteral("100 Gb/s")});
        table.addRow({QStringLiteral("mgmt0")});
        QCOMPARE(table.rowCount(), 3);
        QCOMPARE(table.render(),
                 QStringLiteral("PORT           RATE\n"
                                "Ethernet1/1/1  9.23 Gb/s\n"
                                "Eth1/2          100 Gb/s\n"
                                "mgmt0\n"));
    }

    // `rocectl decode nxapi`: the normalized snapshot with the documented snake_case keys.
    void decodeNxapi()
    {
        const QString dir = QStringLiteral(ROCE_SOURCE_DIR "/tests/fixtures/nxapi/");
        Run r = runInProcess({QStringLiteral("decode"), QStringLiteral("nxapi"),
                              dir + QStringLiteral("sim/poll_batch_reference.json"),
                              QStringLiteral("--json")});
        QCOMPARE(r.code, int(ExitOk));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("commands")).toArray().size(), 5);
        const QJsonArray ports = o.value(QStringLiteral("ports")).toArray();
        QJsonObject p1;
        for (const QJsonValue &v : ports) {
            if (v.toObject().value(QStringLiteral("name")).toString()
                == QLatin1String("Ethernet1/1/1"))
                p1 = v.toObject();
        }
        const QJsonObject q = p1.value(QStringLiteral("queuing")).toObject();
        QVERIFY(q.contains(QStringLiteral("ingress_mmu_drop_pkts")));
        QVERIFY(q.contains(QStringLiteral("rx_ppp")));
        QVERIFY(q.contains(QStringLiteral("tx_ppp")));
        QCOMPARE(q.value(QStringLiteral("qos_groups")).toArray().size(), 10);
        QCOMPARE(q.value(QStringLiteral("pfc_cos"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("cos"))
                     .toInt(),
                 3);
        QCOMPARE(
            p1.value(QStringLiteral("pfc")).toObject().value(QStringLiteral("oper")).toString(),
            QStringLiteral("On"));
        QVERIFY(
            p1.value(QStringLiteral("counters")).toObject().contains(QStringLiteral("in_bytes")));
        QVERIFY(o.value(QStringLiteral("lldp_neighbors")).toArray().size() >= 4);
        // A bare body needs the command; a truncated response says so.
        r = runInProcess({QStringLiteral("decode"), QStringLiteral("nxapi"),
                          dir + QStringLiteral("nxos10/lldp_body.json")});
        QCOMPARE(r.code, int(ExitFailure));
        QVERIFY2(r.err.contains(QStringLiteral("--command")), qPrintable(r.err));
        r = runInProcess({QStringLiteral("decode"), QStringLiteral("nxapi"),
                          dir + QStringLiteral("nxos10/lldp_body.json"),
                          QStringLiteral("--command"), QStringLiteral("show lldp neighbors detail"),
                          QStringLiteral("--json")});
        QCOMPARE(r.code, int(ExitOk));
        QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8())
                     .object()
                     .value(QStringLiteral("lldp_neighbors"))
                     .toArray()
                     .size(),
                 3);
        r = runInProcess({QStringLiteral("decode"), QStringLiteral("nxapi"),
                          dir + QStringLiteral("sim/poll_batch_truncated.json")});
        QCOMPARE(r.code, int(ExitFailure));
        QVERIFY2(r.err.contains(QStringLiteral("cut short")), qPrintable(r.err));
    }

    // `rocectl switch` against the embedded simulated switch (HTTPS on loopback, pinned).
    void switchOnSimulatedFabric()
    {
        Run r = runInProcess({QStringLiteral("switch"), QStringLiteral("--sim"),
                              QStringLiteral("--scenario"), QStringLiteral("lossy-incast"),
                              QStringLiteral("--count"), QStringLiteral("1"),
                              QStringLiteral("--json")});
        QCOMPARE(r.code, int(ExitOk));
        const QJsonObject o = QJsonDocument::fromJson(r.out.trimmed().toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("switch")).toString(), QStringLiteral("nexus-roce"));
        double drops = 0;
        for (const QJsonValue &v : o.value(QStringLiteral("ports")).toArray()) {
            const QJsonObject p = v.toObject();
            QVERIFY(p.contains(QStringLiteral("interval_s")));
            drops += p.value(QStringLiteral("ingress_mmu_drops_per_s")).toDouble();
        }
        QVERIFY2(drops > 1000, qPrintable(r.out));  // PFC off under incast: MMU drops
        // Topology from the switch's LLDP.
        r = runInProcess({QStringLiteral("switch"), QStringLiteral("--sim"),
                          QStringLiteral("--topology"), QStringLiteral("--json")});
        QCOMPARE(r.code, int(ExitOk));
        const QJsonArray links = QJsonDocument::fromJson(r.out.toUtf8())
                                     .object()
                                     .value(QStringLiteral("links"))
                                     .toArray();
        QVERIFY(links.size() >= 4);
        QCOMPARE(links.first().toObject().value(QStringLiteral("source")).toString(),
                 QStringLiteral("switch_lldp"));
    }

    // --seed (the fabric options' own): a whole number, with --sim only; the place a fault
    // without a target lands on is drawn from it.
    void fabricSeedDrawsTheFaultsPlace()
    {
        Run r = runInProcess({QStringLiteral("watch"), QStringLiteral("--sim"),
                              QStringLiteral("--seed"), QStringLiteral("x")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("--seed takes a whole number")), qPrintable(r.err));
        r = runInProcess({QStringLiteral("diagnose"), QStringLiteral("--inventory"),
                          QStringLiteral("/nonexistent.json"), QStringLiteral("--seed"),
                          QStringLiteral("2")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("go with --sim")), qPrintable(r.err));
        QSet<QString> places;
        for (const char *seed : {"1", "2"}) {
            r = runInProcess(
                {QStringLiteral("diagnose"), QStringLiteral("--sim"), QStringLiteral("--scenario"),
                 QStringLiteral("training+nic-stall"), QStringLiteral("--seed"),
                 QLatin1String(seed), QStringLiteral("--warmup"), QStringLiteral("0"),
                 QStringLiteral("--seconds"), QStringLiteral("1"), QStringLiteral("--json")});
            QCOMPARE(r.code, int(ExitOk));
            const QJsonArray injected = QJsonDocument::fromJson(r.out.toUtf8())
                                            .object()
                                            .value(QStringLiteral("scenario"))
                                            .toObject()
                                            .value(QStringLiteral("injected"))
                                            .toArray();
            QCOMPARE(injected.size(), 1);
            QVERIFY(injected.first().toObject().value(QStringLiteral("drawn")).toBool());
            places.insert(injected.first().toObject().value(QStringLiteral("location")).toString());
        }
        QCOMPARE(places.size(), 2);
    }

    // Faults that cannot start end `rocectl diagnose` at once with the reason (it watched a
    // healthy fabric for --seconds, then said only that they did not start).
    void diagnoseFaultsThatCannotStartSayWhy()
    {
        const Run r = runInProcess(
            {QStringLiteral("diagnose"), QStringLiteral("--sim"), QStringLiteral("--scenario"),
             QStringLiteral("training+ecmp-polarized"), QStringLiteral("--warmup"),
             QStringLiteral("0"), QStringLiteral("--seconds"), QStringLiteral("60")});
        QCOMPARE(r.code, int(ExitFailure));
        QVERIFY2(r.err.contains(QStringLiteral("the faults of 'training+ecmp-polarized' cannot "
                                               "start: fault 'ecmp-polarized' needs a leaf/spine "
                                               "fabric")),
                 qPrintable(r.err));
        QVERIFY2(r.out.isEmpty(), qPrintable(r.out));  // no report of a healthy fabric
        // A target the fabric has not is said at once, not after the warm-up's 60 s.
        QElapsedTimer t;
        t.start();
        const Run absent = runInProcess({QStringLiteral("diagnose"), QStringLiteral("--sim"),
                                         QStringLiteral("--scenario"),
                                         QStringLiteral("training+slow-host:nosuch"),
                                         QStringLiteral("--warmup"), QStringLiteral("60")});
        QCOMPARE(absent.code, int(ExitFailure));
        QVERIFY2(absent.err.contains(QStringLiteral("cannot start: no server 'nosuch'")),
                 qPrintable(absent.err));
        QVERIFY2(t.elapsed() < 20000, qPrintable(QString::number(t.elapsed())));
    }

    // `rocectl job --tool train` takes a rank's fields (it could never build one: 'master_addr'
    // had no option), and sockperf's --size is its message size. Against no agent: the job
    // is whole, and only the connection fails.
    void jobTakesTrainingAndSockperfFields()
    {
        qputenv("ROCE_TEST_AGENT_TOKEN", "t");
        const QStringList agent {
            QStringLiteral("job"),         QStringLiteral("--agent"),
            QStringLiteral("127.0.0.1:1"), QStringLiteral("--plaintext"),
            QStringLiteral("--token-env"), QStringLiteral("ROCE_TEST_AGENT_TOKEN")};
        Run r = runInProcess(
            agent
            + QStringList {QStringLiteral("--tool"), QStringLiteral("train"),
                           QStringLiteral("--role"), QStringLiteral("rank"),
                           QStringLiteral("--rank"), QStringLiteral("1"),
                           QStringLiteral("--world-size"), QStringLiteral("2"),
                           QStringLiteral("--master-addr"), QStringLiteral("127.0.0.1"),
                           QStringLiteral("--master-port"), QStringLiteral("29500"),
                           QStringLiteral("--model-mb"), QStringLiteral("8"),
                           QStringLiteral("--backend"), QStringLiteral("gloo")});
        QCOMPARE(r.code, int(ExitFailure));
        QVERIFY2(r.err.contains(QStringLiteral("Connection refused")), qPrintable(r.err));
        r = runInProcess(agent
                         + QStringList {QStringLiteral("--tool"), QStringLiteral("sockperf"),
                                        QStringLiteral("--role"), QStringLiteral("client"),
                                        QStringLiteral("--server"), QStringLiteral("127.0.0.1"),
                                        QStringLiteral("--size"), QStringLiteral("64")});
        QCOMPARE(r.code, int(ExitFailure));
        QVERIFY2(r.err.contains(QStringLiteral("Connection refused")), qPrintable(r.err));
        // The agent's own checks still hold.
        r = runInProcess(agent
                         + QStringList {QStringLiteral("--tool"), QStringLiteral("train"),
                                        QStringLiteral("--role"), QStringLiteral("rank"),
                                        QStringLiteral("--rank"), QStringLiteral("2"),
                                        QStringLiteral("--world-size"), QStringLiteral("2"),
                                        QStringLiteral("--master-addr"),
                                        QStringLiteral("127.0.0.1")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("rank 2 is not below world_size 2")),
                 qPrintable(r.err));
    }

    // On a served rail fabric a client names its server as the inventory does (gpu0002), not
    // by the model's name for one of its NICs (gpu0002-nic0), which it had to.
    void jobOnARailFabricNamesItsServerByItsHost()
    {
        QTemporaryDir dir;
        QProcess served;
        served.start(QStringLiteral(ROCECTL_PATH),
                     {QStringLiteral("sim"), QStringLiteral("--serve"),
                      QStringLiteral("--topology"), QStringLiteral("rail:4:2:2:1"),
                      QStringLiteral("--write-inventory"),
                      dir.filePath(QStringLiteral("fabric.json")), QStringLiteral("--json")});
        QVERIFY(served.waitForStarted());
        QVERIFY(QTest::qWaitFor([&] { return served.canReadLine(); }, 60000));
        const QJsonObject info = QJsonDocument::fromJson(served.readLine()).object();
        const QJsonArray hosts = info.value(QStringLiteral("hosts")).toArray();
        QVERIFY(hosts.size() == 4);
        const QString token = info.value(QStringLiteral("env"))
                                  .toObject()
                                  .value(QStringLiteral("ROCE_AGENT_TOKEN"))
                                  .toString();
        qputenv("ROCE_TEST_RAIL_TOKEN", token.toUtf8());
        const auto agentOf = [&](int i) {
            const QJsonObject h = hosts.at(i).toObject();
            return QStringList {QStringLiteral("job"),
                                QStringLiteral("--agent"),
                                h.value(QStringLiteral("agent")).toString(),
                                QStringLiteral("--pin"),
                                h.value(QStringLiteral("pin_sha256")).toString(),
                                QStringLiteral("--token-env"),
                                QStringLiteral("ROCE_TEST_RAIL_TOKEN"),
                                QStringLiteral("--tool"),
                                QStringLiteral("ib_write_bw")};
        };
        QCOMPARE(hosts.at(1).toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("gpu0002"));
        QProcess server;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("ROCE_TEST_RAIL_TOKEN"), token);
        server.setProcessEnvironment(env);
        server.start(QStringLiteral(ROCECTL_PATH),
                     agentOf(1) + QStringList {QStringLiteral("--role"), QStringLiteral("server")});
        QVERIFY(server.waitForStarted());
        QByteArray serverErr;
        QTRY_VERIFY_WITH_TIMEOUT((serverErr += server.readAllStandardError()).contains(" ready"),
                                 20000);
        const Run client
            = runInProcess(agentOf(0)
                           + QStringList {QStringLiteral("--role"), QStringLiteral("client"),
                                          QStringLiteral("--server"), QStringLiteral("gpu0002"),
                                          QStringLiteral("--duration"), QStringLiteral("1"),
                                          QStringLiteral("--json")});
        server.waitForFinished(20000);
        served.terminate();
        served.waitForFinished(10000);
        QVERIFY2(client.code == int(ExitOk), qPrintable(client.err));
        const QJsonObject result = QJsonDocument::fromJson(client.out.toUtf8()).object();
        QCOMPARE(result.value(QStringLiteral("state")).toString(), QStringLiteral("succeeded"));
    }

    // A record that fails before its first tick keeps no file: one would only stand in the
    // way of the corrected command (--out never overwrites).
    void failedRecordKeepsNoFile()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("run.rfr"));
        const Run r = runInProcess({QStringLiteral("record"), QStringLiteral("--inventory"),
                                    dir.filePath(QStringLiteral("absent.json")),
                                    QStringLiteral("--seconds"), QStringLiteral("2"),
                                    QStringLiteral("--out"), out});
        QCOMPARE(r.code, int(ExitFailure));
        QVERIFY2(r.err.contains(QStringLiteral("was not kept")), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
        // A misspelt scenario is said before a fabric starts for it (and nothing is created).
        const Run misspelt = runInProcess(
            {QStringLiteral("record"), QStringLiteral("--sim"), QStringLiteral("--scenario"),
             QStringLiteral("training+nic-stal"), QStringLiteral("--seconds"), QStringLiteral("2"),
             QStringLiteral("--out"), out});
        QCOMPARE(misspelt.code, int(ExitUsage));
        QVERIFY2(misspelt.err.contains(QStringLiteral("unknown live scenario 'nic-stal'")),
                 qPrintable(misspelt.err));
        QVERIFY(!QFile::exists(out));
    }

    // Every --topology is checked the same way, before anything starts (a usage error), and
    // the refusal names the limit the shape breaks.
    void topologyLimitsAreNamed()
    {
        Run r = runInProcess({QStringLiteral("watch"), QStringLiteral("--sim"),
                              QStringLiteral("--topology"), QStringLiteral("rail:4:1:3:1"),
                              QStringLiteral("--count"), QStringLiteral("1")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("(RAILS from 1 to NICS)")), qPrintable(r.err));
        // The pingmesh's model took it, and a one-host fabric, and said all was well.
        r = runInProcess({QStringLiteral("pingmesh"), QStringLiteral("--sim"),
                          QStringLiteral("--topology"), QStringLiteral("rail:1:1:1:1")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("(HOSTS from 2 to 4096)")), qPrintable(r.err));
        r = runInProcess({QStringLiteral("exporter"), QStringLiteral("--sim"),
                          QStringLiteral("--topology"), QStringLiteral("rail:8:2:2:65")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("(SPINES from 1 to 64)")), qPrintable(r.err));
        r = runInProcess({QStringLiteral("record"), QStringLiteral("--sim"),
                          QStringLiteral("--topology"), QStringLiteral("mesh"),
                          QStringLiteral("--seconds"), QStringLiteral("1"), QStringLiteral("--out"),
                          QStringLiteral("/nonexistent/x.rfr")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("unknown topology 'mesh'")), qPrintable(r.err));
        // A star is the model's: the served fabrics refused it only once started (exit 1).
        r = runInProcess({QStringLiteral("diagnose"), QStringLiteral("--sim"),
                          QStringLiteral("--topology"), QStringLiteral("star16"),
                          QStringLiteral("--seconds"), QStringLiteral("1")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("not 'star16'")), qPrintable(r.err));
    }

    // A scenario's shape is checked before anything starts, as its names are: empty parts,
    // two loads and a load with a target were refused only after the warm-up, with exit 1.
    void scenarioShapesAreCheckedFirst_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("said");
        QTest::newRow("trailing +")
            << QStringLiteral("training+") << QStringLiteral("'training+' has an empty part");
        QTest::newRow("doubled +")
            << QStringLiteral("training++nic-stall") << QStringLiteral("has an empty part");
        QTest::newRow("two loads") << QStringLiteral("training+training")
                                   << QStringLiteral("names two loads (training and training)");
        QTest::newRow("load with a target")
            << QStringLiteral("dcqcn-incast:gpu1+nic-stall")
            << QStringLiteral("'dcqcn-incast' is a load and takes no target");
    }

    void scenarioShapesAreCheckedFirst()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, said);
        QElapsedTimer t;
        t.start();
        const Run r = runInProcess({QStringLiteral("diagnose"), QStringLiteral("--sim"),
                                    QStringLiteral("--scenario"), scenario,
                                    QStringLiteral("--warmup"), QStringLiteral("30")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(said), qPrintable(r.err));
        QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
        QVERIFY2(t.elapsed() < 20000, "refused only after a fabric started");
    }

    // A fabric none of whose sources answered was not diagnosed: exit 1, said (it exited 0
    // with "No finding"). And the report's seconds are those watched.
    void diagnoseOfNoSourceFails()
    {
        const Run r = runInProcess({QStringLiteral("diagnose"), QStringLiteral("--prometheus"),
                                    QStringLiteral("http://127.0.0.1:1"), QStringLiteral("--wait"),
                                    QStringLiteral("1"), QStringLiteral("--seconds"),
                                    QStringLiteral("2"), QStringLiteral("--json")});
        QCOMPARE(r.code, int(ExitFailure));
        QVERIFY2(r.err.contains(QStringLiteral("no source of the fabric answered")),
                 qPrintable(r.err));
        const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const double seconds = report.value(QStringLiteral("seconds")).toDouble();
        QVERIFY2(seconds >= 1.9 && seconds < 4, qPrintable(r.out));
        QCOMPARE(report.value(QStringLiteral("sources")).toArray().size(), 1);
    }

    // A pingmesh of fewer than two endpoints exits 1 and says so; an agent that never
    // answered is named by its address (it never said its host's name).
    void pingmeshOfNoPairFails()
    {
        qputenv("ROCE_TEST_AGENT_TOKEN", "t");
        const Run r = runInProcess(
            {QStringLiteral("pingmesh"), QStringLiteral("--agent"), QStringLiteral("127.0.0.1:1"),
             QStringLiteral("--agent"), QStringLiteral("127.0.0.1:2"),
             QStringLiteral("--plaintext"), QStringLiteral("--token-env"),
             QStringLiteral("ROCE_TEST_AGENT_TOKEN"), QStringLiteral("--seconds"),
             QStringLiteral("2"), QStringLiteral("--json")});
        QCOMPARE(r.code, int(ExitFailure));
        QVERIFY2(r.err.contains(QStringLiteral("0 endpoint(s) took part")), qPrintable(r.err));
        const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QStringList names;
        for (const QJsonValue &f : report.value(QStringLiteral("endpoints_failed")).toArray())
            names.append(f.toObject().value(QStringLiteral("name")).toString());
        names.sort();
        QCOMPARE(names,
                 (QStringList {QStringLiteral("127.0.0.1:1"), QStringLiteral("127.0.0.1:2")}));
    }

    // With --served, a live fault whose name the model's pingmesh also has (bad-link) is the
    // live one: it reaches the served fabric, which names what is wrong with its target; the
    // model's own faults are still refused there.
    void servedPingmeshTakesLiveFaultsOfSharedNames()
    {
        Run r = runInProcess({QStringLiteral("pingmesh"), QStringLiteral("--sim"),
                              QStringLiteral("--served"), QStringLiteral("--scenario"),
                              QStringLiteral("bad-link:nexus-roce/Ethernet9/9"),
                              QStringLiteral("--seconds"), QStringLiteral("3")});
        QCOMPARE(r.code, int(ExitFailure));
        QVERIFY2(r.err.contains(QStringLiteral("no cabled switch port 'nexus-roce/Ethernet9/9'")),
                 qPrintable(r.err));
        r = runInProcess({QStringLiteral("pingmesh"), QStringLiteral("--sim"),
                          QStringLiteral("--served"), QStringLiteral("--scenario"),
                          QStringLiteral("bad-nic:ubunturdma1")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("a fault of the model alone")), qPrintable(r.err));
    }

    // A recording of the reference fabric is diagnosed as the live fabric was: the stalled
    // NIC explains the pauses it spreads, with its victims (the replay had no placement of
    // the virtual servers behind their hypervisors, and explained none of them).
    void diagnoseOfAReplayIsTheLiveOne()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("stall.rfr"));
        const Run recorded = runInProcess(
            {QStringLiteral("record"), QStringLiteral("--sim"), QStringLiteral("--scenario"),
             QStringLiteral("nic-stall:ubunturdma6/rocep11s0"), QStringLiteral("--seconds"),
             QStringLiteral("12"), QStringLiteral("--out"), path});
        QVERIFY2(recorded.code == int(ExitOk), qPrintable(recorded.err));
        const Run r = runInProcess({QStringLiteral("diagnose"), QStringLiteral("--replay"), path,
                                    QStringLiteral("--json")});
        QVERIFY2(r.code == int(ExitOk), qPrintable(r.err));
        const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonArray findings = report.value(QStringLiteral("findings")).toArray();
        const auto stall
            = std::find_if(findings.cbegin(), findings.cend(), [](const QJsonValue &f) {
                  return f.toObject().value(QStringLiteral("kind")).toString()
                      == QLatin1String("nic_stall");
              });
        QVERIFY2(stall != findings.cend(), qPrintable(r.out));
        const QJsonObject finding = stall->toObject();
        QCOMPARE(finding.value(QStringLiteral("location")).toString(),
                 QStringLiteral("ubunturdma6/rocep11s0"));
        QVERIFY2(finding.value(QStringLiteral("explains")).toArray().size() >= 5,
                 qPrintable(r.out));
        QVERIFY2(!finding.value(QStringLiteral("victims")).toArray().isEmpty(), qPrintable(r.out));
        QVERIFY2(!finding.value(QStringLiteral("pause_tree")).toArray().isEmpty(),
                 qPrintable(r.out));
    }

    // A recording without ticks is no fabric seen: not a report of a healthy one.
    void diagnoseRefusesARecordingWithoutTicks()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("empty.rfr"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QByteArray header(16, '\0');
        std::memcpy(header.data(), "ROCEREC1\x01", 9);  // the format's header, version 1
        f.write(header);
        f.close();
        const Run r = runInProcess({QStringLiteral("diagnose"), QStringLiteral("--replay"), path,
                                    QStringLiteral("--json")});
        QCOMPARE(r.code, int(ExitFailure));
        QVERIFY2(r.err.contains(QStringLiteral("holds no ticks: nothing to diagnose")),
                 qPrintable(r.err));
        QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
    }

    // `rocectl whatif`: what it refuses, and its JSON keys (scripts read them) on a small
    // served leaf/spine fabric, the change verified on it.
    void whatIfCommand()
    {
        QTemporaryDir dir;
        const QString change = dir.filePath(QStringLiteral("kmin.cfg"));
        QFile f(change);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("policy-map type queuing QOS_EGRESS_PORT\n  class type queuing c-out-8q-q3\n"
                "    random-detect minimum-threshold 75 kbytes maximum-threshold 3000 kbytes "
                "drop-probability 7 weight 0 ecn\n");
        f.close();
        Run r = runInProcess({QStringLiteral("whatif"), QStringLiteral("--sim")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("--change")), qPrintable(r.err));
        r = runInProcess({QStringLiteral("whatif"), QStringLiteral("--inventory"),
                          QStringLiteral("/nonexistent.json"), QStringLiteral("--change"), change,
                          QStringLiteral("--verify")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("never changes a real switch")), qPrintable(r.err));
        const QString bad = dir.filePath(QStringLiteral("bad.cfg"));
        QFile b(bad);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write("! a NIC line without its value\necn/roce_rp/rpg_time_reset\n");
        b.close();
        r = runInProcess(
            {QStringLiteral("whatif"), QStringLiteral("--sim"), QStringLiteral("--change"), bad});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("line 2")), qPrintable(r.err));

        r = runInProcess({QStringLiteral("whatif"), QStringLiteral("--sim"),
                          QStringLiteral("--topology"), QStringLiteral("rail:8:2:2:2"),
                          QStringLiteral("--scenario"), QStringLiteral("dcqcn-incast"),
                          QStringLiteral("--change"), change, QStringLiteral("--seconds"),
                          QStringLiteral("3"), QStringLiteral("--warmup"), QStringLiteral("2"),
                          QStringLiteral("--settle"), QStringLiteral("2"),
                          QStringLiteral("--verify"), QStringLiteral("--json")});
        QCOMPARE(r.code, int(ExitOk));
        const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QStringList keys {
            QStringLiteral("queue_mean_kb"),     QStringLiteral("goodput_gbps"),
            QStringLiteral("ecn_marks_per_s"),   QStringLiteral("cnp_sent_per_s"),
            QStringLiteral("cnp_handled_per_s"), QStringLiteral("rx_pauses_per_s"),
            QStringLiteral("tx_pauses_per_s"),   QStringLiteral("ingress_mmu_drops_per_s"),
            QStringLiteral("egress_drops_per_s")};
        const QJsonObject predicted = report.value(QStringLiteral("predicted")).toObject();
        for (const char *side : {"current", "proposed"}) {
            const QJsonObject figures = predicted.value(QLatin1String(side)).toObject();
            for (const QString &key : keys)
                QVERIFY2(figures.value(key).isDouble(), qPrintable(QLatin1String(side) + key));
        }
        for (const char *part : {"observed", "error"}) {
            const QJsonObject o = report.value(QLatin1String(part)).toObject();
            for (const QString &key : keys)
                QVERIFY2(o.contains(key), qPrintable(QLatin1String(part) + key));
        }
        const QJsonObject twin = report.value(QStringLiteral("twin")).toObject();
        QCOMPARE(twin.value(QStringLiteral("nics")).toInt(), 16);
        QCOMPARE(twin.value(QStringLiteral("switches")).toInt(), 4);
        QCOMPARE(twin.value(QStringLiteral("switch_links")).toInt(), 4);
        // The incast: seven senders into one NIC, each found by its rates.
        QCOMPARE(twin.value(QStringLiteral("flows")).toArray().size(), 7);
        QVERIFY(predicted.value(QStringLiteral("current"))
                    .toObject()
                    .value(QStringLiteral("ecn_marks_per_s"))
                    .toDouble()
                > 100);
        QVERIFY(report.value(QStringLiteral("calibration"))
                    .toObject()
                    .contains(QStringLiteral("error")));
        QVERIFY(report.value(QStringLiteral("drops_agree")).toBool());
    }

    void switchUsageAndErrors()
    {
        Run r = runInProcess({QStringLiteral("switch")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY(r.err.contains(QStringLiteral("--url")));
        qputenv("ROCE_NXAPI_PASSWORD", "secret");
        r = runInProcess({QStringLiteral("switch"), QStringLiteral("--url"),
                          QStringLiteral("http://127.0.0.1:9/ins")});
        QCOMPARE(r.code, int(ExitFailure));
        QVERIFY2(r.err.contains(QStringLiteral("plain HTTP")), qPrintable(r.err));
        QVERIFY(!r.err.contains(QStringLiteral("secret")));
        qunsetenv("ROCE_NXAPI_PASSWORD");
        r = runInProcess({QStringLiteral("switch"), QStringLiteral("--url"),
                          QStringLiteral("https://127.0.0.1:9")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY(r.err.contains(QStringLiteral("ROCE_NXAPI_PASSWORD")));
    }

    // `rocectl audit`: offline on the seeds' configuration, and live on the simulated switch.
    void auditCommand()
    {
        const QString config = QStringLiteral(
            ROCE_SOURCE_DIR "/tests/fixtures/nxapi/config/seed_running_config.txt");
        Run r = runInProcess({QStringLiteral("audit"), QStringLiteral("--config"), config,
                              QStringLiteral("--json")});
        QCOMPARE(r.code, int(ExitFailure));  // the watchdog is off in the seeds' config
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("failed")).toInt(), 1);
        QCOMPARE(o.value(QStringLiteral("roce_ports")).toArray().size(), 4);
        r = runInProcess({QStringLiteral("audit"), QStringLiteral("--config"), config});
        QVERIFY(r.out.contains(QStringLiteral("[FAIL] The PFC watchdog is on")));
        QVERIFY(r.out.contains(QStringLiteral("priority-flow-control watch-dog-interval on")));
        r = runInProcess({QStringLiteral("audit"), QStringLiteral("--sim"),
                          QStringLiteral("--scenario"), QStringLiteral("pfc-wrong-cos"),
                          QStringLiteral("--json")});
        const QJsonObject live = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QString pfcCos;
        for (const QJsonValue &c : live.value(QStringLiteral("checks")).toArray()) {
            if (c.toObject().value(QStringLiteral("id")).toString()
                == QLatin1String("pfc_cos_no_drop"))
                pfcCos = c.toObject().value(QStringLiteral("status")).toString();
        }
        QCOMPARE(pfcCos, QStringLiteral("fail"));
        // A RoCE port the switch does not have is said, not audited (the MTU check passed it).
        r = runInProcess({QStringLiteral("audit"), QStringLiteral("--sim"),
                          QStringLiteral("--ports"), QStringLiteral("Ethernet1/1/1,Ethernet9/9")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("--ports: the switch has no Ethernet9/9")),
                 qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    // The real binary, as scripts call it.
    void binaryEndToEnd()
    {
        Run r = runBinary({QStringLiteral("--version")});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.trimmed(), QStringLiteral("rocectl ") + roce::applicationVersion());
        r = runBinary({QStringLiteral("version"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY(QJsonDocument::fromJson(r.out.toUtf8()).isObject());
        r = runBinary({QStringLiteral("no-such-command")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("no-such-command")));
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRocectl)
#include "tst_rocectl.moc"
