#pragma once

#include "sim/engine/units.h"

#include <QtGlobal>

#include <array>
#include <numeric>

namespace roce::sim {

using PerClass = std::array<quint64, kClassCount>;

/// All classes together.
inline quint64 total(const PerClass &c)
{
    return std::accumulate(c.begin(), c.end(), quint64(0));
}

/// What a switch port shows (NX-OS `show interface`, `show queuing interface`,
/// `show interface priority-flow-control`). Counters are monotonic 64-bit.
struct SwitchPortCounters {
    bool operUp = true;
    RateBps speed = 0;
    quint64 rxPkts = 0, rxBytes = 0, txPkts = 0, txBytes = 0;  // frames, all classes
    quint64 rxCrcErrors = 0;  ///< frames received with a bad FCS (input errors, eth_crc)
    PerClass qosTxPkts {}, qosTxBytes {};      ///< per QoS group, egress
    PerClass qosDropPkts {}, qosDropBytes {};  ///< WRED/AFD & Tail Drop, egress
    PerClass qosEcnPkts {};                    ///< CE-marked at egress (WRED ecn)
    PerClass qosDepth {}, qosDepthMax {};      ///< Q Depth Byts now / peak
    quint64 ingressMmuDropPkts = 0, ingressMmuDropBytes = 0;
    quint64 txPpp = 0;                      ///< PFC frames sent to the neighbour
    quint64 rxPpp = 0;                      ///< PFC frames received from the neighbour
    PerClass cosTxPause {}, cosRxPause {};  ///< per-CoS PFC frames
    std::array<bool, kClassCount> cosTxPauseActive {}, cosRxPauseActive {};
    quint64 watchdogShutdowns = 0, watchdogRestores = 0, watchdogDroppedPkts = 0;
};

/// What a server's RDMA device and RoCE netdev show: sysfs `counters/` (PMA) and
/// `hw_counters/` (mlx5), and `ethtool -S`. Widths follow the real devices: the mlx5
/// Q counters are 32-bit and wrap, the congestion and PMA extended counters are 64-bit.
struct HostCounters {
    bool linkUp = true;
    RateBps speed = 0;
    // counters/ (PortCountersExtended): data in 4-byte words.
    quint64 portXmitData = 0, portRcvData = 0, portXmitPackets = 0, portRcvPackets = 0;
    quint64 portXmitDiscards = 0, linkDowned = 0;
    // hw_counters/
    quint64 npEcnMarkedRocePackets = 0, npCnpSent = 0, rpCnpHandled = 0, rpCnpIgnored = 0;
    quint32 outOfSequence = 0, packetSeqErr = 0, localAckTimeoutErr = 0, duplicateRequest = 0;
    quint32 impliedNakSeqErr = 0, rxWriteRequests = 0, outOfBuffer = 0;
    // ethtool -S
    PerClass rxPrioBytes {}, rxPrioPackets {}, txPrioBytes {}, txPrioPackets {};
    PerClass rxPrioPause {}, txPrioPause {}, rxPrioPauseDurationUs {}, txPrioPauseDurationUs {};
    PerClass rxPrioPauseTransition {}, rxPrioDiscards {};
    quint64 rxBytesPhy = 0, txBytesPhy = 0, rxPacketsPhy = 0, txPacketsPhy = 0;
    quint64 rxPauseCtrlPhy = 0, txPauseCtrlPhy = 0, rxDiscardsPhy = 0;
    quint64 rxCrcErrorsPhy = 0;  ///< frames received with a bad FCS
    quint64 txVportRdmaUnicastBytes = 0, txVportRdmaUnicastPackets = 0;
    quint64 rxVportRdmaUnicastBytes = 0, rxVportRdmaUnicastPackets = 0;
};

/// One per-priority `ethtool -S` counter of an mlx5 netdev: its name suffix after
/// "rx_prioN"/"tx_prioN" and where it lives in HostCounters.
struct PrioEthtoolCounter {
    const char *direction;  ///< "rx_" or "tx_"
    const char *suffix;     ///< "_bytes", "_pause", ...
    PerClass HostCounters::*values;
    bool pfcOnly;  ///< mlx5 shows it only for priorities with PFC enabled
};

/// The per-priority counters mlx5 shows, in `ethtool -S` order.
inline constexpr PrioEthtoolCounter kPrioEthtoolCounters[] = {
    {"rx_", "_bytes", &HostCounters::rxPrioBytes, false},
    {"rx_", "_packets", &HostCounters::rxPrioPackets, false},
    {"tx_", "_bytes", &HostCounters::txPrioBytes, false},
    {"tx_", "_packets", &HostCounters::txPrioPackets, false},
    {"rx_", "_pause", &HostCounters::rxPrioPause, true},
    {"rx_", "_pause_duration", &HostCounters::rxPrioPauseDurationUs, true},
    {"rx_", "_pause_transition", &HostCounters::rxPrioPauseTransition, true},
    {"tx_", "_pause", &HostCounters::txPrioPause, true},
    {"tx_", "_pause_duration", &HostCounters::txPrioPauseDurationUs, true},
    {"rx_", "_discards", &HostCounters::rxPrioDiscards, true},
};

/// Kinds of traffic the model carries.
enum class FlowKind {
    Rdma,  ///< RC QP doing RDMA writes (perftest bw, all-reduce), DCQCN, go-back-N
    Tcp,   ///< TCP-like stream: AIMD window, host stack ceiling (iperf3 baseline)
};

/// Per-flow (per-QP) statistics.
struct FlowStats {
    int src = -1, dst = -1;
    FlowKind kind = FlowKind::Rdma;
    bool active = false;
    int qosGroup = 0;        ///< class the switch put it in
    Bytes txBytes = 0;       ///< wire bytes sent, retransmissions included
    Bytes rxBytes = 0;       ///< wire bytes that reached the receiver
    Bytes goodputBytes = 0;  ///< payload delivered in order
    Bytes retransmittedBytes = 0;
    quint64 ceMarks = 0, cnpsSent = 0, cnpsHandled = 0;
    RateBps currentRate = 0;  ///< DCQCN RC (RDMA) or window rate (TCP)
    RateBps targetRate = 0;
    int alpha1024 = 0;
    TimeNs startedAt = 0;
    TimeNs stoppedAt = -1;
};

}  // namespace roce::sim
