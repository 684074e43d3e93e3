#include "sim/engine/packetfabric.h"

#include "sim/engine/fabricstate.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace roce::sim {

using namespace detail;

namespace {
constexpr std::int64_t kBitNsPerByte = 8 * kNsPerSec;  // 1 byte at 1 bps takes 8e9 ns
constexpr int kQ16 = 16;
const std::uint32_t kCnpRecip = detail::reciprocal(int(kCnpFrameBytes + kWireGap));

}  // namespace

struct PacketFabric::Impl {
    FabricSpec spec;
    ModelParams params;
    Router router;
    SwitchQosConfig qos;
    std::vector<SwitchFaults> switchFaults;  ///< per switch
    std::vector<SwitchQueuing> queuing;      ///< per switch
    std::vector<DcqcnParams> hostDcqcn;      ///< per host; reaction points point into it
    TimeNs now = 0;
    std::int64_t stepsSinceQueueReset = 0;
    bool ecmpPolarized = false;

    std::vector<SwitchPortState> ports;
    std::vector<NicPortState> nics;
    std::vector<HostState> hosts;
    std::vector<int> nicFirstHost;  ///< a host behind each NIC port (its PFC settings apply)
    std::vector<Bytes> switchUsed;
    std::vector<FlowState> flows;
    std::vector<ProbeState> probes;
    std::vector<TrainingState> jobs;

    // Data in flight on links: a wheel of linkDelay/dt + 1 slots.
    std::vector<std::vector<Arrival>> wheel;
    std::int64_t wheelStep = 0;  // step index of slot 0's next use
    std::size_t inFlight = 0;
    std::priority_queue<Event, std::vector<Event>, EventLater> events;
    std::uint64_t eventOrder = 0;

    ActiveSet activeNics, activeEgress, pfcWatch;
    std::vector<int> rdmaFlows;
    std::vector<int> stalledNics;  ///< NICs whose receive buffer logic runs (stalled or pausing)
    int delayStepsCached = 1;
    std::size_t sendSlot = 0;  ///< wheel slot for data emitted in the current step
    TimeNs nextWatchdogPoll = 0;

    Impl(FabricSpec s, ModelParams p) : spec(std::move(s)), params(p), router(spec) { }

    TimeNs dt() const { return params.timing.dt; }
    int delaySteps() const { return delayStepsCached; }
    void updateDelay()
    {
        delayStepsCached = int(std::max<TimeNs>(1, (params.timing.linkDelay + dt() - 1) / dt()));
    }

    // ---------------------------------------------------------------------------------
    void init()
    {
        ports.resize(spec.switchPorts.size());
        for (std::size_t i = 0; i < ports.size(); ++i) {
            const SwitchPortSpec &sp = spec.switchPorts[int(i)];
            SwitchPortState &p = ports[i];
            p.switchIndex = sp.switchIndex;
            p.speed = sp.speed;
            p.peerKind = sp.peerKind;
            p.peer = sp.peer;
            p.up = sp.peerKind != PeerKind::None;
            p.rng = Xoshiro256(params.seed, i + 1);
        }
        nics.resize(spec.nicPorts.size());
        for (std::size_t i = 0; i < nics.size(); ++i) {
            nics[i].speed = spec.nicPorts[int(i)].speed;
            nics[i].switchPort = spec.nicPorts[int(i)].switchPort;
        }
        hosts.resize(spec.hosts.size());
        nicFirstHost.assign(nics.size(), -1);
        for (int h = int(spec.hosts.size()) - 1; h >= 0; --h)
            nicFirstHost[std::size_t(spec.hosts[h].nicPort)] = h;
        switchUsed.assign(spec.switches.size(), 0);
        switchFaults.assign(spec.switches.size(), SwitchFaults {});
        queuing.assign(spec.switches.size(), switchQueuingOf(params.sw));
        hostDcqcn.assign(spec.hosts.size(), params.dcqcn);
        updateDelay();
        activeNics.resize(nics.size());
        activeEgress.resize(ports.size());
        pfcWatch.resize(ports.size());
        wheel.assign(std::size_t(delaySteps()) + 1, {});
        refreshThresholds();
        nextWatchdogPoll = params.sw.watchdogPoll;
    }

    void pushEvent(TimeNs t, EventType type, int target, int cos = 0, std::int64_t value = 0)
    {
        events.push(Event {t, eventOrder++, type, target, cos, value});
    }

    /// A new arrival on its link, due delaySteps() from now, for the caller to fill in place
    /// (built on the stack and copied, its narrow fields were stored and read back at once
    /// as wide words: a stalled store forward per chunk, a sixth of a busy step).
    Arrival &sendOnLink()
    {
        ++inFlight;
        return wheel[sendSlot].emplace_back();
    }

    void refreshThresholds()
    {
        for (auto &p : ports)
            p.staticTh = staticFor(p.switchIndex, p.speed);
    }
    PfcThresholds staticFor(int switchIndex, RateBps speed) const
    {
        PfcThresholds t = staticThresholds(queuing[std::size_t(switchIndex)], speed);
        t.headroom = std::max(t.headroom, minimumHeadroom(speed));
        return t;
    }

    static void markActive(ActiveSet &set, bool &flag, int id)
    {
        if (!flag) {
            flag = true;
            set.insert(id);
        }
    }

    /// Bytes that can still arrive after XOFF is decided, with the model's own delays: the
    /// link delay rounds up to whole steps, so a coarse step needs more headroom than the
    /// cable alone would (REFERENCE-DCQCN §4.2 sizes it for the real delays).
    Bytes minimumHeadroom(RateBps speed) const
    {
        const TimeNs reaction
            = 2 * TimeNs(delaySteps()) * dt() + params.timing.nicPfcResponse + dt();
        return Bytes(speed / 8 * reaction / kNsPerSec) + 2 * 9216;
    }

    PfcThresholds thresholdsFor(const SwitchPortState &p) const
    {
        if (queuing[std::size_t(p.switchIndex)].pfcMode == PfcThresholdMode::Dynamic) {
            const Bytes freeShared = std::max<Bytes>(
                0, spec.switches[p.switchIndex].bufferBytes - switchUsed[p.switchIndex]);
            PfcThresholds t;
            t.xoff = freeShared >> params.sw.dynamicShift;
            t.xon = std::max<Bytes>(0, t.xoff - kDynamicPauseBand);
            t.headroom = std::max(3 * p.speed / 8 * params.timing.linkDelay / kNsPerSec + 4 * 9216,
                                  minimumHeadroom(p.speed));
            return t;
        }
        return p.staticTh;
    }

    bool groupIsNoDrop(int group) const { return qos.isNoDrop(group); }

    void classify(FlowState &f) const
    {
        const FlowClass c
            = classifyFlow(qos, f.stats.kind, f.dscp, hosts[std::size_t(f.stats.src)].config,
                           hosts[std::size_t(f.stats.dst)].config);
        f.stats.qosGroup = c.qosGroup;
        f.prio = c.prio;
        f.cnpGroup = c.cnpGroup;
        f.cnpPrio = c.cnpPrio;
    }

    /// The CoS switch @p sw pauses and honours pauses on for its no-drop class.
    int pfcCosAt(int sw) const
    {
        const int own = switchFaults[std::size_t(sw)].pfcCos;
        return own >= 0 ? own : qos.noDropPfcCos;
    }
    /// CoS whose PFC frames pause @p group at switch @p sw (only the no-drop group is
    /// pausable).
    int pfcCosOfGroup(int group, int sw) const { return groupIsNoDrop(group) ? pfcCosAt(sw) : -1; }
    /// Whether the chunk crossing the cable of switch port @p port arrives corrupted.
    bool corrupted(SwitchPortState &port)
    {
        return port.errorThreshold > 0 && port.rng.bernoulli(port.errorThreshold);
    }

    // --- host side counters ----------------------------------------------------------------
    // Packets in @p bytes of wire data, with the fraction carried in @p residue (Q16).
    static std::int64_t packetsQ16(std::int64_t &residue, Bytes bytes, std::uint32_t recip)
    {
        residue += std::int64_t((std::uint64_t(bytes) * recip) >> (32 - kQ16));
        const std::int64_t packets = residue >> kQ16;
        residue &= (std::int64_t(1) << kQ16) - 1;
        return packets;
    }
    // Frame bytes (what counters count) of @p wire bytes: minus preamble and gap per packet.
    static Bytes frameBytes(Bytes wire, std::uint32_t recip)
    {
        return wire - Bytes((std::uint64_t(wire) * kWireGap * recip) >> 32);
    }

    void countHostTx(int host, const FlowState &f, Bytes wire, bool cnp)
    {
        HostState &h = hosts[std::size_t(host)];
        const std::uint32_t recip = cnp ? kCnpRecip : f.pktRecip;
        const std::int64_t n = packetsQ16(h.txResidueQ16, wire, recip);
        const Bytes frames = frameBytes(wire, recip);
        const int prio = cnp ? f.cnpPrio : f.prio;
        h.c.txBytesPhy += quint64(frames);
        h.c.txPacketsPhy += quint64(n);
        h.c.txPrioBytes[std::size_t(prio)] += quint64(frames);
        h.c.txPrioPackets[std::size_t(prio)] += quint64(n);
        if (f.stats.kind == FlowKind::Rdma || cnp) {
            h.c.portXmitData += quint64(frames);  // bytes here; words at export
            h.c.portXmitPackets += quint64(n);
            h.c.txVportRdmaUnicastBytes += quint64(frames);
            h.c.txVportRdmaUnicastPackets += quint64(n);
        }
    }

