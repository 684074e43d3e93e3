// Experiments end to end: pairs, sweeps, matrices and training runs through the simulated
// fabric's agents, and iperf3, sockperf and 2-rank gloo training through real roce-agent
// processes on loopback (real tools, real PyTorch). Every run is recorded and compared.
#include "collect/results/comparison.h"
#include "collect/results/resultstore.h"
#include "live/experiments/experimentrunner.h"
#include "sim/served/simagents.h"
#include "sim/served/simservice.h"

#include <QJsonArray>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace roce;
using experiments::ExperimentHost;
using experiments::ExperimentKind;
using experiments::ExperimentOutcome;
using experiments::ExperimentRequest;
using experiments::ExperimentRunner;

namespace {

constexpr char kToken[] = "experiments-test-token-0123456789";

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

/// A real roce-agent process on loopback (plaintext, a token file): what a user runs.
class AgentProcess
{
public:
    AgentProcess(const QString &dir, const QString &name) : m_name(name)
    {
        const QString tokenFile = dir + QLatin1Char('/') + name + QStringLiteral(".token");
        QFile f(tokenFile);
        if (f.open(QIODevice::WriteOnly))
            f.write(kToken);
        f.close();
        m_port = freePort();
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.setStandardOutputFile(QProcess::nullDevice());
        m_process.start(QStringLiteral(ROCE_AGENT_PATH),
                        {QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(m_port),
                         QStringLiteral("--metrics"), QStringLiteral("off"),
                         QStringLiteral("--plaintext"), QStringLiteral("--token-file"), tokenFile});
    }
    ~AgentProcess()
    {
        m_process.terminate();
        if (!m_process.waitForFinished(5000))
            m_process.kill();
    }
    bool waitListening()
    {
        QDeadlineTimer deadline(10000);
        while (!deadline.hasExpired()) {
            QTcpSocket s;
            s.connectToHost(QHostAddress::LocalHost, m_port);
            if (s.waitForConnected(200))
                return true;
            QTest::qWait(100);
        }
        return false;
    }
    void kill() { m_process.kill(); }
    ExperimentHost host() const
    {
        agentproto::AgentEndpoint e;
        e.host = QStringLiteral("127.0.0.1");
        e.port = m_port;
        e.token = QString::fromLatin1(kToken);
        e.plaintext = true;
        return {m_name, e, QStringLiteral("127.0.0.1")};
    }
    qint64 pid() const { return m_process.processId(); }

private:
    QString m_name;
    quint16 m_port = 0;
    QProcess m_process;
};

/// Processes whose command line contains @p needle (a leftover tool would be one).
int processesMatching(const QString &needle)
{
    QProcess pgrep;
    pgrep.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), needle});
    pgrep.waitForFinished(5000);
    return int(QString::fromUtf8(pgrep.readAllStandardOutput())
                   .split(QLatin1Char('\n'), Qt::SkipEmptyParts)
                   .size());
}

}  // namespace

class TestExperiments : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<results::ResultStore> m_store;
    std::unique_ptr<sim::SimService> m_sim;
    QList<ExperimentHost> m_simHosts;

    ExperimentOutcome run(const ExperimentRequest &request, int timeoutMs = 60000,
                          ExperimentRunner *external = nullptr)
    {
        ExperimentRunner own(m_store.get());
        ExperimentRunner &runner = external ? *external : own;
        QSignalSpy done(&runner, &ExperimentRunner::finished);
        const auto started = runner.start(request);
        if (!started) {
            ExperimentOutcome o;
            o.state = QStringLiteral("refused");
            o.error = started.error().message;
            return o;
        }
        if (!done.wait(timeoutMs) && done.isEmpty())
            return {};
        return done.first().first().value<ExperimentOutcome>();
    }

    agentproto::JobSpec job(const QString &tool)
    {
        agentproto::JobSpec j;
        j.tool = tool;
        return j;
    }

    ExperimentRequest simPair(const QString &tool, int server = 0, int client = 1)
    {
        ExperimentRequest r;
        r.job = job(tool);
        r.hosts = {m_simHosts[server], m_simHosts[client]};
        return r;
    }

    /// The recorded run, as rocectl results show would read it.
    results::RunRecord stored(qint64 id)
    {
        const auto r = m_store->run(id);
        return r && *r ? **r : results::RunRecord {};
    }

