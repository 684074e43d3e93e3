#include "collect/pingmesh/agentpingmesh.h"

#include "collect/monitor/nicrates.h"
#include "collect/pingmesh/fabricview.h"
#include "collect/pingmesh/report.h"
#include "collect/pingmesh/switchpauses.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace roce::pingmesh {

using agentproto::AgentClient;

namespace {

class AgentPingmeshText
{
    Q_DECLARE_TR_FUNCTIONS(AgentPingmeshText)
};

/// The host name a job may carry: the agent's, without the characters a job name refuses
/// (a host without one says "(none)"), else the agent's address.
QString hostName(const QString &agentHostname, const agentproto::AgentEndpoint &endpoint)
{
    QString name;
    for (const QChar c : agentHostname) {
        const bool letter = c.isLetterOrNumber() && c.unicode() < 128;
        const bool separator = (c == u'.' || c == u'-' || c == u'_') && !name.isEmpty();
        if (letter || separator)
            name.append(c);
    }
    name.truncate(48);
    return name.isEmpty() ? endpoint.host : name;
}

}  // namespace

struct AgentPingmesh::Member {
    AgentPingmeshMember config;
    std::unique_ptr<AgentClient> client;
    int startRequest = -1;
    QString jobId;
    std::optional<EndpointAddress> address;
    int endpoint = -1;  ///< index into m_endpoints once probing
    QJsonObject result;
    bool done = false;  ///< finished, failed or left out
    // The NIC's pause counters, from the agent's samples (pause_cost on real NICs).
    QMap<QString, quint64> lastEthtool;
    qint64 lastSampleMs = -1;
    QList<PauseObservation> pauses;  ///< of the last sample interval
    qint64 pausesMs = -1;

    /// How the job and its peers name this endpoint: unique when a server has several NICs.
    QString endpointName() const
    {
        return config.device.isEmpty() ? config.name
                                       : config.name + QLatin1Char(':') + config.device;
    }
};

AgentPingmesh::AgentPingmesh(QList<AgentPingmeshMember> members, AgentPingmeshOptions options,
                             QObject *parent)
    : QObject(parent), m_options(std::move(options))
{
    for (AgentPingmeshMember &c : members) {
        auto m = std::make_shared<Member>();
        m->config = std::move(c);
        m_members.append(m);
    }
    m_addressWait.setSingleShot(true);
    connect(&m_addressWait, &QTimer::timeout, this, &AgentPingmesh::handOutPinglist);
    m_evaluation.setInterval(1000);
    connect(&m_evaluation, &QTimer::timeout, this, &AgentPingmesh::evaluate);
}

AgentPingmesh::~AgentPingmesh()
{
    for (const auto &m : std::as_const(m_members)) {
        if (m->client)
            m->client->disconnect(this);
    }
}

void AgentPingmesh::setFabricView(std::function<QList<model::PortSample>()> latest)
{
    m_latest = std::move(latest);
}

void AgentPingmesh::start()
{
    const QList<std::shared_ptr<Member>> members = m_members;
    for (const auto &m : members)
        connectMember(m.get());
    m_addressWait.start(m_options.addressWaitMs);
}

void AgentPingmesh::startJob(Member &m)
{
    agentproto::JobSpec spec;
    spec.tool = QStringLiteral("pingmesh");
    spec.role = QStringLiteral("endpoint");
    spec.endpointName = m.endpointName();
    spec.device = m.config.device;
    spec.durationS = m_options.seconds;
    spec.probeRate = m_options.ratePerSecond;
    spec.probeTimeoutMs = m_options.probeTimeoutMs;
    spec.sourcePorts = m_options.sourcePorts;
    m.startRequest = m.client->startJob(spec);
}

void AgentPingmesh::expandDevices(Member &m, const agentproto::AgentSample &sample)
{
    // Every RDMA device with an active Ethernet (RoCE) port is an endpoint of its own.
    QStringList devices;
    for (const agentproto::RdmaDeviceSample &d : sample.devices) {
        for (const agentproto::RdmaPortSample &p : d.ports) {
            if (p.state == QLatin1String("ACTIVE") && p.linkLayer == QLatin1String("Ethernet")
                && !devices.contains(d.name))
                devices.append(d.name);
        }
    }
    if (devices.isEmpty()) {
        fail(m, AgentPingmeshText::tr("the agent reports no RDMA device with an active RoCE port"));
        return;
    }
    m.config.device = devices.first();
    for (qsizetype i = 1; i < devices.size(); ++i) {
        auto clone = std::make_shared<Member>();
        clone->config = m.config;
        clone->config.device = devices[i];
        m_members.append(clone);
        connectMember(clone.get());
    }
    startJob(m);
}

