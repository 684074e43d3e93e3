// The results store: schema versions and migration, crash consistency, runs recorded by
// `rocectl job --record` through a real roce-agent running real iperf3 on loopback, what
// `rocectl results` prints of them, and the watcher that sees another program's runs.
#include "cli/commands/rocectl.h"
#include "collect/results/figures.h"
#include "collect/results/resultstore.h"
#include "collect/results/resultswatcher.h"
#include "proto/datamodel/metric.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using roce::results::ResultStore;

namespace {

struct CliRun {
    int code = -1;
    QString out, err;
};

/// rocectl in this process.
CliRun rocectl(QStringList args)
{
    CliRun r;
    QTextStream o(&r.out), e(&r.err);
    roce::cli::CommandIo io {o, e};
    const auto registry = roce::cli::makeRocectlRegistry();
    args.prepend(QStringLiteral("rocectl"));
    r.code = roce::cli::runRocectl(args, registry, io);
    o.flush();
    e.flush();
    return r;
}

QJsonObject parse(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).object();
}

// What `rocectl results compare 1 2 3 --json` and `--csv -` printed of fixture() before
// labels and units came to the text output: an interface, byte for byte.
const char *const kCompareJson
    = R"({"baseline":1,"ratios":[{"bandwidth_x":2.0577777777777775,"id":2},{"id":3}],"runs":[)"
      R"({"bandwidth_gbps":11.25,"fabric":{"cnp_handled":0,"ecn":0,"rx_bytes":1500000000,)"
      R"("rx_pause":3,"tx_bytes":1610612736},"id":1,"kind":"ib_write_bw","label":"QoS off",)"
      R"("state":"succeeded","sweep":[[65536,9.5],[1048576,11.25]],"switch":{"ecn_marked":0,)"
      R"("mmu_drops":1500}},{"bandwidth_gbps":23.15,"fabric":{"cnp_handled":12,"ecn":40,)"
      R"("rx_bytes":3068806848,"rx_pause":0,"tx_bytes":3068806848},"id":2,"kind":"ib_write_bw",)"
      R"("label":"QoS on","state":"succeeded","sweep":[[65536,21],[1048576,23.15]],"switch":)"
      R"({"ecn_marked":40,"mmu_drops":0}},{"fabric":{"rx_bytes":33200,"tx_bytes":33200},"id":3,)"
      R"("jitter_usec":0.7799999999999994,"kind":"ib_write_lat","label":"RDMA latency",)"
      R"("latency_is":"one_way","latency_usec":{"average":14.5,"max":40.2,"median":14.32,)"
      R"("min":13.9,"p99":15.1,"p99_9":17},"state":"succeeded"}]})";
const char *const kCompareCsv = "figure,QoS off (run 1),QoS on (run 2),RDMA latency (run 3)\n"
                                "kind,ib_write_bw,ib_write_bw,ib_write_lat\n"
                                "state,succeeded,succeeded,succeeded\n"
                                "bandwidth_gbps,11.25,23.15,\n"
                                "latency_is,,,one_way\n"
                                "latency_min_usec,,,13.9\n"
                                "latency_median_usec,,,14.32\n"
                                "latency_p99_usec,,,15.1\n"
                                "latency_p99_9_usec,,,17\n"
                                "latency_max_usec,,,40.2\n"
                                "latency_average_usec,,,14.5\n"
                                "jitter_usec,,,0.78\n"
                                "fabric_cnp_handled,0,12,\n"
                                "fabric_ecn,0,40,\n"
                                "fabric_rx_bytes,1500000000,3068806848,33200\n"
                                "fabric_rx_pause,3,0,\n"
                                "fabric_tx_bytes,1610612736,3068806848,33200\n"
                                "switch_ecn_marked,0,40,\n"
                                "switch_mmu_drops,1500,0,\n"
                                "sweep_65536_bytes,9.5,21,\n"
                                "sweep_1048576_bytes,11.25,23.15,\n";
