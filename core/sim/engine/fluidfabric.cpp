// The fluid model's step (events, senders, switch ingress, switch egress, receivers, then
// the serial bookkeeping) and its public API. Its state is in fluidstate.h, its express
// path in fluidexpress.cpp.
#include "sim/engine/fluidfabric.h"

#include "sim/engine/fluidstate.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace roce::sim {

using namespace fluid;

namespace {

/// A Poisson draw of mean @p mean: how many of the packets WRED chose are marked. Marks
/// must arrive at random, not evenly: evenly spaced CNPs keep restarting the reaction
/// point's 300 us increase timer, and the rates never recover as they do on real NICs.
int poisson(Xoshiro256 &rng, double mean)
{
    auto uniform = [&rng] { return double(rng.next() >> 11) * 0x1.0p-53; };
    if (mean <= 0)
        return 0;
    if (mean > 30) {
        // Normal approximation (Box-Muller) where Knuth's product would underflow.
        const double u1 = std::max(uniform(), 1e-300);
        const double u2 = uniform();
        const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
        return std::max(0, int(std::lround(mean + z * std::sqrt(mean))));
    }
    // Knuth's product. No mark when the first uniform is within exp(-mean), which is at
    // least 1 - mean: most steps mark nothing and are told so without the exponential (the
    // same draws, the same outcome).
    double product = uniform();
    if (product <= 1 - mean)
        return 0;
    const double limit = std::exp(-mean);
    int k = 0;
    while (product > limit) {
        ++k;
        product *= uniform();
    }
    return k;
}

}  // namespace

// =========================================================================================
// Step: events; senders; switch ingress (PFC, admission); switch egress (service, marking);
// receivers (delivery, NP); then the serial bookkeeping. Each parallel phase writes only
// what its member owns: a sender NIC its flows' sending state, an ingress port its own
// accounting and its peer's pause state, an egress port its queue and its flows' hop
// state, a receiver NIC its flows' delivery state.
// =========================================================================================

void FluidFabric::Impl::step()
{
    while (!events.empty() && events.top().time <= now) {
        const Event e = events.top();
        events.pop();
        processEvent(e);
    }
    if (listsDirty || ++stepsSinceRebuild > 4096)
        rebuildLists();
    phase(srcNics, [this](int nic) { senders(nic); });
    phase(ingressPorts, [this](int p) { switchIngress(p); });
    phase(egressPorts, [this](int p) { switchEgress(p); });
    phase(dstNics, [this](int nic) { receivers(nic); });
    serialAfterStep();
    ++stepsSinceQueueReset;
    now += dt();
}

void FluidFabric::Impl::processEvent(const Event &e)
{
    if (e.type != EventType::TrainingComputeDone)
        return;
    TrainingState &job = jobs[std::size_t(e.target)];
    if (!detail::ringAllReduceStarts(job, now))
        return;
    const Bytes payload = detail::ringChunkPayload(job);
    if (ringExpressStart(e.target, stepIndex(), payload))
        return;  // sends from this step, as phase A would
    for (int id : std::as_const(job.flows)) {
        FluidFlow &f = flows[std::size_t(id)];
        f.demand = std::max(f.demand, 0.0)
            + double(wireBytesFor(payload, f.pktPayload, f.pktWire - f.pktPayload - kWireGap));
        f.notifyAt = f.demand;
        f.lastProgress = now;
        if (f.express)
            expressRestart(f, id, stepIndex());  // sends from this step, as phase A would
    }
}

// --- phase A: senders --------------------------------------------------------------------

void FluidFabric::Impl::senders(int nicIndex)
{
    FluidNic &nic = nics[std::size_t(nicIndex)];
    const TimeNs step = dt();
    const TimeNs stepEnd = now + step;
    struct Want {
        int flow;
        double bytes;
    };
    Want wants[kMaxFlowsPerNic];
    int count = 0;
    double total = 0;
    for (int id : nic.flows) {
        FluidFlow &f = flows[std::size_t(id)];
        FluidHost &src = hosts[std::size_t(f.stats.src)];
        // CNPs that reach the reaction point during this step, each at its own time.
        if (!f.cnpDue.empty()) {
            std::size_t used = 0;
            for (; used < f.cnpDue.size() && f.cnpDue[used] < stepEnd; ++used) {
                const TimeNs t = std::max(f.cnpDue[used], now);
                countHostRx(src, f, double(kCnpFrameBytes + kWireGap), true,
                            int(kCnpFrameBytes + kWireGap));
                if (src.config.ecnRpPrios & (1u << f.prio)) {
                    if (f.rp.nextTimer() <= t)
                        f.rp.runTimers(t);
                    ++src.c->rpCnpHandled;
                    ++f.stats.cnpsHandled;
                    f.rp.onCnp(t);
                } else {
                    ++src.c->rpCnpIgnored;
                }
            }
            f.cnpDue.erase(f.cnpDue.begin(), f.cnpDue.begin() + std::ptrdiff_t(used));
        }
        if (f.rp.nextTimer() <= now)
            f.rp.runTimers(now);
        if (f.pendingSeqErr > 0) {
            src.c->packetSeqErr += f.pendingSeqErr;
            f.pendingSeqErr = 0;
        }
        if (!f.stats.active)
            continue;
        if (f.stats.kind == FlowKind::Rdma && f.sent > f.expected + kEpsilonBytes
            && now - f.lastProgress > params.timing.ackTimeout) {
            // No progress for the whole ACK timeout: local_ack_timeout_err, resend.
            ++src.c->localAckTimeoutErr;
            f.stats.retransmittedBytes += Bytes(f.sent - f.expected);
            f.sent = f.expected;
            f.lastProgress = now;
            f.gapAt = -1;
            double inNetwork = 0;
            for (int k = 0; k < f.route.hops; ++k)
                inNetwork += f.hop[k].q + f.hop[k].in;
            f.waste = inNetwork;
        }
        const double backlog = f.backlog();
        if (backlog <= kEpsilonBytes)
            continue;
        const double open = nic.up ? 1.0 - pausedShare(nic.rxPause[f.prio], now, step) : 0.0;
        if (open <= 0.0)
            continue;
        RateBps rate;
        if (f.stats.kind == FlowKind::Rdma) {
            rate = f.rp.currentRate();
        } else {
            if (f.pendingCut) {
                f.tcpRate = std::max(f.tcpRate / 2, double(nic.speed) / 1000.0);
                f.pendingCut = false;
            } else {
                // Additive increase: about a tenth of the line per millisecond.
                f.tcpRate = std::min(double(nic.speed),
                                     f.tcpRate + double(nic.speed) * double(step) / 1e7);
            }
            rate = RateBps(f.tcpRate);
            const HostConfig &hc = src.config;
            if (hc.tcpStackLimit > 0)
                rate = std::min(rate,
                                RateBps(__int128(hc.tcpStackLimit) * f.pktWire / f.pktPayload));
        }
        const double want = std::min(backlog, bytesIn(rate, step) * open);
        if (want > 0 && count < kMaxFlowsPerNic) {
            wants[count++] = {id, want};
            total += want;
        }
    }
    if (count == 0)
        return;
    const double capacity = nic.up ? bytesIn(nic.speed, step) : 0.0;
    const double scale = total > capacity ? capacity / total : 1.0;
    for (int i = 0; i < count; ++i) {
        FluidFlow &f = flows[std::size_t(wants[i].flow)];
        const double b = wants[i].bytes * scale;
        if (f.sent <= f.expected + kEpsilonBytes)
            f.lastProgress = now;
        f.sent += b;
        f.stats.txBytes = Bytes(f.sent + double(f.stats.retransmittedBytes));
        countHostTx(hosts[std::size_t(f.stats.src)], f, b, false, f.pktWire);
        if (f.stats.kind == FlowKind::Rdma) {
            f.sentCarry += b;
            const Bytes whole = Bytes(f.sentCarry);
            if (whole > 0) {
                f.rp.onBytesSent(whole);
                f.sentCarry -= double(whole);
            }
        }
        if (f.route.hops > 0)
            f.hop[0].in += b;
    }
}

// --- phase C: switch ingress: accounting, PFC, admission -----------------------------------

