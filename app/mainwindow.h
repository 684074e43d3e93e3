#pragma once

#include <QMainWindow>
#include <QPointer>

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QScrollArea;
class QSettings;
class QToolBar;
class QUrl;

namespace roce::models {
class EventListModel;
class FindingModel;
class PortTableModel;
}  // namespace roce::models
namespace roce::nxapi {
struct NxapiError;
}
namespace roce::store {
class CounterStore;
class RangeHistory;
}  // namespace roce::store
namespace roce::widgets {
class CounterCharts;
class DiagnosisView;
class EventListView;
class FabricMapPanel;
class ExperimentsPanel;
class PortTableView;
class ReplayTimeline;
class TopologyView;
}  // namespace roce::widgets
namespace roce::models {
struct FabricLayout;
struct LeafSpineFabric;
}  // namespace roce::models
namespace roce::diagnosis {
struct Finding;
}

namespace roce::app {

/// The console's main window: the topology map in the centre, docks for the port table,
/// counter charts, experiment runs and the event list around it. The layout (geometry, dock
/// positions, visibility) is persisted in QSettings and restored at the next start.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    /// @p settings must outlive the window; the window reads its layout from it and writes
    /// it back when closed.
    explicit MainWindow(QSettings &settings, bool restoreSavedLayout = true,
                        QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Dock by object name: "portsDock", "chartsDock", "runsDock", "eventsDock",
    /// "diagnosisDock", "pingmeshDock", "whatIfDock".
    QDockWidget *dock(const QString &objectName) const;

public slots:
    void showAbout();
    /// Status bar: the embedded simulated fabric runs at @p nxapiUrl with @p hosts agents.
    void showEmbeddedFabric(const QUrl &nxapiUrl, int hosts);
    /// Status bar and a message box: the fabric could not be started.
    void showFabricError(const QString &message);
    /// Status bar: the console watches the inventory's fabric.
    void showInventoryFabric(int servers, bool hasSwitch);
    /// A problem with the configured fabric the user must fix (a missing token, no keychain):
    /// a message box that does not block the console.
    void showFabricProblem(const QString &message);
    /// Puts the live port table (over @p model) into the Ports dock.
    void showPorts(roce::models::PortTableModel *model);
    /// Puts the rate charts of the selected port (history from @p store) into the Counters dock.
    void showCharts(const roce::store::CounterStore *store);
    /// Puts the topology map (links styled from @p rates) in the centre.
    void showTopology(const roce::models::PortTableModel *rates);
    /// The map draws this fabric.
    void setFabricLayout(const roce::models::FabricLayout &layout);
    /// A leaf/spine fabric: the layered map (aggregated, searchable, zoomable) replaces the
    /// single-switch map in the centre.
    void showLeafSpine(const roce::models::PortTableModel *rates,
                       const roce::models::LeafSpineFabric &fabric);
    /// An inventory's leaf/spine fabric as its LLDP shows it, on the layered map (redrawn in
    /// place when the cabling changes).
    void showInventoryLeafSpine(const roce::models::PortTableModel *rates,
                                const roce::models::LeafSpineFabric &fabric);
    /// Puts the experiments panel (launcher, results, matrix, training) into the Experiments
    /// dock.
    void showExperiments(roce::widgets::ExperimentsPanel *panel);
    /// Puts the event list (over @p model) into the Events dock.
    void showEvents(roce::models::EventListModel *model);
    /// Puts the diagnosis's findings (over @p model) into the Diagnosis dock.
    void showDiagnosis(roce::models::FindingModel *model);
    /// One selection for every view: the map, the port table, the charts, the events and the
    /// findings show @p port (a port or NIC id). Views report the user's picks through it.
    void selectEverywhere(const QString &port);
    /// The port every view shows ("" before the first selection).
    QString selectedPort() const { return m_selectedPort; }
    /// The maps mark what the diagnosis names (the active findings).
    void showFindings(const QList<roce::diagnosis::Finding> &findings);
    /// @p port is the hottest now (most drops, pauses or marks): it becomes the selection
    /// while nothing is selected yet, and for a few seconds after a scenario starts.
    void offerHottestPort(const QString &port);
    /// Whether offerHottestPort() would select now (callers skip finding the hottest else).
    bool wantsHottestPort() const;
    /// Status bar: a switch, agent or SSH-read host failed (it is retried with backoff).
    void showSourceFailed(const QString &source, const QString &reason);
    /// Status bar: live scenario @p name runs; says what to watch.
    void showScenario(const QString &name);
    void resetLayout();
    /// Replay mode, unmistakable: an amber banner across the top (the file, when it was
    /// recorded, Back to live), "[Replay]" in the title, the status bar, and @p timeline at
    /// the bottom. The views are pointed at the replay by the caller.
    void showReplay(const QString &file, qint64 recordedMs,
                    roce::widgets::ReplayTimeline *timeline);
    /// Back to live: the banner and the timeline go.
    void showLive();
    /// The recorder's state in the status bar ("● REC 312 MB kept").
    void showRecordingState(const QString &text);
    /// How fast the simulated fabric runs, in the status bar ("Model 1.00x real time").
    void showSimulationPace(double realTimeFactor);
    /// The charts read history beyond the console's memory from @p history (a metrics
    /// store); nullptr: the console's memory alone.
    void setRangeHistory(roce::store::RangeHistory *history);
    /// Selects @p port in every view (selectEverywhere()); false until the port table has that
    /// row.
    bool selectPort(const QString &port);
    /// Status bar: the fleet is read from the metrics store @p store.
    void showFleetStore(const QString &store, int switches, int hosts);
    /// Status bar: how long the store took to answer the last refresh, how many ports.
    void showFleetRefresh(qint64 elapsedMs, int ports, int intervalMs);
    /// Puts @p panel (the pingmesh's matrix and verdicts) into the Pingmesh dock.
    void showPingmesh(QWidget *panel);
    /// Fabric > Pingmesh: shows the Pingmesh dock in front.
    void raisePingmesh();
    /// Puts @p panel (the what-if preview) into the What if dock.
    void showWhatIf(QWidget *panel);
    /// Fabric > What if: shows the What if dock in front.
    void raiseWhatIf();

public:
    bool isReplay() const { return m_replayBar != nullptr; }
    widgets::CounterCharts *charts() const { return m_charts; }
    /// Puts @p panel into the Experiments dock and hands back the one it replaces (not
    /// deleted: a replay's jobs view and the experiments panel take turns).
    QWidget *replaceRunsPanel(QWidget *panel);

signals:
    /// File > Open recording... / Replay recent history (the recordings directory).
    void openRecordingRequested();
    void replayHistoryRequested();
    /// File > Save clip... (replay only).
    void saveClipRequested();
    /// File > Back to live, or the banner's button.
    void backToLiveRequested();
    /// File > Recording settings...
    void recordingSettingsRequested();
    /// A port of the map asked to be annotated (right click).
    void annotatePortRequested(const QString &port);
    /// The user picked a live scenario from the Scenario menu.
    void scenarioRequested(const QString &name);
    /// Fabric > Inventory...
    void inventoryRequested();
    /// Fabric > Demo fabric.
    void demoRequested();
    /// Fabric > Connect to Prometheus...
    void prometheusRequested();
    /// Fabric > Stream hosts directly...
    void directStreamRequested();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void giveMapRoom(int rightColumnWidth);
    QScrollArea *runsArea();
    /// Replaces dock @p objectName's content with @p content (the old one is deleted).
    void setPanel(const QString &objectName, QWidget *content);
    void raisePanel(const QString &objectName);
    QDockWidget *addPanel(const QString &objectName, const QString &title, QWidget *content,
                          Qt::DockWidgetArea area);
    void createActions();
    void createMenus();
    void saveLayout();
    void restoreLayout();

    QSettings &m_settings;
    QByteArray m_defaultState;
    QList<QDockWidget *> m_docks;
    QLabel *m_connectionLabel = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_resetLayoutAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_aboutQtAction = nullptr;
    QLabel *m_scenarioLabel = nullptr;
    QLabel *m_recordingLabel = nullptr;
    QLabel *m_paceLabel = nullptr;
    QToolBar *m_replayBar = nullptr;
    QToolBar *m_timelineBar = nullptr;
    QAction *m_saveClipAction = nullptr;
    QAction *m_backToLiveAction = nullptr;
    QString m_liveConnectionText, m_liveConnectionToolTip;
    void setConnectionText(const QString &text, const QString &toolTip);
    widgets::PortTableView *m_portView = nullptr;
    widgets::CounterCharts *m_charts = nullptr;
    const store::CounterStore *m_history = nullptr;
    QPointer<store::RangeHistory> m_rangeHistory;
    widgets::TopologyView *m_topology = nullptr;
    widgets::FabricMapPanel *m_fabricMap = nullptr;
    widgets::EventListView *m_events = nullptr;
    widgets::DiagnosisView *m_diagnosis = nullptr;
    QString m_selectedPort;
    bool m_selecting = false;           ///< selectEverywhere() runs: views' echoes are not picks
    qint64 m_followHottestUntilMs = 0;  ///< after a scenario starts, the hottest port is shown
    bool m_layoutRestored = false;
    bool m_userPicked = false;  ///< the user chose a port: it is not moved for them
    bool m_offering = false;    ///< offerHottestPort() selects: not the user's pick
    QActionGroup *m_scenarioActions = nullptr;
    QString m_liveScenarioText, m_liveScenarioTip;
    /// Connects every view's pick to selectEverywhere() (once per view).
    void linkSelection();
};

}  // namespace roce::app