    std::int64_t countHostRx(int host, const FlowState &f, Bytes wire, bool cnp)
    {
        HostState &h = hosts[std::size_t(host)];
        const std::uint32_t recip = cnp ? kCnpRecip : f.pktRecip;
        const std::int64_t n = packetsQ16(h.rxResidueQ16, wire, recip);
        const Bytes frames = frameBytes(wire, recip);
        const int prio = cnp ? f.cnpPrio : f.prio;
        h.c.rxBytesPhy += quint64(frames);
        h.c.rxPacketsPhy += quint64(n);
        h.c.rxPrioBytes[std::size_t(prio)] += quint64(frames);
        h.c.rxPrioPackets[std::size_t(prio)] += quint64(n);
        if (f.stats.kind == FlowKind::Rdma || cnp) {
            h.c.portRcvData += quint64(frames);
            h.c.portRcvPackets += quint64(n);
            h.c.rxVportRdmaUnicastBytes += quint64(frames);
            h.c.rxVportRdmaUnicastPackets += quint64(n);
            if (!cnp)
                h.c.rxWriteRequests += quint32(n);
        }
        return n;
    }

    // --- step phases -------------------------------------------------------------------
    void step();
    void processEvent(const Event &e);
    void pfcAtNic(int nic, int cos, std::int64_t quanta);
    void pfcAtSwitchPort(int port, int cos, std::int64_t quanta);
    void deliverArrival(const Arrival &a);
    void switchIngress(int port, const Chunk &chunk);
    /// WRED without `ecn`: @p chunk arriving at @p egressPort's RoCE queue, its drops drawn.
    void wredDropOnArrival(int portIndex, int egressPort, Chunk chunk, const WredParams &wred);
    /// Buffer admission (PFC accounting, drops) of @p chunk into @p egressPort's queue.
    void admitToEgress(int portIndex, int egressPort, const Chunk &chunk);
    void nicReceive(int nic, const Chunk &chunk);
    void receiveData(FlowState &f, const Chunk &chunk, int nic);
    void emitCnp(FlowState &f);
    void flowDelivered(FlowState &f);
    void addGoodput(FlowState &f, Bytes wireBytes);
    void runReactionPoints();
    void hostTransmit();
    void nicTransmit(int nic);
    void switchEgress();
    void portEgress(int port);
    Bytes servePort(int port, int slot, Bytes budget);
    /// Sends a chunk that left a switch port on to its peer (the next switch, or the NIC).
    void forwardFromEgress(const SwitchPortState &p, const Chunk &head, Bytes bytes, int marks);
    void pfcStateMachine();
    void nicRxPfc();
    void watchdog();
    void dropForFlow(int flow, Bytes bytes);
    void flushPort(int port);
    void sampleQueues();
};

// =========================================================================================
// Step (REFERENCE-DCQCN §6.3)
// =========================================================================================

void PacketFabric::Impl::step()
{
    sendSlot = std::size_t((wheelStep + delaySteps()) % std::int64_t(wheel.size()));
    // 1-2. Scheduled actions and control events due now.
    while (!events.empty() && events.top().time <= now) {
        const Event e = events.top();
        events.pop();
        processEvent(e);
    }
    // 3. Data arriving on links.
    {
        const std::size_t slot = std::size_t(wheelStep % std::int64_t(wheel.size()));
        std::vector<Arrival> arrivals;
        arrivals.swap(wheel[slot]);
        inFlight -= arrivals.size();
        for (const Arrival &a : arrivals)
            deliverArrival(a);
        arrivals.clear();
        if (wheel[slot].empty())
            wheel[slot].swap(arrivals);  // keep the capacity for reuse
    }
    // 4. Reaction-point timers and retransmission timeouts.
    runReactionPoints();
    // 5. Host transmission.
    hostTransmit();
    // 6. Switch egress scheduling, ECN marking at dequeue.
    switchEgress();
    // 7. PFC state machines (switch ingress, then drain-limited NICs).
    pfcStateMachine();
    nicRxPfc();
    // 8. PFC watchdog.
    if (params.sw.pfcWatchdog && now >= nextWatchdogPoll) {
        watchdog();
        nextWatchdogPoll += params.sw.watchdogPoll;
    }
    // 9. Telemetry.
    sampleQueues();
    ++stepsSinceQueueReset;
    ++wheelStep;
    now += dt();
}

void PacketFabric::Impl::processEvent(const Event &e)
{
    switch (e.type) {
    case EventType::PfcAtNic:
        pfcAtNic(e.target, e.cos, e.value);
        break;
    case EventType::PfcAtSwitchPort:
        pfcAtSwitchPort(e.target, e.cos, e.value);
        break;
    case EventType::Nak: {
        FlowState &f = flows[std::size_t(e.target)];
        HostState &src = hosts[std::size_t(f.stats.src)];
        ++src.c.packetSeqErr;
        // Go-back-N: resend everything from the receiver's next expected byte. The sender may
        // have sent its last byte and gone idle meanwhile: it has to be woken to resend.
        if (f.sentSeq > e.value) {
            f.stats.retransmittedBytes += f.sentSeq - e.value;
            f.sentSeq = e.value;
            markActive(activeNics, nics[std::size_t(f.srcNic)].activeTx, f.srcNic);
        }
        f.lastProgress = now;
        break;
    }
    case EventType::NpWindowEnd: {
        FlowState &f = flows[std::size_t(e.target)];
        f.npTimerArmed = false;
        if (f.cnpPending) {
            f.cnpPending = false;
            emitCnp(f);
        }
        break;
    }
    case EventType::ProbeSend: {
        ProbeState &p = probes[std::size_t(e.target)];
        const bool forward = e.value == 0;
        FlowState &f = flows[std::size_t(forward ? p.flowAB : p.flowBA)];
        if (forward)
            p.t0 = now;
        const Bytes wire = wireBytesFor(p.options.messageBytes, f.pktPayload,
                                        f.pktWire - f.pktPayload - kWireGap);
        f.demandTotal = std::max<std::int64_t>(f.demandTotal, 0) + wire;
        f.notifyAt = f.demandTotal;
        f.lastProgress = now;
        const int nic = f.srcNic;
        markActive(activeNics, nics[std::size_t(nic)].activeTx, nic);
        break;
    }
    case EventType::TrainingComputeDone: {
        TrainingState &job = jobs[std::size_t(e.target)];
        if (!ringAllReduceStarts(job, now))
            break;
        const Bytes payload = ringChunkPayload(job);
        for (int flow : std::as_const(job.flows)) {
            FlowState &f = flows[std::size_t(flow)];
            f.demandTotal = std::max<std::int64_t>(f.demandTotal, 0)
                + wireBytesFor(payload, f.pktPayload, f.pktWire - f.pktPayload - kWireGap);
            f.notifyAt = f.demandTotal;
            f.lastProgress = now;
            markActive(activeNics, nics[std::size_t(f.srcNic)].activeTx, f.srcNic);
        }
        break;
    }
    }
}

void PacketFabric::Impl::pfcAtNic(int nic, int cos, std::int64_t quanta)
{
    NicPortState &n = nics[std::size_t(nic)];
    if (!n.up)
        return;
    ++n.rxPauseCtrl;
    // The NIC honours PFC only for priorities it has PFC enabled on (mlnx_qos --pfc).
    const int host = nicFirstHost[std::size_t(nic)];
    const quint8 enabled = host < 0 ? 0 : hosts[std::size_t(host)].config.pfcEnabledPrios;
    if (!(enabled & (1u << cos)))
        return;
    if (quanta > 0)
        ++n.rxPrioPause[std::size_t(cos)];
    bool transition = false;
    applyPause(n.rxPause[cos], quanta, n.speed, now, &transition);
    if (transition)
        ++n.rxPrioPauseTransition[std::size_t(cos)];
}

void PacketFabric::Impl::pfcAtSwitchPort(int port, int cos, std::int64_t quanta)
{
    SwitchPortState &p = ports[std::size_t(port)];
    if (!p.up)
        return;
    ++p.c.rxPpp;
    ++p.c.cosRxPause[std::size_t(cos)];
    applyPause(p.egressPause[cos], quanta, p.speed, now, nullptr);
    if (quanta == 0 && (p.qBytes[SlotRoce] > 0 || p.qBytes[SlotDefault] > 0))
        markActive(activeEgress, p.activeEgress, port);
}