void FluidFabric::Impl::switchIngress(int portIndex)
{
    FluidPort &in = ports[std::size_t(portIndex)];
    double ing = 0;
    double arrivingNoDrop = 0;
    for (const EntryRef &e : in.ingress) {
        FluidFlow &f = flows[std::size_t(e.flow)];
        const double b = f.hop[e.hop].in;
        if (b > 0) {
            const double pkts = b / double(f.pktWire);
            in.rxPkts += pkts;
            in.rxBytes += b - pkts * double(kWireGap);
            wredDropOnArrival(in, f, e.hop);
        }
        if (f.noDrop) {
            ing += f.hop[e.hop].q;
            arrivingNoDrop += f.hop[e.hop].in;
        }
    }
    // Departures leave the headroom first (§6.3 step 6): what left since the last step.
    in.hdrm = std::max(0.0, in.hdrm - std::max(0.0, in.ing - ing));
    in.ing = ing;
    if (in.errorRate > 0 && in.peerKind == PeerKind::Nic) {
        // A damaged cable from the NIC: the switch drops what arrives with a bad FCS (the
        // other direction, and switch-to-switch cables, lose at the sending port's egress).
        for (const EntryRef &e : in.ingress) {
            FluidFlow &f = flows[std::size_t(e.flow)];
            const double lost = f.hop[e.hop].in * in.errorRate;
            if (lost <= 0)
                continue;
            in.rxCrcErrors += lost / double(f.pktWire);
            f.hop[e.hop].in -= lost;
            f.hop[e.hop].drop += lost;
            if (f.noDrop)
                arrivingNoDrop -= lost;
        }
    }
    if (!in.up) {
        for (const EntryRef &e : in.ingress) {
            FluidFlow &f = flows[std::size_t(e.flow)];
            f.hop[e.hop].drop += f.hop[e.hop].in;  // the cable is down: frames on it are lost
            f.hop[e.hop].admit = 0;
        }
        return;
    }
    const Bytes reserve = params.sw.reservePerPg;
    if (in.pfcOn && !in.paused && in.hdrm <= kEpsilonBytes && ing - in.hdrm < double(reserve)) {
        // Within its reserve (most ingress ports, most steps): below any xoff, so everything
        // is admitted and no pause starts, whatever the thresholds are.
        in.ing = ing + arrivingNoDrop;
        for (const EntryRef &e : in.ingress)
            flows[std::size_t(e.flow)].hop[e.hop].admit = 1.0;
        return;
    }
    const PfcThresholds th = thresholdsFor(in);
    // Admission of the no-drop class (§6.5). PFC on: a step's arrivals go to the shared
    // buffer while the port is below xoff (as a packet that starts below it does), else
    // into the headroom; what the headroom cannot take is dropped. Bytes admitted to shared
    // earlier stay, even when a dynamic xoff shrinks under them. PFC off: up to the Pause
    // Buff Size (xoff + headroom), then Ingress MMU drops.
    double room;
    double toHeadroom = 0;
    if (in.pfcOn) {
        if (ing - in.hdrm < double(reserve + th.xoff)) {
            room = arrivingNoDrop;
        } else {
            room = std::max(0.0, double(th.headroom) - in.hdrm);
            toHeadroom = std::min(room, arrivingNoDrop);
        }
    } else {
        room = std::max(0.0, double(th.xoff + th.headroom) - ing);
    }
    in.hdrm += toHeadroom;
    in.ing = ing + std::min(room, arrivingNoDrop);
    const double admit = arrivingNoDrop > room ? room / arrivingNoDrop : 1.0;
    if (admit < 1.0) {
        for (const EntryRef &e : in.ingress) {
            FluidFlow &f = flows[std::size_t(e.flow)];
            if (!f.noDrop)
                continue;
            const double dropped = f.hop[e.hop].in * (1.0 - admit);
            f.hop[e.hop].drop += dropped;
            f.hop[e.hop].admit = admit;
            const double pkts = dropped / double(f.pktWire);
            in.mmuDropPkts += pkts;
            in.mmuDropBytes += dropped - pkts * double(kWireGap);
        }
    } else {
        for (const EntryRef &e : in.ingress)
            flows[std::size_t(e.flow)].hop[e.hop].admit = 1.0;
    }
    ingressPfc(in, ing - double(reserve), th);
}

/// The PFC state machine of the no-drop priority group (REFERENCE-DCQCN §6.3 step 7) at an
/// ingress port whose shared buffer use is @p shared.
void FluidFabric::Impl::ingressPfc(FluidPort &in, double shared, const PfcThresholds &th)
{
    const int cos = pfcCosAt(in.switchIndex);
    if (in.pfcOn && qos.noDropConfigured) {
        const TimeNs quantaTime = pauseDuration(params.sw.pauseQuanta, in.speed);
        const TimeNs at = now + params.timing.linkDelay + params.timing.nicPfcResponse;
        auto send = [&](std::int64_t quanta) {
            ++in.c->txPpp;
            ++in.c->cosTxPause[std::size_t(cos)];
            if (in.peerKind == PeerKind::Nic)
                pfcToNic(in.peer, cos, quanta, at);
            else if (in.peerKind == PeerKind::SwitchPort)
                pfcToSwitchPort(in.peer, cos, quanta, at);
        };
        if (!in.paused && (shared >= double(th.xoff) || in.hdrm > kEpsilonBytes)) {
            in.paused = true;
            in.lastXoff = now;
            in.c->cosTxPauseActive[std::size_t(cos)] = true;
            send(params.sw.pauseQuanta);
        } else if (in.paused && shared <= double(th.xon) && in.hdrm <= kEpsilonBytes) {
            in.paused = false;
            in.c->cosTxPauseActive[std::size_t(cos)] = false;
            send(0);
        } else if (in.paused && now - in.lastXoff >= quantaTime / 2) {
            in.lastXoff = now;
            send(params.sw.pauseQuanta);
        }
    } else if (in.paused) {
        in.paused = false;  // PFC turned off while paused: release the peer
        in.c->cosTxPauseActive[std::size_t(cos)] = false;
        if (in.peerKind == PeerKind::Nic)
            pfcToNic(in.peer, cos, 0, now + params.timing.linkDelay);
    }
}

// --- phase B: switch egress: FIFO-fair service, DWRR, marking at dequeue ---------------------

void FluidFabric::Impl::wredDropOnArrival(FluidPort &in, FluidFlow &f, int hop)
{
    // WRED without `ecn` drops as packets arrive at the egress queue, on its depth then (above
    // the maximum threshold every one, so the queue stays near it), before the ingress buffer
    // counts them. Whole packets, as many as a Poisson draw of the expected count: most steps
    // of a flow lose none when losses are rare, as on the wire (a fraction lost every step
    // would break its sequence every step). The queue is the one the last step left.
    FluidHop &h = f.hop[hop];
    if (f.slot != FluidRoce || f.stats.kind != FlowKind::Rdma || h.in <= 0)
        return;
    const FluidPort &out = ports[std::size_t(f.route.egress[hop])];
    const WredParams &wred = queuing[std::size_t(out.switchIndex)].wred;
    const double queue = out.q[FluidRoce];
    if (!wred.enabled || wred.ecn || switchFaults[std::size_t(out.switchIndex)].ecnNotApplied
        || queue <= double(wred.kmin))
        return;
    const double dropP = queue > double(wred.kmax) ? 1.0
                                                   : (queue - double(wred.kmin))
            / double(wred.kmax - wred.kmin) * double(wred.pmaxPercent) / 100.0;
    const int k = poisson(in.rng, h.in / double(f.pktWire) * dropP);
    if (k == 0)
        return;
    const double lost = std::min(h.in, double(k) * double(f.pktWire));
    h.in -= lost;
    h.drop += lost;
    h.lostArriving += lost;
    h.wredDropPkts += k;
}

double FluidFabric::Impl::roceOpenShare(const FluidPort &p) const
{
    // The no-drop class may be paused by the peer (unless the watchdog shut it down).
    if (!qos.noDropConfigured || now < p.wdShutdownUntil)
        return 1.0;
    return 1.0 - pausedShare(p.egressPause[pfcCosAt(p.switchIndex)], now, dt());
}

