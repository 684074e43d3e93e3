// The agent protocol end to end in one process: the real AgentServer with the real job
// runner and collectors on a fixture tree, the console's AgentClient, real iperf3, sockperf
// and a 2-rank PyTorch (gloo) run on loopback.
#include "../common/testpki.h"
#include "collectors/sysfs.h"
#include "jobs/processjobrunner.h"
#include "proto/agentproto/agentclient.h"
#include "proto/agentproto/agentserver.h"
#include "proto/agentproto/frame.h"
#include "sampler.h"
#include "testagent.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QSslSocket>
#include <QTcpServer>
#include <QTest>

#include <cerrno>
#include <csignal>

using namespace roce::agentproto;
using namespace roce::agent;

namespace {
using testagent::freePort;
using testagent::readFixture;
using testagent::TestAgent;
using testagent::waitReady;

bool groupGone(qint64 pgid)
{
    return ::kill(-pid_t(pgid), 0) == -1 && errno == ESRCH;
}

QString startJob(AgentClient &client, const QJsonObject &spec, QString *error = nullptr)
{
    const auto parsed = parseJobSpec(spec);
    if (!parsed) {
        if (error)
            *error = parsed.error().message;
        return {};
    }
    QSignalSpy started(&client, &AgentClient::jobStarted);
    QSignalSpy failed(&client, &AgentClient::requestFailed);
    client.startJob(*parsed);
    for (int i = 0; i < 50 && started.isEmpty() && failed.isEmpty(); ++i)
        QTest::qWait(100);
    if (!failed.isEmpty()) {
        if (error)
            *error = failed.first().at(2).toString();
        return {};
    }
    return started.isEmpty() ? QString() : started.first().at(1).toString();
}

JobResult waitFinished(QSignalSpy &finished, const QString &jobId, int timeoutMs)
{
    for (int waited = 0; waited < timeoutMs; waited += 100) {
        for (const auto &args : std::as_const(finished)) {
            const JobResult r = args.at(0).value<JobResult>();
            if (r.jobId == jobId)
                return r;
        }
        finished.wait(100);
    }
    return {};
}

bool waitJobReady(QSignalSpy &ready, const QString &jobId, int timeoutMs)
{
    for (int waited = 0; waited < timeoutMs; waited += 100) {
        for (const auto &args : std::as_const(ready)) {
            if (args.at(0).toString() == jobId)
                return true;
        }
        ready.wait(100);
    }
    return false;
}

}  // namespace

