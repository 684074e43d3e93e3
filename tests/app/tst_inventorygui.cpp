// The inventory dialog as a user drives it, offscreen, against a real Secret Service (the
// test runs under tests/common/with-keyring.sh) and the embedded fabric's real NX-API
// and agents: add the switch to the switches table, fetch and pin its certificate, discover the
// servers over LLDP, set tokens, export/import, OK -> keychain + file; then the console's
// FabricSession connects the monitors to that inventory and live rows arrive. With
// ROCE_SCREENSHOT_DIR set, it keeps a screenshot of the dialog.
#include "../live/inventory/waitforresult.h"
#include "collect/monitor/agentmonitor.h"
#include "collect/monitor/switchmonitor.h"
#include "fabricsession.h"
#include "inventorydialog.h"
#include "live/inventory/fabricendpoints.h"
#include "live/inventory/inventory.h"
#include "live/inventory/secretstore.h"
#include "live/itemmodels/inventorymodel.h"
#include "live/itemmodels/porttablemodel.h"
#include "live/itemmodels/switchinventorymodel.h"
#include "sim/served/embeddedfabric.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace roce;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestInventoryGui : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void dialogToLiveFabric();
    void invalidInventoryKeepsDialogOpen();
    void scenariosNeedTheDemo();

private:
    sim::SimServiceOptions m_options;
    std::unique_ptr<sim::EmbeddedFabric> m_fabric;
    QUrl m_url;
    QString m_fingerprint;
    QList<experiments::ExperimentHost> m_hosts;
    QTemporaryDir m_dir;
};

void TestInventoryGui::initTestCase()
{
    if (qEnvironmentVariableIsEmpty("ROCE_REAL_KEYRING"))
        QSKIP("needs the real Secret Service: run through tests/common/with-keyring.sh (ctest "
              "does)");
    // A bare-metal fabric, so that LLDP names the servers themselves.
    m_options.topology = QStringLiteral("star8");
    m_options.http = false;  // the switch over HTTPS only: the pin must be fetched
    m_fabric = std::make_unique<sim::EmbeddedFabric>(m_options);
    QSignalSpy started(m_fabric.get(), &sim::EmbeddedFabric::started);
    QSignalSpy agents(m_fabric.get(), &sim::EmbeddedFabric::agentsStarted);
    m_fabric->start();
    QTRY_VERIFY_WITH_TIMEOUT(started.size() == 1 && agents.size() == 1, 20000);
    m_url = started.first().at(0).toUrl();
    QCOMPARE(m_url.scheme(), QStringLiteral("https"));
    m_fingerprint = started.first().at(2).toString();
    m_hosts = agents.first().first().value<QList<experiments::ExperimentHost>>();
    QCOMPARE(m_hosts.size(), 8);
}

