#include "nxapi/client/nxapiclient.h"
#include "proto/agentproto/agentclient.h"
#include "sim/served/servedfabric.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace roce;

namespace {

struct PollResult {
    std::optional<nxapi::SwitchSnapshot> snapshot;
    std::optional<nxapi::NxapiError> error;
};

/// One poll of @p client, waiting for its answer.
PollResult pollOnce(nxapi::NxapiClient &client)
{
    QSignalSpy ready(&client, &nxapi::NxapiClient::snapshotReady);
    QSignalSpy failed(&client, &nxapi::NxapiClient::pollFailed);
    PollResult result;
    if (!client.pollNow())
        return result;
    if (!QTest::qWaitFor([&] { return !ready.isEmpty() || !failed.isEmpty(); }, 20000))
        return result;
    if (!ready.isEmpty())
        result.snapshot = ready.first().first().value<nxapi::SwitchSnapshot>();
    else
        result.error = failed.first().first().value<nxapi::NxapiError>();
    return result;
}

}  // namespace

class tst_ServedFabric : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void switchesReportThemselvesAndOnlyTheirPorts();
    void leafLldpNamesServerNicsAndSpines();
    void spineLldpNamesLeaves();
    void pinsDifferPerSwitch();
    void agentSampleCarriesEveryNic();
    void stoppedSwitchFailsAndRecovers();
    void dcqcnIncastMarksLeafPortAndNics();
    void rocectlServesAndWritesInventory();

private:
    const sim::ServedSwitch &switchNamed(const QString &name) const;
    /// The CLI text of @p command on @p sw (cli_show_ascii), its pinned certificate accepted.
    QString showAscii(const sim::ServedSwitch &sw, const QString &command) const;
    std::unique_ptr<nxapi::NxapiClient> clientFor(const QString &name) const;
    std::unique_ptr<sim::ServedFabric> m_fabric;
    std::unique_ptr<QNetworkAccessManager> m_network = std::make_unique<QNetworkAccessManager>();
};

void tst_ServedFabric::initTestCase()
{
    sim::ServedFabricOptions options;
    options.topology = QStringLiteral("rail:32:2:2:2");
    m_fabric = std::make_unique<sim::ServedFabric>(options);
    QSignalSpy started(m_fabric.get(), &sim::ServedFabric::started);
    QSignalSpy failed(m_fabric.get(), &sim::ServedFabric::failed);
    m_fabric->start();
    QVERIFY(QTest::qWaitFor([&] { return !started.isEmpty() || !failed.isEmpty(); }, 60000));
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    const sim::ServedFabricEndpoints &e = m_fabric->endpoints();
    // rail:32:2:2:2: 2 spines, one leaf per rail (32 servers per leaf), 32 servers.
    QCOMPARE(e.switches.size(), 4);
    QCOMPARE(e.hosts.size(), 32);
    QVERIFY(!e.password.isEmpty());
    QVERIFY(!e.agentToken.isEmpty());
}

void tst_ServedFabric::cleanupTestCase()
{
    m_network.reset();
    m_fabric.reset();
}

const sim::ServedSwitch &tst_ServedFabric::switchNamed(const QString &name) const
{
    for (const auto &sw : m_fabric->endpoints().switches) {
        if (sw.name == name)
            return sw;
    }
    qFatal("no switch %s", qPrintable(name));
}

