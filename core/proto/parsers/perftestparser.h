#pragma once

#include "proto/common/result.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace roce::parsers {

/// One row of a perftest bandwidth report (`ib_*_bw`), in the units the tool printed.
struct PerftestBwRow {
    qint64 bytes = 0;
    qint64 iterations = 0;
    std::optional<double> bwPeak;  ///< empty when perftest did not measure it (0.00 with -D, ...)
    double bwAverage = 0;
    double msgRateMpps = 0;
};

/// One row of a perftest latency report (`ib_*_lat`), microseconds.
struct PerftestLatRow {
    qint64 bytes = 0;
    qint64 iterations = 0;
    std::optional<double> tMin, tMax, tTypical, tStdev, p99, p999;  ///< absent in duration mode
    double tAvg = 0;
    std::optional<double> tpsAverage;  ///< duration mode only
};

struct PerftestEndpoint {
    QString qpn;
    QString gid;   ///< IPv6 text form of the GID (perftest prints its bytes in decimal)
    QString ipv4;  ///< when the GID is IPv4-mapped
};

/// What one perftest run printed.
struct PerftestResult {
    QString test;  ///< title, e.g. "RDMA_Write BW Test"
    bool latency = false;
    QMap<QString, QString> header;  ///< "Device" -> "mlx5_0", "GID index" -> "3", ...
    PerftestEndpoint local, remote;
    QString bwUnit;  ///< "Gb/sec", "MB/sec" or "MiB/sec" (as printed)
    QList<PerftestBwRow> bw;
    QList<PerftestLatRow> lat;
    QStringList warnings;
    /// Why the run stopped early when it printed rows first ("Completion with error at
    /// client"): the rows are those of the sizes that ran.
    QStringList failures;
    /// Lines inside a result table that are no row ("Conflicting CPU frequency values
    /// detected ..."), as printed.
    QStringList unreadLines;
};

/// Parses perftest's text output (any version: tabs or spaces, MB/MiB/Gb headers, `-a`
/// sweeps, `-D` duration mode). Fails with the tool's own message when the run failed
/// (no device, connection refused, ...) or with a parse error when no result is found.
Result<PerftestResult> parsePerftest(const QString &text);

/// Converts a bandwidth value printed in @p unit to Gb/s (MB = 2^20 bytes, as perftest uses).
double bandwidthToGbps(double value, const QString &unit);

/// JSON for `rocectl decode perftest` (snake_case; units named in the keys or beside them).
QJsonObject perftestToJson(const PerftestResult &result);

}  // namespace roce::parsers
