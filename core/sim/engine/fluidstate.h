#pragma once

// The state of the fluid model (FluidFabric): its switch ports, NICs, hosts and flows, and
// the Impl that the step phases (fluidfabric.cpp) and the express path (fluidexpress.cpp)
// share. Internal to the model.

#include "sim/engine/fabricstate.h"
#include "sim/engine/fluidfabric.h"
#include "sim/engine/reactionpoint.h"
#include "sim/engine/rng.h"
#include "sim/engine/stepthreads.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <queue>
#include <vector>

namespace roce::sim {

namespace fluid {

using detail::Event;
using detail::EventLater;
using detail::EventType;
using detail::NotifyOwner;
using detail::PauseState;
using detail::TrainingState;

constexpr int kMaxHops = Route::kMaxHops;
constexpr double kBitsPerByte = 8.0;
constexpr Bytes kNicRxBuffer = 130944;
// Bytes below this are rounding noise of the fluid arithmetic, not traffic.
constexpr double kEpsilonBytes = 1e-6;

enum FluidSlot : int { FluidDefault = 0, FluidRoce = 1, FluidSlots = 2 };

/// Bytes one flow put into an egress queue during one step, by their place in the queue:
/// positions [start, end) of the queue's cumulative byte count, @p density of them this
/// flow's. The queue serves positions in order, so a flow's bytes leave when their place
/// reaches the head (FIFO), not in proportion to what it holds now: a paused sender keeps
/// draining at the rate it filled the queue one queueing delay ago, which is what sets the
/// period of PFC on/off cycles.
struct Segment {
    double start, end, density;
};

/// The segments of one (flow, hop), oldest first.
class SegmentQueue
{
public:
    void push(double start, double end, double bytes)
    {
        if (end > start)
            m_items.push_back({start, end, bytes / (end - start)});
    }
    /// Removes and returns this flow's bytes at positions (lo, hi].
    double take(double lo, double hi)
    {
        double taken = 0;
        while (m_head < m_items.size()) {
            Segment &s = m_items[m_head];
            if (s.start >= hi)
                break;
            const double from = std::max(s.start, lo);
            const double to = std::min(s.end, hi);
            if (to > from)
                taken += (to - from) * s.density;
            if (s.end <= hi) {
                ++m_head;
            } else {
                s.start = std::max(s.start, hi);
                break;
            }
        }
        if (m_head == m_items.size()) {
            m_items.clear();
            m_head = 0;
        } else if (m_head > 64 && m_head * 2 > m_items.size()) {
            m_items.erase(m_items.begin(), m_items.begin() + std::ptrdiff_t(m_head));
            m_head = 0;
        }
        return taken;
    }
    void clear()
    {
        m_items.clear();
        m_head = 0;
    }

private:
    std::vector<Segment> m_items;
    std::size_t m_head = 0;
};

/// One (flow, hop) pair: the flow's bytes at the egress queue of its hop'th switch.
struct EntryRef {
    int flow;
    int hop;
};

struct FluidPort {
    int switchIndex = 0;
    RateBps speed = 0;
    PeerKind peerKind = PeerKind::None;
    int peer = -1;
    bool up = true;
    bool pfcOn = true;
    PfcThresholds staticTh;
    /// Draws WRED's drops (whole packets) of what arrives here; the ingress phase owns it.
    Xoshiro256 rng;
    // Egress: the flows whose hop leaves here, and the bytes queued per class.
    std::vector<EntryRef> egress;
    double q[FluidSlots] = {0, 0};
    double enqueued[FluidSlots] = {0, 0};  ///< queue positions: bytes ever enqueued
    double dequeued[FluidSlots] = {0, 0};  ///< and ever served (FIFO head)
    double qCounted = 0;                   ///< what the switch's buffer total holds for this port
    double wdTxSincePoll = 0;
    TimeNs wdShutdownUntil = 0;
    double qSum = 0, qMax = 0;                 ///< since the last queue statistics reset
    double qMaxRoceEver = 0, qMaxDefault = 0;  ///< Q Depth peaks the switch shows
    // Ingress: the flows entering the switch here (their bytes count against this port).
    std::vector<EntryRef> ingress;
    double ing = 0;   ///< no-drop bytes held for this ingress (after this step's admission)
    double hdrm = 0;  ///< of which in the headroom
    bool paused = false;
    TimeNs lastXoff = 0;
    // Counters the fluid arithmetic accumulates in fractions; whole ones at read.
    double rxPkts = 0, rxBytes = 0, txPkts = 0, txBytes = 0;
    double slotTxPkts[FluidSlots] = {0, 0}, slotTxBytes[FluidSlots] = {0, 0};
    double slotDropPkts[FluidSlots] = {0, 0}, slotDropBytes[FluidSlots] = {0, 0};
    double ecnPkts = 0;
    quint64 cnpTxPkts = 0;
    double mmuDropPkts = 0, mmuDropBytes = 0;
    double errorRate = 0;    ///< share of the frames on this port's cable that are corrupted
    double rxCrcErrors = 0;  ///< frames this port received corrupted
    PauseState egressPause[kClassCount];  ///< PFC received from the peer, per CoS
    /// Event counters (PFC frames, watchdog), exact; apart, so the hot state stays small.
    std::unique_ptr<SwitchPortCounters> c = std::make_unique<SwitchPortCounters>();
};

struct FluidNic {
    RateBps speed = 0;
    bool up = true;
    bool stalled = false;
    int switchPort = -1;
    int firstHost = -1;
    PauseState rxPause[kClassCount];
    std::vector<int> flows;    ///< flows sourced here
    std::vector<int> inFlows;  ///< flows that end here
    double rxBuffer = 0;
    bool nicPaused = false;
    TimeNs nicLastXoff = 0;
    struct Counters {
        PerClass txPrioPause {}, rxPrioPause {}, rxPrioPauseTransition {}, rxPrioDiscards {};
        quint64 rxPauseCtrl = 0, txPauseCtrl = 0, linkDowned = 0;
    };
    std::unique_ptr<Counters> c = std::make_unique<Counters>();  ///< exact, apart
    double rxDiscards = 0;
    double rxCrcErrors = 0;  ///< frames from the switch that arrived corrupted
};

/// Fractional host counters; HostCounters (integers) at read.
struct FluidHost {
    HostConfig config;
    /// Exact event counters (CNPs, errors); apart, so the hot state stays small.
    std::unique_ptr<HostCounters> c = std::make_unique<HostCounters>();
    double txPrioBytes[kClassCount] = {}, txPrioPkts[kClassCount] = {};
    double rxPrioBytes[kClassCount] = {}, rxPrioPkts[kClassCount] = {};
    double txRdmaBytes = 0, txRdmaPkts = 0, rxRdmaBytes = 0, rxRdmaPkts = 0;
    double rxWriteRequests = 0, outOfSequence = 0;
};

/// A flow at one hop of its path (the fields every phase touches, kept together).
struct FluidHop {
    double in = 0;            ///< bytes arriving at the hop's egress queue this step
    double next = 0;          ///< bytes that left the hop before: they arrive next step
    double q = 0;             ///< bytes of the flow queued here
    double admit = 1;         ///< share of this step's arrivals the ingress admitted
    double drop = 0;          ///< bytes lost here this step
    double lostArriving = 0;  ///< of them, dropped by WRED (without ecn) as they arrived
    int wredDropPkts = 0;     ///< and how many packets that was (for the egress counters)
    double lostLeaving = 0;   ///< of them, lost as they left (a damaged cable)
    double departed = 0;      ///< with lostLeaving: bytes that left this step, lost ones included
    double marks = 0;         ///< CE marks (expected) this step
    SegmentQueue fifo;
};

struct FluidFlow {
    // Laid out by who reads it: an express completion (a ring step of thousands of flows)
    // touches the first block only, a stepped flow the per-hop block.
    // Express path (fluidexpress.cpp): alone on an idle path at line rate, the flow moves
    // by arithmetic instead of step by step. From step xStart it sends xPerStep bytes a step
    // until xBacklog is sent; each hop passes them one step later.
    bool express = false;
    bool notifyReady = false;
    std::uint32_t xGeneration = 0;  ///< invalidates its older completion entries
    std::int64_t xStart = 0;
    std::int64_t xCredited = 0;  ///< steps before this one are in the counters
    double xBacklog = 0;
    double xPerStep = 0;
    double xSent0 = 0, xExpected0 = 0;
    /// Bytes the switch ports and hosts have not been credited with yet (flushed when the
    /// counters are read, so a completion touches only the flow).
    double xUncredited[kMaxHops] = {0, 0, 0, 0};
    double xUncreditedTx = 0, xUncreditedRx = 0;
    // Sequence state (wire bytes), both paths.
    double demand = -1;  ///< wire bytes to send in all; -1: unlimited
    double sent = 0;
    double sentCarry = 0;  ///< fraction of a byte not yet told to the reaction point
    double expected = 0;   ///< wire bytes delivered in order
    double goodputAcc = 0;
    double rxAcc = 0;  ///< received bytes, fractions kept (stats.rxBytes is its whole part)
    double notifyAt = -1;
    TimeNs lastProgress = 0;
    Bytes payloadTotal = -1;
    NotifyOwner owner = NotifyOwner::None;
    int ownerId = -1;
    int slot = FluidRoce;
    bool noDrop = true;
    int pktWire = 0, pktPayload = 0;
    Route route, reverse;
    // Stepped path: per hop, what the switch phases read.
    FluidHop hop[kMaxHops];
    double arriving = 0;  ///< left the last hop this step
    FlowStats stats;
    int dscp = -1;  ///< DSCP it was started with; -1: its sender's default
    int srcNic = -1, dstNic = -1;
    int uplink = -1;  ///< FlowOptions::uplink: kept for the reroutes
    int prio = 3;
    int cnpPrio = 6;
    int cnpGroup = ClassCnp;
    int ingressPort[kMaxHops] = {-1, -1, -1, -1};
    int cnpsToCount = 0;  ///< CNPs sent this step, for the switch ports on the way back
    ReactionPoint rp;
    // Sender (phase A).
    double tcpRate = 0;
    TimeNs lastCut = -(1LL << 60);
    std::vector<TimeNs> cnpDue;  ///< CNPs on their way back, by arrival time
    quint32 pendingSeqErr = 0;
    bool pendingCut = false;
    // Receiver (phase D).
    double waste = 0;  ///< bytes in flight behind a loss: go-back-N discards them
    Xoshiro256 rng;    ///< draws the receiver's CE marks (phase D owns it)
    TimeNs lastCnp = -(1LL << 60);
    TimeNs cnpDeferredTo = -1;  ///< a CNP deferred to its window's end leaves then; -1: none
    double nakFor = -1;         ///< expected byte the last NAK asked for
    double gapAt = -1;          ///< sequence of the first lost byte not yet resent; -1: none

