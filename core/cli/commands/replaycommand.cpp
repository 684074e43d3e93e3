#include "cli/commands/replaycommand.h"

#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "cli/framework/stopsignals.h"
#include "live/hub/livefabric.h"
#include "live/recording/clip.h"
#include "live/recording/rangesummary.h"
#include "live/recording/recordingreader.h"
#include "live/recording/replaydriver.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QThread>
#include <QTimer>

#include <cmath>

namespace roce::cli {

namespace {

class ReplayText
{
    Q_DECLARE_TR_FUNCTIONS(ReplayText)
};

QString timeText(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(Qt::ISODateWithMs);
}

/// Per-port totals for people: the ports that dropped, paused or marked, then the busiest.
void printSummary(const recording::RangeSummary &summary, QTextStream &out)
{
    out << ReplayText::tr("%1 to %2 (%3 s), %4 ports, %5 alert changes, %6 annotations")
               .arg(timeText(summary.fromMs), timeText(summary.toMs))
               .arg(double(summary.toMs - summary.fromMs) / 1000.0, 0, 'f', 1)
               .arg(summary.ports.size())
               .arg(summary.alerts.size())
               .arg(summary.annotations.size())
        << QLatin1Char('\n');
    const model::Metric shown[]
        = {model::Metric::InBits,  model::Metric::OutBits,   model::Metric::MmuDrops,
           model::Metric::RxPause, model::Metric::TxPause,   model::Metric::Ecn,
           model::Metric::CnpSent, model::Metric::CnpHandled};
    out << QStringLiteral("%1").arg(ReplayText::tr("port"), -32);
    for (model::Metric m : shown)
        out << QStringLiteral(" %1").arg(QLatin1String(model::kMetricTable[std::size_t(m)].key),
                                         16);
    out << QLatin1Char('\n');
    for (const recording::PortTotals &p : summary.ports) {
        out << QStringLiteral("%1").arg(p.id.key(), -32);
        for (model::Metric m : shown) {
            const auto v = p.totals[std::size_t(m)];
            out << QStringLiteral(" %1").arg(v ? QString::number(*v, 'g', 6) : QStringLiteral("-"),
                                             16);
        }
        out << QLatin1Char('\n');
    }
}

}  // namespace

QString ReplayCommand::summary() const
{
    return ReplayText::tr("Replay a recording as `rocectl watch` frames, or sum a range of it");
}

std::optional<qint64> ReplayCommand::parseTime(const QString &text, qint64 startMs, qint64 endMs)
{
    static const QRegularExpression relative(
        QStringLiteral("^([+-])(\\d+(?:\\.\\d+)?)(ms|s|m|h)?$"));
    const QRegularExpressionMatch m = relative.match(text.trimmed());
    if (m.hasMatch()) {
        const double n = m.captured(2).toDouble();
        const QString unit = m.captured(3);
        const double scale = unit == QLatin1String("ms") ? 1
            : unit == QLatin1String("m")                 ? 60'000
            : unit == QLatin1String("h")                 ? 3'600'000
                                                         : 1000;
        const auto offset = qint64(std::llround(n * scale));
        return m.captured(1) == QLatin1String("+") ? startMs + offset : endMs - offset;
    }
    bool ok = false;
    const qint64 ms = text.toLongLong(&ok);
    if (ok && ms >= 0)
        return ms;
    QDateTime t = QDateTime::fromString(text.trimmed(), Qt::ISODateWithMs);
    if (!t.isValid())
        t = QDateTime::fromString(text.trimmed(), Qt::ISODate);
    if (t.isValid())
        return t.toMSecsSinceEpoch();
    return std::nullopt;
}

namespace {

/// What `rocectl replay` was asked for, as typed.
struct ReplayArgs {
    QString from;
    QString to;
    double speed = 0;  ///< 0: as fast as possible
    double interval = 1;
    bool summary = false;
    bool json = false;
    QString clip;
};

void declare(OptionTable &t, ReplayArgs &a)
{
    t.parser().setApplicationDescription(ReplayText::tr(
        "Replays a recording (a file, or a directory of the console's recordings) through the "
        "live model, printing frames as `rocectl watch` does; or, with --summary, what each "
        "port did over the range. Times: ms since the epoch, ISO 8601, +DURATION after the "
        "start or -DURATION before the end (90s, 5m, 1h)."));
    t.parser().addPositionalArgument(QStringLiteral("recording"),
                                     ReplayText::tr("The recording file or directory."));
    t.text(QStringLiteral("from"), QStringLiteral("t"),
           ReplayText::tr("Start here (default: the start)."), &a.from)
        .text(QStringLiteral("to"), QStringLiteral("t"),
              ReplayText::tr("End here (default: the end)."), &a.to)
        .number(QStringLiteral("speed"), QStringLiteral("x"),
                ReplayText::tr("Pace the frames at this many times real "
                               "time (default: as fast as possible)."),
                &a.speed, {0.1, 10000})
        .number(QStringLiteral("interval"), QStringLiteral("s"),
                ReplayText::tr("Recorded seconds between frames "
                               "(default 1)."),
                &a.interval, {0.01, 86400, ReplayText::tr("seconds")})
        .flag(QStringLiteral("summary"),
              ReplayText::tr("Per-port totals over the range instead "
                             "of frames."),
              &a.summary)
        .flag(QStringLiteral("json"), ReplayText::tr("JSON: one frame a line, or the summary."),
              &a.json)
        .text(QStringLiteral("clip"), QStringLiteral("file"),
              ReplayText::tr("Save the range as a new recording instead "
                             "(for a bug report or a demo)."),
              &a.clip);
}

/// Says on the error stream what the reader found damaged, each damage once: reading on
/// can find more.
class DamageNotes
{
public:
    DamageNotes(const recording::RecordingReader &reader, CommandIo &io)
        : m_reader(reader), m_io(io)
    { }

