#include "proto/parsers/sockperfparser.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace roce::parsers {

namespace {
class SockperfText
{
    Q_DECLARE_TR_FUNCTIONS(SockperfText)
};
}  // namespace

Result<SockperfResult> parseSockperf(const QString &input)
{
    static const QRegularExpression ansi(QStringLiteral("\x1b\\[[0-9;]*m"));
    static const QRegularExpression valid(QStringLiteral(
        R"(\[Valid Duration\] RunTime=([\d.]+) sec; SentMessages=(\d+); ReceivedMessages=(\d+))"));
    static const QRegularExpression avg(
        QStringLiteral(R"(====> avg-(latency|rtt)=([\d.]+) \(std-dev=([\d.]+))"));
    static const QRegularExpression drops(QStringLiteral(
        R"(# dropped messages = (\d+); # duplicated messages = (\d+); # out-of-order messages = (\d+))"));
    static const QRegularExpression total(QStringLiteral(R"(Total (\d+) observations)"));
    static const QRegularExpression pct(QStringLiteral(R"(---> percentile ([\d.]+) =\s*([\d.]+))"));
    static const QRegularExpression maxObs(
        QStringLiteral(R"(---> <MAX> observation =\s*([\d.]+))"));
    static const QRegularExpression minObs(
        QStringLiteral(R"(---> <MIN> observation =\s*([\d.]+))"));
    static const QRegularExpression rate(
        QStringLiteral(R"(Summary: Message Rate is (\d+) \[msg/sec\])"));
    static const QRegularExpression bw(
        QStringLiteral(R"(Summary: BandWidth is ([\d.]+) (MBps|GBps) \(([\d.]+) (Mbps|Gbps)\))"));
    static const QRegularExpression error(QStringLiteral(R"(sockperf: ERROR: (.*))"));

    QString text = input;
    text.remove(ansi);
    SockperfResult r;
    bool any = false;
    QStringList errors;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (const auto m = valid.match(line); m.hasMatch()) {
            r.runTimeSeconds = m.captured(1).toDouble();
            r.sentMessages = m.captured(2).toLongLong();
            r.receivedMessages = m.captured(3).toLongLong();
        } else if (const auto m2 = avg.match(line); m2.hasMatch()) {
            r.fullRtt = m2.captured(1) == QLatin1String("rtt");
            r.avgLatencyUs = m2.captured(2).toDouble();
            r.stdDevUs = m2.captured(3).toDouble();
            any = true;
        } else if (const auto m3 = drops.match(line); m3.hasMatch()) {
            r.dropped = m3.captured(1).toLongLong();
            r.duplicated = m3.captured(2).toLongLong();
            r.outOfOrder = m3.captured(3).toLongLong();
        } else if (const auto m4 = total.match(line); m4.hasMatch()) {
            r.observations = m4.captured(1).toLongLong();
        } else if (const auto m5 = pct.match(line); m5.hasMatch()) {
            r.percentilesUs.insert(m5.captured(1), m5.captured(2).toDouble());
        } else if (const auto m6 = maxObs.match(line); m6.hasMatch()) {
            r.maxUs = m6.captured(1).toDouble();
        } else if (const auto m7 = minObs.match(line); m7.hasMatch()) {
            r.minUs = m7.captured(1).toDouble();
        } else if (const auto m8 = rate.match(line); m8.hasMatch()) {
            r.messageRate = m8.captured(1).toDouble();
            any = true;
        } else if (const auto m9 = bw.match(line); m9.hasMatch()) {
            const double v = m9.captured(3).toDouble();
            r.bandwidthMbps = m9.captured(4) == QLatin1String("Gbps") ? v * 1000 : v;
            any = true;
        } else if (const auto e = error.match(line); e.hasMatch()) {
            errors.append(e.captured(1).trimmed());
        }
    }
    if (!any) {
        if (!errors.isEmpty())
            return makeError(ErrorCode::Unreachable,
                             QStringLiteral("sockperf: ") + errors.join(QStringLiteral("; ")));
        return makeError(ErrorCode::Parse, SockperfText::tr("no sockperf summary found"));
    }
    return r;
}

QJsonObject sockperfToJson(const SockperfResult &r)
{
    QJsonObject o {{QStringLiteral("tool"), QStringLiteral("sockperf")},
                   {QStringLiteral("latency_is"),
                    r.fullRtt ? QStringLiteral("round_trip") : QStringLiteral("one_way")},
                   {QStringLiteral("run_time_seconds"), r.runTimeSeconds},
                   {QStringLiteral("sent_messages"), double(r.sentMessages)},
                   {QStringLiteral("received_messages"), double(r.receivedMessages)},
                   {QStringLiteral("dropped_messages"), double(r.dropped)},
                   {QStringLiteral("duplicated_messages"), double(r.duplicated)},
                   {QStringLiteral("out_of_order_messages"), double(r.outOfOrder)},
                   {QStringLiteral("observations"), double(r.observations)}};
    if (r.avgLatencyUs)
        o.insert(QStringLiteral("avg_latency_usec"), *r.avgLatencyUs);
    if (r.stdDevUs)
        o.insert(QStringLiteral("std_dev_usec"), *r.stdDevUs);
    if (r.minUs)
        o.insert(QStringLiteral("min_usec"), *r.minUs);
    if (r.maxUs)
        o.insert(QStringLiteral("max_usec"), *r.maxUs);
    QJsonObject p;
    for (auto it = r.percentilesUs.cbegin(); it != r.percentilesUs.cend(); ++it)
        p.insert(it.key(), it.value());
    if (!p.isEmpty())
        o.insert(QStringLiteral("percentiles_usec"), p);
    if (r.messageRate)
        o.insert(QStringLiteral("message_rate_per_sec"), *r.messageRate);
    if (r.bandwidthMbps)
        o.insert(QStringLiteral("bandwidth_mbps"), *r.bandwidthMbps);
    return o;
}

}  // namespace roce::parsers