private slots:
    void initTestCase()
    {
        qRegisterMetaType<ExperimentOutcome>();
        QVERIFY(m_dir.isValid());
        auto store = results::ResultStore::open(m_dir.filePath(QStringLiteral("runs.sqlite")));
        QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
        m_store = std::move(store).value();
        sim::SimServiceOptions o;
        o.http = false;
        m_sim = std::make_unique<sim::SimService>(o);
        QVERIFY(m_sim->start());
        const auto &hosts = m_sim->fabric().spec().hosts;
        for (int h = 0; h < hosts.size(); ++h) {
            agentproto::AgentEndpoint e;
            e.host = QStringLiteral("127.0.0.1");
            e.port = m_sim->agentPort(h);
            e.token = o.agentToken;
            e.pinnedSha256 = m_sim->certificateFingerprint().toLatin1();
            m_simHosts.append({hosts[h].name, e, hosts[h].ipv4});
        }
    }

    void simRdmaVersusTcp()
    {
        // The seeds' story: RDMA bandwidth and latency against the TCP baseline.
        ExperimentRequest bw = simPair(QStringLiteral("ib_write_bw"));
        bw.job.size = 1048576;
        bw.job.qps = 4;
        bw.job.durationS = 1;
        bw.label = QStringLiteral("RDMA");
        const ExperimentOutcome rdma = run(bw);
        QCOMPARE(rdma.state, QStringLiteral("succeeded"));
        ExperimentRequest tcp = simPair(QStringLiteral("iperf3"));
        tcp.job.durationS = 1;
        tcp.label = QStringLiteral("TCP");
        const ExperimentOutcome iperf = run(tcp);
        QCOMPARE(iperf.state, QStringLiteral("succeeded"));
        ExperimentRequest lat = simPair(QStringLiteral("ib_write_lat"));
        lat.job.size = 2;
        const ExperimentOutcome rdmaLat = run(lat);
        QCOMPARE(rdmaLat.state, QStringLiteral("succeeded"));
        ExperimentRequest sp = simPair(QStringLiteral("sockperf"));
        sp.job.durationS = 1;
        const ExperimentOutcome tcpLat = run(sp);
        QCOMPARE(tcpLat.state, QStringLiteral("succeeded"));

        // Recorded, with the tools' output and the NICs' counters during the run.
        const results::RunRecord r = stored(rdma.runId);
        QCOMPARE(r.state, QStringLiteral("succeeded"));
        QCOMPARE(r.label, QStringLiteral("RDMA"));
        QVERIFY(r.rawOutput.contains(QStringLiteral("RDMA_Write BW Test")));
        QVERIFY(r.rawOutput.contains(QStringLiteral("Waiting for client to connect")));
        const QJsonObject totals = r.fabric.value(QStringLiteral("totals")).toObject();
        QVERIFY(totals.value(QStringLiteral("rx_bytes")).toDouble() > 1e9);
        QCOMPARE(r.parameters.value(QStringLiteral("qps")).toInt(), 4);

        // Side by side: RDMA several times TCP's bandwidth and a tenth of its latency.
        const auto c = results::compareRuns(
                           {stored(iperf.runId), r, stored(tcpLat.runId), stored(rdmaLat.runId)})
                           .toJson();
        const QJsonArray runs = c.value(QStringLiteral("runs")).toArray();
        const double tcpGbps
            = runs[0].toObject().value(QStringLiteral("bandwidth_gbps")).toDouble();
        const double rdmaGbps
            = runs[1].toObject().value(QStringLiteral("bandwidth_gbps")).toDouble();
        QVERIFY2(tcpGbps > 3 && tcpGbps < 6, qPrintable(QString::number(tcpGbps)));
        QVERIFY2(rdmaGbps > 2 * tcpGbps, qPrintable(QString::number(rdmaGbps)));
        const QJsonArray ratios = c.value(QStringLiteral("ratios")).toArray();
        QVERIFY(ratios[0].toObject().value(QStringLiteral("bandwidth_x")).toDouble() > 2);
        const double rdmaUs = runs[3]
                                  .toObject()
                                  .value(QStringLiteral("latency_usec"))
                                  .toObject()
                                  .value(QStringLiteral("median"))
                                  .toDouble();
        const double tcpUs = runs[2]
                                 .toObject()
                                 .value(QStringLiteral("latency_usec"))
                                 .toObject()
                                 .value(QStringLiteral("median"))
                                 .toDouble();
        QVERIFY2(rdmaUs > 10 && rdmaUs < 20, qPrintable(QString::number(rdmaUs)));
        QVERIFY2(tcpUs > 5 * rdmaUs, qPrintable(QString::number(tcpUs)));
        // The CSV has one column per run and the figures as rows.
        const QString csv = results::compareRuns({stored(iperf.runId), r}).toCsv();
        QVERIFY(csv.startsWith(QStringLiteral("figure,TCP (run ")));
        QVERIFY(csv.contains(QStringLiteral("\nbandwidth_gbps,")));
    }

    void simSizeSweep()
    {
        ExperimentRequest sweep = simPair(QStringLiteral("ib_write_bw"));
        sweep.job.allSizes = true;
        const ExperimentOutcome o = run(sweep);
        QCOMPARE(o.state, QStringLiteral("succeeded"));
        const results::RunMetrics m = results::metricsOf(o.kind, o.result);
        QVERIFY2(m.sweep.size() >= 20, qPrintable(QString::number(m.sweep.size())));
        QCOMPARE(m.sweep.first().x(), 2.0);
        QVERIFY(m.sweep.last().x() >= 1048576);
        // Small messages are message-rate bound: far below the large-message bandwidth.
        QVERIFY(m.sweep.first().y() < m.sweep.last().y() / 10);
    }

    void simQosOnVersusOff()
    {
        // A bandwidth test into the incast's receiver: without PFC/ECN the drops collapse it;
        // with DCQCN it gets a fair share and the NICs count CNPs.
        auto underIncast = [&](const QString &scenario) {
            if (!m_sim->startScenario(scenario))
                return ExperimentOutcome {};
            ExperimentRequest r = simPair(QStringLiteral("ib_write_bw"), 5, 1);
            r.job.durationS = 2;
            r.label = scenario;
            return run(r);
        };
        const ExperimentOutcome off = underIncast(QStringLiteral("lossy-incast"));
        const ExperimentOutcome on = underIncast(QStringLiteral("dcqcn-incast"));
        QVERIFY(m_sim->startScenario(QStringLiteral("idle")));
        QCOMPARE(on.state, QStringLiteral("succeeded"));
        const auto ratio = results::compareRuns({stored(off.runId), stored(on.runId)})
                               .toJson()
                               .value(QStringLiteral("runs"))
                               .toArray();
        const double offGbps
            = ratio[0].toObject().value(QStringLiteral("bandwidth_gbps")).toDouble();
        const double onGbps
            = ratio[1].toObject().value(QStringLiteral("bandwidth_gbps")).toDouble();
        QVERIFY2(onGbps > 2 * offGbps + 1,
                 qPrintable(QStringLiteral("%1 vs %2").arg(onGbps).arg(offGbps)));
        QVERIFY(on.fabric.value(QStringLiteral("totals"))
                    .toObject()
                    .value(QStringLiteral("cnp_handled"))
                    .toDouble()
                > 0);
    }

    void simLatencyMatrixFindsTheSlowHost()
    {
        QVERIFY(m_sim->startScenario(QStringLiteral("slow-host:") + m_simHosts[2].name));
        ExperimentRequest m;
        m.kind = ExperimentKind::Matrix;
        m.job = job(QStringLiteral("ib_write_lat"));
        m.job.iterations = 200;
        m.hosts = m_simHosts.mid(0, 4);
        ExperimentRunner runner(m_store.get());
        QSignalSpy cells(&runner, &ExperimentRunner::matrixCell);
        const ExperimentOutcome o = run(m, 60000, &runner);
        QVERIFY(m_sim->startScenario(QStringLiteral("idle")));
        QCOMPARE(o.state, QStringLiteral("succeeded"));
        QCOMPARE(cells.size(), 12);  // every ordered pair of 4 hosts
        QCOMPARE(o.result.value(QStringLiteral("cells")).toArray().size(), 12);
        QCOMPARE(o.result.value(QStringLiteral("suspects")).toArray(),
                 QJsonArray {m_simHosts[2].name});
        QCOMPARE(o.result.value(QStringLiteral("metric")).toString(),
                 QStringLiteral("latency_usec"));
        QCOMPARE(stored(o.runId).kind, QStringLiteral("matrix"));
        QVERIFY(results::headline(stored(o.runId)).contains(m_simHosts[2].name));
    }

    void simTrainingShowsEcnDuringAllreduce()
    {
        ExperimentRequest t;
        t.kind = ExperimentKind::Training;
        t.job = job(QStringLiteral("train"));
        t.job.trainIterations = 10;
        t.job.masterPort = 29600;
        t.hosts = m_simHosts;
        ExperimentRunner runner(m_store.get());
        QSignalSpy iterations(&runner, &ExperimentRunner::trainingIteration);
        const ExperimentOutcome o = run(t, 60000, &runner);
        QCOMPARE(o.state, QStringLiteral("succeeded"));
        QCOMPARE(iterations.size(), 8 * 10);  // every rank streams every iteration
        QCOMPARE(o.result.value(QStringLiteral("ranks")).toArray().size(), 8);
        QVERIFY(o.result.value(QStringLiteral("mean_allreduce_ms")).toDouble() > 0);
        const QJsonObject totals = o.fabric.value(QStringLiteral("totals")).toObject();
        QVERIFY(totals.value(QStringLiteral("ecn")).toDouble() > 0);
        QVERIFY(totals.value(QStringLiteral("cnp_handled")).toDouble() > 0);
    }

    void simCancelStopsBothSides()
    {
        ExperimentRequest r = simPair(QStringLiteral("ib_write_bw"));
        r.job.durationS = 60;
        ExperimentRunner runner(m_store.get());
        QSignalSpy done(&runner, &ExperimentRunner::finished);
        QSignalSpy progress(&runner, &ExperimentRunner::progress);
        const auto id = runner.start(r);
        QVERIFY(id);
        QTRY_VERIFY_WITH_TIMEOUT(m_sim->agents()->runningJobs() == 2, 10000);
        runner.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 10000);
        QCOMPARE(done.first().first().value<ExperimentOutcome>().state,
                 QStringLiteral("cancelled"));
        QCOMPARE(m_sim->agents()->runningJobs(), 0);
        QCOMPARE(stored(*id).state, QStringLiteral("cancelled"));
    }

    void closingMidRunStopsEverything()
    {
        // The console closes while a run goes: the run is kept as cancelled, and dropping
        // the agent connections ends both sides.
        ExperimentRequest r = simPair(QStringLiteral("ib_write_bw"));
        r.job.durationS = 60;
        auto runner = std::make_unique<ExperimentRunner>(m_store.get());
        const auto id = runner->start(r);
        QVERIFY(id);
        QTRY_VERIFY_WITH_TIMEOUT(m_sim->agents()->runningJobs() == 2, 10000);
        runner.reset();
        QTRY_COMPARE_WITH_TIMEOUT(m_sim->agents()->runningJobs(), 0, 10000);
        const results::RunRecord rec = stored(*id);
        QCOMPARE(rec.state, QStringLiteral("cancelled"));
        QCOMPARE(rec.error, QStringLiteral("the console closed during the run"));
    }

    void refusesBadRequests()
    {
        ExperimentRunner runner(nullptr);
        ExperimentRequest r = simPair(QStringLiteral("train"));
        QVERIFY(!runner.start(r));
        r = simPair(QStringLiteral("iperf3"));
        r.hosts.removeLast();
        const auto one = runner.start(r);
        QVERIFY(!one);
        QVERIFY2(one.error().message.contains(QStringLiteral("at least 2 host")),
                 qPrintable(one.error().message));
        r = simPair(QStringLiteral("iperf3"));
        r.kind = ExperimentKind::Matrix;
        r.hub = QStringLiteral("nosuchhost");
        QVERIFY(!runner.start(r));
    }

    void realIperf3AndSockperfThroughAnAgent()
    {
        AgentProcess agent(m_dir.path(), QStringLiteral("loopback"));
        QVERIFY(agent.waitListening());
        ExperimentRequest r;
        r.hosts = {agent.host(), agent.host()};
        r.job = job(QStringLiteral("iperf3"));
        r.job.durationS = 1;
        r.job.port = freePort();
        r.label = QStringLiteral("TCP loopback");
        const ExperimentOutcome iperf = run(r);
        QVERIFY2(iperf.state == QLatin1String("succeeded"), qPrintable(iperf.error));
        QVERIFY(iperf.result.value(QStringLiteral("received_gbps")).toDouble() > 0.1);
        r.job = job(QStringLiteral("sockperf"));
        r.job.durationS = 1;
        r.job.port = freePort();
        r.label = QStringLiteral("sockperf loopback");
        const ExperimentOutcome sp = run(r);
        QVERIFY2(sp.state == QLatin1String("succeeded"), qPrintable(sp.error));
        const results::RunMetrics m = results::metricsOf(sp.kind, sp.result);
        QVERIFY(m.latency.median && *m.latency.median > 0);
        QVERIFY(m.latency.p99 && *m.latency.p99 >= *m.latency.median);
        // The server (sockperf keeps listening) was stopped once the client was done.
        QCOMPARE(processesMatching(
                     QStringLiteral("sockperf server --tcp -i 0.0.0.0 -p %1").arg(r.job.port)),
                 0);
        // Both recorded, and comparable side by side.
        const auto c = results::compareRuns({stored(iperf.runId), stored(sp.runId)});
        QCOMPARE(c.toJson().value(QStringLiteral("runs")).toArray().size(), 2);
        // iperf3's mean RTT is no one-way latency: no latency ratio against sockperf's median.
        const QJsonObject ratio
            = c.toJson().value(QStringLiteral("ratios")).toArray().first().toObject();
        QVERIFY(!ratio.contains(QStringLiteral("latency_x")));
        QVERIFY(c.toCsv().contains(QStringLiteral("\nlatency_is,round_trip,one_way\n")));
        QCOMPARE(stored(sp.runId).state, QStringLiteral("succeeded"));
    }

    void realTwoRankGlooTraining()
    {
        AgentProcess a(m_dir.path(), QStringLiteral("rank0host"));
        AgentProcess b(m_dir.path(), QStringLiteral("rank1host"));
        QVERIFY(a.waitListening());
        QVERIFY(b.waitListening());
        ExperimentRequest t;
        t.kind = ExperimentKind::Training;
        t.job = job(QStringLiteral("train"));
        t.job.trainIterations = 4;
        t.job.modelMb = 2;
        t.job.masterPort = freePort();
        t.job.ifname = QStringLiteral("lo");
        t.hosts = {a.host(), b.host()};
        t.label = QStringLiteral("gloo loopback");
        ExperimentRunner runner(m_store.get());
        QSignalSpy iterations(&runner, &ExperimentRunner::trainingIteration);
        const ExperimentOutcome o = run(t, 180000, &runner);
        QVERIFY2(o.state == QLatin1String("succeeded"), qPrintable(o.error));
        QCOMPARE(iterations.size(), 2 * 4);
        QCOMPARE(o.result.value(QStringLiteral("world_size")).toInt(), 2);
        QVERIFY(o.result.value(QStringLiteral("mean_step_ms")).toDouble() > 0);
        QCOMPARE(stored(o.runId).kind, QStringLiteral("train"));
        QVERIFY(results::headline(stored(o.runId)).startsWith(QStringLiteral("step ")));
    }

    void unreachableAgentIsNamed()
    {
        // Nothing listens there: the run fails at once, naming the side and the address.
        ExperimentRequest r;
        agentproto::AgentEndpoint e;
        e.host = QStringLiteral("127.0.0.1");
        e.port = freePort();
        e.token = QString::fromLatin1(kToken);
        e.plaintext = true;
        r.hosts = {{QStringLiteral("gone"), e, QStringLiteral("127.0.0.1")},
                   {QStringLiteral("gone2"), e, QStringLiteral("127.0.0.1")}};
        r.job = job(QStringLiteral("iperf3"));
        const ExperimentOutcome o = run(r, 20000);
        QCOMPARE(o.state, QStringLiteral("failed"));
        QVERIFY2(o.error.contains(QStringLiteral(" on gone"))
                     && o.error.contains(QStringLiteral("unreachable"))
                     && o.error.contains(QString::number(e.port)),
                 qPrintable(o.error));
        QCOMPARE(stored(o.runId).state, QStringLiteral("failed"));
    }

    void rdmaTestWithoutADeviceSaysWhich()
    {
        // This machine has no RDMA device: the agent refuses, naming the device asked for.
        AgentProcess agent(m_dir.path(), QStringLiteral("nordma"));
        QVERIFY(agent.waitListening());
        ExperimentRequest r;
        r.hosts = {agent.host(), agent.host()};
        r.job = job(QStringLiteral("ib_write_bw"));
        r.job.device = QStringLiteral("mlx5_0");
        const ExperimentOutcome o = run(r);
        QCOMPARE(o.state, QStringLiteral("failed"));
        QVERIFY2(o.error.contains(QStringLiteral("mlx5_0"))
                     && o.error.startsWith(QStringLiteral("server on nordma")),
                 qPrintable(o.error));
        QCOMPARE(stored(o.runId).state, QStringLiteral("failed"));
    }

    void killingAnAgentMidTestFailsTheRunAndLeavesNoOrphan()
    {
        AgentProcess serverAgent(m_dir.path(), QStringLiteral("victim"));
        AgentProcess clientAgent(m_dir.path(), QStringLiteral("survivor"));
        QVERIFY(serverAgent.waitListening());
        QVERIFY(clientAgent.waitListening());
        ExperimentRequest r;
        r.hosts = {serverAgent.host(), clientAgent.host()};
        r.job = job(QStringLiteral("iperf3"));
        r.job.durationS = 30;
        r.job.port = freePort();
        ExperimentRunner runner(m_store.get());
        QSignalSpy done(&runner, &ExperimentRunner::finished);
        const auto id = runner.start(r);
        QVERIFY(id);
        const QString client
            = QStringLiteral("iperf3 -c 127.0.0.1 -J -P 1 -t 30 -p %1").arg(r.job.port);
        QTRY_COMPARE_WITH_TIMEOUT(processesMatching(client), 1, 10000);
        serverAgent.kill();
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 15000);
        const ExperimentOutcome o = done.first().first().value<ExperimentOutcome>();
        QCOMPARE(o.state, QStringLiteral("failed"));
        QVERIFY2(o.error.startsWith(QStringLiteral("server on victim: agent 127.0.0.1:")),
                 qPrintable(o.error));
        // The client on the surviving agent was stopped, and the dead agent's server died
        // with it (PR_SET_PDEATHSIG).
        QTRY_COMPARE_WITH_TIMEOUT(processesMatching(client), 0, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(
            processesMatching(QStringLiteral("iperf3 -s -1 -J -p %1").arg(r.job.port)), 0, 5000);
        const results::RunRecord rec = stored(*id);
        QCOMPARE(rec.state, QStringLiteral("failed"));
        QCOMPARE(rec.error, o.error);
    }
};

QTEST_GUILESS_MAIN(TestExperiments)
#include "tst_experiments.moc"
