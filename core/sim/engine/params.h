#pragma once

#include "sim/engine/units.h"

#include <QString>
#include <QStringList>

#include <array>
#include <optional>

namespace roce::sim {

/// Reaction-point semantics: NVIDIA ConnectX firmware or the SIGCOMM'15 paper.
enum class DcqcnFlavor { Nvidia, Paper2015 };

/// DCQCN parameters of one NIC (REFERENCE-DCQCN §6.2), named after their mlx5/mlxconfig
/// counterparts where one exists.
struct DcqcnParams {
    DcqcnFlavor flavor = DcqcnFlavor::Nvidia;
    // Reaction point (sender).
    TimeNs alphaPeriod = 1 * kNsPerUs;       ///< DCE_TCP_RTT (nvidia) / tau' (paper)
    int dceTcpG = 1019;                      ///< DCE_TCP_G: alpha gain in 1/1024 (nvidia)
    int initialAlpha = 1023;                 ///< INITIAL_ALPHA_VALUE (1/1024)
    int paperGShift = 8;                     ///< paper g = 1/2^shift = 1/256
    TimeNs rateReducePeriod = 4 * kNsPerUs;  ///< RATE_REDUCE_MONITOR_PERIOD
    TimeNs timeReset = 300 * kNsPerUs;       ///< RPG_TIME_RESET
    Bytes byteReset = 32767LL * 64;          ///< RPG_BYTE_RESET (64-byte units assumed); 0: none
    int threshold = 1;                       ///< RPG_THRESHOLD (F)
    RateBps aiRate = 5 * kMbps;              ///< RPG_AI_RATE
    RateBps haiRate = 50 * kMbps;            ///< RPG_HAI_RATE
    int gd = 11;                             ///< RPG_GD
    int minDecFac = 50;                      ///< RPG_MIN_DEC_FAC (%)
    RateBps minRate = 1 * kMbps;             ///< RPG_MIN_RATE
    RateBps rateOnFirstCnp = 0;              ///< RATE_TO_SET_ON_FIRST_CNP (0 = keep)
    bool clampTgtRate = false;               ///< CLAMP_TGT_RATE
    bool clampTgtRateAfterTimeInc = true;    ///< CLAMP_TGT_RATE_AFTER_TIME_INC
    bool decreaseOnFirstCnp = true;          ///< HPCC-style immediate cut on the first CNP
    // Notification point (receiver).
    TimeNs minTimeBetweenCnps = 4 * kNsPerUs;  ///< MIN_TIME_BETWEEN_CNPS, per QP
    bool deferCnp = false;  ///< htsim: a mark inside the window sends one CNP at its end
};

/// The two presets of REFERENCE-DCQCN §6.2, by name: "nvidia" (default) or "paper2015".
std::optional<DcqcnParams> dcqcnPreset(const QString &name);
QStringList dcqcnPresetNames();

/// How the switch decides XOFF/XON on a lossless ingress priority group.
enum class PfcThresholdMode { StaticNxos, Dynamic };
/// With dynamic thresholds, resume this far below the pause threshold.
constexpr Bytes kDynamicPauseBand = 3 * 1024;

/// WRED/ECN profile of the RoCE egress queue.
struct WredParams {
    Bytes kmin = 150 * 1000;   ///< random-detect minimum-threshold (bytes)
    Bytes kmax = 3000 * 1000;  ///< random-detect maximum-threshold (bytes)
    int pmaxPercent = 7;       ///< drop-probability at kmax (%)
    bool ecn = true;           ///< `ecn` keyword: mark CE instead of dropping
    bool enabled = true;       ///< random-detect configured on the queue at all
};

/// Switch buffer and PFC parameters (one buffer slice per switch).
struct SwitchParams {
    Bytes bufferBytes = 10 * 1000 * 1000;  ///< shared buffer of the slice
    Bytes reservePerPg = 4 * 1024;         ///< per (port, class) reserve
    PfcThresholdMode pfcMode = PfcThresholdMode::StaticNxos;
    // NX-OS Cloud Scale 100G defaults (show queuing interface: Pause Buff Size 348608,
    // Pause Th 77376, Resume Th 75712); scaled by link speed below 100G.
    Bytes xoff100g = 77376;
    Bytes xon100g = 75712;
    Bytes headroom100g = 271232;
    int dynamicShift = 3;          ///< dynamic xoff = free shared >> shift
    int pauseQuanta = 0xFFFF;      ///< quanta in each XOFF (512 bit times each)
    int lossyQueueAlphaShift = 1;  ///< lossy tail-drop limit = free shared >> shift
    int dwrrWeightRoce = 50;       ///< bandwidth remaining percent, q3
    int dwrrWeightDefault = 50;    ///< bandwidth remaining percent, q-default
    WredParams wred;
    bool pfcWatchdog = false;  ///< priority-flow-control watch-dog-interval on
    TimeNs watchdogPoll = 100 * kNsPerMs;
};

/// What one switch's QoS configuration sets on its queues: the RoCE queue's WRED/ECN profile
/// (`random-detect ... [ecn]` in its queuing policy) and the no-drop class's pause thresholds
/// (`pause buffer-size ... pause-threshold ... resume-threshold ...` in its network-qos policy;
/// without that line the switch sizes them from its free buffer: Dynamic). Each switch of a
/// fabric has its own, so that one switch can be configured apart from the others.
struct SwitchQueuing {
    WredParams wred;
    PfcThresholdMode pfcMode = PfcThresholdMode::StaticNxos;
    // Static thresholds at 100G, scaled by a port's speed; as configured when configured.
    Bytes xoff100g = 77376;
    Bytes xon100g = 75712;
    Bytes headroom100g = 271232;
    /// Set by a `pause buffer-size` line: the thresholds apply as configured on every port
    /// (the defaults scale with a port's speed).
    bool thresholdsConfigured = false;
};

/// Every switch's queuing configuration as the fabric-wide parameters give it.
SwitchQueuing switchQueuingOf(const SwitchParams &sw);

/// Timing of links and NICs.
struct TimingParams {
    TimeNs dt = 1 * kNsPerUs;         ///< model step
    TimeNs linkDelay = 1 * kNsPerUs;  ///< one way, host <-> switch (incl. PHY/NIC pipeline)
    TimeNs nicPfcResponse = 1 * kNsPerUs;
    TimeNs npCnpLatency = 1 * kNsPerUs;
    TimeNs ackTimeout = 67108 * kNsPerUs;  ///< 4.096 us * 2^14 (perftest default -u 14)
};

/// Which model runs a fabric: packets (chunks per step, every counter exact) or flows (the
/// DCQCN fluid model: rates, queue lengths and marking probabilities; thousands of ports in
/// real time).
enum class FabricEngine { Packet, Fluid };

/// Everything that parameterises one model run.
struct ModelParams {
    FabricEngine engine = FabricEngine::Packet;
    /// Threads the fluid model steps with (1 or more; the counters do not depend on it).
    int threads = 1;
    /// Fluid model: flows alone on an idle path move by arithmetic instead of per step (the
    /// same counters; false steps every flow, to check exactly that).
    bool expressFlows = true;
    DcqcnParams dcqcn;
    SwitchParams sw;
    TimingParams timing;
    Bytes roceMtu = 4096;  ///< RoCE payload per packet (active_mtu)
    Bytes tcpMss = 8948;   ///< TCP payload per segment (MTU 9000)
    std::uint64_t seed = 1;
};

/// Model parameters of the reference fabric (DESIGN.md §2) as the console runs it: 25G
/// ports, active_mtu 1024, buffer-based (dynamic) xoff so that ECN acts before PFC, and a
/// 10 us step. At 25G a step moves 31 KB, well under Kmin/2 (REFERENCE-DCQCN §6.6); the
/// training scenario gives the same iteration times and CE/CNP counts (within 15 %) as at
/// 1 us, at about ten times the speed.
ModelParams referenceModelParams();
/// What leaf/spine fabrics run on (rail:..., served or the console's large fabrics): the
/// flow-level model at a 10 us step on @p threads threads, dynamic pause thresholds. A
/// 1,024-host rail fabric keeps up with the wall clock there.
ModelParams leafSpineModelParams(int threads = 1);

/// xoff/xon/headroom for a port of @p speed under static NX-OS thresholds.
struct PfcThresholds {
    Bytes xoff = 0;
    Bytes xon = 0;
    Bytes headroom = 0;
};
PfcThresholds staticThresholds(const SwitchQueuing &queuing, RateBps speed);

/// Duration of a PFC pause of @p quanta at @p speed (one quantum = 512 bit times).
TimeNs pauseDuration(int quanta, RateBps speed);

}  // namespace roce::sim
