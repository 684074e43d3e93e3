// Inventory: the file format (no secrets, ever), the servers model, the keychain against a
// real Secret Service (gnome-keyring on a private D-Bus session, see with-keyring.sh), and the
// whole path a user takes: inventory + keychain -> endpoints -> live switch and agent data
// from the embedded fabric, plus LLDP discovery of servers.
#include "collect/monitor/agentmonitor.h"
#include "collect/monitor/switchmonitor.h"
#include "live/inventory/fabricendpoints.h"
#include "live/inventory/inventory.h"
#include "live/inventory/inventoryactions.h"
#include "live/inventory/secretstore.h"
#include "live/itemmodels/inventorymodel.h"
#include "live/itemmodels/switchinventorymodel.h"
#include "nxapi/client/nxapiclient.h"
#include "sim/served/embeddedfabric.h"
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
    SwitchEntry sw;
    sw.name = QStringLiteral("nexus-a");
    sw.url = QUrl(QStringLiteral("https://10.0.0.1"));
    sw.user = QStringLiteral("netops");
    sw.pinSha256 = QString(64, QLatin1Char('a'));
    sw.role = SwitchRole::Tor;
    inv.switches = {sw};
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
    return "{\"format\":\"roce-inventory\",\"version\":2" + extra + ",\"servers\":" + servers + "}";
}

