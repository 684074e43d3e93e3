#pragma once

#include "nxapi/snapshot.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <array>
#include <optional>

namespace roce::nxapi {

/// Per-port rates between two polls of a switch. A rate is absent when its counter is not
/// reported, or when the counter went backwards or jumped implausibly in this interval
/// (reload, `clear counters`, a spurious zero): then `resets` names it and no spike is shown.
struct PortRates {
    QString name;
    double intervalSeconds = 0;
    std::optional<double> inBitsPerSec, outBitsPerSec, inUtilPercent, outUtilPercent;
    std::optional<double> inPktsPerSec, outPktsPerSec;
    std::optional<double> ingressMmuDropsPerSec;           ///< ingress (no-drop class overflow)
    std::optional<double> egressDropsPerSec;               ///< WRED/tail drops, all QoS groups
    std::optional<double> rxPausesPerSec, txPausesPerSec;  ///< PFC frames (RxPPP/TxPPP)
    std::optional<double> ecnMarksPerSec;                  ///< ECN-marked packets, all groups
    std::optional<double> inErrorsPerSec;
    QStringList resets;  ///< counters that reset or wrapped implausibly in this interval
};

/// Counter delta between two readings taken @p seconds apart, at most @p maxPerSecond (0: no
/// bound known). A 64-bit or 32-bit wrap (from near the top of the width to near zero, with a
/// plausible delta) is counted; anything else that goes backwards, a drop to zero, and a jump
/// above the bound are resets: nullopt.
std::optional<quint64> counterDelta(quint64 previous, quint64 current, double seconds,
                                    double maxPerSecond);

/// Turns successive snapshots of one switch into per-port rates.
class SwitchRateModel
{
public:
    /// Rates since the previous snapshot (empty on the first one or if time did not advance).
    QList<PortRates> update(const SwitchSnapshot &snapshot);
    void clear();

private:
    enum Tracked {
        InBytes,
        OutBytes,
        InPkts,
        OutPkts,
        MmuDrops,
        EgressDrops,
        RxPause,
        TxPause,
        Ecn,
        InErrors,
        TrackedCount
    };
    struct Reading {
        std::array<std::optional<quint64>, TrackedCount> values;
        std::array<bool, TrackedCount> afterReset {};  ///< last delta was a reset: rebaseline
        QString clearCounters;
    };
    static Reading read(const PortStatus &port);

    qint64 m_lastMs = -1;
    QHash<QString, Reading> m_last;
};

QJsonObject portRatesToJson(const PortRates &rates);

}  // namespace roce::nxapi