    bool idleInNetwork() const
    {
        for (int k = 0; k < kMaxHops; ++k) {
            if (hop[k].in > kEpsilonBytes || hop[k].next > kEpsilonBytes
                || hop[k].q > kEpsilonBytes)
                return false;
        }
        return arriving <= kEpsilonBytes && cnpDue.empty();
    }
    double backlog() const { return demand < 0 ? 1e18 : demand - sent; }
};

struct FluidProbe {
    ProbeOptions options;
    int hostA = -1, hostB = -1;
    int flowAB = -1, flowBA = -1;
    TimeNs nextAt = 0;
    ProbeResult result;
};

inline double bytesIn(RateBps rate, TimeNs t)
{
    return double(rate) * double(t) / (kBitsPerByte * double(kNsPerSec));
}

/// Flows a NIC sends at once in a step (phase A's table); more wait their turn.
constexpr int kMaxFlowsPerNic = 256;

/// Share of [from, from + span) during which @p s pauses.
inline double pausedShare(const PauseState &s, TimeNs from, TimeNs span)
{
    const TimeNs a = std::max(from, s.pauseStart);
    const TimeNs b = std::min(from + span, s.pausedUntil);
    return b > a ? double(b - a) / double(span) : 0.0;
}

}  // namespace fluid

struct FluidFabric::Impl {
    using EntryRef = fluid::EntryRef;
    using Event = fluid::Event;
    using EventLater = fluid::EventLater;
    using EventType = fluid::EventType;
    using FluidFlow = fluid::FluidFlow;
    using FluidHost = fluid::FluidHost;
    using FluidNic = fluid::FluidNic;
    using FluidPort = fluid::FluidPort;
    using FluidProbe = fluid::FluidProbe;
    using PauseState = fluid::PauseState;
    using TrainingState = fluid::TrainingState;
    static constexpr int kMaxHops = fluid::kMaxHops;
    static constexpr int FluidDefault = fluid::FluidDefault;
    static constexpr int FluidRoce = fluid::FluidRoce;
    static constexpr int FluidSlots = fluid::FluidSlots;

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

