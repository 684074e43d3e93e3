#pragma once

#include "proto/common/result.h"
#include "sim/engine/counters.h"
#include "sim/engine/params.h"
#include "sim/engine/topology.h"

#include <QList>

#include <array>
#include <memory>

namespace roce::sim {

/// QoS configuration of the switches (the NX-OS policy-maps of DESIGN.md §2).
struct SwitchQosConfig {
    std::array<int, 64> dscpToQosGroup {};  ///< class-map type qos: match dscp -> set qos-group
    int noDropGroup = ClassRoce;            ///< network-qos class with `pause pfc-cos`
    int noDropPfcCos = 3;                   ///< the CoS in `pause pfc-cos N`
    bool noDropConfigured = true;           ///< `pause pfc-cos` present at all
    int mtu = 9216;
    SwitchQosConfig();
    /// Whether qos-group @p group is the no-drop one (`pause pfc-cos` on its class).
    bool isNoDrop(int group) const { return noDropConfigured && group == noDropGroup; }
};

/// Host-side RoCE configuration (mlnx_qos / sysfs ecn / DSCP of the RDMA traffic).
struct HostConfig {
    int roceDscp = 26;  ///< DSCP of RoCE packets (traffic class 104)
    int cnpDscp = 48;   ///< CNP DSCP (roce_np/cnp_dscp)
    quint8 pfcEnabledPrios = 1u << 3;
    quint8 ecnNpPrios = 0xff;  ///< /sys/class/net/<if>/ecn/roce_np/enable/<prio>
    quint8 ecnRpPrios = 0xff;  ///< /sys/class/net/<if>/ecn/roce_rp/enable/<prio>
    int mtu = 9000;
    RateBps tcpStackLimit = 0;      ///< goodput ceiling of one TCP stream (host stack; 0: none)
    TimeNs rdmaHostLatency = 1500;  ///< per message, each side: post + completion
    TimeNs tcpHostLatency = 12000;  ///< per message, each side: syscalls + kernel stack
};

/// Faults of one switch that its own configuration or hashing causes (the rest of the
/// fabric keeps the fabric-wide settings).
struct SwitchFaults {
    int pfcCos = -1;             ///< `pause pfc-cos N` of its no-drop class (-1: the fabric's)
    bool ecnNotApplied = false;  ///< WRED/ECN configured, no queuing policy on its egress ports
    bool ecmpPolarized = false;  ///< hashes every flow to another leaf onto one uplink
    friend bool operator==(const SwitchFaults &, const SwitchFaults &) = default;
};

struct FlowOptions {
    FlowKind kind = FlowKind::Rdma;
    Bytes totalBytes = -1;  ///< bytes to send; -1 = until stopped
    int dscp = -1;          ///< -1: the host's RoCE DSCP (RDMA) or 0 (TCP)
    /// The uplink (switch port) of the sender's leaf the flow takes where several lead to the
    /// receiver's, while it is up; -1: the model's own ECMP hash picks. A twin places the
    /// flows it estimated on the uplinks their leaf was seen to send on: a switch's hash of
    /// the 5-tuple is not exposed.
    int uplink = -1;
};

/// Ping-pong latency probe (perftest *_lat / sockperf ping-pong).
struct ProbeOptions {
    FlowKind kind = FlowKind::Rdma;
    Bytes messageBytes = 2;
    int iterations = 1000;
};

struct ProbeResult {
    QList<TimeNs> oneWayNs;  ///< RTT/2 of each iteration, host processing included
    bool finished = false;
};

/// Synchronous data-parallel training: compute, then a ring all-reduce of the gradients.
struct TrainingOptions {
    QList<int> ranks;  ///< host of each rank, in ring order
    Bytes gradientBytes = 150LL * 1000 * 1000;
    TimeNs computeTime = 50 * kNsPerMs;
    int iterations = 10;
};

struct TrainingIteration {
    int index = 0;
    TimeNs start = 0;           ///< compute phase begins
    TimeNs allReduceStart = 0;  ///< first all-reduce chunk leaves
    TimeNs end = 0;             ///< last rank has the reduced gradients
};

/// Queue statistics of the RoCE class at one egress port since the last reset.
struct QueueStats {
    Bytes maxBytes = 0;
    double meanBytes = 0;
    qint64 samples = 0;
};

/// A simulated RoCEv2 fabric (REFERENCE-DCQCN): traffic, configuration, faults and the
/// counters switches and NICs show. Two engines answer it: the packet-level model
/// (PacketFabric: the reference fabric, deterministic tests) and the flow-level model
/// (FluidFabric: fabrics of thousands of ports in real time). The same seed and the same
/// calls give the same counters. Not thread-safe: one thread drives it.
class Fabric
{
public:
    virtual ~Fabric();
    Fabric(const Fabric &) = delete;
    Fabric &operator=(const Fabric &) = delete;

    virtual const FabricSpec &spec() const = 0;
    virtual const ModelParams &params() const = 0;
    virtual TimeNs now() const = 0;

