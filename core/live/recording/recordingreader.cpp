#include "live/recording/recordingreader.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

#include <algorithm>
#include <cstring>

namespace roce::recording {

namespace {

class ReaderText
{
    Q_DECLARE_TR_FUNCTIONS(ReaderText)
};

QString timeText(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(Qt::ISODateWithMs);
}

/// A tick block's first and last time.
struct Span {
    qint64 first = 0;
    qint64 last = 0;
};

/// For each of @p spans (in file order), how many blocks the longest run in time order that
/// ends with it has: in a run, each block starts at or after the one before it ends. The
/// patience method, O(n log n): a file of a day at a block a second is 86,400 blocks.
std::vector<int> longestRunsEndingAt(const std::vector<Span> &spans)
{
    std::vector<int> length(spans.size());
    std::vector<qint64> tails;  // tails[k]: the earliest end of a run of k + 1 blocks
    for (std::size_t i = 0; i < spans.size(); ++i) {
        const auto k = std::size_t(std::upper_bound(tails.begin(), tails.end(), spans[i].first)
                                   - tails.begin());
        length[i] = int(k) + 1;
        if (k == tails.size())
            tails.push_back(spans[i].last);
        else
            tails[k] = std::min(tails[k], spans[i].last);
    }
    return length;
}

/// Which of one file's tick blocks (in file order) are in time order: a longest run of them
/// in time order is kept, the rest is damage. The writer appends a block a second on the
/// console's clock, so in one file each starts at or after the one before it ends (equal
/// times included). Comparing each block only with the last good one before it would let one
/// block with a late time make every block after it look early; the longest run leaves out
/// only the fewest blocks that break the order. Where runs are equally long (an odd block
/// next to the first or last good one), the one that ends earliest and starts latest is kept
/// (an impossible time stretches the recording), else the earlier blocks of the file.
///
/// Not a bound on the gaps: a gap in a file is real (the console's computer asleep for a
/// weekend goes on in the same segment, and a clip of a directory spans its segments' gaps),
/// and a first or last block with a valid but wrong time cannot be told from one; the window
/// of checkBlockTimes is the bound there.
std::vector<bool> inTimeOrder(const std::vector<Span> &spans)
{
    const std::size_t n = spans.size();
    const std::vector<int> ending = longestRunsEndingAt(spans);
    // Backwards in the file with the times negated: the longest runs starting at each block.
    std::vector<Span> mirrored(n);
    for (std::size_t i = 0; i < n; ++i)
        mirrored[n - 1 - i] = {-spans[i].last, -spans[i].first};
    const std::vector<int> backwards = longestRunsEndingAt(mirrored);
    const int longest = n == 0 ? 0 : *std::max_element(ending.begin(), ending.end());
    // The blocks on some longest run, by their place in it, in file order.
    std::vector<std::vector<std::size_t>> candidates(std::size_t(longest) + 1);
    for (std::size_t i = 0; i < n; ++i)
        if (ending[i] + backwards[n - 1 - i] - 1 == longest)
            candidates[std::size_t(ending[i])].push_back(i);
    // One run, from its last place to its first.
    std::vector<bool> keep(n, false);
    std::optional<std::size_t> next;
    for (int place = longest; place >= 1; --place) {
        std::optional<std::size_t> chosen;
        for (std::size_t i : candidates[std::size_t(place)]) {
            if (next && i > *next)
                break;  // in file order: the rest come after the block chosen after them
            if (next && spans[i].last > spans[*next].first)
                continue;  // does not precede it in time
            const bool better = !chosen || (place == 1 && spans[i].first > spans[*chosen].first)
                || (place == longest && place > 1 && spans[i].last < spans[*chosen].last);
            if (better)
                chosen = i;
        }
        // A block on a longest run is preceded by one of the place before: there is one.
        if (!chosen)
            break;
        keep[*chosen] = true;
        next = chosen;
    }
    return keep;
}

}  // namespace

QString Damage::describe() const
{
    const QString where = ReaderText::tr("%1: %2 bytes at offset %3 (%4)")
                              .arg(QFileInfo(file).fileName())
                              .arg(bytes)
                              .arg(offset)
                              .arg(what);
    if (afterMs > 0 && afterMs == resumeMs)
        return ReaderText::tr("%1 are lost at %2").arg(where, timeText(afterMs));
    if (resumeMs == 0)
        return afterMs > 0
            ? ReaderText::tr("%1 are lost; the file ends after %2").arg(where, timeText(afterMs))
            : ReaderText::tr("%1 are lost").arg(where);
    return afterMs > 0 ? ReaderText::tr("%1 are lost between %2 and %3")
                             .arg(where, timeText(afterMs), timeText(resumeMs))
                       : ReaderText::tr("%1 are lost before %2").arg(where, timeText(resumeMs));
}

RecordingReader::~RecordingReader() = default;

Result<std::unique_ptr<RecordingReader>> RecordingReader::open(const QString &pathOrDirectory)
{
    const QFileInfo info(pathOrDirectory);
    QStringList paths;
    if (info.isDir()) {
        // The recorder names segments by their start time: name order is time order.
        for (const QFileInfo &f :
             QDir(pathOrDirectory)
                 .entryInfoList({QStringLiteral("*.rfr")}, QDir::Files, QDir::Name))
            paths.append(f.filePath());
        if (paths.isEmpty())
            return Error {ErrorCode::NotFound,
                          ReaderText::tr("%1 holds no recordings (*.rfr)").arg(pathOrDirectory)};
    } else if (!info.exists()) {
        return Error {ErrorCode::NotFound,
                      ReaderText::tr("%1: no such recording").arg(pathOrDirectory)};
    } else {
        paths.append(pathOrDirectory);
    }
    std::unique_ptr<RecordingReader> r(new RecordingReader);
    r->m_console = TimeWindow::consoleClock(QDateTime::currentMSecsSinceEpoch());
    for (const QString &path : paths) {
        MappedFile m;
        m.file = std::make_unique<QFile>(path);
        if (!m.file->open(QIODevice::ReadOnly))
            return Error {ErrorCode::Io,
                          ReaderText::tr("cannot open %1: %2").arg(path, m.file->errorString())};
        m.size = m.file->size();
        if (m.size > 0) {
            m.data = m.file->map(0, m.size);
            if (!m.data)
                return Error {
                    ErrorCode::Io,
                    ReaderText::tr("cannot read %1: %2").arg(path, m.file->errorString())};
        }
        r->m_files.push_back(std::move(m));
        if (auto ok = r->scanFile(int(r->m_files.size()) - 1); !ok) {
            // One unreadable segment of a directory does not hide the others.
            if (paths.size() == 1)
                return ok.error();
            r->m_damage.append({path, 0, r->m_files.back().size, 0, 0, ok.error().message});
        }
    }
    std::stable_sort(r->m_ticks.begin(), r->m_ticks.end(), [](const Block &a, const Block &b) {
        return a.header.firstMs < b.header.firstMs;
    });
    std::stable_sort(r->m_events.begin(), r->m_events.end(),
                     [](const RecordedEvent &a, const RecordedEvent &b) { return a.ms < b.ms; });
    if (!r->m_ticks.empty()) {
        r->m_startMs = r->m_ticks.front().header.firstMs;
        for (const Block &b : r->m_ticks)
            r->m_endMs = std::max(r->m_endMs, b.header.lastMs);
    }
    for (const RecordedEvent &e : std::as_const(r->m_events)) {
        if (e.type == QLatin1String("annotation"))
            continue;  // written later, about any time: not what the recording spans
        r->m_startMs = r->m_startMs == 0 ? e.ms : std::min(r->m_startMs, e.ms);
        r->m_endMs = std::max(r->m_endMs, e.ms);
    }
    return r;
}

Result<void> RecordingReader::scanFile(int index)
{
    const MappedFile &m = m_files[std::size_t(index)];
    const QString path = m.file->fileName();
    const char *data = reinterpret_cast<const char *>(m.data);
    if (auto ok = checkFileHeader(QByteArrayView(data, std::min<qint64>(m.size, 16))); !ok) {
        // A later format is refused by its version. A header that is not one (a flipped bit,
        // a zeroed page) in front of whole blocks of this format is damage: it must not lose
        // the recording behind it.
        if (ok.error().code != ErrorCode::Parse || !nextWholeBlock(index, format::kFileHeaderBytes))
            return Error {ok.error().code, path + QStringLiteral(": ") + ok.error().message};
        m_damage.append({path, 0, format::kFileHeaderBytes, 0, 0,
                         ReaderText::tr("a damaged file header: %1").arg(ok.error().message)});
    }
    const std::size_t firstTick = m_ticks.size();
    const qsizetype firstDamage = m_damage.size();
    QList<Rejected> rejected;
    qint64 pos = format::kFileHeaderBytes;
    qint64 lastGoodMs = 0;
    bool sawMeta = false;
    while (pos < m.size) {
        const auto header
            = parseBlockHeader(QByteArrayView(data + pos, std::min<qint64>(m.size - pos, 40)));
        if (!header || pos + format::kBlockHeaderBytes + header->storedBytes > m.size) {
            pos = skipDamage(index, pos, header, lastGoodMs);
            continue;
        }
        const Block block {index, pos + format::kBlockHeaderBytes, *header};
        pos = block.offset + header->storedBytes;
        // Whole, and its checksums right, but a time that cannot be: damage all the same.
        if (auto ok = checkBlockTimes(*header, m_console); !ok) {
            rejected.append({block.offset - format::kBlockHeaderBytes,
                             header->storedBytes + format::kBlockHeaderBytes, ok.error().message});
            continue;
        }
        if (header->type == BlockType::Ticks) {
            m_ticks.push_back(block);
            lastGoodMs = header->lastMs;
            continue;
        }
        readSmallBlock(block, path, &sawMeta, &rejected);
    }
    keepInTimeOrder(firstTick, &rejected);
    reportRejected(index, firstTick, rejected);
    // The file's damage in the order of the file.
    std::stable_sort(m_damage.begin() + firstDamage, m_damage.end(),
                     [](const Damage &a, const Damage &b) { return a.offset < b.offset; });
    return {};
}

void RecordingReader::readSmallBlock(const Block &block, const QString &path, bool *sawMeta,
                                     QList<Rejected> *rejected)
{
    const BlockHeader &header = block.header;
    const qint64 offset = block.offset - format::kBlockHeaderBytes;
    const qint64 bytes = header.storedBytes + format::kBlockHeaderBytes;
    auto raw = payload(block);
    // Its header is whole: what is lost is what it held, from its first time to its last (the
    // last tick before it in the file may well be later than its first event).
    if (!raw) {
        m_damage.append({path, offset, bytes, header.firstMs, header.lastMs, raw.error().message});
        return;
    }
    if (header.type == BlockType::Meta) {
        if (!*sawMeta && m_meta.isEmpty())
            m_meta = QJsonDocument::fromJson(*raw).object();
        *sawMeta = true;
        return;
    }
    auto events = decodeEvents(*raw);
    if (!events) {
        m_damage.append(
            {path, offset, bytes, header.firstMs, header.lastMs, events.error().message});
        return;
    }
    if (auto ok = checkEventTimes(*events, m_console); !ok) {
        rejected->append({offset, bytes, ok.error().message});
        return;
    }
    m_events.append(*events);
}

qint64 RecordingReader::skipDamage(int index, qint64 pos, std::optional<BlockHeader> header,
                                   qint64 lastGoodMs)
{
    // Not a whole block here: cut short (the end of the file) or damaged. Look for the
    // next header that checks out; what lies between is lost.
    const MappedFile &m = m_files[std::size_t(index)];
    const bool cutShort = header.has_value();
    const std::optional<std::pair<qint64, BlockHeader>> next = nextWholeBlock(index, pos + 1);
    const std::optional<BlockHeader> found
        = next ? std::optional<BlockHeader>(next->second) : std::nullopt;
    const qint64 end = next ? next->first : m.size;
    // The next header's time only when it can be one (else it is itself damage).
    const qint64 resumeMs
        = found && checkBlockTimes(*found, m_console) ? found->firstMs : qint64(0);
    m_damage.append({m.file->fileName(), pos, end - pos, lastGoodMs, resumeMs,
                     cutShort && !found ? ReaderText::tr("the last block was cut short")
                                        : ReaderText::tr("damaged bytes")});
    return end;
}

std::optional<std::pair<qint64, BlockHeader>> RecordingReader::nextWholeBlock(int index,
                                                                              qint64 from) const
{
    const MappedFile &m = m_files[std::size_t(index)];
    const char *data = reinterpret_cast<const char *>(m.data);
    const char magic[4] = {'R', 'F', 'B', '1'};
    for (qint64 next = from; next + format::kBlockHeaderBytes <= m.size; ++next) {
        const void *hit = memmem(data + next, std::size_t(m.size - next), magic, 4);
        if (!hit)
            break;
        next = static_cast<const char *>(hit) - data;
        const auto found
            = parseBlockHeader(QByteArrayView(data + next, std::min<qint64>(m.size - next, 40)));
        if (found && next + format::kBlockHeaderBytes + found->storedBytes <= m.size)
            return std::pair {next, *found};
    }
    return std::nullopt;
}

void RecordingReader::keepInTimeOrder(std::size_t firstTick, QList<Rejected> *rejected)
{
    const std::size_t n = m_ticks.size() - firstTick;
    std::vector<Span> spans(n);
    for (std::size_t i = 0; i < n; ++i)
        spans[i] = {m_ticks[firstTick + i].header.firstMs, m_ticks[firstTick + i].header.lastMs};
    const std::vector<bool> keep = inTimeOrder(spans);
    // Each block left out breaks the order with a kept block next to it (else the run with
    // it would be longer): the one before it ends after it starts, or the one after it
    // starts before it ends.
    std::vector<std::optional<std::size_t>> keptBefore(n), keptAfter(n);
    for (std::size_t i = 1; i < n; ++i)
        keptBefore[i] = keep[i - 1] ? std::optional<std::size_t>(i - 1) : keptBefore[i - 1];
    for (std::size_t i = n; i-- > 1;)
        keptAfter[i - 1] = keep[i] ? std::optional<std::size_t>(i) : keptAfter[i];
    std::size_t kept = firstTick;
    for (std::size_t i = 0; i < n; ++i) {
        const Block &block = m_ticks[firstTick + i];
        if (keep[i]) {
            m_ticks[kept++] = block;
            continue;
        }
        const std::optional<std::size_t> before = keptBefore[i], after = keptAfter[i];
        const QString what = before && spans[i].first < spans[*before].last
            ? ReaderText::tr("block damaged (out of time order: it starts at %1, before the "
                             "block before it ends at %2)")
                  .arg(timeText(spans[i].first), timeText(spans[*before].last))
            : ReaderText::tr("block damaged (out of time order: it ends at %1, after the block "
                             "after it starts at %2)")
                  .arg(timeText(spans[i].last),
                       timeText(after ? spans[*after].first : spans[i].last));
        rejected->append({block.offset - format::kBlockHeaderBytes,
                          block.header.storedBytes + format::kBlockHeaderBytes, what});
    }
    m_ticks.resize(kept);
}

void RecordingReader::reportRejected(int index, std::size_t firstTick,
                                     const QList<Rejected> &rejected)
{
    const QString path = m_files[std::size_t(index)].file->fileName();
    const auto first = m_ticks.begin() + qsizetype(firstTick);
    for (const Rejected &r : rejected) {
        // The file's good tick blocks around it (in file order).
        const auto next
            = std::lower_bound(first, m_ticks.end(), r.offset,
                               [](const Block &b, qint64 offset) { return b.offset < offset; });
        const qint64 afterMs = next == first ? 0 : std::prev(next)->header.lastMs;
        const qint64 resumeMs = next == m_ticks.end() ? 0 : next->header.firstMs;
        m_damage.append({path, r.offset, r.bytes, afterMs, resumeMs, r.what});
    }
}

Result<QByteArray> RecordingReader::payload(const Block &block) const
{
    const MappedFile &m = m_files[std::size_t(block.file)];
    return blockPayload(block.header,
                        QByteArrayView(reinterpret_cast<const char *>(m.data) + block.offset,
                                       qsizetype(block.header.storedBytes)));
}

QList<Damage> RecordingReader::damage() const
{
    QMutexLocker locker(&m_damageLock);
    return m_damage;
}

QStringList RecordingReader::files() const
{
    QStringList out;
    for (const MappedFile &m : m_files)
        out.append(m.file->fileName());
    return out;
}

qint64 RecordingReader::bytes() const
{
    qint64 total = 0;
    for (const MappedFile &m : m_files)
        total += m.size;
    return total;
}

QList<Annotation> RecordingReader::annotations() const
{
    QList<Annotation> out;
    for (const RecordedEvent &e : m_events) {
        if (e.type == QLatin1String("annotation")) {
            if (auto a = annotationFromJson(e.body)) {
                out.erase(std::remove_if(out.begin(), out.end(),
                                         [&a](const Annotation &o) { return o.id == a->id; }),
                          out.end());
                out.append(*a);
            }
        } else if (e.type == QLatin1String("annotation_removed")) {
            const qint64 id = e.body.value(QStringLiteral("id")).toInteger();
            out.erase(std::remove_if(out.begin(), out.end(),
                                     [id](const Annotation &o) { return o.id == id; }),
                      out.end());
        }
    }
    std::sort(out.begin(), out.end(),
              [](const Annotation &a, const Annotation &b) { return a.fromMs < b.fromMs; });
    return out;
}

int RecordingReader::tickBlockAt(qint64 ms) const
{
    const auto it = std::lower_bound(m_ticks.begin(), m_ticks.end(), ms,
                                     [](const Block &b, qint64 t) { return b.header.lastMs < t; });
    return int(it - m_ticks.begin());
}

QList<RecordedTick> RecordingReader::tickBlock(int index) const
{
    if (index < 0 || index >= tickBlockCount())
        return {};
    const Block &block = m_ticks[std::size_t(index)];
    auto raw = payload(block);
    Result<QList<RecordedTick>> ticks
        = raw ? decodeTicks(*raw, &m_strings) : Result<QList<RecordedTick>>(raw.error());
    if (ticks)
        if (auto ok = checkTickTimes(*ticks, block.header, m_console); !ok)
            ticks = ok.error();
    if (!ticks) {
        const QString file = m_files[std::size_t(block.file)].file->fileName();
        const qint64 offset = block.offset - format::kBlockHeaderBytes;
        QMutexLocker locker(&m_damageLock);
        const bool known = std::any_of(m_damage.cbegin(), m_damage.cend(), [&](const Damage &d) {
            return d.file == file && d.offset == offset;
        });
        // Its ticks are lost: between the last tick before it and the first after it.
        const std::size_t i = std::size_t(index);
        const qint64 afterMs = i > 0 ? m_ticks[i - 1].header.lastMs : 0;
        const qint64 resumeMs = i + 1 < m_ticks.size() ? m_ticks[i + 1].header.firstMs : 0;
        if (!known)
            m_damage.append({file, offset, block.header.storedBytes + format::kBlockHeaderBytes,
                             afterMs, resumeMs, ticks.error().message});
        return {};
    }
    return *ticks;
}

QList<RecordedTick> RecordingReader::ticks(qint64 fromMs, qint64 toMs) const
{
    QList<RecordedTick> out;
    for (int b = tickBlockAt(fromMs); b < tickBlockCount() && tickBlockFirstMs(b) <= toMs; ++b)
        for (RecordedTick &t : tickBlock(b))
            if (t.ms >= fromMs && t.ms <= toMs)
                out.append(std::move(t));
    return out;
}

}  // namespace roce::recording
