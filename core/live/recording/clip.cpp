#include "live/recording/clip.h"

#include "live/recording/recordingfile.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QHash>

namespace roce::recording {

namespace {

class ClipText
{
    Q_DECLARE_TR_FUNCTIONS(ClipText)
};

}  // namespace

Result<ClipStats> writeClip(const RecordingReader &reader, qint64 fromMs, qint64 toMs,
                            const QString &path)
{
    if (toMs < fromMs)
        return Error {ErrorCode::InvalidArgument, ClipText::tr("the clip ends before it starts")};
    QJsonObject meta = reader.meta();
    meta.insert(QStringLiteral("created_ms"), double(QDateTime::currentMSecsSinceEpoch()));
    meta.insert(QStringLiteral("clip_of"), QFileInfo(reader.files().value(0)).fileName());
    meta.insert(QStringLiteral("clip_from_ms"), double(fromMs));
    meta.insert(QStringLiteral("clip_to_ms"), double(toMs));
    auto created = RecordingFileWriter::create(path, meta);
    if (!created)
        return created.error();
    RecordingFileWriter &out = **created;
    ClipStats stats;

    // The shape and scenario in force at the start, then what happened in the range; the
    // annotations that overlap it, wherever they were written.
    QList<RecordedEvent> events;
    QHash<QString, RecordedEvent> inForce;
    for (const RecordedEvent &e : reader.events()) {
        const bool sticky = e.type == QLatin1String("layout")
            || e.type == QLatin1String("leafspine") || e.type == QLatin1String("scenario");
        if (e.type == QLatin1String("annotation") || e.type == QLatin1String("annotation_removed"))
            continue;
        if (e.ms < fromMs && sticky)
            inForce.insert(e.type, RecordedEvent {fromMs, e.type, e.body});
        else if (e.ms >= fromMs && e.ms <= toMs)
            events.append(e);
    }
    QList<RecordedEvent> opening = inForce.values();
    for (const Annotation &a : reader.annotations())
        if (a.overlaps(fromMs, toMs))
            opening.append({fromMs, QStringLiteral("annotation"), annotationToJson(a)});
    auto write = [&](BlockType type, qint64 first, qint64 last, const QByteArray &raw) {
        auto ok = out.write(type, first, last, raw);
        return ok;
    };
    if (!opening.isEmpty()) {
        if (auto ok = write(BlockType::Events, fromMs, fromMs, encodeEvents(opening)); !ok)
            return ok.error();
        stats.events += opening.size();
    }
    // One block a second of ticks, as the recorder writes them, with the range's events
    // interleaved where they fall.
    QList<RecordedTick> pending;
    qsizetype nextEvent = 0;
    auto flush = [&]() -> Result<void> {
        if (pending.isEmpty())
            return {};
        const qint64 last = pending.last().ms;
        if (auto ok = write(BlockType::Ticks, pending.first().ms, last, encodeTicks(pending)); !ok)
            return ok;
        stats.ticks += pending.size();
        pending.clear();
        QList<RecordedEvent> due;
        while (nextEvent < events.size() && events.at(nextEvent).ms <= last)
            due.append(events.at(nextEvent++));
        if (!due.isEmpty()) {
            if (auto ok
                = write(BlockType::Events, due.first().ms, due.last().ms, encodeEvents(due));
                !ok)
                return ok;
            stats.events += due.size();
        }
        return {};
    };
    for (int b = reader.tickBlockAt(fromMs);
         b < reader.tickBlockCount() && reader.tickBlockFirstMs(b) <= toMs; ++b) {
        for (RecordedTick &t : reader.tickBlock(b)) {
            if (t.ms < fromMs || t.ms > toMs)
                continue;
            if (!pending.isEmpty() && t.ms - pending.first().ms >= 1000)
                if (auto ok = flush(); !ok)
                    return ok.error();
            pending.append(std::move(t));
        }
    }
    if (auto ok = flush(); !ok)
        return ok.error();
    if (nextEvent < events.size()) {
        const QList<RecordedEvent> rest = events.mid(nextEvent);
        if (auto ok = write(BlockType::Events, rest.first().ms, rest.last().ms, encodeEvents(rest));
            !ok)
            return ok.error();
        stats.events += rest.size();
    }
    if (auto ok = out.sync(); !ok)
        return ok.error();
    stats.bytes = out.bytes();
    return stats;
}

}  // namespace roce::recording
