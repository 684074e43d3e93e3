#pragma once

#include "collect/pingmesh/verdict.h"

#include <QHash>
#include <QList>

#include <deque>

namespace roce::pingmesh {

/// One port and priority over the last second: how much of it the port could not send.
struct PauseObservation {
    QString port;      ///< "switch/port" or "host/device"
    int priority = 3;  ///< the PFC priority (CoS)
    /// Share of the second the port was paused, 0..1: a NIC's rx_prioN_pause_duration delta,
    /// or for a switch port RxPPP/s times half a pause quantum (the refresh interval).
    double pausedShare = 0;
    bool estimated = false;   ///< from pause frame counts (switches), not measured time
    double dropsPerSec = 0;   ///< drops of any kind on the port (to say "with zero drops")
    double pausesPerSec = 0;  ///< pause frames received per second
};

/// The PFC watchdog of one switch port (`show queuing pfc-queue interface ... detail`).
struct WatchdogObservation {
    QString port;
    bool enabled = false;
    quint64 shutdowns = 0;   ///< cumulative shutdown (storm) events
    quint64 restores = 0;    ///< cumulative restore events
    double pausedShare = 0;  ///< of the last second, as PauseObservation
};

/// A no-drop queue with ECN configured on its WRED profile.
struct EcnObservation {
    QString port;                   ///< the egress switch port
    bool ecnConfigured = false;     ///< `random-detect ... ecn` on the class (from the QoS audit)
    double queueBytes = 0;          ///< mean depth over the second
    double markThresholdBytes = 0;  ///< WRED minimum threshold
    double ceMarkedPerSec = 0;      ///< ECN marks the port counts
    double receiversCePerSec = 0;   ///< np_ecn_marked_roce_packets of the NICs behind it
};

struct DetectorThresholds {
    double pausedShare = 0.05;  ///< 5 % of the time paused is a cost worth an alert
    int pauseSeconds = 3;       ///< ... held this many seconds in a row
    int watchdogCyclesPerMinute = 3;
    double stormShare = 0.9;  ///< paused this much of a second with the watchdog silent
    int stormSeconds = 3;
    int ecnSeconds = 3;
};

/// The detectors that read counters rather than probes, fed once a second:
/// - pause_cost: a port paused more than 5 % of the time for 3 s, drops or not;
/// - pfcwd_flap: more than 3 watchdog storm/restore cycles in a minute;
/// - pfcwd_missed: a storm (paused all the time) the enabled watchdog did not act on;
/// - ecn_not_marking: ECN configured, the queue above the marking threshold, no CE marks.
class CounterDetectors
{
public:
    explicit CounterDetectors(DetectorThresholds t = {}) : m_t(t) { }

    /// One second's observations at @p ms; returns the candidates that hold now.
    QList<Verdict> evaluate(qint64 ms, const QList<PauseObservation> &pauses,
                            const QList<WatchdogObservation> &watchdogs,
                            const QList<EcnObservation> &ecn);

private:
    DetectorThresholds m_t;
    QHash<QString, int> m_pausedSeconds;  ///< by port|priority: seconds in a row above
    QHash<QString, std::deque<std::pair<qint64, quint64>>> m_watchdogHistory;  ///< ms, restores
    QHash<QString, int> m_stormSeconds;  ///< by port: seconds storming, watchdog silent
    QHash<QString, quint64> m_lastShutdowns;
    QHash<QString, int> m_ecnSeconds;
};

}  // namespace roce::pingmesh
