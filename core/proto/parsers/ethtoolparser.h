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

/// A line of `ethtool -S` text that holds no statistic, and why.
struct EthtoolRefusedLine {
    int line = 0;  ///< 1-based
    QString text;
    QString why;
};

/// `ethtool -S` text with what could not be read: the statistics as parseEthtoolStats gives
/// them (a name printed twice keeps its first value), and every other non-empty line except
/// the "NIC statistics:" title, with the reason.
struct EthtoolStats {
    QList<QPair<QString, quint64>> counters;
    QList<EthtoolRefusedLine> refused;
};
EthtoolStats parseEthtoolStatsReport(const QString &text);

}  // namespace roce::parsers
