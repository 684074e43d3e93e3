#pragma once

#include "sim/twin/twinmodel.h"

#include <QString>

namespace roce::sim::twin {

/// The QoS settings the What if form edits, on every switch and NIC alike: the RoCE queue's
/// WRED/ECN, PFC on the ports that carry traffic, the no-drop class's pause thresholds, and
/// the NICs' DCQCN rate-increase timer.
struct ChangeForm {
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
    friend bool operator==(const ChangeForm &, const ChangeForm &) = default;
};

/// The settings as the twin read them (its first switch, its first NIC).
ChangeForm formOf(const TwinModel &twin);

/// The change, as NX-OS configuration and NIC lines, that takes the fabric @p twin models from
/// @p now to @p wanted: only what differs (empty when nothing does). PFC is set per switch on
/// the ports that carry traffic, each under `switch NAME`.
QString composeChange(const TwinModel &twin, const ChangeForm &now, const ChangeForm &wanted);

}  // namespace roce::sim::twin
