#include "cli/commands/watchcommand.h"

#include "cli/access/headlessfabric.h"
#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "cli/framework/stopsignals.h"
#include "live/hub/livefabric.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <optional>

namespace roce::cli {

namespace {

class WatchText
{
    Q_DECLARE_TR_FUNCTIONS(WatchText)
};

/// One line for people: sources, ports, the worst news.
QString summaryLine(const QJsonObject &frame)
{
    int ok = 0, failed = 0, stale = 0;
    for (const QJsonValue &s : frame.value(QStringLiteral("sources")).toArray())
        (s.toObject().value(QStringLiteral("state")).toString() == QLatin1String("ok") ? ok
                                                                                       : failed)++;
    const QJsonArray ports = frame.value(QStringLiteral("ports")).toArray();
    for (const QJsonValue &p : ports)
        stale += p.toObject().value(QStringLiteral("stale")).toBool();
    QStringList alerts;
    for (const QJsonValue &a : frame.value(QStringLiteral("alerts")).toArray())
        alerts.append(a.toObject().value(QStringLiteral("rule")).toString() + QLatin1Char('@')
                      + a.toObject().value(QStringLiteral("port")).toString());
    return WatchText::tr("%1 ports (%2 stale), sources %3 ok / %4 not, alerts: %5")
        .arg(ports.size())
        .arg(stale)
        .arg(ok)
        .arg(failed)
        .arg(alerts.isEmpty() ? WatchText::tr("none") : alerts.join(QLatin1String(", ")));
}

}  // namespace

QString WatchCommand::summary() const
{
    return WatchText::tr(
        "Watch a fabric's live model, one frame per tick (inventory or simulated)");
}

int WatchCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        WatchText::tr("Watches a fabric as the console does (every switch over NX-API, every "
                      "agent streamed) and prints one frame per tick.\n\nSecrets for "
                      "--inventory: ROCE_SWITCH_PASSWORD_<SWITCH> or ROCE_SWITCH_PASSWORD, "
                      "ROCE_AGENT_TOKEN_<SERVER> or ROCE_AGENT_TOKEN (names upper-cased, other "
                      "characters as '_'), else the OS keychain."));
    const FabricOptions fabricOpts;
    const QCommandLineOption intervalOpt(QStringLiteral("interval"),
                                         WatchText::tr("Seconds between frames (default 1)."),
                                         QStringLiteral("s"), QStringLiteral("1"));
    const QCommandLineOption countOpt(QStringLiteral("count"),
                                      WatchText::tr("Stop after this many frames (default: until "
                                                    "interrupted)."),
                                      QStringLiteral("n"));
    const QCommandLineOption waitOpt(QStringLiteral("wait"),
                                     WatchText::tr("Seconds to wait for every source to answer "
                                                   "(or fail) before the first frame (default "
                                                   "20)."),
                                     QStringLiteral("s"), QStringLiteral("20"));
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     WatchText::tr("One JSON object per frame, one a line."));
    fabricOpts.addTo(parser);
    parser.addOptions({intervalOpt, countOpt, waitOpt, jsonOpt});
    if (const auto early = parseCommandLine(parser, args, io, true))
        return *early;
    auto usage = [&io](const QString &message) {
        io.err << QStringLiteral("rocectl watch: ") << message << QLatin1Char('\n');
        return int(ExitUsage);
    };
    if (const QString problem = fabricOpts.check(parser); !problem.isEmpty())
        return usage(problem);
    bool ok = false;
    const double interval = parser.value(intervalOpt).toDouble(&ok);
    if (!ok || interval < 0.1 || interval > 3600)
        return usage(WatchText::tr("--interval must be 0.1 to 3600 seconds"));
    int count = -1;
    if (parser.isSet(countOpt)) {
        count = parser.value(countOpt).toInt(&ok);
        if (!ok || count < 1)
            return usage(WatchText::tr("--count must be a positive number"));
    }
    const double wait = parser.value(waitOpt).toDouble(&ok);
    if (!ok || wait < 0)
        return usage(WatchText::tr("--wait must be a number of seconds"));
    const bool json = parser.isSet(jsonOpt);

    live::LiveFabric::Options options;
    options.staleAfterMs = std::max<qint64>(5000, qint64(interval * 3000));
    live::LiveFabric hub(options);
    QEventLoop loop;
    int exitCode = ExitOk;
    auto fail = [&](const QString &message) {
        io.err << QStringLiteral("rocectl watch: ") << message << QLatin1Char('\n');
        io.err.flush();
        exitCode = ExitFailure;
        loop.quit();
    };

    // The fabric: an inventory with its secrets, or the simulated one served on loopback.
    HeadlessFabric fabric;
    QObject::connect(&fabric, &HeadlessFabric::failed, &loop, fail);
    if (!fabric.start(hub, fabricOpts, parser, io, QStringLiteral("rocectl watch")))
        return ExitFailure;

    // Frames start once every source has answered or failed (or the wait is over), so the
    // first frame already lists the whole fabric; then one every interval.
    QElapsedTimer since;
    since.start();
    bool started = false;
    int printed = 0;
    QTimer frames;
    frames.setInterval(int(interval * 1000));
    QObject::connect(&frames, &QTimer::timeout, &loop, [&] {
        if (!started) {
            const QList<live::SourceState> sources = hub.sources();
            const bool allHeard = !sources.isEmpty()
                && std::all_of(sources.cbegin(), sources.cend(), [](const auto &s) {
                       return s.state != live::SourceState::State::Connecting;
                   });
            if (!allHeard && since.elapsed() < qint64(wait * 1000))
                return;
            started = true;
        }
        if (json)
            writeJsonLine(io.out, hub.snapshotJsonBytes());
        else
            io.out << summaryLine(hub.snapshotJson()) << QLatin1Char('\n');
        io.out.flush();
        if (count > 0 && ++printed >= count)
            loop.quit();
    });
    frames.start();
    StopSignals stop;
    QObject::connect(&stop, &StopSignals::stopRequested, &loop, &QEventLoop::quit);
    if (exitCode == ExitOk)
        loop.exec();
    hub.stop();
    return exitCode;
}

}  // namespace roce::cli