class TestAgentProtocol : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { qRegisterMetaType<JobResult>(); }

    void framing()
    {
        FrameDecoder d(1024);
        const QByteArray frame = encodeFrame({{QStringLiteral("type"), QStringLiteral("ping")}});
        // Byte by byte: nothing until the frame is complete, then exactly one message.
        for (int i = 0; i < frame.size() - 1; ++i)
            QCOMPARE(d.feed(frame.mid(i, 1))->size(), 0);
        QCOMPARE(d.feed(frame.right(1))->size(), 1);
        QVERIFY(!FrameDecoder(1024).feed(QByteArray::fromHex("00100000")).ok());  // 1 MiB > limit
        QVERIFY(!FrameDecoder().feed(QByteArray::fromHex("00000000")).ok());      // empty frame
        QVERIFY(
            !FrameDecoder().feed(QByteArray::fromHex("00000003") + "[1]").ok());  // not an object
        QVERIFY(!FrameDecoder().feed(QByteArray::fromHex("00000002") + "{}").ok());  // no type
    }

    void jobSpecsAreValidated()
    {
        QVERIFY(!parseJobSpec({{QStringLiteral("tool"), QStringLiteral("bash")}}).ok());
        auto r = parseJobSpec({{QStringLiteral("tool"), QStringLiteral("iperf3")},
                               {QStringLiteral("role"), QStringLiteral("client")},
                               {QStringLiteral("server"), QStringLiteral("127.0.0.1; rm -rf /")}});
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.contains(QStringLiteral("server")));
        r = parseJobSpec({{QStringLiteral("tool"), QStringLiteral("ib_write_bw")},
                          {QStringLiteral("role"), QStringLiteral("server")},
                          {QStringLiteral("qps"), 0}});
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.contains(QStringLiteral("qps")));
        r = parseJobSpec({{QStringLiteral("tool"), QStringLiteral("ib_write_bw")},
                          {QStringLiteral("role"), QStringLiteral("server")},
                          {QStringLiteral("env"), QStringLiteral("LD_PRELOAD=x")}});
        QVERIFY(!r.ok());  // unknown keys are refused, not ignored
        r = parseJobSpec({{QStringLiteral("tool"), QStringLiteral("ib_write_bw")},
                          {QStringLiteral("role"), QStringLiteral("client")},
                          {QStringLiteral("server"), QStringLiteral("192.168.2.225")},
                          {QStringLiteral("device"), QStringLiteral("mlx5_0")},
                          {QStringLiteral("gid_index"), 3},
                          {QStringLiteral("qps"), 4},
                          {QStringLiteral("size"), 1048576},
                          {QStringLiteral("duration_s"), 5}});
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
        QCOMPARE(*r->gidIndex, 3);
        QCOMPARE(parseJobSpec(jobSpecToJson(*r))->qps, 4);  // round trip
        // A pingmesh endpoint: named, its own keys only, defaults filled, a round trip.
        r = parseJobSpec({{QStringLiteral("tool"), QStringLiteral("pingmesh")}});
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.contains(QStringLiteral("name")));
        r = parseJobSpec({{QStringLiteral("tool"), QStringLiteral("pingmesh")},
                          {QStringLiteral("name"), QStringLiteral("gpu0001:mlx5_0")},
                          {QStringLiteral("qps"), 2}});
        QVERIFY(!r.ok());  // a perftest's key
        r = parseJobSpec({{QStringLiteral("tool"), QStringLiteral("pingmesh")},
                          {QStringLiteral("name"), QStringLiteral("gpu0001:mlx5_0")},
                          {QStringLiteral("device"), QStringLiteral("mlx5_0")},
                          {QStringLiteral("gid_index"), 3},
                          {QStringLiteral("rate_per_s"), 500}});
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
        QCOMPARE(r->role, QStringLiteral("endpoint"));
        QCOMPARE(r->durationS, 10);
        QCOMPARE(r->sourcePorts, 8);
        const auto again = parseJobSpec(jobSpecToJson(*r));
        QVERIFY(again.ok());
        QCOMPARE(again->probeRate, 500);
        QCOMPARE(*again->gidIndex, 3);
        QCOMPARE(again->endpointName, QStringLiteral("gpu0001:mlx5_0"));
        // Found by fuzzing: a number beyond qint64 was converted before the range check
        // (undefined behaviour); it is out of range like any other.
        for (const double huge : {9.2e20, -9.2e20, 1e300}) {
            r = parseJobSpec({{QStringLiteral("tool"), QStringLiteral("iperf3")},
                              {QStringLiteral("role"), QStringLiteral("server")},
                              {QStringLiteral("timeout_s"), huge}});
            QVERIFY(!r.ok());
            QVERIFY(r.error().message.contains(QStringLiteral("timeout_s")));
        }
    }

    void handshakeAuthenticateAndSubscribe()
    {
        TestAgent agent;
        QVERIFY(agent.port);
        AgentClient client(agent.endpoint());
        QVERIFY2(waitReady(client), qPrintable(client.lastError()));
        QCOMPARE(client.agentHostname(), QStringLiteral("testhost"));
        QSignalSpy samples(&client, &AgentClient::sampleReceived);
        client.subscribe(100);
        QTRY_VERIFY_WITH_TIMEOUT(samples.size() >= 4, 5000);
        const AgentSample s = samples.last().at(0).value<AgentSample>();
        QCOMPARE(s.devices.size(), 1);
        QCOMPARE(s.devices[0].ports[0].hwCounters.value(QStringLiteral("np_cnp_sent")), 1843204ULL);
        QVERIFY(s.monotonicNs > 0);
        QVERIFY(qAbs(s.wallMs - samples.last().at(1).toLongLong()) < 5000);  // agent wall clock
        // Intervals outside 100 ms .. 60 s are refused.
        QSignalSpy failed(&client, &AgentClient::requestFailed);
        client.subscribe(50);
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 3000);
        QCOMPARE(failed.first().at(1).toString(), QStringLiteral("bad_request"));
        // The agent changes no NIC setting: its /sys is read-only.
        client.setEcn(QStringLiteral("ens1f0np0"), {},
                      QJsonObject {{QStringLiteral("rpg_time_reset"), QStringLiteral("300")}});
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 2, 3000);
        QCOMPARE(failed.last().at(1).toString(), QStringLiteral("read_only"));
    }

    void wrongCredentialsAndCertificates()
    {
        TestAgent agent;
        AgentEndpoint e = agent.endpoint();
        e.token = QStringLiteral("wrong-token-0123456789");
        AgentClient wrongToken(e);
        QVERIFY(!waitReady(wrongToken));
        QVERIFY2(wrongToken.lastError().contains(QStringLiteral("authentication failed")),
                 qPrintable(wrongToken.lastError()));

        e = agent.endpoint();
        e.pinnedSha256.clear();  // not pinned, not signed by a known CA
        AgentClient unpinned(e);
        QVERIFY(!waitReady(unpinned));
        QVERIFY2(unpinned.lastError().contains(QStringLiteral("TLS")),
                 qPrintable(unpinned.lastError()));

        e = agent.endpoint();
        e.pinnedSha256 = QByteArray(64, 'a');
        AgentClient wrongPin(e);
        QVERIFY(!waitReady(wrongPin));
        QVERIFY(wrongPin.lastError().contains(QStringLiteral("does not match the pinned one")));

        // A client certificate from the configured CA replaces the token.
        e = agent.endpoint();
        e.token.clear();
        e.clientCertificate
            = QSslCertificate(readFixture(QStringLiteral("tls/client.crt")), QSsl::Pem);
        e.clientKey = QSslKey(readFixture(QStringLiteral("tls/client.key")), QSsl::Rsa, QSsl::Pem);
        AgentClient byCertificate(e);
        QVERIFY2(waitReady(byCertificate), qPrintable(byCertificate.lastError()));
        // A self-signed one does not.
        e.clientCertificate
            = QSslCertificate(readFixture(QStringLiteral("tls/rogue.crt")), QSsl::Pem);
        e.clientKey = QSslKey(readFixture(QStringLiteral("tls/rogue.key")), QSsl::Rsa, QSsl::Pem);
        AgentClient rogue(e);
        QVERIFY(!waitReady(rogue));
    }

    void pinBindsEvenWhenTheCaVouches()
    {
        // A certificate a CA the client trusts issued for 127.0.0.1, presented by a peer that
        // asks for the token and keeps whatever it gets.
        const roce::testing::TestPki pki;
        QVERIFY2(pki.ok(), qPrintable(pki.error));
        auto askForToken = [](const QByteArray &in) {
            return in.contains("\"hello\"")
                ? encodeFrame({{QStringLiteral("type"), QStringLiteral("hello")},
                               {QStringLiteral("protocol"), kProtocolVersion},
                               {QStringLiteral("hostname"), QStringLiteral("impostor")},
                               {QStringLiteral("authenticated"), false}})
                : QByteArray();
        };
        const QByteArray token = "token-that-must-not-leak-0123";
        AgentEndpoint e;
        e.host = QStringLiteral("127.0.0.1");
        e.token = QString::fromLatin1(token);
        e.caCertificates = {pki.ca};

        // Control: pinned to this very certificate, the recorder does see the token.
        roce::testing::RecordingTlsServer genuine(pki.leaf, pki.leafKey, askForToken);
        e.port = genuine.serverPort();
        e.pinnedSha256 = pki.leafSha256();
        AgentClient pinned(e);
        pinned.connectToAgent();
        QTRY_VERIFY_WITH_TIMEOUT(genuine.received().contains(token), 10000);

        // Pinned to another certificate: the CA's word is not enough. Refused after the
        // handshake, and not one byte (no hello, no token) was sent.
        roce::testing::RecordingTlsServer impostor(pki.leaf, pki.leafKey, askForToken);
        e.port = impostor.serverPort();
        e.pinnedSha256 = QByteArray(64, 'b');
        AgentClient wrongPin(e);
        QVERIFY(!waitReady(wrongPin));
        QCOMPARE(wrongPin.state(), AgentClient::State::Failed);
        QVERIFY2(wrongPin.lastError().contains(QStringLiteral("does not match the pinned one")),
                 qPrintable(wrongPin.lastError()));
        QVERIFY2(wrongPin.lastError().contains(QString::fromLatin1(pki.leafSha256())),
                 qPrintable(wrongPin.lastError()));
        QTest::qWait(300);  // anything in flight would have arrived by now
        QCOMPARE(impostor.received(), QByteArray());
    }

    void garbageNeverDisturbsOtherClients()
    {
        TestAgent agent;
        AgentClient good(agent.endpoint());
        QVERIFY(waitReady(good));
        QSignalSpy samples(&good, &AgentClient::sampleReceived);
        good.subscribe(100);
        QTRY_VERIFY_WITH_TIMEOUT(samples.size() >= 2, 5000);

        // Twenty hostile connections: random bytes, truncated and oversized frames, requests
        // before hello or before auth, all over TLS.
        auto *rng = QRandomGenerator::global();
        QList<QSslSocket *> hostile;
        for (int i = 0; i < 20; ++i) {
            auto *s = new QSslSocket(this);
            connect(s, &QSslSocket::sslErrors, s, [s] { s->ignoreSslErrors(); });
            s->connectToHostEncrypted(QStringLiteral("127.0.0.1"), agent.port);
            hostile.append(s);
        }
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(hostile.begin(), hostile.end(),
                                             [](QSslSocket *s) { return s->isEncrypted(); }),
                                 10000);
        for (int i = 0; i < hostile.size(); ++i) {
            QByteArray payload;
            switch (i % 5) {
            case 0:  // random bytes
                for (int k = 0; k < 64; ++k)
                    payload += char(rng->bounded(256));
                break;
            case 1:  // oversized frame header
                payload = QByteArray::fromHex("7fffffff") + "{";
                break;
            case 2:  // a request before hello
                payload = encodeFrame({{QStringLiteral("type"), QStringLiteral("job_start")}});
                break;
            case 3:  // hello, then a request before auth
                payload = encodeFrame({{QStringLiteral("type"), QStringLiteral("hello")},
                                       {QStringLiteral("protocol"), QJsonArray {1}}})
                    + encodeFrame({{QStringLiteral("type"), QStringLiteral("subscribe")},
                                   {QStringLiteral("interval_ms"), 100}});
                break;
            default:  // a truncated frame, then the connection drops
                payload = encodeFrame({{QStringLiteral("type"), QStringLiteral("hello")}}).left(7);
                break;
            }
            hostile[i]->write(payload);
            if (i % 5 == 4)
                hostile[i]->disconnectFromHost();
        }
        QTRY_VERIFY_WITH_TIMEOUT(agent.server->rejectedCount() >= 16, 10000);
        const qsizetype before = samples.size();
        QTRY_VERIFY_WITH_TIMEOUT(samples.size() >= before + 5, 5000);  // still served at 10 Hz
        QCOMPARE(good.state(), AgentClient::State::Ready);
        QTRY_COMPARE_WITH_TIMEOUT(agent.server->connectionCount(), 1, 10000);
        qDeleteAll(hostile);
    }

    void iperf3ThroughTheAgent()
    {
        TestAgent agent;
        AgentClient client(agent.endpoint());
        QVERIFY(waitReady(client));
        QSignalSpy ready(&client, &AgentClient::jobReady);
        QSignalSpy finished(&client, &AgentClient::jobFinished);
        QSignalSpy output(&client, &AgentClient::jobOutput);
        const int port = freePort();
        QString error;
        const QString server = startJob(client,
                                        {{QStringLiteral("tool"), QStringLiteral("iperf3")},
                                         {QStringLiteral("role"), QStringLiteral("server")},
                                         {QStringLiteral("server"), QStringLiteral("127.0.0.1")},
                                         {QStringLiteral("port"), port}},
                                        &error);
        QVERIFY2(!server.isEmpty(), qPrintable(error));
        // The server side is confirmed listening before the client starts.
        QVERIFY(waitJobReady(ready, server, 10000));
        const QString clientJob = startJob(client,
                                           {{QStringLiteral("tool"), QStringLiteral("iperf3")},
                                            {QStringLiteral("role"), QStringLiteral("client")},
                                            {QStringLiteral("server"), QStringLiteral("127.0.0.1")},
                                            {QStringLiteral("port"), port},
                                            {QStringLiteral("duration_s"), 1}},
                                           &error);
        QVERIFY2(!clientJob.isEmpty(), qPrintable(error));
        const JobResult c = waitFinished(finished, clientJob, 30000);
        QCOMPARE(c.state, JobState::Succeeded);
        QVERIFY2(c.parsed.value(QStringLiteral("sent_gbps")).toDouble() > 0.1,
                 QJsonDocument(c.parsed).toJson().constData());
        const JobResult s = waitFinished(finished, server, 30000);
        QCOMPARE(s.state, JobState::Succeeded);
        QVERIFY(!output.isEmpty());  // output lines were streamed
    }

    void sockperfThroughTheAgentAndCancelLeavesNothing()
    {
        TestAgent agent;
        AgentClient client(agent.endpoint());
        QVERIFY(waitReady(client));
        QSignalSpy ready(&client, &AgentClient::jobReady);
        QSignalSpy finished(&client, &AgentClient::jobFinished);
        const int port = freePort();
        QString error;
        const QString server = startJob(client,
                                        {{QStringLiteral("tool"), QStringLiteral("sockperf")},
                                         {QStringLiteral("role"), QStringLiteral("server")},
                                         {QStringLiteral("server"), QStringLiteral("127.0.0.1")},
                                         {QStringLiteral("port"), port}},
                                        &error);
        QVERIFY2(!server.isEmpty(), qPrintable(error));
        QVERIFY(waitJobReady(ready, server, 10000));
        const QList<qint64> groups = agent.jobs->processGroups();
        QCOMPARE(groups.size(), 1);
        const QString clientJob = startJob(client,
                                           {{QStringLiteral("tool"), QStringLiteral("sockperf")},
                                            {QStringLiteral("role"), QStringLiteral("client")},
                                            {QStringLiteral("server"), QStringLiteral("127.0.0.1")},
                                            {QStringLiteral("port"), port},
                                            {QStringLiteral("duration_s"), 1}},
                                           &error);
        QVERIFY2(!clientJob.isEmpty(), qPrintable(error));
        const JobResult c = waitFinished(finished, clientJob, 30000);
        QVERIFY2(c.state == JobState::Succeeded, qPrintable(c.error));
        QVERIFY(c.parsed.value(QStringLiteral("avg_latency_usec")).toDouble() > 0);
        QVERIFY(c.parsed.value(QStringLiteral("observations")).toDouble() > 100);
        // The server runs until stopped: cancel it, and nothing of it may remain.
        client.cancelJob(server);
        const JobResult s = waitFinished(finished, server, 10000);
        QCOMPARE(s.state, JobState::Cancelled);
        QVERIFY(groupGone(groups.first()));
        QCOMPARE(agent.jobs->runningCount(), 0);
    }

    void disconnectCancelsTheClientsJobs()
    {
        TestAgent agent;
        auto *client = new AgentClient(agent.endpoint(), this);
        QVERIFY(waitReady(*client));
        QSignalSpy ready(client, &AgentClient::jobReady);
        const QString server = startJob(*client,
                                        {{QStringLiteral("tool"), QStringLiteral("iperf3")},
                                         {QStringLiteral("role"), QStringLiteral("server")},
                                         {QStringLiteral("server"), QStringLiteral("127.0.0.1")},
                                         {QStringLiteral("port"), int(freePort())}});
        QVERIFY(!server.isEmpty());
        QVERIFY(waitJobReady(ready, server, 10000));
        const qint64 group = agent.jobs->processGroups().first();
        QVERIFY(!groupGone(group));
        delete client;  // the console goes away mid-test
        QTRY_COMPARE_WITH_TIMEOUT(agent.jobs->runningCount(), 0, 10000);
        QVERIFY(groupGone(group));
    }

    void rdmaTestWithoutTheDevice()
    {
        TestAgent noDevices(QStringList {});
        AgentClient client(noDevices.endpoint());
        QVERIFY(waitReady(client));
        QString error;
        QVERIFY(startJob(client,
                         {{QStringLiteral("tool"), QStringLiteral("ib_write_bw")},
                          {QStringLiteral("role"), QStringLiteral("server")},
                          {QStringLiteral("device"), QStringLiteral("mlx5_0")}},
                         &error)
                    .isEmpty());
        QVERIFY2(error.contains(QStringLiteral("mlx5_0"))
                     && error.contains(QStringLiteral("has none")),
                 qPrintable(error));

        TestAgent oneDevice;
        AgentClient client2(oneDevice.endpoint());
        QVERIFY(waitReady(client2));
        QVERIFY(startJob(client2,
                         {{QStringLiteral("tool"), QStringLiteral("ib_write_lat")},
                          {QStringLiteral("role"), QStringLiteral("server")},
                          {QStringLiteral("device"), QStringLiteral("mlx5_9")}},
                         &error)
                    .isEmpty());
        QVERIFY2(error.contains(QStringLiteral("'mlx5_9' not found"))
                     && error.contains(QStringLiteral("mlx5_0")),
                 qPrintable(error));
    }

    void clockOffsetIsMeasured()
    {
        // A host whose clock runs 5 s ahead: the ping/pong estimate finds it, within the
        // round trip; an agent in step with the console is found at ~0.
        for (const qint64 skew : {qint64(0), qint64(5000)}) {
            TestAgent agent({QStringLiteral("mlx5_0")}, skew);
            AgentClient client(agent.endpoint());
            QVERIFY(waitReady(client));
            QSignalSpy measured(&client, &AgentClient::clockMeasured);
            client.measureClock();
            QTRY_COMPARE(measured.size(), 1);
            const double offset = measured.first().at(0).toDouble();
            const double rtt = measured.first().at(1).toDouble();
            QVERIFY2(rtt >= 0 && rtt < 1000, qPrintable(QString::number(rtt)));
            QVERIFY2(std::abs(offset - double(skew)) <= rtt / 2 + 2,
                     qPrintable(QStringLiteral("offset %1, rtt %2").arg(offset).arg(rtt)));
        }
    }

    void twoRankTrainingThroughTwoAgents()
    {
        TestAgent a;
        TestAgent b;
        AgentClient ca(a.endpoint());
        AgentClient cb(b.endpoint());
        QVERIFY(waitReady(ca));
        QVERIFY(waitReady(cb));
        QSignalSpy fa(&ca, &AgentClient::jobFinished);
        QSignalSpy fb(&cb, &AgentClient::jobFinished);
        QSignalSpy progress(&ca, &AgentClient::jobOutput);
        const int masterPort = freePort();
        auto spec = [&](int rank) {
            return QJsonObject {{QStringLiteral("tool"), QStringLiteral("train")},
                                {QStringLiteral("rank"), rank},
                                {QStringLiteral("world_size"), 2},
                                {QStringLiteral("master_addr"), QStringLiteral("127.0.0.1")},
                                {QStringLiteral("master_port"), masterPort},
                                {QStringLiteral("backend"), QStringLiteral("gloo")},
                                {QStringLiteral("model_mb"), 2},
                                {QStringLiteral("iterations"), 5},
                                {QStringLiteral("ifname"), QStringLiteral("lo")}};
        };
        QString error;
        const QString ja = startJob(ca, spec(0), &error);
        QVERIFY2(!ja.isEmpty(), qPrintable(error));
        const QString jb = startJob(cb, spec(1), &error);
        QVERIFY2(!jb.isEmpty(), qPrintable(error));
        const JobResult ra = waitFinished(fa, ja, 120000);
        const JobResult rb = waitFinished(fb, jb, 120000);
        QVERIFY2(ra.state == JobState::Succeeded, qPrintable(ra.error));
        QVERIFY2(rb.state == JobState::Succeeded, qPrintable(rb.error));
        QCOMPARE(ra.parsed.value(QStringLiteral("iterations")).toInt(), 5);
        QVERIFY(ra.parsed.value(QStringLiteral("completed")).toBool());
        QVERIFY(ra.parsed.value(QStringLiteral("mean_allreduce_ms")).toDouble() > 0);
        QVERIFY(ra.parsed.value(QStringLiteral("grad_bytes")).toDouble() > 1e6);
        // Both ranks report the same (averaged) loss curve.
        QCOMPARE(ra.parsed.value(QStringLiteral("final_loss")).toDouble(),
                 rb.parsed.value(QStringLiteral("final_loss")).toDouble());
        // Progress was streamed live, one JSON line per iteration.
        int lines = 0;
        for (const auto &args : std::as_const(progress)) {
            if (args.at(2).toString().contains(QStringLiteral("\"iteration\"")))
                ++lines;
        }
        QCOMPARE(lines, 5);
    }
};

QTEST_GUILESS_MAIN(TestAgentProtocol)
#include "tst_agentprotocol.moc"
