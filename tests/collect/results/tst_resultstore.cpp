// The results store: schema versions and migration, crash consistency, and runs recorded by
// `rocectl job --record` through a real roce-agent running real iperf3 on loopback.
#include "cli/commands/rocectl.h"
#include "collect/results/resultstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using roce::results::ResultStore;

class TestResultStore : public QObject
{
    Q_OBJECT

private slots:
    void recordAndRead();
    void migratesVersionOne();
    void crashLeavesNoRunningRun();
    void refusesNewerSchema();
    void rocectlJobRecordsIperf3();

private:
    QTemporaryDir m_dir;
};

void TestResultStore::recordAndRead()
{
    const QString path = m_dir.filePath(QStringLiteral("a.sqlite"));
    auto store = ResultStore::open(path);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));
    QCOMPARE((*store)->schemaVersion(), ResultStore::kSchemaVersion);
    const auto first = (*store)->beginRun(QStringLiteral("ib_write_bw"), QStringLiteral("QoS off"),
                                          {{QStringLiteral("size"), 1048576}}, 1000);
    QVERIFY(first);
    QVERIFY((*store)->finishRun(*first, QStringLiteral("succeeded"),
                                {{QStringLiteral("bw_average_gbps"), 9.23}}, QStringLiteral("raw"),
                                {}, 2000, {{QStringLiteral("mmu_drops"), 0}}));
    const auto second
        = (*store)->beginRun(QStringLiteral("iperf3"), QStringLiteral("TCP"), {}, 3000);
    QVERIFY((*store)->finishRun(*second, QStringLiteral("failed"), {}, {},
                                QStringLiteral("unable to connect"), 3500));
    const auto runs = (*store)->runs();
    QVERIFY(runs);
    QCOMPARE(runs->size(), 2);
    QCOMPARE(runs->at(0).kind, QStringLiteral("iperf3"));  // newest first
    QCOMPARE(runs->at(0).error, QStringLiteral("unable to connect"));
    const auto one = (*store)->run(*first);
    QVERIFY(one && *one);
    QCOMPARE((**one).label, QStringLiteral("QoS off"));
    QCOMPARE((**one).parameters.value(QStringLiteral("size")).toInt(), 1048576);
    QCOMPARE((**one).result.value(QStringLiteral("bw_average_gbps")).toDouble(), 9.23);
    QCOMPARE((**one).fabric.value(QStringLiteral("mmu_drops")).toInt(), 0);
    QCOMPARE((**one).rawOutput, QStringLiteral("raw"));
    // Lists carry everything but the raw output (read one run for it).
    QCOMPARE(runs->at(1).result.value(QStringLiteral("bw_average_gbps")).toDouble(), 9.23);
    QVERIFY(runs->at(1).rawOutput.isEmpty());
    QVERIFY(!(*store)->finishRun(999, QStringLiteral("succeeded"), {}, {}, {}, 1));
    QVERIFY(!*(*store)->run(999));
}

void TestResultStore::migratesVersionOne()
{
    // A database written by schema version 1 (no fabric column), with one run in it.
    const QString path = m_dir.filePath(QStringLiteral("v1.sqlite"));
    {
        QSqlDatabase db
            = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v1"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral(
            "CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, label "
            "TEXT, state TEXT NOT NULL, error TEXT, started_ms INTEGER NOT NULL, finished_ms "
            "INTEGER, parameters TEXT, result TEXT, raw_output TEXT)")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO runs (kind, label, state, started_ms) VALUES "
                                      "('sockperf', 'old', 'succeeded', 5)")));
        QVERIFY(q.exec(QStringLiteral("PRAGMA user_version=1")));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("v1"));
    auto store = ResultStore::open(path);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));
    QCOMPARE((*store)->schemaVersion(), 2);
    const auto runs = (*store)->runs();
    QCOMPARE(runs->size(), 1);
    QCOMPARE(runs->first().label, QStringLiteral("old"));
    // The new column works.
    QVERIFY((*store)->finishRun(runs->first().id, QStringLiteral("succeeded"), {}, {}, {}, 6,
                                {{QStringLiteral("ecn"), 3}}));
    QCOMPARE((**(*store)->run(runs->first().id)).fabric.value(QStringLiteral("ecn")).toInt(), 3);
}

void TestResultStore::crashLeavesNoRunningRun()
{
    const QString path = m_dir.filePath(QStringLiteral("crash.sqlite"));
    qint64 id = 0;
    {
        auto store = ResultStore::open(path);
        id = *(*store)->beginRun(QStringLiteral("train"), QStringLiteral("8 ranks"), {}, 1);
        // ... and the program dies here: no finishRun.
    }
    auto store = ResultStore::open(path);
    QVERIFY(store);
    QCOMPARE((*store)->interruptedOnOpen(), 1);
    const auto run = **(*store)->run(id);
    QCOMPARE(run.state, QStringLiteral("failed"));
    QVERIFY(run.error.contains(QLatin1String("interrupted")));
}

void TestResultStore::refusesNewerSchema()
{
    const QString path = m_dir.filePath(QStringLiteral("future.sqlite"));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("f"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery(db).exec(QStringLiteral("PRAGMA user_version=99"));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("f"));
    const auto store = ResultStore::open(path);
    QVERIFY(!store);
    QVERIFY(store.error().message.contains(QLatin1String("newer")));
}

