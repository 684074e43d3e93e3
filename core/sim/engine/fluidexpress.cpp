// The express path of the fluid model: flows whose every step is the same evolve by
// arithmetic. A flow alone on every port of an idle path, at line rate and without congestion
// history, is one (most of a non-blocking fabric: the ring of a training job between
// neighbours on one leaf); so is a group of bulk flows sharing NICs and ports where nothing
// queues, each at its NIC's share. They cost nothing per step, and the model steps only
// through the flows that share a queue. Their timing is the step-by-step model's to the
// step: they send their share each step, each hop passes the bytes one step later, and the
// receiver completes in the same step it would.
#include "sim/engine/fluidstate.h"

#include <climits>

namespace roce::sim {

using namespace fluid;

namespace {

/// Bytes of a segment of @p backlog sent at @p perStep a step, in the steps before @p step
/// by a hop @p delay steps down the path from the sender.
double passedBy(const FluidFlow &f, std::int64_t step, int delay)
{
    const std::int64_t steps = step - f.xStart - delay;
    if (steps <= 0)
        return 0.0;
    return std::min(f.xBacklog, f.xPerStep * double(steps));
}

}  // namespace

bool FluidFabric::Impl::expressCandidate(const FluidFlow &f) const
{
    if (!params.expressFlows || !f.stats.active || f.stats.kind != FlowKind::Rdma
        || f.route.hops < 1 || f.owner == NotifyOwner::Probe)
        return false;
    // No congestion history: a reaction point that saw a CNP runs timers and sends below
    // line rate; losses and CNPs in flight need the receiver's step-by-step state.
    if (f.rp.congested() || !f.cnpDue.empty() || f.cnpDeferredTo >= 0 || f.waste > 0 || f.gapAt >= 0
        || f.pendingSeqErr > 0 || f.cnpsToCount > 0)
        return false;
    if (!f.express) {
        // To go express, everything it sent must have arrived: a loss not yet seen by the
        // receiver (or a tail loss waiting for the ACK timeout) needs the stepped path.
        if (!f.idleInNetwork() || f.sent > f.expected + kEpsilonBytes)
            return false;
        for (int k = 0; k < kMaxHops; ++k) {
            if (f.hop[k].drop > 0)
                return false;
        }
    }
    const FluidNic &src = nics[std::size_t(f.srcNic)];
    const FluidNic &dst = nics[std::size_t(f.dstNic)];
    if (!src.up || src.stalled || src.speed <= 0 || src.rxPause[f.prio].pausedUntil > now || !dst.up
        || dst.stalled || dst.nicPaused)
        return false;
    for (int k = 0; k < f.route.hops; ++k) {
        const FluidPort &out = ports[std::size_t(f.route.egress[k])];
        // A damaged cable loses frames every step: the receiver's step-by-step state follows.
        if (!out.up || out.q[FluidDefault] > 0 || out.q[FluidRoce] > 0 || out.errorRate > 0
            || out.egressPause[pfcCosAt(out.switchIndex)].pausedUntil > now)
            return false;
        const int in = f.ingressPort[k];
        if (in >= 0) {
            const FluidPort &inPort = ports[std::size_t(in)];
            if (!inPort.up || inPort.paused || inPort.errorRate > 0)
                return false;
        }
    }
    return true;
}

void FluidFabric::Impl::groupExpressCandidates()
{
    // Union-find over the live flows (by their index in liveFlows), joined by every NIC and
    // port (each direction) they use; each flow ends pointing at its group's root.
    ExpressUse &use = expressUse;
    const int live = int(liveFlows.size());
    use.parent.resize(std::size_t(live));
    for (int i = 0; i < live; ++i)
        use.parent[std::size_t(i)] = i;
    auto root = [&use](int i) {
        while (use.parent[std::size_t(i)] != i) {
            use.parent[std::size_t(i)] = use.parent[std::size_t(use.parent[std::size_t(i)])];
            i = use.parent[std::size_t(i)];
        }
        return i;
    };
    auto join = [&](std::vector<int> &owner, int resource, int i) {
        int &first = owner[std::size_t(resource)];
        if (first < 0) {
            first = i;
            return;
        }
        const int a = root(first), b = root(i);
        if (a != b)
            use.parent[std::size_t(std::max(a, b))] = std::min(a, b);
    };
    use.src.assign(nics.size(), -1);
    use.dst.assign(nics.size(), -1);
    use.egress.assign(ports.size(), -1);
    use.ingress.assign(ports.size(), -1);
    for (int i = 0; i < live; ++i) {
        const FluidFlow &f = flows[std::size_t(liveFlows[std::size_t(i)])];
        join(use.src, f.srcNic, i);
        join(use.dst, f.dstNic, i);
        for (int k = 0; k < f.route.hops; ++k) {
            join(use.egress, f.route.egress[k], i);
            if (f.ingressPort[k] >= 0)
                join(use.ingress, f.ingressPort[k], i);
        }
    }
    const std::int64_t step = stepIndex();
    use.members.assign(std::size_t(live), 0);
    use.ok.assign(std::size_t(live), 1);
    for (int i = 0; i < live; ++i) {
        FluidFlow &f = flows[std::size_t(liveFlows[std::size_t(i)])];
        expressSettle(f, step);  // its backlog as of now
        const int r = root(i);
        use.parent[std::size_t(i)] = r;
        ++use.members[std::size_t(r)];
        if (!expressCandidate(f))
            use.ok[std::size_t(r)] = 0;
    }
}

void FluidFabric::Impl::shareExpressCandidates()
{
    // Each member's bytes a step, as phase A divides its NIC: the same sums in the same
    // order (flow by flow), so the same shares to the last bit.
    ExpressUse &use = expressUse;
    const int live = int(liveFlows.size());
    auto group
        = [&use](int i) -> char & { return use.ok[std::size_t(use.parent[std::size_t(i)])]; };
    use.nicWant.assign(nics.size(), 0.0);
    use.nicFlows.assign(nics.size(), 0);
    use.share.assign(std::size_t(live), 0.0);
    for (int i = 0; i < live; ++i) {
        const FluidFlow &f = flows[std::size_t(liveFlows[std::size_t(i)])];
        if (!group(i))
            continue;
        if (use.members[std::size_t(use.parent[std::size_t(i)])] > 1 && f.demand >= 0) {
            group(i) = 0;  // a member that finishes changes the others' shares
            continue;
        }
        use.share[std::size_t(i)] = bytesIn(f.rp.currentRate(), dt());
        use.nicWant[std::size_t(f.srcNic)] += use.share[std::size_t(i)];
        ++use.nicFlows[std::size_t(f.srcNic)];
    }
    use.egressSum.assign(ports.size(), 0.0);
    use.ingressSum.assign(ports.size(), 0.0);
    for (int i = 0; i < live; ++i) {
        const FluidFlow &f = flows[std::size_t(liveFlows[std::size_t(i)])];
        if (!group(i))
            continue;
        const double capacity = bytesIn(nics[std::size_t(f.srcNic)].speed, dt());
        const double total = use.nicWant[std::size_t(f.srcNic)];
        double &share = use.share[std::size_t(i)];
        if (total > capacity)
            share *= capacity / total;
        if (use.nicFlows[std::size_t(f.srcNic)] > kMaxFlowsPerNic || share <= 0)
            group(i) = 0;
        for (int k = 0; k < f.route.hops; ++k) {
            use.egressSum[std::size_t(f.route.egress[k])] += share;
            if (f.ingressPort[k] >= 0)
                use.ingressSum[std::size_t(f.ingressPort[k])] += share;
        }
    }
    // Every port passes what arrives: no queue, and without PFC no ingress drop.
    for (int i = 0; i < live; ++i) {
        const FluidFlow &f = flows[std::size_t(liveFlows[std::size_t(i)])];
        if (!group(i))
            continue;
        for (int k = 0; k < f.route.hops; ++k) {
            const FluidPort &out = ports[std::size_t(f.route.egress[k])];
            if (use.egressSum[std::size_t(f.route.egress[k])] > bytesIn(out.speed, dt()))
                group(i) = 0;
            const int in = f.ingressPort[k];
            if (in >= 0 && !ports[std::size_t(in)].pfcOn) {
                const PfcThresholds th = thresholdsFor(ports[std::size_t(in)]);
                if (use.ingressSum[std::size_t(in)] > double(th.xoff + th.headroom))
                    group(i) = 0;
            }
        }
        // An express member whose share moved steps again, and its group with it.
        if (f.express && use.share[std::size_t(i)] != f.xPerStep)
            group(i) = 0;
    }
}

void FluidFabric::Impl::chooseExpress()
{
    // Flows that share a NIC or a port are one group: one that steps can queue where the
    // others pass, or take a different share of their NIC, so a group goes express whole or
    // not at all. A group of one is a flow alone on an idle path at line rate; a larger one
    // is a fixed point (every member sends for ever at the share of its NIC that phase A
    // gives it, and every port it crosses passes all that arrives): nothing in it changes
    // from one step to the next but the counters, which arithmetic gives.
    groupExpressCandidates();
    shareExpressCandidates();
    const ExpressUse &use = expressUse;
    const std::int64_t step = stepIndex();
    expressFlows.clear();
    for (int i = 0; i < int(liveFlows.size()); ++i) {
        const int id = liveFlows[std::size_t(i)];
        FluidFlow &f = flows[std::size_t(id)];
        const bool eligible = use.ok[std::size_t(use.parent[std::size_t(i)])] != 0;
        if (f.express && !eligible) {
            expressDemote(f);
        } else if (!f.express && eligible) {
            f.express = true;
            f.xCredited = step;
            f.xPerStep = use.share[std::size_t(i)];
            expressRestart(f, id, step);
        }
        if (f.express)
            expressFlows.push_back(id);
    }
}

void FluidFabric::Impl::expressRestart(FluidFlow &f, int id, std::int64_t step)
{
    expressSettle(f, step);
    f.xStart = step;
    f.xCredited = step;
    f.xSent0 = f.sent;
    f.xExpected0 = f.expected;
    f.xBacklog = std::max(0.0, f.backlog());
    ++f.xGeneration;
    if (f.xBacklog <= kEpsilonBytes || f.demand < 0 || f.xPerStep <= 0)
        return;  // nothing to send, or sends for ever (settled when read)
    const auto sendSteps = std::int64_t(std::ceil(f.xBacklog / f.xPerStep - 1e-9));
    const std::int64_t last = step + std::max<std::int64_t>(1, sendSteps) - 1 + (f.route.hops - 1);
    expressDue.push({last, id, f.xGeneration});
}

void FluidFabric::Impl::expressSettle(FluidFlow &f, std::int64_t step)
{
    if (!f.express || step <= f.xCredited)
        return;
    const std::int64_t from = f.xCredited;
    f.xCredited = step;
    const int hops = f.route.hops;
    const double sent = passedBy(f, step, 0) - passedBy(f, from, 0);
    if (sent > 0) {
        f.sent = f.xSent0 + passedBy(f, step, 0);
        expressSent(f, sent);
    }
    // Each hop passes the bytes one step after the one before it.
    for (int k = 0; k < hops; ++k)
        f.xUncredited[k] += passedBy(f, step, k) - passedBy(f, from, k);
    const double delivered = passedBy(f, step, hops - 1) - passedBy(f, from, hops - 1);
    if (delivered > 0) {
        f.expected = f.xExpected0 + passedBy(f, step, hops - 1);
        expressReceived(f, delivered);
        f.lastProgress = TimeNs(step) * dt();
    }
}

void FluidFabric::Impl::expressSent(FluidFlow &f, double bytes)
{
    f.stats.txBytes = Bytes(f.sent + double(f.stats.retransmittedBytes));
    f.xUncreditedTx += bytes;
    f.sentCarry += bytes;
    const Bytes whole = Bytes(f.sentCarry);
    if (whole > 0) {
        f.rp.onBytesSent(whole);
        f.sentCarry -= double(whole);
    }
}

void FluidFabric::Impl::expressReceived(FluidFlow &f, double bytes)
{
    f.xUncreditedRx += bytes;
    f.rxAcc += bytes;
    f.stats.rxBytes = Bytes(f.rxAcc);
    f.goodputAcc += bytes * double(f.pktPayload) / double(f.pktWire);
    f.stats.goodputBytes = Bytes(f.goodputAcc);
    if (f.payloadTotal > 0 && f.demand >= 0 && f.expected >= f.demand - 1e-3)
        f.stats.goodputBytes = std::max(f.stats.goodputBytes, f.payloadTotal);
}

void FluidFabric::Impl::expressCredit(FluidFlow &f)
{
    if (f.xUncreditedTx > 0) {
        countHostTx(hosts[std::size_t(f.stats.src)], f, f.xUncreditedTx, false, f.pktWire);
        f.xUncreditedTx = 0;
    }
    // The egress of each hop and the ingress it entered by count what passed.
    for (int k = 0; k < f.route.hops; ++k) {
        const double passed = f.xUncredited[k];
        if (passed <= 0)
            continue;
        f.xUncredited[k] = 0;
        FluidPort &out = ports[std::size_t(f.route.egress[k])];
        const double pkts = countPortTx(out, f.slot, passed, f.pktWire);
        const double frames = passed - pkts * double(kWireGap);
        out.wdTxSincePoll += passed;
        if (f.ingressPort[k] >= 0) {
            FluidPort &in = ports[std::size_t(f.ingressPort[k])];
            in.rxPkts += pkts;
            in.rxBytes += frames;
        }
    }
    if (f.xUncreditedRx > 0) {
        countHostRx(hosts[std::size_t(f.stats.dst)], f, f.xUncreditedRx, false, f.pktWire);
        f.xUncreditedRx = 0;
    }
}

void FluidFabric::Impl::expressDemote(FluidFlow &f)
{
    const std::int64_t step = stepIndex();
    expressSettle(f, step);
    expressCredit(f);
    // What it sent in the last hops - 1 steps is still on the way: bytes sent in step
    // step - k arrive at hop k now.
    for (int k = 1; k < f.route.hops; ++k) {
        const double inStep = passedBy(f, step - k + 1, 0) - passedBy(f, step - k, 0);
        f.hop[k].in = std::max(0.0, inStep);
    }
    f.express = false;
    ++f.xGeneration;
    f.lastProgress = now;
}

void FluidFabric::Impl::expressCompletions()
{
    const std::int64_t step = stepIndex();
    while (!expressDue.empty() && expressDue.top().step <= step) {
        const ExpressDue due = expressDue.top();
        expressDue.pop();
        if (due.flow < 0) {
            if (ringDueIsCurrent(due))
                ringsDue.push_back(-1 - due.flow);
            continue;
        }
        FluidFlow &f = flows[std::size_t(due.flow)];
        if (!f.express || f.xGeneration != due.generation)
            continue;
        expressSettle(f, step + 1);
        if (f.notifyAt >= 0 && f.expected >= f.notifyAt - 1e-3) {
            f.notifyReady = true;
            expressNotified.push_back(due.flow);
        }
    }
}

void FluidFabric::Impl::expressSettleAll()
{
    ringExpressCatchUpAll();
    const std::int64_t step = stepIndex();
    for (int id : expressFlows) {
        expressSettle(flows[std::size_t(id)], step);
        expressCredit(flows[std::size_t(id)]);
    }
}

std::int64_t FluidFabric::Impl::nextExpressStep()
{
    while (!expressDue.empty()) {
        const ExpressDue &due = expressDue.top();
        if (due.flow < 0) {
            if (ringDueIsCurrent(due))
                return due.step;
            expressDue.pop();
            continue;
        }
        const FluidFlow &f = flows[std::size_t(due.flow)];
        if (f.express && f.xGeneration == due.generation)
            return due.step;
        expressDue.pop();
    }
    return LLONG_MAX;
}

// --- a ring that moves as one ------------------------------------------------------------

bool FluidFabric::Impl::ringDueIsCurrent(const ExpressDue &due) const
{
    const std::size_t job = std::size_t(-1 - due.flow);
    return job < ringExpress.size() && ringExpress[job].on
        && ringExpress[job].generation == due.generation;
}

bool FluidFabric::Impl::ringExpressStart(int jobId, std::int64_t step, Bytes payload)
{
    if (!params.expressFlows)
        return false;
    if (ringExpress.size() < jobs.size())
        ringExpress.resize(jobs.size());
    RingExpress &r = ringExpress[std::size_t(jobId)];
    const TrainingState &job = jobs[std::size_t(jobId)];
    if (!r.on) {
        // Every rank's flow express, idle (its last chunk delivered) and alike: the same
        // packets and the same bytes a step, so the same chunk takes the same steps to send.
        if (job.flows.size() < 2)
            return false;
        const FluidFlow &first = flows[std::size_t(job.flows.first())];
        int maxHops = 0;
        for (int id : job.flows) {
            const FluidFlow &f = flows[std::size_t(id)];
            if (!f.express || f.demand < 0 || f.expected < f.demand - 1e-3
                || f.pktWire != first.pktWire || f.pktPayload != first.pktPayload
                || f.xPerStep != first.xPerStep)
                return false;
            maxHops = std::max(maxHops, f.route.hops);
        }
        const double wire = double(
            wireBytesFor(payload, first.pktPayload, first.pktWire - first.pktPayload - kWireGap));
        if (first.xPerStep <= 0 || wire <= kEpsilonBytes)
            return false;
        r.on = true;
        r.since = step;
        r.wholeChunks = 0;
        r.maxHops = maxHops;
        r.chunkWire = wire;
        r.perStep = first.xPerStep;
    }
    // The chunk's last bytes reach the farthest receiver when its last rank's would.
    r.inChunk = true;
    r.chunkStart = step;
    const auto sendSteps = std::int64_t(std::ceil(r.chunkWire / r.perStep - 1e-9));
    r.due = step + std::max<std::int64_t>(1, sendSteps) - 1 + (r.maxHops - 1);
    ++r.generation;
    expressDue.push({r.due, -1 - jobId, r.generation});
    return true;
}

void FluidFabric::Impl::ringExpressDelivered(int jobId)
{
    RingExpress &r = ringExpress[std::size_t(jobId)];
    r.inChunk = false;
    ++r.wholeChunks;
    r.lastDue = r.due;
    // Every rank delivered; the last one's delivery moves the ring on, as it would have.
    TrainingState &job = jobs[std::size_t(jobId)];
    job.pending = 1;
    ringAdvance(jobId, detail::ringChunkDelivered(job, now));
}

void FluidFabric::Impl::expressWholeChunks(FluidFlow &f, int chunks, double wire)
{
    // Whole chunks are whole packets (integral bytes): their sums are exact in any order.
    const double bytes = double(chunks) * wire;
    f.demand += bytes;
    f.sent += bytes;
    expressSent(f, bytes);
    for (int k = 0; k < f.route.hops; ++k)
        f.xUncredited[k] += bytes;
    f.expected += bytes;
    expressReceived(f, bytes);
    f.notifyAt = -1;
}

void FluidFabric::Impl::ringExpressCatchUp(int jobId)
{
    RingExpress &r = ringExpress[std::size_t(jobId)];
    if (!r.on)
        return;
    const std::int64_t step = stepIndex();
    for (int id : std::as_const(jobs[std::size_t(jobId)].flows)) {
        FluidFlow &f = flows[std::size_t(id)];
        expressSettle(f, r.since);  // its own last chunk, delivered before the ring went on
        if (r.wholeChunks > 0) {
            expressWholeChunks(f, r.wholeChunks, r.chunkWire);
            f.lastProgress = TimeNs(r.lastDue) * dt();
        }
        // Nothing of its spent segment is left to settle: the next one starts empty.
        f.xSent0 = f.sent;
        f.xExpected0 = f.expected;
        f.xBacklog = 0;
        ++f.xGeneration;
        if (r.inChunk) {
            // The chunk on its way, as a restart would have started it.
            f.demand += r.chunkWire;
            f.notifyAt = f.demand;
            f.xStart = f.xCredited = r.chunkStart;
            expressRestart(f, id, r.chunkStart);
        } else {
            f.xStart = f.xCredited = step;
        }
    }
    r.on = false;
    r.wholeChunks = 0;
    ++r.generation;
}

void FluidFabric::Impl::ringExpressCatchUpAll()
{
    for (int job = 0; job < int(ringExpress.size()); ++job)
        ringExpressCatchUp(job);
}

}  // namespace roce::sim
