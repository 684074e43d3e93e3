#include "proto/parsers/iperf3parser.h"

#include "proto/common/jsonfields.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace roce::parsers {

namespace {
class Iperf3Text
{
    Q_DECLARE_TR_FUNCTIONS(Iperf3Text)
};
}  // namespace

namespace {

/// iperf3's report is one JSON object, but what is saved around it is not always only that:
/// a "^C" echoed by the terminal, a warning iperf3 printed before it, a shell prompt after
/// it. The object starts at the first '{', and what was around it is kept in @p skipped to be
/// shown, never silently dropped.
Result<QJsonDocument> locateReport(const QByteArray &json, QStringList *skipped)
{
    QJsonParseError error {};
    QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error == QJsonParseError::NoError && doc.isObject())
        return doc;
    // The report is the first '{': iperf3 prints nothing with braces before it, and what a
    // terminal echoes ("^C", "^[[F") can sit on the same line.
    const qsizetype start = json.indexOf('{');
    const int startLine = int(json.left(std::max<qsizetype>(start, 0)).count('\n')) + 1;
    if (start < 0) {
        const QString head = QString::fromUtf8(json.left(60)).simplified();
        return makeError(ErrorCode::Parse,
                         Iperf3Text::tr("no JSON report in the output: iperf3 -J prints one "
                                        "object, and there is no '{' here; the output starts "
                                        "with \"%1\"")
                             .arg(head));
    }
    const QByteArray body = json.mid(start);
    doc = QJsonDocument::fromJson(body, &error);
    QByteArray after;
    if (error.error == QJsonParseError::GarbageAtEnd) {
        after = body.mid(error.offset).trimmed();
        doc = QJsonDocument::fromJson(body.left(error.offset), &error);
    }
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        const bool cut = error.offset >= body.trimmed().size();
        return makeError(
            ErrorCode::Parse,
            (cut ? Iperf3Text::tr("the JSON report that starts on line %1 ends before it is "
                                  "complete (%2 at byte %3): was the output cut short?")
                 : Iperf3Text::tr("the JSON report that starts on line %1 is not valid JSON "
                                  "(%2 at byte %3 of the report)"))
                .arg(startLine)
                .arg(error.errorString())
                .arg(error.offset));
    }
    for (const QByteArray &l : json.left(start).split('\n')) {
        if (!l.trimmed().isEmpty())
            skipped->append(QString::fromUtf8(l.trimmed()));
    }
    for (const QByteArray &l : after.split('\n')) {
        if (!l.trimmed().isEmpty())
            skipped->append(QString::fromUtf8(l.trimmed()));
    }
    return doc;
}

}  // namespace

Result<Iperf3Result> parseIperf3(const QByteArray &json)
{
    QStringList skipped;
    const auto located = locateReport(json, &skipped);
    if (!located)
        return located.error();
    const QJsonDocument &doc = *located;
    const QJsonObject root = doc.object();
    const QJsonObject start = root.value(QStringLiteral("start")).toObject();
    const QJsonObject end = root.value(QStringLiteral("end")).toObject();
    // An interrupted run ("interrupt - the client has terminated") still reports what it
    // measured until then: keep the figures and say it was cut. Any other error has none.
    const QString error = root.value(QStringLiteral("error")).toString();
    const bool measured = end.contains(QStringLiteral("sum_sent"))
        || end.contains(QStringLiteral("sum_received")) || end.contains(QStringLiteral("sum"));
    if (root.contains(QStringLiteral("error")) && !measured)
        return makeError(ErrorCode::Unreachable, QStringLiteral("iperf3: ") + error);
    if (end.isEmpty())
        return makeError(ErrorCode::Parse,
                         Iperf3Text::tr("iperf3 report has no \"end\" section (run cut short?)"));
    Iperf3Result r;
    r.skipped = skipped;
    r.error = error;
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
    if (!r.skipped.isEmpty())
        o.insert(QStringLiteral("skipped_text"), QJsonArray::fromStringList(r.skipped));
    if (!r.error.isEmpty())
        o.insert(QStringLiteral("error"), r.error);
    return o;
}

}  // namespace roce::parsers
