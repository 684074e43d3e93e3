// Inventory: the file format (no secrets, ever), the servers model, the keychain against a
// real Secret Service (gnome-keyring on a private D-Bus session, see with-keyring.sh), and the
// whole path a user takes: inventory + keychain -> endpoints -> live switch and agent data
// from the embedded fabric, plus LLDP discovery of servers.
#include "inventory/fabricendpoints.h"
#include "inventory/inventory.h"
#include "inventory/secretstore.h"
#include "models/inventorymodel.h"
#include "monitor/agentmonitor.h"
#include "monitor/switchmonitor.h"
#include "nxapi/nxapiclient.h"
#include "sim/embeddedfabric.h"
#include "waitforresult.h"

#include <QAbstractItemModelTester>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace roce;
using namespace roce::inventory;

namespace {

Inventory sampleInventory()
{
    Inventory inv;
    inv.fabricSwitch.name = QStringLiteral("nexus-a");
    inv.fabricSwitch.url = QUrl(QStringLiteral("https://10.0.0.1"));
    inv.fabricSwitch.user = QStringLiteral("netops");
    inv.fabricSwitch.pinSha256 = QString(64, QLatin1Char('a'));
    ServerEntry a;
    a.name = QStringLiteral("ubunturdma1");
    a.address = QStringLiteral("10.0.0.11");
    a.switchPort = QStringLiteral("Eth1/1/1");
    a.sshUser = QStringLiteral("root");
    ServerEntry b;
    b.name = QStringLiteral("ubunturdma2");
    b.address = QStringLiteral("ubunturdma2.lab");
    b.agentPort = 19000;
    b.sshPort = 2222;
    b.sshUser = QStringLiteral("ops");
    b.collectOverSsh = true;  // no agent: read over SSH
    inv.servers = {a, b};
    return inv;
}

QByteArray fileWith(const QByteArray &servers, const QByteArray &extra = {})
{
    return "{\"format\":\"roce-inventory\",\"version\":1" + extra + ",\"servers\":" + servers + "}";
}

}  // namespace

class TestInventory : public QObject
{
    Q_OBJECT

private slots:
    void fileRoundTripHasNoSecrets();
    void importErrorsSayWhere_data();
    void importErrorsSayWhere();
    void importMovesSecretsOut();
    void unknownFieldsAreWarnings();
    void saveIsPrivateAndLoadSaysMissing();
    void validateNamesTheEntry();
    void modelEditsAndTester();
    void keychainRoundTrip();
    void keychainHoldsWhatFilesDoNot();
    void inventoryDrivesLiveMonitorsAndDiscovery();
    void discoveryProposesBareMetalServers();
};

void TestInventory::fileRoundTripHasNoSecrets()
{
    const Inventory inv = sampleInventory();
    const QByteArray bytes = toFileBytes(inv);
    QVERIFY(!bytes.contains("password"));
    QVERIFY(!bytes.contains("token"));
    auto back = fromFileBytes(bytes, QStringLiteral("mem"));
    QVERIFY2(back.ok(), qPrintable(back.ok() ? QString() : back.error().message));
    QCOMPARE(back->inventory, inv);
    QVERIFY(back->secrets.isEmpty());
    QVERIFY(back->warnings.isEmpty());
    QCOMPARE(back->inventory.servers.at(1).agentPort, quint16(19000));
    QCOMPARE(back->inventory.servers.at(1).sshPort, quint16(2222));
    QVERIFY(bytes.contains("\"collector\": \"ssh\""));
    // An SSH-collected server needs no token; its endpoint is an SSH target.
    const FabricEndpoints endpoints = endpointsFor(inv, {});
    QCOMPARE(endpoints.hosts.size(), 1);
    QCOMPARE(endpoints.sshHosts.size(), 1);
    QCOMPARE(endpoints.sshHosts.first().target.port, quint16(2222));
    QCOMPARE(endpoints.sshHosts.first().target.user, QStringLiteral("ops"));
    QCOMPARE(secretKeys(inv).size(), 2);  // the switch and ubunturdma1's token
}

