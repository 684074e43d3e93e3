#include "live/recording/recorder.h"

#include "live/hub/fabricframe.h"
#include "live/recording/recordingfile.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QMutex>
#include <QSysInfo>

#include <ctime>

namespace roce::recording {

namespace {

class RecorderText
{
    Q_DECLARE_TR_FUNCTIONS(RecorderText)
};

qint64 threadCpuNs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

bool sticky(const QString &type)
{
    return type == QLatin1String("layout") || type == QLatin1String("leafspine")
        || type == QLatin1String("scenario");
}

}  // namespace

/// The writer thread's side: the open file, segment rolling and retention. Only that thread
/// touches it, except stats (under the mutex).
class Recorder::Writer
{
public:
    explicit Writer(Options options) : m_options(std::move(options)) { }

    Result<void> open()
    {
        if (!m_options.file.isEmpty()) {
            auto w = RecordingFileWriter::create(m_options.file, metaNow());
            if (!w)
                return w.error();
            m_file = std::move(w).value();
            m_segmentStartMs = QDateTime::currentMSecsSinceEpoch();
            update([&](Stats &s) {
                s.currentFile = m_file->path();
                s.segments = 1;
                s.bytesWritten += m_file->bytes();
                s.bytesKept = m_file->bytes();
            });
            return {};
        }
        if (!QDir().mkpath(m_options.directory))
            return Error {ErrorCode::Io,
                          RecorderText::tr("cannot create the recordings "
                                           "directory %1")
                              .arg(m_options.directory)};
        return roll();
    }

    void write(const Batch &batch)
    {
        if (!m_error.isEmpty())
            return;
        const qint64 cpu0 = threadCpuNs();
        for (const RecordedEvent &e : batch.events)
            if (sticky(e.type)) {
                m_sticky.erase(
                    std::remove_if(m_sticky.begin(), m_sticky.end(),
                                   [&e](const RecordedEvent &s) { return s.type == e.type; }),
                    m_sticky.end());
                m_sticky.append(e);
            }
        Result<void> ok;
        const qint64 before = m_file ? m_file->bytes() : 0;
        if (!batch.ticks.isEmpty())
            ok = m_file->write(BlockType::Ticks, batch.ticks.first().ms, batch.ticks.last().ms,
                               encodeTicks(batch.ticks));
        if (ok && !batch.events.isEmpty())
            ok = m_file->write(BlockType::Events, batch.events.first().ms, batch.events.last().ms,
                               encodeEvents(batch.events));
        if (ok)
            ok = m_file->sync();
        const qint64 grown = m_file->bytes() - before;
        if (ok && !m_options.directory.isEmpty()
            && (m_file->bytes() >= m_options.segmentBytes
                || QDateTime::currentMSecsSinceEpoch() - m_segmentStartMs >= m_options.segmentMs))
            ok = roll();
        const qint64 cpu = threadCpuNs() - cpu0;
        update([&](Stats &s) {
            s.ticks += batch.ticks.size();
            s.bytesWritten += grown;
            s.bytesKept += grown;
            s.writerCpuNs += cpu;
            if (!ok)
                s.error = ok.error().message;
        });
        if (!ok)
            m_error = ok.error().message;
    }

    Stats stats() const
    {
        QMutexLocker locker(&m_statsLock);
        return m_stats;
    }

private:
    template <typename F> void update(F f)
    {
        QMutexLocker locker(&m_statsLock);
        f(m_stats);
    }

    QJsonObject metaNow() const
    {
        QJsonObject meta = m_options.meta;
        meta.insert(QStringLiteral("format"), QStringLiteral("roce-recording"));
        meta.insert(QStringLiteral("version"), int(format::kVersion));
        meta.insert(QStringLiteral("created_ms"), double(QDateTime::currentMSecsSinceEpoch()));
        if (!meta.contains(QStringLiteral("hostname")))
            meta.insert(QStringLiteral("hostname"), QSysInfo::machineHostName());
        return meta;
    }

    /// A new segment, named by its start (UTC), opening with the sticky events; then the
    /// oldest segments go until the rest fit the size and the age.
    Result<void> roll()
    {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const QString stem = m_options.directory + QLatin1Char('/')
            + now.toString(QStringLiteral("yyyyMMdd-HHmmss"));
        QString path = stem + QStringLiteral(".rfr");
        for (int n = 2; QFileInfo::exists(path); ++n)
            path = stem + QLatin1Char('-') + QString::number(n) + QStringLiteral(".rfr");
        auto w = RecordingFileWriter::create(path, metaNow());
        if (!w)
            return w.error();
        m_file = std::move(w).value();
        m_segmentStartMs = now.toMSecsSinceEpoch();
        if (!m_sticky.isEmpty()) {
            QList<RecordedEvent> opening = m_sticky;
            for (RecordedEvent &e : opening)
                e.ms = std::max(e.ms, m_segmentStartMs - 1);
            if (auto ok = m_file->write(BlockType::Events, opening.first().ms, opening.last().ms,
                                        encodeEvents(opening));
                !ok)
                return ok;
        }
        const qint64 bytes = m_file->bytes();
        prune(path);
        update([&](Stats &s) {
            s.currentFile = path;
            s.bytesWritten += bytes;
        });
        return {};
    }