/// A leaf/spine inventory: four switches, each with its own login.
Inventory leafSpineInventory()
{
    Inventory inv;
    const QList<std::pair<const char *, SwitchRole>> names {{"leaf1", SwitchRole::Leaf},
                                                            {"leaf2", SwitchRole::Leaf},
                                                            {"spine1", SwitchRole::Spine},
                                                            {"border1", SwitchRole::Border}};
    for (qsizetype i = 0; i < names.size(); ++i) {
        SwitchEntry sw;
        sw.name = QString::fromLatin1(names.at(i).first);
        sw.url = QUrl(QStringLiteral("https://10.0.0.%1").arg(i + 1));
        sw.user = QStringLiteral("netops");
        sw.pinSha256 = QString(64, QLatin1Char('b'));
        sw.role = names.at(i).second;
        sw.pollIntervalMs = 500 * static_cast<int>(i + 1);
        inv.switches.append(sw);
    }
    ServerEntry a;
    a.name = QStringLiteral("gpu01");
    a.address = QStringLiteral("10.0.1.1");
    a.switchPort = QStringLiteral("leaf1/Ethernet1/7");
    ServerEntry b;
    b.name = QStringLiteral("gpu02");
    b.address = QStringLiteral("10.0.1.2");
    b.switchPort = QStringLiteral("leaf2/Eth1/1/2");
    inv.servers = {a, b};
    return inv;
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
    void version2RoundTripKeepsEverySwitch();
    void version1IsMigrated();
    void urlUserInfoIsNotKept();
    void switchNamesAreUniqueWithoutSlash();
    void switchPortQualification();
    void endpointsOnePerSwitch();
    void switchModelEditsAndTester();
    void actionsSaveKeychainFirst();
    void manySwitchPasswordsInKeyring();
    void actionsFetchPinAndDiscoverEverySwitch();
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
    QTest::newRow("newer") << QByteArray("{\"format\":\"roce-inventory\",\"version\":3}")
                           << QStringLiteral("version 3");
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
    QTest::newRow("http") << fileWith(
        "[]", ",\"switches\":[{\"name\":\"s\",\"url\":\"http://sw\",\"user\":\"u\"}]")
                          << QStringLiteral("switches[0]: http://");
    QTest::newRow("pin") << fileWith("[]",
                                     ",\"switches\":[{\"name\":\"s\",\"url\":\"https://sw\","
                                     "\"user\":\"u\",\"pin_sha256\":\"abc\"}]")
                         << QStringLiteral("switches[0]: the certificate pin");
    const QByteArray two = ",\"switches\":[{\"name\":\"leaf1\",\"url\":\"https://a\",\"user\":"
                           "\"u\"},{\"name\":\"leaf2\",\"url\":\"https://b\",\"user\":\"u\"}]";
    QTest::newRow("version 0") << QByteArray("{\"format\":\"roce-inventory\",\"version\":0}")
                               << QStringLiteral("version 0");
    QTest::newRow("switch twice") << fileWith("[]",
                                              ",\"switches\":[{\"name\":\"leaf1\",\"url\":"
                                              "\"https://a\",\"user\":\"u\"},{\"name\":"
                                              "\"leaf1\",\"url\":\"https://b\",\"user\":\"u\"}]")
                                  << QStringLiteral(
                                         "switches[1]: 'name' \"leaf1\" is already used by "
                                         "switches[0]");
    QTest::newRow("slash") << fileWith("[]",
                                       ",\"switches\":[{\"name\":\"rack/1\",\"url\":"
                                       "\"https://a\",\"user\":\"u\"}]")
                           << QStringLiteral("switches[0]: the name must not contain '/'");
    QTest::newRow("no switch name") << fileWith("[]",
                                                ",\"switches\":[{\"url\":\"https://a\",\"user\":"
                                                "\"u\"}]")
                                    << QStringLiteral("switches[0]: the name is missing");
    QTest::newRow("no url") << fileWith("[]", ",\"switches\":[{\"name\":\"a\",\"user\":\"u\"}]")
                            << QStringLiteral("switches[0]: the URL is missing");
    QTest::newRow("role") << fileWith("[]",
                                      ",\"switches\":[{\"name\":\"a\",\"url\":\"https://a\","
                                      "\"user\":\"u\",\"role\":\"core\"}]")
                          << QStringLiteral("switches[0]: 'role' must be");
    QTest::newRow("poll") << fileWith("[]",
                                      ",\"switches\":[{\"name\":\"a\",\"url\":\"https://a\","
                                      "\"user\":\"u\"},{\"name\":\"b\",\"url\":\"https://b\","
                                      "\"user\":\"u\",\"poll_interval_ms\":50}]")
                          << QStringLiteral("switches[1]: 'poll_interval_ms' must be a whole "
                                            "number from 200 to 60000");
    QTest::newRow("switches type")
        << fileWith("[]", ",\"switches\":{}") << QStringLiteral("'switches' must be an array");
    QTest::newRow("bare port, two switches")
        << fileWith("[{\"name\":\"gpu1\",\"address\":\"h\",\"switch_port\":\"Ethernet1/7\"}]", two)
        << QStringLiteral("servers[0]: the switch port 'Ethernet1/7' does not say which switch");
    QTest::newRow("unknown switch")
        << fileWith("[{\"name\":\"gpu1\",\"address\":\"h\",\"switch_port\":"
                    "\"leaf9/Ethernet1/7\"}]",
                    two)
        << QStringLiteral("servers[0]: the switch port 'leaf9/Ethernet1/7' names the switch "
                          "'leaf9'");
    QTest::newRow("bare port, no switch")
        << fileWith("[{\"name\":\"gpu1\",\"address\":\"h\",\"switch_port\":\"Eth1/7\"}]")
        << QStringLiteral("servers[0]: the switch port 'Eth1/7' needs a switch");
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
        ",\"switches\":[{\"name\":\"sw1\",\"url\":\"https://sw1\",\"user\":\"admin\","
        "\"password\":\"Cisco123\"}]");
    auto r = fromFileBytes(bytes, QStringLiteral("old.json"));
    QVERIFY(r.ok());
    QCOMPARE(r->secrets.size(), 2);
    QCOMPARE(r->secrets.value(agentSecretKey(QStringLiteral("h1"))),
             QStringLiteral("0123456789abcdef-tok"));
    QCOMPARE(r->secrets.value(switchSecretKey(r->inventory.switches.first())),
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
        QSKIP("needs the real Secret Service: run through tests/common/with-keyring.sh (ctest "
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
        QSKIP("needs the real Secret Service: run through tests/common/with-keyring.sh (ctest "
              "does)");
    // An old inventory file with secrets in clear is imported: the secrets go to the keychain,
    // the saved inventory has none, and no file under HOME (the keyring's own excepted,
    // which is encrypted) contains them.
    QTemporaryDir dir;
    const QByteArray bytes = fileWith(
        "[{\"name\":\"h1\",\"address\":\"10.1.1.1\",\"token\":\"plain-token-5c2d8e1f9a\"}]",
        ",\"switches\":[{\"name\":\"sw1\",\"url\":\"https://sw1\",\"user\":\"admin\","
        "\"password\":\"Nexus-pw-91\"}]");
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
    QCOMPARE(endpoints.switches.size(), 1);
    QCOMPARE(endpoints.switches.first().endpoint.password, QStringLiteral("Nexus-pw-91"));
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
    inv.switches = {{QStringLiteral("sim"), url, options.user, pin,
                     url.scheme() == QLatin1String("http"), SwitchRole::Tor, 1000}};
    QHash<QString, QString> secrets;
    secrets.insert(switchSecretKey(inv.switches.first()), options.password);
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
    QCOMPARE(endpoints.switches.size(), 1);
    const nxapi::NxapiEndpoint &switchEndpoint = endpoints.switches.first().endpoint;
    QCOMPARE(endpoints.problems.size(), 1);  // the last server's token was never stored
    QVERIFY(endpoints.problems.first().contains(hosts.last().name));

    monitor::SwitchMonitor switchMonitor;
    QSignalSpy switchUpdates(&switchMonitor, &monitor::SwitchMonitor::updated);
    switchMonitor.start(endpoints.switches.first().name, switchEndpoint,
                        endpoints.switches.first().pollIntervalMs);
    QTRY_VERIFY_WITH_TIMEOUT(!switchUpdates.isEmpty(), 15000);
    const auto update = switchUpdates.first().first().value<model::SourceFrame>();
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
                for (const auto &row : args.first().value<model::SourceFrame>().ports)
                    reporting.insert(row.id.device());
            return reporting.size() >= 7;
        }(),
        15000);
    QVERIFY(!reporting.contains(hosts.last().name));

    // LLDP discovery from the same switch proposes the servers an empty inventory lacks.
    nxapi::NxapiClient client(switchEndpoint);
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
    model::SourceFrame update;
    for (const auto &n : snapshot.lldpNeighbors) {
        model::PortSample row;
        row.id = model::PortId::switchPort(QStringLiteral("nexus-star"), n.localPort);
        row.peer = n.systemName.toUpper();  // any case
        update.ports.append(row);
    }
    const QHash<QString, QString> placed = placementsFromPeers(placedInv, update);
    QCOMPARE(placed.size(), 8);
    // Placed by the switch's key of the port, as the port table knows it.
    QCOMPARE(placed.value(found.servers.at(2).name),
             QStringLiteral("nexus-star/") + found.servers.at(2).switchPort);
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