bool FluidFabric::Impl::egressWire(FluidPort &p)
{
    // One RoCE flow through an empty queue, all it brings leaving this step: most ports of
    // a path, most steps. What the general service would do, to the same bits, without its
    // classes, queue positions and marking (the queue in the middle of the step is empty).
    if (p.egress.size() != 1 || p.q[FluidDefault] != 0 || p.q[FluidRoce] != 0 || p.errorRate > 0)
        return false;
    const EntryRef e = p.egress.front();
    FluidFlow &f = flows[std::size_t(e.flow)];
    FluidHop &h = f.hop[e.hop];
    if (f.slot != FluidRoce || h.q != 0 || h.wredDropPkts > 0 || h.lostLeaving > 0)
        return false;
    const double out = h.in * h.admit;
    if (out > bytesIn(p.speed, dt()) * roceOpenShare(p))
        return false;
    if (out > 0) {
        countPortTx(p, FluidRoce, out, f.pktWire);
        passOn(f, e.hop, out);
        p.wdTxSincePoll += out;
    }
    return true;
}

// NOLINTNEXTLINE(readability-function-size): predates the limit
void FluidFabric::Impl::switchEgress(int portIndex)
{
    FluidPort &p = ports[std::size_t(portIndex)];
    const TimeNs step = dt();
    if (p.up && egressWire(p))
        return;
    if (!p.up) {
        for (const EntryRef &e : p.egress) {
            FluidFlow &f = flows[std::size_t(e.flow)];
            const double lost = f.hop[e.hop].in * f.hop[e.hop].admit + f.hop[e.hop].q;
            if (lost > 0) {
                const double pkts = lost / double(f.pktWire);
                p.slotDropPkts[f.slot] += pkts;
                p.slotDropBytes[f.slot] += lost - pkts * double(kWireGap);
                f.hop[e.hop].drop += lost;
            }
            f.hop[e.hop].q = 0;
            f.hop[e.hop].fifo.clear();
        }
        p.q[0] = p.q[1] = 0;
        p.enqueued[0] = p.enqueued[1] = p.dequeued[0] = p.dequeued[1] = 0;
        return;
    }
    const WredParams &wred = queuing[std::size_t(p.switchIndex)].wred;
    const bool wredOn = wred.enabled && !switchFaults[std::size_t(p.switchIndex)].ecnNotApplied;
    double queued[FluidSlots] = {0, 0};
    double arrivals[FluidSlots] = {0, 0};
    for (const EntryRef &e : p.egress) {
        FluidFlow &f = flows[std::size_t(e.flow)];
        FluidHop &h = f.hop[e.hop];
        queued[f.slot] += h.q;
        arrivals[f.slot] += h.in * h.admit;
        if (h.wredDropPkts > 0) {
            // What WRED dropped on arrival (at the ingress phase), on this queue's counters.
            p.ecnPkts += h.wredDropPkts;  // WRED's selected packets, as the switch counts them
            p.slotDropPkts[FluidRoce] += h.wredDropPkts;
            p.slotDropBytes[FluidRoce] += h.lostArriving - h.wredDropPkts * double(kWireGap);
            h.wredDropPkts = 0;
        }
    }
    // Lossy class: tail drop above the dynamic limit on the free shared buffer.
    double keepDefault = 1.0;
    if (arrivals[FluidDefault] > 0) {
        const double freeShared = std::max(0.0,
                                           double(spec.switches[p.switchIndex].bufferBytes)
                                               - switchUsed[std::size_t(p.switchIndex)]);
        const double limit = std::ldexp(freeShared, -params.sw.lossyQueueAlphaShift);
        const double over = queued[FluidDefault] + arrivals[FluidDefault] - limit;
        if (over > 0)
            keepDefault = std::max(0.0, 1.0 - over / arrivals[FluidDefault]);
    }
    // Non-RoCE classes here are lossy unless the no-drop group is another one; admission of
    // no-drop bytes happened at ingress.
    double total[FluidSlots] = {queued[FluidDefault] + arrivals[FluidDefault] * keepDefault,
                                queued[FluidRoce] + arrivals[FluidRoce]};
    const double budget = bytesIn(p.speed, step);
    double served[FluidSlots] = {0, 0};
    const double roceBudget = budget * roceOpenShare(p);
    if (total[FluidRoce] > 0 && total[FluidDefault] > 0) {
        const int wr = params.sw.dwrrWeightRoce;
        const int wd = params.sw.dwrrWeightDefault;
        const double shareRoce = budget * double(wr) / double(std::max(1, wr + wd));
        served[FluidRoce] = std::min(
            {total[FluidRoce], roceBudget, std::max(shareRoce, budget - total[FluidDefault])});
        served[FluidDefault] = std::min(total[FluidDefault], budget - served[FluidRoce]);
    } else {
        served[FluidRoce] = std::min(total[FluidRoce], roceBudget);
        served[FluidDefault] = std::min(total[FluidDefault], budget - served[FluidRoce]);
    }
    // ECN on the RoCE queue as packets leave it: the queue in the middle of the step
    // (arrivals and departures run concurrently: a flow crossing an idle port at line rate
    // sees no queue).
    double markP = 0;
    if (wredOn && wred.ecn && served[FluidRoce] > 0) {
        const double qNow = std::max(
            0.0,
            queued[FluidRoce] + (total[FluidRoce] - queued[FluidRoce] - served[FluidRoce]) / 2);
        if (qNow > double(wred.kmax))
            markP = 1.0;
        else if (qNow > double(wred.kmin))
            markP = (qNow - double(wred.kmin)) / double(wred.kmax - wred.kmin)
                * double(wred.pmaxPercent) / 100.0;
    }
    const double admitted[FluidSlots]
        = {total[FluidDefault] - queued[FluidDefault], total[FluidRoce] - queued[FluidRoce]};
    // Nothing queued and everything that arrives leaves: the port is a wire this step
    // (most ports of a non-blocking fabric, most of the time).
    const bool passThrough = queued[FluidDefault] == 0 && queued[FluidRoce] == 0
        && served[FluidDefault] >= admitted[FluidDefault]
        && served[FluidRoce] >= admitted[FluidRoce] && markP == 0;
    for (const EntryRef &e : p.egress) {
        FluidFlow &f = flows[std::size_t(e.flow)];
        const int s = f.slot;
        double a = f.hop[e.hop].in * f.hop[e.hop].admit;
        if (s == FluidDefault && keepDefault < 1.0) {
            const double lost = a * (1.0 - keepDefault);
            const double pkts = lost / double(f.pktWire);
            p.slotDropPkts[s] += pkts;
            p.slotDropBytes[s] += lost - pkts * double(kWireGap);
            f.hop[e.hop].drop += lost;
            a -= lost;
        }
        const double held = f.hop[e.hop].q + a;
        if (held <= 0)
            continue;
        double out = held;
        if (!passThrough) {
            // This step's arrivals interleave over the positions they take in the queue.
            if (a > 0)
                f.hop[e.hop].fifo.push(p.enqueued[s], p.enqueued[s] + admitted[s], a);
            out = std::min(held, f.hop[e.hop].fifo.take(p.dequeued[s], p.dequeued[s] + served[s]));
        }
        f.hop[e.hop].q = held - out;
        if (f.hop[e.hop].q < kEpsilonBytes)
            f.hop[e.hop].q = 0;
        if (out <= 0)
            continue;
        const double pkts = countPortTx(p, s, out, f.pktWire);
        const double leaving = out;
        if (s == FluidRoce && markP > 0 && f.stats.kind == FlowKind::Rdma) {
            const double m = pkts * markP;
            p.ecnPkts += m;
            f.hop[e.hop].marks += m;
        }
        if (p.errorRate > 0) {
            // A damaged cable to the peer: its receiving end drops what arrives corrupted.
            const double lost = out * p.errorRate;
            if (p.peerKind == PeerKind::Nic)
                nics[std::size_t(p.peer)].rxCrcErrors += lost / double(f.pktWire);
            else if (p.peerKind == PeerKind::SwitchPort)
                ports[std::size_t(p.peer)].rxCrcErrors += lost / double(f.pktWire);
            f.hop[e.hop].drop += lost;
            f.hop[e.hop].lostLeaving += lost;
            out -= lost;
        }
        if (f.hop[e.hop].lostLeaving > 0)
            f.hop[e.hop].departed = leaving;
        passOn(f, e.hop, out);
    }
    for (int s = 0; s < FluidSlots; ++s) {
        p.q[s] = total[s] - served[s];
        p.enqueued[s] += admitted[s];
        p.dequeued[s] += served[s];
        if (p.q[s] <= kEpsilonBytes && (p.enqueued[s] > 0 || p.q[s] > 0)) {
            // Empty: restart the positions (keeps them small and exact).
            p.q[s] = 0;
            p.enqueued[s] = p.dequeued[s] = 0;
            for (const EntryRef &e : p.egress) {
                FluidFlow &f = flows[std::size_t(e.flow)];
                if (f.slot == s) {
                    f.hop[e.hop].q = 0;
                    f.hop[e.hop].fifo.clear();
                }
            }
        }
    }
    p.wdTxSincePoll += served[FluidRoce];
    if (p.q[FluidRoce] > 0) {
        p.qSum += p.q[FluidRoce];
        p.qMax = std::max(p.qMax, p.q[FluidRoce]);
        p.qMaxRoceEver = std::max(p.qMaxRoceEver, p.q[FluidRoce]);
    }
    p.qMaxDefault = std::max(p.qMaxDefault, p.q[FluidDefault]);
}