QString tst_ServedFabric::showAscii(const sim::ServedSwitch &sw, const QString &command) const
{
    QNetworkRequest request(sw.url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    const QString credentials
        = m_fabric->endpoints().user + QLatin1Char(':') + m_fabric->endpoints().password;
    request.setRawHeader("Authorization", "Basic " + credentials.toUtf8().toBase64());
    const QJsonObject ins {{QStringLiteral("version"), QStringLiteral("1.0")},
                           {QStringLiteral("type"), QStringLiteral("cli_show_ascii")},
                           {QStringLiteral("chunk"), QStringLiteral("0")},
                           {QStringLiteral("sid"), QStringLiteral("1")},
                           {QStringLiteral("input"), command},
                           {QStringLiteral("output_format"), QStringLiteral("json")}};
    // One manager for every call: its cookie jar reuses the nxapi_auth session, as a poller
    // must (a switch turns away logins beyond 5 sessions).
    QNetworkReply *reply = m_network->post(
        request, QJsonDocument(QJsonObject {{QStringLiteral("ins_api"), ins}}).toJson());
    QObject::connect(reply, &QNetworkReply::sslErrors, reply, [reply, &sw] {
        const QString pin = nxapi::normalizeFingerprint(
            QString::fromLatin1(reply->sslConfiguration()
                                    .peerCertificate()
                                    .digest(QCryptographicHash::Sha256)
                                    .toHex()));
        if (pin == nxapi::normalizeFingerprint(sw.pinSha256))
            reply->ignoreSslErrors();
    });
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, 10000))
        return {};
    reply->deleteLater();
    return QJsonDocument::fromJson(reply->readAll())
        .object()
        .value(QStringLiteral("ins_api"))
        .toObject()
        .value(QStringLiteral("outputs"))
        .toObject()
        .value(QStringLiteral("output"))
        .toObject()
        .value(QStringLiteral("body"))
        .toString();
}

std::unique_ptr<nxapi::NxapiClient> tst_ServedFabric::clientFor(const QString &name) const
{
    const sim::ServedSwitch &sw = switchNamed(name);
    nxapi::NxapiEndpoint endpoint;
    endpoint.url = sw.url;
    endpoint.user = m_fabric->endpoints().user;
    endpoint.password = m_fabric->endpoints().password;
    endpoint.pinnedSha256 = sw.pinSha256;
    endpoint.timeoutMs = 5000;
    return std::make_unique<nxapi::NxapiClient>(endpoint);
}

void tst_ServedFabric::switchesReportThemselvesAndOnlyTheirPorts()
{
    const QStringList leafPorts = [] {
        QStringList names;
        for (int p = 1; p <= 34; ++p)  // 32 downlinks, then one uplink per spine
            names.append(QStringLiteral("Ethernet1/%1").arg(p));
        return names;
    }();
    const struct {
        QString name;
        QString role;
        QStringList ports;
    } expected[] = {
        {QStringLiteral("rail1-leaf1"), QStringLiteral("leaf"), leafPorts},
        {QStringLiteral("spine2"),
         QStringLiteral("spine"),
         {QStringLiteral("Ethernet1/1"), QStringLiteral("Ethernet1/2")}},
    };
    for (const auto &x : expected) {
        QCOMPARE(switchNamed(x.name).role, x.role);
        auto client = clientFor(x.name);
        const PollResult r = pollOnce(*client);
        QVERIFY2(r.snapshot, r.error ? qPrintable(r.error->message) : "no answer");
        QVERIFY(r.snapshot->version);
        QCOMPARE(r.snapshot->version->hostName, x.name);
        QStringList ports;
        for (const auto &port : r.snapshot->ports)
            ports.append(port.name);
        QCOMPARE(ports, x.ports);
        for (const auto &port : r.snapshot->ports) {
            QVERIFY2(port.pfc && port.queuing, qPrintable(port.name));
        }
    }
}

void tst_ServedFabric::leafLldpNamesServerNicsAndSpines()
{
    auto client = clientFor(QStringLiteral("rail2-leaf1"));
    const PollResult r = pollOnce(*client);
    QVERIFY(r.snapshot);
    QSet<QString> servers;
    QSet<QString> spines;
    for (const auto &n : r.snapshot->lldpNeighbors) {
        if (n.systemName.startsWith(QLatin1String("spine"))) {
            spines.insert(n.systemName);
            // rail2-leaf1 is the second leaf: port 2 on every spine.
            QCOMPARE(n.portId, QStringLiteral("Ethernet1/2"));
            continue;
        }
        servers.insert(n.systemName);
        // Rail 2 carries every server's second NIC, as lldpd on the host names it.
        QCOMPARE(n.portId, QStringLiteral("ens2np0"));
        QCOMPARE(n.portDescription, QStringLiteral("ens2np0"));
        QCOMPARE(n.managementAddress, QStringLiteral("127.0.0.1"));
    }
    QCOMPARE(spines, (QSet<QString> {QStringLiteral("spine1"), QStringLiteral("spine2")}));
    QCOMPARE(servers.size(), 32);
    QVERIFY(servers.contains(QStringLiteral("gpu0001")));
    QVERIFY(servers.contains(QStringLiteral("gpu0032")));
}