// `rocectl results show 2 --json` of fixture(), as before.
const char *const kShowJson
    = R"({"fabric":{"seconds":3,"switch":{"totals":{"ecn_marked":40,"mmu_drops":0}},"totals":)"
      R"({"cnp_handled":12,"ecn":40,"rx_bytes":3068806848,"rx_pause":0,"tx_bytes":3068806848}},)"
      R"("finished_ms":4500,"id":2,"kind":"ib_write_bw","label":"QoS on","parameters":)"
      R"({"duration_s":3,"size":1048576,"tool":"ib_write_bw"},"result":{"kind":"bw","results":)"
      R"([{"bw_average_gbps":21,"bytes":65536},{"bw_average_gbps":23.15,"bytes":1048576}],)"
      R"("tool":"perftest"},"started_ms":2000,"state":"succeeded"})";

}  // namespace

class TestResultStore : public QObject
{
    Q_OBJECT

private slots:
    void recordAndRead();
    void migratesVersionOne();
    void crashLeavesNoRunningRun();
    void damagedColumnIsSaid();
    void refusesNewerSchema();
    void rocectlJobRecordsIperf3();
    void figuresHaveLabelsAndUnits();
    void compareTextHasLabelsAndUnitsJsonUnchanged();
    void showIsTextUnlessJson();
    void readerLeavesRunningRunsAlone();
    void watcherSeesRunsOfAnotherProcess_data();
    void watcherSeesRunsOfAnotherProcess();

private:
    /// Three runs as the console records them: a bandwidth sweep without and with QoS (NIC
    /// and switch counters), and a latency test. Returns the database's path.
    QString fixture();

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
    QCOMPARE((*store)->schemaVersion(), ResultStore::kSchemaVersion);
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
    qint64 crashed = 0, rebooted = 0, legacy = 0, live = 0;
    {
        auto store = ResultStore::open(path);
        crashed = *(*store)->beginRun(QStringLiteral("train"), QStringLiteral("8 ranks"), {}, 1);
        rebooted = *(*store)->beginRun(QStringLiteral("train"), QStringLiteral("reboot"), {}, 2);
        legacy = *(*store)->beginRun(QStringLiteral("train"), QStringLiteral("old"), {}, 3);
        live = *(*store)->beginRun(QStringLiteral("train"), QStringLiteral("live"), {}, 4);
        // ... and their programs die here, no finishRun: a process that has ended (its pid
        // with another start time), one of an earlier boot, one written before runs had an
        // owner. The last is this test's own, which goes on running.
        QSqlDatabase db
            = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("owners"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("SELECT owner FROM runs WHERE id=%1").arg(live)) && q.next());
        const QStringList mine = q.value(0).toString().split(QLatin1Char(':'));
        QCOMPARE(mine.size(), 3);
        QCOMPARE(mine.at(1), QString::number(QCoreApplication::applicationPid()));
        QVERIFY(q.exec(QStringLiteral("UPDATE runs SET owner='%1:%2:1' WHERE id=%3")
                           .arg(mine.at(0), mine.at(1))
                           .arg(crashed)));
        QVERIFY(q.exec(QStringLiteral("UPDATE runs SET owner='another-boot:%1:%2' WHERE id=%3")
                           .arg(mine.at(1), mine.at(2))
                           .arg(rebooted)));
        QVERIFY(q.exec(QStringLiteral("UPDATE runs SET owner=NULL WHERE id=%1").arg(legacy)));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("owners"));
    auto store = ResultStore::open(path);
    QVERIFY(store);
    QCOMPARE((*store)->interruptedOnOpen(), 3);
    for (const qint64 id : {crashed, rebooted, legacy}) {
        const auto run = **(*store)->run(id);
        QCOMPARE(run.state, QStringLiteral("failed"));
        QVERIFY(run.error.contains(QLatin1String("interrupted")));
    }
    // A run its program still records is left to it (another `rocectl results` or the
    // console opening the store marked it failed while it ran).
    QCOMPARE((**(*store)->run(live)).state, QStringLiteral("running"));
    QVERIFY((*store)->finishRun(live, QStringLiteral("succeeded"), {}, {}, {}, 9));
    QCOMPARE((**(*store)->run(live)).state, QStringLiteral("succeeded"));
}

