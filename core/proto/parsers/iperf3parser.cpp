#include "proto/parsers/iperf3parser.h"

#include "proto/common/jsonfields.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace roce::parsers {

namespace {
class Iperf3Text
{
    Q_DECLARE_TR_FUNCTIONS(Iperf3Text)
};
}  // namespace

Result<Iperf3Result> parseIperf3(const QByteArray &json)
{
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        return makeError(
            ErrorCode::Parse,
            Iperf3Text::tr("iperf3 output is not JSON (%1 at offset %2); was it run with -J?")
                .arg(error.errorString())
                .arg(error.offset));
    }
    const QJsonObject root = doc.object();
    if (root.contains(QStringLiteral("error")))
        return makeError(ErrorCode::Unreachable,
                         QStringLiteral("iperf3: ")
                             + root.value(QStringLiteral("error")).toString());
    const QJsonObject start = root.value(QStringLiteral("start")).toObject();
    const QJsonObject end = root.value(QStringLiteral("end")).toObject();
    if (end.isEmpty())
        return makeError(ErrorCode::Parse,
                         Iperf3Text::tr("iperf3 report has no \"end\" section (run cut short?)"));
    Iperf3Result r;
    r.version = start.value(QStringLiteral("version")).toString();
    const QJsonObject testStart = start.value(QStringLiteral("test_start")).toObject();
    r.protocol = testStart.value(QStringLiteral("protocol")).toString();
    r.streams = testStart.value(QStringLiteral("num_streams")).toInt();
    r.intervals = int(root.value(QStringLiteral("intervals")).toArray().size());
    const QJsonObject sent = end.value(QStringLiteral("sum_sent")).toObject();
    const QJsonObject received = end.value(QStringLiteral("sum_received")).toObject();
    const QJsonObject sum = end.value(QStringLiteral("sum")).toObject();  // UDP
    if (!sent.isEmpty()) {
        r.sentBitsPerSecond = sent.value(QStringLiteral("bits_per_second")).toDouble();
        r.sentBytes = wholeNumber(sent.value(QStringLiteral("bytes")));
        r.durationSeconds = sent.value(QStringLiteral("seconds")).toDouble();
        if (sent.contains(QStringLiteral("retransmits")))
            r.retransmits = wholeNumber(sent.value(QStringLiteral("retransmits")));
    }
    if (!received.isEmpty()) {
        r.receivedBitsPerSecond = received.value(QStringLiteral("bits_per_second")).toDouble();
        r.receivedBytes = wholeNumber(received.value(QStringLiteral("bytes")));
    }
    if (!sum.isEmpty()) {
        if (r.sentBitsPerSecond == 0)
            r.sentBitsPerSecond = sum.value(QStringLiteral("bits_per_second")).toDouble();
        if (sum.contains(QStringLiteral("jitter_ms")))
            r.jitterMs = sum.value(QStringLiteral("jitter_ms")).toDouble();
        if (sum.contains(QStringLiteral("lost_percent")))
            r.lostPercent = sum.value(QStringLiteral("lost_percent")).toDouble();
    }
    for (const QJsonValue &s : end.value(QStringLiteral("streams")).toArray()) {
        const QJsonObject sender = s.toObject().value(QStringLiteral("sender")).toObject();
        if (sender.contains(QStringLiteral("mean_rtt")))
            r.meanRttUs = sender.value(QStringLiteral("mean_rtt")).toDouble();  // iperf3 reports us
    }
    const QJsonObject cpu = end.value(QStringLiteral("cpu_utilization_percent")).toObject();
    if (cpu.contains(QStringLiteral("host_total")))
        r.cpuHostPercent = cpu.value(QStringLiteral("host_total")).toDouble();
    if (cpu.contains(QStringLiteral("remote_total")))
        r.cpuRemotePercent = cpu.value(QStringLiteral("remote_total")).toDouble();
    r.congestion = end.value(QStringLiteral("sender_tcp_congestion")).toString();
    if (r.sentBitsPerSecond == 0 && r.receivedBitsPerSecond == 0)
        return makeError(ErrorCode::Parse,
                         Iperf3Text::tr("iperf3 report has no throughput summary"));
    return r;
}

QJsonObject iperf3ToJson(const Iperf3Result &r)
{
    QJsonObject o {{QStringLiteral("tool"), QStringLiteral("iperf3")},
                   {QStringLiteral("version"), r.version},
                   {QStringLiteral("protocol"), r.protocol},
                   {QStringLiteral("streams"), r.streams},
                   {QStringLiteral("duration_seconds"), r.durationSeconds},
                   {QStringLiteral("sent_bits_per_second"), r.sentBitsPerSecond},
                   {QStringLiteral("received_bits_per_second"), r.receivedBitsPerSecond},
                   {QStringLiteral("sent_gbps"), r.sentBitsPerSecond / 1e9},
                   {QStringLiteral("received_gbps"), r.receivedBitsPerSecond / 1e9},
                   {QStringLiteral("sent_bytes"), double(r.sentBytes)},
                   {QStringLiteral("received_bytes"), double(r.receivedBytes)},
                   {QStringLiteral("intervals"), r.intervals}};
    if (r.retransmits)
        o.insert(QStringLiteral("retransmits"), double(*r.retransmits));
    if (r.meanRttUs)
        o.insert(QStringLiteral("mean_rtt_usec"), *r.meanRttUs);
    if (r.jitterMs)
        o.insert(QStringLiteral("jitter_ms"), *r.jitterMs);
    if (r.lostPercent)
        o.insert(QStringLiteral("lost_percent"), *r.lostPercent);
    if (r.cpuHostPercent)
        o.insert(QStringLiteral("cpu_host_percent"), *r.cpuHostPercent);
    if (r.cpuRemotePercent)
        o.insert(QStringLiteral("cpu_remote_percent"), *r.cpuRemotePercent);
    if (!r.congestion.isEmpty())
        o.insert(QStringLiteral("tcp_congestion"), r.congestion);
    return o;
}

}  // namespace roce::parsers
