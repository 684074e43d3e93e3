#include "cli/commands/recordcommand.h"

#include "cli/access/headlessfabric.h"
#include "cli/framework/parse.h"
#include "cli/framework/stopsignals.h"
#include "live/hub/livefabric.h"
#include "live/recording/recorder.h"
#include "live/recording/shapejson.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>
#include <QFile>
#include <QTimer>

namespace roce::cli {

namespace {

class RecordText
{
    Q_DECLARE_TR_FUNCTIONS(RecordText)
};

}  // namespace

QString RecordCommand::summary() const
{
    return RecordText::tr("Record a fabric's live model into a file, for replay");
}

int RecordCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        RecordText::tr("Records everything the live model of a fabric sees (every source's "
                       "frames with their own timestamps, failures, alerts, scenarios, the "
                       "map's shape) into a new recording file, synced every second. Replay "
                       "it with `rocectl replay` or the console's File > Open recording.\n\n"
                       "Secrets for --inventory as for `rocectl watch`."));
    const FabricOptions fabricOpts;
    const QCommandLineOption secondsOpt(QStringLiteral("seconds"),
                                        RecordText::tr("Record this long (required)."),
                                        QStringLiteral("s"));
    const QCommandLineOption outOpt(QStringLiteral("out"),
                                    RecordText::tr("The new recording file (required; an "
                                                   "existing file is not overwritten)."),
                                    QStringLiteral("file"));
    fabricOpts.addTo(parser);
    parser.addOptions({secondsOpt, outOpt});
    if (const auto early = parseCommandLine(parser, args, io))
        return *early;
    auto usage = [&io](const QString &message) {
        io.err << QStringLiteral("rocectl record: ") << message << QLatin1Char('\n');
        return int(ExitUsage);
    };
    if (const QString problem = fabricOpts.check(parser); !problem.isEmpty())
        return usage(problem);
    bool ok = false;
    const double seconds = parser.value(secondsOpt).toDouble(&ok);
    if (!parser.isSet(secondsOpt) || !ok || seconds <= 0 || seconds > 366 * 86400.0)
        return usage(RecordText::tr("--seconds must be a positive number of seconds"));
    if (parser.value(outOpt).isEmpty())
        return usage(RecordText::tr("give --out FILE"));

    live::LiveFabric hub;
    HeadlessFabric fabric;
    recording::Recorder::Options options;
    options.file = parser.value(outOpt);
    recording::Recorder recorder(options);
    QEventLoop loop;
    int exitCode = ExitOk;
    auto fail = [&](const QString &message) {
        io.err << QStringLiteral("rocectl record: ") << message << QLatin1Char('\n');
        io.err.flush();
        exitCode = ExitFailure;
        loop.quit();
    };
    // The shape and the scenario are events of the recording, at the time they happen.
    auto now = [] { return QDateTime::currentMSecsSinceEpoch(); };
    QObject::connect(&fabric, &HeadlessFabric::failed, &loop, fail);
    QObject::connect(&recorder, &recording::Recorder::failed, &loop, fail);
    QObject::connect(
        &fabric, &HeadlessFabric::layoutReady, &recorder, [&](const models::FabricLayout &l) {
            recorder.record(QStringLiteral("layout"), recording::layoutToJson(l), now());
        });
    QObject::connect(
        &fabric, &HeadlessFabric::leafSpineReady, &recorder, [&](const models::LeafSpineFabric &f) {
            recorder.record(QStringLiteral("leafspine"), recording::leafSpineToJson(f), now());
        });
    QObject::connect(
        &fabric, &HeadlessFabric::scenarioStarted, &recorder, [&](const QString &name) {
            recorder.record(QStringLiteral("scenario"), {{QStringLiteral("name"), name}}, now());
        });
    // The file exists before anything is watched: a wrong path fails at once.
    QString error;
    if (!recorder.start(&error)) {
        io.err << QStringLiteral("rocectl record: ") << error << QLatin1Char('\n');
        return ExitFailure;
    }
    // A run that fails before its first tick keeps nothing worth a file: the file it leaves
    // would only stand in the way of the corrected command (--out never overwrites).
    auto dropIfEmpty = [&] {
        recorder.flush();
        const recording::Recorder::Stats stats = recorder.stats();
        if (stats.ticks > 0 || stats.segments > 1 || !QFile::remove(stats.currentFile))
            return false;
        io.err << RecordText::tr("rocectl record: nothing was recorded; %1 was not kept")
                      .arg(stats.currentFile)
               << QLatin1Char('\n');
        return true;
    };
    recorder.attach(hub);
    if (!fabric.start(hub, fabricOpts, parser, io, QStringLiteral("rocectl record"))) {
        dropIfEmpty();
        return ExitFailure;
    }

    QTimer::singleShot(qint64(seconds * 1000), &loop, &QEventLoop::quit);
    StopSignals stop;
    QObject::connect(&stop, &StopSignals::stopRequested, &loop, &QEventLoop::quit);
    if (exitCode == ExitOk)
        loop.exec();
    hub.stop();
    if (exitCode != ExitOk && dropIfEmpty())
        return exitCode;
    recorder.flush();
    const recording::Recorder::Stats stats = recorder.stats();
    if (!stats.error.isEmpty() && exitCode == ExitOk) {
        io.err << QStringLiteral("rocectl record: ") << stats.error << QLatin1Char('\n');
        exitCode = ExitFailure;
    }
    io.err << RecordText::tr("rocectl record: %1 ticks, %2 bytes in %3")
                  .arg(stats.ticks)
                  .arg(stats.bytesWritten)
                  .arg(stats.currentFile)
           << QLatin1Char('\n');
    return exitCode;
}

}  // namespace roce::cli