void tst_ServedFabric::spineLldpNamesLeaves()
{
    auto client = clientFor(QStringLiteral("spine1"));
    const PollResult r = pollOnce(*client);
    QVERIFY(r.snapshot);
    QSet<QString> leaves;
    for (const auto &n : r.snapshot->lldpNeighbors) {
        leaves.insert(n.systemName);
        QCOMPARE(n.portId, QStringLiteral("Ethernet1/33"));  // each leaf's uplink to spine1
    }
    QCOMPARE(leaves,
             (QSet<QString> {QStringLiteral("rail1-leaf1"), QStringLiteral("rail2-leaf1")}));
}

void tst_ServedFabric::pinsDifferPerSwitch()
{
    QSet<QString> pins;
    QSet<int> ports;
    for (const auto &sw : m_fabric->endpoints().switches) {
        QCOMPARE(sw.pinSha256.size(), 32 * 3 - 1);
        pins.insert(sw.pinSha256);
        ports.insert(sw.url.port());
    }
    QCOMPARE(pins.size(), 4);
    QCOMPARE(ports.size(), 4);
    // A client pinned to one switch refuses another switch's certificate.
    nxapi::NxapiEndpoint endpoint;
    endpoint.url = switchNamed(QStringLiteral("spine1")).url;
    endpoint.user = m_fabric->endpoints().user;
    endpoint.password = m_fabric->endpoints().password;
    endpoint.pinnedSha256 = switchNamed(QStringLiteral("spine2")).pinSha256;
    nxapi::NxapiClient wrongPin(endpoint);
    const PollResult r = pollOnce(wrongPin);
    QVERIFY(r.error);
    // Self-signed and not the pinned one: refused, naming the certificate it did present.
    QVERIFY(r.error->kind == nxapi::NxapiError::TlsUntrusted
            || r.error->kind == nxapi::NxapiError::TlsPinMismatch);
    QCOMPARE(nxapi::normalizeFingerprint(r.error->fingerprint),
             nxapi::normalizeFingerprint(switchNamed(QStringLiteral("spine1")).pinSha256));
}

void tst_ServedFabric::agentSampleCarriesEveryNic()
{
    const sim::ServedHost host = m_fabric->endpoints().hosts.value(4);
    QCOMPARE(host.name, QStringLiteral("gpu0005"));
    QCOMPARE(host.switchPort, QStringLiteral("rail1-leaf1/Ethernet1/5"));
    agentproto::AgentEndpoint endpoint;
    endpoint.host = host.address;
    endpoint.port = host.agentPort;
    endpoint.token = m_fabric->endpoints().agentToken;
    endpoint.pinnedSha256 = host.pinSha256.toLatin1();
    agentproto::AgentClient client(endpoint);
    QSignalSpy samples(&client, &agentproto::AgentClient::sampleReceived);
    client.connectToAgent();
    QTRY_COMPARE_WITH_TIMEOUT(client.state(), agentproto::AgentClient::State::Ready, 10000);
    client.subscribe(200);
    QVERIFY(samples.wait(10000));
    const auto sample = samples.first().first().value<agentproto::AgentSample>();
    QCOMPARE(sample.hostname, QStringLiteral("gpu0005"));
    QStringList devices, netdevs;
    for (const auto &d : sample.devices) {
        devices.append(d.name);
        QCOMPARE(d.ports.size(), 1);
        netdevs.append(d.ports.first().netdev);
        QVERIFY(d.ports.first().hwCounters.contains(QStringLiteral("np_cnp_sent")));
    }
    QCOMPARE(devices, (QStringList {QStringLiteral("mlx5_0"), QStringLiteral("mlx5_1")}));
    QCOMPARE(netdevs, (QStringList {QStringLiteral("ens1np0"), QStringLiteral("ens2np0")}));
    QCOMPARE(sample.netdevs.size(), 2);
}

