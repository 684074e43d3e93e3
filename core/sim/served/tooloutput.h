#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace roce::sim {

/// What a perftest run printed, rebuilt from the model in perftest's own layout (tabs,
/// decimal GIDs, `--report_gbits` headers), so that the console parses simulated and real
/// runs with the same parser.
struct PerftestBwRowOut {
    qint64 bytes = 0;
    qint64 iterations = 0;
    double peakGbps = 0;  ///< 0 prints "0.00" (not measured, as with -D)
    double averageGbps = 0;
    double msgRateMpps = 0;
};
struct PerftestHeader {
    QString test;  ///< "RDMA_Write BW Test", "Send Latency Test", ...
    QString device;
    int qps = 1;
    int mtu = 1024;
    int gidIndex = 3;
    QString localIpv4, remoteIpv4;
};
QString perftestBwText(const PerftestHeader &h, const QList<PerftestBwRowOut> &rows,
                       bool durationMode);
/// Latency percentiles from one-way samples in microseconds (perftest's t_typical = median).
QString perftestLatText(const PerftestHeader &h, qint64 bytes, const QList<double> &samplesUs);

/// `iperf3 -J` of a TCP client run.
QByteArray iperf3ClientJson(const QString &localIp, const QString &remoteIp, int port,
                            double seconds, qint64 sentBytes, qint64 receivedBytes,
                            qint64 retransmits, double meanRttUs);
/// `iperf3 -J` of a client that could not connect.
QByteArray iperf3ErrorJson(const QString &error);

/// `sockperf ping-pong` summary from one-way latency samples in microseconds.
QString sockperfText(const QString &serverIp, int port, double runSeconds,
                     const QList<double> &samplesUs);

}  // namespace roce::sim