void TestInventoryGui::dialogToLiveFabric()
{
    inventory::SecretStore secrets(QStringLiteral("roce-console-guitest"));
    const QString savePath = m_dir.filePath(QStringLiteral("config/inventory.json"));
    widgets::InventoryDialog dialog({}, &secrets, savePath);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));

    // The switch: Add opens its URL for typing; name, user and password follow.
    QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("addSwitch")), Qt::LeftButton);
    models::SwitchInventoryModel *switches = dialog.switchModel();
    QCOMPARE(switches->rowCount(), 1);
    auto *switchTable = dialog.findChild<QTableView *>(QStringLiteral("switches"));
    auto *urlEditor = switchTable->viewport()->findChild<QLineEdit *>();
    QVERIFY(urlEditor);
    QTest::keyClicks(urlEditor, m_url.toString());
    QTest::keyClick(urlEditor, Qt::Key_Return);
    QTRY_COMPARE(switches->switches().first().url, m_url);  // the view commits it queued
    using SwitchColumn = models::SwitchInventoryModel::Column;
    QVERIFY(
        switches->setData(switches->index(0, SwitchColumn::Name), QStringLiteral("nexus-star")));
    QVERIFY(switches->setData(switches->index(0, SwitchColumn::User), m_options.user));
    QVERIFY(switches->index(0, SwitchColumn::Password)
                .data(models::SwitchInventoryModel::InvalidRole)
                .toBool());
    dialog.setSwitchPassword(0, m_options.password);
    QVERIFY(!switches->index(0, SwitchColumn::Password)
                 .data(models::SwitchInventoryModel::InvalidRole)
                 .toBool());

    // Fetch the certificate: the question shows the switch's real fingerprint; yes pins it.
    QString asked;
    dialog.setTrustQuestion([&asked](const QString &fingerprint, const QString &) {
        asked = fingerprint;
        return true;
    });
    QSignalSpy queried(&dialog, &widgets::InventoryDialog::switchQueryFinished);
    switchTable->setCurrentIndex(switches->index(0, SwitchColumn::Name));
    QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("fetchPin")), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(queried.size(), 1, 15000);
    QCOMPARE(asked.remove(QLatin1Char(':')).toLower(),
             QString(m_fingerprint).remove(QLatin1Char(':')).toLower());
    QVERIFY2(!switches->switches().first().pinSha256.isEmpty(), qPrintable(dialog.statusText()));

    // Discover: the eight servers, each on its own port.
    QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("discover")), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(queried.size(), 2, 15000);
    models::InventoryModel *model = dialog.serverModel();
    QCOMPARE(model->rowCount(), 8);
    QVERIFY2(dialog.statusText().contains(QStringLiteral("8")), qPrintable(dialog.statusText()));
    // Each on its switch: the port says which.
    QVERIFY2(model->servers().first().switchPort.startsWith(QStringLiteral("nexus-star/Eth")),
             qPrintable(model->servers().first().switchPort));

    // The user points each server at its agent (here: the simulated agents on loopback) and
    // gives it its token; one server is left without, to see it reported.
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString name = model->servers().at(row).name;
        auto host = std::find_if(m_hosts.begin(), m_hosts.end(),
                                 [&](const auto &h) { return h.name == name; });
        QVERIFY2(host != m_hosts.end(), qPrintable(name));
        QVERIFY(
            model->setData(model->index(row, models::InventoryModel::Address), host->agent.host));
        QVERIFY(model->setData(model->index(row, models::InventoryModel::AgentPort),
                               QString::number(host->agent.port)));
        QVERIFY(model->setData(model->index(row, models::InventoryModel::AgentPin),
                               QString::fromLatin1(host->agent.pinnedSha256)));
        if (row != 7)
            dialog.setAgentToken(name, m_options.agentToken);
    }
    QVERIFY(model->index(7, models::InventoryModel::Token)
                .data(models::InventoryModel::InvalidRole)
                .toBool());
    if (const QString dir = qEnvironmentVariable("ROCE_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QTest::qWait(200);
        QVERIFY(dialog.grab().save(dir + QStringLiteral("/inventory-dialog.png")));
    }

    // Export and re-import: same inventory, and no secret in the file.
    const QString exported = m_dir.filePath(QStringLiteral("export.json"));
    QVERIFY(dialog.exportTo(exported));
    const QByteArray exportedBytes = readAll(exported);
    QVERIFY(!exportedBytes.contains("password"));
    QVERIFY(!exportedBytes.contains(m_options.agentToken.toUtf8()));
    widgets::InventoryDialog second({}, nullptr, QString());
    QVERIFY(second.importFrom(exported));
    QCOMPARE(second.inventory(), dialog.inventory());

    // OK: the keychain first, then the file; the dialog closes and says what it saved.
    QSignalSpy saved(&dialog, &widgets::InventoryDialog::saved);
    dialog.accept();
    QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 15000);
    QVERIFY(!dialog.isVisible());
    const inventory::Inventory inv = saved.first().first().value<inventory::Inventory>();
    QCOMPARE(inv.servers.size(), 8);
    const QByteArray file = readAll(savePath);
    QVERIFY(file.contains("nexus-star"));
    QVERIFY(!file.contains(m_options.agentToken.toUtf8()));
    auto stored = waitForResult<Result<QHash<QString, QString>>>(
        [&](auto cb) { secrets.readAll(inventory::secretKeys(inv), cb); });
    QVERIFY(stored.ok());
    QCOMPARE(stored->size(), 8);  // the switch password + 7 tokens
    QCOMPARE(stored->value(inventory::switchSecretKey(inv.switches.first())), m_options.password);

    // The console's session connects to that inventory: the switch polled over pinned HTTPS
    // with the keychain's password, seven agents streaming, the eighth reported.
    app::FabricSession session(m_options, &secrets);
    QSignalSpy plans(&session, &app::FabricSession::planReady);
    QSignalSpy hostsReady(&session, &app::FabricSession::hostsReady);
    QSignalSpy problems(&session, &app::FabricSession::problem);
    QSignalSpy layouts(&session, &app::FabricSession::layoutReady);
    session.startInventory(inv);
    QTRY_VERIFY_WITH_TIMEOUT(plans.size() == 1 && hostsReady.size() == 1, 15000);
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems.first().first().toString().contains(inv.servers.at(7).name),
             qPrintable(problems.first().first().toString()));
    QCOMPARE(layouts.first().first().value<models::FabricLayout>().serverCount(), 8);

    // The live model watches that plan, as the console's main does.
    live::LiveFabric hub;
    connect(&session, &app::FabricSession::planReady, &hub, &live::LiveFabric::watch);
    hub.watch(plans.first().first().value<live::FabricPlan>());
    const models::PortTableModel &ports = *hub.ports();
    const QString switchName = inv.switches.first().name;
    QTRY_VERIFY_WITH_TIMEOUT(ports.row(switchName + QStringLiteral("/Ethernet1/1")) != nullptr,
                             15000);
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            int nicRows = 0;
            for (int r = 0; r < ports.rowCount(); ++r)
                if (!ports.index(r, 0).data().toString().startsWith(switchName))
                    ++nicRows;
            return nicRows >= 7;
        }(),
        15000);
}