void TestInventory::importErrorsSayWhere_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    QTest::newRow("truncated") << QByteArray("{\"format\":\"roce-inv") << QStringLiteral("byte");
    QTest::newRow("not ours") << QByteArray("{\"servers\":[]}") << QStringLiteral("\"format\"");
    QTest::newRow("newer") << QByteArray("{\"format\":\"roce-inventory\",\"version\":2}")
                           << QStringLiteral("version 2");
    QTest::newRow("no name") << fileWith("[{\"name\":\"a\",\"address\":\"h\"},{\"address\":\"x\"}]")
                             << QStringLiteral("Server 2: the name is missing");
    QTest::newRow("port") << fileWith("[{\"name\":\"a\",\"address\":\"h\",\"agent_port\":70000}]")
                          << QStringLiteral("servers[0]: 'agent_port' must be a port");
    QTest::newRow("twice") << fileWith(
        "[{\"name\":\"a\",\"address\":\"h\"},{\"name\":\"a\",\"address\":\"g\"}]")
                           << QStringLiteral("Server 'a': the name is used twice");
    QTest::newRow("same agent") << fileWith(
        "[{\"name\":\"a\",\"address\":\"h\"},{\"name\":\"b\",\"address\":\"h\"}]")
                                << QStringLiteral("already uses agent h:18471");
    QTest::newRow("type") << fileWith("[{\"name\":7,\"address\":\"h\"}]")
                          << QStringLiteral("'name' must be a string");
    QTest::newRow("collector") << fileWith(
        "[{\"name\":\"a\",\"address\":\"h\",\"collector\":\"snmp\"}]")
                               << QStringLiteral("'collector' must be");
    QTest::newRow("ssh user") << fileWith(
        "[{\"name\":\"a\",\"address\":\"h\",\"collector\":\"ssh\"}]")
                              << QStringLiteral("needs an SSH user");
    QTest::newRow("http") << fileWith("[]", ",\"switch\":{\"url\":\"http://sw\",\"user\":\"u\"}")
                          << QStringLiteral("http://");
    QTest::newRow("pin") << fileWith(
        "[]", ",\"switch\":{\"url\":\"https://sw\",\"user\":\"u\",\"pin_sha256\":\"abc\"}")
                         << QStringLiteral("SHA-256");
}

void TestInventory::importErrorsSayWhere()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    auto r = fromFileBytes(bytes, QStringLiteral("lab.json"));
    QVERIFY(!r.ok());
    QVERIFY2(r.error().message.contains(expected), qPrintable(r.error().message));
    QVERIFY2(r.error().message.contains(QStringLiteral("lab.json"))
                 || r.error().message.contains(QStringLiteral("Server")),
             qPrintable(r.error().message));
}

void TestInventory::importMovesSecretsOut()
{
    const QByteArray bytes = fileWith(
        "[{\"name\":\"h1\",\"address\":\"10.1.1.1\",\"token\":\"0123456789abcdef-tok\"}]",
        ",\"switch\":{\"url\":\"https://sw1\",\"user\":\"admin\",\"password\":\"Cisco123\"}");
    auto r = fromFileBytes(bytes, QStringLiteral("old.json"));
    QVERIFY(r.ok());
    QCOMPARE(r->secrets.size(), 2);
    QCOMPARE(r->secrets.value(agentSecretKey(QStringLiteral("h1"))),
             QStringLiteral("0123456789abcdef-tok"));
    QCOMPARE(r->secrets.value(switchSecretKey(r->inventory.fabricSwitch)),
             QStringLiteral("Cisco123"));
    QCOMPARE(r->warnings.size(), 1);
    QVERIFY(r->warnings.first().contains(QStringLiteral("2 secret")));
    // Exported again, the secrets are gone.
    const QByteArray again = toFileBytes(r->inventory);
    QVERIFY(!again.contains("Cisco123"));
    QVERIFY(!again.contains("0123456789abcdef-tok"));
}

void TestInventory::unknownFieldsAreWarnings()
{
    auto r = fromFileBytes(fileWith("[{\"name\":\"h\",\"address\":\"a\",\"rack\":\"R12\"}]"),
                           QStringLiteral("f"));
    QVERIFY(r.ok());
    QCOMPARE(r->warnings.size(), 1);
    QVERIFY(r->warnings.first().contains(QStringLiteral("rack")));
}

