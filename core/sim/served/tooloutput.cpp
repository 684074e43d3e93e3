#include "sim/served/tooloutput.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace roce::sim {

namespace {

const QString kRule = QString(QLatin1Char('-')).repeated(87);

/// perftest prints GID bytes in decimal, %02d: IPv4-mapped a.b.c.d as ...:255:255:a:b:c:d.
QString decimalGid(const QString &ipv4)
{
    QString gid = QStringLiteral("00:00:00:00:00:00:00:00:00:00:255:255");
    for (const QString &part : ipv4.split(QLatin1Char('.')))
        gid += QLatin1Char(':') + QStringLiteral("%1").arg(part.toInt(), 2, 10, QLatin1Char('0'));
    return gid;
}

/// Sorted samples with their mean and (population) standard deviation, as perftest and
/// sockperf both report them.
struct LatencySummary {
    QList<double> sorted;
    double avg = 0;
    double stdev = 0;

    explicit LatencySummary(QList<double> samples) : sorted(std::move(samples))
    {
        std::sort(sorted.begin(), sorted.end());
        if (sorted.isEmpty())
            return;
        double sum = 0;
        for (double v : std::as_const(sorted))
            sum += v;
        avg = sum / double(sorted.size());
        double var = 0;
        for (double v : std::as_const(sorted))
            var += (v - avg) * (v - avg);
        stdev = sorted.size() > 1 ? std::sqrt(var / double(sorted.size())) : 0;
    }
};

QString header(const PerftestHeader &h, bool latency)
{
    const QString tab = QStringLiteral("\t");
    QString t = kRule + QLatin1Char('\n');
    t += QStringLiteral("                    %1\n").arg(h.test);
    t += QStringLiteral(" Dual-port       : OFF") + tab + tab
        + QStringLiteral("Device         : %1\n").arg(h.device);
    t += QStringLiteral(" Number of qps   : %1").arg(h.qps) + tab + tab
        + QStringLiteral("Transport type : IB\n");
    t += QStringLiteral(" Connection type : RC") + tab + tab
        + QStringLiteral("Using SRQ      : OFF\n");
    t += QStringLiteral(" TX depth        : %1\n").arg(latency ? 1 : 128);
    if (!latency)
        t += QStringLiteral(" CQ Moderation   : 100\n");
    t += QStringLiteral(" Mtu             : %1[B]\n").arg(h.mtu);
    t += QStringLiteral(" Link type       : Ethernet\n");
    t += QStringLiteral(" GID index       : %1\n").arg(h.gidIndex);
    t += QStringLiteral(" Max inline data : %1[B]\n").arg(latency ? 220 : 0);
    t += QStringLiteral(" rdma_cm QPs") + tab + QStringLiteral(" : OFF\n");
    t += QStringLiteral(" Data ex. method : Ethernet\n");
    t += kRule + QLatin1Char('\n');
    t += QStringLiteral(" local address: LID 0000 QPN 0x0%1 PSN 0x5a1e0c RKey 0x1fe3ba VAddr "
                        "0x007f1c2a000000\n")
             .arg(0x1a0 + h.qps, 3, 16, QLatin1Char('0'));
    t += QStringLiteral(" GID: %1\n").arg(decimalGid(h.localIpv4));
    t += QStringLiteral(" remote address: LID 0000 QPN 0x0%1 PSN 0x7e2f0c RKey 0x1fe3bb VAddr "
                        "0x007f9e10000000\n")
             .arg(0x1b0 + h.qps, 3, 16, QLatin1Char('0'));
    t += QStringLiteral(" GID: %1\n").arg(decimalGid(h.remoteIpv4));
    t += kRule + QLatin1Char('\n');
    return t;
}

double percentile(const QList<double> &sorted, double q)
{
    if (sorted.isEmpty())
        return 0;
    const qsizetype i = std::min<qsizetype>(sorted.size() - 1,
                                            qsizetype(std::ceil(q * double(sorted.size())) - 1));
    return sorted[std::max<qsizetype>(0, i)];
}

}  // namespace

QString perftestBwText(const PerftestHeader &h, const QList<PerftestBwRowOut> &rows,
                       bool durationMode)
{
    QString t;
    if (durationMode)
        t += QStringLiteral(" WARNING: BW peak won't be measured in this run.\n");
    t += header(h, false);
    t += QStringLiteral(
        " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n");
    for (const PerftestBwRowOut &r : rows) {
        // REPORT_FMT: " %-7lu    %-10lu       %-7.2lf            %-7.2lf\t\t     %-7.6lf"
        t += QStringLiteral(" %1    %2       %3            %4\t\t     %5\n")
                 .arg(QString::number(r.bytes).leftJustified(7))
                 .arg(QString::number(r.iterations).leftJustified(10))
                 .arg(QString::number(r.peakGbps, 'f', 2).leftJustified(7))
                 .arg(QString::number(r.averageGbps, 'f', 2).leftJustified(7))
                 .arg(QString::number(r.msgRateMpps, 'f', 6).leftJustified(7));
    }
    t += kRule + QLatin1Char('\n');
    return t;
}

