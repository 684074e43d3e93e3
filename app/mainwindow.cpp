#include "mainwindow.h"

#include "aboutdialog.h"
#include "countercharts.h"
#include "emptystate.h"
#include "eventlistview.h"
#include "experimentspanel.h"
#include "fabricmappanel.h"
#include "fabricmapview.h"
#include "live/itemmodels/eventlistmodel.h"
#include "live/itemmodels/porttablemodel.h"
#include "nxapi/client/nxapiclient.h"
#include "porttableview.h"
#include "replaytimeline.h"
#include "sim/scenarios/livescenario.h"
#include "topologyview.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QFileInfo>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUrl>

namespace roce::app {

namespace {
// Bump when the dock set changes so an old saved state is not applied to a new layout.
constexpr int kLayoutVersion = 2;  // 2: the Pingmesh dock
const auto kGeometryKey = QStringLiteral("mainWindow/geometry");
const auto kStateKey = QStringLiteral("mainWindow/state");
}  // namespace

MainWindow::MainWindow(QSettings &settings, bool restoreSavedLayout, QWidget *parent)
    : QMainWindow(parent), m_settings(settings)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("RoCE Fabric Console"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/roce-console.svg")));
    setDockNestingEnabled(true);
    resize(1400, 900);

    setCentralWidget(new widgets::EmptyState(
        tr("Topology map"),
        tr("Switches, hypervisor hosts, servers and NICs appear here with their links, drawn "
           "by utilization, once a fabric is connected."),
        this));

    addPanel(QStringLiteral("portsDock"), tr("Ports"),
             new widgets::EmptyState(tr("Port table"),
                                     tr("Every switch and NIC port with utilization, drops, "
                                        "pauses, ECN and CNP rates."),
                                     this),
             Qt::BottomDockWidgetArea);
    addPanel(QStringLiteral("chartsDock"), tr("Counters"),
             new widgets::EmptyState(tr("Counter charts"),
                                     tr("Utilization, MMU drops, pause frames and ECN/CNP rates "
                                        "of the selection on one time axis."),
                                     this),
             Qt::RightDockWidgetArea);
    addPanel(QStringLiteral("runsDock"), tr("Experiments"),
             new widgets::EmptyState(tr("Experiments"),
                                     tr("Bandwidth, latency and training runs with their results "
                                        "side by side."),
                                     this),
             Qt::RightDockWidgetArea);
    addPanel(QStringLiteral("eventsDock"), tr("Events"),
             new widgets::EmptyState(tr("Events"),
                                     tr("Alerts such as drops on a lossless class, pause storms "
                                        "or unreachable agents, each with what to check."),
                                     this),
             Qt::BottomDockWidgetArea);
    addPanel(QStringLiteral("pingmeshDock"), tr("Pingmesh"),
             new widgets::EmptyState(tr("Pingmesh"),
                                     tr("Every pair of NICs probed, as a heat map, and the bad "
                                        "NIC, link or port named with its evidence."),
                                     this),
             Qt::RightDockWidgetArea);
    tabifyDockWidget(dock(QStringLiteral("chartsDock")), dock(QStringLiteral("runsDock")));
    tabifyDockWidget(dock(QStringLiteral("runsDock")), dock(QStringLiteral("pingmeshDock")));
    dock(QStringLiteral("chartsDock"))->raise();
    splitDockWidget(dock(QStringLiteral("portsDock")), dock(QStringLiteral("eventsDock")),
                    Qt::Horizontal);
    resizeDocks({dock(QStringLiteral("portsDock")), dock(QStringLiteral("eventsDock"))},
                {1060, 340}, Qt::Horizontal);
    resizeDocks({dock(QStringLiteral("chartsDock"))}, {520}, Qt::Horizontal);
    resizeDocks({dock(QStringLiteral("portsDock"))}, {300}, Qt::Vertical);

    createActions();
    createMenus();

    m_scenarioLabel = new QLabel(this);
    m_scenarioLabel->setObjectName(QStringLiteral("scenarioLabel"));
    statusBar()->addWidget(m_scenarioLabel, 1);
    m_recordingLabel = new QLabel(this);
    m_recordingLabel->setObjectName(QStringLiteral("recordingLabel"));
    statusBar()->addPermanentWidget(m_recordingLabel);
    m_paceLabel = new QLabel(this);
    m_paceLabel->setObjectName(QStringLiteral("simulationPaceLabel"));
    m_paceLabel->setToolTip(tr("Simulated seconds per wall-clock second: below 1 the model "
                               "runs slower than real time and rates are per simulated second."));
    m_paceLabel->hide();
    statusBar()->addPermanentWidget(m_paceLabel);
    m_connectionLabel = new QLabel(tr("No fabric connected"), this);
    m_connectionLabel->setObjectName(QStringLiteral("connectionLabel"));
    statusBar()->addPermanentWidget(m_connectionLabel);

    m_defaultState = saveState(kLayoutVersion);
    if (restoreSavedLayout)
        restoreLayout();
}

MainWindow::~MainWindow() = default;

void MainWindow::showEmbeddedFabric(const QUrl &nxapiUrl, int hosts)
{
    setConnectionText(
        tr("Simulated fabric: NX-API %1, agents: %2").arg(nxapiUrl.toString()).arg(hosts),
        tr("The embedded simulated fabric (8 servers, one Nexus) runs because no inventory is "
           "configured. Any NX-API client can talk to its switch at %1.")
            .arg(nxapiUrl.toString()));
}

void MainWindow::showFabricError(const QString &message)
{
    m_connectionLabel->setText(tr("Simulated fabric failed"));
    m_connectionLabel->setToolTip(message);
    QMessageBox::warning(this, tr("Simulated fabric"),
                         tr("The embedded simulated fabric could not start: %1").arg(message));
}

void MainWindow::showInventoryFabric(int servers, bool hasSwitch)
{
    setConnectionText(hasSwitch ? tr("Inventory: one switch, %n server(s)", nullptr, servers)
                                : tr("Inventory: no switch, %n server(s)", nullptr, servers),
                      tr("The console watches the fabric of its inventory (Fabric > "
                         "Inventory...)."));
}

void MainWindow::showFabricProblem(const QString &message)
{
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Fabric"), message, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("fabricProblemBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::showPorts(models::PortTableModel *model)
{
    QDockWidget *ports = dock(QStringLiteral("portsDock"));
    QWidget *old = ports->widget();
    m_portView = new widgets::PortTableView(model, ports);
    if (m_history)
        m_portView->setHistory(m_history);
    ports->setWidget(m_portView);
    delete old;
    linkSelectionToCharts();
}

void MainWindow::showExperiments(widgets::ExperimentsPanel *panel)
{
    QDockWidget *runs = dock(QStringLiteral("runsDock"));
    QWidget *old = runs->widget();
    runs->setWidget(panel);
    delete old;
}

void MainWindow::showCharts(const store::CounterStore *store)
{
    QDockWidget *charts = dock(QStringLiteral("chartsDock"));
    QWidget *old = charts->widget();
    m_charts = new widgets::CounterCharts(store, charts);
    m_charts->setRangeHistory(m_rangeHistory);
    m_history = store;
    if (m_portView)
        m_portView->setHistory(store);
    charts->setWidget(m_charts);
    delete old;
    linkSelectionToCharts();
}

void MainWindow::linkSelectionToCharts()
{
    // The port table and the map drive the charts: select a port, see its history.
    if (m_portView && m_charts)
        connect(m_portView, &widgets::PortTableView::portSelected, m_charts,
                &widgets::CounterCharts::setPort, Qt::UniqueConnection);
    if (m_topology && m_charts)
        connect(m_topology, &widgets::TopologyView::portSelected, m_charts,
                &widgets::CounterCharts::setPort, Qt::UniqueConnection);
}

void MainWindow::showTopology(const models::PortTableModel *rates)
{
    QWidget *old = centralWidget();
    m_topology = new widgets::TopologyView(rates, this);
    m_topology->setMinimumWidth(400);
    setCentralWidget(m_topology);
    // The docks grew into the empty centre while it had no map: give the map its width back
    // once the window is laid out.
    QTimer::singleShot(0, this, [this] {
        resizeDocks({dock(QStringLiteral("chartsDock"))}, {520}, Qt::Horizontal);
    });
    if (old != m_topology)
        old->deleteLater();
    connect(m_topology, &widgets::TopologyView::annotateRequested, this,
            &MainWindow::annotatePortRequested);
    linkSelectionToCharts();
}

void MainWindow::showLeafSpine(const models::PortTableModel *rates,
                               const models::LeafSpineFabric &fabric)
{
    QWidget *old = centralWidget();
    m_topology = nullptr;
    m_fabricMap = new widgets::FabricMapPanel(rates, this);
    m_fabricMap->setMinimumWidth(400);
    setCentralWidget(m_fabricMap);
    if (old)
        old->deleteLater();
    m_fabricMap->setFabric(fabric);
    QTimer::singleShot(0, this, [this] {
        resizeDocks({dock(QStringLiteral("chartsDock"))}, {460}, Qt::Horizontal);
    });
    m_connectionLabel->setText(tr("Simulated leaf/spine fabric %1: %n servers", nullptr,
                                  static_cast<int>(fabric.hosts.size()))
                                   .arg(fabric.name));
    m_connectionLabel->setToolTip(
        tr("The model's rows go straight to the console (no agent per NIC at this size); it runs "
           "slower than real time, and rates are per simulated second."));
    if (m_charts)
        connect(m_fabricMap->view(), &widgets::FabricMapView::portSelected, m_charts,
                &widgets::CounterCharts::setPort);
}

void MainWindow::showInventoryLeafSpine(const models::PortTableModel *rates,
                                        const models::LeafSpineFabric &fabric)
{
    if (m_fabricMap && centralWidget() == m_fabricMap) {
        m_fabricMap->setFabric(fabric);
    } else {
        showLeafSpine(rates, fabric);
    }
    m_connectionLabel->setText(tr("Inventory: %1 spines, %2 leaves, %n servers (placed by LLDP)",
                                  nullptr, static_cast<int>(fabric.hosts.size()))
                                   .arg(fabric.spines.size())
                                   .arg(fabric.leaves.size()));
    m_connectionLabel->setToolTip(
        tr("Every switch of the inventory polled over NX-API, every agent streamed; the map is "
           "drawn from the switches' LLDP neighbours."));
}

void MainWindow::setFabricLayout(const models::FabricLayout &layout)
{
    if (m_topology)
        m_topology->setFabric(layout);
}

QWidget *MainWindow::replaceRunsPanel(QWidget *panel)
{
    QDockWidget *runs = dock(QStringLiteral("runsDock"));
    QWidget *old = runs->widget();
    if (old == panel)
        return nullptr;
    if (old) {
        old->hide();
        old->setParent(nullptr);  // handed back, not deleted
    }
    runs->setWidget(panel);
    return old;
}

void MainWindow::showReplay(const QString &file, qint64 recordedMs,
                            widgets::ReplayTimeline *timeline)
{
    showLive();
    m_liveConnectionText = m_connectionLabel->text();
    m_liveConnectionToolTip = m_connectionLabel->toolTip();
    const QString name = QFileInfo(file).fileName();
    m_replayBar = new QToolBar(tr("Replay"), this);
    m_replayBar->setObjectName(QStringLiteral("replayBanner"));
    m_replayBar->setMovable(false);
    m_replayBar->setFloatable(false);
    m_replayBar->setStyleSheet(QStringLiteral("QToolBar { background: #f5b400; border: 0; } "
                                              "QLabel { color: #1a1a1a; font-weight: bold; }"));
    auto *banner = new QLabel(
        tr("REPLAY — %1 — recorded %2. Every view shows the recording; the live fabric is still "
           "watched and recorded.")
            .arg(name,
                 QLocale().toString(QDateTime::fromMSecsSinceEpoch(recordedMs),
                                    QLocale::ShortFormat)),
        m_replayBar);
    banner->setObjectName(QStringLiteral("replayBannerText"));
    banner->setContentsMargins(8, 4, 8, 4);
    m_replayBar->addWidget(banner);
    auto *spacer = new QWidget(m_replayBar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_replayBar->addWidget(spacer);
    m_replayBar->addAction(m_backToLiveAction);
    addToolBarBreak(Qt::TopToolBarArea);
    addToolBar(Qt::TopToolBarArea, m_replayBar);
    m_timelineBar = new QToolBar(tr("Timeline"), this);
    m_timelineBar->setObjectName(QStringLiteral("timelineBar"));
    m_timelineBar->setMovable(false);
    m_timelineBar->setFloatable(false);
    timeline->setParent(m_timelineBar);
    m_timelineBar->addWidget(timeline);
    addToolBar(Qt::BottomToolBarArea, m_timelineBar);
    // Created after the window was shown: they are shown explicitly.
    m_replayBar->show();
    m_timelineBar->show();
    m_saveClipAction->setEnabled(true);
    m_backToLiveAction->setEnabled(true);
    setWindowTitle(tr("[Replay] %1 — RoCE Fabric Console").arg(name));
    m_connectionLabel->setText(tr("Replaying %1").arg(name));
    m_connectionLabel->setToolTip(file);
    timeline->setFocus();
}

void MainWindow::showLive()
{
    if (!m_replayBar)
        return;
    removeToolBar(m_replayBar);
    removeToolBar(m_timelineBar);
    m_replayBar->deleteLater();
    m_timelineBar->deleteLater();
    m_replayBar = m_timelineBar = nullptr;
    m_saveClipAction->setEnabled(false);
    m_backToLiveAction->setEnabled(false);
    setWindowTitle(tr("RoCE Fabric Console"));
    m_connectionLabel->setText(m_liveConnectionText);
    m_connectionLabel->setToolTip(m_liveConnectionToolTip);
}

void MainWindow::setConnectionText(const QString &text, const QString &toolTip)
{
    // During a replay the label says so; the live fabric's state waits for Back to live.
    if (isReplay()) {
        m_liveConnectionText = text;
        m_liveConnectionToolTip = toolTip;
        return;
    }
    m_connectionLabel->setText(text);
    m_connectionLabel->setToolTip(toolTip);
}

void MainWindow::showRecordingState(const QString &text)
{
    m_recordingLabel->setText(text);
}

void MainWindow::showSimulationPace(double realTimeFactor)
{
    m_paceLabel->setText(tr("Model %1x real time").arg(realTimeFactor, 0, 'f', 2));
    m_paceLabel->show();
}

void MainWindow::showEvents(models::EventListModel *model)
{
    QDockWidget *events = dock(QStringLiteral("eventsDock"));
    QWidget *old = events->widget();
    events->setWidget(new widgets::EventListView(model, events));
    delete old;
}

void MainWindow::showSourceFailed(const QString &source, const QString &reason)
{
    statusBar()->showMessage(tr("%1 unreachable, retrying: %2").arg(source, reason), 5000);
}

void MainWindow::showScenario(const QString &name)
{
    for (const sim::LiveScenario &s : sim::liveScenarios()) {
        if (s.name == name) {
            m_scenarioLabel->setText(tr("Scenario: %1. %2").arg(s.title, s.expectation));
            m_scenarioLabel->setToolTip(s.expectation);
        }
    }
}

bool MainWindow::selectPort(const QString &port)
{
    return m_portView && m_portView->selectPort(port);
}

void MainWindow::setRangeHistory(store::RangeHistory *history)
{
    m_rangeHistory = history;
    if (m_charts)
        m_charts->setRangeHistory(history);
}

void MainWindow::showFleetStore(const QString &store, int switches, int hosts)
{
    setConnectionText(
        tr("Fleet from %1: %2 switches, %3 hosts").arg(store).arg(switches).arg(hosts),
        tr("Switches, hosts, rates and history are read from the metrics store %1; "
           "nothing is polled directly.")
            .arg(store));
}

void MainWindow::showFleetRefresh(qint64 elapsedMs, int ports, int intervalMs)
{
    m_paceLabel->setText(tr("Store %1 s, %2 ports, every %3 s")
                             .arg(QLocale().toString(double(elapsedMs) / 1000, 'f', 2))
                             .arg(QLocale().toString(ports))
                             .arg(QLocale().toString(double(intervalMs) / 1000, 'f', 0)));
    m_paceLabel->setToolTip(tr("How long the metrics store took to answer the last refresh of "
                               "the present, and how often it is refreshed (its scrape "
                               "interval)."));
    m_paceLabel->show();
}

void MainWindow::showPingmesh(QWidget *panel)
{
    QDockWidget *d = dock(QStringLiteral("pingmeshDock"));
    QWidget *old = d->widget();
    d->setWidget(panel);
    delete old;
}

void MainWindow::raisePingmesh()
{
    QDockWidget *d = dock(QStringLiteral("pingmeshDock"));
    d->show();
    d->raise();
}

QDockWidget *MainWindow::dock(const QString &objectName) const
{
    for (QDockWidget *d : m_docks) {
        if (d->objectName() == objectName)
            return d;
    }
    return nullptr;
}

QDockWidget *MainWindow::addPanel(const QString &objectName, const QString &title, QWidget *content,
                                  Qt::DockWidgetArea area)
{
    auto *d = new QDockWidget(title, this);
    d->setObjectName(objectName);
    d->setWidget(content);
    d->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable
                   | QDockWidget::DockWidgetFloatable);
    addDockWidget(area, d);
    m_docks.append(d);
    return d;
}

void MainWindow::createActions()
{
    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setObjectName(QStringLiteral("quitAction"));
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_resetLayoutAction = new QAction(tr("&Reset Layout"), this);
    m_resetLayoutAction->setObjectName(QStringLiteral("resetLayoutAction"));
    connect(m_resetLayoutAction, &QAction::triggered, this, &MainWindow::resetLayout);

    m_aboutAction = new QAction(tr("&About RoCE Fabric Console"), this);
    m_aboutAction->setObjectName(QStringLiteral("aboutAction"));
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);

    m_aboutQtAction = new QAction(tr("About &Qt"), this);
    m_aboutQtAction->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    QAction *open = file->addAction(tr("&Open recording..."));
    open->setObjectName(QStringLiteral("openRecordingAction"));
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Replay a recording: every view shows it, with a timeline."));
    connect(open, &QAction::triggered, this, &MainWindow::openRecordingRequested);
    QAction *history = file->addAction(tr("Replay recent &history"));
    history->setObjectName(QStringLiteral("replayHistoryAction"));
    history->setStatusTip(tr("Replay what the console recorded (the kept hours)."));
    connect(history, &QAction::triggered, this, &MainWindow::replayHistoryRequested);
    m_saveClipAction = file->addAction(tr("Save &clip..."));
    m_saveClipAction->setObjectName(QStringLiteral("saveClipAction"));
    m_saveClipAction->setStatusTip(tr("Save the timeline's selection (or the whole replay) as a "
                                      "new recording."));
    m_saveClipAction->setEnabled(false);
    connect(m_saveClipAction, &QAction::triggered, this, &MainWindow::saveClipRequested);
    m_backToLiveAction = file->addAction(tr("&Back to live"));
    m_backToLiveAction->setObjectName(QStringLiteral("backToLiveAction"));
    m_backToLiveAction->setEnabled(false);
    connect(m_backToLiveAction, &QAction::triggered, this, &MainWindow::backToLiveRequested);
    file->addSeparator();
    QAction *settings = file->addAction(tr("&Recording settings..."));
    settings->setObjectName(QStringLiteral("recordingSettingsAction"));
    connect(settings, &QAction::triggered, this, &MainWindow::recordingSettingsRequested);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu *fabric = menuBar()->addMenu(tr("F&abric"));
    fabric->setObjectName(QStringLiteral("fabricMenu"));
    QAction *inventory = fabric->addAction(tr("&Inventory..."));
    inventory->setObjectName(QStringLiteral("inventoryAction"));
    inventory->setStatusTip(tr("The switch and servers to watch, their secrets in the keychain."));
    connect(inventory, &QAction::triggered, this, &MainWindow::inventoryRequested);
    QAction *prometheus = fabric->addAction(tr("Connect to &Prometheus..."));
    prometheus->setObjectName(QStringLiteral("prometheusAction"));
    prometheus->setStatusTip(tr("Read the fleet from a Prometheus-compatible store (Prometheus, "
                                "Thanos, VictoriaMetrics, Mimir) instead of polling it."));
    connect(prometheus, &QAction::triggered, this, &MainWindow::prometheusRequested);
    QAction *direct = fabric->addAction(tr("&Stream hosts directly..."));
    direct->setObjectName(QStringLiteral("directStreamAction"));
    direct->setStatusTip(tr("While the fleet is read from a metrics store: follow up to 32 hosts "
                            "through their agents' own 1 s stream."));
    connect(direct, &QAction::triggered, this, &MainWindow::directStreamRequested);
    QAction *pingmesh = fabric->addAction(tr("Ping&mesh"));
    pingmesh->setObjectName(QStringLiteral("pingmeshAction"));
    pingmesh->setStatusTip(tr("Probe every pair of NICs and name the bad NIC, link or port."));
    connect(pingmesh, &QAction::triggered, this, &MainWindow::raisePingmesh);
    QAction *demo = fabric->addAction(tr("&Demo fabric"));
    demo->setObjectName(QStringLiteral("demoAction"));
    demo->setStatusTip(tr("Watch the embedded simulated fabric (8 servers, one Nexus)."));
    connect(demo, &QAction::triggered, this, &MainWindow::demoRequested);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    auto *toolbar = addToolBar(tr("Panels"));
    toolbar->setObjectName(QStringLiteral("panelsToolBar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    for (QDockWidget *d : std::as_const(m_docks)) {
        QAction *toggle = d->toggleViewAction();
        toggle->setObjectName(d->objectName() + QStringLiteral("Toggle"));
        view->addAction(toggle);
        toolbar->addAction(toggle);
    }
    view->addSeparator();
    view->addAction(toolbar->toggleViewAction());
    view->addAction(m_resetLayoutAction);

    // Live scenarios of the simulated fabric, each saying what to watch.
    QMenu *scenarios = menuBar()->addMenu(tr("&Scenario"));
    scenarios->setObjectName(QStringLiteral("scenarioMenu"));
    scenarios->setToolTipsVisible(true);
    toolbar->addSeparator();
    for (const sim::LiveScenario &live : sim::liveScenarios()) {
        QAction *a = scenarios->addAction(live.title);
        a->setObjectName(QStringLiteral("scenario:") + live.name);
        a->setToolTip(live.expectation);
        a->setStatusTip(live.expectation);
        const QString name = live.name;
        connect(a, &QAction::triggered, this, [this, name] { emit scenarioRequested(name); });
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_aboutAction);
    help->addAction(m_aboutQtAction);
}

void MainWindow::showAbout()
{
    AboutDialog dialog(this);
    dialog.exec();
}

void MainWindow::resetLayout()
{
    restoreState(m_defaultState, kLayoutVersion);
    for (QDockWidget *d : std::as_const(m_docks)) {
        d->setFloating(false);
        d->show();
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveLayout();
    event->accept();
}

void MainWindow::saveLayout()
{
    m_settings.setValue(kGeometryKey, saveGeometry());
    m_settings.setValue(kStateKey, saveState(kLayoutVersion));
    m_settings.sync();
}

void MainWindow::restoreLayout()
{
    const QByteArray geometry = m_settings.value(kGeometryKey).toByteArray();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    const QByteArray state = m_settings.value(kStateKey).toByteArray();
    // restoreState() rejects a state saved by another layout version and keeps the default.
    if (!state.isEmpty())
        restoreState(state, kLayoutVersion);
}

}  // namespace roce::app
