// The simulated hosts' agents through the real protocol client: samples from the model,
// and jobs that drive it and answer in the real tools' formats (parsed by the same parsers).
#include "collect/pingmesh/agentpingmesh.h"
#include "collect/pingmesh/agentpingmeshfeed.h"
#include "proto/agentproto/agentclient.h"
#include "proto/agentproto/endpointlines.h"
#include "sim/served/simagents.h"
#include "sim/served/simservice.h"

#include "../common/queuedspy.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

using namespace roce::agentproto;
using namespace roce::sim;

namespace {

struct Rig {
    std::unique_ptr<SimService> service;
    QList<AgentClient *> clients;
    ~Rig() { qDeleteAll(clients); }
};

AgentClient *connectTo(SimService &service, int host)
{
    AgentEndpoint e;
    e.host = QStringLiteral("127.0.0.1");
    e.port = service.agentPort(host);
    e.token = service.options().agentToken;
    e.pinnedSha256 = service.certificateFingerprint().toLatin1();
    auto *c = new AgentClient(e);
    c->connectToAgent();
    return c;
}

/// Where every agent of the reference fabric's 8 servers answers.
QList<AgentEndpoint> allAgents(SimService &service)
{
    QList<AgentEndpoint> agents;
    for (int h = 0; h < 8; ++h) {
        AgentEndpoint e;
        e.host = QStringLiteral("127.0.0.1");
        e.port = service.agentPort(h);
        e.token = service.options().agentToken;
        e.pinnedSha256 = service.certificateFingerprint().toLatin1();
        agents.append(e);
    }
    return agents;
}

/// One pingmesh member per agent, each named as its agent says, every RoCE device probing.
QList<roce::pingmesh::AgentPingmeshMember> allMembers(SimService &service)
{
    QList<roce::pingmesh::AgentPingmeshMember> members;
    for (const AgentEndpoint &e : allAgents(service))
        members.append({QString(), e, QString()});
    return members;
}

JobSpec spec(const QJsonObject &json)
{
    const auto s = parseJobSpec(json);
    if (!s)
        qFatal("bad spec: %s", qPrintable(s.error().message));
    return *s;
}

QString start(AgentClient &client, const JobSpec &s, QString *error = nullptr)
{
    QSignalSpy started(&client, &AgentClient::jobStarted);
    QSignalSpy failed(&client, &AgentClient::requestFailed);
    client.startJob(s);
    for (int i = 0; i < 100 && started.isEmpty() && failed.isEmpty(); ++i)
        QTest::qWait(50);
    if (!failed.isEmpty() && error)
        *error = failed.first().at(2).toString();
    return started.isEmpty() ? QString() : started.first().at(1).toString();
}

JobResult waitResult(QSignalSpy &finished, const QString &id, int ms)
{
    for (int waited = 0; waited < ms; waited += 50) {
        for (const auto &args : std::as_const(finished)) {
            const JobResult r = args.at(0).value<JobResult>();
            if (r.jobId == id)
                return r;
        }
        QTest::qWait(50);
    }
    return {};
}

const int kH5 = 4;  // ubunturdma5, behind esxi-b on Ethernet1/1/1
const int kH6 = 5;  // ubunturdma6, alone on Ethernet1/1/2 (192.168.2.226)

}  // namespace

class TestSimAgents : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimService> m_service;