// --- phase D: receivers: delivery, losses, the notification point --------------------------

double FluidFabric::Impl::bytesAheadOfLoss(FluidFlow &f, int hop, double arriving)
{
    const FluidHop &h = f.hop[hop];
    const bool last = hop + 1 >= f.route.hops;
    const double pkt = double(f.pktWire);
    // The first of k packets lost among n sits where the least of k uniform positions does:
    // n (1 - U^(1/k)).
    auto firstOf = [&f](double n, double lost) {
        if (lost >= n)
            return 0.0;
        const double u = double(f.rng.next() >> 11) * 0x1.0p-53;
        return std::clamp(std::floor(n * (1.0 - std::pow(u, 1.0 / lost))), 0.0, n - 1);
    };
    if (h.lostArriving > 0) {
        // Dropped by WRED as they arrived at the hop's queue: among this step's arrivals
        // there, behind what queued before them and what is further on (what of this step's
        // arrivals already left is in that). in is what WRED kept.
        const double kept = h.in * h.admit;
        double ahead = arriving + h.q - kept;
        for (int k = hop + 1; k < f.route.hops; ++k)
            ahead += f.hop[k].q + f.hop[k].next;
        const double n = std::max(1.0, std::round((kept + h.lostArriving) / pkt));
        return std::max(0.0, ahead) + firstOf(n, std::max(1.0, h.lostArriving / pkt)) * pkt;
    }
    if (h.lostLeaving <= 0) {
        // Lost on arrival at the hop (admission, a cable into it): behind what it queues
        // and everything downstream, this step's departures included.
        double ahead = arriving + h.q;
        for (int k = hop + 1; k < f.route.hops; ++k)
            ahead += f.hop[k].q + f.hop[k].next;
        return ahead;
    }
    // Lost as it left: among this step's departures, behind what is further on (not behind
    // what still queues here).
    double ahead = last ? 0.0 : arriving;
    for (int k = hop + 1; k < f.route.hops; ++k)
        ahead += f.hop[k].q + (k == hop + 1 ? 0.0 : f.hop[k].next);
    const double n = std::max(1.0, std::round(h.departed / pkt));
    return ahead + firstOf(n, std::max(1.0, h.lostLeaving / pkt)) * pkt;
}

// NOLINTNEXTLINE(readability-function-size): predates the limit
void FluidFabric::Impl::receivers(int nicIndex)
{
    FluidNic &nic = nics[std::size_t(nicIndex)];
    const TimeNs step = dt();
    for (int id : nic.inFlows) {
        FluidFlow &f = flows[std::size_t(id)];
        double arriving = f.arriving;
        f.arriving = 0;
        double marks = 0, dropped = 0;
        int lastDropHop = -1;
        for (int k = 0; k < kMaxHops; ++k) {
            marks += f.hop[k].marks;
            if (f.hop[k].drop > 0) {
                dropped += f.hop[k].drop;
                lastDropHop = k;
            }
            f.hop[k].marks = 0;
            f.hop[k].drop = 0;
        }
        FluidHost &dst = hosts[std::size_t(f.stats.dst)];
        const bool rdma = f.stats.kind == FlowKind::Rdma;
        if (dropped > kEpsilonBytes && rdma && f.stats.active) {
            // Where the first loss sits in the flow's sequence: behind the bytes that were
            // ahead of it. Old copies that are discarded anyway make no new gap.
            const double ahead = bytesAheadOfLoss(f, lastDropHop, arriving);
            if (f.waste >= ahead + dropped) {
                f.waste -= dropped;
            } else if (f.gapAt < 0) {
                // On a packet boundary from the next expected byte: when the loss is the
                // first packet of a resend, the gap is the one already NAKed, and the
                // receiver waits for the sender's ACK timeout (IBA: one NAK per gap).
                const double pkt = double(f.pktWire);
                const double past = std::floor(std::max(0.0, ahead - f.waste) / pkt) * pkt;
                f.gapAt = std::min(f.sent, f.expected + past);
            }
        }
        for (int k = 0; k < kMaxHops; ++k)
            f.hop[k].lostArriving = f.hop[k].lostLeaving = f.hop[k].departed = 0;
        if (arriving > 0 && (!nic.up || nic.stalled)) {
            if (nic.stalled) {
                // The host stopped draining the NIC: the receive buffer fills and the NIC
                // pauses the switch; what does not fit is discarded.
                const double fits = std::max(0.0, double(kNicRxBuffer) - nic.rxBuffer);
                const double kept = std::min(fits, arriving);
                nic.rxBuffer += kept;
                const double discarded = (arriving - kept) / double(f.pktWire);
                nic.rxDiscards += discarded;
                nic.c->rxPrioDiscards[std::size_t(f.prio)] = quint64(nic.rxDiscards);
            }
            arriving = 0;
        }
        if (arriving > 0) {
            countHostRx(dst, f, arriving, false, f.pktWire);
            f.rxAcc += arriving;
            f.stats.rxBytes = Bytes(f.rxAcc);
            double inOrder = arriving;
            double outOfOrder = 0;
            if (f.waste > 0) {
                // Copies from before a go-back-N: the receiver has moved past them.
                outOfOrder = std::min(f.waste, inOrder);
                f.waste -= outOfOrder;
                inOrder -= outOfOrder;
            }
            if (rdma && f.gapAt >= 0) {
                const double upToGap = std::min(inOrder, std::max(0.0, f.gapAt - f.expected));
                const double pastGap = inOrder - upToGap;
                inOrder = upToGap;
                outOfOrder += pastGap;
                if (pastGap > 0 && f.nakFor != f.expected + upToGap) {
                    // The first bytes past the gap: one NAK, and the sender goes back to
                    // the receiver's next expected byte; what it had sent beyond is in the
                    // network still and will be discarded on arrival.
                    const double expectedNow = f.expected + upToGap;
                    double inNetwork = 0;
                    for (int k = 0; k < f.route.hops; ++k)
                        inNetwork += f.hop[k].q + f.hop[k].next;
                    f.nakFor = expectedNow;
                    ++f.pendingSeqErr;
                    f.stats.retransmittedBytes += Bytes(std::max(0.0, f.sent - expectedNow));
                    f.sent = expectedNow;
                    f.waste = inNetwork;
                    f.gapAt = -1;
                }
                // Past a gap it already NAKed the receiver waits: only the sender's ACK
                // timeout (phase A) resends then.
            }
            if (outOfOrder > 0)
                dst.outOfSequence += outOfOrder / double(f.pktWire);
            f.expected += inOrder;
            f.goodputAcc += inOrder * double(f.pktPayload) / double(f.pktWire);
            f.stats.goodputBytes = Bytes(f.goodputAcc);
            if (f.payloadTotal > 0 && f.demand >= 0 && f.expected >= f.demand - 1e-3)
                f.stats.goodputBytes = std::max(f.stats.goodputBytes, f.payloadTotal);
            if (inOrder > 0)
                f.lastProgress = now;
            if (f.notifyAt >= 0 && f.expected >= f.notifyAt - 1e-3)
                f.notifyReady = true;
        }
        if (dropped > kEpsilonBytes && !rdma && f.stats.active) {
            // TCP with SACK resends only what was lost, and halves its rate once per episode.
            f.sent = std::max(f.expected, f.sent - dropped);
            f.stats.retransmittedBytes += Bytes(dropped);
            if (now - f.lastCut > 4 * params.timing.linkDelay + step) {
                f.lastCut = now;
                f.pendingCut = true;
            }
        }
        for (int k = 1; k < kMaxHops; ++k) {
            f.hop[k].in = f.hop[k].next;
            f.hop[k].next = 0;
        }
        f.hop[0].in = 0;
        // The NP: CE marks, and at most one CNP per min_time_between_cnps, the marks spread
        // evenly over the step. With deferCnp, a mark inside the window sends one CNP when
        // the window ends instead of none.
        if (f.stats.kind == FlowKind::Rdma && (marks > 0 || f.cnpDeferredTo >= 0))
            notifyMarks(f, dst, marks, now, step);
    }
    // NIC-originated PFC of a stalled (or still draining) receive buffer.
    if (nic.stalled || nic.nicPaused) {
        if (!nic.stalled)
            nic.rxBuffer = std::max(0.0, nic.rxBuffer - bytesIn(nic.speed, step));
        const double nicXoff = double(kNicRxBuffer - 3 * 9216);
        const int prio = qos.noDropPfcCos;
        const TimeNs quantaTime = pauseDuration(params.sw.pauseQuanta, nic.speed);
        auto send = [&](std::int64_t quanta) {
            ++nic.c->txPrioPause[std::size_t(prio)];
            ++nic.c->txPauseCtrl;
            if (nic.switchPort >= 0)
                pfcToSwitchPort(nic.switchPort, prio, quanta, now + params.timing.linkDelay);
        };
        if (!nic.nicPaused && nic.rxBuffer >= nicXoff) {
            nic.nicPaused = true;
            nic.nicLastXoff = now;
            send(params.sw.pauseQuanta);
        } else if (nic.nicPaused && nic.rxBuffer < nicXoff / 2) {
            nic.nicPaused = false;
            send(0);
        } else if (nic.nicPaused && now - nic.nicLastXoff >= quantaTime / 2) {
            nic.nicLastXoff = now;
            send(params.sw.pauseQuanta);
        }
    }
}

