#include "sim/observe/simpingmesh.h"

#include "collect/pingmesh/pinglist.h"
#include "sim/observe/fabricrows.h"

#include <algorithm>

namespace roce::sim {

namespace {
/// A probe: 64-byte UD send with its headers, on the wire.
constexpr double kProbeWireBits = (64 + 20) * 8;
/// Store-and-forward and lookup of a cut-through switch for a small frame.
constexpr double kSwitchLatencyUs = 0.8;
/// Post to completion on each side with hardware timestamps (what stays in the RTT).
constexpr double kNicUs = 0.9;
/// A healthy responder's turnaround: its poll of the receive completion and its post of the
/// reply, between the NIC's two completion timestamps.
constexpr double kHealthyTurnaroundUs = 1.6;
}  // namespace

SimPingmesh::SimPingmesh(Fabric &fabric, Options options)
    : m_fabric(fabric), m_options(options), m_router(fabric.spec()), m_rng(options.seed)
{
    const FabricSpec &spec = fabric.spec();
    for (const HostSpec &h : spec.hosts) {
        pingmesh::Endpoint e;
        e.host = hostOfNic(spec, h);
        e.device = h.rdmaDevice;
        const int port = spec.nicPorts[h.nicPort].switchPort;
        if (port >= 0) {
            e.switchName = spec.switches[spec.switchPorts[port].switchIndex].name;
            e.switchPort = spec.switchPorts[port].name;
        }
        m_endpoints.append(e);
    }
    pingmesh::PinglistOptions listOptions;
    listOptions.seed = options.seed;
    m_pairs = pingmesh::makePinglist(m_endpoints, listOptions);
    m_pairsOf.resize(m_endpoints.size());
    for (int i = 0; i < m_pairs.size(); ++i)
        m_pairsOf[m_pairs[i].src].append(i);
    m_nextPair.fill(0, m_endpoints.size());
    m_due.fill(0, m_endpoints.size());
    m_pairRound.fill(0, m_pairs.size());
    m_ports = pingmesh::sweepSourcePorts(std::max(1, options.sourcePorts));
}

pingmesh::FabricPaths SimPingmesh::paths() const
{
    const FabricSpec &spec = m_fabric.spec();
    pingmesh::FabricPaths paths;
    auto id = [&](int port) -> QString {
        const SwitchPortSpec &p = spec.switchPorts[port];
        return spec.switches[p.switchIndex].name + QLatin1Char('/') + p.name;
    };
    for (int p = 0; p < spec.switchPorts.size(); ++p) {
        const SwitchPortSpec &sp = spec.switchPorts[p];
        if (sp.peerKind != PeerKind::SwitchPort || spec.switches[sp.switchIndex].role == u"spine")
            continue;
        paths.uplinks[spec.switches[sp.switchIndex].name].append(id(p));
        paths.farEnd.insert(id(p), id(sp.peer));
    }
    return paths;
}

std::optional<double> SimPingmesh::oneWayUs(int fromHost, int toHost, unsigned hash)
{
    const FabricSpec &spec = m_fabric.spec();
    const ModelParams &params = m_fabric.params();
    const int cos = m_fabric.qosConfig().noDropPfcCos;
    const int roce = m_fabric.qosConfig().noDropGroup;
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const double linkUs = double(params.timing.linkDelay) / kNsPerUs;
    double us = kNicUs;
    for (int h : {fromHost, toHost}) {
        if (h == m_badNic) {
            if (unit(m_rng) < m_options.badNicLoss)
                return std::nullopt;
            us += double(m_options.badNicDelay) / kNsPerUs;
        }
    }
    const int fromNic = spec.hosts[fromHost].nicPort;
    const int toNic = spec.hosts[toHost].nicPort;
    const Route route = m_router.route(fromNic, toNic, hash);
    if (route.hops == 0)
        return std::nullopt;
    const HostCounters dst = m_fabric.hostCounters(toHost);
    if (!dst.linkUp || !m_fabric.hostCounters(fromHost).linkUp)
        return std::nullopt;
    int ingress = spec.nicPorts[fromNic].switchPort;
    // A damaged cable (a fault the fabric itself carries, as the live scenarios set it)
    // corrupts probes as it corrupts data, both ways: the probe crossing it is lost at its
    // rate, whether or not data still flows to count the CRC errors.
    const auto corrupted = [&](int port, int peer) {
        const double rate = std::max(port >= 0 ? m_fabric.linkErrorRate(port) : 0.0,
                                     peer >= 0 ? m_fabric.linkErrorRate(peer) : 0.0);
        return rate > 0 && unit(m_rng) < rate;
    };
    if (corrupted(ingress, -1))
        return std::nullopt;
    {
        // The sender's own port: paused by its switch, the probe waits for the pause to end.
        const SwitchPortCounters first = m_fabric.switchPortCounters(ingress);
        if (first.cosTxPauseActive[std::size_t(cos)]) {
            us += unit(m_rng) * double(pauseDuration(params.sw.pauseQuanta, first.speed)) / kNsPerUs
                / 2;
        }
    }
    for (int hop = 0; hop < route.hops; ++hop) {
        if (ingress == m_badLink && unit(m_rng) < m_options.badLinkLoss) {
            m_crc += 1;
            return std::nullopt;
        }
        const int egress = route.egress[hop];
        const SwitchPortCounters out = m_fabric.switchPortCounters(egress);
        if (!out.operUp || out.speed <= 0)
            return std::nullopt;
        const double bitsPerUs = double(out.speed) / 1e6;
        us += linkUs + kSwitchLatencyUs + kProbeWireBits / bitsPerUs
            + double(out.qosDepth[std::size_t(roce)]) * 8 / bitsPerUs;
        if (out.cosRxPauseActive[std::size_t(cos)]) {
            us += unit(m_rng) * double(pauseDuration(params.sw.pauseQuanta, out.speed)) / kNsPerUs
                / 2;
        }
        const SwitchPortSpec &sp = spec.switchPorts[egress];
        ingress = sp.peerKind == PeerKind::SwitchPort ? sp.peer : -1;
        if (corrupted(egress, ingress))
            return std::nullopt;
    }
    us += linkUs;
    return us;
}

double SimPingmesh::hostDelayUs(int host)
{
    if (m_hostDelayAt != m_fabric.now()) {
        // Against the median host: the healthy profile all hosts share (the reference lab's
        // VMs are slow alike, and that is their baseline, not a fault).
        m_hostDelayAt = m_fabric.now();
        const int hosts = int(m_fabric.spec().hosts.size());
        QList<TimeNs> latency;
        for (int h = 0; h < hosts; ++h)
            latency.append(m_fabric.hostConfig(h).rdmaHostLatency);
        QList<TimeNs> sorted = latency;
        std::sort(sorted.begin(), sorted.end());
        const TimeNs common = sorted.isEmpty() ? 0 : sorted[sorted.size() / 2];
        m_hostDelayUs.resize(hosts);
        for (int h = 0; h < hosts; ++h)
            m_hostDelayUs[h] = double(std::max<TimeNs>(0, latency[h] - common)) / kNsPerUs;
    }
    return host >= 0 && host < m_hostDelayUs.size() ? m_hostDelayUs[host] : 0.0;
}

std::optional<SimPingmesh::Timing> SimPingmesh::roundTrip(int src, int dst, quint16 sport)
{
    const FabricSpec &spec = m_fabric.spec();
    const int srcSwitch
        = spec.switchPorts[spec.nicPorts[spec.hosts[src].nicPort].switchPort].switchIndex;
    const int dstSwitch
        = spec.switchPorts[spec.nicPorts[spec.hosts[dst].nicPort].switchPort].switchIndex;
    ++m_sent;
    const auto there = oneWayUs(src, dst, ecmpHash(sport, srcSwitch, dstSwitch, m_polarized));
    const auto back = there
        ? oneWayUs(dst, src, ecmpHash(sport + 1, dstSwitch, srcSwitch, m_polarized))
        : std::nullopt;
    if (!there || !back)
        return std::nullopt;
    // Completion timestamps jitter by a few tens of nanoseconds, and they are taken by the
    // NICs: a slow host posts its probe late and its reply late, which moves the timestamps
    // with it and leaves the round trip alone. The responder's delay shows in its turnaround
    // (receive completion to send completion): a healthy host's poll and post, and what a
    // slow one adds. The prober's own delay shows when it answers others.
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Timing t;
    t.rttUs = *there + *back + unit(m_rng) * 0.05;
    t.turnaroundUs = kHealthyTurnaroundUs + hostDelayUs(dst) + unit(m_rng) * 0.2;
    return t;
}

void SimPingmesh::probe(TimeNs span, pingmesh::PairMatrix &matrix, qint64 nowMs)
{
    if (m_badLink >= 0) {
        // Data frames into the bad link are corrupted too: the switch counts them.
        const quint64 rx = m_fabric.switchPortCounters(m_badLink).rxPkts;
        if (m_lastRxPkts > 0 && rx > m_lastRxPkts)
            m_crc += double(rx - m_lastRxPkts) * m_options.badLinkLoss;
        m_lastRxPkts = rx;
    }
    const double seconds = double(span) / kNsPerSec;
    for (int e = 0; e < m_endpoints.size(); ++e) {
        if (m_pairsOf[e].isEmpty())
            continue;
        m_due[e] += m_options.probesPerSecond * seconds;
        while (m_due[e] >= 1) {
            m_due[e] -= 1;
            const int pair = m_pairsOf[e][m_nextPair[e]];
            m_nextPair[e] = (m_nextPair[e] + 1) % int(m_pairsOf[e].size());
            const quint16 sport = m_ports[m_pairRound[pair]++ % m_ports.size()];
            const pingmesh::PingPair &p = m_pairs[pair];
            pingmesh::ProbeOutcome outcome;
            outcome.pair = pair;
            outcome.udpSport = sport;
            outcome.timestamps = pingmesh::TimestampSource::Hardware;
            const auto timing = roundTrip(p.src, p.dst, sport);
            outcome.lost = !timing;
            outcome.rttUs = timing ? timing->rttUs : 0;
            outcome.turnaroundUs = timing ? timing->turnaroundUs : -1;
            matrix.add(nowMs, outcome);
        }
    }
}

}  // namespace roce::sim