void TestResultStore::damagedColumnIsSaid()
{
    const QString path = m_dir.filePath(QStringLiteral("damaged.sqlite"));
    auto store = ResultStore::open(path);
    QVERIFY(store);
    const qint64 id = *(*store)->beginRun(QStringLiteral("iperf3"), QStringLiteral("tcp"),
                                          {{QStringLiteral("duration_s"), 10}}, 1);
    QVERIFY((*store)->finishRun(id, QStringLiteral("succeeded"),
                                {{QStringLiteral("bits_per_second"), 9.4e9}}, {}, {}, 2));
    {
        QSqlDatabase db
            = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("damage"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QVERIFY(QSqlQuery(db).exec(
            QStringLiteral("UPDATE runs SET result='{\"bits_per_second\": 9.4eAAAA' WHERE id=%1")
                .arg(id)));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("damage"));
    const auto run = **(*store)->run(id);
    QCOMPARE(run.unreadable, QStringList {QStringLiteral("result")});
    QCOMPARE(run.parameters.value(QStringLiteral("duration_s")).toInt(), 10);
    QCOMPARE(runToJson(run).value(QStringLiteral("unreadable")).toArray().size(), 1);
    // A run recorded without a fabric or result is not damaged.
    const qint64 bare = *(*store)->beginRun(QStringLiteral("train"), {}, {}, 3);
    QVERIFY((**(*store)->run(bare)).unreadable.isEmpty());
    QVERIFY(!runToJson(**(*store)->run(bare)).contains(QStringLiteral("unreadable")));
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
                                        QStringLiteral("2"), QStringLiteral("--db"), db,
                                        QStringLiteral("--json"), QStringLiteral("--output")});
    QCOMPARE(scode, 0);
    QVERIFY(sout.contains(QLatin1String("\"raw_output\"")));

    // The agent gone mid-job: the run is closed as failed with the connection's error (left
    // "running", the next open of the store called it the recorder's crash).
    QProcess longServer;
    longServer.setStandardOutputFile(QProcess::nullDevice());
    longServer.start(QStringLiteral(ROCECTL_PATH),
                     QStringList {QStringLiteral("job")} + common
                         + QStringList {QStringLiteral("--role"), QStringLiteral("server")});
    QVERIFY(longServer.waitForStarted());
    QByteArray longErr;
    QTRY_VERIFY_WITH_TIMEOUT((longErr += longServer.readAllStandardError()).contains(" ready"),
                             15000);
    QTimer::singleShot(3000, &agent, [&agent] { agent.kill(); });
    auto [dropped, droppedOut, droppedErr]
        = rocectl(QStringList {QStringLiteral("job")} + common
                  + QStringList {QStringLiteral("--role"), QStringLiteral("client"),
                                 QStringLiteral("--server"), QStringLiteral("127.0.0.1"),
                                 QStringLiteral("--duration"), QStringLiteral("30"),
                                 QStringLiteral("--record"), QStringLiteral("agent killed"),
                                 QStringLiteral("--db"), db});
    QCOMPARE(dropped, 1);
    QVERIFY2(droppedErr.contains(QLatin1String("recorded as run 3")), qPrintable(droppedErr));
    longServer.waitForFinished(10000);
    auto store = ResultStore::open(db);
    QVERIFY(store);
    const roce::results::RunRecord killed = **(*store)->run(3);
    QCOMPARE(killed.state, QStringLiteral("failed"));
    QVERIFY2(!killed.error.isEmpty() && !killed.error.contains(QLatin1String("interrupted")),
             qPrintable(killed.error));
    agent.waitForFinished(5000);
}

