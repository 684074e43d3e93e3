#pragma once

#include "sim/counters.h"
#include "sim/params.h"
#include "sim/topology.h"

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

struct FlowOptions {
    FlowKind kind = FlowKind::Rdma;
    Bytes totalBytes = -1;  ///< bytes to send; -1 = until stopped
    int dscp = -1;          ///< -1: the host's RoCE DSCP (RDMA) or 0 (TCP)
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

/// Deterministic discrete-time model of a lossless RoCEv2 fabric (REFERENCE-DCQCN §6):
/// shared-buffer switches with per-ingress PFC accounting, WRED/ECN egress queues with a
/// strict-priority CNP class, NICs with DCQCN reaction and notification points, PFC
/// reaction and go-back-N recovery. The same seed and the same calls give bit-identical
/// counters. Not thread-safe: one thread drives it.
class Fabric
{
public:
    Fabric(FabricSpec spec, ModelParams params);
    ~Fabric();
    Fabric(const Fabric &) = delete;
    Fabric &operator=(const Fabric &) = delete;

    const FabricSpec &spec() const;
    const ModelParams &params() const;
    TimeNs now() const;

    /// Advances the model to @p t (a multiple of dt is reached or passed).
    void runUntil(TimeNs t);
    void runFor(TimeNs duration) { runUntil(now() + duration); }

    // --- traffic -------------------------------------------------------------------------
    int startFlow(int srcHost, int dstHost, const FlowOptions &options = {});
    void stopFlow(int flow);
    void stopAllFlows();
    int flowCount() const;
    FlowStats flowStats(int flow) const;

    int startProbe(int hostA, int hostB, const ProbeOptions &options);
    ProbeResult probeResult(int probe) const;

    int startTraining(const TrainingOptions &options);
    QList<TrainingIteration> trainingIterations(int job) const;
    bool trainingFinished(int job) const;
    void stopTraining(int job);

    // --- configuration and faults ---------------------------------------------------------
    SwitchQosConfig qosConfig() const;
    void setQosConfig(const SwitchQosConfig &config);
    /// `priority-flow-control mode on|off` on one switch port (-1: every port).
    void setPfcEnabled(int switchPort, bool on);
    bool pfcEnabled(int switchPort) const;
    void setWred(const WredParams &wred);
    void setDcqcn(const DcqcnParams &dcqcn);
    void setPfcThresholds(Bytes xoff100g, Bytes xon100g);
    HostConfig hostConfig(int host) const;
    void setHostConfig(int host, const HostConfig &config);
    void setLinkSpeed(int switchPort, RateBps speed);
    /// Link down/up on the cable of @p switchPort.
    void setLinkUp(int switchPort, bool up);
    /// A NIC that stops draining its receive buffer pauses the switch without end.
    void setNicStalled(int nicPort, bool stalled);
    void setPfcWatchdog(bool on);

    // --- observation ---------------------------------------------------------------------
    SwitchPortCounters switchPortCounters(int switchPort) const;
    HostCounters hostCounters(int host) const;
    QueueStats queueStats(int switchPort) const;
    void resetQueueStats();
    /// No-drop thresholds in force on @p switchPort now (dynamic ones move with the buffer).
    PfcThresholds pfcThresholds(int switchPort) const;
    /// Total bytes buffered in switch @p switchIndex.
    Bytes bufferUsed(int switchIndex) const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// Jain's fairness index of @p rates: 1 = perfectly fair, 1/n = one flow has everything.
double jainIndex(const QList<double> &rates);

}  // namespace roce::sim