    void sayNew()
    {
        const QList<recording::Damage> damage = m_reader.damage();
        for (qsizetype i = m_said; i < damage.size(); ++i)
            m_io.err << QStringLiteral("rocectl replay: ") << damage.at(i).describe()
                     << QLatin1Char('\n');
        m_io.err.flush();
        m_said = damage.size();
    }

private:
    const recording::RecordingReader &m_reader;
    CommandIo &m_io;
    qsizetype m_said = 0;
};

/// A recording without ticks: nothing to replay, and with --summary --json still one (empty)
/// summary for whoever reads it.
int replayNothing(const QString &path, const ReplayArgs &a, CommandIo &io)
{
    io.err << QStringLiteral("rocectl replay: ")
           << ReplayText::tr("%1 holds no ticks: nothing to replay").arg(path) << QLatin1Char('\n');
    if (a.summary && a.json)
        io.out << QJsonDocument(recording::RangeSummary {}.toJson()).toJson(QJsonDocument::Compact)
               << QLatin1Char('\n');
    return ExitOk;
}

/// The part of the recording to replay, in its clock's milliseconds.
struct TimeRange {
    qint64 fromMs = 0;
    qint64 toMs = 0;
};

/// The range --from and --to name, within the recording; why not, if they name none.
Result<TimeRange> rangeOf(const OptionTable &t, const ReplayArgs &a,
                          const recording::RecordingReader &reader)
{
    TimeRange range {reader.startMs(), reader.endMs()};
    const QString spans = ReplayText::tr("the recording spans %1 to %2")
                              .arg(timeText(reader.startMs()), timeText(reader.endMs()));
    if (t.isSet(QStringLiteral("from"))) {
        const auto ms = ReplayCommand::parseTime(a.from, reader.startMs(), reader.endMs());
        if (!ms)
            return makeError(ErrorCode::InvalidArgument,
                             ReplayText::tr("--from: not a time: %1").arg(a.from));
        if (*ms > reader.endMs())
            return makeError(ErrorCode::InvalidArgument,
                             ReplayText::tr("--from is after the recording's end (%1)").arg(spans));
        range.fromMs = std::max(*ms, reader.startMs());
    }
    if (t.isSet(QStringLiteral("to"))) {
        const auto ms = ReplayCommand::parseTime(a.to, reader.startMs(), reader.endMs());
        if (!ms)
            return makeError(ErrorCode::InvalidArgument,
                             ReplayText::tr("--to: not a time: %1").arg(a.to));
        if (*ms < reader.startMs())
            return makeError(
                ErrorCode::InvalidArgument,
                ReplayText::tr("--to is before the recording's start (%1)").arg(spans));
        range.toMs = std::min(*ms, reader.endMs());
    }
    // Both within the recording now: only their order can be wrong.
    if (range.toMs < range.fromMs)
        return makeError(ErrorCode::InvalidArgument,
                         ReplayText::tr("--to is before --from (%1)").arg(spans));
    return range;
}

/// Saves @p range as the recording @p file.
int writeRangeClip(const recording::RecordingReader &reader, const TimeRange &range,
                   const QString &file, DamageNotes &damage, CommandIo &io)
{
    const auto clip = recording::writeClip(reader, range.fromMs, range.toMs, file);
    damage.sayNew();
    if (!clip) {
        io.err << QStringLiteral("rocectl replay: ") << clip.error().message << QLatin1Char('\n');
        return ExitFailure;
    }
    io.err << ReplayText::tr("rocectl replay: %1 ticks and %2 events, %3 bytes in %4")
                  .arg(clip->ticks)
                  .arg(clip->events)
                  .arg(clip->bytes)
                  .arg(file)
           << QLatin1Char('\n');
    return ExitOk;
}

/// Prints what each port did over @p range.
int summarizeRange(const recording::RecordingReader &reader, const TimeRange &range, bool json,
                   DamageNotes &damage, CommandIo &io)
{
    const recording::RangeSummary summary = recording::summarize(reader, range.fromMs, range.toMs);
    damage.sayNew();
    if (json)
        io.out << QJsonDocument(summary.toJson()).toJson(QJsonDocument::Compact)
               << QLatin1Char('\n');
    else
        printSummary(summary, io.out);
    io.out.flush();
    return ExitOk;
}

/// The annotations to show in the frame at @p t: those since the frame at @p previous.
QJsonArray annotationsAt(const QList<recording::Annotation> &annotations, qint64 previous, qint64 t)
{
    QJsonArray notes;
    for (const recording::Annotation &a : annotations)
        if (a.overlaps(previous == t ? t : previous + 1, t))
            notes.append(recording::annotationToJson(a));
    return notes;
}

/// The frame at @p t: the live model's snapshot, with @p notes.
void printFrame(const live::LiveFabric &hub, const QJsonArray &notes, qint64 t, bool json,
                CommandIo &io)
{
    if (json) {
        writeJsonLine(io.out, hub.snapshotJsonBytes(notes));
    } else {
        const QJsonObject frame = hub.snapshotJson();
        const QJsonArray ports = frame.value(QStringLiteral("ports")).toArray();
        const QJsonArray alerts = frame.value(QStringLiteral("alerts")).toArray();
        io.out << ReplayText::tr("%1  %2 ports, %3 active alerts")
                      .arg(timeText(t))
                      .arg(ports.size())
                      .arg(alerts.size())
               << QLatin1Char('\n');
    }
    io.out.flush();
}

/// Waits @p ms, or until a stop is asked for.
void waitUnlessStopped(qint64 ms, StopSignals &stop)
{
    QEventLoop wait;
    QTimer::singleShot(ms, &wait, &QEventLoop::quit);
    QObject::connect(&stop, &StopSignals::stopRequested, &wait, &QEventLoop::quit);
    wait.exec();
}

/// Frames: the live model driven by the recording, one frame per interval of its clock.
int playFrames(const std::shared_ptr<const recording::RecordingReader> &reader,
               const TimeRange &range, const ReplayArgs &a, DamageNotes &damage, CommandIo &io)
{
    live::LiveFabric hub;
    recording::ReplayDriver driver(reader, &hub);
    if (range.fromMs > reader->startMs())
        driver.seek(range.fromMs);
    bool stopped = false;
    StopSignals stop;
    QObject::connect(&stop, &StopSignals::stopRequested, &stop, [&stopped] { stopped = true; });
    const QList<recording::Annotation> annotations = reader->annotations();
    const auto step = qint64(a.interval * 1000);
    QElapsedTimer wall;
    wall.start();
    qint64 previous = range.fromMs;
    for (qint64 t = range.fromMs; !stopped; t = std::min(t + step, range.toMs)) {
        driver.advanceTo(t);
        printFrame(hub, annotationsAt(annotations, previous, t), t, a.json, io);
        damage.sayNew();
        previous = t;
        if (t >= range.toMs)
            break;
        if (a.speed > 0) {
            // Paced: the next frame when its recorded time is due at this speed.
            const qint64 due = qint64(double(t + step - range.fromMs) / a.speed) - wall.elapsed();
            if (due > 0)
                waitUnlessStopped(due, stop);
        } else {
            QCoreApplication::processEvents();
        }
    }
    return ExitOk;
}

}  // namespace

int ReplayCommand::run(const QStringList &args, CommandIo &io)
{
    ReplayArgs a;
    OptionTable table;
    declare(table, a);
    if (const auto early = parseCommandLine(table, args, io, true))
        return *early;
    const QStringList positional = table.parser().positionalArguments();
    if (positional.size() != 1)
        return usageError(args, io, ReplayText::tr("give one recording file or directory"));

    const QString &path = positional.constFirst();
    auto opened = recording::RecordingReader::open(path);
    if (!opened) {
        io.err << QStringLiteral("rocectl replay: ") << opened.error().message << QLatin1Char('\n');
        return ExitFailure;
    }
    const std::shared_ptr<const recording::RecordingReader> reader = std::move(opened).value();
    DamageNotes damage(*reader, io);
    damage.sayNew();
    if (reader->isEmpty())
        return replayNothing(path, a, io);
    const auto range = rangeOf(table, a, *reader);
    if (!range)
        return usageError(args, io, range.error().message);
    if (table.isSet(QStringLiteral("clip")))
        return writeRangeClip(*reader, *range, a.clip, damage, io);
    if (a.summary)
        return summarizeRange(*reader, *range, a.json, damage, io);
    return playFrames(reader, *range, a, damage, io);
}

}  // namespace roce::cli