// --- serial bookkeeping ------------------------------------------------------------------

void FluidFabric::Impl::notifyMarks(FluidFlow &f, FluidHost &dst, double marks, TimeNs from,
                                    TimeNs span)
{
    const DcqcnParams &dc = hostDcqcn[std::size_t(f.stats.dst)];
    const bool enabled = (dst.config.ecnNpPrios & (1u << f.prio)) != 0;
    const TimeNs back
        = params.timing.npCnpLatency + TimeNs(f.route.hops + 1) * params.timing.linkDelay;
    auto send = [&](TimeNs t) {
        f.lastCnp = t;
        ++dst.c->npCnpSent;
        ++f.stats.cnpsSent;
        countHostTx(dst, f, double(kCnpFrameBytes + kWireGap), true,
                    int(kCnpFrameBytes + kWireGap));
        f.cnpDue.push_back(t + back);
        ++f.cnpsToCount;
    };
    const int m = marks > 0 ? poisson(f.rng, marks) : 0;
    dst.c->npEcnMarkedRocePackets += quint64(m);
    f.stats.ceMarks += quint64(m);
    for (int j = 0; j <= m; ++j) {
        // The deferred CNP leaves when its window ends, before the marks that come after.
        const TimeNs t = j < m ? from + span * (2 * j + 1) / (2 * m) : from + span;
        if (f.cnpDeferredTo >= 0 && f.cnpDeferredTo <= t && (enabled || j == m)) {
            if (enabled)
                send(f.cnpDeferredTo);
            f.cnpDeferredTo = -1;
        }
        if (j == m || !enabled)
            continue;
        if (t - f.lastCnp >= dc.minTimeBetweenCnps)
            send(t);
        else if (dc.deferCnp && f.cnpDeferredTo < 0 && t > f.lastCnp)
            f.cnpDeferredTo = f.lastCnp + dc.minTimeBetweenCnps;
    }
}

void FluidFabric::Impl::serialAfterStep()
{
    expressCompletions();
    for (int p : egressPorts) {
        FluidPort &port = ports[std::size_t(p)];
        const double q = port.q[FluidDefault] + port.q[FluidRoce];
        switchUsed[std::size_t(port.switchIndex)] += q - port.qCounted;
        port.qCounted = q;
    }
    for (int job : ringsDue)
        ringExpressDelivered(job);
    ringsDue.clear();
    for (int id : expressNotified) {
        FluidFlow &f = flows[std::size_t(id)];
        if (f.notifyReady) {
            f.notifyReady = false;
            notify(f);
        }
    }
    expressNotified.clear();
    for (int id : steppedFlows) {
        FluidFlow &f = flows[std::size_t(id)];
        if (f.notifyReady) {
            f.notifyReady = false;
            notify(f);
        }
        if (f.cnpsToCount > 0) {
            // CNPs cross the switches back to the sender in the strict-priority class.
            for (int k = 0; k < f.reverse.hops; ++k) {
                FluidPort &out = ports[std::size_t(f.reverse.egress[k])];
                out.cnpTxPkts += quint64(f.cnpsToCount);
                out.txPkts += f.cnpsToCount;
                out.txBytes += f.cnpsToCount * double(kCnpFrameBytes);
                const int in = k == 0 ? nics[std::size_t(f.dstNic)].switchPort
                                      : ports[std::size_t(f.reverse.egress[k - 1])].peer;
                if (in >= 0) {
                    ports[std::size_t(in)].rxPkts += f.cnpsToCount;
                    ports[std::size_t(in)].rxBytes += f.cnpsToCount * double(kCnpFrameBytes);
                }
            }
            f.cnpsToCount = 0;
        }
    }
    if (params.sw.pfcWatchdog && now >= nextWatchdogPoll) {
        watchdog();
        nextWatchdogPoll += params.sw.watchdogPoll;
    }
    if (!probes.empty())
        runProbes();
}

void FluidFabric::Impl::notify(FluidFlow &f)
{
    if (f.notifyAt < 0 || f.expected < f.notifyAt - 1e-3)
        return;
    f.notifyAt = -1;
    if (f.owner != NotifyOwner::Training)
        return;
    ringAdvance(f.ownerId, detail::ringChunkDelivered(jobs[std::size_t(f.ownerId)], now));
}

void FluidFabric::Impl::ringAdvance(int jobId, detail::RingProgress progress)
{
    TrainingState &job = jobs[std::size_t(jobId)];
    switch (progress) {
    case detail::RingProgress::Wait:
        return;
    case detail::RingProgress::NextChunk: {
        // Next ring step: every rank forwards its chunk to its neighbour.
        const Bytes payload = detail::ringChunkPayload(job);
        if (ringExpressStart(jobId, stepIndex() + 1, payload))
            return;  // phase A of the next step sends
        for (int flow : std::as_const(job.flows)) {
            FluidFlow &g = flows[std::size_t(flow)];
            g.demand
                += double(wireBytesFor(payload, g.pktPayload, g.pktWire - g.pktPayload - kWireGap));
            g.notifyAt = g.demand;
            g.lastProgress = now;
            if (g.express)
                expressRestart(g, flow, stepIndex() + 1);  // phase A of the next step sends
        }
        return;
    }
    case detail::RingProgress::Finished:
        for (int flow : std::as_const(job.flows))
            flows[std::size_t(flow)].stats.active = false;
        listsDirty = true;
        return;
    case detail::RingProgress::NextIteration:
        pushEvent(now + job.options.computeTime, EventType::TrainingComputeDone, jobId);
        return;
    }
}

void FluidFabric::Impl::watchdog()
{
    // NX-OS PFC watchdog: a no-drop queue paused with backlog and no transmission during a
    // whole poll interval is shut down (its queue dropped) and restored after 10 polls.
    for (int index : egressPorts) {
        FluidPort &p = ports[std::size_t(index)];
        const int cos = pfcCosAt(p.switchIndex);
        const bool stuck = p.q[FluidRoce] > kEpsilonBytes && p.wdTxSincePoll <= kEpsilonBytes
            && now < p.egressPause[cos].pausedUntil;
        if (stuck && now >= p.wdShutdownUntil) {
            ++p.c->watchdogShutdowns;
            p.wdShutdownUntil = now + 10 * params.sw.watchdogPoll;
            for (const EntryRef &e : p.egress) {
                FluidFlow &f = flows[std::size_t(e.flow)];
                if (f.slot != FluidRoce || f.hop[e.hop].q <= 0)
                    continue;
                p.c->watchdogDroppedPkts += quint64(f.hop[e.hop].q / double(f.pktWire));
                f.hop[e.hop].drop += f.hop[e.hop].q;
                f.hop[e.hop].q = 0;
                f.hop[e.hop].fifo.clear();
            }
            p.q[FluidRoce] = 0;
            p.enqueued[FluidRoce] = p.dequeued[FluidRoce] = 0;
        } else if (p.wdShutdownUntil > 0 && now >= p.wdShutdownUntil) {
            ++p.c->watchdogRestores;
            p.wdShutdownUntil = 0;
        }
        p.wdTxSincePoll = 0;
    }
}

