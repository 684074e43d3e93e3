#include "sim/twin/twinobservation.h"

#include "nxapi/client/nxapiclient.h"
#include "nxapi/parse/snapshot.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace roce::sim::twin {

namespace {

class TwinObservationText
{
    Q_DECLARE_TR_FUNCTIONS(TwinObservationText)
};

const QStringList kQueueCommands {QStringLiteral("show queuing interface")};
const QStringList kConfigCommands {QStringLiteral("show version"),
                                   QStringLiteral("show running-config")};

/// How often the queues are read: a queue under DCQCN moves within milliseconds, so its mean
/// needs many looks; NX-API answers one `show queuing interface` in a few milliseconds.
constexpr int kQueuePollMs = 100;
/// Each read comes at a random time, 50 to 150 % of the mean period after the last one. At a
/// fixed period the reads fall at the same phase of a periodic load (a training job of 40 ms
/// of compute and 8 ms of all-reduce makes two iterations a read): the mean of the reads is
/// that phase's depth, not the queue's mean, and it drifts with the phase from one window to
/// the next. At random times they sample every phase alike.
constexpr double kQueuePollJitter = 0.5;

/// A source the live model has given up on for now: it failed, or refused the password.
bool outOfReach(live::SourceState::State state)
{
    return state == live::SourceState::State::Failed
        || state == live::SourceState::State::NeedsPassword;
}

}  // namespace

std::optional<double> ObservedPort::mean(model::Metric m) const
{
    const auto i = std::size_t(m);
    if (samples[i] == 0)
        return std::nullopt;
    return sum[i] / samples[i];
}

std::optional<double> ObservedPort::queueMeanBytes() const
{
    if (queueSamples == 0)
        return std::nullopt;
    return queueDepthSum / queueSamples;
}

const ObservedPort *TwinObservation::find(const QString &device, const QString &port) const
{
    for (const ObservedPort &p : ports) {
        if (p.device == device && p.port == port)
            return &p;
    }
    return nullptr;
}

FabricFigures TwinObservation::figures() const
{
    using model::Metric;
    FabricFigures f;
    double deepest = -1;
    for (const ObservedPort &p : ports) {
        const auto add = [&p](double &to, Metric m) { to += p.mean(m).value_or(0); };
        if (p.nic) {
            add(f.cnpSentPerS, Metric::CnpSent);
            add(f.cnpHandledPerS, Metric::CnpHandled);
            f.goodputGbps += p.mean(Metric::InBits).value_or(0) / 1e9;
            continue;
        }
        if (p.internal)
            continue;
        add(f.ecnMarksPerS, Metric::Ecn);
        add(f.rxPausesPerS, Metric::RxPause);
        add(f.txPausesPerS, Metric::TxPause);
        add(f.ingressMmuDropsPerS, Metric::MmuDrops);
        add(f.egressDropsPerS, Metric::EgressDrops);
        if (const auto q = p.queueMeanBytes(); q && *q > deepest) {
            deepest = *q;
            f.queueMeanKb = *q / 1000;
            f.queuePort = p.key();
        }
    }
    return f;
}

int noDropGroupOf(const nxapi::QosConfig *config)
{
    if (!config)
        return 3;
    const nxapi::PolicyMap *policy
        = config->findPolicy(QStringLiteral("network-qos"), config->systemNetworkQos);
    if (!policy)
        return 3;
    static const QRegularExpression group(QStringLiteral("nq(\\d)$"));
    for (const nxapi::PolicyClass &c : policy->classes) {
        if (c.pausePfcCos.isEmpty())
            continue;
        const auto m = group.match(c.name);
        if (m.hasMatch())
            return m.captured(1).toInt();
    }
    return 3;
}

TwinObserver::TwinObserver(live::LiveFabric &hub, const live::FabricPlan &plan, QObject *parent)
    : QObject(parent), m_hub(hub), m_plan(plan)
{
    connect(&m_hub, &live::LiveFabric::sourceFrameApplied, this,
            [this](const model::SourceFrame &frame, const QString &) {
                if (m_running)
                    onFrame(frame);
            });
    for (const monitor::SwitchTarget &target : plan.switches) {
        // One client a switch (a Nexus keeps 5 NX-API sessions, each for 10 minutes, and the
        // live model holds two): its queues often, its running-config now and then.
        auto *client = new nxapi::NxapiClient(target.endpoint, this);
        client->setCommands(kQueueCommands);
        const QString name = target.name;
        connect(client, &nxapi::NxapiClient::snapshotReady, this,
                [this, client, name](const nxapi::SwitchSnapshot &s) {
                    if (client->commands() != kQueueCommands) {
                        client->setCommands(kQueueCommands);
                        onConfig(name, s);
                    }
                    onQueuing(name, s);
                });
        connect(client, &nxapi::NxapiClient::pollFailed, this,
                [this, client, name](const nxapi::NxapiError &e) {
                    client->setCommands(kQueueCommands);
                    if (m_running)
                        m_problems.append(TwinObservationText::tr("%1: %2").arg(name, e.message));
                });
        m_clients.append(client);
    }
    // The answers are parsed on this (the window's) thread, a millisecond or so each: on a
    // large fabric every switch is read less often, some 40 answers a second in all.
    m_queuePollMs = std::max(kQueuePollMs, int(plan.switches.size()) * 25);
    m_queuePolls.setSingleShot(true);
    m_queuePolls.setTimerType(Qt::PreciseTimer);
    connect(&m_queuePolls, &QTimer::timeout, this, [this] {
        if (m_running)
            m_queuePolls.start(nextQueuePollMs());
        // The running-config at the window's start and every 10 s: what is in force now.
        const bool configDue = !m_configClock.isValid() || m_configClock.elapsed() >= 10000;
        for (nxapi::NxapiClient *c : std::as_const(m_clients)) {
            if (c->busy())
                continue;
            if (configDue)
                c->setCommands(kQueueCommands + kConfigCommands);
            c->pollNow();
        }
        if (configDue)
            m_configClock.start();
    });
}

