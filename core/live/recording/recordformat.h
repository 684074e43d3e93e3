#pragma once

#include "live/hub/livefabric.h"
#include "proto/common/result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace roce::recording {

/// One tick of the live model as it ran: when, and the inputs it applied in that order. A
/// replay that posts them again into a hub and ticks at the same time computes the same ports,
/// alerts, events and history.
struct RecordedTick {
    qint64 ms = 0;  ///< console clock of the tick
    QList<live::LiveFabric::Input> inputs;
};

/// Everything on the time axis that is not a tick: "alert" (raised or cleared), "annotation"
/// and "annotation_removed", "scenario", "job", "job_output", "job_end", "layout",
/// "leafspine", "note". Its body is JSON (documented in README, "Recordings").
struct RecordedEvent {
    qint64 ms = 0;
    QString type;
    QJsonObject body;
};

/// A recording file ("*.rfr"): a 16-byte file header ("ROCEREC1", version) and then blocks,
/// each a 40-byte header (its own CRC, the payload's CRC and size, its first and last time)
/// and a payload (zlib). Only ever appended to: a block is written whole and then synced, so
/// kill -9 or a power cut loses at most the block being written, and a reader recognises a
/// cut or damaged block by its CRCs, skips it and finds the next good one by its magic.
namespace format {
inline constexpr char kFileMagic[9] = "ROCEREC1";
inline constexpr int kFileHeaderBytes = 16;
inline constexpr quint32 kVersion = 1;
inline constexpr quint32 kBlockMagic = 0x31424652;  ///< "RFB1" little-endian
inline constexpr int kBlockHeaderBytes = 40;
/// No block is larger than this, raw or stored: a length beyond it is damage, not data.
inline constexpr quint32 kMaxBlockBytes = 256u << 20;
/// The earliest time on the console's clock a recording holds: 2000-01-01T00:00:00Z. This
/// program dates from 2026, and a clock earlier than 2000 was never set (it reads 1970).
inline constexpr qint64 kEarliestMs = 946'684'800'000;
/// The latest: a day after the reader's own clock. A recording is read after it is written;
/// the day is for a writer whose clock ran ahead of the reader's (a hardware clock kept in local
/// time is at most 14 h off).
inline constexpr qint64 kFutureSlackMs = 24ll * 3600 * 1000;
/// The last millisecond of the year 9999: the most any clock says (a source's own clock is
/// not the console's and may say anything from 1970 on: a device that was never set, or a
/// monotonic clock).
inline constexpr qint64 kLastClockMs = 253'402'300'799'999;
}  // namespace format

enum class BlockType : quint8 { Meta = 1, Ticks = 2, Events = 3 };

struct BlockHeader {
    BlockType type = BlockType::Ticks;
    bool compressed = false;
    quint32 storedBytes = 0;  ///< payload bytes in the file
    quint32 rawBytes = 0;     ///< payload bytes once inflated
    quint32 payloadCrc = 0;
    qint64 firstMs = 0, lastMs = 0;
};

/// The times a clock can say in a recording: [earliestMs, latestMs], both included.
struct TimeWindow {
    qint64 earliestMs = 0;
    qint64 latestMs = format::kLastClockMs;

    /// The console's clock, read at @p nowMs: [kEarliestMs, nowMs + kFutureSlackMs].
    static TimeWindow consoleClock(qint64 nowMs);
    bool contains(qint64 ms) const { return ms >= earliestMs && ms <= latestMs; }
};

QByteArray fileHeader();
/// Whether @p bytes (at least kFileHeaderBytes) start a recording this code reads.
Result<void> checkFileHeader(QByteArrayView bytes);

/// The block (header and payload) for @p raw, deflated when that is smaller.
QByteArray frameBlock(BlockType type, qint64 firstMs, qint64 lastMs, QByteArrayView raw);
/// Reads a block header; nullopt when @p bytes (kBlockHeaderBytes) are not one (wrong magic,
/// CRC, type or sizes).
std::optional<BlockHeader> parseBlockHeader(QByteArrayView bytes);
/// The raw payload of a block from its stored bytes: CRC checked, inflated.
Result<QByteArray> blockPayload(const BlockHeader &header, QByteArrayView stored);

QByteArray encodeTicks(const QList<RecordedTick> &ticks);
class StringPool;
/// Decodes a ticks payload; with @p pool, its strings and port ids come from (and go to) the
/// pool shared by the recording's blocks.
Result<QList<RecordedTick>> decodeTicks(QByteArrayView raw, StringPool *pool = nullptr);
QByteArray encodeEvents(const QList<RecordedEvent> &events);
Result<QList<RecordedEvent>> decodeEvents(QByteArrayView raw);

/// Times are checked apart from the checksums: a block can be whole and still say a time that
/// cannot be (a crafted file, or a writer's bug), and such a block is damage as a bad checksum
/// is. Its first and last time must lie in @p console (the console's clock, see
/// TimeWindow::consoleClock). A Meta block's time is not on the timeline and is not checked.
Result<void> checkBlockTimes(const BlockHeader &header, const TimeWindow &console);
/// A ticks block's ticks follow each other from its first time to its last (the writer takes
/// both from them), and each input's console time lies in @p console; a source's own time
/// (a frame's takenMs) lies in TimeWindow {} (any clock).
Result<void> checkTickTimes(const QList<RecordedTick> &ticks, const BlockHeader &header,
                            const TimeWindow &console);
/// Every event's time lies in @p console. Events are not in time order: an annotation is
/// appended later about any earlier time, and a segment opens with the shape in force.
Result<void> checkEventTimes(const QList<RecordedEvent> &events, const TimeWindow &console);

quint32 crc32Of(QByteArrayView bytes);

}  // namespace roce::recording
Q_DECLARE_METATYPE(roce::recording::RecordedEvent)