void TestResultStore::rocectlJobRecordsIperf3()
{
    // A real agent (plaintext on loopback) running real iperf3, driven by rocectl job.
    const QString tokenFile = m_dir.filePath(QStringLiteral("token"));
    QFile token(tokenFile);
    QVERIFY(token.open(QIODevice::WriteOnly));
    token.write("results-store-test-token-0123");
    token.close();
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const QString port = QString::number(probe.serverPort());
    probe.close();
    QProcess agent;
    agent.setProcessChannelMode(QProcess::MergedChannels);
    agent.start(QStringLiteral(ROCE_AGENT_PATH),
                {QStringLiteral("--listen"), QStringLiteral("127.0.0.1:") + port,
                 QStringLiteral("--metrics"), QStringLiteral("off"), QStringLiteral("--plaintext"),
                 QStringLiteral("--token-file"), tokenFile});
    QVERIFY(agent.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            QTcpSocket s;
            s.connectToHost(QHostAddress::LocalHost, port.toUShort());
            return s.waitForConnected(200);
        }(),
        10000);
    const QString db = m_dir.filePath(QStringLiteral("runs.sqlite"));
    auto rocectl = [&](QStringList args) {
        QString out, err;
        QTextStream o(&out), e(&err);
        roce::cli::CommandIo io {o, e};
        const auto registry = roce::cli::makeRocectlRegistry();
        args.prepend(QStringLiteral("rocectl"));
        const int code = roce::cli::runRocectl(args, registry, io);
        o.flush();
        e.flush();
        return std::make_tuple(code, out, err);
    };
    const QStringList common {QStringLiteral("--agent"),
                              QStringLiteral("127.0.0.1:") + port,
                              QStringLiteral("--plaintext"),
                              QStringLiteral("--token-file"),
                              tokenFile,
                              QStringLiteral("--tool"),
                              QStringLiteral("iperf3"),
                              QStringLiteral("--port"),
                              QString::number(probe.serverPort() + 1)};
    // A client against no server: a failed run that carries iperf3's own message.
    auto [code, out, err]
        = rocectl(QStringList {QStringLiteral("job")} + common
                  + QStringList {QStringLiteral("--role"), QStringLiteral("client"),
                                 QStringLiteral("--server"), QStringLiteral("127.0.0.1"),
                                 QStringLiteral("--duration"), QStringLiteral("1"),
                                 QStringLiteral("--record"), QStringLiteral("no server"),
                                 QStringLiteral("--db"), db});
    QCOMPARE(code, 1);
    QVERIFY2(err.contains(QLatin1String("recorded as run 1")), qPrintable(err));

    // Then the real thing: the server job in a second rocectl (the real binary), started and
    // confirmed listening ("job ... ready") before the recorded client runs.
    QProcess server;
    server.setStandardOutputFile(QProcess::nullDevice());  // iperf3's JSON report: not needed
    server.start(QStringLiteral(ROCECTL_PATH),
                 QStringList {QStringLiteral("job")} + common
                     + QStringList {QStringLiteral("--role"), QStringLiteral("server")});
    QVERIFY(server.waitForStarted());
    QByteArray serverErr;
    QTRY_VERIFY_WITH_TIMEOUT((serverErr += server.readAllStandardError()).contains(" ready"),
                             15000);
    auto [ok, okOut, okErr]
        = rocectl(QStringList {QStringLiteral("job")} + common
                  + QStringList {QStringLiteral("--role"), QStringLiteral("client"),
                                 QStringLiteral("--server"), QStringLiteral("127.0.0.1"),
                                 QStringLiteral("--duration"), QStringLiteral("1"),
                                 QStringLiteral("--record"), QStringLiteral("TCP baseline"),
                                 QStringLiteral("--db"), db});
    QVERIFY2(ok == 0, qPrintable(okErr));
    // It may already have ended while the client's event loop ran (waitForFinished() then
    // says false for a process that is not running).
    const bool serverEnded
        = server.state() == QProcess::NotRunning || server.waitForFinished(20000);
    QVERIFY2(serverEnded, QByteArray(serverErr + server.readAllStandardError()).constData());
    QCOMPARE(server.exitCode(), 0);

    auto [lcode, lout, lerr] = rocectl({QStringLiteral("results"), QStringLiteral("list"),
                                        QStringLiteral("--db"), db, QStringLiteral("--json")});
    QCOMPARE(lcode, 0);
    const QJsonArray runs
        = QJsonDocument::fromJson(lout.toUtf8()).object().value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 2);
    const QJsonObject good = runs.at(0).toObject();  // newest first
    QCOMPARE(good.value(QStringLiteral("label")).toString(), QStringLiteral("TCP baseline"));
    QCOMPARE(good.value(QStringLiteral("state")).toString(), QStringLiteral("succeeded"));
    const double bps = good.value(QStringLiteral("result"))
                           .toObject()
                           .value(QStringLiteral("received_bits_per_second"))
                           .toDouble();
    QVERIFY2(bps > 1e8, qPrintable(QString::number(bps)));  // real loopback TCP
    const QJsonObject bad = runs.at(1).toObject();
    QCOMPARE(bad.value(QStringLiteral("label")).toString(), QStringLiteral("no server"));
    QCOMPARE(bad.value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
    QVERIFY2(bad.value(QStringLiteral("error")).toString().contains(QLatin1String("connect")),
             qPrintable(bad.value(QStringLiteral("error")).toString()));
    QCOMPARE(
        bad.value(QStringLiteral("parameters")).toObject().value(QStringLiteral("tool")).toString(),
        QStringLiteral("iperf3"));
    auto [scode, sout, serr] = rocectl({QStringLiteral("results"), QStringLiteral("show"),
                                        QStringLiteral("2"), QStringLiteral("--db"), db});
    QCOMPARE(scode, 0);
    QVERIFY(sout.contains(QLatin1String("\"raw_output\"")));
    agent.terminate();
    agent.waitForFinished(5000);
}

QTEST_GUILESS_MAIN(TestResultStore)
#include "tst_resultstore.moc"
