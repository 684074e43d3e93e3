#pragma once

#include "collect/history/counterstore.h"
#include "collect/monitor/agentmonitor.h"
#include "collect/monitor/alerts.h"
#include "collect/monitor/sshcollectormonitor.h"
#include "collect/monitor/switchmonitor.h"
#include "collect/pingmesh/verdict.h"
#include "live/diagnosis/diagnosisengine.h"
#include "live/hub/fabricframe.h"
#include "live/hub/historywriter.h"
#include "proto/agentproto/agentclient.h"

#include <QHash>
#include <QMutex>
#include <QObject>
#include <QTimer>

#include <memory>
#include <vector>

namespace roce::models {
class EventListModel;
class FindingModel;
class PortTableModel;
}  // namespace roce::models

namespace roce::live {

/// Everything the hub polls for one fabric: its switches, its agents and its hosts read over
/// SSH. Built from an inventory (live/hub/fabricplan.h) or from the simulated fabric's endpoints.
struct FabricPlan {
    QList<monitor::SwitchTarget> switches;
    QList<agentproto::AgentEndpoint> agents;
    QList<monitor::SshCollectedHost> sshHosts;
    int agentIntervalMs = 1000;
    int sshIntervalMs = 5000;
    /// Server or NIC id -> "switch/port" where LLDP cannot tell (the inventory's switch_port;
    /// the servers behind a hypervisor's uplink): what the diagnosis walks cables by.
    QHash<QString, QString> placement;
};

/// The live model of the fabric: one object that owns the sources (NX-API pollers, agent
/// streams, SSH collectors, the large simulated feed), the rate history, the alert engine and
/// the models, and publishes one batched FabricFrame per tick. The console's window, rocectl
/// watch, the tests and the benchmarks all build it the same way.
///
/// Threading rule: sources produce on their own threads and only append to the hub's inbox
/// (under a mutex); everything else (alerts, models, the frame) happens in the tick on the
/// hub's thread, in the order the frames arrived. The tick hands its frames to the history's
/// writer thread in that order (HistoryWriter).
class LiveFabric : public QObject
{
    Q_OBJECT

public:
    struct Options {
        /// How often arrivals are applied and published: short enough that a view shows a
        /// poll within a fraction of a second, long enough to batch many sources.
        int tickMs = 250;
        /// A port whose source failed, or that has not been updated for this long, is stale.
        qint64 staleAfterMs = 5000;
        store::CounterStore::Limits history;
        /// The rate history's memory, however large the fabric: at 1 Hz a 48-port switch
        /// keeps 24 h in 256 MiB, 11,000 ports about 2 h at full resolution then 10 s points.
        qint64 historyBytes = 512ll << 20;
    };

    /// What the hub takes in from its sources, in the order its tick applies them: a source's
    /// frame, its failure (or refused password), its return. `ms` is the console clock at
    /// arrival (the frame's own takenMs is the source's). A recording keeps exactly these; a
    /// replay posts them again (replayInput()) and the hub computes the same state.
    struct Input {
        /// Findings: an analyzer's verdicts that hold now, as a JSON array in `message`.
        /// Config: a device's configuration as it reports it (a switch's QoS audit, a host's
        /// NIC settings), as a JSON object in `message`; `source` names the device.
        enum class Kind : quint8 {
            Frame,
            Failed,
            NeedsPassword,
            Back,
            Findings,
            Config
        } kind = Kind::Frame;
        QString source, sourceKind, message;
        model::SourceFrame frame;
        qint64 ms = 0;
    };

    explicit LiveFabric(QObject *parent = nullptr);
    explicit LiveFabric(Options options, QObject *parent = nullptr);
    ~LiveFabric() override;  ///< stops every source and joins their threads

