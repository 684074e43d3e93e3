// The express path of the fluid model: a flow alone on every port of an idle path, at line
// rate and without congestion history, evolves by arithmetic. Most of a non-blocking fabric
// is such flows (the ring of a training job between neighbours on one leaf); they cost
// nothing per step, and the model steps only through the flows that share a queue. Their
// timing is the step-by-step model's to the step: they send a line-rate share per step, each
// hop passes the bytes one step later, and the receiver completes in the same step it would.
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

bool FluidFabric::Impl::expressEligible(const FluidFlow &f, const ExpressUse &use) const
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
    if (use.src[std::size_t(f.srcNic)] != 1 || use.dst[std::size_t(f.dstNic)] != 1)
        return false;
    const FluidNic &src = nics[std::size_t(f.srcNic)];
    const FluidNic &dst = nics[std::size_t(f.dstNic)];
    if (!src.up || src.stalled || src.speed <= 0 || src.rxPause[f.prio].pausedUntil > now || !dst.up
        || dst.stalled || dst.nicPaused)
        return false;
    for (int k = 0; k < f.route.hops; ++k) {
        const int e = f.route.egress[k];
        const FluidPort &out = ports[std::size_t(e)];
        // A damaged cable loses frames every step: the receiver's step-by-step state follows.
        if (use.egress[std::size_t(e)] != 1 || !out.up || out.speed < src.speed
            || out.q[FluidDefault] > 0 || out.q[FluidRoce] > 0 || out.errorRate > 0
            || out.egressPause[pfcCosAt(out.switchIndex)].pausedUntil > now)
            return false;
        const int in = f.ingressPort[k];
        if (in >= 0) {
            const FluidPort &inPort = ports[std::size_t(in)];
            if (use.ingress[std::size_t(in)] != 1 || !inPort.up || inPort.paused
                || inPort.errorRate > 0)
                return false;
        }
    }
    return true;
}

void FluidFabric::Impl::chooseExpress()
{
    // How many live flows use each NIC and each port in each direction: a flow that shares
    // one can queue there, so it steps.
    ExpressUse &use = expressUse;
    use.egress.assign(ports.size(), 0);
    use.ingress.assign(ports.size(), 0);
    use.src.assign(nics.size(), 0);
    use.dst.assign(nics.size(), 0);
    for (int id : liveFlows) {
        const FluidFlow &f = flows[std::size_t(id)];
        ++use.src[std::size_t(f.srcNic)];
        ++use.dst[std::size_t(f.dstNic)];
        for (int k = 0; k < f.route.hops; ++k) {
            ++use.egress[std::size_t(f.route.egress[k])];
            if (f.ingressPort[k] >= 0)
                ++use.ingress[std::size_t(f.ingressPort[k])];
        }
    }
    const std::int64_t step = stepIndex();
    expressFlows.clear();
    for (int id : liveFlows) {
        FluidFlow &f = flows[std::size_t(id)];
        const bool eligible = expressEligible(f, use);
        if (f.express && !eligible) {
            expressDemote(f);
        } else if (!f.express && eligible) {
            f.express = true;
            f.xCredited = step;
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
    f.xPerStep = bytesIn(nics[std::size_t(f.srcNic)].speed, dt());
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
        f.stats.txBytes = Bytes(f.sent + double(f.stats.retransmittedBytes));
        f.xUncreditedTx += sent;
        f.sentCarry += sent;
        const Bytes whole = Bytes(f.sentCarry);
        if (whole > 0) {
            f.rp.onBytesSent(whole);
            f.sentCarry -= double(whole);
        }
    }
    // Each hop passes the bytes one step after the one before it.
    for (int k = 0; k < hops; ++k)
        f.xUncredited[k] += passedBy(f, step, k) - passedBy(f, from, k);
    const double delivered = passedBy(f, step, hops - 1) - passedBy(f, from, hops - 1);
    if (delivered > 0) {
        f.xUncreditedRx += delivered;
        f.stats.rxBytes = Bytes(double(f.stats.rxBytes) + delivered);
        f.expected = f.xExpected0 + passedBy(f, step, hops - 1);
        f.goodputAcc += delivered * double(f.pktPayload) / double(f.pktWire);
        f.stats.goodputBytes = Bytes(f.goodputAcc);
        if (f.payloadTotal > 0 && f.demand >= 0 && f.expected >= f.demand - 1e-3)
            f.stats.goodputBytes = std::max(f.stats.goodputBytes, f.payloadTotal);
        f.lastProgress = TimeNs(step) * dt();
    }
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
        const double pkts = passed / double(f.pktWire);
        const double frames = passed - pkts * double(kWireGap);
        FluidPort &out = ports[std::size_t(f.route.egress[k])];
        out.txPkts += pkts;
        out.txBytes += frames;
        out.slotTxPkts[f.slot] += pkts;
        out.slotTxBytes[f.slot] += frames;
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
        const FluidFlow &f = flows[std::size_t(due.flow)];
        if (f.express && f.xGeneration == due.generation)
            return due.step;
        expressDue.pop();
    }
    return LLONG_MAX;
}

}  // namespace roce::sim