void TestInventory::saveIsPrivateAndLoadSaysMissing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sub/inventory.json"));
    QVERIFY(saveFile(path, sampleInventory()).ok());
    QCOMPARE(QFile::permissions(path) & (QFileDevice::ReadOther | QFileDevice::ReadGroup),
             QFileDevice::Permissions());
    auto loaded = loadFile(path);
    QVERIFY(loaded.ok());
    QCOMPARE(loaded->inventory, sampleInventory());
    auto missing = loadFile(dir.filePath(QStringLiteral("nope.json")));
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().code, ErrorCode::NotFound);
    QVERIFY(missing.error().message.contains(QStringLiteral("nope.json")));
}

void TestInventory::validateNamesTheEntry()
{
    Inventory inv = sampleInventory();
    QVERIFY(validate(inv).isEmpty());
    inv.servers[1].address = QStringLiteral("two words");
    inv.servers[0].agentPinSha256 = QStringLiteral("zz");
    const QStringList problems = validate(inv);
    QCOMPARE(problems.size(), 2);
    QVERIFY(problems.at(0).contains(QStringLiteral("'ubunturdma1'")));
    QVERIFY(problems.at(1).contains(QStringLiteral("'two words' is not a host name")));
}

void TestInventory::modelEditsAndTester()
{
    models::InventoryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setServers(sampleInventory().servers);
    QCOMPARE(model.rowCount(), 2);
    model.setTokenPresent(QStringLiteral("ubunturdma1"), true);
    QCOMPARE(model.index(0, models::InventoryModel::Token).data().toString(),
             QStringLiteral("set"));
    // Server 2 is read over SSH: no token needed, until it is switched to an agent.
    QCOMPARE(model.index(1, models::InventoryModel::Token).data().toString(),
             QStringLiteral("not needed"));
    QVERIFY(!model.index(1, models::InventoryModel::Token)
                 .data(models::InventoryModel::InvalidRole)
                 .toBool());
    QVERIFY(
        !model.setData(model.index(1, models::InventoryModel::Collector), QStringLiteral("snmp")));
    QVERIFY(
        model.setData(model.index(1, models::InventoryModel::Collector), QStringLiteral("agent")));
    QVERIFY(model.index(1, models::InventoryModel::Token)
                .data(models::InventoryModel::InvalidRole)
                .toBool());
    // Rename carries the token; a bad port is refused; a duplicate name is flagged.
    QSignalSpy renamed(&model, &models::InventoryModel::renamed);
    QVERIFY(model.setData(model.index(0, 0), QStringLiteral("gpu01")));
    QCOMPARE(renamed.size(), 1);
    QVERIFY(model.tokenPresent(QStringLiteral("gpu01")));
    QVERIFY(!model.tokenPresent(QStringLiteral("ubunturdma1")));
    QVERIFY(!model.setData(model.index(0, models::InventoryModel::AgentPort), QStringLiteral("0")));
    QVERIFY(
        model.setData(model.index(0, models::InventoryModel::AgentPort), QStringLiteral("20001")));
    QCOMPARE(model.servers().at(0).agentPort, quint16(20001));
    QVERIFY(model.setData(model.index(1, 0), QStringLiteral("gpu01")));
    QVERIFY(model.index(0, 0).data(models::InventoryModel::InvalidRole).toBool());
    ServerEntry third;
    third.name = QStringLiteral("gpu03");
    third.address = QStringLiteral("10.0.0.13");
    const int row = model.addServer(third);
    QCOMPARE(row, 2);
    model.removeServers({0, 2, 2});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.servers().at(0).address, QStringLiteral("ubunturdma2.lab"));
}

