#include "live/hub/livefabric.h"

#include "collect/pingmesh/verdictalerts.h"
#include "live/hub/framewriter.h"
#include "live/itemmodels/eventlistmodel.h"
#include "live/itemmodels/findingmodel.h"
#include "live/itemmodels/porttablemodel.h"
#include "proto/datamodel/sametext.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMetaMethod>
#include <QMutexLocker>

#include <algorithm>
#include <utility>

namespace roce::live {

LiveFabric::LiveFabric(QObject *parent) : LiveFabric(Options {}, parent)
{ }

LiveFabric::LiveFabric(Options options, QObject *parent)
    : QObject(parent),
      m_options(options),
      m_clock([] { return QDateTime::currentMSecsSinceEpoch(); }),
      m_history(options.history),
      m_ports(std::make_unique<models::PortTableModel>()),
      m_events(std::make_unique<models::EventListModel>()),
      m_findings(std::make_unique<models::FindingModel>())
{
    qRegisterMetaType<roce::live::FabricFrame>();
    qRegisterMetaType<roce::live::FabricPlan>();
    qRegisterMetaType<roce::model::SourceFrame>();
    m_ports->setStaleAfterMs(options.staleAfterMs);
    m_history.setByteBudget(options.historyBytes);
    m_timer.setInterval(options.tickMs);
    connect(&m_timer, &QTimer::timeout, this, &LiveFabric::tick);
}

LiveFabric::~LiveFabric()
{
    stopSources();
}

void LiveFabric::setClock(std::function<qint64()> clock)
{
    m_clock = clock;
    m_ports->setClock(std::move(clock));
}

void LiveFabric::post(Event event)
{
    QMutexLocker locker(&m_inboxLock);
    m_inbox.append(std::move(event));
}

void LiveFabric::ingest(const model::SourceFrame &frame, const QString &kind)
{
    post({Event::Kind::Frame,
          frame.origin.isEmpty() ? frame.source : frame.origin,
          kind,
          {},
          frame,
          m_clock()});
}

void LiveFabric::stopSources()
{
    // Joining the sources' threads first: nothing posts to the inbox after this.
    m_switches.reset();
    m_agents.reset();
    m_sshHosts.reset();
    m_adopted.reset();
    m_timer.stop();
    QMutexLocker locker(&m_inboxLock);
    m_inbox.clear();
}

void LiveFabric::stop()
{
    stopSources();
}

SourceState &LiveFabric::sourceFor(const QString &name, const QString &kind)
{
    auto it = m_sources.find(name);
    if (it == m_sources.end()) {
        SourceState s;
        s.name = name;
        s.kind = kind;
        it = m_sources.insert(name, s);
    }
    return *it;
}

void LiveFabric::forgetFabric()
{
    m_sources.clear();
    m_latest.clear();
    m_latestIndex.clear();
    m_lastPorts.clear();
    ++m_shapeSerial;
    m_ports->clear();
}

void LiveFabric::watch(const FabricPlan &plan)
{
    stopSources();
    forgetFabric();
    m_agentEndpoints = plan.agents;
    m_placement = plan.placement;

    // Sources post straight into the inbox from their own threads (direct connections).
    if (!plan.switches.isEmpty()) {
        m_switches = std::make_unique<monitor::SwitchMonitor>();
        connect(
            m_switches.get(), &monitor::SwitchMonitor::updated, this,
            [this](const model::SourceFrame &f) { ingest(f, QStringLiteral("switch")); },
            Qt::DirectConnection);
        connect(
            m_switches.get(), &monitor::SwitchMonitor::failed, this,
            [this](const QString &name, const nxapi::NxapiError &e) {
                post({e.kind == nxapi::NxapiError::CredentialsRejected ? Event::Kind::NeedsPassword
                                                                       : Event::Kind::Failed,
                      name,
                      QStringLiteral("switch"),
                      e.message,
                      {},
                      m_clock()});
            },
            Qt::DirectConnection);
        connect(
            m_switches.get(), &monitor::SwitchMonitor::configReported, this,
            [this](const QString &name, const QJsonObject &audit) {
                reportConfig(name, QStringLiteral("switch"), audit);
            },
            Qt::DirectConnection);
        for (const monitor::SwitchTarget &s : plan.switches)
            sourceFor(s.name, QStringLiteral("switch"));
        m_switches->start(plan.switches);
    }
    if (!plan.agents.isEmpty())
        startAgents(plan.agents, plan.agentIntervalMs);
    if (!plan.sshHosts.isEmpty()) {
        // The SSH collector publishes on this thread (its worker answers through signals).
        m_sshHosts = std::make_unique<monitor::SshCollectorMonitor>();
        connect(m_sshHosts.get(), &monitor::SshCollectorMonitor::updated, this,
                [this](const model::SourceFrame &f) { ingest(f, QStringLiteral("ssh")); });
        connect(m_sshHosts.get(), &monitor::SshCollectorMonitor::hostLost, this,
                [this](const QString &host, const QString &reason) {
                    post({Event::Kind::Failed, host, QStringLiteral("ssh"), reason, {}, m_clock()});
                });
        connect(m_sshHosts.get(), &monitor::SshCollectorMonitor::hostBack, this,
                [this](const QString &host) {
                    post({Event::Kind::Back, host, QStringLiteral("ssh"), {}, {}, m_clock()});
                });
        for (const monitor::SshCollectedHost &h : plan.sshHosts)
            sourceFor(h.name, QStringLiteral("ssh"));
        m_sshHosts->start(plan.sshHosts, plan.sshIntervalMs);
    }
    m_timer.start();
}

void LiveFabric::startAgents(const QList<agentproto::AgentEndpoint> &agents, int intervalMs)
{
    m_agents.reset();  // joins the previous monitor's thread
    if (agents.isEmpty())
        return;
    m_agents = std::make_unique<monitor::AgentMonitor>();
    connect(
        m_agents.get(), &monitor::AgentMonitor::updated, this,
        [this](const model::SourceFrame &f) { ingest(f, QStringLiteral("agent")); },
        Qt::DirectConnection);
    connect(
        m_agents.get(), &monitor::AgentMonitor::agentLost, this,
        [this](const QString &agent, const QString &reason) {
            post({Event::Kind::Failed, agent, QStringLiteral("agent"), reason, {}, m_clock()});
        },
        Qt::DirectConnection);
    connect(
        m_agents.get(), &monitor::AgentMonitor::agentBack, this,
        [this](const QString &agent) {
            post({Event::Kind::Back, agent, QStringLiteral("agent"), {}, {}, m_clock()});
        },
        Qt::DirectConnection);
    connect(m_agents.get(), &monitor::AgentMonitor::gidTable, this, &LiveFabric::gidTable);
    connect(
        m_agents.get(), &monitor::AgentMonitor::configReported, this,
        [this](const QString &host, const QJsonObject &facts) {
            reportConfig(host, QStringLiteral("agent"), facts);
        },
        Qt::DirectConnection);
    for (const agentproto::AgentEndpoint &a : agents)
        sourceFor(a.host + QLatin1Char(':') + QString::number(a.port), QStringLiteral("agent"));
    m_agents->start(agents, intervalMs);
}

void LiveFabric::streamAgents(const QList<agentproto::AgentEndpoint> &agents, int intervalMs)
{
    startAgents(agents, intervalMs);
    m_timer.start();
}

void LiveFabric::watchSource(std::unique_ptr<QObject> source)
{
    stopSources();
    forgetFabric();
    m_agentEndpoints.clear();
    m_adopted = std::move(source);
    m_timer.start();
}

void LiveFabric::resumeSwitch(const QString &name, const QString &password)
{
    if (m_switches)
        m_switches->setPassword(name, password);
}

void LiveFabric::replayInput(Input input)
{
    post(std::move(input));
}

void LiveFabric::reset()
{
    {
        QMutexLocker locker(&m_inboxLock);
        m_inbox.clear();
    }
    forgetFabric();
    m_alerts = monitor::AlertEngine();
    m_diagnosis.reset();
    m_findings->clear();
    m_lastDiagnosisMs = 0;
    m_configs.clear();
    m_events->clear();
    m_historyWriter.drain();  // what is queued belongs to the history being forgotten
    m_history.clear();
}

void LiveFabric::fail(const QString &source, const QString &kind, const QString &message)
{
    post({Event::Kind::Failed, source, kind, message, {}, m_clock()});
}

void LiveFabric::back(const QString &source, const QString &kind)
{
    post({Event::Kind::Back, source, kind, {}, {}, m_clock()});
}

void LiveFabric::raiseFindings(const QString &source, const QList<pingmesh::Verdict> &verdicts)
{
    QJsonArray list;
    for (const pingmesh::Verdict &v : verdicts)
        list.append(pingmesh::verdictToJson(v));
    post({Event::Kind::Findings,
          source,
          QStringLiteral("analyzer"),
          QString::fromUtf8(QJsonDocument(list).toJson(QJsonDocument::Compact)),
          {},
          m_clock()});
}

bool LiveFabric::everySourceAnswered() const
{
    return !m_sources.isEmpty()
        && std::all_of(m_sources.cbegin(), m_sources.cend(), [](const SourceState &s) {
               return s.state != SourceState::State::Connecting;
           });
}

void LiveFabric::reportConfig(const QString &device, const QString &kind, const QJsonObject &config)
{
    post({Event::Kind::Config,
          device,
          kind,
          QString::fromUtf8(QJsonDocument(config).toJson(QJsonDocument::Compact)),
          {},
          m_clock()});
}

template <typename Visit> void LiveFabric::forEachLatest(qint64 now, Visit visit) const
{
    const QString *lastSource = nullptr;
    bool sourceDown = false;
    for (const Latest &l : m_latest) {
        if (!lastSource || l.source != *lastSource) {
            lastSource = &l.source;
            sourceDown = sourceMakesStale(l.source);
        }
        visit(l, sourceDown || now - l.updatedMs > m_options.staleAfterMs);
    }
}

void LiveFabric::diagnose(qint64 now, FabricFrame &frame)
{
    // Once a second: the sources report at 1 Hz, and a finding must hold two evaluations.
    if (m_lastDiagnosisMs > 0 && now - m_lastDiagnosisMs < 1000 && now >= m_lastDiagnosisMs)
        return;
    m_lastDiagnosisMs = now;
    diagnosis::DiagnosisInput input;
    input.nowMs = now;
    input.ports.reserve(m_latest.size());
    std::vector<char> fresh;
    fresh.reserve(std::size_t(m_latest.size()));
    forEachLatest(now, [&](const Latest &l, bool stale) {
        if (!stale)
            input.ports.append(&l.sample());
        fresh.push_back(stale ? 0 : 1);
    });
    if (fresh != m_lastFresh) {
        ++m_shapeSerial;  // ports went stale or came back
        m_lastFresh = std::move(fresh);
    }
    input.shapeKey = size_t(m_shapeSerial);
    input.alerts = m_alerts.active();
    input.configs = m_configs;
    input.placement = m_placement;
    frame.findings = m_diagnosis.evaluate(input);
    const QList<monitor::Alert> marked
        = m_alerts.annotate(m_diagnosis.explained(), m_diagnosis.causes());
    frame.alerts.append(marked);
    m_events->applyAlerts(marked);
    if (!frame.findings.isEmpty() || m_findings->rowCount() > 0) {
        QHash<QString, QString> titles;
        for (const monitor::Alert &a : std::as_const(input.alerts))
            titles.insert(a.key(), a.title);
        m_findings->setFindings(m_diagnosis.all(), titles);
    }
}

void LiveFabric::addAlerts(const QList<monitor::Alert> &changes, TickFrames &tick)
{
    tick.frame.alerts.append(changes);
    m_events->applyAlerts(changes);
}

void LiveFabric::applySourceDown(const Event &e, SourceState &source, TickFrames &tick)
{
    const SourceState::State state = e.kind == Event::Kind::NeedsPassword
        ? SourceState::State::NeedsPassword
        : SourceState::State::Failed;
    const bool wasFailed = source.state == state;
    source.state = state;
    source.error = e.message;
    if (e.sourceKind == QLatin1String("switch"))
        addAlerts(m_alerts.switchUnreachable(e.source, e.message, e.ms), tick);
    else if (e.sourceKind == QLatin1String("store"))
        addAlerts(m_alerts.storeUnreachable(e.source, e.message, e.ms), tick);
    else if (e.sourceKind != QLatin1String("sim"))  // the embedded fabric raises no alert
        addAlerts(m_alerts.agentUnreachable(e.source, e.message, e.ms), tick);
    if (!wasFailed)
        emit sourceFailed(e.source, e.message);
    if (!wasFailed && state == SourceState::State::NeedsPassword)
        emit passwordNeeded(e.source, e.message);
}

void LiveFabric::applySourceBack(const Event &e, SourceState &source, TickFrames &tick)
{
    source.state = SourceState::State::Ok;
    source.error.clear();
    if (e.sourceKind == QLatin1String("switch"))
        addAlerts(m_alerts.switchReachable(e.source, e.ms), tick);
    else if (e.sourceKind == QLatin1String("store"))
        addAlerts(m_alerts.storeReachable(e.source, e.ms), tick);
    else
        addAlerts(m_alerts.agentReachable(e.source, e.ms), tick);
}

void LiveFabric::applyPortFrame(const Event &e, SourceState &source, TickFrames &tick)
{
    const model::SourceFrame &f = e.frame;
    if ((source.state == SourceState::State::Failed
         || source.state == SourceState::State::NeedsPassword)
        && e.sourceKind == QLatin1String("switch"))
        addAlerts(m_alerts.switchReachable(e.source, e.ms), tick);
    source.state = SourceState::State::Ok;
    source.error.clear();
    source.lastFrameMs = e.ms;
    source.device = f.source;
    addAlerts(m_alerts.evaluate(f), tick);
    tick.tableUpdates.append(f);
    if (source.ports.size() != f.ports.size())
        source.ports.clear();
    FabricFrame &frame = tick.frame;
    qsizetype slot = -1;
    for (qsizetype i = 0; i < f.ports.size(); ++i) {
        const model::PortSample &p = f.ports.at(i);
        if (source.ports.size() <= i)
            source.ports.append(p.name());
        slot = latestSlot(p.name(), slot + 1);
        Latest &l = m_latest[slot];
        if (l.index < 0 || !model::sameText(l.peer, p.peer)
            || !model::sameText(l.peerPort, p.peerPort)) {
            ++m_shapeSerial;  // a new port, or its LLDP neighbour changed
            l.peer = p.peer;
            l.peerPort = p.peerPort;
        }
        l.ports = f.ports;
        l.index = i;
        l.updatedMs = e.ms;
        l.source = e.source;
        if (l.tickSerial == tick.serial) {
            frame.ports.replace(l.inFrame, f.ports, i);
        } else {
            l.tickSerial = tick.serial;
            l.inFrame = frame.ports.size();
            frame.ports.append(f.ports, i);
        }
    }
    if (e.sourceKind == QLatin1String("switch"))
        tick.switchPolls.append(f);
    if (tick.keepApplied)
        tick.applied.append({f, e.sourceKind});
    tick.retired.append(std::exchange(m_lastPorts[e.source], f.ports));
}

void LiveFabric::tick()
{
    QList<Event> events;
    {
        QMutexLocker locker(&m_inboxLock);
        events.swap(m_inbox);
    }
    if (events.isEmpty())
        return;  // nothing arrived: no frame (views and watchers keep what they have)
    const qint64 now = m_clock();
    TickFrames tick;
    tick.frame.t = now;
    qsizetype incoming = 0;
    for (const Event &e : std::as_const(events))
        incoming += e.frame.ports.size();
    tick.frame.ports.reserve(incoming);
    tick.serial = ++m_tickSerial;
    // Only kept when somebody listens (copies are cheap: the lists are shared).
    static const QMetaMethod appliedSignal
        = QMetaMethod::fromSignal(&LiveFabric::sourceFrameApplied);
    tick.keepApplied = isSignalConnected(appliedSignal);
    if (m_keepHistory) {
        // First, so that the writer's thread works while this one goes on.
        QList<model::SourceFrame> history;
        for (const Event &e : std::as_const(events)) {
            if (e.kind == Event::Kind::Frame)
                history.append(e.frame);
        }
        m_historyWriter.post(std::move(history));
    }
    static const QMetaMethod inputsSignal = QMetaMethod::fromSignal(&LiveFabric::inputsApplied);
    const bool keepInputs = isSignalConnected(inputsSignal);
    for (const Event &e : std::as_const(events)) {
        if (e.kind == Event::Kind::Config) {
            // A device's configuration: evidence for the diagnosis, not a source of ports
            // (its device is a switch or a host, not an agent's HOST:PORT).
            const QJsonObject config = QJsonDocument::fromJson(e.message.toUtf8()).object();
            if (!config.isEmpty())
                m_configs.insert(e.source, config);
            continue;
        }
        SourceState &source = sourceFor(e.source, e.sourceKind);
        switch (e.kind) {
        case Event::Kind::Failed:
        case Event::Kind::NeedsPassword:
            applySourceDown(e, source, tick);
            break;
        case Event::Kind::Findings:
            // An analyzer that reports is working: not "connecting" for ever.
            source.state = SourceState::State::Ok;
            source.error.clear();
            source.lastFrameMs = e.ms;
            addAlerts(
                m_alerts.findings(e.source, pingmesh::findingsToAlerts(e.message.toUtf8()), e.ms),
                tick);
            break;
        case Event::Kind::Config:
            break;  // applied above, before a source is looked up
        case Event::Kind::Back:
            applySourceBack(e, source, tick);
            break;
        case Event::Kind::Frame:
            applyPortFrame(e, source, tick);
            break;
        }
    }
    // The store's rows are only as fresh as the store: when it fails they are all stale at
    // once, not one staleAfterMs after their last refresh.
    m_storeDown = std::any_of(m_sources.cbegin(), m_sources.cend(), [](const SourceState &s) {
        return s.kind == QLatin1String("store") && s.state == SourceState::State::Failed;
    });
    m_ports->applyUpdates(tick.tableUpdates);
    diagnose(now, tick.frame);
    if (keepInputs)
        emit inputsApplied(now, events, tick.frame.alerts);
    tick.frame.sources = m_sources.values();
    std::sort(tick.frame.sources.begin(), tick.frame.sources.end(),
              [](const SourceState &a, const SourceState &b) { return a.name < b.name; });
    emit frameReady(tick.frame);
    for (const model::SourceFrame &f : std::as_const(tick.switchPolls))
        emit switchPolled(f);
    for (const auto &[f, kind] : std::as_const(tick.applied))
        emit sourceFrameApplied(f, kind);
    m_historyWriter.retire(std::move(tick.retired));
}

qsizetype LiveFabric::latestSlot(const QString &name, qsizetype hint)
{
    if (hint < m_latest.size() && model::sameText(m_latest.at(hint).key, name))
        return hint;
    const auto at = m_latestIndex.constFind(name);
    if (at != m_latestIndex.constEnd())
        return *at;
    m_latestIndex.insert(name, m_latest.size());
    Latest fresh;
    fresh.key = name;
    m_latest.append(std::move(fresh));
    return m_latest.size() - 1;
}

QList<model::PortSample> LiveFabric::latest() const
{
    QList<model::PortSample> out;
    out.reserve(m_latest.size());
    for (const Latest &l : m_latest)
        out.append(l.sample());
    return out;
}

QList<model::PortSample> LiveFabric::freshLatest() const
{
    QList<model::PortSample> out;
    out.reserve(m_latest.size());
    forEachLatest(m_clock(), [&](const Latest &l, bool stale) {
        if (!stale)
            out.append(l.sample());
    });
    return out;
}

qint64 LiveFabric::ageMs(const QString &portKey) const
{
    const auto at = m_latestIndex.constFind(portKey);
    return at == m_latestIndex.constEnd() ? -1 : m_clock() - m_latest.at(*at).updatedMs;
}

void LiveFabric::setStaleAfterMs(qint64 ms)
{
    m_options.staleAfterMs = ms;
    m_ports->setStaleAfterMs(ms);
}

bool LiveFabric::isStale(const QString &portKey) const
{
    const auto at = m_latestIndex.constFind(portKey);
    if (at == m_latestIndex.constEnd())
        return true;
    const Latest &l = m_latest.at(*at);
    return sourceMakesStale(l.source) || m_clock() - l.updatedMs > m_options.staleAfterMs;
}

bool LiveFabric::sourceMakesStale(const QString &name) const
{
    const auto source = m_sources.constFind(name);
    return source != m_sources.constEnd()
        && (source->state == SourceState::State::Failed
            || source->state == SourceState::State::NeedsPassword
            || (m_storeDown && source->kind == QLatin1String("prometheus")));
}

QJsonObject LiveFabric::snapshotJson() const
{
    const qint64 now = m_clock();
    QJsonArray ports;
    forEachLatest(now, [&](const Latest &l, bool stale) {
        ports.append(portToJson(l.sample(), now - l.updatedMs, stale));
    });
    QJsonArray alerts;
    for (const monitor::Alert &a : m_alerts.active())
        alerts.append(alertToJson(a));
    QList<SourceState> sorted = m_sources.values();
    std::sort(sorted.begin(), sorted.end(),
              [](const SourceState &a, const SourceState &b) { return a.name < b.name; });
    QJsonArray sources;
    for (const SourceState &s : std::as_const(sorted))
        sources.append(sourceToJson(s));
    QJsonArray findings;
    for (const diagnosis::Finding &f : m_diagnosis.active())
        findings.append(diagnosis::findingToJson(f));
    return {{QStringLiteral("t"), double(now)},
            {QStringLiteral("ports"), ports},
            {QStringLiteral("alerts"), alerts},
            {QStringLiteral("sources"), sources},
            {QStringLiteral("findings"), findings}};
}

QByteArray LiveFabric::snapshotJsonBytes(const QJsonArray &annotations) const
{
    // Keys in QJsonDocument's order, as snapshotJson() comes out.
    const qint64 now = m_clock();
    JsonWriter w(std::size_t(m_latest.size()) * 640 + 64 * 1024);  // ~550 bytes a port
    w.beginObject();
    w.key("alerts");
    w.beginArray();
    for (const monitor::Alert &a : m_alerts.active())
        writeAlert(w, a);
    w.endArray();
    if (!annotations.isEmpty()) {
        w.key("annotations");
        w.raw(QJsonDocument(annotations).toJson(QJsonDocument::Compact));
    }
    w.key("findings");
    w.beginArray();
    for (const diagnosis::Finding &f : m_diagnosis.active())
        w.raw(QJsonDocument(diagnosis::findingToJson(f)).toJson(QJsonDocument::Compact));
    w.endArray();
    w.key("ports");
    w.beginArray();
    forEachLatest(now, [&](const Latest &l, bool stale) {
        writePort(w, l.sample(), now - l.updatedMs, stale);
    });
    w.endArray();
    QList<SourceState> sorted = m_sources.values();
    std::sort(sorted.begin(), sorted.end(),
              [](const SourceState &a, const SourceState &b) { return a.name < b.name; });
    w.key("sources");
    w.beginArray();
    for (const SourceState &s : std::as_const(sorted))
        writeSource(w, s);
    w.endArray();
    w.key("t");
    w.value(double(now));
    w.endObject();
    return w.take();
}

}  // namespace roce::live