    /// The CoS switch @p sw pauses and honours pauses on for its no-drop class.
    int pfcCosAt(int sw) const
    {
        const int own = switchFaults.empty() ? -1 : switchFaults[std::size_t(sw)].pfcCos;
        return own >= 0 ? own : qos.noDropPfcCos;
    }
    /// Whether flows that leave switch @p sw for another leaf all take one uplink.
    bool polarizedAt(int sw) const
    {
        return ecmpPolarized
            || (sw >= 0 && !switchFaults.empty() && switchFaults[std::size_t(sw)].ecmpPolarized);
    }

    std::vector<FluidPort> ports;
    std::vector<FluidNic> nics;
    std::vector<FluidHost> hosts;
    std::vector<double> switchUsed;
    std::vector<FluidFlow> flows;
    std::vector<FluidProbe> probes;
    std::vector<TrainingState> jobs;
    std::priority_queue<Event, std::vector<Event>, EventLater> events;
    std::uint64_t eventOrder = 0;
    TimeNs nextWatchdogPoll = 0;

    // What a step works on, rebuilt when flows start, stop or move.
    bool listsDirty = true;
    std::vector<int> pfcNics;       ///< stalled or pausing their switch port
    std::vector<int> liveFlows;     ///< started and not yet drained
    std::vector<int> steppedFlows;  ///< the live ones that are not express
    std::vector<int> srcNics, dstNics, egressPorts, ingressPorts;
    std::int64_t stepsSinceRebuild = 0;
    StepThreads threads;