void FluidFabric::Impl::runProbes()
{
    // A ping-pong probe measures the path as it is: the idle path plus the time each queue
    // on the way holds a packet, one iteration per round trip.
    for (FluidProbe &p : probes) {
        if (p.result.finished || now < p.nextAt)
            continue;
        const FluidFlow &ab = flows[std::size_t(p.flowAB)];
        const FluidFlow &ba = flows[std::size_t(p.flowBA)];
        auto oneWay = [&](const FluidFlow &f, int fromHost) {
            const RateBps speed = std::max<RateBps>(1, nics[std::size_t(f.srcNic)].speed);
            const Bytes wire = p.options.messageBytes + (f.pktWire - f.pktPayload);
            TimeNs t = TimeNs(f.route.hops + 1)
                * (params.timing.linkDelay + TimeNs(wire) * 8 * kNsPerSec / speed);
            for (int k = 0; k < f.route.hops; ++k) {
                const FluidPort &port = ports[std::size_t(f.route.egress[k])];
                const double queued = port.q[f.slot];
                t += TimeNs(queued * kBitsPerByte * double(kNsPerSec)
                            / double(std::max<RateBps>(1, port.speed)));
            }
            const HostConfig &c = hosts[std::size_t(fromHost)].config;
            return t + (f.stats.kind == FlowKind::Rdma ? c.rdmaHostLatency : c.tcpHostLatency);
        };
        const TimeNs rtt = oneWay(ab, p.hostB) + oneWay(ba, p.hostA);
        p.result.oneWayNs.append(rtt / 2);
        p.nextAt = now + std::max(rtt, dt());
        if (p.result.oneWayNs.size() >= p.options.iterations)
            p.result.finished = true;
    }
}

bool FluidFabric::Impl::anythingMoving(TimeNs until) const
{
    if (params.sw.pfcWatchdog)
        return true;
    for (const FluidProbe &p : probes) {
        if (!p.result.finished)
            return true;
    }
    // Express flows are not stepped: their completions bound the jump instead.
    for (int id : steppedFlows) {
        const FluidFlow &f = flows[std::size_t(id)];
        if (!f.idleInNetwork() || (f.stats.active && f.backlog() > kEpsilonBytes)
            || f.rp.nextTimer() < until)
            return true;
    }
    for (int p : ingressPorts) {
        if (ports[std::size_t(p)].paused)
            return true;
    }
    return !pfcNics.empty();
}

TimeNs FluidFabric::Impl::nextAckTimeout() const
{
    TimeNs first = LLONG_MAX;
    for (int id : steppedFlows) {
        const FluidFlow &f = flows[std::size_t(id)];
        if (f.stats.active && f.stats.kind == FlowKind::Rdma && f.sent > f.expected + kEpsilonBytes)
            first = std::min(first, f.lastProgress + params.timing.ackTimeout + dt());
    }
    return first;
}

void FluidFabric::Impl::flushPort(int portIndex)
{
    FluidPort &p = ports[std::size_t(portIndex)];
    for (const EntryRef &e : p.egress) {
        FluidFlow &f = flows[std::size_t(e.flow)];
        if (f.hop[e.hop].q <= 0)
            continue;
        const double pkts = f.hop[e.hop].q / double(f.pktWire);
        p.slotDropPkts[f.slot] += pkts;
        p.slotDropBytes[f.slot] += f.hop[e.hop].q - pkts * double(kWireGap);
        f.hop[e.hop].drop += f.hop[e.hop].q;
        f.hop[e.hop].q = 0;
        f.hop[e.hop].fifo.clear();
    }
    p.q[0] = p.q[1] = 0;
    p.enqueued[0] = p.enqueued[1] = p.dequeued[0] = p.dequeued[1] = 0;
}

void FluidFabric::Impl::reroute()
{
    // Flows whose path crosses a link that went down (or that polarization moves) take the
    // path ECMP gives them now. A ring that moves as one hands its flows back first.
    ringExpressCatchUpAll();
    for (int id = 0; id < int(flows.size()); ++id) {
        FluidFlow &f = flows[std::size_t(id)];
        if (!f.stats.active || f.route.hops < 3)
            continue;
        const Route r = routeFor(id, f.srcNic, f.dstNic, f.uplink);
        bool same = r.hops == f.route.hops;
        for (int k = 0; same && k < r.hops; ++k)
            same = r.egress[k] == f.route.egress[k];
        if (same)
            continue;
        if (f.express)
            expressDemote(f);  // its bytes in flight become per-hop state, lost below
        // Bytes on the old path are lost with it (they would arrive on a path the flow no
        // longer tracks); go-back-N sends them again.
        for (int k = 0; k < kMaxHops; ++k) {
            f.hop[k].drop += f.hop[k].q + f.hop[k].in + f.hop[k].next;
            FluidPort &old = ports[std::size_t(std::max(0, f.route.egress[k]))];
            if (k < f.route.hops)
                old.q[f.slot] = std::max(0.0, old.q[f.slot] - f.hop[k].q);
            f.hop[k].q = f.hop[k].in = f.hop[k].next = 0;
            f.hop[k].fifo.clear();
        }
        setRoute(f, r, id);
    }
    listsDirty = true;
}

// =========================================================================================
// Public API
// =========================================================================================

FluidFabric::FluidFabric(FabricSpec spec, ModelParams params)
    : d(std::make_unique<Impl>(std::move(spec), params))
{
    d->init();
}

FluidFabric::~FluidFabric() = default;

const FabricSpec &FluidFabric::spec() const
{
    return d->spec;
}

const ModelParams &FluidFabric::params() const
{
    return d->params;
}

TimeNs FluidFabric::now() const
{
    return d->now;
}

void FluidFabric::runUntil(TimeNs t)
{
    while (d->now < t) {
        if (d->listsDirty)
            d->rebuildLists();
        if (!d->anythingMoving(t)) {
            // Nothing steps and nothing is scheduled before t: jump (an idle fabric, or one
            // whose flows are all express, is free). Express completions are scheduled too.
            TimeNs target = t;
            if (!d->events.empty())
                target = std::min(target, d->events.top().time);
            // A flow whose resend was lost waits for its ACK timer, which is no event.
            target = std::min(target, d->nextAckTimeout());
            const std::int64_t express = d->nextExpressStep();
            if (express != LLONG_MAX)
                target = std::min(target, TimeNs(express) * d->dt());
            const TimeNs steps = (target - d->now) / d->dt();
            if (steps > 1) {
                d->now += (steps - 1) * d->dt();
                d->stepsSinceQueueReset += steps - 1;
            }
        }
        d->step();
    }
    // Counters read after this call are exact: express flows are put into them.
    d->expressSettleAll();
}

int FluidFabric::startFlow(int srcHost, int dstHost, const FlowOptions &options)
{
    Impl &m = *d;
    FluidFlow f;
    f.stats.src = srcHost;
    f.stats.dst = dstHost;
    f.stats.kind = options.kind;
    f.stats.active = true;
    f.stats.startedAt = m.now;
    f.dscp = options.dscp;
    f.srcNic = m.spec.hosts[srcHost].nicPort;
    f.dstNic = m.spec.hosts[dstHost].nicPort;
    m.classify(f);
    const int id = int(m.flows.size());
    f.uplink = options.uplink;
    m.setRoute(f, m.routeFor(id, f.srcNic, f.dstNic, f.uplink), id);
    if (options.kind == FlowKind::Rdma) {
        f.pktPayload = int(m.params.roceMtu);
        f.pktWire = int(m.params.roceMtu + kRoceFrameOverhead + kWireGap);
    } else {
        f.pktPayload = int(m.params.tcpMss);
        f.pktWire = int(m.params.tcpMss + kTcpFrameOverhead + kWireGap);
    }
    const RateBps line = m.nics[std::size_t(f.srcNic)].speed;
    f.rp = ReactionPoint(&m.hostDcqcn[std::size_t(f.stats.src)], line);
    f.tcpRate = double(line) / 10;
    f.rng = Xoshiro256(m.params.seed, (std::uint64_t(1) << 32) + std::uint64_t(id));
    f.demand = options.totalBytes < 0 ? -1.0
                                      : double(wireBytesFor(options.totalBytes, f.pktPayload,
                                                            f.pktWire - f.pktPayload - kWireGap));
    f.payloadTotal = options.totalBytes;
    f.lastProgress = m.now;
    m.flows.push_back(std::move(f));
    m.listsDirty = true;
    return id;
}