void AgentPingmesh::observePauses(Member &m, const agentproto::AgentSample &sample)
{
    // The netdev of the member's device, and its ethtool counters.
    QString netdev;
    model::PriorityPauseNames names;
    for (const agentproto::RdmaDeviceSample &d : sample.devices) {
        if (d.name == m.config.device && !d.ports.isEmpty()) {
            netdev = d.ports.first().netdev;
            names = model::nicPriorityPauseNames(monitor::nicDriver(d));
        }
    }
    const agentproto::NetdevSample *nd = nullptr;
    for (const agentproto::NetdevSample &n : sample.netdevs) {
        if (n.name == netdev)
            nd = &n;
    }
    if (!nd)
        return;
    const qint64 now = elapsedMs();
    const QMap<QString, quint64> &was = m.lastEthtool;
    const double seconds = double(now - m.lastSampleMs) / 1000.0;
    auto perSecond = [&](const QString &key) -> std::optional<double> {
        const auto cur = nd->ethtool.constFind(key);
        const auto old = was.constFind(key);
        if (cur == nd->ethtool.cend() || old == was.cend() || *cur < *old)
            return std::nullopt;  // absent, or reset
        return double(*cur - *old) / seconds;
    };
    QList<PauseObservation> pauses;
    if (m.lastSampleMs >= 0 && seconds > 0.2) {
        // Counters the driver does not have read as absent (an empty name is no key).
        auto counter = [&](const char *pattern, int prio) -> std::optional<double> {
            if (pattern[0] == '\0')
                return std::nullopt;
            const QString name = QString::fromLatin1(pattern);
            return perSecond(name.contains(QLatin1String("%1")) ? name.arg(prio) : name);
        };
        const double discards = counter(names.portDiscards, 0).value_or(0);
        for (int prio = 0; prio < 8; ++prio) {
            // The time the port was held by received pauses, in microseconds.
            const auto pausedUs = counter(names.durationUs, prio);
            if (!pausedUs)
                continue;
            PauseObservation o;
            o.port = m.config.name + QLatin1Char('/') + m.config.device;
            o.priority = prio;
            o.pausedShare = std::clamp(*pausedUs / 1e6, 0.0, 1.0);
            o.estimated = false;
            o.dropsPerSec = discards + counter(names.discards, prio).value_or(0);
            o.pausesPerSec = counter(names.pauses, prio).value_or(0);
            pauses.append(o);
        }
        m.pauses = pauses;
        m.pausesMs = now;
    }
    m.lastEthtool = nd->ethtool;
    m.lastSampleMs = now;
}

void AgentPingmesh::connectMember(Member *m)
{
    m->client = std::make_unique<AgentClient>(m->config.endpoint);
    AgentClient *client = m->client.get();
    connect(client, &AgentClient::stateChanged, this, [this, m](AgentClient::State state) {
        if (state == AgentClient::State::Ready && m->startRequest < 0 && !m->done) {
            // A member without a name is named as its agent says (hello).
            if (m->config.name.isEmpty())
                m->config.name = hostName(m->client->agentHostname(), m->config.endpoint);
            // Samples: the devices (when none is given) and the NIC's pause counters.
            m->client->subscribe(1000);
            if (!m->config.device.isEmpty())
                startJob(*m);
        } else if (state == AgentClient::State::Failed) {
            // The client's error names the agent's address already.
            fail(*m, m->client->lastError());
        }
    });
    connect(client, &AgentClient::sampleReceived, this,
            [this, m](const agentproto::AgentSample &sample) {
                if (m->done) {
                    m->client->unsubscribe();
                    return;
                }
                if (m->config.device.isEmpty() && m->startRequest < 0)
                    expandDevices(*m, sample);
                else
                    observePauses(*m, sample);
            });
    connect(client, &AgentClient::jobStarted, this, [m](int request, const QString &jobId) {
        if (request == m->startRequest)
            m->jobId = jobId;
    });
    connect(client, &AgentClient::requestFailed, this,
            [this, m](int, const QString &code, const QString &message) {
                // An agent older than the pingmesh job does not know the tool.
                fail(*m,
                     code == QLatin1String("bad_job")
                             && message.contains(QLatin1String("unknown tool"))
                         ? AgentPingmeshText::tr("the agent cannot run a pingmesh "
                                                 "endpoint (%1): update roce-agent")
                               .arg(message)
                         : message);
            });
    connect(client, &AgentClient::jobOutput, this,
            [this, m](const QString &jobId, const QString &stream, const QString &line) {
                if (jobId == m->jobId && stream == QLatin1String("stdout"))
                    onOutput(*m, line);
            });
    connect(client, &AgentClient::jobFinished, this, [this, m](const agentproto::JobResult &r) {
        if (r.jobId != m->jobId || m->done)
            return;
        if (r.state == agentproto::JobState::Succeeded) {
            m->result = r.parsed;
            m->done = true;
            checkDone();
        } else {
            fail(*m, r.error.isEmpty() ? agentproto::jobStateName(r.state) : r.error);
        }
    });
    client->connectToAgent();
}

