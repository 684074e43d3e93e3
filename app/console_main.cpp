// roce-console: the desktop console. Everything lives in roce_app/roce_widgets/roce_core.
#include "common/versions.h"
#include "consoleoptions.h"
#include "experiments/experimentqueue.h"
#include "experiments/switchsummary.h"
#include "experimentspanel.h"
#include "fabricsession.h"
#include "inventory/inventory.h"
#include "inventory/secretstore.h"
#include "inventorydialog.h"
#include "live/livefabric.h"
#include "mainwindow.h"
#include "screenshot.h"
#include "sim/largefabricfeed.h"
#include "translations.h"

#include <QApplication>
#include <QFileInfo>
#include <QSettings>

namespace {

void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("RoceFabricConsole"));
    QCoreApplication::setApplicationName(QStringLiteral("roce-console"));
    QCoreApplication::setApplicationVersion(roce::applicationVersion());
}

QStringList argumentsOf(int argc, char **argv)
{
    QStringList list;
    for (int i = 0; i < argc; ++i)
        list.append(QString::fromLocal8Bit(argv[i]));
    return list;
}

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

class ConsoleText
{
    Q_DECLARE_TR_FUNCTIONS(ConsoleText)
};

/// The inventory when there is one (and no --demo), else the demo fabric. An unreadable
/// inventory is said, left untouched, and the demo runs meanwhile.
void startFabric(roce::app::FabricSession &fabric, const roce::app::ConsoleOptions &options,
                 const QString &inventoryPath, roce::app::MainWindow &window)
{
    if (options.demo) {
        fabric.startDemo(options.scenario);
        return;
    }
    auto loaded = roce::inventory::loadFile(inventoryPath);
    if (!loaded) {
        if (loaded.error().code != roce::ErrorCode::NotFound || !options.inventoryPath.isEmpty())
            window.showFabricProblem(
                ConsoleText::tr("%1\nThe simulated fabric runs until this is fixed.")
                    .arg(loaded.error().message));
        fabric.startDemo(options.scenario);
        return;
    }
    if (loaded->inventory.isEmpty()) {
        fabric.startDemo(options.scenario);
        return;
    }
    fabric.startInventory(loaded->inventory);
}

}  // namespace