void PacketFabric::Impl::deliverArrival(const Arrival &a)
{
    // A damaged cable: the receiving end counts a bad FCS and drops the frames; the sender
    // learns of the loss as of any other (the receiver's NAK, or its own timeout).
    if (a.switchPort >= 0) {
        SwitchPortState &in = ports[std::size_t(a.switchPort)];
        if (corrupted(in)) {
            in.c.rxCrcErrors += quint64(std::max(1, a.chunk.bytes / a.chunk.pktWire));
            if (a.chunk.kind == ChunkKind::Data)
                dropForFlow(a.chunk.flow, a.chunk.bytes);
            return;
        }
        switchIngress(a.switchPort, a.chunk);
        return;
    }
    NicPortState &nic = nics[std::size_t(a.nicPort)];
    if (nic.switchPort >= 0 && corrupted(ports[std::size_t(nic.switchPort)])) {
        nic.rxCrcErrors += quint64(std::max(1, a.chunk.bytes / a.chunk.pktWire));
        if (a.chunk.kind == ChunkKind::Data)
            dropForFlow(a.chunk.flow, a.chunk.bytes);
        return;
    }
    nicReceive(a.nicPort, a.chunk);
}

// --- switch ingress: MMU admission (§6.5) --------------------------------------------------

void PacketFabric::Impl::dropForFlow(int flow, Bytes bytes)
{
    Q_UNUSED(bytes)
    FlowState &f = flows[std::size_t(flow)];
    if (f.stats.kind == FlowKind::Tcp && now - f.lastCwndCut > 4 * params.timing.linkDelay) {
        // TCP: one multiplicative decrease per loss episode; SACK resends only the loss.
        f.cwnd = std::max<Bytes>(f.cwnd / 2, 2 * f.pktWire);
        f.lastCwndCut = now;
    }
    // RDMA: nothing to do here; the receiver sees the gap (NAK) or the sender times out.
}

void PacketFabric::Impl::switchIngress(int portIndex, const Chunk &chunk)
{
    SwitchPortState &in = ports[std::size_t(portIndex)];
    if (!in.up)
        return;  // cable down: frames on the wire are lost
    const std::uint32_t recip = chunk.pktRecip;
    const std::int64_t packets = packetsQ16(in.rxResidueQ16, chunk.bytes, recip);
    in.c.rxPkts += quint64(packets);
    in.c.rxBytes += quint64(frameBytes(chunk.bytes, recip));

    const FlowState &f = flows[std::size_t(chunk.flow)];
    const Route &route = chunk.kind == ChunkKind::Cnp ? f.reverse : f.route;
    const int egressPort = route.egress[chunk.hop];
    SwitchPortState &out = ports[std::size_t(egressPort)];
    const WredParams &wred = queuing[std::size_t(out.switchIndex)].wred;
    if (chunk.kind == ChunkKind::Data && slotOfGroup(chunk.group) == SlotRoce && out.up
        && wred.enabled && !wred.ecn && !switchFaults[std::size_t(out.switchIndex)].ecnNotApplied
        && out.qBytes[SlotRoce] > wred.kmin) {
        wredDropOnArrival(portIndex, egressPort, chunk, wred);
        return;
    }
    admitToEgress(portIndex, egressPort, chunk);
}

void PacketFabric::Impl::wredDropOnArrival(int portIndex, int egressPort, Chunk chunk,
                                           const WredParams &wred)
{
    // WRED without `ecn` drops as packets arrive at the queue, on its depth then (above the
    // maximum threshold every one, so the queue stays near it), each packet drawn apart. The
    // packets ahead of the first dropped one go on in order; the rest (less the other drops)
    // arrive past a gap, where the receiver discards them and NAKs, as on the wire.
    SwitchPortState &out = ports[std::size_t(egressPort)];
    const Bytes qNow = out.qBytes[SlotRoce];
    const Bytes pkt = chunk.pktWire;
    const std::int64_t packets = std::max<std::int64_t>(1, (chunk.bytes + pkt / 2) / pkt);
    std::int64_t dropped = 0, firstDropped = 0;
    if (qNow > wred.kmax) {
        dropped = packets;
    } else {
        const std::uint64_t frac32
            = (std::uint64_t(qNow - wred.kmin) << 32) / std::uint64_t(wred.kmax - wred.kmin);
        const std::uint64_t threshold = (frac32 * std::uint64_t(wred.pmaxPercent) / 100) << 32;
        for (std::int64_t k = 0; k < packets; ++k) {
            if (out.rng.bernoulli(threshold) && dropped++ == 0)
                firstDropped = k;
        }
    }
    if (dropped == 0) {
        admitToEgress(portIndex, egressPort, chunk);
        return;
    }
    out.c.qosDropPkts[std::size_t(chunk.group)] += quint64(dropped);
    out.c.qosEcnPkts[std::size_t(chunk.group)] += quint64(dropped);  // WRED's selected ones
    const Bytes lost = std::min<Bytes>(chunk.bytes, dropped * pkt);
    out.c.qosDropBytes[std::size_t(chunk.group)] += quint64(frameBytes(lost, chunk.pktRecip));
    dropForFlow(chunk.flow, lost);
    const Bytes ahead = std::min<Bytes>(chunk.bytes - lost, firstDropped * pkt);
    const Bytes behind = chunk.bytes - lost - ahead;
    Chunk gap = chunk;
    gap.seq = chunk.seq + ahead + pkt;
    gap.bytes = std::int32_t(behind);
    chunk.bytes = std::int32_t(ahead);
    if (ahead > 0)
        admitToEgress(portIndex, egressPort, chunk);
    if (behind > 0)
        admitToEgress(portIndex, egressPort, gap);
}

void PacketFabric::Impl::admitToEgress(int portIndex, int egressPort, const Chunk &chunk)
{
    SwitchPortState &in = ports[std::size_t(portIndex)];
    SwitchPortState &out = ports[std::size_t(egressPort)];
    const int pkt = chunk.pktWire;
    const std::uint32_t recip = chunk.pktRecip;
    const int slot = slotOfGroup(chunk.group);
    const int sw = in.switchIndex;
    if (!out.up) {
        // Egress link down: the switch discards what is routed to it.
        out.c.qosDropPkts[std::size_t(chunk.group)] += quint64(std::max(1, chunk.bytes / pkt));
        out.c.qosDropBytes[std::size_t(chunk.group)] += quint64(frameBytes(chunk.bytes, recip));
        if (chunk.kind == ChunkKind::Data)
            dropForFlow(chunk.flow, chunk.bytes);
        return;
    }
    const Bytes b = chunk.bytes;
    const Bytes buffer = spec.switches[sw].bufferBytes;

    bool admit = true;
    bool ingressDrop = false;
    if (switchUsed[std::size_t(sw)] + b > buffer) {
        admit = false;
        ingressDrop = groupIsNoDrop(chunk.group);
    } else if (groupIsNoDrop(chunk.group)) {
        const PfcThresholds th = thresholdsFor(in);
        if (in.pfcOn) {
            if (in.ing - params.sw.reservePerPg < th.xoff) {
                in.ing += b;
            } else if (in.hdrm + b <= th.headroom) {
                in.hdrm += b;
                in.ing += b;
            } else {
                admit = false;  // headroom overflow: a misconfiguration indicator
                ingressDrop = true;
            }
        } else if (in.ing + b <= th.xoff + th.headroom) {
            // PFC off on the port while the class is still no-drop: the pause buffer
            // (Pause Buff Size) fills and then drops, counted as Ingress MMU drops.
            in.ing += b;
        } else {
            admit = false;
            ingressDrop = true;
        }
        markActive(pfcWatch, in.watchedPfc, portIndex);
    } else if (slot != SlotCnp) {
        // Lossy class: dynamic egress tail-drop limit on the free shared buffer.
        const Bytes limit = std::max<Bytes>(0, buffer - switchUsed[std::size_t(sw)])
            >> params.sw.lossyQueueAlphaShift;
        if (out.qBytes[slot] + b > limit) {
            admit = false;
            const std::int64_t n = std::max<std::int64_t>(1, b / pkt);
            out.c.qosDropPkts[std::size_t(chunk.group)] += quint64(n);
            out.c.qosDropBytes[std::size_t(chunk.group)] += quint64(frameBytes(b, recip));
        }
    }
    if (!admit) {
        if (ingressDrop) {
            const std::int64_t n = std::max<std::int64_t>(1, (b + pkt / 2) / pkt);
            in.c.ingressMmuDropPkts += quint64(n);
            in.c.ingressMmuDropBytes += quint64(frameBytes(b, recip));
        }
        if (chunk.kind == ChunkKind::Data)
            dropForFlow(chunk.flow, b);
        return;
    }

    // The ingress port it holds buffer at (no-drop only), set on the queued copy: a narrow
    // store to the argument read back at once as wide words would stall the copy.
    const int ingress = groupIsNoDrop(chunk.group) ? portIndex : -1;
    switchUsed[std::size_t(sw)] += b;
    out.qBytes[slot] += b;
    ChunkFifo &q = out.queue[slot];
    if (!q.empty()) {
        Chunk &tail = q.back();
        if (tail.flow == chunk.flow && tail.kind == chunk.kind && tail.ingress == ingress
            && tail.hop == chunk.hop && tail.seq + tail.bytes == chunk.seq
            && chunk.kind == ChunkKind::Data) {
            tail.bytes += chunk.bytes;
            tail.marks += chunk.marks;
            markActive(activeEgress, out.activeEgress, egressPort);
            return;
        }
    }
    q.push(chunk);
    q.back().ingress = ingress;
    markActive(activeEgress, out.activeEgress, egressPort);
}