QString TestResultStore::fixture()
{
    const QString path = m_dir.filePath(QStringLiteral("fixture.sqlite"));
    if (QFile::exists(path))
        return path;
    auto store = ResultStore::open(path);
    if (!store)
        return {};
    auto bw = [](double small, double large) {
        return QJsonObject {
            {QStringLiteral("tool"), QStringLiteral("perftest")},
            {QStringLiteral("kind"), QStringLiteral("bw")},
            {QStringLiteral("results"),
             QJsonArray {QJsonObject {{QStringLiteral("bytes"), 65536},
                                      {QStringLiteral("bw_average_gbps"), small}},
                         QJsonObject {{QStringLiteral("bytes"), 1048576},
                                      {QStringLiteral("bw_average_gbps"), large}}}}};
    };
    const QJsonObject bwParameters {{QStringLiteral("tool"), QStringLiteral("ib_write_bw")},
                                    {QStringLiteral("size"), 1048576},
                                    {QStringLiteral("duration_s"), 3}};
    const QJsonObject latency {{QStringLiteral("tool"), QStringLiteral("perftest")},
                               {QStringLiteral("kind"), QStringLiteral("lat")},
                               {QStringLiteral("results"),
                                QJsonArray {QJsonObject {{QStringLiteral("bytes"), 2},
                                                         {QStringLiteral("t_min_usec"), 13.9},
                                                         {QStringLiteral("t_typical_usec"), 14.32},
                                                         {QStringLiteral("p99_usec"), 15.1},
                                                         {QStringLiteral("p99_9_usec"), 17.0},
                                                         {QStringLiteral("t_max_usec"), 40.2},
                                                         {QStringLiteral("t_avg_usec"), 14.5}}}}};
    struct Fixture {
        const char *kind, *label;
        QJsonObject parameters, result;
        const char *fabric;
    };
    const Fixture runs[] = {
        {"ib_write_bw", "QoS off", bwParameters, bw(9.5, 11.25),
         R"({"seconds":3.0,"totals":{"cnp_handled":0,"ecn":0,"rx_bytes":1500000000,)"
         R"("tx_bytes":1610612736,"rx_pause":3},"switch":{"totals":{"mmu_drops":1500,)"
         R"("ecn_marked":0}}})"},
        {"ib_write_bw", "QoS on", bwParameters, bw(21.0, 23.15),
         R"({"seconds":3.0,"totals":{"cnp_handled":12,"ecn":40,"rx_bytes":3068806848,)"
         R"("tx_bytes":3068806848,"rx_pause":0},"switch":{"totals":{"mmu_drops":0,)"
         R"("ecn_marked":40}}})"},
        {"ib_write_lat",
         "RDMA latency",
         {{QStringLiteral("tool"), QStringLiteral("ib_write_lat")}, {QStringLiteral("size"), 2}},
         latency,
         R"({"seconds":1.5,"totals":{"rx_bytes":33200,"tx_bytes":33200}})"},
    };
    qint64 started = 1000;
    for (const Fixture &f : runs) {
        const auto id = (*store)->beginRun(QLatin1String(f.kind), QLatin1String(f.label),
                                           f.parameters, started);
        if (!id
            || !(*store)->finishRun(*id, QStringLiteral("succeeded"), f.result,
                                    QStringLiteral("raw ") + QLatin1String(f.label), {},
                                    started + 2500, parse(f.fabric)))
            return {};
        started += 1000;
    }
    return path;
}