void FluidFabric::stopFlow(int flow)
{
    FluidFlow &f = d->flows[std::size_t(flow)];
    if (!f.stats.active)
        return;
    f.stats.active = false;
    f.stats.stoppedAt = d->now;
    d->listsDirty = true;
}

void FluidFabric::stopAllFlows()
{
    for (std::size_t i = 0; i < d->flows.size(); ++i)
        stopFlow(int(i));
    for (auto &job : d->jobs)
        job.stopped = true;
    d->listsDirty = true;
}

int FluidFabric::flowCount() const
{
    return int(d->flows.size());
}

int FluidFabric::steppedFlowCount() const
{
    if (d->listsDirty)
        d->rebuildLists();
    return int(d->steppedFlows.size());
}

FlowStats FluidFabric::flowStats(int flow) const
{
    const FluidFlow &f = d->flows[std::size_t(flow)];
    FlowStats s = f.stats;
    if (f.stats.kind == FlowKind::Rdma) {
        s.currentRate = f.rp.currentRate();
        s.targetRate = f.rp.targetRate();
        s.alpha1024 = f.rp.alpha1024();
    } else {
        const HostConfig &hc = d->hosts[std::size_t(f.stats.src)].config;
        s.currentRate = hc.tcpStackLimit > 0 ? std::min(hc.tcpStackLimit, RateBps(f.tcpRate))
                                             : RateBps(f.tcpRate);
    }
    return s;
}

int FluidFabric::startProbe(int hostA, int hostB, const ProbeOptions &options)
{
    FluidProbe p;
    p.options = options;
    p.hostA = hostA;
    p.hostB = hostB;
    FlowOptions fo;
    fo.kind = options.kind;
    fo.totalBytes = 0;
    // The probe's flows carry no bulk bytes: they give the probe its paths and classes.
    p.flowAB = startFlow(hostA, hostB, fo);
    p.flowBA = startFlow(hostB, hostA, fo);
    for (int flow : {p.flowAB, p.flowBA}) {
        d->flows[std::size_t(flow)].demand = 0;
        d->flows[std::size_t(flow)].owner = NotifyOwner::Probe;
    }
    p.nextAt = d->now;
    d->probes.push_back(p);
    return int(d->probes.size()) - 1;
}

ProbeResult FluidFabric::probeResult(int probe) const
{
    return d->probes[std::size_t(probe)].result;
}

int FluidFabric::startTraining(const TrainingOptions &options)
{
    TrainingState job;
    job.options = options;
    const int id = int(d->jobs.size());
    const int n = int(options.ranks.size());
    for (int r = 0; r < n; ++r) {
        FlowOptions fo;
        fo.totalBytes = 0;
        const int flow = startFlow(options.ranks[r], options.ranks[(r + 1) % n], fo);
        FluidFlow &f = d->flows[std::size_t(flow)];
        f.owner = NotifyOwner::Training;
        f.ownerId = id;
        f.demand = 0;
        job.flows.append(flow);
    }
    job.current = TrainingIteration {0, d->now, 0, 0};
    d->jobs.push_back(job);
    d->pushEvent(d->now + options.computeTime, EventType::TrainingComputeDone, id);
    return id;
}

QList<TrainingIteration> FluidFabric::trainingIterations(int job) const
{
    return d->jobs[std::size_t(job)].done;
}

bool FluidFabric::trainingFinished(int job) const
{
    return d->jobs[std::size_t(job)].stopped;
}

void FluidFabric::stopTraining(int job)
{
    TrainingState &j = d->jobs[std::size_t(job)];
    j.stopped = true;
    for (int flow : std::as_const(j.flows))
        stopFlow(flow);
    d->listsDirty = true;
}

SwitchQosConfig FluidFabric::qosConfig() const
{
    return d->qos;
}

void FluidFabric::setQosConfig(const SwitchQosConfig &config)
{
    d->listsDirty = true;
    d->qos = config;
    // Re-classify live flows as the switch would on their next packet.
    for (auto &f : d->flows)
        d->reclassify(f);
}

void FluidFabric::setPfcEnabled(int switchPort, bool on)
{
    for (std::size_t i = 0; i < d->ports.size(); ++i) {
        if (switchPort < 0 || int(i) == switchPort)
            d->ports[i].pfcOn = on;
    }
    d->listsDirty = true;
}

bool FluidFabric::pfcEnabled(int switchPort) const
{
    return d->ports[std::size_t(switchPort)].pfcOn;
}

void FluidFabric::setWred(const WredParams &wred)
{
    d->params.sw.wred = wred;
    for (SwitchQueuing &q : d->queuing)
        q.wred = wred;
}

void FluidFabric::setDcqcn(const DcqcnParams &dcqcn)
{
    d->params.dcqcn = dcqcn;
    for (DcqcnParams &h : d->hostDcqcn)
        h = dcqcn;
}

DcqcnParams FluidFabric::hostDcqcn(int host) const
{
    return d->hostDcqcn[std::size_t(host)];
}

void FluidFabric::setHostDcqcn(int host, const DcqcnParams &dcqcn)
{
    d->hostDcqcn[std::size_t(host)] = dcqcn;
}

void FluidFabric::setPfcThresholds(Bytes xoff100g, Bytes xon100g)
{
    d->params.sw.xoff100g = xoff100g;
    d->params.sw.xon100g = xon100g;
    for (SwitchQueuing &q : d->queuing) {
        q.xoff100g = xoff100g;
        q.xon100g = xon100g;
    }
    for (auto &p : d->ports)
        p.staticTh = d->staticFor(p.switchIndex, p.speed);
}

SwitchQueuing FluidFabric::switchQueuing(int switchIndex) const
{
    return d->queuing[std::size_t(switchIndex)];
}

void FluidFabric::setSwitchQueuing(int switchIndex, const SwitchQueuing &queuing)
{
    d->queuing[std::size_t(switchIndex)] = queuing;
    for (auto &p : d->ports)
        p.staticTh = d->staticFor(p.switchIndex, p.speed);
}

HostConfig FluidFabric::hostConfig(int host) const
{
    return d->hosts[std::size_t(host)].config;
}

void FluidFabric::setHostConfig(int host, const HostConfig &config)
{
    d->listsDirty = true;
    d->hosts[std::size_t(host)].config = config;
    // Its flows take its new DSCPs (RoCE ones it sends, CNPs for the ones it receives).
    for (auto &f : d->flows) {
        if (f.stats.src == host || f.stats.dst == host)
            d->reclassify(f);
    }
}

void FluidFabric::setLinkSpeed(int switchPort, RateBps speed)
{
    d->listsDirty = true;
    FluidPort &p = d->ports[std::size_t(switchPort)];
    p.speed = speed;
    p.staticTh = d->staticFor(p.switchIndex, speed);
    if (p.peerKind == PeerKind::Nic) {
        FluidNic &n = d->nics[std::size_t(p.peer)];
        n.speed = speed;
        for (auto &f : d->flows) {
            if (f.srcNic == p.peer)
                f.rp.setLineRate(speed);
        }
    } else if (p.peerKind == PeerKind::SwitchPort) {
        FluidPort &peer = d->ports[std::size_t(p.peer)];
        peer.speed = speed;
        peer.staticTh = d->staticFor(peer.switchIndex, speed);
    }
}

void FluidFabric::setLinkUp(int switchPort, bool up)
{
    FluidPort &p = d->ports[std::size_t(switchPort)];
    if (p.up == up)
        return;
    if (d->listsDirty)
        d->rebuildLists();
    p.up = up;
    if (!up) {
        d->flushPort(switchPort);
        if (p.peerKind == PeerKind::SwitchPort)
            d->flushPort(p.peer);
    }
    if (p.peerKind == PeerKind::Nic) {
        FluidNic &n = d->nics[std::size_t(p.peer)];
        n.up = up;
        if (!up)
            ++n.c->linkDowned;
    } else if (p.peerKind == PeerKind::SwitchPort) {
        d->ports[std::size_t(p.peer)].up = up;
        d->reroute();
    }
    d->listsDirty = true;
}