// --- NIC receive ---------------------------------------------------------------------------

void PacketFabric::Impl::nicReceive(int nicIndex, const Chunk &chunk)
{
    NicPortState &nic = nics[std::size_t(nicIndex)];
    if (!nic.up)
        return;
    FlowState &f = flows[std::size_t(chunk.flow)];
    if (nic.stalled) {
        // The host stopped draining the NIC (PCIe/driver stall): the receive buffer fills,
        // the NIC pauses the switch, and what does not fit is discarded.
        const Bytes capacity = 130944;
        if (nic.rxBuffer + chunk.bytes > capacity) {
            const int prio = chunk.kind == ChunkKind::Cnp ? f.cnpPrio : f.prio;
            const quint64 n = quint64(std::max(1, chunk.bytes / chunk.pktWire));
            nic.rxPrioDiscards[std::size_t(prio)] += n;
            nic.rxDiscards += n;
        } else {
            nic.rxBuffer += chunk.bytes;
        }
        return;
    }
    if (chunk.kind == ChunkKind::Cnp) {
        HostState &src = hosts[std::size_t(f.stats.src)];
        countHostRx(f.stats.src, f, chunk.bytes, true);
        if (src.config.ecnRpPrios & (1u << f.prio)) {
            ++src.c.rpCnpHandled;
            ++f.stats.cnpsHandled;
            f.rp.onCnp(now);
        } else {
            ++src.c.rpCnpIgnored;  // ECN/CC disabled on the adapter for this priority
        }
        return;
    }
    receiveData(f, chunk, nicIndex);
}

void PacketFabric::Impl::receiveData(FlowState &f, const Chunk &chunk, int nic)
{
    Q_UNUSED(nic)
    const int dst = f.stats.dst;
    HostState &h = hosts[std::size_t(dst)];
    const std::int64_t packets = countHostRx(dst, f, chunk.bytes, false);
    f.stats.rxBytes += chunk.bytes;

    if (f.stats.kind == FlowKind::Tcp) {
        // SACK-style receiver: every byte that arrives is delivered.
        f.expected += chunk.bytes;
        addGoodput(f, chunk.bytes);
        f.lastProgress = now;
        flowDelivered(f);
        return;
    }

    if (chunk.marks > 0) {
        h.c.npEcnMarkedRocePackets += quint64(chunk.marks);
        f.stats.ceMarks += quint64(chunk.marks);
        if (h.config.ecnNpPrios & (1u << f.prio)) {
            const DcqcnParams &dc = hostDcqcn[std::size_t(f.stats.dst)];
            if (now - f.lastCnp >= dc.minTimeBetweenCnps) {
                // Without a CNP interval (SimAI's NP) every marked packet has its own CNP.
                const int cnps = dc.minTimeBetweenCnps > 0 ? 1 : int(chunk.marks);
                for (int i = 0; i < cnps; ++i)
                    emitCnp(f);
            } else if (dc.deferCnp && !f.cnpPending) {
                // Paper NP: one CNP deferred to the end of the window.
                f.cnpPending = true;
                if (!f.npTimerArmed) {
                    f.npTimerArmed = true;
                    pushEvent(f.lastCnp + dc.minTimeBetweenCnps, EventType::NpWindowEnd,
                              chunk.flow);
                }
            }
        }
    }

    if (chunk.seq == f.expected) {
        f.expected += chunk.bytes;
        addGoodput(f, chunk.bytes);
        f.lastProgress = now;
        flowDelivered(f);
    } else if (chunk.seq > f.expected) {
        // A gap: packets after a loss. Counted and discarded; one NAK per gap.
        h.c.outOfSequence += quint32(std::max<std::int64_t>(1, packets));
        if (f.nakFor != f.expected) {
            f.nakFor = f.expected;
            const TimeNs back = TimeNs(f.reverse.hops + 1) * params.timing.linkDelay;
            pushEvent(now + back, EventType::Nak, chunk.flow, 0, f.expected);
        }
    } else {
        h.c.duplicateRequest += quint32(std::max<std::int64_t>(1, packets));
    }
}

void PacketFabric::Impl::emitCnp(FlowState &f)
{
    HostState &h = hosts[std::size_t(f.stats.dst)];
    f.lastCnp = now;
    ++h.c.npCnpSent;
    ++f.stats.cnpsSent;
    countHostTx(f.stats.dst, f, kCnpFrameBytes + kWireGap, true);
    // CNPs leave the NP at once (NP latency), as a frame in the strict-priority class.
    const int port = nics[std::size_t(f.dstNic)].switchPort;
    if (port < 0 || !nics[std::size_t(f.dstNic)].up || f.reverse.hops == 0)
        return;
    Arrival &a = sendOnLink();
    a.switchPort = port;
    Chunk &c = a.chunk;
    c.flow = int(&f - flows.data());
    c.bytes = int(kCnpFrameBytes + kWireGap);
    c.pktWire = std::int16_t(kCnpFrameBytes + kWireGap);
    c.pktRecip = kCnpRecip;
    c.hop = 0;
    c.group = std::int8_t(f.cnpGroup);
    c.kind = ChunkKind::Cnp;
}

void PacketFabric::Impl::addGoodput(FlowState &f, Bytes wireBytes)
{
    f.stats.goodputBytes += wireBytes * f.pktPayload / f.pktWire;
    // Per-chunk integer division loses a few bytes; a finite flow that delivered all of its
    // wire bytes delivered all of its payload (the tool's transfer completes).
    if (f.payloadTotal > 0 && f.expected >= f.demandTotal)
        f.stats.goodputBytes = std::max(f.stats.goodputBytes, f.payloadTotal);
}

void PacketFabric::Impl::flowDelivered(FlowState &f)
{
    if (f.notifyAt < 0 || f.expected < f.notifyAt)
        return;
    f.notifyAt = -1;
    if (f.owner == NotifyOwner::Probe) {
        ProbeState &p = probes[std::size_t(f.ownerId)];
        const int flowIndex = int(&f - flows.data());
        if (flowIndex == p.flowAB) {
            // The responder completes the receive and posts the reply.
            pushEvent(now
                          + hosts[std::size_t(p.hostB)].config.rdmaHostLatency
                              * (f.stats.kind == FlowKind::Rdma ? 1 : 0)
                          + hosts[std::size_t(p.hostB)].config.tcpHostLatency
                              * (f.stats.kind == FlowKind::Tcp ? 1 : 0),
                      EventType::ProbeSend, f.ownerId, 0, 1);
        } else {
            const HostConfig &ca = hosts[std::size_t(p.hostA)].config;
            const TimeNs hostA
                = f.stats.kind == FlowKind::Rdma ? ca.rdmaHostLatency : ca.tcpHostLatency;
            const TimeNs rtt = now - p.t0 + hostA;
            p.result.oneWayNs.append(rtt / 2);
            if (p.result.oneWayNs.size() >= p.options.iterations) {
                p.result.finished = true;
                flows[std::size_t(p.flowAB)].stats.active = false;
                flows[std::size_t(p.flowBA)].stats.active = false;
            } else {
                pushEvent(now, EventType::ProbeSend, f.ownerId, 0, 0);
            }
        }
        return;
    }
    if (f.owner == NotifyOwner::Training) {
        TrainingState &job = jobs[std::size_t(f.ownerId)];
        switch (ringChunkDelivered(job, now)) {
        case RingProgress::Wait:
            return;
        case RingProgress::NextChunk: {
            // Next ring step: every rank forwards its chunk to its neighbour.
            const Bytes payload = ringChunkPayload(job);
            for (int flow : std::as_const(job.flows)) {
                FlowState &g = flows[std::size_t(flow)];
                g.demandTotal
                    += wireBytesFor(payload, g.pktPayload, g.pktWire - g.pktPayload - kWireGap);
                g.notifyAt = g.demandTotal;
                g.lastProgress = now;
                markActive(activeNics, nics[std::size_t(g.srcNic)].activeTx, g.srcNic);
            }
            return;
        }
        case RingProgress::Finished:
            for (int flow : std::as_const(job.flows))
                flows[std::size_t(flow)].stats.active = false;
            return;
        case RingProgress::NextIteration:
            pushEvent(now + job.options.computeTime, EventType::TrainingComputeDone, f.ownerId);
            return;
        }
    }
}

// --- reaction points and timeouts ----------------------------------------------------------

void PacketFabric::Impl::runReactionPoints()
{
    const TimeNs timeout = params.timing.ackTimeout;
    for (int id : rdmaFlows) {
        FlowState &f = flows[std::size_t(id)];
        if (!f.stats.active)
            continue;
        if (f.rp.nextTimer() <= now)
            f.rp.runTimers(now);
        if (f.sentSeq > f.expected && now - f.lastProgress > timeout) {
            // Retransmission timer expired without progress: local_ack_timeout_err, resend.
            ++hosts[std::size_t(f.stats.src)].c.localAckTimeoutErr;
            f.stats.retransmittedBytes += f.sentSeq - f.expected;
            f.sentSeq = f.expected;
            f.lastProgress = now;
            markActive(activeNics, nics[std::size_t(f.srcNic)].activeTx, f.srcNic);
        }
    }
}