    /// Watches @p plan (replacing whatever was watched). Ports of the previous fabric are
    /// forgotten; its history keeps its series.
    void watch(const FabricPlan &plan);
    /// Forgets every source and port (history keeps its series) and takes ownership of
    /// @p source, which feeds the hub through ingest() and fail() (the large simulated fabric,
    /// a replay). The hub starts ticking.
    void watchSource(std::unique_ptr<QObject> source);
    void stop();
    /// The agents of the plan watched now (empty for a source of its own: the embedded
    /// simulated fabric, a replay): what a pingmesh over the fabric's agents probes from.
    QList<agentproto::AgentEndpoint> agentEndpoints() const { return m_agentEndpoints; }
    /// Streams @p agents directly (every @p intervalMs) beside whatever else feeds the hub (a
    /// metrics store's fleet): the drill-down of a few hosts to their agents' 1 s samples.
    /// Replaces the agents streamed before; an empty list stops them.
    void streamAgents(const QList<agentproto::AgentEndpoint> &agents, int intervalMs = 1000);
    /// The password for switch @p name, after passwordNeeded(): its poller resumes. The
    /// caller stores the password (the keychain) itself.
    void resumeSwitch(const QString &name, const QString &password);

    /// Hands one source frame to the hub as a source would (thread-safe).
    void ingest(const model::SourceFrame &frame, const QString &kind = QStringLiteral("sim"));
    /// A source failed (thread-safe): its ports go stale and an alert is raised (kind "switch":
    /// switch unreachable, "store": metrics store unreachable, "sim": none, else agent
    /// unreachable).
    void fail(const QString &source, const QString &kind, const QString &message);
    /// A source that failed answers again (thread-safe): its alert is let go.
    void back(const QString &source, const QString &kind);
    /// The verdicts that hold now for analyzer @p source (thread-safe): each is an alert of
    /// rule "pingmesh_<kind>" on the port, NIC or host it names; earlier ones no longer in
    /// the list are cleared.
    void raiseFindings(const QString &source, const QList<pingmesh::Verdict> &verdicts);
    /// Device @p device (a switch or a host) reports its configuration (thread-safe): the
    /// diagnosis reads it as evidence. @p kind: "switch" or "agent".
    void reportConfig(const QString &device, const QString &kind, const QJsonObject &config);
    /// Where the servers are cabled when LLDP cannot tell (watch() takes it from the plan).
    void setPlacement(const QHash<QString, QString> &placement) { m_placement = placement; }
    const QHash<QString, QString> &placement() const { return m_placement; }
    /// Applies what arrived since the last tick and publishes it as one frame (nothing
    /// arrived: no frame). Runs every tickMs; tests call it directly.
    void tick();
    /// Posts a recorded input as it was (its ms kept); the next tick() applies it.
    void replayInput(Input input);
    /// Forgets every port, source, alert, event and the rate history: a replay that seeks
    /// starts over from there.
    void reset();
    /// Whether ticks add to the rate history (a replay far behind at 60x skips it).
    void setKeepHistory(bool keep) { m_keepHistory = keep; }

