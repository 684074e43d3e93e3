#include "consolewiring.h"

#include "collect/results/resultstore.h"
#include "experimentspanel.h"
#include "fabricsession.h"
#include "fleetwiring.h"
#include "inventorydialog.h"
#include "live/experiments/experimentqueue.h"
#include "live/experiments/switchsummary.h"
#include "live/hub/livefabric.h"
#include "live/inventory/inventory.h"
#include "live/inventory/secretstore.h"
#include "live/itemmodels/findingmodel.h"
#include "mainwindow.h"
#include "proto/datamodel/porthighlights.h"
#include "sim/feeds/largefabricfeed.h"

#include <QCoreApplication>
#include <QInputDialog>
#include <QLineEdit>

#include <QFileInfo>
#include <algorithm>
#include <optional>

namespace roce::app {

namespace {

class ConsoleText
{
    Q_DECLARE_TR_FUNCTIONS(ConsoleText)
};

/// The roce-agent that "Bootstrap via SSH" installs: next to the console when installed,
/// in the build tree's agent/ directory when run from there.
QString agentBinary()
{
    const QString dir = QCoreApplication::applicationDirPath();
    const QStringList candidates {dir + QStringLiteral("/roce-agent"),
                                  dir + QStringLiteral("/../agent/roce-agent")};
    for (const QString &candidate : candidates)
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    return {};
}

}  // namespace

void followDiagnosis(MainWindow &window, live::LiveFabric &hub, bool replay)
{
    window.showDiagnosis(hub.findings());
    window.showFindings(hub.diagnosis().active());
    // Each frame: what the diagnosis names on the maps, and the hottest port while nothing is
    // selected or a scenario just started. Only while the window shows this hub (the live
    // one keeps running under a replay).
    // One follower per kind of hub: showing the live fabric again replaces the old one.
    const QString name = replay ? QStringLiteral("diagnosisFollowerReplay")
                                : QStringLiteral("diagnosisFollowerLive");
    delete window.findChild<QObject *>(name, Qt::FindDirectChildrenOnly);
    auto *follower = new QObject(&window);
    follower->setObjectName(name);
    QObject::connect(&hub, &live::LiveFabric::frameReady, follower,
                     [&window, &hub, replay](const live::FabricFrame &frame) {
                         if (window.isReplay() != replay)
                             return;
                         if (!frame.findings.isEmpty())
                             window.showFindings(hub.diagnosis().active());
                         if (!window.wantsHottestPort())
                             return;
                         // The cause the diagnosis names, once it names one; else the port
                         // with the most drops, pauses or marks.
                         for (const diagnosis::Finding &f : hub.diagnosis().active()) {
                             const QString port = models::FindingModel::portOf(f);
                             if (f.severity > diagnosis::Severity::Info && !port.isEmpty()) {
                                 window.offerHottestPort(port);
                                 return;
                             }
                         }
                         const QList<model::PortSample> latest = hub.freshLatest();
                         QList<const model::PortSample *> ports;
                         ports.reserve(latest.size());
                         for (const model::PortSample &p : latest)
                             ports.append(&p);
                         window.offerHottestPort(model::hottestPort(ports));
                     });
}

void showLiveFabric(MainWindow &window, live::LiveFabric &live)
{
    window.showPorts(live.ports());
    window.showTopology(live.ports());
    window.showEvents(live.events());
    window.showCharts(&live.history());
    followDiagnosis(window, live, false);
    QObject::connect(&live, &live::LiveFabric::sourceFailed, &window, &MainWindow::showSourceFailed,
                     Qt::UniqueConnection);
}

void followFabricSession(MainWindow &window, FabricSession &fabric, live::LiveFabric &live)
{
    QObject::connect(&fabric, &FabricSession::demoStarted, &window,
                     &MainWindow::showEmbeddedFabric);
    QObject::connect(&fabric, &FabricSession::inventoryStarted, &window,
                     &MainWindow::showInventoryFabric);
    QObject::connect(&fabric, &FabricSession::problem, &window, &MainWindow::showFabricProblem);
    // While a replay is shown, the live fabric's shape waits (the recorder keeps it, and the
    // window gets it back with Back to live).
    QObject::connect(&fabric, &FabricSession::layoutReady, &window,
                     [&window](const models::FabricLayout &l) {
                         if (!window.isReplay())
                             window.setFabricLayout(l);
                     });
    QObject::connect(&fabric, &FabricSession::planReady, &live, &live::LiveFabric::watch);
    QObject::connect(&live, &live::LiveFabric::switchPolled, &fabric, &FabricSession::switchPolled);
    // A leaf/spine inventory: the layered map, drawn from the switches' LLDP.
    QObject::connect(&live, &live::LiveFabric::frameReady, &fabric,
                     [&fabric, &live](const live::FabricFrame &frame) {
                         // LLDP arrives with switch polls: frames of agents alone change nothing
                         // the map is drawn from but their netdevs, read with the next poll.
                         if (std::any_of(frame.ports.cbegin(), frame.ports.cend(),
                                         [](const model::PortSample &p) { return !p.nic(); }))
                             fabric.followCabling(live);
                     });
    QObject::connect(&fabric, &FabricSession::leafSpineReady, &window,
                     [&window, &live](const models::LeafSpineFabric &f) {
                         if (!window.isReplay())
                             window.showInventoryLeafSpine(live.ports(), f);
                     });
    QObject::connect(&window, &MainWindow::scenarioRequested, &fabric,
                     &FabricSession::startScenario);
    QObject::connect(&fabric, &FabricSession::scenarioStarted, &window,
                     [&window](const QString &name) {
                         if (!window.isReplay())
                             window.showScenario(name);
                     });
    QObject::connect(
        &fabric, &FabricSession::scenarioFailed, &window,
        [&window](const QString &, const QString &message) { window.showFabricProblem(message); });
    QObject::connect(&window, &MainWindow::demoRequested, &fabric,
                     [&fabric] { fabric.startDemo(); });
}

void wirePasswordPrompt(MainWindow &window, FabricSession &fabric, live::LiveFabric &live,
                        inventory::SecretStore &secrets)
{
    QObject::connect(
        &live, &live::LiveFabric::passwordNeeded, &window,
        [&window, &fabric, &live, &secrets](const QString &name, const QString &message) {
            const QList<inventory::SwitchEntry> &switches = fabric.inventory().switches;
            const auto entry
                = std::find_if(switches.cbegin(), switches.cend(),
                               [&name](const inventory::SwitchEntry &s) { return s.name == name; });
            // A switch of no inventory (the simulated fabric) has no key to store under: the
            // password only resumes polling.
            const std::optional<inventory::SwitchEntry> stored
                = entry == switches.cend() ? std::nullopt : std::make_optional(*entry);
            auto *dialog = new QInputDialog(&window);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            dialog->setObjectName(QStringLiteral("switchPasswordDialog"));
            dialog->setWindowTitle(ConsoleText::tr("Password for %1").arg(name));
            dialog->setLabelText(stored ? ConsoleText::tr("%1\n\nPassword of %2 on %3:")
                                              .arg(message, stored->user, stored->url.host())
                                        : ConsoleText::tr("%1\n\nPassword:").arg(message));
            dialog->setTextEchoMode(QLineEdit::Password);
            QObject::connect(dialog, &QInputDialog::textValueSelected, &live,
                             [&window, &live, &secrets, name, stored](const QString &password) {
                                 if (!stored) {
                                     live.resumeSwitch(name, password);
                                     return;
                                 }
                                 secrets.write(
                                     inventory::switchSecretKey(*stored), password,
                                     [&window, &live, name, password](const Result<void> &written) {
                                         if (!written)
                                             window.showFabricError(
                                                 ConsoleText::tr("The password of %1 was not "
                                                                 "stored (%2); it is used until "
                                                                 "the console quits.")
                                                     .arg(name, written.error().message));
                                         live.resumeSwitch(name, password);
                                     });
                             });
            dialog->open();
        });
}

ExperimentsWiring::~ExperimentsWiring() = default;

std::unique_ptr<ExperimentsWiring> wireExperiments(MainWindow &window, FabricSession &fabric,
                                                   live::LiveFabric &live, const QString &resultsDb)
{
    auto wiring = std::make_unique<ExperimentsWiring>();
    auto opened = results::ResultStore::open(
        resultsDb.isEmpty() ? results::ResultStore::defaultPath() : resultsDb);
    if (opened)
        wiring->results = std::move(opened).value();
    else
        window.showFabricError(opened.error().message);
    wiring->queue = std::make_unique<experiments::ExperimentQueue>(wiring->results.get());
    auto *panel = new widgets::ExperimentsPanel(wiring->queue.get(), &live.history());
    wiring->panel = panel;
    window.showExperiments(panel);
    QObject::connect(&fabric, &FabricSession::hostsReady, panel,
                     &widgets::ExperimentsPanel::setHosts);
    QObject::connect(&fabric, &FabricSession::layoutReady, panel,
                     &widgets::ExperimentsPanel::setFabricLayout);
    QObject::connect(&live, &live::LiveFabric::gidTable, panel,
                     &widgets::ExperimentsPanel::setGids);
    // Each run keeps what the switch saw on its hosts' ports, from the same rate history.
    auto cabling = std::make_shared<models::FabricLayout>();
    QObject::connect(&fabric, &FabricSession::layoutReady, &window,
                     [cabling](const models::FabricLayout &l) { *cabling = l; });
    wiring->queue->setSwitchSummary(
        [&live, cabling](const QStringList &hosts, qint64 fromMs, qint64 toMs) {
            return experiments::switchSummary(live.history(), *cabling, hosts, fromMs, toMs);
        });
    return wiring;
}

void wireInventoryDialog(MainWindow &window, FabricSession &fabric, inventory::SecretStore &secrets,
                         const QString &inventoryPath)
{
    QObject::connect(&window, &MainWindow::inventoryRequested, &window, [&, inventoryPath] {
        // The saved inventory, even while the demo runs (--demo, or a keychain problem).
        auto saved = inventory::loadFile(inventoryPath);
        auto *dialog = new widgets::InventoryDialog(saved ? saved->inventory : fabric.inventory(),
                                                    &secrets, inventoryPath, &window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        ssh::BootstrapOptions bootstrap;
        bootstrap.agentBinary = agentBinary();
        ssh::SshTarget sshDefaults;
        sshDefaults.timeoutMs = 15000;
        dialog->setSshDefaults(sshDefaults, bootstrap);
        QObject::connect(dialog, &widgets::InventoryDialog::saved, &fabric,
                         [&fabric](const inventory::Inventory &inv) {
                             if (inv.isEmpty())
                                 fabric.startDemo();
                             else
                                 fabric.startInventory(inv);
                         });
        dialog->open();
    });
}

sim::LargeFabricFeed *startWatching(MainWindow &window, FabricSession &fabric,
                                    live::LiveFabric &live, const ConsoleOptions &options,
                                    const QString &inventoryPath, inventory::SecretStore &secrets,
                                    QSettings &settings)
{
    // A fleet in a metrics store: the store is the source (checked when parsed).
    if (!options.prometheusUrl.isEmpty()) {
        const auto parsed = prom::parsePromEndpoint(options.prometheusUrl);
        if (parsed) {
            connectFleet(window, fabric, live, secrets, endpointForUrl(parsed.value(), settings));
            return nullptr;
        }
    }
    // A large simulated leaf/spine fabric: the model's rows straight into the live model (one
    // agent per NIC over loopback would not fit on this machine).
    if (!options.topology.isEmpty()) {
        auto *feed = sim::watchLargeFabric(live, options.topology, options.scenario);
        QObject::connect(feed, &sim::LargeFabricFeed::fabricReady, &window,
                         [&window, &live](const models::LeafSpineFabric &f) {
                             if (!window.isReplay())
                                 window.showLeafSpine(live.ports(), f);
                         });
        QObject::connect(feed, &sim::LargeFabricFeed::scenarioStarted, &window,
                         [&window](const QString &spec) {
                             if (!window.isReplay())
                                 window.showScenario(spec);
                         });
        QObject::connect(feed, &sim::LargeFabricFeed::failed, &window,
                         &MainWindow::showFabricError);
        QObject::connect(feed, &sim::LargeFabricFeed::pace, &window,
                         &MainWindow::showSimulationPace);
        return feed;
    }
    if (options.demo) {
        fabric.startDemo(options.scenario);
        return nullptr;
    }
    auto loaded = inventory::loadFile(inventoryPath);
    if (!loaded) {
        if (loaded.error().code != ErrorCode::NotFound || !options.inventoryPath.isEmpty())
            window.showFabricProblem(
                ConsoleText::tr("%1\nThe simulated fabric runs until this is fixed.")
                    .arg(loaded.error().message));
        fabric.startDemo(options.scenario);
        return nullptr;
    }
    if (loaded->inventory.isEmpty()) {
        fabric.startDemo(options.scenario);
        return nullptr;
    }
    fabric.startInventory(loaded->inventory);
    return nullptr;
}

}  // namespace roce::app