// --- host transmit: water-filling over the NIC's QPs (§6.3 step 5) --------------------------

void PacketFabric::Impl::hostTransmit()
{
    activeNics.forEach([this](int nic) {
        nicTransmit(nic);
        if (!nics[std::size_t(nic)].activeTx)
            activeNics.erase(nic);
    });
}

void PacketFabric::Impl::nicTransmit(int nicIndex)
{
    NicPortState &nic = nics[std::size_t(nicIndex)];
    const TimeNs step = dt();
    struct Want {
        int flow;
        Bytes bytes;
    };
    Want wants[256];
    int count = 0;
    Bytes total = 0;
    bool anyBacklog = false;
    for (int id : nic.flows) {
        FlowState &f = flows[std::size_t(id)];
        if (!f.stats.active)
            continue;
        const bool unlimited = f.demandTotal < 0;
        Bytes backlog = unlimited ? Bytes(1) << 40 : f.demandTotal - f.sentSeq;
        if (backlog <= 0)
            continue;
        anyBacklog = true;
        if (!nic.up || now < nic.rxPause[f.prio].pausedUntil)
            continue;
        RateBps rate = f.stats.kind == FlowKind::Rdma ? f.rp.currentRate() : nic.speed;
        if (f.stats.kind == FlowKind::Tcp) {
            const HostConfig &hc = hosts[std::size_t(f.stats.src)].config;
            // The stack ceiling is a goodput figure (what iperf3 reports): convert to wire.
            if (hc.tcpStackLimit > 0)
                rate = std::min(rate,
                                RateBps(__int128(hc.tcpStackLimit) * f.pktWire / f.pktPayload));
            const Bytes inflight = f.sentSeq - f.expected;
            backlog = std::min(backlog, std::max<Bytes>(0, f.cwnd - inflight));
            if (backlog <= 0)
                continue;
        }
        f.tokBits += rate * step;
        Bytes want = f.tokBits / kBitNsPerByte;
        want = std::min(want, backlog);
        if (want <= 0)
            continue;
        if (count < 256) {
            wants[count++] = {id, want};
            total += want;
        }
    }
    if (!anyBacklog) {
        nic.activeTx = false;
        nic.txCarryBits = 0;
        return;
    }
    nic.txCarryBits += nic.speed * step;
    const Bytes capacity = nic.txCarryBits / kBitNsPerByte;
    const Bytes send = std::min(total, capacity);
    Bytes sentTotal = 0;
    for (int i = 0; i < count; ++i) {
        FlowState &f = flows[std::size_t(wants[i].flow)];
        // Scale all wants by capacity/total (both at most a few MB per step: no overflow).
        Bytes b = total <= capacity ? wants[i].bytes
                                    : wants[i].bytes * send / std::max<Bytes>(1, total);
        if (b <= 0)
            continue;
        // The unsent remainder is carried, capped at one packet (§6.3 step 5).
        f.tokBits -= b * kBitNsPerByte;
        f.tokBits = std::min<std::int64_t>(f.tokBits, std::int64_t(f.pktWire) * kBitNsPerByte);
        if (f.sentSeq == f.expected)
            f.lastProgress = now;
        if (nic.switchPort >= 0 && f.route.hops > 0) {
            Arrival &a = sendOnLink();
            a.switchPort = nic.switchPort;
            Chunk &c = a.chunk;
            c.flow = wants[i].flow;
            c.bytes = std::int32_t(b);
            c.seq = f.sentSeq;
            c.pktWire = std::int16_t(f.pktWire);
            c.pktRecip = f.pktRecip;
            c.group = std::int8_t(f.stats.qosGroup);
            c.hop = 0;
        }
        f.sentSeq += b;
        f.stats.txBytes += b;
        sentTotal += b;
        countHostTx(f.stats.src, f, b, false);
        if (f.stats.kind == FlowKind::Rdma)
            f.rp.onBytesSent(b);
    }
    nic.txCarryBits -= sentTotal * kBitNsPerByte;
    // An idle link does not bank capacity beyond one step.
    nic.txCarryBits = std::min<std::int64_t>(nic.txCarryBits, nic.speed * step);
    nic.txCarryBits = std::max<std::int64_t>(nic.txCarryBits, 0);
    // TCP window growth: additive increase per RTT-ish epoch (slow start below ssthresh).
    for (int i = 0; i < count; ++i) {
        FlowState &f = flows[std::size_t(wants[i].flow)];
        if (f.stats.kind == FlowKind::Tcp && now - f.lastCwndGrow >= 8 * params.timing.linkDelay) {
            f.cwnd = std::min<Bytes>(f.cwnd + f.pktWire, 64 * 1024 * 1024);
            f.lastCwndGrow = now;
        }
    }
}

// --- switch egress: strict CNP class, DWRR for RoCE/default, marking at dequeue ------------

void PacketFabric::Impl::switchEgress()
{
    activeEgress.forEach([this](int port) {
        portEgress(port);
        SwitchPortState &p = ports[std::size_t(port)];
        if (p.qBytes[0] == 0 && p.qBytes[1] == 0 && p.qBytes[2] == 0) {
            p.activeEgress = false;
            activeEgress.erase(port);
        }
    });
}

void PacketFabric::Impl::portEgress(int portIndex)
{
    SwitchPortState &p = ports[std::size_t(portIndex)];
    if (!p.up) {
        p.txCarryBits = 0;
        return;
    }
    p.txCarryBits += p.speed * dt();
    Bytes budget = p.txCarryBits / kBitNsPerByte;
    const Bytes start = budget;
    // Strict priority for the CNP class.
    budget -= servePort(portIndex, SlotCnp, budget);
    // DWRR between RoCE and default by their bandwidth-remaining weights; work-conserving.
    auto eligible = [&](int slot) {
        if (p.qBytes[slot] == 0)
            return false;
        const int cos = pfcCosOfGroup(groupOfSlot(slot), p.switchIndex);
        return !(cos >= 0 && now < p.egressPause[cos].pausedUntil && now >= p.wdShutdownUntil);
    };
    const bool roce = eligible(SlotRoce);
    const bool def = eligible(SlotDefault);
    if (roce && def) {
        const int wr = params.sw.dwrrWeightRoce;
        const int wd = params.sw.dwrrWeightDefault;
        const Bytes shareRoce = budget * wr / std::max(1, wr + wd);
        Bytes used = servePort(portIndex, SlotRoce, shareRoce);
        used += servePort(portIndex, SlotDefault, budget - used);
        if (used < budget)
            used += servePort(portIndex, SlotRoce, budget - used);
        budget -= used;
    } else if (roce) {
        budget -= servePort(portIndex, SlotRoce, budget);
    } else if (def) {
        budget -= servePort(portIndex, SlotDefault, budget);
    }
    const Bytes sent = start - budget;
    p.txCarryBits -= sent * kBitNsPerByte;
    // Nothing left to send: do not bank the idle capacity.
    if (p.qBytes[0] == 0 && p.qBytes[1] == 0 && p.qBytes[2] == 0)
        p.txCarryBits = 0;
    p.txCarryBits = std::min<std::int64_t>(p.txCarryBits, p.speed * dt());
}

Bytes PacketFabric::Impl::servePort(int portIndex, int slot, Bytes budget)
{
    SwitchPortState &p = ports[std::size_t(portIndex)];
    ChunkFifo &q = p.queue[slot];
    const WredParams &wred = queuing[std::size_t(p.switchIndex)].wred;
    // ECN marks as packets leave (WRED without `ecn` dropped on arrival instead).
    const bool markable = slot == SlotRoce && wred.enabled && wred.ecn
        && !switchFaults[std::size_t(p.switchIndex)].ecnNotApplied;
    Bytes used = 0;
    while (budget - used > 0 && !q.empty()) {
        Chunk &head = q.front();
        const Bytes x = std::min<Bytes>(head.bytes, budget - used);
        const Bytes qNow = p.qBytes[slot];  // marking on the queue before this dequeue
        const std::uint32_t recip = head.pktRecip;
        const std::int64_t packets = packetsQ16(p.txResidueQ16[slot], x, recip);
        int marks = 0;
        if (markable && packets > 0 && qNow > wred.kmin && head.kind == ChunkKind::Data) {
            if (qNow > wred.kmax) {
                marks = int(packets);
            } else {
                // p = (q - Kmin)/(Kmax - Kmin) * Pmax as a 64-bit threshold, in integers.
                const std::uint64_t frac32 = (std::uint64_t(qNow - wred.kmin) << 32)
                    / std::uint64_t(wred.kmax - wred.kmin);
                const std::uint64_t threshold = (frac32 * std::uint64_t(wred.pmaxPercent) / 100)
                    << 32;
                for (std::int64_t k = 0; k < packets; ++k)
                    marks += p.rng.bernoulli(threshold) ? 1 : 0;
            }
        }
        // The part that leaves goes on the link first, copied from the head as it still is.
        forwardFromEgress(p, head, x, head.marks + marks);
        const int ingress = head.ingress;
        const std::size_t group = std::size_t(std::uint8_t(head.group));
        head.marks = 0;
        head.bytes -= std::int32_t(x);
        head.seq += x;
        // Buffer accounting: headroom first, then shared/reserve (§6.3 step 6).
        p.qBytes[slot] -= x;
        switchUsed[std::size_t(p.switchIndex)] -= x;
        if (ingress >= 0) {
            SwitchPortState &in = ports[std::size_t(ingress)];
            const Bytes fromHeadroom = std::min(in.hdrm, x);
            in.hdrm -= fromHeadroom;
            in.ing -= x;
            markActive(pfcWatch, in.watchedPfc, ingress);
        }
        if (head.bytes == 0)
            q.pop();
        used += x;
        const Bytes frames = frameBytes(x, recip);
        p.c.txPkts += quint64(packets);
        p.c.txBytes += quint64(frames);
        p.c.qosTxPkts[group] += quint64(packets);
        p.c.qosTxBytes[group] += quint64(frames);
        p.c.qosEcnPkts[group] += quint64(marks);
        p.wdTxSincePoll += x;
    }
    return used;
}