private slots:
    void initTestCase()
    {
        qRegisterMetaType<JobResult>();
        SimServiceOptions o;
        o.speed = 10;
        o.http = false;
        m_service = std::make_unique<SimService>(o);
        const auto started = m_service->start();
        QVERIFY2(started.ok(), started.ok() ? "" : qPrintable(started.error().message));
    }

    void samplesComeFromTheModel()
    {
        std::unique_ptr<AgentClient> c(connectTo(*m_service, kH6));
        QTRY_COMPARE_WITH_TIMEOUT(c->state(), AgentClient::State::Ready, 10000);
        QCOMPARE(c->agentHostname(), QStringLiteral("ubunturdma6"));
        QSignalSpy samples(c.get(), &AgentClient::sampleReceived);
        c->subscribe(100);
        QTRY_VERIFY_WITH_TIMEOUT(!samples.isEmpty(), 5000);
        const AgentSample s = samples.last().at(0).value<AgentSample>();
        QCOMPARE(s.devices[0].name, QStringLiteral("rocep11s0"));
        QCOMPARE(s.devices[0].ports[0].netdev, QStringLiteral("ens192"));
        QCOMPARE(s.devices[0].ports[0].gids[3].ipv4, QStringLiteral("192.168.2.226"));
        QCOMPARE(s.devices[0].ports[0].gids[3].type, QStringLiteral("RoCE v2"));
        QCOMPARE(*s.devices[0].ports[0].rateGbps, 25.0);
        QVERIFY(s.devices[0].ports[0].hwCounters.contains(QStringLiteral("np_cnp_sent")));
        QVERIFY(s.netdevs[0].ethtool.contains(QStringLiteral("rx_prio3_pause")));
        QVERIFY(!s.netdevs[0].ethtool.contains(QStringLiteral("rx_prio4_pause")));  // PFC only on 3
    }

    /// A NIC's DCQCN changes through its agent, in mlx5's ecn/ files, and drives the model.
    void nicCongestionControlChangesThroughTheAgent()
    {
        std::unique_ptr<AgentClient> c(connectTo(*m_service, kH6));
        QTRY_COMPARE_WITH_TIMEOUT(c->state(), AgentClient::State::Ready, 10000);
        QSignalSpy set(c.get(), &AgentClient::ecnSet);
        QSignalSpy failed(c.get(), &AgentClient::requestFailed);
        const int host = kH6;
        const DcqcnParams before = m_service->fabric().hostDcqcn(host);
        const int id = c->setEcn(
            QStringLiteral("ens192"),
            QJsonObject {{QStringLiteral("min_time_between_cnps"), QStringLiteral("50")}},
            QJsonObject {{QStringLiteral("rpg_time_reset"), QStringLiteral("600")},
                         {QStringLiteral("rpg_ai_rate"), QStringLiteral("10")},
                         {QStringLiteral("enable/3"), QStringLiteral("0")}});
        QTRY_COMPARE_WITH_TIMEOUT(set.size(), 1, 5000);
        QCOMPARE(set.first().at(0).toInt(), id);
        const DcqcnParams after = m_service->fabric().hostDcqcn(host);
        QCOMPARE(after.timeReset, 600 * kNsPerUs);
        QCOMPARE(after.aiRate, 10 * kMbps);
        QCOMPARE(after.minTimeBetweenCnps, 50 * kNsPerUs);
        QCOMPARE(after.haiRate, before.haiRate);  // what was not written stays
        QCOMPARE(m_service->fabric().hostConfig(host).ecnRpPrios & (1u << 3), 0u);
        QCOMPARE(m_service->fabric().hostDcqcn(kH6 == 0 ? 1 : 0).timeReset, before.timeReset);
        // The agent's samples read the files back.
        QSignalSpy samples(c.get(), &AgentClient::sampleReceived);
        c->subscribe(100);
        QTRY_VERIFY_WITH_TIMEOUT(!samples.isEmpty(), 5000);
        const AgentSample s = samples.last().at(0).value<AgentSample>();
        QCOMPARE(s.netdevs[0].ecnRp.value(QStringLiteral("rpg_time_reset")), QStringLiteral("600"));
        QCOMPARE(s.netdevs[0].ecnRp.value(QStringLiteral("enable/3")), QStringLiteral("0"));
        QCOMPARE(s.netdevs[0].ecnNp.value(QStringLiteral("min_time_between_cnps")),
                 QStringLiteral("50"));
        // A file mlx5 does not have, or a value it does not take: nothing is written.
        c->setEcn(QStringLiteral("ens192"), {},
                  QJsonObject {{QStringLiteral("rpg_time_reset"), QStringLiteral("300")},
                               {QStringLiteral("rpg_bogus"), QStringLiteral("1")}});
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 5000);
        QCOMPARE(failed.first().at(1).toString(), QStringLiteral("bad_request"));
        QVERIFY(failed.first().at(2).toString().contains(QStringLiteral("roce_rp/rpg_bogus")));
        QCOMPARE(m_service->fabric().hostDcqcn(host).timeReset, 600 * kNsPerUs);
        c->setEcn(QStringLiteral("ens999"), {}, QJsonObject {{QStringLiteral("rpg_gd"), 7}});
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 2, 5000);
        QVERIFY(failed.last().at(2).toString().contains(QStringLiteral("ens999")));
        // Put back what the other cases expect.
        m_service->fabric().setHostDcqcn(host, before);
        HostConfig hc = m_service->fabric().hostConfig(host);
        hc.ecnRpPrios = 0xff;
        m_service->fabric().setHostConfig(host, hc);
    }

    void bandwidthTestDrivesTheModel()
    {
        std::unique_ptr<AgentClient> server(connectTo(*m_service, kH6));
        std::unique_ptr<AgentClient> client(connectTo(*m_service, kH5));
        QTRY_COMPARE_WITH_TIMEOUT(server->state(), AgentClient::State::Ready, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(client->state(), AgentClient::State::Ready, 10000);
        QSignalSpy ready(server.get(), &AgentClient::jobReady);
        QSignalSpy finished(client.get(), &AgentClient::jobFinished);
        const quint64 rxBefore = m_service->fabric().hostCounters(kH6).portRcvData;
        const QString s = start(*server,
                                spec({{QStringLiteral("tool"), QStringLiteral("ib_write_bw")},
                                      {QStringLiteral("role"), QStringLiteral("server")},
                                      {QStringLiteral("device"), QStringLiteral("rocep11s0")}}));
        QVERIFY(!s.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty(), 5000);
        const QString c = start(*client,
                                spec({{QStringLiteral("tool"), QStringLiteral("ib_write_bw")},
                                      {QStringLiteral("role"), QStringLiteral("client")},
                                      {QStringLiteral("server"), QStringLiteral("192.168.2.226")},
                                      {QStringLiteral("device"), QStringLiteral("rocep11s0")},
                                      {QStringLiteral("qps"), 4},
                                      {QStringLiteral("size"), 1048576},
                                      {QStringLiteral("duration_s"), 2}}));
        QVERIFY(!c.isEmpty());
        const JobResult r = waitResult(finished, c, 20000);
        QVERIFY2(r.state == JobState::Succeeded, qPrintable(r.error));
        // The result went through the perftest parser: the text was perftest's format.
        QCOMPARE(r.parsed.value(QStringLiteral("test")).toString(),
                 QStringLiteral("RDMA_Write BW Test"));
        QCOMPARE(r.parsed.value(QStringLiteral("qps")).toInt(), 4);
        QCOMPARE(r.parsed.value(QStringLiteral("peak_measured")).toBool(), false);  // -D mode
        const double gbps = r.parsed.value(QStringLiteral("results"))
                                .toArray()[0]
                                .toObject()
                                .value(QStringLiteral("bw_average_gbps"))
                                .toDouble();
        // 25G with 1 KB MTU: 92.6 % payload, and ubunturdma5 shares its uplink: ~20-23.2 Gb/s.
        QVERIFY2(gbps > 18 && gbps < 23.3, qPrintable(QString::number(gbps)));
        QCOMPARE(r.parsed.value(QStringLiteral("remote"))
                     .toObject()
                     .value(QStringLiteral("ipv4"))
                     .toString(),
                 QStringLiteral("192.168.2.226"));
        // The receiver's counters moved by about what was sent.
        const double moved
            = double(m_service->fabric().hostCounters(kH6).portRcvData - rxBefore) * 4 * 8 / 2e9;
        QVERIFY2(moved > gbps * 0.9, qPrintable(QString::number(moved)));
    }

    void latencyAndTcpBaselines()
    {
        std::unique_ptr<AgentClient> server(connectTo(*m_service, kH6));
        std::unique_ptr<AgentClient> client(connectTo(*m_service, kH5));
        QTRY_COMPARE_WITH_TIMEOUT(client->state(), AgentClient::State::Ready, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(server->state(), AgentClient::State::Ready, 10000);
        QSignalSpy finished(client.get(), &AgentClient::jobFinished);
        QSignalSpy serverFinished(server.get(), &AgentClient::jobFinished);
        auto pair = [&](const QString &tool, QJsonObject extra) {
            QJsonObject srv {{QStringLiteral("tool"), tool},
                             {QStringLiteral("role"), QStringLiteral("server")}};
            QJsonObject cli {{QStringLiteral("tool"), tool},
                             {QStringLiteral("role"), QStringLiteral("client")},
                             {QStringLiteral("server"), QStringLiteral("192.168.2.226")}};
            for (auto it = extra.begin(); it != extra.end(); ++it)
                cli.insert(it.key(), it.value());
            const QString sid = start(*server, spec(srv));
            QTest::qWait(50);
            const QString cid = start(*client, spec(cli));
            return std::make_pair(sid, cid);
        };
        // RDMA latency: ~14.4 us one way on the seeds' VMs.
        auto [s1, c1] = pair(QStringLiteral("ib_write_lat"), {{QStringLiteral("iterations"), 500}});
        JobResult r = waitResult(finished, c1, 20000);
        QVERIFY2(r.state == JobState::Succeeded, qPrintable(r.error));
        const QJsonObject lat = r.parsed.value(QStringLiteral("results")).toArray()[0].toObject();
        QCOMPARE(lat.value(QStringLiteral("iterations")).toInt(), 500);
        QVERIFY2(
            qAbs(lat.value(QStringLiteral("t_typical_usec")).toDouble() - 14.4) < 1.0,
            qPrintable(QString::number(lat.value(QStringLiteral("t_typical_usec")).toDouble())));
        // TCP throughput: ~4.7 Gb/s for one stream through the VM stack.
        auto [s2, c2] = pair(QStringLiteral("iperf3"), {{QStringLiteral("duration_s"), 2}});
        r = waitResult(finished, c2, 30000);
        QVERIFY2(r.state == JobState::Succeeded, qPrintable(r.error));
        const double tcp = r.parsed.value(QStringLiteral("received_gbps")).toDouble();
        QVERIFY2(tcp > 4.4 && tcp < 4.9, qPrintable(QString::number(tcp)));
        QCOMPARE(waitResult(serverFinished, s2, 5000).state,
                 JobState::Succeeded);  // iperf3 -s -1 exits
        // sockperf: ~161 us one way; its server keeps serving until cancelled.
        auto [s3, c3] = pair(QStringLiteral("sockperf"), {{QStringLiteral("duration_s"), 1}});
        r = waitResult(finished, c3, 30000);
        QVERIFY2(r.state == JobState::Succeeded, qPrintable(r.error));
        const double sp = r.parsed.value(QStringLiteral("avg_latency_usec")).toDouble();
        QVERIFY2(sp > 150 && sp < 175, qPrintable(QString::number(sp)));
        server->cancelJob(s3);
        QCOMPARE(waitResult(serverFinished, s3, 5000).state, JobState::Cancelled);
        QCOMPARE(m_service->agents()->runningJobs(), 0);
    }

    void errorsLookLikeTheTools()
    {
        std::unique_ptr<AgentClient> client(connectTo(*m_service, kH5));
        QTRY_COMPARE_WITH_TIMEOUT(client->state(), AgentClient::State::Ready, 10000);
        QSignalSpy finished(client.get(), &AgentClient::jobFinished);
        // Nobody listens on the peer: perftest's own message.
        const QString c
            = start(*client,
                    spec({{QStringLiteral("tool"), QStringLiteral("ib_send_bw")},
                          {QStringLiteral("role"), QStringLiteral("client")},
                          {QStringLiteral("server"), QStringLiteral("192.168.2.226")}}));
        const JobResult r = waitResult(finished, c, 5000);
        QCOMPARE(r.state, JobState::Failed);
        QVERIFY2(r.error.contains(QStringLiteral("Couldn't connect to 192.168.2.226:18515")),
                 qPrintable(r.error));
        // A device the host does not have.
        QString error;
        QVERIFY(start(*client,
                      spec({{QStringLiteral("tool"), QStringLiteral("ib_write_bw")},
                            {QStringLiteral("role"), QStringLiteral("server")},
                            {QStringLiteral("device"), QStringLiteral("mlx5_0")}}),
                      &error)
                    .isEmpty());
        QVERIFY2(error.contains(QStringLiteral("'mlx5_0' not found"))
                     && error.contains(QStringLiteral("rocep11s0")),
                 qPrintable(error));
    }

    void eightRankTrainingRaisesEcnDuringAllReduce()
    {
        QList<AgentClient *> clients;
        for (int h = 0; h < 8; ++h)
            clients.append(connectTo(*m_service, h));
        for (AgentClient *c : std::as_const(clients))
            QTRY_COMPARE_WITH_TIMEOUT(c->state(), AgentClient::State::Ready, 10000);
        QList<std::shared_ptr<QSignalSpy>> finished;
        QStringList ids;
        quint64 ceBefore = 0;
        for (int h = 0; h < 8; ++h)
            ceBefore += m_service->fabric().hostCounters(h).npEcnMarkedRocePackets;
        for (int rank = 0; rank < 8; ++rank) {
            finished.append(std::make_shared<QSignalSpy>(clients[rank], &AgentClient::jobFinished));
            ids.append(start(*clients[rank],
                             spec({{QStringLiteral("tool"), QStringLiteral("train")},
                                   {QStringLiteral("rank"), rank},
                                   {QStringLiteral("world_size"), 8},
                                   {QStringLiteral("master_addr"), QStringLiteral("192.168.2.221")},
                                   {QStringLiteral("master_port"), 29500},
                                   {QStringLiteral("model_mb"), 64},
                                   {QStringLiteral("iterations"), 3}})));
        }
        for (int rank = 0; rank < 8; ++rank) {
            const JobResult r = waitResult(*finished[rank], ids[rank], 60000);
            QVERIFY2(r.state == JobState::Succeeded,
                     qPrintable(QString::number(rank) + QLatin1Char(' ') + r.error));
            QCOMPARE(r.parsed.value(QStringLiteral("iterations")).toInt(), 3);
            QVERIFY(r.parsed.value(QStringLiteral("mean_allreduce_ms")).toDouble() > 10);
        }
        quint64 ceAfter = 0;
        for (int h = 0; h < 8; ++h)
            ceAfter += m_service->fabric().hostCounters(h).npEcnMarkedRocePackets;
        QVERIFY2(ceAfter > ceBefore,
                 "the all-reduce through the shared uplinks must be ECN-marked");
        qDeleteAll(clients);
    }

    // A pingmesh endpoint job over the protocol: its address line, its peers by job_input,
    // its probes streamed as lines, its result; and what job_input refuses.
    void pingmeshJobTakesItsPeersAndStreamsProbes()
    {
        std::unique_ptr<AgentClient> a(connectTo(*m_service, kH5));
        std::unique_ptr<AgentClient> b(connectTo(*m_service, kH6));
        QTRY_COMPARE_WITH_TIMEOUT(a->state(), AgentClient::State::Ready, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(b->state(), AgentClient::State::Ready, 10000);
        QSignalSpy outA(a.get(), &AgentClient::jobOutput);
        QSignalSpy outB(b.get(), &AgentClient::jobOutput);
        QSignalSpy finished(a.get(), &AgentClient::jobFinished);
        QSignalSpy refused(a.get(), &AgentClient::requestFailed);
        auto endpoint = [](const QString &name) {
            return spec({{QStringLiteral("tool"), QStringLiteral("pingmesh")},
                         {QStringLiteral("name"), name},
                         {QStringLiteral("duration_s"), 20},
                         {QStringLiteral("rate_per_s"), 200}});
        };
        const QString jobA = start(*a, endpoint(QStringLiteral("h5")));
        const QString jobB = start(*b, endpoint(QStringLiteral("h6")));
        QVERIFY(!jobA.isEmpty() && !jobB.isEmpty());
        auto addressOf = [](QSignalSpy &out) {
            for (const auto &args : std::as_const(out)) {
                const auto line = roce::pingmesh::parseEndpointLine(args.at(2).toString());
                if (line.kind == roce::pingmesh::EndpointLine::Kind::Address)
                    return line.address;
            }
            return roce::pingmesh::EndpointAddress {};
        };
        QTRY_VERIFY_WITH_TIMEOUT(!addressOf(outA).name.isEmpty(), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(!addressOf(outB).name.isEmpty(), 5000);
        const auto addrA = addressOf(outA);
        const auto addrB = addressOf(outB);
        QCOMPARE(addrA.device, QStringLiteral("rocep11s0"));
        QCOMPARE(addrB.netdev, QStringLiteral("ens192"));
        QCOMPARE(addrB.gid.right(4), QByteArray("\xc0\xa8\x02\xe2", 4));  // 192.168.2.226

        // Malformed peers are refused with the reason; the job keeps waiting for good ones.
        a->sendJobInput(jobA, QStringLiteral("{\"peers\":[{\"name\":\"h6\"}]}"));
        QTRY_VERIFY_WITH_TIMEOUT(!refused.isEmpty(), 5000);
        QCOMPARE(refused.last().at(1).toString(), QStringLiteral("input_refused"));
        QVERIFY(refused.last().at(2).toString().contains(QStringLiteral("GID")));
        a->sendJobInput(QStringLiteral("nosuch"), QStringLiteral("{}"));
        QTRY_COMPARE_WITH_TIMEOUT(refused.size(), 2, 5000);
        QCOMPARE(refused.last().at(1).toString(), QStringLiteral("no_such_job"));

        using roce::pingmesh::PeerAddress;
        a->sendJobInput(
            jobA, roce::pingmesh::peersLine({PeerAddress {addrB.name, addrB.gid, addrB.qpn}}));
        b->sendJobInput(
            jobB, roce::pingmesh::peersLine({PeerAddress {addrA.name, addrA.gid, addrA.qpn}}));
        const JobResult r = waitResult(finished, jobA, 15000);
        QCOMPARE(r.state, JobState::Succeeded);
        int streamed = 0, rtts = 0;
        for (const auto &args : std::as_const(outA)) {
            const auto line = roce::pingmesh::parseEndpointLine(args.at(2).toString());
            if (line.kind == roce::pingmesh::EndpointLine::Kind::Probes) {
                QCOMPARE(line.probes.dst, QStringLiteral("h6"));
                QCOMPARE(line.probes.lost, 0);
                streamed += line.probes.sent;
                rtts += int(line.probes.rttUs.size());
                for (double rtt : line.probes.rttUs)
                    QVERIFY2(rtt > 1 && rtt < 100, qPrintable(QString::number(rtt)));
            }
        }
        // 200 probes a second for 20 model seconds, each streamed once and answered.
        QVERIFY2(streamed >= 3900 && streamed <= 4000, qPrintable(QString::number(streamed)));
        QCOMPARE(rtts, streamed);
        const QJsonArray pairs = r.parsed.value(QStringLiteral("pairs")).toArray();
        QCOMPARE(pairs.size(), 1);
        QCOMPARE(pairs[0].toObject().value(QStringLiteral("sent")).toInt(), streamed);
        QCOMPARE(r.parsed.value(QStringLiteral("udp_sports")).toArray().size(), 8);
        // Input to a job that reads none is refused.
        const QString server = start(*a,
                                     spec({{QStringLiteral("tool"), QStringLiteral("ib_write_bw")},
                                           {QStringLiteral("role"), QStringLiteral("server")}}));
        a->sendJobInput(server, QStringLiteral("{}"));
        QTRY_COMPARE_WITH_TIMEOUT(refused.size(), 3, 5000);
        QCOMPARE(refused.last().at(1).toString(), QStringLiteral("input_refused"));
        a->cancelJob(server);
    }

    // The console side over every agent: a NIC that drops and delays is named, a healthy
    // fabric gets no verdict.
    void agentPingmeshNamesABadNic()
    {
        const QList<roce::pingmesh::AgentPingmeshMember> members = allMembers(*m_service);
        roce::pingmesh::AgentPingmeshOptions o;
        o.seconds = 60;  // model seconds: 6 s at ten times real time
        o.ratePerSecond = 100;
        auto runOnce = [&](int badHost) {
            m_service->agents()->pingmesh().setBadNic(badHost);
            roce::pingmesh::AgentPingmesh run(members, o);
            QSignalSpy done(&run, &roce::pingmesh::AgentPingmesh::finished);
            run.start();
            done.wait(30000);
            m_service->agents()->pingmesh().setBadNic(-1);
            return std::make_pair(run.verdicts(), run.reportJson());
        };
        const auto [healthy, healthyReport] = runOnce(-1);
        const QJsonObject m = healthyReport.value(QStringLiteral("matrix")).toObject();
        QCOMPARE(m.value(QStringLiteral("endpoints")).toInt(), 8);
        QCOMPARE(m.value(QStringLiteral("pairs")).toInt(), 56);
        QVERIFY(m.value(QStringLiteral("probes_sent_total")).toInt() > 8 * 100 * 50);
        QVERIFY2(healthy.isEmpty(), QJsonDocument(healthyReport).toJson().constData());

        const auto [bad, badReport] = runOnce(kH5);
        QCOMPARE(bad.size(), 1);
        QCOMPARE(bad[0].kind, QStringLiteral("nic"));
        QCOMPARE(bad[0].host, QStringLiteral("ubunturdma5"));
        QCOMPARE(bad[0].nic, QStringLiteral("ubunturdma5/rocep11s0"));
        QVERIFY(bad[0].evidence.value(QStringLiteral("loss_pct")).toDouble() > 1);
    }

    // pause_cost on real counters: the NICs' rx_prioN_pause_duration from their agents'
    // samples. A receiver that stops draining under a 3:1 incast pauses its senders.
    void agentPingmeshNamesPausedNics()
    {
        Fabric &fabric = m_service->fabric();
        const int receiver = kH6;
        QList<int> flows;
        for (int sender : {0, 1, 2})
            flows.append(fabric.startFlow(sender, receiver, FlowOptions {}));
        fabric.setNicStalled(fabric.spec().hosts[receiver].nicPort, true);
        const QList<roce::pingmesh::AgentPingmeshMember> members = allMembers(*m_service);
        roce::pingmesh::AgentPingmeshOptions o;
        o.seconds = 80;  // model seconds: 8 s at ten times real time
        roce::pingmesh::AgentPingmesh run(members, o);
        QSignalSpy done(&run, &roce::pingmesh::AgentPingmesh::finished);
        run.start();
        done.wait(40000);
        fabric.setNicStalled(fabric.spec().hosts[receiver].nicPort, false);
        for (int f : std::as_const(flows))
            fabric.stopFlow(f);
        QStringList paused;
        for (const roce::pingmesh::Verdict &v : run.verdicts()) {
            if (v.kind == u"pause_cost") {
                paused.append(v.nic);
                QCOMPARE(v.evidence.value(QStringLiteral("measured")).toString(),
                         QStringLiteral("pause duration"));
                QVERIFY(v.evidence.value(QStringLiteral("paused_pct")).toDouble() > 5);
            }
        }
        QVERIFY2(!paused.isEmpty(), QJsonDocument(run.reportJson()).toJson().constData());
        // Only NICs behind the senders' switch ports are held by pauses (VMs of one ESXi host
        // share its port, and its pauses).
        const FabricSpec &spec = fabric.spec();
        auto switchPortOf = [&](int h) { return spec.nicPorts[spec.hosts[h].nicPort].switchPort; };
        QSet<QString> behindSenders;
        for (int h = 0; h < spec.hosts.size(); ++h) {
            for (int sender : {0, 1, 2}) {
                if (switchPortOf(h) == switchPortOf(sender))
                    behindSenders.insert(spec.hosts[h].name);
            }
        }
        QVERIFY(!behindSenders.contains(spec.hosts[receiver].name));
        for (const QString &nic : std::as_const(paused))
            QVERIFY2(behindSenders.contains(nic.section(QLatin1Char('/'), 0, 0)), qPrintable(nic));
        qInfo() << "paused NICs" << paused;
    }

    // The console's feed of the agents' pingmesh: snapshots from its own thread, and a stop
    // that leaves no endpoint running on the agents.
    void agentPingmeshFeedPublishesAndStops()
    {
        const QList<AgentEndpoint> agents = allAgents(*m_service);
        roce::pingmesh::AgentPingmeshFeed feed;
        QueuedSpy snapshots(&feed, &roce::pingmesh::AgentPingmeshFeed::snapshot);
        QueuedSpy failed(&feed, &roce::pingmesh::AgentPingmeshFeed::failed);
        roce::pingmesh::AgentPingmeshOptions o;
        o.seconds = 3600;
        feed.start(agents, {}, o);
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= 2, 15000);
        const auto s = snapshots.last().at(0).value<roce::pingmesh::PingmeshSnapshot>();
        QCOMPARE(s.topology, QStringLiteral("agents"));
        QCOMPARE(s.endpoints.size(), 8);
        QCOMPARE(s.pairs.size(), 56);
        QCOMPARE(s.summaries.size(), 56);
        QVERIFY(s.probesSent > 0);
        QVERIFY(failed.isEmpty());
        QVERIFY(m_service->agents()->runningJobs() >= 8);
        feed.stop();
        QTRY_COMPARE_WITH_TIMEOUT(m_service->agents()->runningJobs(), 0, 10000);
        feed.start({}, {}, o);
        QTRY_COMPARE(failed.size(), 1);  // said at once, recorded when the loop delivers it
        QVERIFY(failed.last().at(0).toString().contains(QStringLiteral("no agents")));
    }
};

QTEST_GUILESS_MAIN(TestSimAgents)
#include "tst_simagents.moc"