    void prune(const QString &current)
    {
        QFileInfoList segments
            = QDir(m_options.directory)
                  .entryInfoList({QStringLiteral("*.rfr")}, QDir::Files, QDir::Name);
        qint64 total = 0;
        for (const QFileInfo &f : std::as_const(segments))
            total += f.size();
        const QDateTime oldest = QDateTime::currentDateTimeUtc().addMSecs(-m_options.maxAgeMs);
        qsizetype kept = segments.size();
        for (const QFileInfo &f : std::as_const(segments)) {
            if (f.filePath() == current)
                break;
            if (total <= m_options.maxBytes && f.lastModified() >= oldest)
                break;
            total -= f.size();
            QFile::remove(f.filePath());
            --kept;
        }
        update([&](Stats &s) {
            s.bytesKept = total;
            s.segments = int(kept);
        });
    }

    Options m_options;
    std::unique_ptr<RecordingFileWriter> m_file;
    qint64 m_segmentStartMs = 0;
    QList<RecordedEvent> m_sticky;
    QString m_error;
    mutable QMutex m_statsLock;
    Stats m_stats;
};

Recorder::Recorder(Options options, QObject *parent)
    : QObject(parent), m_options(std::move(options)), m_writer(std::make_shared<Writer>(m_options))
{
    m_flushTimer.setInterval(m_options.flushMs);
    connect(&m_flushTimer, &QTimer::timeout, this, [this] { handOver(false); });
}

Recorder::~Recorder()
{
    detach();
    if (m_started)
        handOver(true);
    m_thread.stop();
}

bool Recorder::start(QString *error)
{
    m_thread.start([](QObject *) {});
    Result<void> opened;
    auto writer = m_writer;
    m_thread.runAndWait([writer, &opened] { opened = writer->open(); });
    if (!opened) {
        if (error)
            *error = opened.error().message;
        return false;
    }
    m_started = true;
    m_flushTimer.start();
    return true;
}

void Recorder::attach(live::LiveFabric &hub)
{
    detach();
    m_hubConnection = connect(&hub, &live::LiveFabric::inputsApplied, this, &Recorder::recordTick,
                              Qt::DirectConnection);
}

void Recorder::detach()
{
    disconnect(m_hubConnection);
}

void Recorder::recordTick(qint64 tickMs, const QList<live::LiveFabric::Input> &inputs,
                          const QList<monitor::Alert> &alertChanges)
{
    if (!m_started)
        return;
    m_pending.ticks.append({tickMs, inputs});
    // Raised and cleared are events; the updates of an alert that stays up are not (the
    // replay recomputes them from the inputs).
    for (const monitor::Alert &a : alertChanges) {
        const QString key = a.key();
        const bool known = m_activeAlerts.contains(key);
        if (a.active == known)
            continue;
        if (a.active)
            m_activeAlerts.insert(key);
        else
            m_activeAlerts.remove(key);
        m_pending.events.append({tickMs, QStringLiteral("alert"), live::alertToJson(a)});
    }
}

void Recorder::record(const QString &type, const QJsonObject &body, qint64 ms)
{
    if (!m_started)
        return;
    m_pending.events.append({ms, type, body});
}

void Recorder::annotate(const Annotation &annotation)
{
    record(QStringLiteral("annotation"), annotationToJson(annotation), annotation.fromMs);
}

void Recorder::removeAnnotation(qint64 id, qint64 ms)
{
    record(QStringLiteral("annotation_removed"), {{QStringLiteral("id"), double(id)}}, ms);
}

void Recorder::handOver(bool wait)
{
    if (!m_started || !m_thread.worker())
        return;
    if (!m_pending.ticks.isEmpty() || !m_pending.events.isEmpty()) {
        Batch batch;
        std::swap(batch, m_pending);
        auto writer = m_writer;
        if (wait)
            m_thread.runAndWait([writer, &batch] { writer->write(batch); });
        else
            QMetaObject::invokeMethod(m_thread.worker(), [writer, batch] { writer->write(batch); });
    } else if (wait) {
        m_thread.runAndWait([] {});
    }
    const Stats now = m_writer->stats();
    if (!now.error.isEmpty() && m_flushTimer.isActive()) {
        // Said once; nothing more is collected.
        m_flushTimer.stop();
        m_started = false;
        emit failed(RecorderText::tr("Recording stopped: %1").arg(now.error));
    }
}

void Recorder::flush()
{
    handOver(true);
}

Recorder::Stats Recorder::stats() const
{
    return m_writer->stats();
}

}  // namespace roce::recording
