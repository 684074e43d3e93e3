#pragma once

#include <QList>
#include <QPair>
#include <QString>

namespace roce::parsers {

/// Parses `ethtool -S <if>` text ("NIC statistics:" then "     <name>: <u64>" lines). Names
/// may contain spaces, dots and colons: the value is what follows the last ": ". Names are
/// trimmed (old kernels had "tx_pause_storm_warning_events " with a trailing space). Lines
/// that are not "name: number" are skipped. Order is kept.
QList<QPair<QString, quint64>> parseEthtoolStats(const QString &text);

}  // namespace roce::parsers
