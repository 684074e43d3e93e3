#include "cli/commands/replaycommand.h"

#include "cli/framework/parse.h"
#include "cli/framework/stopsignals.h"
#include "live/hub/livefabric.h"
#include "live/recording/clip.h"
#include "live/recording/rangesummary.h"
#include "live/recording/recordingreader.h"
#include "live/recording/replaydriver.h"

#include <QCommandLineParser>
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
    return ReplayText::tr("replay a recording as `rocectl watch` frames, or sum a range of it");
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

// NOLINTNEXTLINE(readability-function-size): predates the limit
int ReplayCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(ReplayText::tr(
        "Replays a recording (a file, or a directory of the console's recordings) through the "
        "live model, printing frames as `rocectl watch` does; or, with --summary, what each "
        "port did over the range. Times: ms since the epoch, ISO 8601, +DURATION after the "
        "start or -DURATION before the end (90s, 5m, 1h)."));
    parser.addPositionalArgument(QStringLiteral("recording"),
                                 ReplayText::tr("The recording file or directory."));
    const QCommandLineOption fromOpt(QStringLiteral("from"),
                                     ReplayText::tr("Start here (default: the start)."),
                                     QStringLiteral("t"));
    const QCommandLineOption toOpt(
        QStringLiteral("to"), ReplayText::tr("End here (default: the end)."), QStringLiteral("t"));
    const QCommandLineOption speedOpt(QStringLiteral("speed"),
                                      ReplayText::tr("Pace the frames at this many times real "
                                                     "time (default: as fast as possible)."),
                                      QStringLiteral("x"));
    const QCommandLineOption intervalOpt(QStringLiteral("interval"),
                                         ReplayText::tr("Recorded seconds between frames "
                                                        "(default 1)."),
                                         QStringLiteral("s"), QStringLiteral("1"));
    const QCommandLineOption summaryOpt(QStringLiteral("summary"),
                                        ReplayText::tr("Per-port totals over the range instead "
                                                       "of frames."));
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     ReplayText::tr("JSON: one frame a line, or the summary."));
    const QCommandLineOption clipOpt(QStringLiteral("clip"),
                                     ReplayText::tr("Save the range as a new recording instead "
                                                    "(for a bug report or a demo)."),
                                     QStringLiteral("file"));
    parser.addOptions({fromOpt, toOpt, speedOpt, intervalOpt, summaryOpt, jsonOpt, clipOpt});
    if (const auto early = parseCommandLine(parser, args, io, true))
        return *early;
    auto usage = [&io](const QString &message) {
        io.err << QStringLiteral("rocectl replay: ") << message << QLatin1Char('\n');
        return int(ExitUsage);
    };
    if (parser.positionalArguments().size() != 1)
        return usage(ReplayText::tr("give one recording file or directory"));
    bool ok = false;
    const double interval = parser.value(intervalOpt).toDouble(&ok);
    if (!ok || interval < 0.01 || interval > 86400)
        return usage(ReplayText::tr("--interval must be 0.01 to 86400 seconds"));
    double speed = 0;
    if (parser.isSet(speedOpt)) {
        speed = parser.value(speedOpt).toDouble(&ok);
        if (!ok || speed < 0.1 || speed > 10000)
            return usage(ReplayText::tr("--speed must be 0.1 to 10000"));
    }

    const QString path = parser.positionalArguments().constFirst();
    auto opened = recording::RecordingReader::open(path);
    if (!opened) {
        io.err << QStringLiteral("rocectl replay: ") << opened.error().message << QLatin1Char('\n');
        return ExitFailure;
    }
    std::shared_ptr<const recording::RecordingReader> reader = std::move(opened).value();
    auto sayDamage = [&io, &reader](qsizetype from) {
        const QList<recording::Damage> damage = reader->damage();
        for (qsizetype i = from; i < damage.size(); ++i)
            io.err << QStringLiteral("rocectl replay: ") << damage.at(i).describe()
                   << QLatin1Char('\n');
        io.err.flush();
        return damage.size();
    };
    qsizetype said = sayDamage(0);
    if (reader->isEmpty()) {
        io.err << QStringLiteral("rocectl replay: ")
               << ReplayText::tr("%1 holds no ticks: nothing to replay").arg(path)
               << QLatin1Char('\n');
        if (parser.isSet(summaryOpt) && parser.isSet(jsonOpt))
            io.out
                << QJsonDocument(recording::RangeSummary {}.toJson()).toJson(QJsonDocument::Compact)
                << QLatin1Char('\n');
        return ExitOk;
    }
    qint64 fromMs = reader->startMs(), toMs = reader->endMs();
    if (parser.isSet(fromOpt)) {
        const auto t = parseTime(parser.value(fromOpt), reader->startMs(), reader->endMs());
        if (!t)
            return usage(ReplayText::tr("--from: not a time: %1").arg(parser.value(fromOpt)));
        fromMs = std::max(*t, reader->startMs());
    }
    if (parser.isSet(toOpt)) {
        const auto t = parseTime(parser.value(toOpt), reader->startMs(), reader->endMs());
        if (!t)
            return usage(ReplayText::tr("--to: not a time: %1").arg(parser.value(toOpt)));
        toMs = std::min(*t, reader->endMs());
    }
    if (toMs < fromMs)
        return usage(ReplayText::tr("--to is before --from (the recording spans %1 to %2)")
                         .arg(timeText(reader->startMs()), timeText(reader->endMs())));

    if (parser.isSet(clipOpt)) {
        const auto clip = recording::writeClip(*reader, fromMs, toMs, parser.value(clipOpt));
        sayDamage(said);
        if (!clip) {
            io.err << QStringLiteral("rocectl replay: ") << clip.error().message
                   << QLatin1Char('\n');
            return ExitFailure;
        }
        io.err << ReplayText::tr("rocectl replay: %1 ticks and %2 events, %3 bytes in %4")
                      .arg(clip->ticks)
                      .arg(clip->events)
                      .arg(clip->bytes)
                      .arg(parser.value(clipOpt))
               << QLatin1Char('\n');
        return ExitOk;
    }
    if (parser.isSet(summaryOpt)) {
        const recording::RangeSummary summary = recording::summarize(*reader, fromMs, toMs);
        sayDamage(said);
        if (parser.isSet(jsonOpt))
            io.out << QJsonDocument(summary.toJson()).toJson(QJsonDocument::Compact)
                   << QLatin1Char('\n');
        else
            printSummary(summary, io.out);
        io.out.flush();
        return ExitOk;
    }

    // Frames: the live model driven by the recording, one frame per interval of its clock.
    live::LiveFabric hub;
    recording::ReplayDriver driver(reader, &hub);
    if (fromMs > reader->startMs())
        driver.seek(fromMs);
    bool stopped = false;
    StopSignals stop;
    QObject::connect(&stop, &StopSignals::stopRequested, &stop, [&stopped] { stopped = true; });
    const QList<recording::Annotation> annotations = reader->annotations();
    const auto step = qint64(interval * 1000);
    QElapsedTimer wall;
    wall.start();
    qint64 previous = fromMs;
    for (qint64 t = fromMs; !stopped; t = std::min(t + step, toMs)) {
        driver.advanceTo(t);
        QJsonObject frame = hub.snapshotJson();
        QJsonArray notes;
        for (const recording::Annotation &a : annotations)
            if (a.overlaps(previous == t ? t : previous + 1, t))
                notes.append(recording::annotationToJson(a));
        if (!notes.isEmpty())
            frame.insert(QStringLiteral("annotations"), notes);
        if (parser.isSet(jsonOpt)) {
            io.out << QJsonDocument(frame).toJson(QJsonDocument::Compact) << QLatin1Char('\n');
        } else {
            const QJsonArray ports = frame.value(QStringLiteral("ports")).toArray();
            const QJsonArray alerts = frame.value(QStringLiteral("alerts")).toArray();
            io.out << ReplayText::tr("%1  %2 ports, %3 active alerts")
                          .arg(timeText(t))
                          .arg(ports.size())
                          .arg(alerts.size())
                   << QLatin1Char('\n');
        }
        io.out.flush();
        said = sayDamage(said);
        previous = t;
        if (t >= toMs)
            break;
        if (speed > 0) {
            // Paced: the next frame when its recorded time is due at this speed.
            const qint64 due = qint64(double(t + step - fromMs) / speed) - wall.elapsed();
            if (due > 0) {
                QEventLoop wait;
                QTimer::singleShot(due, &wait, &QEventLoop::quit);
                QObject::connect(&stop, &StopSignals::stopRequested, &wait, &QEventLoop::quit);
                wait.exec();
            }
        } else {
            QCoreApplication::processEvents();
        }
    }
    return ExitOk;
}

}  // namespace roce::cli