void TestResultStore::figuresHaveLabelsAndUnits()
{
    using namespace roce::results;
    // Counter totals are named after their metric in the metric table.
    const FigureInfo cnp = figureInfo(QStringLiteral("fabric_cnp_handled"));
    QCOMPARE(cnp.label,
             QStringLiteral("NIC ") + roce::model::metricSeries(roce::model::Metric::CnpHandled));
    QCOMPARE(cnp.unit, FigureUnit::Packets);
    QCOMPARE(figureInfo(QStringLiteral("switch_mmu_drops")).label,
             QStringLiteral("Switch ") + roce::model::metricSeries(roce::model::Metric::MmuDrops));
    QCOMPARE(figureInfo(QStringLiteral("fabric_rx_bytes")).unit, FigureUnit::Bytes);
    // ... and so is a total named like its metric, which needs no row of its own.
    QCOMPARE(figureInfo(QStringLiteral("fabric_rx_discards_phy")).label,
             QStringLiteral("NIC ")
                 + roce::model::metricSeries(roce::model::Metric::RxDiscardsPhy));
    // A recording's range keeps the metric keys: bits summed over time, shown as bytes.
    const FigureInfo in = figureInfo(QStringLiteral("fabric_in_bits_per_s"));
    QCOMPARE(in.label, QStringLiteral("NIC bytes received"));
    QCOMPARE(formatFigure(8e9, in.unit), QStringLiteral("1 GB"));
    QCOMPARE(figureInfo(QStringLiteral("fabric_rdma_out_bits_per_s")).label,
             QStringLiteral("NIC RDMA out"));
    QCOMPARE(figureInfo(QStringLiteral("switch_ecn_marks_per_s")).unit, FigureUnit::Packets);
    QCOMPARE(figureInfo(QStringLiteral("bandwidth_gbps")).label, QStringLiteral("Bandwidth"));
    QCOMPARE(figureInfo(QStringLiteral("latency_p99_9_usec")).unit, FigureUnit::Microseconds);
    QCOMPARE(figureInfo(QStringLiteral("sweep_65536_bytes")).label,
             QStringLiteral("64 KiB messages"));
    QCOMPARE(figureInfo(QStringLiteral("something_new")).label, QStringLiteral("something_new"));

    QCOMPARE(formatBytes(1.5e9), QStringLiteral("1.5 GB"));
    QCOMPARE(formatBytes(3068806848), QStringLiteral("3.07 GB"));
    QCOMPARE(formatBytes(33200), QStringLiteral("33.2 kB"));
    QCOMPARE(formatBytes(999), QStringLiteral("999 B"));
    QCOMPARE(formatBytes(999.7e3), QStringLiteral("1 MB"));  // not "1000 kB"
    QCOMPARE(formatMessageSize(2), QStringLiteral("2 B"));
    QCOMPARE(formatMessageSize(8388608), QStringLiteral("8 MiB"));
    QCOMPARE(formatFigure(23.151, FigureUnit::Gbps), QStringLiteral("23.15 Gb/s"));
    QCOMPARE(formatFigure(1500, FigureUnit::Packets), QStringLiteral("1500 pkt"));
    QCOMPARE(formatFigure(2.5, FigureUnit::Seconds), QStringLiteral("2.5 s"));
}

void TestResultStore::compareTextHasLabelsAndUnitsJsonUnchanged()
{
    const QString db = fixture();
    QVERIFY(!db.isEmpty());
    const QStringList compare {QStringLiteral("results"),
                               QStringLiteral("compare"),
                               QStringLiteral("1"),
                               QStringLiteral("2"),
                               QStringLiteral("3"),
                               QStringLiteral("--db"),
                               db};
    const CliRun text = rocectl(compare);
    QCOMPARE(text.code, 0);
    // Labels for people, values with their units, aligned in columns.
    const QStringList lines = text.out.split(QLatin1Char('\n'));
    auto line = [&lines](const QString &label) {
        for (const QString &l : lines) {
            if (l.startsWith(label + QLatin1Char(' ')))
                return l.simplified();
        }
        return QString();
    };
    QCOMPARE(line(QStringLiteral("Bandwidth")), QStringLiteral("Bandwidth 11.25 Gb/s 23.15 Gb/s"));
    QCOMPARE(line(QStringLiteral("Latency median")), QStringLiteral("Latency median 14.32 us"));
    QCOMPARE(line(QStringLiteral("Latency 99.9%")), QStringLiteral("Latency 99.9% 17.00 us"));
    QCOMPARE(line(QStringLiteral("NIC bytes received")),
             QStringLiteral("NIC bytes received 1.5 GB 3.07 GB 33.2 kB"));
    QCOMPARE(line(QStringLiteral("NIC CNP handled")),
             QStringLiteral("NIC CNP handled 0 pkt 12 pkt"));
    QCOMPARE(line(QStringLiteral("Switch MMU drops")),
             QStringLiteral("Switch MMU drops 1500 pkt 0 pkt"));
    QCOMPARE(line(QStringLiteral("64 KiB messages")),
             QStringLiteral("64 KiB messages 9.50 Gb/s 21.00 Gb/s"));
    for (const char *key : {"fabric_", "switch_", "bandwidth_gbps", "_usec", "sweep_"})
        QVERIFY2(!text.out.contains(QLatin1String(key)), key);
    // The values line up on the right of their column.
    const QString header = lines.first();
    const qsizetype end = header.indexOf(QStringLiteral("QoS on (run 2)")) + 14;
    QVERIFY(end > 14);
    for (const QString &label : {QStringLiteral("Bandwidth"), QStringLiteral("NIC CNP handled")}) {
        for (const QString &l : lines) {
            if (l.startsWith(label + QLatin1Char(' ')))
                QVERIFY2(l.mid(0, end).endsWith(QLatin1String(" pkt"))
                             || l.mid(0, end).endsWith(QLatin1String("Gb/s")),
                         qPrintable(l));
        }
    }
    QVERIFY(text.out.contains(QStringLiteral("run 2: 2.06x the bandwidth of run 1")));

    // --json and --csv: exactly as before.
    const CliRun json = rocectl(compare + QStringList {QStringLiteral("--json")});
    QCOMPARE(json.code, 0);
    QCOMPARE(QJsonDocument::fromJson(json.out.toUtf8()).object(), parse(kCompareJson));
    const CliRun csv
        = rocectl(compare + QStringList {QStringLiteral("--csv"), QStringLiteral("-")});
    QCOMPARE(csv.code, 0);
    QCOMPARE(csv.out, QString::fromUtf8(kCompareCsv));
}

