#include "sim/served/simagents.h"

#include "proto/parsers/iperf3parser.h"
#include "proto/parsers/perftestparser.h"
#include "proto/parsers/sockperfparser.h"
#include "proto/parsers/trainingparser.h"
#include "sim/served/simnicecn.h"
#include "sim/served/tooloutput.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QTimer>

#include <algorithm>

namespace roce::sim {

using namespace roce::agentproto;

namespace {

class SimAgentsText
{
    Q_DECLARE_TR_FUNCTIONS(SimAgentsText)
};

// Message rate of one ConnectX-4 Lx class QP: caps small-message bandwidth in a size sweep
// (the fluid model itself has no per-message cost).
constexpr double kMessageRateMpps = 8.0;

QString testTitle(const QString &tool)
{
    const bool lat = tool.endsWith(QLatin1String("_lat"));
    const QString kind = lat ? QStringLiteral("Latency Test") : QStringLiteral("BW Test");
    if (tool.startsWith(QLatin1String("ib_write")))
        return QStringLiteral("RDMA_Write ") + kind;
    if (tool.startsWith(QLatin1String("ib_read")))
        return QStringLiteral("RDMA_Read ") + kind;
    return QStringLiteral("Send ") + kind;
}

QString rateText(RateBps speed)
{
    const qint64 g = speed / kGbps;
    if (g >= 100)
        return QStringLiteral("%1 Gb/sec (4X EDR)").arg(g);
    if (g >= 25)
        return QStringLiteral("%1 Gb/sec (1X EDR)").arg(g);
    return QStringLiteral("%1 Gb/sec (1X QDR)").arg(g);
}

QString gidFromMac(const QString &mac)
{
    // Link-local GID from the MAC (EUI-64), in sysfs' uncompressed form.
    const QStringList b = mac.split(QLatin1Char(':'));
    if (b.size() != 6)
        return QStringLiteral("fe80:0000:0000:0000:0000:0000:0000:0001");
    const int first = b[0].toInt(nullptr, 16) ^ 0x02;
    return QStringLiteral("fe80:0000:0000:0000:%1%2:%3ff:fe%4:%5%6")
        .arg(first, 2, 16, QLatin1Char('0'))
        .arg(b[1], b[2], b[3], b[4], b[5]);
}

QString ipv4MappedGid(const QString &ipv4)
{
    const QStringList p = ipv4.split(QLatin1Char('.'));
    if (p.size() != 4)
        return {};
    return QStringLiteral("0000:0000:0000:0000:0000:ffff:%1%2:%3%4")
        .arg(p[0].toInt(), 2, 16, QLatin1Char('0'))
        .arg(p[1].toInt(), 2, 16, QLatin1Char('0'))
        .arg(p[2].toInt(), 2, 16, QLatin1Char('0'))
        .arg(p[3].toInt(), 2, 16, QLatin1Char('0'));
}

}  // namespace

struct SimAgents::Job {
    enum class State { Listening, Running };
    QString id;
    int host = 0;
    JobSpec spec;
    SimHostRunner *runner = nullptr;
    State state = State::Listening;
    QString peer;      ///< the other side of a client/server pair
    QList<int> flows;  ///< model flows of a bandwidth test
    int probe = -1;    ///< model probe of a latency test
    TimeNs started = 0;
    TimeNs endAt = -1;        ///< duration tests end here
    Bytes payloadTarget = 0;  ///< iteration tests end when each flow delivered this
    bool sweep = false;
    QString text;        ///< everything printed, for the parsers
    QString rendezvous;  ///< training: master_addr:port
};

struct SimAgents::Rendezvous {
    int worldSize = 0;
    QMap<int, QString> ranks;  ///< rank -> job id
    int trainingJob = -1;
    int reported = 0;
    int iterations = 0;
    Bytes gradBytes = 0;
};

SimHostRunner::SimHostRunner(SimAgents *agents, QList<int> hosts, QObject *parent)
    : JobRunner(parent), m_agents(agents), m_hosts(std::move(hosts))
{ }

Result<QString> SimHostRunner::start(const JobSpec &spec)
{
    for (int h : std::as_const(m_hosts)) {
        if (!spec.device.isEmpty() && m_agents->m_fabric.spec().hosts[h].rdmaDevice == spec.device)
            return m_agents->start(h, spec);
    }
    return m_agents->start(m_hosts.first(), spec);
}

Result<void> SimHostRunner::input(const QString &jobId, const QString &line)
{
    return m_agents->pingmeshInput(jobId, line);
}

bool SimHostRunner::cancel(const QString &jobId)
{
    return m_agents->cancel(jobId);
}

void SimHostRunner::cancelAll()
{
    const QStringList ids = m_agents->m_jobs.keys();
    for (const QString &id : ids) {
        if (m_hosts.contains(m_agents->m_jobs.value(id)->host))
            m_agents->cancel(id);
    }
    m_agents->cancelPingmeshOf(this);
}

SimAgents::SimAgents(Fabric &fabric, AgentServerOptions serverOptions, QObject *parent)
    : QObject(parent), m_fabric(fabric), m_serverOptions(std::move(serverOptions))
{ }

SimAgents::~SimAgents() = default;

Result<void> SimAgents::listen(const QHostAddress &address, quint16 basePort)
{
    const FabricSpec &spec = m_fabric.spec();
    QList<SimAgentHost> agents;
    for (int h = 0; h < spec.hosts.size(); ++h)
        agents.append({spec.hosts[h].name, {h}});
    return listen(address, agents, basePort);
}

Result<void> SimAgents::listen(const QHostAddress &address, const QList<SimAgentHost> &agents,
                               quint16 basePort)
{
    const FabricSpec &spec = m_fabric.spec();
    m_runners.resize(spec.hosts.size(), nullptr);
    for (int a = 0; a < agents.size(); ++a) {
        const SimAgentHost &agent = agents[a];
        auto *runner = new SimHostRunner(this, agent.nics, this);
        AgentServerOptions options = m_serverOptions;
        options.hostname = agent.name;
        options.agentVersion = QStringLiteral("roce-agent (simulated)");
        const qint64 skew = spec.hosts[agent.nics.first()].clockSkewMs;
        options.wallClock = [skew] { return QDateTime::currentMSecsSinceEpoch() + skew; };
        // A one-NIC agent reports exactly what it always did (the reference fabric's hosts).
        AgentServer::SampleFunction sampler = agent.nics.size() == 1
            ? AgentServer::SampleFunction([this, h = agent.nics.first()] { return sample(h); })
            : AgentServer::SampleFunction([this, agent] { return sample(agent); });
        // The NICs' congestion control changes through their mlx5 ecn/ files.
        options.ecnWriter = [this, agent](const QString &netdev, const QJsonObject &roceNp,
                                          const QJsonObject &roceRp) -> Result<void> {
            for (const int h : agent.nics) {
                if (m_fabric.spec().hosts[h].netdev == netdev)
                    return writeNicEcn(m_fabric, h, roceNp, roceRp);
            }
            return makeError(ErrorCode::NotFound,
                             SimAgentsText::tr("no netdev '%1' on this host").arg(netdev));
        };
        auto *server = new AgentServer(std::move(sampler), runner, options, this);
        if (basePort && int(basePort) + a > 65535)
            return makeError(ErrorCode::InvalidArgument,
                             SimAgentsText::tr("agent ports from %1 do not fit below 65536 for %2 "
                                               "agents")
                                 .arg(basePort)
                                 .arg(agents.size()));
        const quint16 port = server->listen(address, basePort ? quint16(basePort + a) : 0);
        if (!port) {
            return makeError(ErrorCode::Io,
                             SimAgentsText::tr("cannot open the agent port of %1: %2")
                                 .arg(agent.name, server->errorString()));
        }
        for (int h : agent.nics)
            m_runners[h] = runner;
        m_serverNics.insert(agent.name, agent.nics);
        m_servers.append(server);
        m_ports.insert(a, port);
    }
    return {};
}

AgentSample SimAgents::sample(const SimAgentHost &agent) const
{
    AgentSample merged = sample(agent.nics.first());
    merged.hostname = agent.name;
    for (qsizetype i = 1; i < agent.nics.size(); ++i) {
        const AgentSample one = sample(agent.nics[i]);
        merged.devices.append(one.devices);
        merged.netdevs.append(one.netdevs);
    }
    return merged;
}

AgentSample SimAgents::sample(int host) const
{
    const FabricSpec &spec = m_fabric.spec();
    const HostSpec &hs = spec.hosts[host];
    const HostCounters c = m_fabric.hostCounters(host);
    const HostConfig hc = m_fabric.hostConfig(host);
    AgentSample s;
    s.hostname = hs.name;
    s.wallMs = QDateTime::currentMSecsSinceEpoch() + hs.clockSkewMs;
    s.monotonicNs = m_fabric.now();  // the model's clock is the simulated host's clock
    s.deviceSource = QStringLiteral("libibverbs");
    RdmaDeviceSample d;
    d.name = hs.rdmaDevice;
    d.nodeGuid = QStringLiteral("0250:56ff:fe%1:%2")
                     .arg(host, 2, 16, QLatin1Char('0'))
                     .arg(host * 17, 4, 16, QLatin1Char('0'));
    d.fwVer = QStringLiteral("14.32.1010");
    d.hcaType = QStringLiteral("MT4117");
    d.driver = QStringLiteral("mlx5");  // a ConnectX-4 Lx, named by udev (rocep19s0)
    d.nodeType = QStringLiteral("1: CA");
    RdmaPortSample p;
    p.port = 1;
    p.state = c.linkUp ? QStringLiteral("ACTIVE") : QStringLiteral("DOWN");
    p.stateId = c.linkUp ? 4 : 1;
    p.physState = c.linkUp ? QStringLiteral("LinkUp") : QStringLiteral("Disabled");
    p.physStateId = c.linkUp ? 5 : 3;
    p.linkLayer = QStringLiteral("Ethernet");
    p.rate = rateText(c.speed);
    p.rateGbps = double(c.speed) / double(kGbps);
    p.activeMtu = int(m_fabric.params().roceMtu);
    p.netdev = hs.netdev;
    const QString linkLocal = gidFromMac(hs.mac);
    const QString mapped = ipv4MappedGid(hs.ipv4);
    p.gids = {{0, linkLocal, QStringLiteral("IB/RoCE v1"), hs.netdev, {}},
              {1, linkLocal, QStringLiteral("RoCE v2"), hs.netdev, {}},
              {2, mapped, QStringLiteral("IB/RoCE v1"), hs.netdev, hs.ipv4},
              {3, mapped, QStringLiteral("RoCE v2"), hs.netdev, hs.ipv4}};
    p.counters = {{QStringLiteral("port_xmit_data_bytes"), c.portXmitData * 4},
                  {QStringLiteral("port_rcv_data_bytes"), c.portRcvData * 4},
                  {QStringLiteral("port_xmit_packets"), c.portXmitPackets},
                  {QStringLiteral("port_rcv_packets"), c.portRcvPackets},
                  {QStringLiteral("port_xmit_discards"), c.portXmitDiscards},
                  {QStringLiteral("link_downed"), c.linkDowned},
                  {QStringLiteral("symbol_error"), 0},
                  {QStringLiteral("port_rcv_errors"), 0},
                  {QStringLiteral("port_xmit_wait"), 0}};
    p.hwCounters = {{QStringLiteral("np_ecn_marked_roce_packets"), c.npEcnMarkedRocePackets},
                    {QStringLiteral("np_cnp_sent"), c.npCnpSent},
                    {QStringLiteral("rp_cnp_handled"), c.rpCnpHandled},
                    {QStringLiteral("rp_cnp_ignored"), c.rpCnpIgnored},
                    {QStringLiteral("out_of_sequence"), c.outOfSequence},
                    {QStringLiteral("packet_seq_err"), c.packetSeqErr},
                    {QStringLiteral("local_ack_timeout_err"), c.localAckTimeoutErr},
                    {QStringLiteral("duplicate_request"), c.duplicateRequest},
                    {QStringLiteral("implied_nak_seq_err"), c.impliedNakSeqErr},
                    {QStringLiteral("rx_write_requests"), c.rxWriteRequests},
                    {QStringLiteral("rx_read_requests"), 0},
                    {QStringLiteral("rx_atomic_requests"), 0},
                    {QStringLiteral("out_of_buffer"), c.outOfBuffer},
                    {QStringLiteral("rnr_nak_retry_err"), 0},
                    {QStringLiteral("roce_adp_retrans"), 0}};
    d.ports.append(p);
    s.devices.append(d);

    NetdevSample n;
    n.name = hs.netdev;
    n.mtu = hc.mtu;
    n.operState = c.linkUp ? QStringLiteral("up") : QStringLiteral("down");
    n.address = hs.mac;
    n.statistics = {{QStringLiteral("rx_bytes"), c.rxBytesPhy},
                    {QStringLiteral("tx_bytes"), c.txBytesPhy},
                    {QStringLiteral("rx_packets"), c.rxPacketsPhy},
                    {QStringLiteral("tx_packets"), c.txPacketsPhy},
                    {QStringLiteral("rx_dropped"), c.rxDiscardsPhy},
                    {QStringLiteral("tx_dropped"), 0}};
    n.ethtoolSource = QStringLiteral("ioctl");
    for (int prio = 0; prio < kClassCount; ++prio) {
        const auto k = std::size_t(prio);
        // mlx5 shows per-priority PFC counters only for priorities with PFC enabled.
        const bool pfc = hc.pfcEnabledPrios & (1u << prio);
        const bool traffic = c.rxPrioBytes[k] || c.txPrioBytes[k];
        const QString pr = QStringLiteral("prio%1").arg(prio);
        for (const PrioEthtoolCounter &e : kPrioEthtoolCounters) {
            if (e.pfcOnly ? pfc : (pfc || traffic))
                n.ethtool.insert(QString(QLatin1String(e.direction) + pr + QLatin1String(e.suffix)),
                                 (c.*e.values)[k]);
        }
    }
    n.ethtool.insert(QStringLiteral("rx_bytes_phy"), c.rxBytesPhy);
    n.ethtool.insert(QStringLiteral("tx_bytes_phy"), c.txBytesPhy);
    n.ethtool.insert(QStringLiteral("rx_packets_phy"), c.rxPacketsPhy);
    n.ethtool.insert(QStringLiteral("tx_packets_phy"), c.txPacketsPhy);
    n.ethtool.insert(QStringLiteral("rx_pause_ctrl_phy"), c.rxPauseCtrlPhy);
    n.ethtool.insert(QStringLiteral("tx_pause_ctrl_phy"), c.txPauseCtrlPhy);
    n.ethtool.insert(QStringLiteral("rx_discards_phy"), c.rxDiscardsPhy);
    n.ethtool.insert(QStringLiteral("rx_crc_errors_phy"), c.rxCrcErrorsPhy);
    n.ethtool.insert(QStringLiteral("tx_vport_rdma_unicast_bytes"), c.txVportRdmaUnicastBytes);
    n.ethtool.insert(QStringLiteral("tx_vport_rdma_unicast_packets"), c.txVportRdmaUnicastPackets);
    n.ethtool.insert(QStringLiteral("rx_vport_rdma_unicast_bytes"), c.rxVportRdmaUnicastBytes);
    n.ethtool.insert(QStringLiteral("rx_vport_rdma_unicast_packets"), c.rxVportRdmaUnicastPackets);
    // The mlx5 ecn/ files, as this NIC's agent reads them.
    const NicEcnFiles ecn = readNicEcn(m_fabric, host);
    n.ecnNp = ecn.roceNp;
    n.ecnRp = ecn.roceRp;
    s.netdevs.append(n);
    s.host = {{QStringLiteral("kernel"), QStringLiteral("5.15.0-105-generic (simulated)")},
              {QStringLiteral("os"), QStringLiteral("Ubuntu 22.04.4 LTS (simulated)")},
              {QStringLiteral("cpu_governor"), QStringLiteral("performance")}};
    s.collectors = {{QStringLiteral("simulated"), true, 0, {}}};
    return s;
}

int SimAgents::hostByAddress(const QString &address) const
{
    const FabricSpec &spec = m_fabric.spec();
    for (int h = 0; h < spec.hosts.size(); ++h) {
        if (spec.hosts[h].ipv4 == address || spec.hosts[h].name == address)
            return h;
    }
    return -1;
}

QList<int> SimAgents::hostsByAddress(const QString &address) const
{
    if (const int h = hostByAddress(address); h >= 0)
        return {h};
    // A server's own name (its agent's, as the inventory and LLDP give it): any of its NICs.
    return m_serverNics.value(address);
}

void SimAgents::emitLine(Job &job, const QString &line)
{
    job.text += line + QLatin1Char('\n');
    emit job.runner->output(job.id, QStringLiteral("stdout"), line);
}

Result<QString> SimAgents::start(int host, const JobSpec &spec)
{
    const HostSpec &hs = m_fabric.spec().hosts[host];
    if (spec.isPerftest() && !spec.device.isEmpty() && spec.device != hs.rdmaDevice) {
        return makeError(ErrorCode::NotFound,
                         SimAgentsText::tr("RDMA device '%1' not found on this host (devices: %2)")
                             .arg(spec.device, hs.rdmaDevice));
    }
    if (spec.isPingmesh())
        return startPingmesh(host, spec);
    auto job = std::make_shared<Job>();
    job->id = QStringLiteral("%1-j%2").arg(hs.name).arg(m_nextId++);
    job->host = host;
    job->spec = spec;
    job->runner = m_runners[host];
    job->started = m_fabric.now();
    m_jobs.insert(job->id, job);
    const QString id = job->id;

    if (spec.tool == QLatin1String("train")) {
        job->state = Job::State::Running;
        job->rendezvous = QStringLiteral("%1:%2").arg(spec.masterAddr).arg(spec.masterPort);
        Rendezvous &r = m_rendezvous[job->rendezvous];
        r.worldSize = spec.worldSize;
        r.iterations = spec.trainIterations;
        r.gradBytes = Bytes(spec.modelMb) * 1024 * 1024;
        r.ranks.insert(spec.rank, id);
        if (r.ranks.size() == r.worldSize && r.trainingJob < 0) {
            TrainingOptions t;
            for (auto it = r.ranks.cbegin(); it != r.ranks.cend(); ++it)
                t.ranks.append(m_jobs.value(it.value())->host);
            t.gradientBytes = r.gradBytes;
            t.computeTime = 20 * kNsPerMs;
            t.iterations = r.iterations;
            r.trainingJob = m_fabric.startTraining(t);
        }
        return id;
    }
    if (spec.role == QLatin1String("server")) {
        job->state = Job::State::Listening;
        // Ready once the event loop runs: the protocol has answered job_started by then.
        QTimer::singleShot(0, this, [this, id] {
            const auto j = m_jobs.value(id);
            if (!j)
                return;
            if (j->spec.isPerftest()) {
                emitLine(*j, QStringLiteral("************************************"));
                emitLine(*j, QStringLiteral("* Waiting for client to connect... *"));
                emitLine(*j, QStringLiteral("************************************"));
            } else if (j->spec.tool == QLatin1String("sockperf")) {
                emitLine(*j, QStringLiteral("sockperf: == version #3.7-no.git == "));
                emitLine(*j, QStringLiteral("sockperf: [SERVER] listen on:"));
            }
            emit j->runner->ready(id);
        });
        return id;
    }
    // A client: find the listening server side on the peer.
    const QList<int> peerHosts = hostsByAddress(spec.server);
    std::shared_ptr<Job> server;
    for (const auto &j : std::as_const(m_jobs)) {
        if (peerHosts.contains(j->host) && j->state == Job::State::Listening
            && j->spec.tool == spec.tool && j->spec.port == spec.port && j->peer.isEmpty())
            server = j;
    }
    if (!server) {
        const int port = spec.port ? spec.port
                                   : (spec.isPerftest()                          ? 18515
                                          : spec.tool == QLatin1String("iperf3") ? 5201
                                                                                 : 11111);
        QTimer::singleShot(0, this, [this, id, port] {
            const auto j = m_jobs.value(id);
            if (!j)
                return;
            if (j->spec.isPerftest()) {
                emitLine(
                    *j, QStringLiteral(" Couldn't connect to %1:%2").arg(j->spec.server).arg(port));
                emitLine(*j, QStringLiteral("Unable to init the socket connection"));
                finish(*j, 1, j->text);
            } else if (j->spec.tool == QLatin1String("iperf3")) {
                finish(*j, 1,
                       QString::fromUtf8(iperf3ErrorJson(
                           QStringLiteral("unable to connect to server: Connection refused"))));
            } else {
                emitLine(
                    *j,
                    QStringLiteral(
                        "sockperf: ERROR: Can't connect socket (errno=111 Connection refused)"));
                finish(*j, 1, j->text);
            }
        });
        return id;
    }
    job->peer = server->id;
    server->peer = id;
    server->state = Job::State::Running;
    job->state = Job::State::Running;
    beginTraffic(*job, *server);
    return id;
}

void SimAgents::beginTraffic(Job &client, Job &server)
{
    const JobSpec &s = client.spec;
    const TimeNs now = m_fabric.now();
    client.started = now;
    if (s.isPerftest() && !s.isLatency()) {
        const bool read = s.tool == QLatin1String("ib_read_bw");
        const int src = read ? server.host : client.host;
        const int dst = read ? client.host : server.host;
        const Bytes size = s.size.value_or(65536);
        FlowOptions fo;
        fo.kind = FlowKind::Rdma;
        if (s.allSizes) {
            client.sweep = true;
            client.endAt
                = now + 50 * kNsPerMs;  // measure the large-message rate, then derive the sweep
        } else if (s.durationS) {
            client.endAt = now + TimeNs(s.durationS) * kNsPerSec;
        } else {
            client.payloadTarget = s.iterations.value_or(5000) * size;
            fo.totalBytes = client.payloadTarget;
        }
        for (int q = 0; q < s.qps; ++q)
            client.flows.append(m_fabric.startFlow(src, dst, fo));
    } else if (s.isPerftest()) {
        ProbeOptions po;
        po.kind = FlowKind::Rdma;
        po.messageBytes = s.size.value_or(2);
        po.iterations
            = int(s.durationS ? std::min<qint64>(100000, qint64(s.durationS) * 1000000 / 30)
                              : s.iterations.value_or(1000));
        client.probe = m_fabric.startProbe(client.host, server.host, po);
    } else if (s.tool == QLatin1String("iperf3")) {
        FlowOptions fo;
        fo.kind = FlowKind::Tcp;
        client.flows.append(m_fabric.startFlow(client.host, server.host, fo));
        client.endAt = now + TimeNs(s.durationS ? s.durationS : 10) * kNsPerSec;
    } else {
        const HostConfig hc = m_fabric.hostConfig(client.host);
        const TimeNs rtt = 2 * hc.tcpHostLatency + 8 * kNsPerUs;
        ProbeOptions po;
        po.kind = FlowKind::Tcp;
        po.messageBytes = s.messageSize.value_or(14);
        po.iterations = int(
            std::clamp<qint64>(qint64(s.durationS ? s.durationS : 5) * kNsPerSec / rtt, 10, 50000));
        client.probe = m_fabric.startProbe(client.host, server.host, po);
    }
}

void SimAgents::advance()
{
    const TimeNs now = m_fabric.now();
    QList<std::shared_ptr<Job>> due;
    for (const auto &job : std::as_const(m_jobs)) {
        if (job->state != Job::State::Running || job->spec.role != QLatin1String("client"))
            continue;
        bool done = false;
        if (job->probe >= 0) {
            done = m_fabric.probeResult(job->probe).finished;
        } else if (job->endAt >= 0) {
            done = now >= job->endAt;
        } else if (job->payloadTarget > 0) {
            done = std::all_of(job->flows.begin(), job->flows.end(), [&](int f) {
                return m_fabric.flowStats(f).goodputBytes >= job->payloadTarget;
            });
        }
        if (done)
            due.append(job);
    }
    for (const auto &job : std::as_const(due))
        completeClient(*job);
    progressTraining();
    progressPingmesh();
}

void SimAgents::completeClient(Job &client)
{
    const JobSpec &s = client.spec;
    const FabricSpec &spec = m_fabric.spec();
    const auto server = m_jobs.value(client.peer);
    const TimeNs elapsed = std::max<TimeNs>(1, m_fabric.now() - client.started);
    const QString localIp = spec.hosts[client.host].ipv4;
    const QString remoteIp = server ? spec.hosts[server->host].ipv4 : s.server;
    Bytes payload = 0;
    Bytes retransmitted = 0;
    for (int f : std::as_const(client.flows)) {
        const FlowStats st = m_fabric.flowStats(f);
        payload += st.goodputBytes;
        retransmitted += st.retransmittedBytes;
        m_fabric.stopFlow(f);
    }
    QString clientText;
    QString serverText;
    bool serverFinishes = true;
    if (s.isPerftest()) {
        PerftestHeader h;
        h.test = testTitle(s.tool);
        h.device = spec.hosts[client.host].rdmaDevice;
        h.qps = s.qps;
        h.mtu = int(m_fabric.params().roceMtu);
        h.gidIndex = s.gidIndex.value_or(3);
        h.localIpv4 = localIp;
        h.remoteIpv4 = remoteIp;
        if (s.isLatency()) {
            QList<double> us;
            for (TimeNs v : m_fabric.probeResult(client.probe).oneWayNs)
                us.append(double(v) / kNsPerUs);
            clientText = perftestLatText(h, s.size.value_or(2), us);
            serverText = clientText;
        } else {
            const double seconds = double(elapsed) / kNsPerSec;
            const double gbps = double(payload) * 8 / seconds / 1e9;
            QList<PerftestBwRowOut> rows;
            if (client.sweep) {
                const qint64 iterations = s.iterations.value_or(5000);
                for (qint64 size = 2; size <= 8388608; size *= 2) {
                    const double bw
                        = std::min(gbps, double(size) * 8 * kMessageRateMpps * 1e6 / 1e9 * s.qps);
                    rows.append(
                        {size, iterations, bw * 1.004, bw, bw * 1e9 / 8 / double(size) / 1e6});
                }
            } else {
                const Bytes size = s.size.value_or(65536);
                const qint64 messages = payload / std::max<Bytes>(1, size);
                const bool duration = s.durationS > 0;
                rows.append({size, duration ? messages / s.qps : s.iterations.value_or(5000),
                             duration ? 0.0 : gbps * 1.004, gbps,
                             double(messages) / seconds / 1e6});
            }
            clientText = perftestBwText(h, rows, s.durationS > 0);
            serverText = clientText;
        }
    } else if (s.tool == QLatin1String("iperf3")) {
        const double seconds = double(elapsed) / kNsPerSec;
        const HostConfig hc = m_fabric.hostConfig(client.host);
        const double rttUs = double(2 * hc.tcpHostLatency) / kNsPerUs;
        const qint64 mss = m_fabric.params().tcpMss;
        clientText = QString::fromUtf8(
            iperf3ClientJson(localIp, remoteIp, s.port ? s.port : 5201, seconds,
                             payload + retransmitted * mss / (mss + 90), payload,
                             retransmitted / std::max<qint64>(1, mss), rttUs));
        serverText = QString::fromUtf8(iperf3ClientJson(remoteIp, localIp, s.port ? s.port : 5201,
                                                        seconds, payload, payload, 0, rttUs));
    } else {
        QList<double> us;
        for (TimeNs v : m_fabric.probeResult(client.probe).oneWayNs)
            us.append(double(v) / kNsPerUs);
        clientText
            = sockperfText(remoteIp, s.port ? s.port : 11111, double(elapsed) / kNsPerSec, us);
        serverFinishes = false;  // a sockperf server keeps serving until it is stopped
    }
    if (server) {
        server->peer.clear();
        if (serverFinishes) {
            for (const QString &line : serverText.split(QLatin1Char('\n')))
                emitLine(*server, line);
            finish(*server, 0, server->text);
        } else {
            server->state = Job::State::Listening;
        }
    }
    for (const QString &line : clientText.split(QLatin1Char('\n')))
        emitLine(client, line);
    finish(client, 0, client.text);
}

void SimAgents::progressTraining()
{
    for (auto it = m_rendezvous.begin(); it != m_rendezvous.end();) {
        Rendezvous &r = it.value();
        if (r.trainingJob < 0) {
            ++it;
            continue;
        }
        const QList<TrainingIteration> done = m_fabric.trainingIterations(r.trainingJob);
        while (r.reported < done.size()) {
            const TrainingIteration &ti = done[r.reported];
            // A synthetic, decreasing loss: the network does not change what is learned.
            const QJsonObject line {
                {QStringLiteral("iteration"), r.reported},
                {QStringLiteral("loss"), qRound(1e6 / (1.0 + 0.15 * r.reported)) / 1e6},
                {QStringLiteral("step_ms"), double(ti.end - ti.start) / kNsPerMs},
                {QStringLiteral("allreduce_ms"), double(ti.end - ti.allReduceStart) / kNsPerMs},
                {QStringLiteral("grad_bytes"), double(r.gradBytes)}};
            const QString text
                = QString::fromUtf8(QJsonDocument(line).toJson(QJsonDocument::Compact));
            for (const QString &id : std::as_const(r.ranks)) {
                if (const auto j = m_jobs.value(id))
                    emitLine(*j, text);
            }
            ++r.reported;
        }
        if (r.reported >= r.iterations) {
            for (auto rank = r.ranks.cbegin(); rank != r.ranks.cend(); ++rank) {
                if (const auto j = m_jobs.value(rank.value())) {
                    emitLine(
                        *j,
                        QString::fromUtf8(
                            QJsonDocument(
                                QJsonObject {{QStringLiteral("done"), true},
                                             {QStringLiteral("rank"), rank.key()},
                                             {QStringLiteral("world_size"), r.worldSize},
                                             {QStringLiteral("backend"), j->spec.backend},
                                             {QStringLiteral("grad_bytes"), double(r.gradBytes)}})
                                .toJson(QJsonDocument::Compact)));
                    finish(*j, 0, j->text);
                }
            }
            it = m_rendezvous.erase(it);
        } else {
            ++it;
        }
    }
}

bool SimAgents::cancel(const QString &jobId)
{
    if (m_pingmeshJobs.contains(jobId))
        return cancelPingmesh(jobId);
    const auto job = m_jobs.value(jobId);
    if (!job)
        return false;
    for (int f : std::as_const(job->flows))
        m_fabric.stopFlow(f);
    if (!job->rendezvous.isEmpty()) {
        auto r = m_rendezvous.find(job->rendezvous);
        if (r != m_rendezvous.end()) {
            if (r->trainingJob >= 0)
                m_fabric.stopTraining(r->trainingJob);
            const QMap<int, QString> ranks = r->ranks;
            m_rendezvous.erase(r);
            // The other ranks lose their peer, as gloo reports it.
            for (const QString &other : ranks) {
                if (other == jobId)
                    continue;
                if (const auto j = m_jobs.value(other)) {
                    emitLine(*j,
                             QStringLiteral("RuntimeError: [gloo/transport/tcp/pair.cc:598] "
                                            "Connection closed by peer [%1]:%2")
                                 .arg(j->spec.masterAddr)
                                 .arg(j->spec.masterPort));
                    finish(*j, 1, j->text);
                }
            }
        }
    }
    if (!job->peer.isEmpty()) {
        if (const auto peer = m_jobs.value(job->peer)) {
            peer->peer.clear();
            if (peer->state == Job::State::Running && peer->spec.role == QLatin1String("client")) {
                for (int f : std::as_const(peer->flows))
                    m_fabric.stopFlow(f);
                emitLine(
                    *peer,
                    QStringLiteral(
                        " Failed status 12: wr_id 0 syndrom 0x81 (the server side went away)"));
                finish(*peer, 1, peer->text);
            } else {
                peer->state = Job::State::Listening;
            }
        }
    }
    finish(*job, -1, job->text, true);
    return true;
}

void SimAgents::finish(Job &job, int exitCode, const QString &text, bool cancelled)
{
    const auto keep = m_jobs.take(job.id);  // keeps the job alive until the end of this call
    if (!keep)
        return;
    JobResult result;
    result.jobId = job.id;
    result.exitCode = exitCode;
    QString parseError;
    const JobSpec &s = job.spec;
    if (s.isPerftest()) {
        const auto r = parsers::parsePerftest(text);
        if (r)
            result.parsed = parsers::perftestToJson(*r);
        else
            parseError = r.error().message;
    } else if (s.tool == QLatin1String("iperf3")) {
        const auto r = parsers::parseIperf3(text.toUtf8());
        if (r)
            result.parsed = parsers::iperf3ToJson(*r);
        else
            parseError = r.error().message;
    } else if (s.tool == QLatin1String("sockperf")) {
        if (s.role == QLatin1String("client")) {
            const auto r = parsers::parseSockperf(text);
            if (r)
                result.parsed = parsers::sockperfToJson(*r);
            else
                parseError = r.error().message;
        }
    } else {
        result.parsed = parsers::summarizeTraining(text, &parseError);
    }
    if (cancelled) {
        result.state = JobState::Cancelled;
    } else if (exitCode != 0) {
        result.state = JobState::Failed;
        result.error = !parseError.isEmpty() && s.tool != QLatin1String("train")
            ? parseError
            : text.trimmed().section(QLatin1Char('\n'), -1);
    } else {
        result.state = JobState::Succeeded;
    }
    emit job.runner->finished(result);
}

}  // namespace roce::sim