void TestInventory::keychainRoundTrip()
{
    if (qEnvironmentVariableIsEmpty("ROCE_REAL_KEYRING"))
        QSKIP("needs the real Secret Service: run through tests/inventory/with-keyring.sh (ctest "
              "does)");
    SecretStore store(QStringLiteral("roce-console-test"));
    const QString key = agentSecretKey(QStringLiteral("ubunturdma1"));
    const QString token = QStringLiteral("tok-7f3a9c1e55d04b2a8e6f");
    Result<void> written
        = waitForResult<Result<void>>([&](auto cb) { store.write(key, token, cb); });
    QVERIFY2(written.ok(), qPrintable(written.ok() ? QString() : written.error().message));

    // What the Secret Service itself holds, read by another client (libsecret's secret-tool).
    QProcess lookup;
    lookup.start(QStringLiteral("secret-tool"),
                 {QStringLiteral("search"), QStringLiteral("--all"), QStringLiteral("--unlock"),
                  QStringLiteral("user"), key});
    QVERIFY(lookup.waitForFinished(10000));
    const QByteArray found = lookup.readAllStandardOutput() + lookup.readAllStandardError();
    QVERIFY2(found.contains(token.toUtf8()), found.constData());

    Result<QString> read = waitForResult<Result<QString>>([&](auto cb) { store.read(key, cb); });
    QVERIFY(read.ok());
    QCOMPARE(read.value(), token);

    const QString other = agentSecretKey(QStringLiteral("never-stored"));
    auto all = waitForResult<Result<QHash<QString, QString>>>([&](auto cb) {
        store.readAll({key, other}, cb);
    });
    QVERIFY(all.ok());
    QCOMPARE(all->size(), 1);
    QCOMPARE(all->value(key), token);

    Result<QString> missing
        = waitForResult<Result<QString>>([&](auto cb) { store.read(other, cb); });
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().code, ErrorCode::NotFound);

    QVERIFY(waitForResult<Result<void>>([&](auto cb) { store.remove(key, cb); }).ok());
    QVERIFY(
        waitForResult<Result<void>>([&](auto cb) { store.remove(key, cb); }).ok());  // idempotent
    Result<QString> gone = waitForResult<Result<QString>>([&](auto cb) { store.read(key, cb); });
    QVERIFY(!gone.ok());
    QCOMPARE(gone.error().code, ErrorCode::NotFound);
}

void TestInventory::keychainHoldsWhatFilesDoNot()
{
    if (qEnvironmentVariableIsEmpty("ROCE_REAL_KEYRING"))
        QSKIP("needs the real Secret Service: run through tests/inventory/with-keyring.sh (ctest "
              "does)");
    // An old inventory file with secrets in clear is imported: the secrets go to the keychain,
    // the saved inventory has none, and no file under HOME (the keyring's own excepted,
    // which is encrypted) contains them.
    QTemporaryDir dir;
    const QByteArray bytes = fileWith(
        "[{\"name\":\"h1\",\"address\":\"10.1.1.1\",\"token\":\"plain-token-5c2d8e1f9a\"}]",
        ",\"switch\":{\"url\":\"https://sw1\",\"user\":\"admin\",\"password\":\"Nexus-pw-91\"}");
    auto imported = fromFileBytes(bytes, QStringLiteral("legacy.json"));
    QVERIFY(imported.ok());
    SecretStore store(QStringLiteral("roce-console-test"));
    Result<void> moved
        = waitForResult<Result<void>>([&](auto cb) { store.writeAll(imported->secrets, cb); });
    QVERIFY2(moved.ok(), qPrintable(moved.ok() ? QString() : moved.error().message));
    QVERIFY(saveFile(dir.filePath(QStringLiteral("inventory.json")), imported->inventory).ok());

    for (const QString &root : {dir.path(), QDir::homePath()}) {
        QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (!f.open(QIODevice::ReadOnly))
                continue;
            const QByteArray content = f.readAll();
            QVERIFY2(!content.contains("plain-token-5c2d8e1f9a"), qPrintable(f.fileName()));
            QVERIFY2(!content.contains("Nexus-pw-91"), qPrintable(f.fileName()));
        }
    }
    auto secrets = waitForResult<Result<QHash<QString, QString>>>(
        [&](auto cb) { store.readAll(secretKeys(imported->inventory), cb); });
    QVERIFY(secrets.ok());
    QCOMPARE(secrets->size(), 2);
    const FabricEndpoints endpoints = endpointsFor(imported->inventory, *secrets);
    QVERIFY(endpoints.problems.isEmpty());
    QCOMPARE(endpoints.switchEndpoint.password, QStringLiteral("Nexus-pw-91"));
    QCOMPARE(endpoints.hosts.at(0).agent.token, QStringLiteral("plain-token-5c2d8e1f9a"));
}