    Impl(FabricSpec s, ModelParams p)
        : spec(std::move(s)), params(p), router(spec), threads(std::max(1, p.threads))
    { }

    TimeNs dt() const { return params.timing.dt; }

    void init()
    {
        switchFaults.assign(std::size_t(spec.switches.size()), SwitchFaults {});
        ports.resize(std::size_t(spec.switchPorts.size()));
        for (std::size_t i = 0; i < ports.size(); ++i) {
            const SwitchPortSpec &sp = spec.switchPorts[qsizetype(i)];
            FluidPort &p = ports[i];
            p.switchIndex = sp.switchIndex;
            p.speed = sp.speed;
            p.peerKind = sp.peerKind;
            p.peer = sp.peer;
            p.up = sp.peerKind != PeerKind::None;
            p.rng = Xoshiro256(params.seed, (std::uint64_t(2) << 32) + std::uint64_t(i));
        }
        queuing.assign(std::size_t(spec.switches.size()), switchQueuingOf(params.sw));
        for (FluidPort &p : ports)
            p.staticTh = staticFor(p.switchIndex, p.speed);
        nics.resize(std::size_t(spec.nicPorts.size()));
        for (std::size_t i = 0; i < nics.size(); ++i) {
            nics[i].speed = spec.nicPorts[qsizetype(i)].speed;
            nics[i].switchPort = spec.nicPorts[qsizetype(i)].switchPort;
        }
        hosts.resize(std::size_t(spec.hosts.size()));
        hostDcqcn.assign(std::size_t(spec.hosts.size()), params.dcqcn);
        for (int h = int(spec.hosts.size()) - 1; h >= 0; --h)
            nics[std::size_t(spec.hosts[h].nicPort)].firstHost = h;
        switchUsed.assign(std::size_t(spec.switches.size()), 0.0);
        nextWatchdogPoll = params.sw.watchdogPoll;
    }

    void pushEvent(TimeNs t, EventType type, int target, int cos = 0, std::int64_t value = 0)
    {
        events.push(Event {t, eventOrder++, type, target, cos, value});
    }

    // --- configuration helpers (the packet model's rules) --------------------------------
    Bytes minimumHeadroom(RateBps speed) const
    {
        const TimeNs delay = std::max(params.timing.linkDelay, dt());
        const TimeNs reaction = 2 * delay + params.timing.nicPfcResponse + dt();
        return Bytes(speed / 8 * reaction / kNsPerSec) + 2 * 9216;
    }
    PfcThresholds staticFor(int switchIndex, RateBps speed) const
    {
        PfcThresholds t = staticThresholds(queuing[std::size_t(switchIndex)], speed);
        t.headroom = std::max(t.headroom, minimumHeadroom(speed));
        return t;
    }
    PfcThresholds thresholdsFor(const FluidPort &p) const
    {
        if (queuing[std::size_t(p.switchIndex)].pfcMode == PfcThresholdMode::Dynamic) {
            const double freeShared = std::max(0.0,
                                               double(spec.switches[p.switchIndex].bufferBytes)
                                                   - switchUsed[std::size_t(p.switchIndex)]);
            PfcThresholds t;
            t.xoff = Bytes(freeShared) >> params.sw.dynamicShift;
            t.xon = std::max<Bytes>(0, t.xoff - kDynamicPauseBand);
            t.headroom = std::max(3 * p.speed / 8 * params.timing.linkDelay / kNsPerSec + 4 * 9216,
                                  minimumHeadroom(p.speed));
            return t;
        }
        return p.staticTh;
    }
    bool groupIsNoDrop(int group) const { return qos.isNoDrop(group); }