void TestInventory::version2RoundTripKeepsEverySwitch()
{
    const Inventory inv = leafSpineInventory();
    QVERIFY2(validate(inv).isEmpty(), qPrintable(validate(inv).join(QLatin1Char('\n'))));
    const QByteArray bytes = toFileBytes(inv);
    QVERIFY(bytes.contains("\"version\": 2"));
    QVERIFY(bytes.contains("\"switches\""));
    QVERIFY(!bytes.contains("\"switch\""));
    QVERIFY(bytes.contains("\"role\": \"spine\""));
    QVERIFY(bytes.contains("\"poll_interval_ms\": 1500"));
    QVERIFY(!bytes.contains("password"));
    auto back = fromFileBytes(bytes, QStringLiteral("fabric.json"));
    QVERIFY2(back.ok(), qPrintable(back.ok() ? QString() : back.error().message));
    QCOMPARE(back->inventory, inv);
    QVERIFY(back->warnings.isEmpty());
    QCOMPARE(back->inventory.switches.size(), 4);
    QCOMPARE(back->inventory.switches.at(3).role, SwitchRole::Border);
    QCOMPARE(back->inventory.switches.at(3).pollIntervalMs, 2000);
    // Defaults of an entry that leaves them out: a leaf polled every second.
    auto minimal = fromFileBytes(
        fileWith("[]", ",\"switches\":[{\"name\":\"l\",\"url\":\"https://l\",\"user\":\"u\"}]"),
        QStringLiteral("m.json"));
    QVERIFY(minimal.ok());
    QCOMPARE(minimal->inventory.switches.first().role, SwitchRole::Leaf);
    QCOMPARE(minimal->inventory.switches.first().pollIntervalMs, 1000);
    QCOMPARE(roleFromName(QStringLiteral("tor")).value_or(SwitchRole::Leaf), SwitchRole::Tor);
    QVERIFY(!roleFromName(QStringLiteral("core")));
}

void TestInventory::urlUserInfoIsNotKept()
{
    // Found by fuzzing: a URL's user info was kept on load but dropped on save, so saving and
    // loading changed the inventory, and a password typed into the URL stayed in it.
    const QByteArray file = "{\"format\":\"roce-inventory\",\"version\":2,\"switches\":["
                            "{\"name\":\"leaf1\",\"url\":\"https://admin:pw@nexus.lab:8443\","
                            "\"user\":\"admin\"}]}";
    const auto loaded = fromFileBytes(file, QStringLiteral("mem"));
    QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error().message));
    const SwitchEntry &sw = loaded->inventory.switches.first();
    QCOMPARE(sw.url, QUrl(QStringLiteral("https://nexus.lab:8443")));
    QVERIFY(sw.url.userInfo().isEmpty());
    QVERIFY(!toFileBytes(loaded->inventory).contains("pw@"));
    const auto again = fromFileBytes(toFileBytes(loaded->inventory), QStringLiteral("mem"));
    QVERIFY(again.ok());
    QCOMPARE(again->inventory, loaded->inventory);
}

