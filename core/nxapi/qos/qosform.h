#pragma once

namespace roce::nxapi {

/// The RoCE QoS settings a what-if form edits, on every switch and NIC alike: the RoCE queue's
/// WRED/ECN, PFC on the ports that carry traffic, the no-drop class's pause thresholds, and the
/// NICs' DCQCN rate-increase timer (sim/twin/changeform.h turns them into a change).
struct QosForm {
    bool wred = true;  ///< random-detect on the RoCE queue
    bool ecn = true;   ///< ... marking instead of dropping
    int wredMinKb = 150;
    int wredMaxKb = 3000;
    int dropProbability = 7;
    bool pfc = true;  ///< priority-flow-control mode on
    /// `pause buffer-size`: thresholds as configured; without, from the free buffer.
    bool staticPause = false;
    int pauseKb = 77, resumeKb = 75, bufferKb = 348;
    int rpgTimeResetUs = 300;  ///< ecn/roce_rp/rpg_time_reset
    friend bool operator==(const QosForm &, const QosForm &) = default;
};

}  // namespace roce::nxapi