    /// Its classes from its DSCP (as the packet model), and the queue slot they map to.
    void classify(FluidFlow &f) const
    {
        const detail::FlowClass c = detail::classifyFlow(qos, f.stats.kind, f.dscp,
                                                         hosts[std::size_t(f.stats.src)].config,
                                                         hosts[std::size_t(f.stats.dst)].config);
        f.stats.qosGroup = c.qosGroup;
        f.prio = c.prio;
        f.cnpGroup = c.cnpGroup;
        f.cnpPrio = c.cnpPrio;
        f.slot = f.stats.qosGroup == ClassRoce ? FluidRoce : FluidDefault;
        f.noDrop = groupIsNoDrop(f.stats.qosGroup);
    }

    /// classify() for a flow that is running: when its queue changes, what it has queued at
    /// each hop joins the tail of the new queue. Its segments hold positions in the old
    /// queue's order, which the new queue's service never reaches: left there, they stayed
    /// queued for good, and the bytes behind them were tail-dropped.
    void reclassify(FluidFlow &f)
    {
        const int was = f.slot;
        classify(f);
        if (f.slot == was)
            return;
        for (int k = 0; k < f.route.hops; ++k) {
            fluid::FluidHop &h = f.hop[k];
            h.fifo.clear();
            if (h.q <= 0)
                continue;
            fluid::FluidPort &p = ports[std::size_t(f.route.egress[k])];
            h.fifo.push(p.enqueued[f.slot], p.enqueued[f.slot] + h.q, h.q);
            p.enqueued[f.slot] += h.q;
        }
    }

    int switchOfNic(int nic) const
    {
        const int port = spec.nicPorts[nic].switchPort;
        return port < 0 ? -1 : spec.switchPorts[port].switchIndex;
    }

    bool routeUsable(const Route &r) const
    {
        for (int k = 0; k < r.hops; ++k) {
            if (!ports[std::size_t(r.egress[k])].up)
                return false;
        }
        return true;
    }

    /// ECMP as the switches do it: the flow's hash picks an uplink among those whose path is
    /// up (a down uplink leaves the group; its flows spread over the others).
    /// A flow placed on @p uplink keeps it while its path is up.
    Route routeFor(int flowId, int srcNic, int dstNic, int uplink) const
    {
        const unsigned hash = ecmpHash(flowId, switchOfNic(srcNic), switchOfNic(dstNic),
                                       polarizedAt(switchOfNic(srcNic)));
        Route r = router.route(srcNic, dstNic, hash, uplink);
        if (r.hops < 3 || routeUsable(r))
            return r;
        for (unsigned k = 1; k < 64; ++k) {
            const Route alt = router.route(srcNic, dstNic, hash + k);
            if (routeUsable(alt))
                return alt;
        }
        return r;
    }

    void setRoute(FluidFlow &f, const Route &r, int flowId)
    {
        f.route = r;
        f.reverse = router.route(f.dstNic, f.srcNic,
                                 ecmpHash(flowId, switchOfNic(f.dstNic), switchOfNic(f.srcNic),
                                          polarizedAt(switchOfNic(f.dstNic))));
        for (int k = 0; k < kMaxHops; ++k)
            f.ingressPort[k] = -1;
        if (r.hops > 0)
            f.ingressPort[0] = nics[std::size_t(f.srcNic)].switchPort;
        for (int k = 1; k < r.hops; ++k)
            f.ingressPort[k] = ports[std::size_t(r.egress[k - 1])].peer;
    }