void TestInventory::inventoryDrivesLiveMonitorsAndDiscovery()
{
    sim::SimServiceOptions options;
    sim::EmbeddedFabric fabric(options);
    QSignalSpy started(&fabric, &sim::EmbeddedFabric::started);
    QSignalSpy agentsUp(&fabric, &sim::EmbeddedFabric::agentsStarted);
    fabric.start();
    QTRY_VERIFY_WITH_TIMEOUT(started.size() == 1 && agentsUp.size() == 1, 20000);
    const QUrl url = started.at(0).at(0).toUrl();
    const QString pin = started.at(0).at(2).toString();
    const auto hosts = agentsUp.at(0).at(0).value<QList<experiments::ExperimentHost>>();
    QCOMPARE(hosts.size(), 8);

    // The inventory a user would type for this fabric, and the secrets the keychain returns.
    Inventory inv;
    inv.fabricSwitch
        = {QStringLiteral("sim"), url, options.user, pin, url.scheme() == QLatin1String("http")};
    QHash<QString, QString> secrets;
    secrets.insert(switchSecretKey(inv.fabricSwitch), options.password);
    for (const auto &h : hosts) {
        ServerEntry s;
        s.name = h.name;
        s.address = h.agent.host;
        s.agentPort = h.agent.port;
        s.agentPinSha256 = QString::fromLatin1(h.agent.pinnedSha256);
        inv.servers.append(s);
        if (s.name != hosts.last().name)
            secrets.insert(agentSecretKey(s.name), options.agentToken);
    }
    QVERIFY2(validate(inv).isEmpty(), qPrintable(validate(inv).join(QLatin1Char('\n'))));
    const FabricEndpoints endpoints = endpointsFor(inv, secrets);
    QVERIFY(endpoints.hasSwitch);
    QCOMPARE(endpoints.problems.size(), 1);  // the last server's token was never stored
    QVERIFY(endpoints.problems.first().contains(hosts.last().name));

    monitor::SwitchMonitor switchMonitor;
    QSignalSpy switchUpdates(&switchMonitor, &monitor::SwitchMonitor::updated);
    switchMonitor.start(switchName(inv.fabricSwitch), endpoints.switchEndpoint, 1000);
    QTRY_VERIFY_WITH_TIMEOUT(!switchUpdates.isEmpty(), 15000);
    const auto update = switchUpdates.first().first().value<roce::model::SourceFrame>();
    QVERIFY(update.ports.size() >= 8);

    monitor::AgentMonitor agentMonitor;
    QSignalSpy agentUpdates(&agentMonitor, &monitor::AgentMonitor::updated);
    QSignalSpy lost(&agentMonitor, &monitor::AgentMonitor::agentLost);
    QList<agentproto::AgentEndpoint> agentEndpoints;
    for (const auto &h : endpoints.hosts)
        agentEndpoints.append(h.agent);
    agentMonitor.start(agentEndpoints, 1000);
    // Seven agents answer with samples; the one without a token is refused, and says so.
    QTRY_VERIFY_WITH_TIMEOUT(!lost.isEmpty(), 15000);
    QVERIFY2(
        lost.first().at(1).toString().contains(QStringLiteral("token"), Qt::CaseInsensitive)
            || lost.first().at(1).toString().contains(QStringLiteral("auth"), Qt::CaseInsensitive),
        qPrintable(lost.first().at(1).toString()));
    QSet<QString> reporting;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (const auto &args : agentUpdates)
                for (const auto &row : args.first().value<roce::model::SourceFrame>().ports)
                    reporting.insert(row.name().section(QLatin1Char('/'), 0, 0));
            return reporting.size() >= 7;
        }(),
        15000);
    QVERIFY(!reporting.contains(hosts.last().name));

    // LLDP discovery from the same switch proposes the servers an empty inventory lacks.
    nxapi::NxapiClient client(endpoints.switchEndpoint);
    client.setCommands(
        {QStringLiteral("show version"), QStringLiteral("show lldp neighbors detail")});
    QSignalSpy snapshots(&client, &nxapi::NxapiClient::snapshotReady);
    QVERIFY(client.pollNow());
    QTRY_VERIFY_WITH_TIMEOUT(!snapshots.isEmpty(), 15000);
    const auto snapshot = snapshots.first().first().value<nxapi::SwitchSnapshot>();
    // The reference fabric's servers are virtual machines: LLDP sees their hypervisors, which
    // are listed as skipped, not proposed (no agent runs on an ESXi host).
    const Discovery found = discoverServers(snapshot, Inventory {});
    QVERIFY(found.servers.isEmpty());
    QVERIFY(!found.skipped.isEmpty());
    QVERIFY2(found.skipped.first().contains(QStringLiteral("hypervisor")),
             qPrintable(found.skipped.first()));
}