    /// The rate history, with every tick so far written into it (its writer's thread is
    /// waited for). A view that keeps the reference reads it as the writer goes on.
    store::CounterStore &history()
    {
        m_historyWriter.drain();
        return m_history;
    }
    const store::CounterStore &history() const
    {
        m_historyWriter.drain();
        return m_history;
    }
    /// Thread time the history's writer has spent, in total.
    qint64 historyBusyNs() const { return m_historyWriter.busyNs(); }
    models::PortTableModel *ports() const { return m_ports.get(); }
    models::EventListModel *events() const { return m_events.get(); }
    /// The diagnosis's findings (active and cleared) as the Diagnosis view shows them.
    models::FindingModel *findings() const { return m_findings.get(); }
    const monitor::AlertEngine &alerts() const { return m_alerts; }
    /// The findings that name causes behind the alerts, evaluated once a second.
    const diagnosis::DiagnosisEngine &diagnosis() const { return m_diagnosis; }
    /// When the diagnosis last evaluated, on the hub's clock (0: not yet). Alerts raised by
    /// frames applied since are not judged yet: explained by no finding until the next one.
    qint64 lastDiagnosisMs() const { return m_lastDiagnosisMs; }
    /// Each device's last configuration report.
    QHash<QString, QJsonObject> configs() const { return m_configs; }
    QList<SourceState> sources() const { return m_sources.values(); }
    /// Whether there are sources and every one has answered or failed (none still connecting).
    bool everySourceAnswered() const;
    /// Every port's newest sample, in the order first seen (switch ports first).
    QList<model::PortSample> latest() const;
    /// latest() without the stale ports (isStale): what judges the fabric now, such as the
    /// pingmesh's link and pause evidence, must not read a silent switch's last rates.
    QList<model::PortSample> freshLatest() const;
    /// Whether @p portKey is stale now: its source failed (for a metrics store's rows: the
    /// store failed), or no update for staleAfterMs.
    bool isStale(const QString &portKey) const;
    /// A new staleAfterMs (a fleet's, once the store's scrape interval is known).
    void setStaleAfterMs(qint64 ms);
    qint64 ageMs(const QString &portKey) const;
    /// The current state as one `rocectl watch` frame (every port, active alerts, sources,
    /// active findings).
    QJsonObject snapshotJson() const;
    /// The same frame as compact JSON, written directly (a tenth of the time on a large
    /// fabric; what the commands print), with @p annotations (a replay's) when not empty.
    QByteArray snapshotJsonBytes(const QJsonArray &annotations = {}) const;
    /// The clock ages are measured with (ms since the epoch); tests inject their own.
    void setClock(std::function<qint64()> clock);

signals:
    void frameReady(const roce::live::FabricFrame &frame);
    /// One switch's poll (after the tick applied it): where LLDP places things.
    void switchPolled(const roce::model::SourceFrame &frame);
    /// Every source frame, as the tick applied it to history, alerts and models (frameReady
    /// keeps only each port's newest sample of a tick): what a recorder or an audit needs.
    void sourceFrameApplied(const roce::model::SourceFrame &frame, const QString &kind);
    /// Once per tick that applied something (only when connected): its inputs in order and
    /// the alert changes they caused, on the hub's thread: what a recorder keeps.
    void inputsApplied(qint64 tickMs, const QList<roce::live::LiveFabric::Input> &inputs,
                       const QList<roce::monitor::Alert> &alertChanges);
    void sourceFailed(const QString &name, const QString &message);
    /// Switch @p name refused its password twice and is no longer polled: ask for the
    /// password and call resumeSwitch(). Its source state is NeedsPassword meanwhile (and
    /// sourceFailed() was emitted with @p message).
    void passwordNeeded(const QString &name, const QString &message);
    void gidTable(const QString &host, const QList<roce::monitor::HostGid> &gids);

private:
    using Event = Input;
    void post(Event event);
    void stopSources();
    void forgetFabric();
    void startAgents(const QList<agentproto::AgentEndpoint> &agents, int intervalMs);
    SourceState &sourceFor(const QString &name, const QString &kind);
    /// Runs the diagnosis when a second has passed since the last run: its changed findings
    /// into @p frame, and the alerts it explains annotated with their cause.
    void diagnose(qint64 now, FabricFrame &frame);
    /// What one tick gathers from its events before it emits them.
    struct TickFrames {
        FabricFrame frame;
        qint64 serial = 0;                       ///< a port twice in this tick: the newest wins
        QList<model::SourceFrame> switchPolls;   ///< for switchPolled()
        QList<model::SourceFrame> tableUpdates;  ///< applied to the port table once, at the end
        bool keepApplied = false;                ///< sourceFrameApplied() has a listener
        QList<std::pair<model::SourceFrame, QString>> applied;
        QList<QList<model::PortSample>> retired;  ///< sources' previous frames: for the writer
    };
    /// A source failed or needs a password: its state, its alert, its signals.
    void applySourceDown(const Event &e, SourceState &source, TickFrames &tick);
    /// A source answers again.
    void applySourceBack(const Event &e, SourceState &source, TickFrames &tick);
    /// A source's frame of ports: its alerts, its history, the latest sample of each port.
    void applyPortFrame(const Event &e, SourceState &source, TickFrames &tick);
    /// Alerts raised or cleared: into the tick's frame and the events list.
    void addAlerts(const QList<monitor::Alert> &changes, TickFrames &tick);