    // --- per-step lists -------------------------------------------------------------------
    void rebuildLists()
    {
        ringExpressCatchUpAll();  // the decisions below read every flow's own state
        for (int p : egressPorts)
            ports[std::size_t(p)].egress.clear();
        for (int p : ingressPorts)
            ports[std::size_t(p)].ingress.clear();
        for (int n : srcNics)
            nics[std::size_t(n)].flows.clear();
        for (int n : dstNics)
            nics[std::size_t(n)].inFlows.clear();
        liveFlows.clear();
        egressPorts.clear();
        ingressPorts.clear();
        srcNics.clear();
        dstNics.clear();
        // A stopped express flow still has bytes on its way: they finish step by step.
        for (int id : expressFlows) {
            FluidFlow &f = flows[std::size_t(id)];
            if (f.express && !f.stats.active)
                expressDemote(f);
        }
        for (int id = 0; id < int(flows.size()); ++id) {
            FluidFlow &f = flows[std::size_t(id)];
            if (!f.stats.active && f.idleInNetwork() && !f.express)
                continue;
            liveFlows.push_back(id);
        }
        chooseExpress();
        steppedFlows.clear();
        for (int id : liveFlows) {
            FluidFlow &f = flows[std::size_t(id)];
            if (f.express)
                continue;
            steppedFlows.push_back(id);
            nics[std::size_t(f.srcNic)].flows.push_back(id);
            nics[std::size_t(f.dstNic)].inFlows.push_back(id);
            srcNics.push_back(f.srcNic);
            dstNics.push_back(f.dstNic);
            for (int k = 0; k < f.route.hops; ++k) {
                ports[std::size_t(f.route.egress[k])].egress.push_back({id, k});
                egressPorts.push_back(f.route.egress[k]);
                if (f.ingressPort[k] >= 0) {
                    ports[std::size_t(f.ingressPort[k])].ingress.push_back({id, k});
                    ingressPorts.push_back(f.ingressPort[k]);
                }
            }
        }
        // Ports still paused or holding PFC state stay on the ingress list until released.
        for (std::size_t p = 0; p < ports.size(); ++p) {
            if (ports[p].paused)
                ingressPorts.push_back(int(p));
        }
        // NICs that are stalled, or still pause their switch port, run the receivers' phase
        // (their PFC state machine) whether or not a stepped flow ends there, until released.
        std::erase_if(pfcNics, [this](int n) {
            return !nics[std::size_t(n)].stalled && !nics[std::size_t(n)].nicPaused;
        });
        dstNics.insert(dstNics.end(), pfcNics.begin(), pfcNics.end());
        for (std::vector<int> *list : {&srcNics, &dstNics, &egressPorts, &ingressPorts}) {
            std::sort(list->begin(), list->end());
            list->erase(std::unique(list->begin(), list->end()), list->end());
        }
        listsDirty = false;
        stepsSinceRebuild = 0;
    }

    /// Runs @p work on every id of @p list: split over the threads when the list is long
    /// enough to pay for waking them, else on this one. The split changes no result.
    template <typename Work> void phase(const std::vector<int> &list, Work work)
    {
        constexpr std::size_t kItemsWorthAThread = 512;
        if (threads.count() == 1 || list.size() < kItemsWorthAThread) {
            for (int id : list)
                work(id);
            return;
        }
        threads.run([&](int member) { share(list, member, work); });
    }

    /// Calls @p work(id) for this member's share of @p list (contiguous, in order).
    template <typename Work> void share(const std::vector<int> &list, int member, Work work)
    {
        const std::size_t n = list.size();
        const std::size_t count = std::size_t(threads.count());
        const std::size_t from = n * std::size_t(member) / count;
        const std::size_t to = n * std::size_t(member + 1) / count;
        for (std::size_t i = from; i < to; ++i)
            work(list[i]);
    }

    // --- the step --------------------------------------------------------------------------
    void step();
    void processEvent(const Event &e);
    void senders(int nic);
    void switchIngress(int port);
    /// The PFC state machine of an ingress port whose shared buffer use is @p shared.
    void ingressPfc(FluidPort &in, double shared, const PfcThresholds &th);
    void switchEgress(int port);
    /// The share of this step the peer lets the port's no-drop class send.
    double roceOpenShare(const FluidPort &p) const;
    /// The egress phase of a port that one flow crosses without queueing; false when the
    /// port needs the general service.
    bool egressWire(FluidPort &p);
    /// WRED without `ecn`: what @p f brings to its hop @p hop through ingress port @p in,
    /// dropped on arrival at the egress queue (drawn with @p in's generator).
    void wredDropOnArrival(FluidPort &in, FluidFlow &f, int hop);
    void receivers(int nic);
    /// Bytes of @p f's sequence ahead of the first byte it lost at @p hop this step (what
    /// reached the receiver, @p arriving, and what is still on its way).
    double bytesAheadOfLoss(FluidFlow &f, int hop, double arriving);
    /// The NP's answer to @p marks CE marks (a mean) on @p f over the step [@p from,
    /// @p from + @p span).
    void notifyMarks(FluidFlow &f, FluidHost &dst, double marks, TimeNs from, TimeNs span);
    void serialAfterStep();
    void notify(FluidFlow &f);
    void watchdog();
    void runProbes();