void FluidFabric::setNicStalled(int nicPort, bool stalled)
{
    d->listsDirty = true;
    FluidNic &n = d->nics[std::size_t(nicPort)];
    n.stalled = stalled;
    if (!stalled)
        n.rxBuffer = 0;
    if (std::find(d->pfcNics.begin(), d->pfcNics.end(), nicPort) == d->pfcNics.end())
        d->pfcNics.push_back(nicPort);  // until it released its port (rebuildLists)
}

void FluidFabric::setPfcWatchdog(bool on)
{
    d->params.sw.pfcWatchdog = on;
    d->nextWatchdogPoll = d->now + d->params.sw.watchdogPoll;
}

void FluidFabric::setSwitchFaults(int switchIndex, const SwitchFaults &faults)
{
    const bool rehash
        = d->switchFaults[std::size_t(switchIndex)].ecmpPolarized != faults.ecmpPolarized;
    d->switchFaults[std::size_t(switchIndex)] = faults;
    if (rehash)
        d->reroute();  // as setEcmpPolarized: the running flows move too
    d->listsDirty = true;
}

SwitchFaults FluidFabric::switchFaults(int switchIndex) const
{
    return d->switchFaults[std::size_t(switchIndex)];
}

void FluidFabric::setLinkErrorRate(int switchPort, double rate)
{
    FluidPort &p = d->ports[std::size_t(switchPort)];
    p.errorRate = std::clamp(rate, 0.0, 1.0);
    if (p.peerKind == PeerKind::SwitchPort)
        d->ports[std::size_t(p.peer)].errorRate = p.errorRate;
    d->listsDirty = true;  // express flows through it go back to stepping
}

double FluidFabric::linkErrorRate(int switchPort) const
{
    return d->ports[std::size_t(switchPort)].errorRate;
}

void FluidFabric::setEcmpPolarized(bool polarized)
{
    if (d->ecmpPolarized == polarized)
        return;
    d->ecmpPolarized = polarized;
    d->reroute();
}

SwitchPortCounters FluidFabric::switchPortCounters(int switchPort) const
{
    const FluidPort &p = d->ports[std::size_t(switchPort)];
    SwitchPortCounters c = *p.c;
    c.operUp = p.up;
    c.speed = p.speed;
    c.rxPkts = quint64(p.rxPkts);
    c.rxCrcErrors = quint64(p.rxCrcErrors);
    c.rxBytes = quint64(p.rxBytes);
    c.txPkts = quint64(p.txPkts);
    c.txBytes = quint64(p.txBytes);
    c.qosTxPkts[ClassDefault] = quint64(p.slotTxPkts[FluidDefault]);
    c.qosTxBytes[ClassDefault] = quint64(p.slotTxBytes[FluidDefault]);
    c.qosTxPkts[ClassRoce] = quint64(p.slotTxPkts[FluidRoce]);
    c.qosTxBytes[ClassRoce] = quint64(p.slotTxBytes[FluidRoce]);
    c.qosDropPkts[ClassDefault] = quint64(p.slotDropPkts[FluidDefault]);
    c.qosDropBytes[ClassDefault] = quint64(p.slotDropBytes[FluidDefault]);
    c.qosDropPkts[ClassRoce] = quint64(p.slotDropPkts[FluidRoce]);
    c.qosDropBytes[ClassRoce] = quint64(p.slotDropBytes[FluidRoce]);
    c.qosEcnPkts[ClassRoce] = quint64(p.ecnPkts);
    c.qosTxPkts[ClassCnp] = p.cnpTxPkts;
    c.qosTxBytes[ClassCnp] = p.cnpTxPkts * quint64(kCnpFrameBytes);
    c.qosDepth[ClassDefault] = quint64(p.q[FluidDefault]);
    c.qosDepth[ClassRoce] = quint64(p.q[FluidRoce]);
    c.qosDepthMax[ClassRoce] = quint64(p.qMaxRoceEver);
    c.qosDepthMax[ClassDefault] = quint64(p.qMaxDefault);
    c.ingressMmuDropPkts = quint64(p.mmuDropPkts);
    c.ingressMmuDropBytes = quint64(p.mmuDropBytes);
    for (int cos = 0; cos < kClassCount; ++cos)
        c.cosRxPauseActive[std::size_t(cos)] = d->now < p.egressPause[cos].pausedUntil;
    return c;
}

HostCounters FluidFabric::hostCounters(int host) const
{
    const FluidHost &h = d->hosts[std::size_t(host)];
    HostCounters c = *h.c;
    quint64 txBytes = 0, txPkts = 0, rxBytes = 0, rxPkts = 0;
    for (int prio = 0; prio < kClassCount; ++prio) {
        c.txPrioBytes[std::size_t(prio)] = quint64(h.txPrioBytes[prio]);
        c.txPrioPackets[std::size_t(prio)] = quint64(h.txPrioPkts[prio]);
        c.rxPrioBytes[std::size_t(prio)] = quint64(h.rxPrioBytes[prio]);
        c.rxPrioPackets[std::size_t(prio)] = quint64(h.rxPrioPkts[prio]);
        txBytes += c.txPrioBytes[std::size_t(prio)];
        txPkts += c.txPrioPackets[std::size_t(prio)];
        rxBytes += c.rxPrioBytes[std::size_t(prio)];
        rxPkts += c.rxPrioPackets[std::size_t(prio)];
    }
    c.txBytesPhy = txBytes;
    c.txPacketsPhy = txPkts;
    c.rxBytesPhy = rxBytes;
    c.rxPacketsPhy = rxPkts;
    // counters/port_*_data count 4-byte words (REFERENCE-FORMATS §1.2).
    c.portXmitData = quint64(h.txRdmaBytes) / 4;
    c.portXmitPackets = quint64(h.txRdmaPkts);
    c.portRcvData = quint64(h.rxRdmaBytes) / 4;
    c.portRcvPackets = quint64(h.rxRdmaPkts);
    c.txVportRdmaUnicastBytes = quint64(h.txRdmaBytes);
    c.txVportRdmaUnicastPackets = quint64(h.txRdmaPkts);
    c.rxVportRdmaUnicastBytes = quint64(h.rxRdmaBytes);
    c.rxVportRdmaUnicastPackets = quint64(h.rxRdmaPkts);
    c.rxWriteRequests = quint32(quint64(h.rxWriteRequests));
    c.outOfSequence = quint32(quint64(h.outOfSequence));
    const int nicIndex = d->spec.hosts[host].nicPort;
    const FluidNic &n = d->nics[std::size_t(nicIndex)];
    c.linkUp = n.up;
    c.speed = n.speed;
    c.linkDowned = n.c->linkDowned;
    c.rxPrioPause = n.c->rxPrioPause;
    c.txPrioPause = n.c->txPrioPause;
    c.rxPrioPauseTransition = n.c->rxPrioPauseTransition;
    c.rxPrioDiscards = n.c->rxPrioDiscards;
    c.rxDiscardsPhy = quint64(n.rxDiscards);
    c.rxCrcErrorsPhy = quint64(n.rxCrcErrors);
    c.rxPauseCtrlPhy = n.c->rxPauseCtrl;
    c.txPauseCtrlPhy = n.c->txPauseCtrl;
    for (int prio = 0; prio < kClassCount; ++prio)
        c.rxPrioPauseDurationUs[std::size_t(prio)]
            = quint64(detail::pausedTime(n.rxPause[prio], d->now) / kNsPerUs);
    return c;
}

QueueStats FluidFabric::queueStats(int switchPort) const
{
    const FluidPort &p = d->ports[std::size_t(switchPort)];
    QueueStats s;
    s.maxBytes = Bytes(p.qMax);
    s.samples = d->stepsSinceQueueReset;
    s.meanBytes = s.samples > 0 ? p.qSum / double(s.samples) : 0.0;
    return s;
}

void FluidFabric::resetQueueStats()
{
    for (auto &p : d->ports) {
        p.qSum = 0;
        p.qMax = 0;
    }
    d->stepsSinceQueueReset = 0;
}

PfcThresholds FluidFabric::pfcThresholds(int switchPort) const
{
    return d->thresholdsFor(d->ports[std::size_t(switchPort)]);
}

Bytes FluidFabric::bufferUsed(int switchIndex) const
{
    return Bytes(d->switchUsed[std::size_t(switchIndex)]);
}

}  // namespace roce::sim