void TestResultStore::showIsTextUnlessJson()
{
    const QString db = fixture();
    QVERIFY(!db.isEmpty());
    const QStringList show {QStringLiteral("results"), QStringLiteral("show"), QStringLiteral("2"),
                            QStringLiteral("--db"), db};
    const CliRun text = rocectl(show);
    QCOMPARE(text.code, 0);
    QJsonParseError error;
    QJsonDocument::fromJson(text.out.toUtf8(), &error);
    QVERIFY(error.error != QJsonParseError::NoError);  // not JSON
    // "label: value unit", the values in one column.
    QVERIFY2(text.out.startsWith(QStringLiteral("Run:")), qPrintable(text.out));
    const QStringList lines = text.out.split(QLatin1Char('\n'));
    auto value = [&lines](const QString &label) {
        for (const QString &l : lines) {
            if (l.trimmed().startsWith(label + QLatin1Char(':')))
                return l.mid(l.indexOf(QLatin1Char(':')) + 1).trimmed();
        }
        return QString();
    };
    QCOMPARE(value(QStringLiteral("Label")), QStringLiteral("QoS on"));
    QCOMPARE(value(QStringLiteral("State")), QStringLiteral("succeeded"));
    QCOMPARE(value(QStringLiteral("Duration")), QStringLiteral("2.5 s"));
    QCOMPARE(value(QStringLiteral("Bandwidth")), QStringLiteral("23.15 Gb/s"));
    QCOMPARE(value(QStringLiteral("1 MiB messages")), QStringLiteral("23.15 Gb/s"));
    QCOMPARE(value(QStringLiteral("NIC bytes received")), QStringLiteral("3.07 GB"));
    QCOMPARE(value(QStringLiteral("Switch ECN/CE")), QStringLiteral("40 pkt"));
    QCOMPARE(value(QStringLiteral("Message size")), QStringLiteral("1 MiB"));
    QCOMPARE(value(QStringLiteral("Test duration")), QStringLiteral("3 s"));
    QVERIFY(text.out.contains(QStringLiteral("\nCounters during the run (3 s):\n")));
    qsizetype column = -1;
    for (const QString &l : lines) {
        if (!l.contains(QLatin1String(": ")))
            continue;
        const qsizetype at = l.indexOf(QLatin1String(": ")) + 1;
        const qsizetype start = at + (l.mid(at).size() - l.mid(at).trimmed().size());
        QVERIFY2(column < 0 || start == column, qPrintable(l));
        column = start;
    }
    QVERIFY(!text.out.contains(QStringLiteral("raw QoS on")));  // the tool's output: --output

    const CliRun json = rocectl(show + QStringList {QStringLiteral("--json")});
    QCOMPARE(json.code, 0);
    QCOMPARE(QJsonDocument::fromJson(json.out.toUtf8()).object(), parse(kShowJson));
    const CliRun raw
        = rocectl(show + QStringList {QStringLiteral("--json"), QStringLiteral("--output")});
    QCOMPARE(QJsonDocument::fromJson(raw.out.toUtf8())
                 .object()
                 .value(QStringLiteral("raw_output"))
                 .toString(),
             QStringLiteral("raw QoS on"));
    const CliRun output = rocectl(show + QStringList {QStringLiteral("--output")});
    QVERIFY(output.out.endsWith(QStringLiteral("\nOutput:\nraw QoS on\n")));
}