void TestInventory::version1IsMigrated()
{
    const QByteArray v1 = "{\"format\":\"roce-inventory\",\"version\":1,"
                          "\"switch\":{\"name\":\"nexus-a\",\"url\":\"https://10.0.0.1\","
                          "\"user\":\"netops\",\"password\":\"Old-pw-77\"},"
                          "\"servers\":[{\"name\":\"gpu01\",\"address\":\"10.0.0.11\","
                          "\"switch_port\":\"Ethernet1/1/1\"}]}";
    auto r = fromFileBytes(v1, QStringLiteral("v1.json"));
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message));
    QCOMPARE(r->inventory.switches.size(), 1);
    const SwitchEntry &sw = r->inventory.switches.first();
    QCOMPARE(sw.name, QStringLiteral("nexus-a"));
    QCOMPARE(sw.role, SwitchRole::Tor);
    QCOMPARE(sw.pollIntervalMs, 1000);
    // The same keychain key as before: the stored password still applies.
    QCOMPARE(switchSecretKey(sw), QStringLiteral("switch/https://10.0.0.1/netops"));
    QCOMPARE(r->secrets.value(switchSecretKey(sw)), QStringLiteral("Old-pw-77"));
    // The bare port means the only switch.
    QCOMPARE(resolveSwitchPort(r->inventory, r->inventory.servers.first().switchPort)
                 .value_or(SwitchPortRef {}),
             (SwitchPortRef {QStringLiteral("nexus-a"), QStringLiteral("Ethernet1/1/1")}));
    QVERIFY(std::any_of(r->warnings.begin(), r->warnings.end(), [](const QString &w) {
        return w.contains(QStringLiteral("v1.json")) && w.contains(QStringLiteral("version 2"))
            && w.contains(QStringLiteral("next save"));
    }));
    // Written back, it is version 2, without the password.
    const QByteArray again = toFileBytes(r->inventory);
    QVERIFY(again.contains("\"version\": 2"));
    QVERIFY(again.contains("\"role\": \"tor\""));
    QVERIFY(!again.contains("Old-pw-77"));
    auto reread = fromFileBytes(again, QStringLiteral("v2.json"));
    QVERIFY(reread.ok());
    QCOMPARE(reread->inventory, r->inventory);

    // A version 1 switch without a name is named after its host; a file without a switch
    // still migrates.
    auto unnamed = fromFileBytes("{\"format\":\"roce-inventory\",\"version\":1,\"switch\":{\"url\":"
                                 "\"https://sw7.lab:8443\",\"user\":\"u\"}}",
                                 QStringLiteral("u.json"));
    QVERIFY(unnamed.ok());
    QCOMPARE(unnamed->inventory.switches.first().name, QStringLiteral("sw7.lab"));
    auto serversOnly = fromFileBytes("{\"format\":\"roce-inventory\",\"version\":1,\"servers\":[]}",
                                     QStringLiteral("s.json"));
    QVERIFY(serversOnly.ok());
    QVERIFY(serversOnly->inventory.switches.isEmpty());
    auto bad = fromFileBytes("{\"format\":\"roce-inventory\",\"version\":1,\"switch\":{\"url\":"
                             "\"https://a\",\"user\":\"u\",\"pin_sha256\":\"zz\"}}",
                             QStringLiteral("bad-v1.json"));
    QVERIFY(!bad.ok());
    QVERIFY2(bad.error().message.contains(QStringLiteral("bad-v1.json: switch: the certificate")),
             qPrintable(bad.error().message));
}

void TestInventory::switchNamesAreUniqueWithoutSlash()
{
    Inventory inv = leafSpineInventory();
    inv.switches[1].name = QStringLiteral("leaf1");
    inv.switches[2].name = QStringLiteral("spine/1");
    inv.switches[3].name.clear();
    const QStringList problems = validate(inv);
    QVERIFY2(problems.contains(QStringLiteral("Switch 'leaf1': the name is used twice")),
             qPrintable(problems.join(QLatin1Char('\n'))));
    QVERIFY(std::any_of(problems.begin(), problems.end(), [](const QString &p) {
        return p.startsWith(QStringLiteral("Switch 'spine/1': the name must not contain '/'"));
    }));
    QVERIFY(problems.contains(QStringLiteral("Switch 4: the name is missing")));
    // gpu02 pointed at leaf2, which is gone now.
    QVERIFY(std::any_of(problems.begin(), problems.end(), [](const QString &p) {
        return p.startsWith(QStringLiteral("Server 'gpu02': the switch port 'leaf2/Eth1/1/2'"));
    }));
    inv.switches[0].pollIntervalMs = 100;
    const QStringList again = validate(inv);
    QVERIFY(std::any_of(again.begin(), again.end(), [](const QString &p) {
        return p.contains(QStringLiteral("poll interval must be from 200 to 60000"));
    }));
    QCOMPARE(validateSwitch(inv.switches[0]).size(), 1);
}

