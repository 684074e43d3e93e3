#include "mainwindow.h"

#include "aboutdialog.h"
#include "countercharts.h"
#include "diagnosisview.h"
#include "emptystate.h"
#include "eventlistview.h"
#include "experimentspanel.h"
#include "fabricmappanel.h"
#include "fabricmapview.h"
#include "live/itemmodels/eventlistmodel.h"
#include "live/itemmodels/findingmodel.h"
#include "live/itemmodels/porttablemodel.h"
#include "nxapi/client/nxapiclient.h"
#include "porttableview.h"
#include "replaytimeline.h"
#include "sim/scenarios/faults.h"
#include "sim/scenarios/livescenario.h"
#include "topologyview.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QFileInfo>
#include <QGuiApplication>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUrl>

#include <algorithm>

namespace roce::app {

namespace {
// Bump when the dock set changes so an old saved state is not applied to a new layout.
constexpr int kLayoutVersion = 3;  // 2: the Pingmesh dock; 3: the Diagnosis dock
const auto kGeometryKey = QStringLiteral("mainWindow/geometry");
const auto kStateKey = QStringLiteral("mainWindow/state");

/// The window's size before any saved geometry: most of a large screen (a 1920x1080 monitor
/// shows more port and event rows, not a 1400x900 island in it), 1400x900 where the screen
/// has that much, the whole screen on a smaller one.
QSize firstStartSize()
{
    const QScreen *screen = QGuiApplication::primaryScreen();
    if (!screen)
        return {1400, 900};
    const QSize available = screen->availableGeometry().size();
    return (available * 0.92).expandedTo(QSize(1400, 900)).boundedTo(available);
}

}  // namespace

MainWindow::MainWindow(QSettings &settings, bool restoreSavedLayout, QWidget *parent)
    : QMainWindow(parent), m_settings(settings)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("RoCE Fabric Console"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/roce-console.svg")));
    setDockNestingEnabled(true);
    // The right column runs the window's full height (the cause and the charts); the bottom
    // area holds the ports and the events under the map.
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    resize(firstStartSize());

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
    addPanel(QStringLiteral("diagnosisDock"), tr("Diagnosis"),
             new widgets::EmptyState(tr("Diagnosis"),
                                     tr("The cause behind the symptoms: a stalled NIC, a down or "
                                        "bad link, a switch or host configured wrong, with the "
                                        "evidence and the alerts it explains."),
                                     this),
             Qt::RightDockWidgetArea);
    addPanel(QStringLiteral("pingmeshDock"), tr("Pingmesh"),
             new widgets::EmptyState(tr("Pingmesh"),
                                     tr("Every pair of NICs probed, as a heat map, and the bad "
                                        "NIC, link or port named with its evidence."),
                                     this),
             Qt::RightDockWidgetArea);
    addPanel(QStringLiteral("whatIfDock"), tr("What if"),
             new widgets::EmptyState(tr("What if"),
                                     tr("A QoS change previewed on the fabric's twin, against the "
                                        "fabric now, before it is made."),
                                     this),
             Qt::RightDockWidgetArea);
    // The cause first: the Diagnosis above the charts, the symptoms (events) beside the ports.
    splitDockWidget(dock(QStringLiteral("diagnosisDock")), dock(QStringLiteral("chartsDock")),
                    Qt::Vertical);
    tabifyDockWidget(dock(QStringLiteral("chartsDock")), dock(QStringLiteral("runsDock")));
    tabifyDockWidget(dock(QStringLiteral("runsDock")), dock(QStringLiteral("pingmeshDock")));
    tabifyDockWidget(dock(QStringLiteral("pingmeshDock")), dock(QStringLiteral("whatIfDock")));
    dock(QStringLiteral("chartsDock"))->raise();
    splitDockWidget(dock(QStringLiteral("portsDock")), dock(QStringLiteral("eventsDock")),
                    Qt::Horizontal);
    resizeDocks({dock(QStringLiteral("portsDock")), dock(QStringLiteral("eventsDock"))}, {500, 360},
                Qt::Horizontal);
    resizeDocks({dock(QStringLiteral("chartsDock"))}, {500}, Qt::Horizontal);
    resizeDocks({dock(QStringLiteral("portsDock"))}, {330}, Qt::Vertical);
    resizeDocks({dock(QStringLiteral("diagnosisDock")), dock(QStringLiteral("chartsDock"))},
                {380, 420}, Qt::Vertical);

    createActions();
    createMenus();

    m_scenarioLabel = new QLabel(this);
    m_scenarioLabel->setObjectName(QStringLiteral("scenarioLabel"));
    // Long expectations wrap onto a second line rather than being cut off.
    m_scenarioLabel->setWordWrap(true);
    m_scenarioLabel->setMinimumWidth(200);
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
    // Nothing started yet: the status bar says where to begin.
    if (m_liveScenarioText.isEmpty())
        showScenario(QString());
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
    linkSelection();
}

QScrollArea *MainWindow::runsArea()
{
    // The launchers' form is tall: it scrolls rather than taking the height of the whole right
    // column (its tabs share the Diagnosis' column).
    QDockWidget *runs = dock(QStringLiteral("runsDock"));
    if (auto *area = qobject_cast<QScrollArea *>(runs->widget()))
        return area;
    QWidget *placeholder = runs->widget();
    auto *area = new QScrollArea(runs);
    area->setObjectName(QStringLiteral("runsScrollArea"));
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    runs->setWidget(area);
    if (placeholder)
        area->setWidget(placeholder);
    return area;
}

void MainWindow::showExperiments(widgets::ExperimentsPanel *panel)
{
    QScrollArea *area = runsArea();
    QWidget *old = area->takeWidget();
    area->setWidget(panel);
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
    linkSelection();
}

void MainWindow::linkSelection()
{
    // Every view's pick goes through selectEverywhere(): the map, the table, the charts, the
    // events and the findings show one port.
    if (m_portView)
        connect(m_portView, &widgets::PortTableView::portSelected, this,
                &MainWindow::selectEverywhere, Qt::UniqueConnection);
    if (m_topology)
        connect(m_topology, &widgets::TopologyView::portSelected, this,
                &MainWindow::selectEverywhere, Qt::UniqueConnection);
    if (m_fabricMap)
        connect(m_fabricMap->view(), &widgets::FabricMapView::portSelected, this,
                &MainWindow::selectEverywhere, Qt::UniqueConnection);
    if (m_events)
        connect(m_events, &widgets::EventListView::portSelected, this,
                &MainWindow::selectEverywhere, Qt::UniqueConnection);
    if (m_diagnosis)
        connect(m_diagnosis, &widgets::DiagnosisView::portSelected, this,
                &MainWindow::selectEverywhere, Qt::UniqueConnection);
    if (m_charts && !m_selectedPort.isEmpty())
        m_charts->setPort(m_selectedPort);
}

void MainWindow::selectEverywhere(const QString &port)
{
    if (m_selecting || port.isEmpty())
        return;
    m_selecting = true;
    m_userPicked = m_userPicked || !m_offering;
    m_selectedPort = port;
    if (m_portView)
        m_portView->selectPort(port);
    if (m_charts)
        m_charts->setPort(port);
    if (m_topology)
        m_topology->setSelectedPort(port);
    if (m_fabricMap)
        m_fabricMap->view()->setSelectedPort(port);
    if (m_events)
        m_events->selectPort(port);
    if (m_diagnosis)
        m_diagnosis->selectPort(port);
    m_selecting = false;
}

void MainWindow::showTopology(const models::PortTableModel *rates)
{
    QWidget *old = centralWidget();
    m_topology = new widgets::TopologyView(rates, this);
    m_topology->setMinimumSize(400, 320);
    setCentralWidget(m_topology);
    // The docks grew into the empty centre while it had no map: give the map its room back
    // once the window is laid out.
    QTimer::singleShot(0, this, [this] { giveMapRoom(520); });
    if (old != m_topology)
        old->deleteLater();
    connect(m_topology, &widgets::TopologyView::annotateRequested, this,
            &MainWindow::annotatePortRequested);
    linkSelection();
}

void MainWindow::giveMapRoom(int rightColumnWidth)
{
    // The map takes what the right column and the bottom row (ports and events, about a third
    // of the height) leave; a layout the user made and kept stays as it was.
    if (m_layoutRestored)
        return;
    resizeDocks({dock(QStringLiteral("chartsDock"))}, {rightColumnWidth}, Qt::Horizontal);
    resizeDocks({dock(QStringLiteral("portsDock"))}, {std::max(220, height() / 3)}, Qt::Vertical);
    resizeDocks({dock(QStringLiteral("portsDock")), dock(QStringLiteral("eventsDock"))}, {400, 400},
                Qt::Horizontal);
    resizeDocks({dock(QStringLiteral("diagnosisDock")), dock(QStringLiteral("chartsDock"))},
                {height() * 2 / 5, height() * 3 / 5}, Qt::Vertical);
}

void MainWindow::showLeafSpine(const models::PortTableModel *rates,
                               const models::LeafSpineFabric &fabric)
{
    QWidget *old = centralWidget();
    m_topology = nullptr;
    m_fabricMap = new widgets::FabricMapPanel(rates, this);
    m_fabricMap->setMinimumSize(400, 320);
    setCentralWidget(m_fabricMap);
    if (old)
        old->deleteLater();
    m_fabricMap->setFabric(fabric);
    QTimer::singleShot(0, this, [this] { giveMapRoom(460); });
    m_connectionLabel->setText(tr("Simulated leaf/spine fabric %1: %n servers", nullptr,
                                  static_cast<int>(fabric.hosts.size()))
                                   .arg(fabric.name));
    m_connectionLabel->setToolTip(
        tr("The model's rows go straight to the console (no agent per NIC at this size); it runs "
           "slower than real time, and rates are per simulated second."));
    linkSelection();
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
    QScrollArea *area = runsArea();
    if (area->widget() == panel)
        return nullptr;
    QWidget *old = area->takeWidget();
    if (old) {
        old->hide();
        old->setParent(nullptr);  // handed back, not deleted
    }
    area->setWidget(panel);
    panel->show();
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
    // The status line speaks of the replay, not of the live fabric's last scenario.
    m_scenarioLabel->setText(
        tr("Replaying %1: the scenario and faults are the recording's.").arg(name));
    m_scenarioLabel->setToolTip(m_scenarioLabel->text());
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
    m_scenarioLabel->setText(m_liveScenarioText);
    m_scenarioLabel->setToolTip(m_liveScenarioTip);
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
    m_events = new widgets::EventListView(model, events);
    events->setWidget(m_events);
    delete old;
    linkSelection();
}

void MainWindow::showDiagnosis(models::FindingModel *model)
{
    QDockWidget *d = dock(QStringLiteral("diagnosisDock"));
    QWidget *old = d->widget();
    m_diagnosis = new widgets::DiagnosisView(model, d);
    d->setWidget(m_diagnosis);
    delete old;
    linkSelection();
}

void MainWindow::showSourceFailed(const QString &source, const QString &reason)
{
    statusBar()->showMessage(tr("%1 unreachable, retrying: %2").arg(source, reason), 5000);
}

void MainWindow::showScenario(const QString &name)
{
    // "training+nic-stall:gpu0007/mlx5_1": each part by its title, with its target.
    QStringList titles, expectations;
    QString menuName;
    const QList<sim::LiveScenario> scenarios = sim::liveScenarios();
    for (const QString &part : name.split(QLatin1Char('+'), Qt::SkipEmptyParts)) {
        const QString base = part.section(QLatin1Char(':'), 0, 0);
        const QString target = part.section(QLatin1Char(':'), 1);
        for (const sim::LiveScenario &s : scenarios) {
            if (s.name != base)
                continue;
            titles.append(target.isEmpty() ? s.title : tr("%1 at %2").arg(s.title, target));
            expectations.append(s.expectation);
            menuName = s.name;  // the last part is the fault, if there is one
        }
    }
    if (titles.isEmpty())
        titles.append(name);
    const bool idle = name.isEmpty() || name == QLatin1String("idle");
    const QString text = idle
        ? tr("Idle fabric: pick a load or a fault from the Scenario menu "
             "(an incast, training, a stalled NIC...) and watch the map, "
             "the Diagnosis and the Events.")
        : tr("Scenario: %1. %2")
              .arg(titles.join(QLatin1String(" + ")), expectations.join(QLatin1Char(' ')));
    const QString tip = expectations.isEmpty() ? text : expectations.join(QLatin1Char('\n'));
    m_scenarioLabel->setText(text);
    m_scenarioLabel->setToolTip(tip);
    if (isReplay())
        return;  // the recording's scenario: the live one's text and menu stay as they were
    m_liveScenarioText = text;
    m_liveScenarioTip = tip;
    if (m_scenarioActions) {
        for (QAction *a : m_scenarioActions->actions())
            a->setChecked(a->objectName()
                          == QStringLiteral("scenario:")
                              + (idle ? QStringLiteral("idle") : menuName));
    }
    // The next seconds show where it happens: the hottest port once counters move, its cause
    // once the diagnosis names one.
    m_followHottestUntilMs = idle ? 0 : QDateTime::currentMSecsSinceEpoch() + 12000;
}

void MainWindow::showFindings(const QList<diagnosis::Finding> &findings)
{
    if (m_topology)
        m_topology->setFindings(findings);
    if (m_fabricMap)
        m_fabricMap->view()->setFindings(findings);
}

bool MainWindow::wantsHottestPort() const
{
    return !m_userPicked || QDateTime::currentMSecsSinceEpoch() < m_followHottestUntilMs;
}

void MainWindow::offerHottestPort(const QString &port)
{
    if (!wantsHottestPort() || port.isEmpty() || port == m_selectedPort)
        return;
    m_offering = true;
    selectEverywhere(port);
    m_offering = false;
}

bool MainWindow::selectPort(const QString &port)
{
    selectEverywhere(port);
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
    setPanel(QStringLiteral("pingmeshDock"), panel);
}

void MainWindow::raisePingmesh()
{
    raisePanel(QStringLiteral("pingmeshDock"));
}

void MainWindow::showWhatIf(QWidget *panel)
{
    setPanel(QStringLiteral("whatIfDock"), panel);
}

void MainWindow::raiseWhatIf()
{
    raisePanel(QStringLiteral("whatIfDock"));
    // The change and its table need room: most of the right column's height (once the
    // window is laid out, should it be raised at start).
    QTimer::singleShot(0, this, [this] {
        QDockWidget *whatIf = dock(QStringLiteral("whatIfDock"));
        if (!whatIf->isFloating() && dockWidgetArea(whatIf) == Qt::RightDockWidgetArea)
            resizeDocks({dock(QStringLiteral("diagnosisDock")), whatIf}, {height() / 8, height()},
                        Qt::Vertical);
    });
}

void MainWindow::setPanel(const QString &objectName, QWidget *content)
{
    QDockWidget *d = dock(objectName);
    QWidget *old = d->widget();
    d->setWidget(content);
    delete old;
}

void MainWindow::raisePanel(const QString &objectName)
{
    QDockWidget *d = dock(objectName);
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
    QAction *whatIf = fabric->addAction(tr("&What if..."));
    whatIf->setObjectName(QStringLiteral("whatIfAction"));
    whatIf->setStatusTip(tr("Preview a QoS change on the fabric's twin before making it."));
    connect(whatIf, &QAction::triggered, this, &MainWindow::raiseWhatIf);
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
    // The running one is checked (showScenario()).
    m_scenarioActions = new QActionGroup(this);
    m_scenarioActions->setExclusive(true);
    for (const sim::LiveScenario &live : sim::liveScenarios()) {
        QAction *a = scenarios->addAction(live.title);
        a->setObjectName(QStringLiteral("scenario:") + live.name);
        a->setToolTip(live.expectation);
        a->setStatusTip(live.expectation);
        a->setCheckable(true);
        m_scenarioActions->addAction(a);
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
        m_layoutRestored = restoreState(state, kLayoutVersion);
}

}  // namespace roce::app
