#pragma once

#include "proto/common/result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace roce::sim::twin {

/// A proposed change, as a person pastes it: NX-OS configuration lines for the switches
/// (`policy-map type queuing ...`, `random-detect minimum-threshold ... ecn`,
/// `priority-flow-control mode off`, ...), and lines that write the NICs' mlx5 congestion-control
/// files, named by their path under /sys/class/net/<netdev>/: `ecn/roce_rp/rpg_time_reset 600`.
/// Blank lines and comments (`!`, `#`) are skipped. Switch lines apply to every switch, but
/// those after a line `switch NAME` apply to switch NAME alone (until the next such line;
/// `switch all` ends it); NIC lines apply to every NIC.
struct TwinChange {
    struct Line {
        QString switchName;  ///< empty: every switch
        QString command;
    };
    QList<Line> switchLines;
    QJsonObject roceNp, roceRp;  ///< {file: value}

    /// The commands switch @p name takes, in order.
    QStringList commandsFor(const QString &name) const;
    bool isEmpty() const { return switchLines.isEmpty() && roceNp.isEmpty() && roceRp.isEmpty(); }
};

/// Reads a change; a NIC line without a value, or of a directory other than roce_np/roce_rp,
/// is an error naming its line.
Result<TwinChange> parseChange(const QString &text);

}  // namespace roce::sim::twin