void TestInventoryGui::invalidInventoryKeepsDialogOpen()
{
    inventory::SecretStore secrets(QStringLiteral("roce-console-guitest"));
    const QString savePath = m_dir.filePath(QStringLiteral("never/inventory.json"));
    inventory::Inventory inv;
    inventory::ServerEntry a;
    a.name = QStringLiteral("gpu1");
    a.address = QStringLiteral("10.0.0.1");
    inventory::ServerEntry b = a;
    b.address = QStringLiteral("10.0.0.2");
    inv.servers = {a, b};  // the same name twice
    widgets::InventoryDialog dialog(inv, &secrets, savePath);
    dialog.show();
    QSignalSpy saved(&dialog, &widgets::InventoryDialog::saved);
    dialog.setAgentToken(QStringLiteral("gpu1"), QStringLiteral("a-token-of-sixteen+"));
    dialog.accept();
    QTest::qWait(200);
    QVERIFY(dialog.isVisible());
    QCOMPARE(saved.size(), 0);
    QVERIFY2(dialog.statusText().contains(QStringLiteral("used twice")),
             qPrintable(dialog.statusText()));
    QVERIFY(!QFile::exists(savePath));
    QCOMPARE(dialog.pendingSecrets().size(), 1);  // what was typed is kept
    // Fixed by the user, OK goes through.
    QVERIFY(
        dialog.serverModel()->setData(dialog.serverModel()->index(1, 0), QStringLiteral("gpu2")));
    dialog.accept();
    QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 10000);
    QVERIFY(QFile::exists(savePath));
}

void TestInventoryGui::scenariosNeedTheDemo()
{
    app::FabricSession session(m_options, nullptr);
    QSignalSpy failed(&session, &app::FabricSession::scenarioFailed);
    inventory::Inventory inv;
    inventory::ServerEntry a;
    a.name = QStringLiteral("gpu1");
    a.address = QStringLiteral("127.0.0.1");
    a.agentPort = 1;
    inv.servers = {a};
    session.startInventory(inv);
    session.startScenario(QStringLiteral("lossy-incast"));
    QCOMPARE(failed.size(), 1);
    QVERIFY(failed.first().at(1).toString().contains(QStringLiteral("simulated fabric")));
}

QTEST_MAIN(TestInventoryGui)
#include "tst_inventorygui.moc"