void TestResultStore::readerLeavesRunningRunsAlone()
{
    // The console reads beside `rocectl run`: reading must not close the run it records.
    const QString path = m_dir.filePath(QStringLiteral("running.sqlite"));
    auto writer = ResultStore::open(path);
    QVERIFY(writer);
    const auto id = (*writer)->beginRun(QStringLiteral("iperf3"), QStringLiteral("now"), {}, 1);
    QVERIFY(id);
    auto reader = ResultStore::openForReading(path);
    QVERIFY(reader);
    QCOMPARE((*reader)->path(), path);
    QCOMPARE((*reader)->runs()->first().state, QStringLiteral("running"));
    QVERIFY(!ResultStore::openForReading(m_dir.filePath(QStringLiteral("none.sqlite"))));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("none.sqlite"))));
}

void TestResultStore::watcherSeesRunsOfAnotherProcess_data()
{
    QTest::addColumn<bool>("fileSystem");
    QTest::newRow("file system events") << true;
    QTest::newRow("periodic check alone") << false;
}

void TestResultStore::watcherSeesRunsOfAnotherProcess()
{
    QFETCH(bool, fileSystem);
    // The console's store and its watcher; the real rocectl records a run beside them.
    const QString path = m_dir.filePath(QStringLiteral("watched-%1.sqlite").arg(fileSystem));
    auto console = ResultStore::open(path);
    QVERIFY(console);
    roce::results::ResultsWatcher watcher(path, 200);
    watcher.setWatchFileSystem(fileSystem);
    const QString label = QStringLiteral("beside the console");
    QList<roce::results::RunRecord> latest;
    bool seenRunning = false;
    qint64 delayMs = -1;  // from the run's end (its record written right then) to the list
    connect(&watcher, &roce::results::ResultsWatcher::runsLoaded, this,
            [&](const QList<roce::results::RunRecord> &runs) {
                latest = runs;
                if (runs.isEmpty() || runs.first().label != label)
                    return;
                seenRunning = seenRunning || runs.first().state == QLatin1String("running");
                if (runs.first().finishedMs && delayMs < 0)
                    delayMs = QDateTime::currentMSecsSinceEpoch() - runs.first().finishedMs;
            });
    QProcess run;
    run.setProcessChannelMode(QProcess::MergedChannels);
    run.start(QStringLiteral(ROCECTL_PATH),
              {QStringLiteral("run"), QStringLiteral("tcp"), QStringLiteral("--sim"),
               QStringLiteral("--duration"), QStringLiteral("1"), QStringLiteral("--label"), label,
               QStringLiteral("--db"), path});
    QVERIFY(run.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(run.state() == QProcess::NotRunning, 60000);
    QVERIFY2(run.exitCode() == 0, run.readAll().constData());
    // Committed before rocectl exited: in the watcher's list within 2 s of that at most.
    QTRY_VERIFY_WITH_TIMEOUT(!latest.isEmpty() && latest.first().label == label
                                 && latest.first().state == QLatin1String("succeeded"),
                             2000);
    QVERIFY(latest.first().result.contains(QStringLiteral("received_gbps")));
    QVERIFY2(delayMs >= 0 && delayMs < 2000, qPrintable(QString::number(delayMs)));
    QVERIFY(seenRunning);  // the run showed as it started, too
    qInfo("the run showed %lld ms after it ended", delayMs);
}

QTEST_GUILESS_MAIN(TestResultStore)
#include "tst_resultstore.moc"