int main(int argc, char **argv)
{
    const QStringList arguments = argumentsOf(argc, argv);
    // The language is needed before parsing, so that usage errors are translated too.
    const QString language = roce::app::languageArgument(arguments);

    // --help, --version and usage errors must work on a machine without a display: decide
    // silently first, and only create a GUI application when there is a window to show.
    if (!roce::app::parseConsoleOptions(arguments, false).options) {
        QCoreApplication app(argc, argv);
        setIdentity();
        roce::installTranslations(app, language);
        return roce::app::parseConsoleOptions(QCoreApplication::arguments()).exitCode;
    }

    QApplication app(argc, argv);
    setIdentity();
    QApplication::setDesktopFileName(QStringLiteral("roce-console"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/roce-console.svg")));
    roce::installTranslations(app, language);

    const auto parsed = roce::app::parseConsoleOptions(QCoreApplication::arguments());
    if (!parsed.options)
        return parsed.exitCode;
    const roce::app::ConsoleOptions &options = *parsed.options;

    QSettings settings;
    roce::app::MainWindow window(settings, !options.resetLayout);
    window.show();

    // The live model: it owns the sources (switch pollers, agent streams, SSH collectors, the
    // large simulated feed), the rate history, the alerts and the models the window shows.
    roce::live::LiveFabric live;
    window.showPorts(live.ports());
    window.showTopology(live.ports());
    window.showEvents(live.events());
    window.showCharts(&live.history());
    QObject::connect(&live, &roce::live::LiveFabric::sourceFailed, &window,
                     &roce::app::MainWindow::showSourceFailed);

    // Which fabric: the inventory's switches and servers (secrets from the keychain), or, with
    // no inventory or --demo, the embedded simulated fabric on its own thread. Either way the
    // live model reaches it over the network.
    roce::inventory::SecretStore secrets;
    roce::app::FabricSession fabric {roce::sim::SimServiceOptions {}, &secrets};
    QObject::connect(&fabric, &roce::app::FabricSession::demoStarted, &window,
                     &roce::app::MainWindow::showEmbeddedFabric);
    QObject::connect(&fabric, &roce::app::FabricSession::inventoryStarted, &window,
                     &roce::app::MainWindow::showInventoryFabric);
    QObject::connect(&fabric, &roce::app::FabricSession::problem, &window,
                     &roce::app::MainWindow::showFabricProblem);
    QObject::connect(&fabric, &roce::app::FabricSession::layoutReady, &window,
                     &roce::app::MainWindow::setFabricLayout);
    QObject::connect(&fabric, &roce::app::FabricSession::planReady, &live,
                     &roce::live::LiveFabric::watch);
    QObject::connect(&live, &roce::live::LiveFabric::switchPolled, &fabric,
                     &roce::app::FabricSession::switchPolled);
    // A leaf/spine inventory: the layered map, drawn from the switches' LLDP.
    QObject::connect(&live, &roce::live::LiveFabric::frameReady, &fabric,
                     [&fabric, &live] { fabric.followCabling(live); });
    QObject::connect(&fabric, &roce::app::FabricSession::leafSpineReady, &window,
                     [&window, &live](const roce::models::LeafSpineFabric &f) {
                         window.showInventoryLeafSpine(live.ports(), f);
                     });

    // Experiments run through the same agents and are kept in the results store (the one
    // rocectl uses). Without a store they still run; they are just not kept.
    std::unique_ptr<roce::results::ResultStore> results;
    {
        auto opened = roce::results::ResultStore::open(
            options.resultsDb.isEmpty() ? roce::results::ResultStore::defaultPath()
                                        : options.resultsDb);
        if (opened)
            results = std::move(opened).value();
        else
            window.showFabricError(opened.error().message);
    }
    roce::experiments::ExperimentQueue experimentQueue(results.get());
    auto *experiments = new roce::widgets::ExperimentsPanel(&experimentQueue, &live.history());
    window.showExperiments(experiments);
    QObject::connect(&fabric, &roce::app::FabricSession::hostsReady, experiments,
                     &roce::widgets::ExperimentsPanel::setHosts);
    QObject::connect(&fabric, &roce::app::FabricSession::layoutReady, experiments,
                     &roce::widgets::ExperimentsPanel::setFabricLayout);
    // Each run keeps what the switch saw on its hosts' ports, from the same rate history.
    roce::models::FabricLayout cabling;
    QObject::connect(&fabric, &roce::app::FabricSession::layoutReady, &window,
                     [&cabling](const roce::models::FabricLayout &l) { cabling = l; });
    experimentQueue.setSwitchSummary(
        [&live, &cabling](const QStringList &hosts, qint64 fromMs, qint64 toMs) {
            return roce::experiments::switchSummary(live.history(), cabling, hosts, fromMs, toMs);
        });
    QObject::connect(&live, &roce::live::LiveFabric::gidTable, experiments,
                     &roce::widgets::ExperimentsPanel::setGids);
    QObject::connect(&window, &roce::app::MainWindow::scenarioRequested, &fabric,
                     &roce::app::FabricSession::startScenario);
    QObject::connect(&fabric, &roce::app::FabricSession::scenarioStarted, &window,
                     &roce::app::MainWindow::showScenario);
    QObject::connect(
        &fabric, &roce::app::FabricSession::scenarioFailed, &window,
        [&window](const QString &, const QString &message) { window.showFabricProblem(message); });

    const QString inventoryPath
        = options.inventoryPath.isEmpty() ? roce::inventory::defaultPath() : options.inventoryPath;
    QObject::connect(&window, &roce::app::MainWindow::demoRequested, &fabric,
                     [&fabric] { fabric.startDemo(); });
    QObject::connect(&window, &roce::app::MainWindow::inventoryRequested, &window, [&] {
        // The saved inventory, even while the demo runs (--demo, or a keychain problem).
        auto saved = roce::inventory::loadFile(inventoryPath);
        auto *dialog = new roce::widgets::InventoryDialog(
            saved ? saved->inventory : fabric.inventory(), &secrets, inventoryPath, &window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        roce::ssh::BootstrapOptions bootstrap;
        bootstrap.agentBinary = agentBinary();
        roce::ssh::SshTarget sshDefaults;
        sshDefaults.timeoutMs = 15000;
        dialog->setSshDefaults(sshDefaults, bootstrap);
        QObject::connect(dialog, &roce::widgets::InventoryDialog::saved, &fabric,
                         [&fabric](const roce::inventory::Inventory &inv) {
                             if (inv.isEmpty())
                                 fabric.startDemo();
                             else
                                 fabric.startInventory(inv);
                         });
        dialog->open();
    });
    // A large simulated leaf/spine fabric: the model's rows straight into the live model (one
    // agent per NIC over loopback would not fit on this machine).
    if (!options.topology.isEmpty()) {
        auto *feed = roce::sim::watchLargeFabric(live, options.topology);
        QObject::connect(feed, &roce::sim::LargeFabricFeed::fabricReady, &window,
                         [&window, &live](const roce::models::LeafSpineFabric &f) {
                             window.showLeafSpine(live.ports(), f);
                         });
        QObject::connect(feed, &roce::sim::LargeFabricFeed::failed, &window,
                         &roce::app::MainWindow::showFabricError);
    } else {
        startFabric(fabric, options, inventoryPath, window);
    }
    if (!options.screenshotPath.isEmpty())
        roce::app::scheduleScreenshot(&window, options.screenshotPath, options.screenshotDelayMs);
    return app.exec();
}
