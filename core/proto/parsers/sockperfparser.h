#pragma once

#include "proto/common/result.h"

#include <QJsonObject>
#include <QMap>
#include <QString>

#include <optional>

namespace roce::parsers {

/// The summary of a `sockperf ping-pong` (or throughput) run. Latency is one way (RTT/2),
/// microseconds, as sockperf prints it.
struct SockperfResult {
    std::optional<double> avgLatencyUs;
    std::optional<double> stdDevUs;
    std::optional<double> minUs, maxUs;
    QMap<QString, double> percentilesUs;  ///< "50.000" -> value, "99.000" -> value, ...
    qint64 observations = 0;
    qint64 sentMessages = 0, receivedMessages = 0;
    qint64 dropped = 0, duplicated = 0, outOfOrder = 0;
    double runTimeSeconds = 0;
    bool fullRtt = false;                 ///< --full-rtt: values are round trips
    std::optional<double> messageRate;    ///< throughput mode, msg/sec
    std::optional<double> bandwidthMbps;  ///< throughput mode
};

/// Parses sockperf's summary (ANSI colour codes stripped). Fails when no summary is found.
Result<SockperfResult> parseSockperf(const QString &input);

QJsonObject sockperfToJson(const SockperfResult &result);

}  // namespace roce::parsers