    Options m_options;
    bool m_keepHistory = true;
    bool m_storeDown = false;  ///< a metrics store source failed at the last tick
    std::function<qint64()> m_clock;
    store::CounterStore m_history;              ///< before the sources: they outlive none of it
    HistoryWriter m_historyWriter {m_history};  ///< after the store: joined before it goes
    monitor::AlertEngine m_alerts;
    diagnosis::DiagnosisEngine m_diagnosis;
    qint64 m_lastDiagnosisMs = 0;
    QHash<QString, QJsonObject> m_configs;
    QHash<QString, QString> m_placement;
    std::unique_ptr<models::PortTableModel> m_ports;
    std::unique_ptr<models::EventListModel> m_events;
    std::unique_ptr<models::FindingModel> m_findings;
    std::unique_ptr<monitor::SwitchMonitor> m_switches;
    std::unique_ptr<monitor::AgentMonitor> m_agents;
    std::unique_ptr<monitor::SshCollectorMonitor> m_sshHosts;
    std::unique_ptr<QObject> m_adopted;
    QTimer m_timer;

    QMutex m_inboxLock;
    QList<Event> m_inbox;

    QHash<QString, SourceState> m_sources;
    /// Each source's last frame of ports, kept so that the tick that replaces it hands it to
    /// the writer's thread to be freed there (HistoryWriter::retire).
    QHash<QString, QList<model::PortSample>> m_lastPorts;
    QList<agentproto::AgentEndpoint> m_agentEndpoints;
    struct Latest {
        /// The port's newest sample is ports[index]: the list of the frame that carried it,
        /// shared rather than copied (one reference a port, where a copy moved ~450 bytes
        /// and seven strings' references).
        QList<model::PortSample> ports;
        qsizetype index = -1;
        const model::PortSample &sample() const { return ports.at(index); }
        QString key;             ///< the port's key, beside the others: what a tick looks for
        QString peer, peerPort;  ///< its LLDP neighbour, beside the others: what the shape is
        qint64 updatedMs = 0;
        QString source;
        qint64 tickSerial = -1;  ///< the tick that last put this port into its frame ...
        qsizetype inFrame = -1;  ///< ... at this index of frame.ports
    };
    /// Whether source @p name's state makes all its ports stale (failed, or its store failed).
    bool sourceMakesStale(const QString &name) const;
    /// Calls @p visit(latest, stale) for every port, in m_latest's order, stale as isStale()
    /// says at @p now. A source's ports come one after the other, so whether the source makes
    /// them stale is looked up once a run of them, not twice a port as isStale() does.
    template <typename Visit> void forEachLatest(qint64 now, Visit visit) const;
    /// Index of @p name in m_latest (appended when new); @p hint is where it was expected (a
    /// source sends its ports in the same order every time, so the row after the previous
    /// one usually is it, and the hash is not needed).
    qsizetype latestSlot(const QString &name, qsizetype hint);
    qint64 m_tickSerial = 0;
    /// Moves whenever the diagnosis's view of the fabric's shape changes: a port appears, its
    /// LLDP neighbour changes, ports go stale or come back (DiagnosisInput::shapeKey).
    quint64 m_shapeSerial = 0;
    std::vector<char> m_lastFresh;  ///< by m_latest index: fresh at the last diagnosis
    QHash<QString, qsizetype> m_latestIndex;
    QList<Latest> m_latest;
};

}  // namespace roce::live

Q_DECLARE_METATYPE(roce::live::FabricPlan)
Q_DECLARE_METATYPE(roce::live::LiveFabric::Input)