void AgentPingmesh::stop()
{
    for (const auto &m : std::as_const(m_members)) {
        if (!m->done && m->client && !m->jobId.isEmpty())
            m->client->cancelJob(m->jobId);
        m->done = true;
    }
    checkDone();
}

void AgentPingmesh::fail(Member &m, const QString &reason)
{
    if (m.done)
        return;
    m.done = true;
    // An agent that never answered has not said its host's name: its address stands in.
    const QString name = m.config.name.isEmpty()
        ? QStringLiteral("%1:%2").arg(m.config.endpoint.host).arg(m.config.endpoint.port)
        : m.endpointName();
    m_failures.append({name, reason});
    emit memberFailed(name, reason);
    if (!m_handedOut) {
        // Every member that can still answer has: no need to wait longer.
        const bool waiting = std::any_of(m_members.cbegin(), m_members.cend(),
                                         [](const auto &x) { return !x->done && !x->address; });
        if (!waiting)
            QTimer::singleShot(0, this, &AgentPingmesh::handOutPinglist);
    }
    checkDone();
}

void AgentPingmesh::onOutput(Member &m, const QString &line)
{
    const EndpointLine parsed = parseEndpointLine(line);
    if (parsed.kind == EndpointLine::Kind::Address && !m.address && !m_handedOut) {
        m.address = parsed.address;
        const bool waiting = std::any_of(m_members.cbegin(), m_members.cend(),
                                         [](const auto &x) { return !x->done && !x->address; });
        if (!waiting)
            handOutPinglist();
    } else if (parsed.kind == EndpointLine::Kind::Probes && m_matrix && m.endpoint >= 0) {
        const int pair = m_pairByPeer[m.endpoint].value(parsed.probes.dst, -1);
        if (pair < 0)
            return;
        const qint64 now = elapsedMs();
        ProbeOutcome outcome;
        outcome.pair = pair;
        outcome.timestamps = parsed.probes.timestamps;
        m_timestamps = parsed.probes.timestamps;
        const ProbeBatch &batch = parsed.probes;
        const bool withTurnaround = batch.turnaroundUs.size() == batch.rttUs.size();
        // A batch holds the second of probes before it came: spread over that second, so that
        // the window holds its own length of them (stamped all at arrival, a 3 s window held
        // three or four batches, some 3.9 s of probes), the lost ones evenly among the
        // replies (where they fell is not reported; all at one end, the window's edge would
        // keep or drop a batch's losses before its replies).
        const qint64 lost = qMax(0, batch.lost);
        const qint64 count = qint64(batch.rttUs.size()) + lost;
        std::size_t reply = 0;
        qint64 lostSoFar = 0;
        for (qint64 k = 0; k < count; ++k) {
            const qint64 ms = now - 1000 + (2 * k + 1) * 500 / count;
            if (lostSoFar < lost && k == (2 * lostSoFar + 1) * count / (2 * lost)) {
                outcome.lost = true;
                outcome.rttUs = 0;
                outcome.turnaroundUs = -1;
                ++lostSoFar;
            } else {
                outcome.lost = false;
                outcome.rttUs = batch.rttUs[reply];
                outcome.turnaroundUs = withTurnaround ? batch.turnaroundUs[reply] : -1;
                ++reply;
            }
            m_matrix->add(ms, outcome);
        }
        m_probesSent += parsed.probes.sent;
        if (parsed.probes.sent > 0)
            m_lastSentMs = now;
    }
}