void TestInventory::switchPortQualification()
{
    Inventory inv = leafSpineInventory();
    QCOMPARE(resolveSwitchPort(inv, QStringLiteral("leaf1/Ethernet1/7")).value_or(SwitchPortRef {}),
             (SwitchPortRef {QStringLiteral("leaf1"), QStringLiteral("Ethernet1/7")}));
    QCOMPARE(resolveSwitchPort(inv, QStringLiteral("leaf2/Eth101/1/3")).value_or(SwitchPortRef {}),
             (SwitchPortRef {QStringLiteral("leaf2"), QStringLiteral("Eth101/1/3")}));
    QCOMPARE(
        resolveSwitchPort(inv, QStringLiteral("spine1/port-channel10")).value_or(SwitchPortRef {}),
        (SwitchPortRef {QStringLiteral("spine1"), QStringLiteral("port-channel10")}));
    QVERIFY(!resolveSwitchPort(inv, QStringLiteral("leaf9/Ethernet1/7")));
    QVERIFY(!resolveSwitchPort(inv, QStringLiteral("Ethernet1/7")));  // which of four?
    QVERIFY(!resolveSwitchPort(inv, QString()));
    QCOMPARE(qualifiedSwitchPort(QStringLiteral("leaf1"), QStringLiteral("Ethernet1/7")),
             QStringLiteral("leaf1/Ethernet1/7"));

    inv.servers[0].switchPort = QStringLiteral("Ethernet1/7");
    QStringList problems = validate(inv);
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems.first().startsWith(QStringLiteral("Server 'gpu01': the switch port "
                                                        "'Ethernet1/7' does not say which switch")),
             qPrintable(problems.first()));
    QVERIFY(problems.first().contains(QStringLiteral("leaf1/Ethernet1/7")));
    // With one switch a bare port means that switch, and a qualified one still works.
    inv.switches = inv.switches.mid(0, 1);
    inv.servers[1].switchPort = QStringLiteral("leaf1/Eth1/1/2");
    QVERIFY2(validate(inv).isEmpty(), qPrintable(validate(inv).join(QLatin1Char('\n'))));
    QCOMPARE(resolveSwitchPort(inv, QStringLiteral("Ethernet1/7"))->switchName,
             QStringLiteral("leaf1"));
    // The map draws the typed ports without their switch part.
    const models::FabricLayout layout = layoutFor(inv, {});
    QCOMPARE(layout.switchName, QStringLiteral("leaf1"));
    QCOMPARE(layout.serverCount(), 2);
    QCOMPARE(layout.attachments.first().switchPort, QStringLiteral("Ethernet1/7"));

    // The servers model marks a port that does not resolve against the switch names.
    models::InventoryModel model;
    model.setServers(inv.servers);
    model.setSwitchNames({QStringLiteral("leaf1"), QStringLiteral("leaf2")});
    QVERIFY(model.index(0, models::InventoryModel::SwitchPort)
                .data(models::InventoryModel::InvalidRole)
                .toBool());
    QVERIFY(!model.index(1, models::InventoryModel::SwitchPort)
                 .data(models::InventoryModel::InvalidRole)
                 .toBool());
    model.setSwitchNames({QStringLiteral("leaf1")});
    QVERIFY(!model.index(0, models::InventoryModel::SwitchPort)
                 .data(models::InventoryModel::InvalidRole)
                 .toBool());
    // A renamed switch takes its servers' qualified ports along; bare ports stay bare.
    model.renameSwitch(QStringLiteral("leaf1"), QStringLiteral("tor1"));
    QCOMPARE(model.servers().at(0).switchPort, QStringLiteral("Ethernet1/7"));
    QCOMPARE(model.servers().at(1).switchPort, QStringLiteral("tor1/Eth1/1/2"));
}

void TestInventory::endpointsOnePerSwitch()
{
    const Inventory inv = leafSpineInventory();
    QHash<QString, QString> secrets;
    for (const SwitchEntry &sw : inv.switches)
        if (sw.name != QLatin1String("border1"))
            secrets.insert(switchSecretKey(sw), QStringLiteral("pw-") + sw.name);
    QCOMPARE(secretKeys(inv).size(), 4 + 2);  // four switches, two agent tokens
    const FabricEndpoints endpoints = endpointsFor(inv, secrets);
    QCOMPARE(endpoints.switches.size(), 4);
    for (qsizetype i = 0; i < inv.switches.size(); ++i) {
        const SwitchEndpoint &e = endpoints.switches.at(i);
        QCOMPARE(e.name, inv.switches.at(i).name);
        QCOMPARE(e.role, inv.switches.at(i).role);
        QCOMPARE(e.pollIntervalMs, inv.switches.at(i).pollIntervalMs);
        QCOMPARE(e.endpoint.url, inv.switches.at(i).url);
        QCOMPARE(e.endpoint.pinnedSha256, inv.switches.at(i).pinSha256);
    }
    QCOMPARE(endpoints.switches.at(2).endpoint.password, QStringLiteral("pw-spine1"));
    QVERIFY(endpoints.switches.at(3).endpoint.password.isEmpty());
    // border1's password and both agent tokens are missing, each said once, by name.
    QCOMPARE(endpoints.problems.size(), 3);
    QVERIFY(endpoints.problems.first().contains(QStringLiteral("border1")));
}