    void pfcToNic(int nic, int cos, std::int64_t quanta, TimeNs at)
    {
        FluidNic &n = nics[std::size_t(nic)];
        if (!n.up)
            return;
        ++n.c->rxPauseCtrl;
        const quint8 enabled
            = n.firstHost < 0 ? 0 : hosts[std::size_t(n.firstHost)].config.pfcEnabledPrios;
        if (!(enabled & (1u << cos)))
            return;  // the NIC honours PFC only on priorities it has PFC enabled on
        if (quanta > 0)
            ++n.c->rxPrioPause[std::size_t(cos)];
        bool transition = false;
        detail::applyPause(n.rxPause[cos], quanta, n.speed, at, &transition);
        if (transition)
            ++n.c->rxPrioPauseTransition[std::size_t(cos)];
    }

    void pfcToSwitchPort(int port, int cos, std::int64_t quanta, TimeNs at)
    {
        FluidPort &p = ports[std::size_t(port)];
        if (!p.up)
            return;
        ++p.c->rxPpp;
        ++p.c->cosRxPause[std::size_t(cos)];
        detail::applyPause(p.egressPause[cos], quanta, p.speed, at, nullptr);
    }

    /// @p wire bytes of packets of @p pktWire leaving port @p p in queue slot @p slot, on
    /// its counters; returns the packets.
    static double countPortTx(FluidPort &p, int slot, double wire, int pktWire)
    {
        const double pkts = wire / double(pktWire);
        const double frames = wire - pkts * double(kWireGap);
        p.txPkts += pkts;
        p.txBytes += frames;
        p.slotTxPkts[slot] += pkts;
        p.slotTxBytes[slot] += frames;
        return pkts;
    }
    /// What left hop @p hop of @p f reaches the next hop's queue next step, or its receiver.
    static void passOn(FluidFlow &f, int hop, double out)
    {
        if (hop + 1 < f.route.hops)
            f.hop[hop + 1].next += out;
        else
            f.arriving += out;
    }
    void countHostTx(FluidHost &h, const FluidFlow &f, double wire, bool cnp, int pktWire)
    {
        const double pkts = wire / double(pktWire);
        const double frames = wire - pkts * double(kWireGap);
        const int prio = cnp ? f.cnpPrio : f.prio;
        h.txPrioBytes[prio] += frames;
        h.txPrioPkts[prio] += pkts;
        if (f.stats.kind == FlowKind::Rdma || cnp) {
            h.txRdmaBytes += frames;
            h.txRdmaPkts += pkts;
        }
    }
    void countHostRx(FluidHost &h, const FluidFlow &f, double wire, bool cnp, int pktWire)
    {
        const double pkts = wire / double(pktWire);
        const double frames = wire - pkts * double(kWireGap);
        const int prio = cnp ? f.cnpPrio : f.prio;
        h.rxPrioBytes[prio] += frames;
        h.rxPrioPkts[prio] += pkts;
        if (f.stats.kind == FlowKind::Rdma || cnp) {
            h.rxRdmaBytes += frames;
            h.rxRdmaPkts += pkts;
            if (!cnp)
                h.rxWriteRequests += pkts;
        }
    }

    bool anythingMoving(TimeNs until) const;
    /// The first time a stepped RDMA flow that waits on its ACK timer (it sent bytes no
    /// progress has acknowledged) resends; LLONG_MAX when none waits.
    TimeNs nextAckTimeout() const;