QString perftestLatText(const PerftestHeader &h, qint64 bytes, const QList<double> &samplesUs)
{
    const LatencySummary summary(samplesUs);
    const QList<double> &s = summary.sorted;
    const double avg = summary.avg;
    const double stdev = summary.stdev;
    QString t = header(h, true);
    t += QStringLiteral(
        " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    "
        "t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec] \n");
    auto f = [](double v) { return QString::number(v, 'f', 2); };
    t += QStringLiteral(" %1       %2          %3          %4        %5     \t%6     \t%7    "
                        "\t\t%8   \t\t%9  \t\n")
             .arg(bytes)
             .arg(s.size())
             .arg(f(s.isEmpty() ? 0 : s.first()), f(s.isEmpty() ? 0 : s.last()),
                  f(percentile(s, 0.5)), f(avg), f(stdev), f(percentile(s, 0.99)),
                  f(percentile(s, 0.999)));
    t += kRule + QLatin1Char('\n');
    return t;
}

QByteArray iperf3ClientJson(const QString &localIp, const QString &remoteIp, int port,
                            double seconds, qint64 sentBytes, qint64 receivedBytes,
                            qint64 retransmits, double meanRttUs)
{
    const double sentBps = seconds > 0 ? double(sentBytes) * 8 / seconds : 0;
    const double recvBps = seconds > 0 ? double(receivedBytes) * 8 / seconds : 0;
    QJsonArray intervals;
    const int whole = std::max(1, int(seconds));
    for (int i = 0; i < whole; ++i) {
        const QJsonObject sum {{QStringLiteral("start"), double(i)},
                               {QStringLiteral("end"), double(i + 1)},
                               {QStringLiteral("seconds"), 1.0},
                               {QStringLiteral("bytes"), double(sentBytes) / whole},
                               {QStringLiteral("bits_per_second"), sentBps},
                               {QStringLiteral("retransmits"), 0},
                               {QStringLiteral("omitted"), false},
                               {QStringLiteral("sender"), true}};
        intervals.append(QJsonObject {{QStringLiteral("streams"), QJsonArray {sum}},
                                      {QStringLiteral("sum"), sum}});
    }
    const QJsonObject sent {{QStringLiteral("start"), 0},
                            {QStringLiteral("end"), seconds},
                            {QStringLiteral("seconds"), seconds},
                            {QStringLiteral("bytes"), double(sentBytes)},
                            {QStringLiteral("bits_per_second"), sentBps},
                            {QStringLiteral("retransmits"), double(retransmits)},
                            {QStringLiteral("sender"), true}};
    const QJsonObject received {{QStringLiteral("start"), 0},
                                {QStringLiteral("end"), seconds},
                                {QStringLiteral("seconds"), seconds},
                                {QStringLiteral("bytes"), double(receivedBytes)},
                                {QStringLiteral("bits_per_second"), recvBps},
                                {QStringLiteral("sender"), true}};
    QJsonObject senderStream = sent;
    senderStream.insert(QStringLiteral("socket"), 5);
    senderStream.insert(QStringLiteral("mean_rtt"), meanRttUs);
    senderStream.insert(QStringLiteral("min_rtt"), meanRttUs * 0.8);
    senderStream.insert(QStringLiteral("max_rtt"), meanRttUs * 1.5);
    const QJsonObject doc {
        {QStringLiteral("start"),
         QJsonObject {
             {QStringLiteral("connected"),
              QJsonArray {QJsonObject {{QStringLiteral("socket"), 5},
                                       {QStringLiteral("local_host"), localIp},
                                       {QStringLiteral("local_port"), 40000},
                                       {QStringLiteral("remote_host"), remoteIp},
                                       {QStringLiteral("remote_port"), port}}}},
             {QStringLiteral("version"), QStringLiteral("iperf 3.12")},
             {QStringLiteral("system_info"),
              QStringLiteral("Linux simulated 5.15.0-105-generic x86_64")},
             {QStringLiteral("timestamp"),
              QJsonObject {
                  {QStringLiteral("timesecs"), double(QDateTime::currentSecsSinceEpoch())}}},
             {QStringLiteral("connecting_to"),
              QJsonObject {{QStringLiteral("host"), remoteIp}, {QStringLiteral("port"), port}}},
             {QStringLiteral("tcp_mss_default"), 1448},
             {QStringLiteral("test_start"),
              QJsonObject {{QStringLiteral("protocol"), QStringLiteral("TCP")},
                           {QStringLiteral("num_streams"), 1},
                           {QStringLiteral("blksize"), 131072},
                           {QStringLiteral("omit"), 0},
                           {QStringLiteral("duration"), whole},
                           {QStringLiteral("reverse"), 0}}}}},
        {QStringLiteral("intervals"), intervals},
        {QStringLiteral("end"),
         QJsonObject {{QStringLiteral("streams"),
                       QJsonArray {QJsonObject {{QStringLiteral("sender"), senderStream},
                                                {QStringLiteral("receiver"), received}}}},
                      {QStringLiteral("sum_sent"), sent},
                      {QStringLiteral("sum_received"), received},
                      {QStringLiteral("cpu_utilization_percent"),
                       QJsonObject {{QStringLiteral("host_total"), 38.0},
                                    {QStringLiteral("remote_total"), 22.0}}},
                      {QStringLiteral("sender_tcp_congestion"), QStringLiteral("cubic")},
                      {QStringLiteral("receiver_tcp_congestion"), QStringLiteral("cubic")}}}};
    return QJsonDocument(doc).toJson(QJsonDocument::Indented);
}

