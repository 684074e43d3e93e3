#pragma once

#include "proto/common/result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace roce::parsers {

/// The figures of an `iperf3 -J` run that the console compares.
struct Iperf3Result {
    QString version;
    QString protocol;  ///< "TCP" or "UDP"
    int streams = 0;
    double durationSeconds = 0;
    double sentBitsPerSecond = 0;
    double receivedBitsPerSecond = 0;
    qint64 sentBytes = 0;
    qint64 receivedBytes = 0;
    std::optional<qint64> retransmits;  ///< TCP sender only
    std::optional<double> meanRttUs;    ///< TCP, from the sender stream
    std::optional<double> jitterMs;     ///< UDP
    std::optional<double> lostPercent;  ///< UDP
    std::optional<double> cpuHostPercent, cpuRemotePercent;
    QString congestion;
    int intervals = 0;
    /// Lines saved around the JSON report ("^C", a warning, a prompt), not part of it.
    QStringList skipped;
    /// iperf3's own error when the run was cut short after measuring ("interrupt - the
    /// client has terminated"): the figures are those of the part that ran.
    QString error;
};

/// Parses iperf3's JSON report (`-J`). iperf3's own "error" member becomes the error message.
/// Text saved before or after the report (a "^C", a warning) is skipped and listed.
Result<Iperf3Result> parseIperf3(const QByteArray &json);

/// JSON for `rocectl decode iperf3` (bits per second as printed, plus Gb/s for comparison).
QJsonObject iperf3ToJson(const Iperf3Result &result);

}  // namespace roce::parsers