/// Puts @p bytes of the chunk at the head of an egress queue, with @p marks CE marks, on the
/// link to the port's peer.
void PacketFabric::Impl::forwardFromEgress(const SwitchPortState &p, const Chunk &head, Bytes bytes,
                                           int marks)
{
    if (p.peerKind != PeerKind::Nic && p.peerKind != PeerKind::SwitchPort)
        return;
    Arrival &a = sendOnLink();
    a.chunk = head;
    a.chunk.bytes = std::int32_t(bytes);
    a.chunk.marks = marks;
    a.chunk.ingress = -1;
    if (p.peerKind == PeerKind::Nic) {
        a.nicPort = p.peer;
    } else {
        a.switchPort = p.peer;
        a.chunk.hop = std::int8_t(head.hop + 1);
    }
}

// --- PFC (§6.3 step 7) ------------------------------------------------------------------------

void PacketFabric::Impl::pfcStateMachine()
{
    pfcWatch.forEach([this](int id) {
        SwitchPortState &p = ports[std::size_t(id)];
        const int cos = pfcCosAt(p.switchIndex);
        if (p.pfcOn && p.up && qos.noDropConfigured) {
            const PfcThresholds th = thresholdsFor(p);
            const Bytes shared = p.ing - params.sw.reservePerPg;
            const TimeNs quantaTime = pauseDuration(params.sw.pauseQuanta, p.speed);
            const TimeNs arrive = now + params.timing.linkDelay + params.timing.nicPfcResponse;
            auto send = [&](std::int64_t quanta) {
                ++p.c.txPpp;
                ++p.c.cosTxPause[std::size_t(cos)];
                if (p.peerKind == PeerKind::Nic)
                    pushEvent(arrive, EventType::PfcAtNic, p.peer, cos, quanta);
                else if (p.peerKind == PeerKind::SwitchPort)
                    pushEvent(arrive, EventType::PfcAtSwitchPort, p.peer, cos, quanta);
            };
            if (!p.paused && (shared >= th.xoff || p.hdrm > 0)) {
                p.paused = true;
                p.lastXoff = now;
                p.c.cosTxPauseActive[std::size_t(cos)] = true;
                send(params.sw.pauseQuanta);
            } else if (p.paused && shared <= th.xon && p.hdrm == 0) {
                p.paused = false;
                p.c.cosTxPauseActive[std::size_t(cos)] = false;
                send(0);
            } else if (p.paused && now - p.lastXoff >= quantaTime / 2) {
                p.lastXoff = now;  // refresh before the peer's pause timer runs out
                send(params.sw.pauseQuanta);
            }
        } else if (p.paused) {
            p.paused = false;  // PFC turned off while paused: release the peer
            p.c.cosTxPauseActive[std::size_t(cos)] = false;
            if (p.peerKind == PeerKind::Nic)
                pushEvent(now + params.timing.linkDelay, EventType::PfcAtNic, p.peer, cos, 0);
        }
        if (p.ing <= 0 && !p.paused) {
            p.watchedPfc = false;
            pfcWatch.erase(id);
        }
    });
}

void PacketFabric::Impl::nicRxPfc()
{
    for (std::size_t k = 0; k < stalledNics.size(); ++k) {
        NicPortState &n = nics[std::size_t(stalledNics[k])];
        if (!n.stalled && !n.nicPaused) {
            stalledNics.erase(stalledNics.begin() + std::ptrdiff_t(k--));
            continue;
        }
        if (!n.stalled)
            n.rxBuffer = std::max<Bytes>(0, n.rxBuffer - n.speed * dt() / kBitNsPerByte);
        const Bytes nicXoff = 130944 - 3 * 9216;
        const int prio = qos.noDropPfcCos;
        const TimeNs quantaTime = pauseDuration(params.sw.pauseQuanta, n.speed);
        auto send = [&](std::int64_t quanta) {
            ++n.txPrioPause[std::size_t(prio)];
            ++n.txPauseCtrl;
            if (n.switchPort >= 0)
                pushEvent(now + params.timing.linkDelay, EventType::PfcAtSwitchPort, n.switchPort,
                          prio, quanta);
        };
        if (!n.nicPaused && n.rxBuffer >= nicXoff) {
            n.nicPaused = true;
            n.nicLastXoff = now;
            send(params.sw.pauseQuanta);
        } else if (n.nicPaused && n.rxBuffer < nicXoff / 2) {
            n.nicPaused = false;
            send(0);
        } else if (n.nicPaused && now - n.nicLastXoff >= quantaTime / 2) {
            n.nicLastXoff = now;
            send(params.sw.pauseQuanta);
        }
    }
}

void PacketFabric::Impl::watchdog()
{
    // NX-OS PFC watchdog: a no-drop queue paused with backlog and no transmission during a
    // whole poll interval is shut down (its queue dropped) and restored after 10 polls.
    const int slot = SlotRoce;
    for (std::size_t i = 0; i < ports.size(); ++i) {
        SwitchPortState &p = ports[i];
        const int cos = pfcCosAt(p.switchIndex);
        const bool stuck
            = p.qBytes[slot] > 0 && p.wdTxSincePoll == 0 && now < p.egressPause[cos].pausedUntil;
        if (stuck && now >= p.wdShutdownUntil) {
            ++p.c.watchdogShutdowns;
            p.wdShutdownUntil = now + 10 * params.sw.watchdogPoll;
            ChunkFifo &q = p.queue[slot];
            while (!q.empty()) {
                Chunk &c = q.front();
                p.c.watchdogDroppedPkts += quint64(std::max(1, c.bytes / c.pktWire));
                if (c.ingress >= 0) {
                    SwitchPortState &in = ports[std::size_t(c.ingress)];
                    in.hdrm -= std::min(in.hdrm, Bytes(c.bytes));
                    in.ing -= c.bytes;
                    markActive(pfcWatch, in.watchedPfc, c.ingress);
                }
                switchUsed[std::size_t(p.switchIndex)] -= c.bytes;
                q.pop();
            }
            p.qBytes[slot] = 0;
        } else if (p.wdShutdownUntil > 0 && now >= p.wdShutdownUntil) {
            ++p.c.watchdogRestores;
            p.wdShutdownUntil = 0;
        }
        p.wdTxSincePoll = 0;
    }
}

void PacketFabric::Impl::sampleQueues()
{
    activeEgress.forEach([this](int id) {
        SwitchPortState &p = ports[std::size_t(id)];
        const Bytes q = p.qBytes[SlotRoce];
        p.qSum += q;
        p.qMax = std::max(p.qMax, q);
        p.c.qosDepthMax[ClassRoce] = std::max<quint64>(p.c.qosDepthMax[ClassRoce], quint64(q));
        p.c.qosDepthMax[ClassDefault]
            = std::max<quint64>(p.c.qosDepthMax[ClassDefault], quint64(p.qBytes[SlotDefault]));
    });
}

// =========================================================================================
// Public API
// =========================================================================================

PacketFabric::PacketFabric(FabricSpec spec, ModelParams params)
    : d(std::make_unique<Impl>(std::move(spec), params))
{
    d->init();
}

PacketFabric::~PacketFabric() = default;

const FabricSpec &PacketFabric::spec() const
{
    return d->spec;
}

const ModelParams &PacketFabric::params() const
{
    return d->params;
}

TimeNs PacketFabric::now() const
{
    return d->now;
}

void PacketFabric::runUntil(TimeNs t)
{
    while (d->now < t) {
        // Nothing moving and nothing scheduled before t: jump (an idle fabric is free).
        if (d->inFlight == 0 && d->activeNics.empty() && d->activeEgress.empty()
            && d->pfcWatch.empty() && !d->params.sw.pfcWatchdog) {
            bool timers = false;
            for (int id : d->rdmaFlows) {
                const FlowState &f = d->flows[std::size_t(id)];
                if (f.stats.active && (f.rp.nextTimer() < t || f.sentSeq > f.expected)) {
                    timers = true;
                    break;
                }
            }
            if (!timers) {
                TimeNs target = t;
                if (!d->events.empty())
                    target = std::min(target, d->events.top().time);
                const TimeNs steps = (target - d->now) / d->dt();
                if (steps > 1) {
                    d->now += (steps - 1) * d->dt();
                    d->wheelStep += steps - 1;
                    // Idle steps hold an empty queue: they count in the queue's time mean.
                    d->stepsSinceQueueReset += steps - 1;
                }
            }
        }
        d->step();
    }
}

