#pragma once

#include <QJsonObject>
#include <QList>
#include <QPointF>
#include <QString>

#include <optional>

namespace roce::results {

/// Latency figures in microseconds. `median` is perftest's t_typical or sockperf's 50th
/// percentile; absent figures stay absent.
struct LatencyFigures {
    std::optional<double> min, median, p99, p999, max, average;
    bool roundTrip = false;  ///< iperf3's RTT, sockperf --full-rtt; otherwise one way
};

/// The comparable figures of one run, whatever tool produced it.
struct RunMetrics {
    QString family;  ///< "bw", "lat", "tcp_bw", "tcp_lat", "train", "matrix" or empty
    std::optional<double> bandwidthGbps;  ///< at the largest message size measured
    LatencyFigures latency;
    /// Message size sweep: (bytes, Gb/s) for bandwidth, (bytes, typical us) for latency.
    QList<QPointF> sweep;
    std::optional<double> meanStepMs, meanAllreduceMs, finalLoss;
};

/// Reads the parsed result of a run of @p tool (perftest, iperf3, sockperf, train JSON).
RunMetrics metricsOf(const QString &tool, const QJsonObject &result);

/// Jitter as the spread between the median and the 99th percentile (us), when both exist.
std::optional<double> jitterUs(const LatencyFigures &l);

}  // namespace roce::results