void tst_ServedFabric::stoppedSwitchFailsAndRecovers()
{
    auto leaf = clientFor(QStringLiteral("rail1-leaf1"));
    auto spine = clientFor(QStringLiteral("spine1"));
    QVERIFY(pollOnce(*leaf).snapshot);
    const int port = switchNamed(QStringLiteral("rail1-leaf1")).url.port();

    QSignalSpy stopped(m_fabric.get(), &sim::ServedFabric::switchStopped);
    m_fabric->stopSwitch(QStringLiteral("rail1-leaf1"));
    QVERIFY(stopped.wait(10000));
    const PollResult down = pollOnce(*leaf);
    QVERIFY(down.error);
    QCOMPARE(down.error->kind, nxapi::NxapiError::Unreachable);
    QVERIFY(pollOnce(*spine).snapshot);

    QSignalSpy restarted(m_fabric.get(), &sim::ServedFabric::switchRestarted);
    m_fabric->restartSwitch(QStringLiteral("rail1-leaf1"));
    QVERIFY(restarted.wait(10000));
    QCOMPARE(switchNamed(QStringLiteral("rail1-leaf1")).url.port(), port);
    const PollResult up = pollOnce(*leaf);
    QVERIFY2(up.snapshot, up.error ? qPrintable(up.error->message) : "no answer");
    QCOMPARE(up.snapshot->version->hostName, QStringLiteral("rail1-leaf1"));
}

void tst_ServedFabric::dcqcnIncastMarksLeafPortAndNics()
{
    QSignalSpy scenario(m_fabric.get(), &sim::ServedFabric::scenarioStarted);
    QSignalSpy failed(m_fabric.get(), &sim::ServedFabric::requestFailed);
    m_fabric->startScenario(QStringLiteral("dcqcn-incast"));
    QVERIFY(QTest::qWaitFor([&] { return !scenario.isEmpty() || !failed.isEmpty(); }, 10000));
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));

    // The receiver is gpu0001's first NIC, behind rail1-leaf1 Ethernet1/1: its RoCE queue
    // (qos-group 3) marks, the receiver sends CNPs and the senders handle them. NX-OS 9.3
    // reports ECN marks in the CLI text of `show queuing interface` only.
    const sim::ServedSwitch &leaf = switchNamed(QStringLiteral("rail1-leaf1"));
    static const QRegularExpression ecnOfGroup3(
        QStringLiteral(R"(QOS GROUP 3\s.*?ECN Pkts \|\s*(\d+)\|)"),
        QRegularExpression::DotMatchesEverythingOption);
    quint64 marked = 0;
    QVERIFY(QTest::qWaitFor(
        [&] {
            const QString text
                = showAscii(leaf, QStringLiteral("show queuing interface ethernet1/1"));
            marked = ecnOfGroup3.match(text).captured(1).toULongLong();
            if (marked == 0)
                QTest::qWait(500);
            return marked > 0;
        },
        60000));

    const auto hwCounter = [&](int hostIndex, const QString &device, const QString &counter) {
        const sim::ServedHost host = m_fabric->endpoints().hosts.value(hostIndex);
        agentproto::AgentEndpoint endpoint;
        endpoint.host = host.address;
        endpoint.port = host.agentPort;
        endpoint.token = m_fabric->endpoints().agentToken;
        endpoint.pinnedSha256 = host.pinSha256.toLatin1();
        agentproto::AgentClient client(endpoint);
        QSignalSpy samples(&client, &agentproto::AgentClient::sampleReceived);
        client.connectToAgent();
        client.subscribe(200);
        if (!samples.wait(10000))
            return quint64(0);
        const auto sample = samples.first().first().value<agentproto::AgentSample>();
        for (const auto &d : sample.devices) {
            if (d.name == device)
                return d.ports.value(0).hwCounters.value(counter);
        }
        return quint64(0);
    };
    QVERIFY(hwCounter(0, QStringLiteral("mlx5_0"), QStringLiteral("np_ecn_marked_roce_packets"))
            > 0);
    QVERIFY(hwCounter(0, QStringLiteral("mlx5_0"), QStringLiteral("np_cnp_sent")) > 0);
    // gpu0002's first NIC is one of the seven senders.
    QVERIFY(hwCounter(1, QStringLiteral("mlx5_0"), QStringLiteral("rp_cnp_handled")) > 0);

    m_fabric->startScenario(QStringLiteral("idle"));
    QVERIFY(scenario.wait(10000));
}

