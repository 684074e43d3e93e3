#pragma once

#include "collect/pingmesh/detectors.h"
#include "proto/datamodel/portsample.h"

#include <QList>

namespace roce::pingmesh {

/// A pause frame's longest hold: 65535 quanta of 512 bit times, what mlx5 NICs and Nexus
/// switches send with XOFF. They refresh it at half that, so each XOFF received holds the
/// port for about half of it until the XON or the next refresh.
inline constexpr double kPauseQuantaPerFrame = 65535;

/// RoCE's no-drop priority (CoS 3) in the reference fabric. A switch's RxPPP counts pause
/// frames of every priority; on a fabric with one no-drop class they are that class's.
inline constexpr int kRocePriority = 3;

/// Share of the last interval each switch port of @p latest could not send on @p priority,
/// estimated from the pause frames it received (RxPPP/s times half a frame's hold at the
/// port's line rate): a switch counts pause frames, not pause time. Ports without a line
/// rate or a pause rate (a reset, a port that is down) are left out rather than read as 0.
QList<PauseObservation> switchPauseObservations(const QList<model::PortSample> &latest,
                                                int priority);

}  // namespace roce::pingmesh