int PacketFabric::startFlow(int srcHost, int dstHost, const FlowOptions &options)
{
    Impl &m = *d;
    FlowState f;
    f.stats.src = srcHost;
    f.stats.dst = dstHost;
    f.stats.kind = options.kind;
    f.stats.active = true;
    f.stats.startedAt = m.now;
    f.dscp = options.dscp;
    m.classify(f);
    f.srcNic = m.spec.hosts[srcHost].nicPort;
    f.dstNic = m.spec.hosts[dstHost].nicPort;
    const int id = int(m.flows.size());
    const auto switchOf = [&m](int nic) {
        const int port = m.spec.nicPorts[nic].switchPort;
        return port < 0 ? -1 : m.spec.switchPorts[port].switchIndex;
    };
    const int srcSwitch = switchOf(f.srcNic);
    const bool polarized = m.ecmpPolarized
        || (srcSwitch >= 0 && m.switchFaults[std::size_t(srcSwitch)].ecmpPolarized);
    const unsigned hash = ecmpHash(id, srcSwitch, switchOf(f.dstNic), polarized);
    f.route = m.router.route(f.srcNic, f.dstNic, hash, options.uplink);
    f.reverse = m.router.route(f.dstNic, f.srcNic, hash);
    if (options.kind == FlowKind::Rdma) {
        f.pktPayload = int(m.params.roceMtu);
        f.pktWire = int(m.params.roceMtu + kRoceFrameOverhead + kWireGap);
    } else {
        f.pktPayload = int(m.params.tcpMss);
        f.pktWire = int(m.params.tcpMss + kTcpFrameOverhead + kWireGap);
        f.cwnd = 10 * f.pktWire;
    }
    f.pktRecip = reciprocal(f.pktWire);
    const RateBps line = m.nics[std::size_t(f.srcNic)].speed;
    f.rp = ReactionPoint(&m.hostDcqcn[std::size_t(f.stats.src)], line);
    f.demandTotal = options.totalBytes < 0
        ? -1
        : wireBytesFor(options.totalBytes, f.pktPayload, f.pktWire - f.pktPayload - kWireGap);
    f.payloadTotal = options.totalBytes;
    f.lastProgress = m.now;
    m.flows.push_back(f);
    if (options.kind == FlowKind::Rdma)
        m.rdmaFlows.push_back(id);
    m.nics[std::size_t(f.srcNic)].flows.push_back(id);
    Impl::markActive(m.activeNics, m.nics[std::size_t(f.srcNic)].activeTx, f.srcNic);
    return id;
}

void PacketFabric::stopFlow(int flow)
{
    FlowState &f = d->flows[std::size_t(flow)];
    if (!f.stats.active)
        return;
    f.stats.active = false;
    f.stats.stoppedAt = d->now;
}

void PacketFabric::stopAllFlows()
{
    for (std::size_t i = 0; i < d->flows.size(); ++i)
        stopFlow(int(i));
    for (auto &job : d->jobs)
        job.stopped = true;
}

int PacketFabric::flowCount() const
{
    return int(d->flows.size());
}

FlowStats PacketFabric::flowStats(int flow) const
{
    const FlowState &f = d->flows[std::size_t(flow)];
    FlowStats s = f.stats;
    if (f.stats.kind == FlowKind::Rdma) {
        s.currentRate = f.rp.currentRate();
        s.targetRate = f.rp.targetRate();
        s.alpha1024 = f.rp.alpha1024();
    } else {
        const HostConfig &hc = d->hosts[std::size_t(f.stats.src)].config;
        s.currentRate
            = hc.tcpStackLimit > 0 ? hc.tcpStackLimit : d->nics[std::size_t(f.srcNic)].speed;
    }
    return s;
}

int PacketFabric::startProbe(int hostA, int hostB, const ProbeOptions &options)
{
    ProbeState p;
    p.options = options;
    p.hostA = hostA;
    p.hostB = hostB;
    FlowOptions fo;
    fo.kind = options.kind;
    fo.totalBytes = 0;
    const int id = int(d->probes.size());
    p.flowAB = startFlow(hostA, hostB, fo);
    p.flowBA = startFlow(hostB, hostA, fo);
    for (int flow : {p.flowAB, p.flowBA}) {
        FlowState &f = d->flows[std::size_t(flow)];
        f.owner = NotifyOwner::Probe;
        f.ownerId = id;
        f.demandTotal = 0;
    }
    d->probes.push_back(p);
    d->pushEvent(d->now, EventType::ProbeSend, id, 0, 0);
    return id;
}

ProbeResult PacketFabric::probeResult(int probe) const
{
    const ProbeState &p = d->probes[std::size_t(probe)];
    ProbeResult r = p.result;
    const TimeNs linkDelay = d->params.timing.linkDelay;
    if (d->dt() <= linkDelay || r.oneWayNs.isEmpty())
        return r;
    // With a step coarser than the link delay every hop takes a whole step, which would
    // dominate a microsecond latency. Keep what the model measured beyond the idle path
    // (queueing behind other traffic) and put the real idle path underneath it.
    const FlowState &f = d->flows[std::size_t(p.flowAB)];
    const int links = f.route.hops + 1;
    const RateBps speed = d->nics[std::size_t(f.srcNic)].speed;
    const Bytes wire = p.options.messageBytes + (f.pktWire - f.pktPayload);
    const TimeNs serialization = TimeNs(wire) * 8 * kNsPerSec / std::max<RateBps>(1, speed);
    const HostConfig &a = d->hosts[std::size_t(p.hostA)].config;
    const HostConfig &b = d->hosts[std::size_t(p.hostB)].config;
    const TimeNs hostA = f.stats.kind == FlowKind::Rdma ? a.rdmaHostLatency : a.tcpHostLatency;
    const TimeNs hostB = f.stats.kind == FlowKind::Rdma ? b.rdmaHostLatency : b.tcpHostLatency;
    const TimeNs idealIdle = links * (linkDelay + serialization) + (hostA + hostB) / 2;
    const TimeNs measuredIdle = *std::min_element(r.oneWayNs.begin(), r.oneWayNs.end());
    for (TimeNs &v : r.oneWayNs)
        v = v - measuredIdle + idealIdle;
    return r;
}

int PacketFabric::startTraining(const TrainingOptions &options)
{
    TrainingState job;
    job.options = options;
    const int id = int(d->jobs.size());
    const int n = int(options.ranks.size());
    for (int r = 0; r < n; ++r) {
        FlowOptions fo;
        fo.totalBytes = 0;
        const int flow = startFlow(options.ranks[r], options.ranks[(r + 1) % n], fo);
        FlowState &f = d->flows[std::size_t(flow)];
        f.owner = NotifyOwner::Training;
        f.ownerId = id;
        f.demandTotal = 0;
        job.flows.append(flow);
    }
    job.current = TrainingIteration {0, d->now, 0, 0};
    d->jobs.push_back(job);
    d->pushEvent(d->now + options.computeTime, EventType::TrainingComputeDone, id);
    return id;
}

QList<TrainingIteration> PacketFabric::trainingIterations(int job) const
{
    return d->jobs[std::size_t(job)].done;
}

bool PacketFabric::trainingFinished(int job) const
{
    const TrainingState &j = d->jobs[std::size_t(job)];
    return j.stopped;
}

void PacketFabric::stopTraining(int job)
{
    TrainingState &j = d->jobs[std::size_t(job)];
    j.stopped = true;
    for (int flow : std::as_const(j.flows))
        stopFlow(flow);
}

SwitchQosConfig PacketFabric::qosConfig() const
{
    return d->qos;
}

void PacketFabric::setQosConfig(const SwitchQosConfig &config)
{
    d->qos = config;
    // Re-classify live flows as the switch would on their next packet.
    for (auto &f : d->flows)
        d->classify(f);
}

void PacketFabric::setPfcEnabled(int switchPort, bool on)
{
    for (std::size_t i = 0; i < d->ports.size(); ++i) {
        if (switchPort < 0 || int(i) == switchPort) {
            d->ports[i].pfcOn = on;
            Impl::markActive(d->pfcWatch, d->ports[i].watchedPfc, int(i));
        }
    }
}

bool PacketFabric::pfcEnabled(int switchPort) const
{
    return d->ports[std::size_t(switchPort)].pfcOn;
}

void PacketFabric::setWred(const WredParams &wred)
{
    d->params.sw.wred = wred;
    for (SwitchQueuing &q : d->queuing)
        q.wred = wred;
}

void PacketFabric::setDcqcn(const DcqcnParams &dcqcn)
{
    // Flows keep their rate state; the parameters apply from the next event on.
    d->params.dcqcn = dcqcn;
    for (DcqcnParams &h : d->hostDcqcn)
        h = dcqcn;
}

DcqcnParams PacketFabric::hostDcqcn(int host) const
{
    return d->hostDcqcn[std::size_t(host)];
}

