#pragma once

// Internal state of the fabric models, and the rules both models apply the same way (flow
// classification, PFC pause timing, the training ring). Not part of the public API.

#include "sim/engine/fabric.h"
#include "sim/engine/reactionpoint.h"
#include "sim/engine/rng.h"

#include <QList>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

namespace roce::sim::detail {

/// Queue slots of an egress port: qos-group 0 (default), 3 (RoCE), 7 (CNP). Other groups
/// are folded into the default slot.
enum Slot : int { SlotDefault = 0, SlotRoce = 1, SlotCnp = 2, SlotCount = 3 };
inline int slotOfGroup(int group)
{
    return group == ClassCnp ? SlotCnp : (group == ClassRoce ? SlotRoce : SlotDefault);
}
inline int groupOfSlot(int slot)
{
    return slot == SlotCnp ? ClassCnp : (slot == SlotRoce ? ClassRoce : ClassDefault);
}

enum class ChunkKind : std::uint8_t { Data, Cnp };

/// Bytes of one flow moving together: one chunk per flow per step (REFERENCE-DCQCN §6.1).
struct Chunk {
    std::int64_t seq = 0;  ///< flow byte offset of the first byte (data)
    std::int32_t flow = 0;
    std::int32_t bytes = 0;      ///< wire bytes
    std::int32_t ingress = -1;   ///< switch port it entered the current switch by
    std::int16_t pktWire = 0;    ///< wire size of its packets
    std::int8_t hop = 0;         ///< index into the route of the switch it is in / goes to
    std::int8_t group = 0;       ///< qos-group
    std::int32_t marks = 0;      ///< CE marks carried
    std::uint32_t pktRecip = 0;  ///< 2^32 / pktWire: packet counting without a division
    ChunkKind kind = ChunkKind::Data;
};

inline std::uint32_t reciprocal(int pktWire)
{
    return std::uint32_t((std::uint64_t(1) << 32) / std::uint64_t(pktWire));
}

/// Arrival on a link: at a switch port (ingress) or at a NIC port.
struct Arrival {
    std::int32_t switchPort = -1;  ///< >= 0: switch ingress port
    std::int32_t nicPort = -1;     ///< >= 0: NIC port
    Chunk chunk;
};

/// FIFO of chunks that grows as needed and never shrinks (no allocation in steady state).
class ChunkFifo
{
public:
    bool empty() const { return m_size == 0; }
    std::size_t size() const { return m_size; }
    Chunk &front() { return m_buf[m_head]; }
    Chunk &back() { return m_buf[(m_head + m_size - 1) & (m_buf.size() - 1)]; }
    void push(const Chunk &c)
    {
        if (m_size == m_buf.size())
            grow();
        m_buf[(m_head + m_size) & (m_buf.size() - 1)] = c;
        ++m_size;
    }
    void pop()
    {
        m_head = (m_head + 1) & (m_buf.size() - 1);
        --m_size;
    }
    void clear() { m_head = m_size = 0; }

private:
    void grow()
    {
        std::vector<Chunk> bigger(m_buf.empty() ? 16 : m_buf.size() * 2);
        for (std::size_t i = 0; i < m_size; ++i)
            bigger[i] = m_buf[(m_head + i) & (m_buf.size() - 1)];
        m_buf.swap(bigger);
        m_head = 0;
    }
    std::vector<Chunk> m_buf;
    std::size_t m_head = 0;
    std::size_t m_size = 0;
};

/// Set of active ids (ports, NICs) iterated in ascending id order without sorting: a bitmap,
/// so that large fabrics only pay for what is busy and the order stays deterministic.
class ActiveSet
{
public:
    void resize(std::size_t n) { m_bits.assign((n + 63) / 64, 0); }
    void insert(int id)
    {
        std::uint64_t &w = m_bits[std::size_t(id) >> 6];
        const std::uint64_t bit = std::uint64_t(1) << (id & 63);
        if (!(w & bit)) {
            w |= bit;
            ++m_count;
        }
    }
    void erase(int id)
    {
        std::uint64_t &w = m_bits[std::size_t(id) >> 6];
        const std::uint64_t bit = std::uint64_t(1) << (id & 63);
        if (w & bit) {
            w &= ~bit;
            --m_count;
        }
    }
    bool empty() const { return m_count == 0; }
    /// Calls @p f(id) for every member in ascending order; @p f may erase the current id.
    template <typename F> void forEach(F f)
    {
        for (std::size_t w = 0; w < m_bits.size() && m_count > 0; ++w) {
            std::uint64_t bits = m_bits[w];
            while (bits) {
                const int b = __builtin_ctzll(bits);
                bits &= bits - 1;
                f(int(w * 64) + b);
            }
        }
    }

private:
    std::vector<std::uint64_t> m_bits;
    std::size_t m_count = 0;
};

struct PauseState {
    TimeNs pausedUntil = 0;  ///< paused while now < pausedUntil
    TimeNs pauseStart = 0;
    TimeNs accumulated = 0;  ///< total paused time of finished pauses
};

struct SwitchPortState {
    int switchIndex = 0;
    RateBps speed = 0;
    bool up = true;
    bool pfcOn = true;
    PeerKind peerKind = PeerKind::None;
    int peer = -1;
    // Egress.
    ChunkFifo queue[SlotCount];
    Bytes qBytes[SlotCount] = {0, 0, 0};
    std::int64_t txCarryBits = 0;  ///< bit*ns/s carried between steps
    std::int64_t txResidueQ16[SlotCount] = {0, 0, 0};
    PauseState egressPause[kClassCount];  ///< PFC received from the peer, per CoS
    bool activeEgress = false;
    Xoshiro256 rng;
    PfcThresholds staticTh;  ///< cached: depends on speed and parameters only
    // Ingress accounting of the no-drop priority group.
    Bytes ing = 0;
    Bytes hdrm = 0;
    bool paused = false;
    TimeNs lastXoff = 0;
    bool watchedPfc = false;
    std::int64_t rxResidueQ16 = 0;
    /// Share of the frames on this port's cable that arrive corrupted (a bad link).
    double errorRate = 0;
    std::uint64_t errorThreshold = 0;  ///< errorRate x 2^64, for Xoshiro256::bernoulli
    // PFC watchdog.
    Bytes wdTxSincePoll = 0;
    TimeNs wdShutdownUntil = 0;
    // Queue statistics (RoCE slot).
    std::int64_t qSum = 0;
    Bytes qMax = 0;
    SwitchPortCounters c;
};

struct NicPortState {
    RateBps speed = 0;
    bool up = true;
    bool stalled = false;
    int switchPort = -1;
    std::int64_t txCarryBits = 0;
    PauseState rxPause[kClassCount];  ///< PFC received from the switch, per priority
    std::vector<int> flows;           ///< flows sourced here (ascending ids)
    bool activeTx = false;
    // Receive buffer used only while stalled (NIC-originated PFC).
    Bytes rxBuffer = 0;
    bool nicPaused = false;
    TimeNs nicLastXoff = 0;
    PerClass txPrioPause {};  ///< PFC frames this NIC sent
    PerClass rxPrioPause {};
    PerClass rxPrioPauseTransition {};
    quint64 rxPauseCtrl = 0, txPauseCtrl = 0;
    PerClass rxPrioDiscards {};
    quint64 rxDiscards = 0;
    quint64 linkDowned = 0;
    quint64 rxCrcErrors = 0;  ///< frames from the switch that arrived corrupted
};

struct HostState {
    HostConfig config;
    HostCounters c;
    // Byte residues for packet counting.
    std::int64_t txResidueQ16 = 0, rxResidueQ16 = 0;
};

enum class NotifyOwner : std::uint8_t { None, Probe, Training };

struct FlowState {
    FlowStats stats;
    int dscp = -1;  ///< DSCP it was started with; -1: its sender's default
    int srcNic = -1, dstNic = -1;
    int prio = 3;  ///< 802.1p priority at the NIC (from DSCP)
    int cnpGroup = ClassCnp;
    int cnpPrio = 6;
    Route route, reverse;
    int pktWire = 0;  ///< wire bytes per full packet
    std::uint32_t pktRecip = 0;
    int pktPayload = 0;
    ReactionPoint rp;
    std::int64_t tokBits = 0;
    // Sequence state (wire bytes).
    std::int64_t sentSeq = 0;
    std::int64_t demandTotal = -1;  ///< send up to this seq; -1 = unlimited
    Bytes payloadTotal = -1;        ///< payload of a finite flow (what the tool asked for)
    std::int64_t expected = 0;      ///< receiver: next in-order byte
    std::int64_t nakFor = -1;       ///< receiver: NAK already sent for this expected
    TimeNs lastProgress = 0;
    // NP (at the receiver).
    TimeNs lastCnp = -(1LL << 60);
    bool cnpPending = false;
    bool npTimerArmed = false;
    // TCP-like window.
    Bytes cwnd = 0;
    TimeNs lastCwndCut = -(1LL << 60);
    TimeNs lastCwndGrow = 0;
    // Completion notification (probes, training).
    std::int64_t notifyAt = -1;
    NotifyOwner owner = NotifyOwner::None;
    int ownerId = -1;
};

enum class EventType : std::uint8_t {
    PfcAtNic,
    PfcAtSwitchPort,
    Nak,
    NpWindowEnd,
    ProbeSend,
    TrainingComputeDone,
};

struct Event {
    TimeNs time = 0;
    std::uint64_t order = 0;  ///< insertion order: ties resolve deterministically
    EventType type = EventType::PfcAtNic;
    int target = -1;  ///< nic, switch port, flow, probe or job
    int cos = 0;
    std::int64_t value = 0;  ///< quanta, seq, direction
};

struct EventLater {
    bool operator()(const Event &a, const Event &b) const
    {
        return a.time != b.time ? a.time > b.time : a.order > b.order;
    }
};

struct ProbeState {
    ProbeOptions options;
    int flowAB = -1, flowBA = -1;
    int hostA = -1, hostB = -1;
    TimeNs t0 = 0;
    ProbeResult result;
};

struct TrainingState {
    TrainingOptions options;
    QList<int> flows;  ///< flow of rank r -> rank r+1
    int iteration = 0;
    int step = 0;
    int pending = 0;
    bool stopped = false;
    TrainingIteration current;
    QList<TrainingIteration> done;
};

/// How the switch and the NICs classify a flow: its QoS group and 802.1p priority from its
/// DSCP (trust dscp), and the same for the CNPs its receiver sends back.
struct FlowClass {
    int qosGroup = ClassDefault;
    int prio = 0;
    int cnpGroup = ClassCnp;
    int cnpPrio = 6;
};

/// @p dscp -1: the sender's RoCE DSCP for RDMA, 0 for TCP.
inline FlowClass classifyFlow(const SwitchQosConfig &qos, FlowKind kind, int dscp,
                              const HostConfig &src, const HostConfig &dst)
{
    if (dscp < 0)
        dscp = kind == FlowKind::Rdma ? src.roceDscp : 0;
    FlowClass c;
    c.qosGroup = qos.dscpToQosGroup[std::size_t(dscp & 63)];
    c.prio = (dscp & 63) >> 3;  // the default DSCP -> priority map
    c.cnpGroup = qos.dscpToQosGroup[std::size_t(dst.cnpDscp & 63)];
    c.cnpPrio = (dst.cnpDscp & 63) >> 3;
    return c;
}

/// A PFC frame reaching @p s at @p at: XOFF (@p quanta > 0) pauses for quanta x 512 bit
/// times at @p speed, XON (0) ends the pause. Finished pauses add up in s.accumulated (for
/// `*_pause_duration`); @p transition is set when a pause begins.
inline void applyPause(PauseState &s, std::int64_t quanta, RateBps speed, TimeNs at,
                       bool *transition)
{
    const bool wasPaused = at < s.pausedUntil && at >= s.pauseStart;
    if (quanta == 0) {
        if (wasPaused) {
            s.accumulated += at - s.pauseStart;
            s.pausedUntil = at;
            s.pauseStart = at;  // counted: the open pause is empty now
        }
        return;
    }
    if (!wasPaused) {
        // A previous pause that simply expired is closed at its expiry time.
        if (s.pausedUntil > s.pauseStart)
            s.accumulated += s.pausedUntil - s.pauseStart;
        s.pauseStart = at;
        if (transition)
            *transition = true;
    }
    s.pausedUntil = at + pauseDuration(int(quanta), speed);
}

/// Time @p s has been paused up to @p now.
inline TimeNs pausedTime(const PauseState &s, TimeNs now)
{
    TimeNs paused = s.accumulated;
    if (s.pausedUntil > s.pauseStart && now > s.pauseStart)
        paused += std::min(now, s.pausedUntil) - s.pauseStart;
    return paused;
}

/// The compute phase of @p job ended at @p now: the ring all-reduce starts, every rank owes
/// a chunk. False when the job was stopped.
inline bool ringAllReduceStarts(TrainingState &job, TimeNs now)
{
    if (job.stopped)
        return false;
    job.current.allReduceStart = now;
    job.step = 0;
    job.pending = int(job.options.ranks.size());
    return true;
}

/// Payload of one ring chunk (the gradients split over the ranks).
inline Bytes ringChunkPayload(const TrainingState &job)
{
    return job.options.gradientBytes / std::max<qsizetype>(1, job.options.ranks.size());
}

/// What follows when a rank of the ring delivered its chunk.
enum class RingProgress {
    Wait,           ///< other ranks still send
    NextChunk,      ///< every rank forwards its chunk to its neighbour (pending reset)
    NextIteration,  ///< the all-reduce ended: compute again
    Finished,       ///< the last iteration ended: the job stopped
};

/// One rank of @p job delivered its chunk at @p now (2(n-1) chunks an all-reduce).
inline RingProgress ringChunkDelivered(TrainingState &job, TimeNs now)
{
    if (job.stopped || --job.pending > 0)
        return RingProgress::Wait;
    const int n = int(job.options.ranks.size());
    if (++job.step < 2 * (n - 1)) {
        job.pending = n;
        return RingProgress::NextChunk;
    }
    job.current.end = now;
    job.done.append(job.current);
    if (++job.iteration >= job.options.iterations) {
        job.stopped = true;
        return RingProgress::Finished;
    }
    job.current = TrainingIteration {job.iteration, now, 0, 0};
    return RingProgress::NextIteration;
}

}  // namespace roce::sim::detail
