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
#include <optional>
#include <utility>
#include <vector>

namespace roce::recording {

/// A part of a recording that could not be read: a block cut short by a crash or a power cut
/// at the end of a file, damaged bytes in the middle (skipped up to the next good block), or a
/// whole block whose times cannot be (see checkBlockTimes and RecordingReader).
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
///
/// Times are damage too when they cannot be: a block or event outside the console clock's
/// window (TimeWindow::consoleClock, taken when opening), a tick outside its block, and a
/// ticks block out of time order in its file (see keepInTimeOrder()).
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
    /// A block of the file being scanned found damaged, reported once the file's tick
    /// blocks are known (the good times around it).
    struct Rejected {
        qint64 offset = 0;  ///< of its header
        qint64 bytes = 0;
        QString what;
    };
    RecordingReader() = default;
    Result<void> scanFile(int index);
    /// Reads a Meta or Events block of the file being scanned (they are small and wanted now).
    void readSmallBlock(const Block &block, const QString &path, bool *sawMeta,
                        QList<Rejected> *rejected);
    /// Not a whole block at @p pos: skips to the next header that checks out and records what
    /// was lost; returns where scanning goes on.
    qint64 skipDamage(int index, qint64 pos, std::optional<BlockHeader> header, qint64 lastGoodMs);
    /// The first whole block (its header checks out, its payload is in the file) of file
    /// @p index at or after @p from: where it starts and its header.
    std::optional<std::pair<qint64, BlockHeader>> nextWholeBlock(int index, qint64 from) const;
    /// Takes the tick blocks of one file (m_ticks from @p firstTick, in file order) that are
    /// out of time order out of m_ticks, into @p rejected.
    void keepInTimeOrder(std::size_t firstTick, QList<Rejected> *rejected);
    /// Adds @p rejected of file @p index to the damage, between the good tick blocks around
    /// each (m_ticks from @p firstTick).
    void reportRejected(int index, std::size_t firstTick, const QList<Rejected> &rejected);
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
    TimeWindow m_console;  ///< the console clock's times, as of opening
    qint64 m_startMs = 0, m_endMs = 0;
};

}  // namespace roce::recording