void PacketFabric::setHostDcqcn(int host, const DcqcnParams &dcqcn)
{
    d->hostDcqcn[std::size_t(host)] = dcqcn;
}

void PacketFabric::setPfcThresholds(Bytes xoff100g, Bytes xon100g)
{
    d->params.sw.xoff100g = xoff100g;
    d->params.sw.xon100g = xon100g;
    for (SwitchQueuing &q : d->queuing) {
        q.xoff100g = xoff100g;
        q.xon100g = xon100g;
    }
    d->refreshThresholds();
}

SwitchQueuing PacketFabric::switchQueuing(int switchIndex) const
{
    return d->queuing[std::size_t(switchIndex)];
}

void PacketFabric::setSwitchQueuing(int switchIndex, const SwitchQueuing &queuing)
{
    d->queuing[std::size_t(switchIndex)] = queuing;
    d->refreshThresholds();
}

HostConfig PacketFabric::hostConfig(int host) const
{
    return d->hosts[std::size_t(host)].config;
}

void PacketFabric::setHostConfig(int host, const HostConfig &config)
{
    d->hosts[std::size_t(host)].config = config;
    // Its flows take its new DSCPs (RoCE ones it sends, CNPs for the ones it receives).
    for (auto &f : d->flows) {
        if (f.stats.src == host || f.stats.dst == host)
            d->classify(f);
    }
}

void PacketFabric::setLinkSpeed(int switchPort, RateBps speed)
{
    SwitchPortState &p = d->ports[std::size_t(switchPort)];
    p.speed = speed;
    p.staticTh = d->staticFor(p.switchIndex, speed);
    if (p.peerKind == PeerKind::Nic) {
        NicPortState &n = d->nics[std::size_t(p.peer)];
        n.speed = speed;
        for (int id : n.flows)
            d->flows[std::size_t(id)].rp.setLineRate(speed);
    } else if (p.peerKind == PeerKind::SwitchPort) {
        SwitchPortState &peer = d->ports[std::size_t(p.peer)];
        peer.speed = speed;
        peer.staticTh = d->staticFor(peer.switchIndex, speed);
    }
}

void PacketFabric::Impl::flushPort(int portIndex)
{
    SwitchPortState &p = ports[std::size_t(portIndex)];
    for (int slot = 0; slot < SlotCount; ++slot) {
        ChunkFifo &q = p.queue[slot];
        while (!q.empty()) {
            const Chunk &c = q.front();
            p.c.qosDropPkts[std::size_t(c.group)] += quint64(std::max(1, c.bytes / c.pktWire));
            p.c.qosDropBytes[std::size_t(c.group)] += quint64(frameBytes(c.bytes, c.pktRecip));
            if (c.ingress >= 0) {
                SwitchPortState &in = ports[std::size_t(c.ingress)];
                in.hdrm -= std::min(in.hdrm, Bytes(c.bytes));
                in.ing -= c.bytes;
                markActive(pfcWatch, in.watchedPfc, c.ingress);
            }
            switchUsed[std::size_t(p.switchIndex)] -= c.bytes;
            q.pop();
        }
        p.qBytes[slot] = 0;
    }
}

void PacketFabric::setLinkUp(int switchPort, bool up)
{
    SwitchPortState &p = d->ports[std::size_t(switchPort)];
    if (p.up == up)
        return;
    p.up = up;
    if (!up) {
        // Link down: queued frames for the port are discarded, on both ends of a switch link.
        d->flushPort(switchPort);
        if (p.peerKind == PeerKind::SwitchPort)
            d->flushPort(p.peer);
    }
    if (p.peerKind == PeerKind::Nic) {
        NicPortState &n = d->nics[std::size_t(p.peer)];
        n.up = up;
        if (!up)
            ++n.linkDowned;
        Impl::markActive(d->activeNics, n.activeTx, p.peer);
    } else if (p.peerKind == PeerKind::SwitchPort) {
        d->ports[std::size_t(p.peer)].up = up;
    }
    if (up)
        Impl::markActive(d->activeEgress, p.activeEgress, switchPort);
}

void PacketFabric::setNicStalled(int nicPort, bool stalled)
{
    NicPortState &n = d->nics[std::size_t(nicPort)];
    n.stalled = stalled;
    if (!stalled)
        n.rxBuffer = 0;
    if (stalled
        && std::find(d->stalledNics.begin(), d->stalledNics.end(), nicPort) == d->stalledNics.end())
        d->stalledNics.push_back(nicPort);
}

void PacketFabric::setEcmpPolarized(bool polarized)
{
    // Chunks in flight carry their hop index into the route: running flows keep theirs.
    d->ecmpPolarized = polarized;
}

void PacketFabric::setSwitchFaults(int switchIndex, const SwitchFaults &faults)
{
    // Like setEcmpPolarized: running flows keep their routes, new ones hash anew.
    d->switchFaults[std::size_t(switchIndex)] = faults;
}

SwitchFaults PacketFabric::switchFaults(int switchIndex) const
{
    return d->switchFaults[std::size_t(switchIndex)];
}

void PacketFabric::setLinkErrorRate(int switchPort, double rate)
{
    // One cable, both of its ends: what either end receives is corrupted alike.
    const auto set = [this, rate](int port) {
        SwitchPortState &p = d->ports[std::size_t(port)];
        p.errorRate = std::clamp(rate, 0.0, 1.0);
        p.errorThreshold
            = p.errorRate >= 1.0 ? ~std::uint64_t(0) : std::uint64_t(std::ldexp(p.errorRate, 64));
    };
    set(switchPort);
    const SwitchPortState &p = d->ports[std::size_t(switchPort)];
    if (p.peerKind == PeerKind::SwitchPort)
        set(p.peer);
}

double PacketFabric::linkErrorRate(int switchPort) const
{
    return d->ports[std::size_t(switchPort)].errorRate;
}

void PacketFabric::setPfcWatchdog(bool on)
{
    d->params.sw.pfcWatchdog = on;
    d->nextWatchdogPoll = d->now + d->params.sw.watchdogPoll;
}

SwitchPortCounters PacketFabric::switchPortCounters(int switchPort) const
{
    const SwitchPortState &p = d->ports[std::size_t(switchPort)];
    SwitchPortCounters c = p.c;
    c.operUp = p.up;
    c.speed = p.speed;
    c.qosDepth[ClassDefault] = quint64(p.qBytes[SlotDefault]);
    c.qosDepth[ClassRoce] = quint64(p.qBytes[SlotRoce]);
    c.qosDepth[ClassCnp] = quint64(p.qBytes[SlotCnp]);
    for (int cos = 0; cos < kClassCount; ++cos)
        c.cosRxPauseActive[std::size_t(cos)] = d->now < p.egressPause[cos].pausedUntil;
    return c;
}

HostCounters PacketFabric::hostCounters(int host) const
{
    const HostState &h = d->hosts[std::size_t(host)];
    HostCounters c = h.c;
    // counters/port_*_data count 4-byte words (REFERENCE-FORMATS §1.2).
    c.portXmitData = h.c.portXmitData / 4;
    c.portRcvData = h.c.portRcvData / 4;
    const int nicIndex = d->spec.hosts[host].nicPort;
    const NicPortState &n = d->nics[std::size_t(nicIndex)];
    // Pause frames are a property of the physical port: a VM behind a shared uplink sees
    // its uplink's PFC counters.
    c.linkUp = n.up;
    c.speed = n.speed;
    c.linkDowned = n.linkDowned;
    c.rxPrioPause = n.rxPrioPause;
    c.txPrioPause = n.txPrioPause;
    c.rxPrioPauseTransition = n.rxPrioPauseTransition;
    c.rxPrioDiscards = n.rxPrioDiscards;
    c.rxDiscardsPhy = n.rxDiscards;
    c.rxCrcErrorsPhy = n.rxCrcErrors;
    c.rxPauseCtrlPhy = n.rxPauseCtrl;
    c.txPauseCtrlPhy = n.txPauseCtrl;
    for (int prio = 0; prio < kClassCount; ++prio)
        c.rxPrioPauseDurationUs[std::size_t(prio)]
            = quint64(pausedTime(n.rxPause[prio], d->now) / kNsPerUs);
    return c;
}

QueueStats PacketFabric::queueStats(int switchPort) const
{
    const SwitchPortState &p = d->ports[std::size_t(switchPort)];
    QueueStats s;
    s.maxBytes = p.qMax;
    s.samples = d->stepsSinceQueueReset;
    s.meanBytes = s.samples > 0 ? double(p.qSum) / double(s.samples) : 0.0;
    return s;
}

void PacketFabric::resetQueueStats()
{
    for (auto &p : d->ports) {
        p.qSum = 0;
        p.qMax = 0;
    }
    d->stepsSinceQueueReset = 0;
}

PfcThresholds PacketFabric::pfcThresholds(int switchPort) const
{
    return d->thresholdsFor(d->ports[std::size_t(switchPort)]);
}

Bytes PacketFabric::bufferUsed(int switchIndex) const
{
    return d->switchUsed[std::size_t(switchIndex)];
}

}  // namespace roce::sim
