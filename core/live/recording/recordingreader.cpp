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

}  // namespace

QString Damage::describe() const
{
    const QString where = ReaderText::tr("%1: %2 bytes at offset %3 (%4)")
                              .arg(QFileInfo(file).fileName())
                              .arg(bytes)
                              .arg(offset)
                              .arg(what);
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
    if (auto ok = checkFileHeader(QByteArrayView(data, std::min<qint64>(m.size, 16))); !ok)
        return Error {ok.error().code, path + QStringLiteral(": ") + ok.error().message};
    qint64 pos = format::kFileHeaderBytes;
    qint64 lastGoodMs = 0;
    bool sawMeta = false;
    while (pos < m.size) {
        const auto header
            = parseBlockHeader(QByteArrayView(data + pos, std::min<qint64>(m.size - pos, 40)));
        if (header && pos + format::kBlockHeaderBytes + header->storedBytes <= m.size) {
            const Block block {index, pos + format::kBlockHeaderBytes, *header};
            pos = block.offset + header->storedBytes;
            if (header->type == BlockType::Ticks) {
                m_ticks.push_back(block);
                lastGoodMs = header->lastMs;
                continue;
            }
            // Meta and events are small and wanted at once: read them now.
            auto raw = payload(block);
            if (!raw) {
                m_damage.append({path, block.offset - format::kBlockHeaderBytes,
                                 header->storedBytes + format::kBlockHeaderBytes, lastGoodMs,
                                 header->firstMs, raw.error().message});
                continue;
            }
            if (header->type == BlockType::Meta) {
                if (!sawMeta && m_meta.isEmpty())
                    m_meta = QJsonDocument::fromJson(*raw).object();
                sawMeta = true;
                continue;
            }
            auto events = decodeEvents(*raw);
            if (!events) {
                m_damage.append({path, block.offset - format::kBlockHeaderBytes,
                                 header->storedBytes + format::kBlockHeaderBytes, lastGoodMs,
                                 header->firstMs, events.error().message});
                continue;
            }
            m_events.append(*events);
            continue;
        }
        // Not a whole block here: cut short (the end of the file) or damaged. Look for the
        // next header that checks out; what lies between is lost.
        const bool cutShort = header.has_value();
        qint64 next = pos + 1;
        std::optional<BlockHeader> found;
        const char magic[4] = {'R', 'F', 'B', '1'};
        while (next + format::kBlockHeaderBytes <= m.size) {
            const void *hit = memmem(data + next, std::size_t(m.size - next), magic, 4);
            if (!hit)
                break;
            next = static_cast<const char *>(hit) - data;
            found = parseBlockHeader(
                QByteArrayView(data + next, std::min<qint64>(m.size - next, 40)));
            if (found && next + format::kBlockHeaderBytes + found->storedBytes <= m.size)
                break;
            found.reset();
            ++next;
        }
        const qint64 end = found ? next : m.size;
        m_damage.append({path, pos, end - pos, lastGoodMs, found ? found->firstMs : 0,
                         cutShort && !found ? ReaderText::tr("the last block was cut short")
                                            : ReaderText::tr("damaged bytes")});
        pos = end;
    }
    return {};
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
    if (!ticks) {
        const QString file = m_files[std::size_t(block.file)].file->fileName();
        const qint64 offset = block.offset - format::kBlockHeaderBytes;
        QMutexLocker locker(&m_damageLock);
        const bool known = std::any_of(m_damage.cbegin(), m_damage.cend(), [&](const Damage &d) {
            return d.file == file && d.offset == offset;
        });
        if (!known)
            m_damage.append({file, offset, block.header.storedBytes + format::kBlockHeaderBytes,
                             block.header.firstMs, block.header.lastMs, ticks.error().message});
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