void TestInventory::discoveryProposesBareMetalServers()
{
    // A bare-metal fabric: every server is proposed once, with its management address and
    // the switch port it is cabled to.
    sim::SimServiceOptions options;
    options.topology = QStringLiteral("star8");
    options.agents = false;
    sim::EmbeddedFabric fabric(options);
    QSignalSpy started(&fabric, &sim::EmbeddedFabric::started);
    fabric.start();
    QTRY_VERIFY_WITH_TIMEOUT(started.size() == 1, 20000);
    nxapi::NxapiEndpoint endpoint;
    endpoint.url = started.at(0).at(0).toUrl();
    endpoint.user = options.user;
    endpoint.password = options.password;
    endpoint.pinnedSha256 = started.at(0).at(2).toString();
    endpoint.allowHttp = endpoint.url.scheme() == QLatin1String("http");
    nxapi::NxapiClient client(endpoint);
    client.setCommands(
        {QStringLiteral("show version"), QStringLiteral("show lldp neighbors detail")});
    QSignalSpy snapshots(&client, &nxapi::NxapiClient::snapshotReady);
    QVERIFY(client.pollNow());
    QTRY_VERIFY_WITH_TIMEOUT(!snapshots.isEmpty(), 15000);
    const auto snapshot = snapshots.first().first().value<nxapi::SwitchSnapshot>();
    const Discovery found = discoverServers(snapshot, Inventory {});
    QCOMPARE(found.servers.size(), 8);
    QSet<QString> ports;
    for (const ServerEntry &s : found.servers) {
        QVERIFY(!s.name.isEmpty());
        QVERIFY2(QHostAddress(s.address).protocol() == QAbstractSocket::IPv4Protocol,
                 qPrintable(s.address));
        QVERIFY(s.switchPort.startsWith(QStringLiteral("Ethernet")));
        ports.insert(s.switchPort);
    }
    QCOMPARE(ports.size(), 8);
    // The same LLDP places inventory servers on the map: host3 on its own port.
    Inventory placedInv;
    placedInv.servers = found.servers;
    roce::model::SourceFrame update;
    for (const auto &n : snapshot.lldpNeighbors) {
        roce::model::PortSample row;
        row.id = roce::model::PortId::switchPort(QStringLiteral("nexus-a"), n.localPort);
        row.peer = n.systemName.toUpper();  // any case
        update.ports.append(row);
    }
    const QHash<QString, QString> placed = placementsFromPeers(placedInv, update);
    QCOMPARE(placed.size(), 8);
    QCOMPARE(placed.value(found.servers.at(2).name), found.servers.at(2).switchPort);
    const models::FabricLayout layout = layoutFor(placedInv, QStringLiteral("nexus-star"), placed);
    QCOMPARE(layout.serverCount(), 8);
    QCOMPARE(layout.attachments.size(), 8);
    // Already known servers (by name or address) are not proposed again.
    Inventory known;
    known.servers = found.servers.mid(0, 2);
    known.servers[1].name = QStringLiteral("renamed-by-user");
    QCOMPARE(discoverServers(snapshot, known).servers.size(), 6);
    qInfo() << "LLDP proposed" << found.servers.size() << "servers, e.g."
            << found.servers.first().name << found.servers.first().address
            << found.servers.first().switchPort;
}

QTEST_GUILESS_MAIN(TestInventory)
#include "tst_inventory.moc"