void TestInventory::switchModelEditsAndTester()
{
    models::SwitchInventoryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy names(&model, &models::SwitchInventoryModel::namesChanged);
    model.setSwitches(leafSpineInventory().switches);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(names.size(), 1);
    using M = models::SwitchInventoryModel;
    auto invalid = [&](int row, int column) {
        return model.index(row, column).data(M::InvalidRole).toBool();
    };
    QCOMPARE(model.index(2, M::Role).data().toString(), QStringLiteral("spine"));
    QCOMPARE(model.index(1, M::PollInterval).data().toInt(), 1000);
    // No password yet: the column says so, tinted.
    QCOMPARE(model.index(0, M::Password).data().toString(), QStringLiteral("missing"));
    QVERIFY(invalid(0, M::Password));
    model.setPasswordPresent(switchSecretKey(model.switches().at(0)), true);
    QCOMPARE(model.index(0, M::Password).data().toString(), QStringLiteral("set"));
    QVERIFY(!invalid(0, M::Password));
    // Editing the URL moves the login key; the password goes with it.
    QSignalSpy login(&model, &M::loginChanged);
    QVERIFY(model.setData(model.index(0, M::Url), QStringLiteral("https://10.9.9.9")));
    QCOMPARE(login.size(), 1);
    QCOMPARE(login.first().at(1).toString(), QStringLiteral("switch/https://10.9.9.9/netops"));
    QVERIFY(model.passwordPresent(0));
    // http:// is tinted until allowed.
    QVERIFY(model.setData(model.index(1, M::Url), QStringLiteral("http://10.0.0.2")));
    QVERIFY(invalid(1, M::Url));
    QCOMPARE(model.index(1, M::AllowHttp).data(Qt::CheckStateRole).value<Qt::CheckState>(),
             Qt::Unchecked);
    QVERIFY(model.setData(model.index(1, M::AllowHttp), Qt::Checked, Qt::CheckStateRole));
    QVERIFY(!invalid(1, M::Url));
    QVERIFY(model.switches().at(1).allowHttp);
    // Roles are one of four words, the poll interval within bounds; both refuse the rest.
    QVERIFY(!model.setData(model.index(0, M::Role), QStringLiteral("core")));
    QVERIFY(model.setData(model.index(0, M::Role), QStringLiteral("border")));
    QCOMPARE(model.switches().at(0).role, SwitchRole::Border);
    QVERIFY(!model.setData(model.index(0, M::PollInterval), QStringLiteral("100")));
    QVERIFY(!model.setData(model.index(0, M::PollInterval), QStringLiteral("70000")));
    QVERIFY(model.setData(model.index(0, M::PollInterval), QStringLiteral("250")));
    QCOMPARE(model.switches().at(0).pollIntervalMs, 250);
    QVERIFY(!(model.flags(model.index(0, M::Password)) & Qt::ItemIsEditable));
    QSignalSpy renamed(&model, &M::renamed);
    QVERIFY(model.setData(model.index(3, M::Name), QStringLiteral("edge1")));
    QCOMPARE(renamed.size(), 1);
    QCOMPARE(renamed.first().at(0).toString(), QStringLiteral("border1"));
    QVERIFY(model.setData(model.index(3, M::Name), QStringLiteral("border1")));
    // Names: a duplicate and a slash are tinted; removing the duplicate clears it.
    QVERIFY(model.setData(model.index(1, M::Name), QStringLiteral("leaf1")));
    QVERIFY(invalid(0, M::Name) && invalid(1, M::Name));
    QVERIFY(model.setData(model.index(2, M::Name), QStringLiteral("spine/1")));
    QVERIFY(invalid(2, M::Name));
    QVERIFY(model.setData(model.index(3, M::Pin), QStringLiteral("nope")));
    QVERIFY(invalid(3, M::Pin));
    model.removeSwitches({1, 1});
    QCOMPARE(model.rowCount(), 3);
    QVERIFY(!invalid(0, M::Name));
    QCOMPARE(names.last().first().toStringList(),
             (QStringList {QStringLiteral("leaf1"), QStringLiteral("spine/1"),
                           QStringLiteral("border1")}));
    SwitchEntry fresh;
    fresh.name = QStringLiteral("leaf3");
    QCOMPARE(model.addSwitch(fresh), 3);
    QVERIFY(invalid(3, M::Url));
    QVERIFY(invalid(3, M::User));
}

