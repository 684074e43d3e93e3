#pragma once

#include "live/recording/annotation.h"
#include "live/recording/recordformat.h"
#include "live/recording/stringpool.h"
#include "proto/common/result.h"

#include <QFile>
#include <QJsonObject>
#include <QList>
#include <QMutex>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace roce::recording {

/// A part of a recording that could not be read: a block cut short by a crash or a power cut
/// at the end of a file, or damaged bytes in the middle (skipped up to the next good block).
struct Damage {
    QString file;
    qint64 offset = 0;    ///< where the unreadable bytes start
    qint64 bytes = 0;     ///< how many were skipped
    qint64 afterMs = 0;   ///< the last good time before them (0: none)
    qint64 resumeMs = 0;  ///< the first good time after them (0: none: the end of the file)
    QString what;
    QString describe() const;
};

/// Reads a recording: one file, or a directory of them (the always-on recorder's segments,
/// read as one timeline). Opening maps the files and reads only block headers, and the
/// events (alerts, annotations, scenarios, jobs, layouts); ticks are decoded on demand, so
/// opening and seeking a day-long recording stay fast. Damage does not stop it: the good
/// blocks before and after it are read, and damage() says what was lost. Reading is
/// thread-safe (a replay and a clip or summary on a worker thread may read at once).
class RecordingReader
{
public:
    static Result<std::unique_ptr<RecordingReader>> open(const QString &pathOrDirectory);
    ~RecordingReader();

    QStringList files() const;
    /// The first file's Meta block ({"format", "created_ms", "producer", "fabric", ...}).
    QJsonObject meta() const { return m_meta; }
    /// The recorded span (of ticks and events); 0, 0 when there is nothing.
    qint64 startMs() const { return m_startMs; }
    qint64 endMs() const { return m_endMs; }
    bool isEmpty() const { return m_ticks.empty(); }

    /// Every event, in time order (appended annotations included).
    const QList<RecordedEvent> &events() const { return m_events; }
    /// The annotations as they stand (removed ones gone), by time.
    QList<Annotation> annotations() const;
    /// What could not be read, found when opening and since (a block that fails its
    /// checksum only when decoded).
    QList<Damage> damage() const;

    /// Ticks with fromMs <= ms <= toMs, in order. Damaged blocks are skipped and added to
    /// damage().
    QList<RecordedTick> ticks(qint64 fromMs, qint64 toMs) const;
    /// Ticks blocks in time order: replay walks them one at a time.
    int tickBlockCount() const { return int(m_ticks.size()); }
    qint64 tickBlockFirstMs(int block) const { return m_ticks[std::size_t(block)].header.firstMs; }
    qint64 tickBlockLastMs(int block) const { return m_ticks[std::size_t(block)].header.lastMs; }
    /// The first block whose last tick is at or after @p ms (tickBlockCount(): none).
    int tickBlockAt(qint64 ms) const;
    /// The ticks of one block (empty when it is damaged; see damage()).
    QList<RecordedTick> tickBlock(int index) const;
    /// Bytes of all files.
    qint64 bytes() const;

private:
    struct Block {
        int file = 0;
        qint64 offset = 0;  ///< of the payload
        BlockHeader header;
    };
    RecordingReader() = default;
    Result<void> scanFile(int index);
    Result<QByteArray> payload(const Block &block) const;

    struct MappedFile {
        std::unique_ptr<QFile> file;
        const uchar *data = nullptr;
        qint64 size = 0;
    };
    std::vector<MappedFile> m_files;
    std::vector<Block> m_ticks;
    QJsonObject m_meta;
    QList<RecordedEvent> m_events;
    mutable StringPool m_strings;  ///< shared by the blocks decoded, on any thread
    mutable QMutex m_damageLock;   ///< a replay and a clip may decode at once
    mutable QList<Damage> m_damage;
    qint64 m_startMs = 0, m_endMs = 0;
};

}  // namespace roce::recording
