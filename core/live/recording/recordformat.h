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

quint32 crc32Of(QByteArrayView bytes);

}  // namespace roce::recording
Q_DECLARE_METATYPE(roce::recording::RecordedEvent)