void tst_ServedFabric::rocectlServesAndWritesInventory()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString inventory = dir.filePath(QStringLiteral("fabric.json"));
    QProcess rocectl;
    rocectl.start(QStringLiteral(ROCECTL_PATH),
                  {QStringLiteral("sim"), QStringLiteral("--serve"), QStringLiteral("--topology"),
                   QStringLiteral("rail:8:2:2:2"), QStringLiteral("--write-inventory"), inventory,
                   QStringLiteral("--json")});
    QVERIFY(rocectl.waitForStarted());
    QVERIFY(QTest::qWaitFor([&] { return rocectl.canReadLine(); }, 60000));
    const QJsonObject info = QJsonDocument::fromJson(rocectl.readLine()).object();
    QCOMPARE(info.value(QStringLiteral("switches")).toArray().size(), 4);
    QCOMPARE(info.value(QStringLiteral("hosts")).toArray().size(), 8);
    const QJsonObject env = info.value(QStringLiteral("env")).toObject();
    const QString password = env.value(QStringLiteral("ROCE_SWITCH_PASSWORD")).toString();
    QVERIFY(!password.isEmpty());
    QVERIFY(!env.value(QStringLiteral("ROCE_AGENT_TOKEN")).toString().isEmpty());

    QFile file(inventory);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!(file.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther)));
    const QByteArray bytes = file.readAll();
    QVERIFY(!bytes.contains(password.toUtf8()));
    const QJsonObject inv = QJsonDocument::fromJson(bytes).object();
    QCOMPARE(inv.value(QStringLiteral("format")).toString(), QStringLiteral("roce-inventory"));
    QCOMPARE(inv.value(QStringLiteral("version")).toInt(), 2);
    const QJsonArray switches = inv.value(QStringLiteral("switches")).toArray();
    const QJsonArray servers = inv.value(QStringLiteral("servers")).toArray();
    QCOMPARE(switches.size(), 4);
    QCOMPARE(servers.size(), 8);
    QSet<QString> names;
    for (const QJsonValue &v : switches) {
        const QJsonObject sw = v.toObject();
        names.insert(sw.value(QStringLiteral("name")).toString());
        QVERIFY(sw.value(QStringLiteral("url"))
                    .toString()
                    .startsWith(QLatin1String("https://127.0.0.1:")));
        QCOMPARE(sw.value(QStringLiteral("allow_http")).toBool(true), false);
        QVERIFY(!sw.value(QStringLiteral("pin_sha256")).toString().isEmpty());
    }
    QCOMPARE(names,
             (QSet<QString> {QStringLiteral("spine1"), QStringLiteral("spine2"),
                             QStringLiteral("rail1-leaf1"), QStringLiteral("rail2-leaf1")}));
    for (const QJsonValue &v : servers) {
        const QJsonObject s = v.toObject();
        QVERIFY(s.value(QStringLiteral("name")).toString().startsWith(QLatin1String("gpu000")));
        QVERIFY(s.value(QStringLiteral("agent_port")).toInt() > 0);
        QCOMPARE(s.value(QStringLiteral("collector")).toString(), QStringLiteral("agent"));
        QVERIFY(s.value(QStringLiteral("switch_port"))
                    .toString()
                    .startsWith(QLatin1String("rail1-leaf1/Ethernet1/")));
    }

    // SIGTERM stops it cleanly (exit code 0).
    rocectl.terminate();
    QVERIFY(rocectl.waitForFinished(20000));
    QCOMPARE(rocectl.exitStatus(), QProcess::NormalExit);
    QCOMPARE(rocectl.exitCode(), 0);
}

QTEST_GUILESS_MAIN(tst_ServedFabric)
#include "tst_servedfabric.moc"