void TestInventory::actionsSaveKeychainFirst()
{
    if (qEnvironmentVariableIsEmpty("ROCE_REAL_KEYRING"))
        QSKIP("needs the real Secret Service: run through tests/common/with-keyring.sh (ctest "
              "does)");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cfg/inventory.json"));
    SecretStore store(QStringLiteral("roce-console-actions"));
    InventoryActions actions(&store, path);
    QSignalSpy saved(&actions, &InventoryActions::saved);
    QSignalSpy failed(&actions, &InventoryActions::failed);
    QSignalSpy busy(&actions, &InventoryActions::busyChanged);

    Inventory inv = leafSpineInventory();
    actions.setPendingSecret(switchSecretKey(inv.switches.at(0)), QStringLiteral("leaf1-pw"));
    actions.setPendingSecret(agentSecretKey(QStringLiteral("gpu01")),
                             QStringLiteral("token-of-gpu01-0123"));
    actions.setPendingSecret(agentSecretKey(QStringLiteral("gone")), QStringLiteral("stale"));
    // Invalid: nothing written, nothing dropped, the reason names the entry.
    inv.servers[1].switchPort = QStringLiteral("Eth1/1");
    actions.save(inv);
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed.first().first().value<InventoryActions::Operation>(),
             InventoryActions::Operation::Save);
    QVERIFY(failed.first().at(1).toString().contains(QStringLiteral("Server 'gpu02'")));
    QCOMPARE(actions.pendingSecrets().size(), 3);
    QVERIFY(!QFile::exists(path));
    QVERIFY(busy.isEmpty());

    // Fixed: the keychain first, then the file.
    inv.servers[1].switchPort = QStringLiteral("leaf2/Eth1/1");
    // The switch's URL changed after its password was typed: the password follows.
    const QString oldKey = switchSecretKey(inv.switches.at(0));
    inv.switches[0].url = QUrl(QStringLiteral("https://leaf1.lab"));
    actions.moveSecret(oldKey, switchSecretKey(inv.switches.at(0)));
    actions.save(inv);
    QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 15000);
    QCOMPARE(failed.size(), 1);
    QCOMPARE(busy.size(), 2);
    QVERIFY(QFile::exists(path));
    // The removed server's token was not stored; what was stored is no longer pending.
    QCOMPARE(actions.pendingSecrets().size(), 1);
    QVERIFY(actions.pendingSecrets().contains(agentSecretKey(QStringLiteral("gone"))));
    QVERIFY(actions.hasSecret(switchSecretKey(inv.switches.at(0))));
    auto stored = waitForResult<Result<QHash<QString, QString>>>(
        [&](auto cb) { store.readAll(secretKeys(inv) + QStringList {oldKey}, cb); });
    QVERIFY(stored.ok());
    QCOMPARE(stored->size(), 2);
    QCOMPARE(stored->value(switchSecretKey(inv.switches.at(0))), QStringLiteral("leaf1-pw"));
    QCOMPARE(stored->value(agentSecretKey(QStringLiteral("gpu01"))),
             QStringLiteral("token-of-gpu01-0123"));
    const QByteArray file = [&] {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    QVERIFY(file.contains("leaf1.lab"));
    QVERIFY(!file.contains("leaf1-pw"));
    QVERIFY(!file.contains("token-of-gpu01"));

    // A fresh editor reads back what the keychain has.
    InventoryActions later(&store, QString());
    QSignalSpy loaded(&later, &InventoryActions::secretsLoaded);
    later.loadSecrets(inv);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 10000);
    QVERIFY(later.hasSecret(switchSecretKey(inv.switches.at(0))));
    QVERIFY(!later.hasSecret(switchSecretKey(inv.switches.at(1))));

    // Without a keychain, a secret cannot be saved, and saving says so.
    InventoryActions noKeychain(nullptr, path);
    QSignalSpy noKeychainFailed(&noKeychain, &InventoryActions::failed);
    noKeychain.setPendingSecret(agentSecretKey(QStringLiteral("gpu01")), QStringLiteral("t"));
    noKeychain.save(inv);
    QCOMPARE(noKeychainFailed.size(), 1);
    QVERIFY(noKeychainFailed.first().at(1).toString().contains(QStringLiteral("keychain")));
}