TwinObserver::~TwinObserver() = default;

void TwinObserver::start()
{
    m_ports.clear();
    m_index.clear();
    m_problems.clear();
    m_configs.clear();
    m_models.clear();
    m_running = true;
    m_window.start();
    m_configClock.invalidate();
    m_queuePolls.start(0);  // the running-configs at once, then the queues at random times
}

int TwinObserver::nextQueuePollMs()
{
    const double spread
        = 1.0 - kQueuePollJitter + 2 * kQueuePollJitter * m_pollTimes.generateDouble();
    return std::max(1, int(std::lround(m_queuePollMs * spread)));
}

void TwinObserver::stop()
{
    m_running = false;
    m_queuePolls.stop();
}

void TwinObserver::onConfig(const QString &switchName, const nxapi::SwitchSnapshot &snapshot)
{
    if (snapshot.version)
        m_models.insert(switchName, snapshot.version->chassis);
    if (snapshot.qosConfig) {
        m_configs.insert(switchName, *snapshot.qosConfig);
        return;
    }
    QStringList why;
    for (const nxapi::CommandIssue &i : snapshot.issues)
        why.append(i.message);
    m_problems.append(TwinObservationText::tr("%1: its running-config could not be read (%2)")
                          .arg(switchName, why.join(QStringLiteral("; "))));
}

bool TwinObserver::configsRead() const
{
    return std::all_of(
        m_plan.switches.cbegin(), m_plan.switches.cend(),
        [this](const monitor::SwitchTarget &t) { return m_configs.contains(t.name); });
}

bool TwinObserver::configsSettled() const
{
    QHash<QString, live::SourceState::State> states;
    for (const live::SourceState &s : m_hub.sources()) {
        if (s.kind == QLatin1String("switch"))
            states.insert(s.name, s.state);
    }
    return std::all_of(m_plan.switches.cbegin(), m_plan.switches.cend(),
                       [this, &states](const monitor::SwitchTarget &t) {
                           if (m_configs.contains(t.name))
                               return true;
                           return outOfReach(states.value(t.name));
                       });
}

ObservedPort &TwinObserver::portFor(const QString &device, const QString &port, bool nic)
{
    const QString key = device + QLatin1Char('/') + port;
    auto it = m_index.constFind(key);
    if (it == m_index.constEnd()) {
        ObservedPort p;
        p.device = device;
        p.port = port;
        p.nic = nic;
        it = m_index.insert(key, m_ports.size());
        m_ports.append(p);
    }
    return m_ports[*it];
}

void TwinObserver::onFrame(const model::SourceFrame &frame)
{
    for (const model::PortSample &s : frame.ports) {
        ObservedPort &p = portFor(s.id.device(), s.id.port(), s.nic());
        p.internal = s.internal;
        p.peer = s.peer;
        p.peerPort = s.peerPort;
        p.state = s.state;
        if (s.lineBps)
            p.lineBps = *s.lineBps;
        for (std::size_t m = 0; m < model::kMetricCount; ++m) {
            if (const auto v = s.rates.value(model::Metric(m))) {
                p.sum[m] += *v;
                ++p.samples[m];
            }
        }
    }
}

void TwinObserver::onQueuing(const QString &switchName, const nxapi::SwitchSnapshot &snapshot)
{
    if (!m_running)
        return;
    const auto config = m_configs.constFind(switchName);
    const int group = noDropGroupOf(config == m_configs.constEnd() ? nullptr : &*config);
    for (const nxapi::PortStatus &port : snapshot.ports) {
        if (!port.queuing || !port.isFabricPort() || port.isInternal())
            continue;
        const nxapi::QosGroupStatus *g = port.queuing->findGroup(group);
        if (!g)
            continue;
        const auto depth = g->counters.value(nxapi::QueueCounter::QueueDepthBytes);
        if (!depth)
            continue;
        ObservedPort &p = portFor(switchName, port.name, false);
        p.queueDepthSum += double(*depth);
        ++p.queueSamples;
    }
}

TwinObservation TwinObserver::observation() const
{
    TwinObservation o;
    o.seconds = m_window.isValid() ? double(m_window.elapsed()) / 1000.0 : 0;
    o.ports = m_ports;
    o.switchConfigs = m_configs;
    o.switchModels = m_models;
    for (const monitor::SwitchTarget &t : m_plan.switches)
        o.switchRoles.insert(t.name, t.role);
    const QHash<QString, QJsonObject> configs = m_hub.configs();
    for (auto it = configs.cbegin(); it != configs.cend(); ++it) {
        if (it->contains(QStringLiteral("nics")))
            o.nicConfigs.insert(it.key(), *it);
    }
    o.placement = m_plan.placement;
    o.problems = m_problems;
    // The sources the live model could not reach (an agent, a switch's counters) say why;
    // a switch polled ten times a second that keeps failing says it once.
    for (const live::SourceState &s : m_hub.sources()) {
        if (outOfReach(s.state))
            o.problems.append(TwinObservationText::tr("%1: %2").arg(s.name, s.error));
    }
    o.problems.removeDuplicates();
    return o;
}

}  // namespace roce::sim::twin