QByteArray iperf3ErrorJson(const QString &error)
{
    const QJsonObject doc {
        {QStringLiteral("start"),
         QJsonObject {{QStringLiteral("connected"), QJsonArray {}},
                      {QStringLiteral("version"), QStringLiteral("iperf 3.12")}}},
        {QStringLiteral("intervals"), QJsonArray {}},
        {QStringLiteral("end"), QJsonObject {}},
        {QStringLiteral("error"), error}};
    return QJsonDocument(doc).toJson(QJsonDocument::Indented);
}

QString sockperfText(const QString &serverIp, int port, double runSeconds,
                     const QList<double> &samplesUs)
{
    const LatencySummary summary(samplesUs);
    const QList<double> &s = summary.sorted;
    const double avg = summary.avg;
    const double stdev = summary.stdev;
    const QString magenta = QStringLiteral("\x1b[2;35m");
    const QString end = QStringLiteral("\x1b[0m");
    auto f = [](double v) { return QString::number(v, 'f', 3); };
    QString t = QStringLiteral("sockperf: == version #3.7-no.git == \n");
    t += QStringLiteral("[ 0] IP = %1       PORT = %2 # TCP\n").arg(serverIp).arg(port);
    t += QStringLiteral(
        "sockperf: Warmup stage (sending a few dummy messages)...\nsockperf: Starting test...\n"
        "sockperf: Test end (interrupted by timer)\nsockperf: Test ended\n");
    t += QStringLiteral("sockperf: [Total Run] RunTime=%1 sec; Warm up time=400 msec; "
                        "SentMessages=%2; ReceivedMessages=%2\n")
             .arg(QString::number(runSeconds, 'f', 3))
             .arg(s.size());
    t += QStringLiteral("sockperf: ========= Printing statistics for Server No: 0\n");
    t += QStringLiteral(
             "sockperf: [Valid Duration] RunTime=%1 sec; SentMessages=%2; ReceivedMessages=%2\n")
             .arg(QString::number(runSeconds, 'f', 3))
             .arg(s.size());
    t += QStringLiteral("sockperf: %1====> avg-latency=%2 (std-dev=%3)%4\n")
             .arg(magenta, f(avg), f(stdev), end);
    t += QStringLiteral("sockperf: # dropped messages = 0; # duplicated messages = 0; # "
                        "out-of-order messages = 0\n");
    t += QStringLiteral("sockperf: Summary: Latency is %1 usec\n").arg(f(avg));
    t += QStringLiteral(
             "sockperf: %1Total %2 observations%3; each percentile contains %4 observations\n")
             .arg(magenta)
             .arg(s.size())
             .arg(end, QString::number(double(s.size()) / 100.0, 'f', 2));
    t += QStringLiteral("sockperf: ---> <MAX> observation = %1\n")
             .arg(f(s.isEmpty() ? 0 : s.last()), 8);
    for (double q : {99.999, 99.990, 99.900, 99.000, 90.000, 75.000, 50.000, 25.000}) {
        t += QStringLiteral("sockperf: ---> percentile %1 = %2\n")
                 .arg(QString::number(q, 'f', 3), 6)
                 .arg(f(percentile(s, q / 100.0)), 8);
    }
    t += QStringLiteral("sockperf: ---> <MIN> observation = %1\n")
             .arg(f(s.isEmpty() ? 0 : s.first()), 8);
    return t;
}

}  // namespace roce::sim
