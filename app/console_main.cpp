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
#include "mainwindow.h"
#include "models/eventlistmodel.h"
#include "models/porttablemodel.h"
#include "monitor/agentmonitor.h"
#include "monitor/alerts.h"
#include "monitor/sshcollectormonitor.h"
#include "monitor/switchmonitor.h"
#include "screenshot.h"
#include "sim/largefabricfeed.h"
#include "store/counterstore.h"
#include "translations.h"

#include <QApplication>
#include <QDateTime>
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

    // The fabric: the inventory's switch and servers (secrets from the keychain), or, with
    // no inventory or --demo, the embedded simulated fabric on its own thread. Either way the
    // monitors below connect over the network.
    roce::inventory::SecretStore secrets;
    roce::app::FabricSession fabric {roce::sim::SimServiceOptions {}, &secrets};
    QObject::connect(&fabric, &roce::app::FabricSession::demoStarted, &window,
                     &roce::app::MainWindow::showEmbeddedFabric);
    QObject::connect(&fabric, &roce::app::FabricSession::inventoryStarted, &window,
                     &roce::app::MainWindow::showInventoryFabric);
    QObject::connect(&fabric, &roce::app::FabricSession::problem, &window,
                     &roce::app::MainWindow::showFabricProblem);

    // The switch is read like any Nexus: NX-API over HTTPS with its certificate pinned, polled
    // on the monitor's own thread; the port table gets one batched update per poll.
    roce::models::PortTableModel ports;
    // Declared before the monitors that write to it from their threads, so it outlives them.
    roce::store::CounterStore history;
    roce::monitor::SwitchMonitor monitor;
    window.showPorts(&ports);
    window.showTopology(&ports);
    QObject::connect(&fabric, &roce::app::FabricSession::layoutReady, &window,
                     &roce::app::MainWindow::setFabricLayout);
    QObject::connect(&monitor, &roce::monitor::SwitchMonitor::updated, &ports,
                     &roce::models::PortTableModel::applyUpdate);
    QObject::connect(&monitor, &roce::monitor::SwitchMonitor::failed, &window,
                     &roce::app::MainWindow::showSwitchError);
    // Alerts from the same updates (a few comparisons per port: cheap enough for this thread).
    roce::monitor::AlertEngine alerts;
    roce::models::EventListModel events;
    window.showEvents(&events);
    QObject::connect(&monitor, &roce::monitor::SwitchMonitor::updated, &events,
                     [&](const roce::monitor::SwitchUpdate &u) {
                         events.applyAlerts(alerts.switchReachable(u.takenMs));
                         events.applyAlerts(alerts.evaluate(u));
                     });
    QObject::connect(&monitor, &roce::monitor::SwitchMonitor::failed, &events,
                     [&](const roce::nxapi::NxapiError &e) {
                         events.applyAlerts(alerts.switchUnreachable(
                             e.message, QDateTime::currentMSecsSinceEpoch()));
                     });
    QObject::connect(&fabric, &roce::app::FabricSession::switchReady, &monitor,
                     [&monitor](const roce::nxapi::NxapiEndpoint &e) { monitor.start(e, 1000); });
    QObject::connect(&fabric, &roce::app::FabricSession::switchAbsent, &monitor,
                     &roce::monitor::SwitchMonitor::stop);
    QObject::connect(&monitor, &roce::monitor::SwitchMonitor::updated, &fabric,
                     &roce::app::FabricSession::switchPolled);
    // Rate history for the charts: ingested on the monitors' threads, read by the charts.
    window.showCharts(&history);
    QObject::connect(
        &monitor, &roce::monitor::SwitchMonitor::updated, &monitor,
        [&history](const roce::monitor::SwitchUpdate &u) { history.ingest(u); },
        Qt::DirectConnection);

    // The servers' RDMA ports, from their agents (TLS, the fabric's certificate pinned).
    roce::monitor::AgentMonitor agents;
    QObject::connect(&agents, &roce::monitor::AgentMonitor::updated, &ports,
                     &roce::models::PortTableModel::applyUpdate);
    QObject::connect(
        &agents, &roce::monitor::AgentMonitor::updated, &agents,
        [&history](const roce::monitor::SwitchUpdate &u) { history.ingest(u); },
        Qt::DirectConnection);
    // The agents' samples feed the same alert rules (NIC rules: CNPs ignored, CNPs without
    // CE marks), scoped to their host; a lost agent is an alert until it answers again.
    QObject::connect(
        &agents, &roce::monitor::AgentMonitor::updated, &events,
        [&](const roce::monitor::SwitchUpdate &u) { events.applyAlerts(alerts.evaluate(u)); });
    QObject::connect(&agents, &roce::monitor::AgentMonitor::agentLost, &events,
                     [&](const QString &agent, const QString &reason) {
                         events.applyAlerts(alerts.agentUnreachable(
                             agent, reason, QDateTime::currentMSecsSinceEpoch()));
                     });
    QObject::connect(
        &agents, &roce::monitor::AgentMonitor::agentBack, &events, [&](const QString &agent) {
            events.applyAlerts(alerts.agentReachable(agent, QDateTime::currentMSecsSinceEpoch()));
        });
    QObject::connect(&agents, &roce::monitor::AgentMonitor::agentLost, &window,
                     &roce::app::MainWindow::showAgentLost);
    // Servers without an agent: their NICs over SSH, into the same rows, history and alerts.
    roce::monitor::SshCollectorMonitor sshHosts;
    QObject::connect(&fabric, &roce::app::FabricSession::sshHostsReady, &sshHosts,
                     [&sshHosts](const QList<roce::monitor::SshCollectedHost> &hosts) {
                         sshHosts.start(hosts);
                     });
    QObject::connect(&sshHosts, &roce::monitor::SshCollectorMonitor::updated, &ports,
                     &roce::models::PortTableModel::applyUpdate);
    QObject::connect(&sshHosts, &roce::monitor::SshCollectorMonitor::updated, &events,
                     [&](const roce::monitor::SwitchUpdate &u) {
                         history.ingest(u);
                         events.applyAlerts(alerts.evaluate(u));
                     });
    QObject::connect(&sshHosts, &roce::monitor::SshCollectorMonitor::hostLost, &events,
                     [&](const QString &host, const QString &reason) {
                         events.applyAlerts(alerts.agentUnreachable(
                             host, reason, QDateTime::currentMSecsSinceEpoch()));
                     });
    QObject::connect(&sshHosts, &roce::monitor::SshCollectorMonitor::hostBack, &events,
                     [&](const QString &host) {
                         events.applyAlerts(
                             alerts.agentReachable(host, QDateTime::currentMSecsSinceEpoch()));
                     });
    QObject::connect(&fabric, &roce::app::FabricSession::hostsReady, &agents,
                     [&](const QList<roce::experiments::ExperimentHost> &hosts) {
                         QList<roce::agentproto::AgentEndpoint> endpoints;
                         for (const auto &h : hosts)
                             endpoints.append(h.agent);
                         agents.start(endpoints, 1000);
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
    auto *experiments = new roce::widgets::ExperimentsPanel(&experimentQueue, &history);
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
        [&history, &cabling](const QStringList &hosts, qint64 fromMs, qint64 toMs) {
            return roce::experiments::switchSummary(history, cabling, hosts, fromMs, toMs);
        });
    QObject::connect(&agents, &roce::monitor::AgentMonitor::gidTable, experiments,
                     &roce::widgets::ExperimentsPanel::setGids);
    QObject::connect(&window, &roce::app::MainWindow::scenarioRequested, &fabric,
                     &roce::app::FabricSession::startScenario);
    QObject::connect(&fabric, &roce::app::FabricSession::scenarioStarted, &window,
                     &roce::app::MainWindow::showScenario);
    QObject::connect(
        &fabric, &roce::app::FabricSession::scenarioFailed, &window,
        [&window](const QString &, const QString &message) { window.showFabricProblem(message); });

    // Switching fabric forgets the old one's ports; the history keeps its series by name.
    auto forgetPorts = [&ports] { ports.clear(); };
    QObject::connect(&fabric, &roce::app::FabricSession::demoStarted, &ports, forgetPorts);
    QObject::connect(&fabric, &roce::app::FabricSession::inventoryStarted, &ports, forgetPorts);
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
    // A large simulated leaf/spine fabric: the model's rows straight into the same port table,
    // history and alerts (one agent per NIC over loopback would not fit on this machine).
    roce::sim::LargeFabricFeed largeFabric;
    if (!options.topology.isEmpty()) {
        QObject::connect(&largeFabric, &roce::sim::LargeFabricFeed::fabricReady, &window,
                         [&window, &ports](const roce::models::LeafSpineFabric &f) {
                             window.showLeafSpine(&ports, f);
                         });
        QObject::connect(&largeFabric, &roce::sim::LargeFabricFeed::updated, &ports,
                         &roce::models::PortTableModel::applyUpdate);
        QObject::connect(
            &largeFabric, &roce::sim::LargeFabricFeed::updated, &largeFabric,
            [&history](const roce::monitor::SwitchUpdate &u) { history.ingest(u); },
            Qt::DirectConnection);
        QObject::connect(
            &largeFabric, &roce::sim::LargeFabricFeed::updated, &events,
            [&](const roce::monitor::SwitchUpdate &u) { events.applyAlerts(alerts.evaluate(u)); });
        QObject::connect(&largeFabric, &roce::sim::LargeFabricFeed::failed, &window,
                         &roce::app::MainWindow::showFabricError);
        largeFabric.start(options.topology);
    } else {
        startFabric(fabric, options, inventoryPath, window);
    }
    if (!options.screenshotPath.isEmpty())
        roce::app::scheduleScreenshot(&window, options.screenshotPath, options.screenshotDelayMs);
    return app.exec();
}