    /// Advances the model to @p t (a multiple of dt is reached or passed).
    virtual void runUntil(TimeNs t) = 0;
    void runFor(TimeNs duration) { runUntil(now() + duration); }

    // --- traffic -------------------------------------------------------------------------
    virtual int startFlow(int srcHost, int dstHost, const FlowOptions &options = {}) = 0;
    virtual void stopFlow(int flow) = 0;
    virtual void stopAllFlows() = 0;
    virtual int flowCount() const = 0;
    virtual FlowStats flowStats(int flow) const = 0;

    virtual int startProbe(int hostA, int hostB, const ProbeOptions &options) = 0;
    virtual ProbeResult probeResult(int probe) const = 0;

    virtual int startTraining(const TrainingOptions &options) = 0;
    virtual QList<TrainingIteration> trainingIterations(int job) const = 0;
    virtual bool trainingFinished(int job) const = 0;
    virtual void stopTraining(int job) = 0;

    // --- configuration and faults ---------------------------------------------------------
    virtual SwitchQosConfig qosConfig() const = 0;
    virtual void setQosConfig(const SwitchQosConfig &config) = 0;
    /// `priority-flow-control mode on|off` on one switch port (-1: every port).
    virtual void setPfcEnabled(int switchPort, bool on) = 0;
    virtual bool pfcEnabled(int switchPort) const = 0;
    /// The WRED/ECN profile of every switch.
    virtual void setWred(const WredParams &wred) = 0;
    /// DCQCN of every NIC.
    virtual void setDcqcn(const DcqcnParams &dcqcn) = 0;
    /// One NIC's DCQCN (its reaction point for what it sends, its notification point for what
    /// it receives), as its agent sets it.
    virtual DcqcnParams hostDcqcn(int host) const = 0;
    virtual void setHostDcqcn(int host, const DcqcnParams &dcqcn) = 0;
    /// Static no-drop thresholds on every switch.
    virtual void setPfcThresholds(Bytes xoff100g, Bytes xon100g) = 0;
    /// One switch's queuing configuration (what its `cli_conf` changes).
    virtual SwitchQueuing switchQueuing(int switchIndex) const = 0;
    virtual void setSwitchQueuing(int switchIndex, const SwitchQueuing &queuing) = 0;
    virtual HostConfig hostConfig(int host) const = 0;
    virtual void setHostConfig(int host, const HostConfig &config) = 0;
    virtual void setLinkSpeed(int switchPort, RateBps speed) = 0;
    /// Link down/up on the cable of @p switchPort.
    virtual void setLinkUp(int switchPort, bool up) = 0;
    /// A NIC that stops draining its receive buffer pauses the switch without end.
    virtual void setNicStalled(int nicPort, bool stalled) = 0;
    virtual void setPfcWatchdog(bool on) = 0;
    /// ECMP hash polarization: every flow between two leaves hashes onto the same uplink
    /// (the same hash function at every tier), instead of per flow. Applies to flows started
    /// from now on (the fluid model also moves the running ones).
    virtual void setEcmpPolarized(bool polarized) = 0;
    /// Faults of switch @p switchIndex alone (pause on the wrong CoS, ECN not applied, ECMP
    /// polarized); SwitchFaults{} heals them.
    virtual void setSwitchFaults(int switchIndex, const SwitchFaults &faults) = 0;
    virtual SwitchFaults switchFaults(int switchIndex) const = 0;
    /// A damaged cable at @p switchPort: @p rate of the frames on it, either way, arrive
    /// corrupted (a CRC error at the receiving end: the switch port's input errors, the NIC's
    /// rx_crc_errors_phy) and are lost; 0 heals it.
    virtual void setLinkErrorRate(int switchPort, double rate) = 0;
    virtual double linkErrorRate(int switchPort) const = 0;

    // --- observation ---------------------------------------------------------------------
    virtual SwitchPortCounters switchPortCounters(int switchPort) const = 0;
    virtual HostCounters hostCounters(int host) const = 0;
    virtual QueueStats queueStats(int switchPort) const = 0;
    virtual void resetQueueStats() = 0;
    /// No-drop thresholds in force on @p switchPort now (dynamic ones move with the buffer).
    virtual PfcThresholds pfcThresholds(int switchPort) const = 0;
    /// Total bytes buffered in switch @p switchIndex.
    virtual Bytes bufferUsed(int switchIndex) const = 0;

protected:
    Fabric() = default;
};

/// "packet" or "fluid"; the error says which there are.
Result<FabricEngine> parseFabricEngine(const QString &name);

/// Wire bytes (frames, preamble and gap) that carry @p payload in packets of @p mtu payload.
Bytes wireBytesFor(Bytes payload, Bytes mtu, Bytes frameOverhead);

/// The ECMP hash of a flow: its own (the UDP source port of its QP) or, polarized, one per
/// pair of leaves.
unsigned ecmpHash(int flowId, int srcSwitch, int dstSwitch, bool polarized);

/// Jain's fairness index of @p rates: 1 = perfectly fair, 1/n = one flow has everything.
double jainIndex(const QList<double> &rates);

}  // namespace roce::sim