void AgentPingmesh::handOutPinglist()
{
    if (m_handedOut)
        return;
    m_handedOut = true;
    m_addressWait.stop();
    QStringList netdevs;
    QList<Member *> taking;
    for (const auto &m : std::as_const(m_members)) {
        if (m->done)
            continue;
        if (!m->address) {
            fail(*m,
                 AgentPingmeshText::tr("its endpoint gave no address within %1 s")
                     .arg(m_options.addressWaitMs / 1000));
            if (m->client && !m->jobId.isEmpty())
                m->client->cancelJob(m->jobId);
            continue;
        }
        Endpoint e;
        e.host = m->config.name;
        e.device = m->address->device;
        m->endpoint = int(m_endpoints.size());
        m_endpoints.append(e);
        netdevs.append(m->address->netdev);
        taking.append(m.get());
    }
    if (m_latest)
        placeEndpoints(m_endpoints, netdevs, m_latest(), m_options.placement);
    if (taking.size() < 2) {
        for (Member *m : std::as_const(taking)) {
            fail(*m, AgentPingmeshText::tr("a pingmesh needs at least two endpoints"));
            if (m->client && !m->jobId.isEmpty())
                m->client->cancelJob(m->jobId);
        }
        checkDone();
        return;
    }
    m_pairs = makePinglist(m_endpoints, m_options.pinglist);
    m_pairByPeer = QList<QHash<QString, int>>(m_endpoints.size());
    QList<QList<PeerAddress>> peers(m_endpoints.size());
    for (int i = 0; i < m_pairs.size(); ++i) {
        const PingPair &p = m_pairs[i];
        const Member *dst = taking[p.dst];
        m_pairByPeer[p.src].insert(dst->endpointName(), i);
        peers[p.src].append({dst->endpointName(), dst->address->gid, dst->address->qpn});
    }
    m_matrix = std::make_unique<PairMatrix>(m_endpoints, m_pairs);
    m_analyzer = std::make_unique<PairAnalyzer>(
        *m_matrix, m_latest ? pathsFromLldp(m_latest()) : FabricPaths {});
    m_clock.start();
    for (int e = 0; e < taking.size(); ++e)
        taking[e]->client->sendJobInput(taking[e]->jobId, peersLine(peers[e]));
    m_evaluation.start();
    emit probing(int(m_endpoints.size()), int(m_pairs.size()));
}

void AgentPingmesh::evaluate()
{
    if (!m_matrix)
        return;
    const qint64 now = elapsedMs();
    m_matrix->expire(now);
    // Once the endpoints stop probing (they answer a little longer) the window empties: judging
    // it then would only age the verdicts out, and the report keeps the last one with probing
    // in it (the timeouts of the last probes come a second later still).
    if (m_matrix->probesInWindow() == 0 || now - m_lastSentMs > 2000)
        return;
    m_lastSummaries = m_matrix->summaries();
    const QList<model::PortSample> latest = m_latest ? m_latest() : QList<model::PortSample>();
    QList<Verdict> candidates = m_analyzer->evaluate(m_lastSummaries, switchPortsById(latest));
    // The NICs' own pause time, from their agents' samples of the last seconds.
    QList<PauseObservation> pauses;
    for (const auto &member : std::as_const(m_members)) {
        if (member->pausesMs >= 0 && now - member->pausesMs <= 3000)
            pauses += member->pauses;
    }
    // The switch ports' pause time, estimated from the pause frames they receive (the
    // switches' RxPPP in the live model); RoCE's no-drop priority, as the fabric is set up.
    pauses += switchPauseObservations(latest, kRocePriority);
    candidates += m_detectors.evaluate(now, pauses, {}, {});
    m_raised = m_debouncer.update(candidates, now);
    emit evaluated(m_raised);
}

void AgentPingmesh::checkDone()
{
    if (m_finished)
        return;
    const bool allDone
        = std::all_of(m_members.cbegin(), m_members.cend(), [](const auto &m) { return m->done; });
    if (!allDone)
        return;
    m_finished = true;
    m_addressWait.stop();
    m_evaluation.stop();
    // The last probes came with the results: judge them once more.
    evaluate();
    emit finished();
}

QJsonObject AgentPingmesh::reportJson() const
{
    MatrixReport m;
    m.endpoints = m_endpoints;
    m.pairs = m_pairs;
    // The last window with probes in it; the present one when none was judged yet.
    m.summaries = m_lastSummaries.size() == m_pairs.size() || !m_matrix ? m_lastSummaries
                                                                        : m_matrix->summaries();
    m.probesSent = m_probesSent;
    m.timestamps = m_timestamps;
    m.probesPerSecondPerEndpoint = m_options.ratePerSecond;
    QJsonArray failed, results;
    for (const auto &[name, reason] : m_failures)
        failed.append(
            QJsonObject {{QStringLiteral("name"), name}, {QStringLiteral("reason"), reason}});
    for (const auto &member : m_members) {
        if (!member->result.isEmpty())
            results.append(member->result);
    }
    return {{QStringLiteral("source"), QStringLiteral("agents")},
            {QStringLiteral("seconds"), m_options.seconds},
            {QStringLiteral("matrix"), matrixReportToJson(m)},
            {QStringLiteral("verdicts"), verdictsToJson(m_raised)},
            {QStringLiteral("endpoints_failed"), failed},
            {QStringLiteral("endpoint_results"), results}};
}

}  // namespace roce::pingmesh