void TestInventory::manySwitchPasswordsInKeyring()
{
    if (qEnvironmentVariableIsEmpty("ROCE_REAL_KEYRING"))
        QSKIP("needs the real Secret Service: run through tests/common/with-keyring.sh (ctest "
              "does)");
    // Sixteen switches, each with its own password: each under its own key, read back all at
    // once, and none in the inventory file.
    Inventory inv;
    QHash<QString, QString> passwords;
    for (int i = 0; i < 16; ++i) {
        SwitchEntry sw;
        sw.name = QStringLiteral("leaf%1").arg(i + 1);
        sw.url = QUrl(QStringLiteral("https://10.1.0.%1").arg(i + 1));
        sw.user = i % 2 ? QStringLiteral("netops") : QStringLiteral("admin");
        inv.switches.append(sw);
        passwords.insert(switchSecretKey(sw), QStringLiteral("pw-%1-Xq7").arg(i + 1));
    }
    QCOMPARE(passwords.size(), 16);
    SecretStore store(QStringLiteral("roce-console-test"));
    QVERIFY(waitForResult<Result<void>>([&](auto cb) { store.writeAll(passwords, cb); }).ok());
    auto read = waitForResult<Result<QHash<QString, QString>>>(
        [&](auto cb) { store.readAll(secretKeys(inv), cb); });
    QVERIFY(read.ok());
    QCOMPARE(*read, passwords);
    const FabricEndpoints endpoints = endpointsFor(inv, *read);
    QVERIFY(endpoints.problems.isEmpty());
    for (int i = 0; i < 16; ++i)
        QCOMPARE(endpoints.switches.at(i).endpoint.password,
                 QStringLiteral("pw-%1-Xq7").arg(i + 1));
    QTemporaryDir dir;
    QVERIFY(saveFile(dir.filePath(QStringLiteral("inventory.json")), inv).ok());
    QFile f(dir.filePath(QStringLiteral("inventory.json")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(!f.readAll().contains("-Xq7"));
}

void TestInventory::actionsFetchPinAndDiscoverEverySwitch()
{
    sim::SimServiceOptions options;
    options.topology = QStringLiteral("star8");
    options.agents = false;
    options.http = false;  // HTTPS only: there is a certificate to pin
    sim::EmbeddedFabric fabric(options);
    QSignalSpy started(&fabric, &sim::EmbeddedFabric::started);
    fabric.start();
    QTRY_VERIFY_WITH_TIMEOUT(started.size() == 1, 20000);
    const QUrl url = started.at(0).at(0).toUrl();
    const QString fingerprint = started.at(0).at(2).toString();

    // Two names for the simulated switch (as two leaves seeing the same servers would be), a
    // third switch that does not answer, a fourth without a password.
    Inventory inv;
    inv.switches = {{QStringLiteral("leafA"), url, options.user, {}, false, SwitchRole::Leaf, 1000},
                    {QStringLiteral("leafB"), url, options.user, {}, false, SwitchRole::Leaf, 1000},
                    {QStringLiteral("dead"),
                     QUrl(QStringLiteral("https://127.0.0.1:1")),
                     options.user,
                     {},
                     false,
                     SwitchRole::Spine,
                     1000},
                    {QStringLiteral("nopw"),
                     QUrl(QStringLiteral("https://127.0.0.2")),
                     options.user,
                     {},
                     false,
                     SwitchRole::Spine,
                     1000}};
    InventoryActions actions(nullptr, QString());
    QSignalSpy failed(&actions, &InventoryActions::failed);

    // The pin: what the switch presents, for the user to confirm.
    QSignalSpy pins(&actions, &InventoryActions::pinFetched);
    actions.fetchPin(inv.switches.at(0));
    QVERIFY(actions.isBusy());
    QTRY_COMPARE_WITH_TIMEOUT(pins.size() + failed.size(), 1, 15000);
    QVERIFY2(failed.isEmpty(),
             qPrintable(failed.isEmpty() ? QString() : failed.first().at(1).toString()));
    QVERIFY(!actions.isBusy());
    QCOMPARE(pins.first().at(0).toString(), QStringLiteral("leafA"));
    QCOMPARE(pins.first().at(1).toString().remove(QLatin1Char(':')).toLower(),
             QString(fingerprint).remove(QLatin1Char(':')).toLower());
    for (qsizetype i = 0; i < 2; ++i)
        inv.switches[i].pinSha256 = pins.first().at(1).toString();

    // Nothing has a password: nothing is asked.
    actions.discoverLldp(inv);
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed.last().first().value<InventoryActions::Operation>(),
             InventoryActions::Operation::Discover);
    for (qsizetype i = 0; i < 3; ++i)
        actions.setPendingSecret(switchSecretKey(inv.switches.at(i)), options.password);

    QSignalSpy discovered(&actions, &InventoryActions::discovered);
    actions.discoverLldp(inv);
    QTRY_COMPARE_WITH_TIMEOUT(discovered.size() + failed.size(), 2, 20000);
    QCOMPARE(discovered.size(), 1);
    const auto found = discovered.first().at(0).value<Discovery>();
    const QStringList notes = discovered.first().at(1).toStringList();
    // Each server once, on the first switch that sees it, its port qualified.
    QCOMPARE(found.servers.size(), 8);
    for (const ServerEntry &s : found.servers)
        QVERIFY2(s.switchPort.startsWith(QStringLiteral("leafA/Ethernet")),
                 qPrintable(s.switchPort));
    QCOMPARE(notes.size(), 2);
    QVERIFY2(notes.at(0).startsWith(QStringLiteral("dead: ")), qPrintable(notes.at(0)));
    QVERIFY2(notes.at(1).contains(QStringLiteral("nopw")), qPrintable(notes.at(1)));
    // The proposal fits the inventory as it stands.
    Inventory merged = inv;
    merged.switches.removeLast();
    merged.switches.removeLast();
    for (ServerEntry s : found.servers) {
        s.collectOverSsh = true;
        s.sshUser = QStringLiteral("root");
        merged.servers.append(s);
    }
    QVERIFY2(validate(merged).isEmpty(), qPrintable(validate(merged).join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestInventory)
#include "tst_inventory.moc"