    // --- express path (fluidexpress.cpp) --------------------------------------------------
    struct ExpressDue {
        std::int64_t step;  ///< the step whose receivers see the last bytes
        int flow;           ///< the flow, or -1 - job for a ring that moves as one
        std::uint32_t generation;
        bool operator>(const ExpressDue &o) const
        {
            return step != o.step ? step > o.step : flow > o.flow;
        }
    };
    std::priority_queue<ExpressDue, std::vector<ExpressDue>, std::greater<>> expressDue;
    std::vector<int> expressFlows;
    std::vector<int> expressNotified;  ///< completed this step, for serialAfterStep()
    /// The express groups, worked out while rebuilding (kept to reuse their memory).
    struct ExpressUse {
        /// The first live flow (index in liveFlows) to use each port or NIC, or -1.
        std::vector<int> egress, ingress, src, dst;
        /// Per live flow: its group's root; per root: members, and whether it goes express.
        std::vector<int> parent, members;
        std::vector<char> ok;
        std::vector<double> share;  ///< per live flow: bytes a step
        std::vector<double> nicWant, egressSum, ingressSum;
        std::vector<int> nicFlows;
    } expressUse;

    /// A training ring whose ranks' flows are all express and alike moves chunk by chunk as
    /// one: one completion a chunk instead of one per rank, and no flow is touched. The flows
    /// catch up (ringExpressCatchUp) before anything reads them or decides for them.
    struct RingExpress {
        bool on = false;
        bool inChunk = false;         ///< a chunk is on its way (else the job computes)
        std::int64_t since = 0;       ///< step it went on (the flows are settled up to it)
        std::int64_t chunkStart = 0;  ///< step the chunk on its way started sending
        std::int64_t due = 0;         ///< step whose receivers see that chunk's last bytes
        std::int64_t lastDue = 0;     ///< the due of the last chunk delivered
        int wholeChunks = 0;          ///< chunks delivered since: not in the flows yet
        int maxHops = 0;
        double chunkWire = 0;  ///< wire bytes a rank sends a chunk
        double perStep = 0;
        std::uint32_t generation = 0;  ///< invalidates its older completion entries
    };
    std::vector<RingExpress> ringExpress;  ///< by job
    std::vector<int> ringsDue;             ///< jobs whose chunk completed this step
    /// What the ring of @p job does next after a chunk (NextChunk starts the next one).
    void ringAdvance(int job, detail::RingProgress progress);
    /// A chunk of @p job starts at @p step: true when the ring moves as one (its flows are
    /// all express and alike), false when its flows must be restarted one by one.
    bool ringExpressStart(int job, std::int64_t step, Bytes payload);
    /// The ring's chunk arrived everywhere: the ring moves on (serial, after the receivers).
    void ringExpressDelivered(int job);
    /// Puts what the ring did into its flows' own state; the flows go on one by one.
    void ringExpressCatchUp(int job);
    void ringExpressCatchUpAll();
    bool ringDueIsCurrent(const ExpressDue &due) const;
    /// @p chunks whole chunks of @p wire bytes sent and delivered, as restarts and their
    /// completions would have left the flow.
    void expressWholeChunks(FluidFlow &f, int chunks, double wire);

    std::int64_t stepIndex() const { return now / dt(); }
    /// Which flows go express and which step by step; called by rebuildLists().
    void chooseExpress();
    /// What a flow itself needs to move by arithmetic (its state, its NICs, its path's ports
    /// up, empty and not paused), whoever it shares them with.
    bool expressCandidate(const FluidFlow &f) const;
    /// Groups the live flows by the NICs and ports they share; a group with a member that is
    /// no candidate is not express.
    void groupExpressCandidates();
    /// Each candidate's bytes a step, and whether its group is a fixed point: bulk flows
    /// (a group of more than one), every port passing all that arrives.
    void shareExpressCandidates();
    /// Starts (or restarts, after its demand changed) the express flow sending from @p step.
    void expressRestart(FluidFlow &f, int id, std::int64_t step);
    /// Puts into the counters what the express flow did in the steps before @p step.
    void expressSettle(FluidFlow &f, std::int64_t step);
    /// @p bytes more sent (f.sent already counts them): the sender's side of the counters.
    void expressSent(FluidFlow &f, double bytes);
    /// @p bytes more delivered (f.expected already counts them): the receiver's side.
    void expressReceived(FluidFlow &f, double bytes);
    /// Back to step-by-step: its bytes in flight go into the per-hop state.
    void expressDemote(FluidFlow &f);
    /// Completions of this step: the last bytes arrived (serial, after the receivers).
    void expressCompletions();
    void expressSettleAll();
    /// Puts the bytes settled but not yet credited into the ports' and hosts' counters.
    void expressCredit(FluidFlow &f);
    /// First step after now an express flow completes; INT64_MAX if none.
    std::int64_t nextExpressStep();
    void flushPort(int port);
    void reroute();
};

}  // namespace roce::sim
