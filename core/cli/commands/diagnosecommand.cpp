#include "cli/commands/diagnosecommand.h"

#include "cli/access/headlessfabric.h"
#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "cli/framework/stopsignals.h"
#include "collect/pingmesh/agentpingmeshfeed.h"
#include "live/fleet/fleetsource.h"
#include "live/hub/livefabric.h"
#include "live/recording/recordingreader.h"
#include "live/recording/replaydriver.h"
#include "prometheus/query/promendpoint.h"
#include "sim/scenarios/faults.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <algorithm>

namespace roce::cli {

namespace {

class DiagnoseText
{
    Q_DECLARE_TR_FUNCTIONS(DiagnoseText)
};

/// The load of a scenario spec without its faults: what runs healthy before they start, so
/// that the diagnosis has seen the fabric well (its links up, its cables announced).
QString loadOf(const QString &spec)
{
    QStringList loads;
    const QStringList parts = spec.split(QLatin1Char('+'), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        if (!sim::isLiveFault(part.section(QLatin1Char(':'), 0, 0)))
            loads.append(part);
    }
    return loads.join(QLatin1Char('+'));
}

/// The one object `rocectl diagnose --json` prints.
QJsonObject reportOf(const live::LiveFabric &hub, double seconds, const QJsonObject &scenario)
{
    QJsonArray findings;
    for (const diagnosis::Finding &f : hub.diagnosis().all())
        findings.append(diagnosis::findingToJson(f));
    QJsonArray unexplained;
    int alerts = 0;
    for (const monitor::Alert &a : hub.alerts().active()) {
        ++alerts;
        if (!hub.diagnosis().explained().contains(a.key()))
            unexplained.append(live::alertToJson(a));
    }
    QJsonArray sources;
    QList<live::SourceState> sorted = hub.sources();
    std::sort(
        sorted.begin(), sorted.end(),
        [](const live::SourceState &a, const live::SourceState &b) { return a.name < b.name; });
    for (const live::SourceState &s : std::as_const(sorted))
        sources.append(live::sourceToJson(s));
    QJsonObject report {{QStringLiteral("seconds"), seconds},
                        {QStringLiteral("findings"), findings},
                        {QStringLiteral("active_alerts"), alerts},
                        {QStringLiteral("unexplained_alerts"), unexplained},
                        {QStringLiteral("sources"), sources}};
    if (!scenario.isEmpty())
        report.insert(QStringLiteral("scenario"), scenario);
    return report;
}

QString timeText(double ms)
{
    return ms > 0 ? QDateTime::fromMSecsSinceEpoch(qint64(ms)).toString(QStringLiteral("HH:mm:ss"))
                  : QStringLiteral("-");
}

void printReport(const QJsonObject &report, QTextStream &out)
{
    const QJsonArray findings = report.value(QStringLiteral("findings")).toArray();
    if (findings.isEmpty())
        out << DiagnoseText::tr("No finding: nothing the fabric shows names a cause.") << '\n';
    for (const QJsonValue &v : findings) {
        const QJsonObject f = v.toObject();
        out << QStringLiteral("%1 %2 %3 at %4 (%5 - %6%7)\n")
                   .arg(f.value(QStringLiteral("active")).toBool() ? DiagnoseText::tr("ACTIVE")
                                                                   : DiagnoseText::tr("cleared"))
                   .arg(
                       f.value(QStringLiteral("severity")).toString().toUpper(),
                       f.value(QStringLiteral("kind")).toString(),
                       f.value(QStringLiteral("location")).toString(),
                       timeText(f.value(QStringLiteral("raised_ms")).toDouble()),
                       timeText(f.value(QStringLiteral("last_ms")).toDouble()),
                       DiagnoseText::tr(", %n alert(s) explained", nullptr,
                                        int(f.value(QStringLiteral("explains")).toArray().size())));
        out << QStringLiteral("  ") << f.value(QStringLiteral("summary")).toString() << '\n';
        for (const QJsonValue &e : f.value(QStringLiteral("evidence")).toArray()) {
            const QJsonObject o = e.toObject();
            const QString text = o.value(QStringLiteral("text")).toString();
            out << QStringLiteral("    %1 %2 = %3%4\n")
                       .arg(o.value(QStringLiteral("id")).toString(),
                            o.value(QStringLiteral("metric")).toString(),
                            text.isEmpty()
                                ? QString::number(o.value(QStringLiteral("value")).toDouble())
                                : text,
                            o.value(QStringLiteral("note")).toString().isEmpty()
                                ? QString()
                                : QStringLiteral("  (%1)").arg(
                                    o.value(QStringLiteral("note")).toString()));
        }
        out << QStringLiteral("  ")
            << DiagnoseText::tr("What to check: %1")
                   .arg(f.value(QStringLiteral("what_to_check")).toString())
            << '\n';
    }
    const QJsonArray unexplained = report.value(QStringLiteral("unexplained_alerts")).toArray();
    out << DiagnoseText::tr("%1 active alerts, %2 not explained by a finding.")
               .arg(report.value(QStringLiteral("active_alerts")).toInt())
               .arg(unexplained.size())
        << '\n';
    for (const QJsonValue &v : unexplained) {
        const QJsonObject a = v.toObject();
        out << QStringLiteral("  %1 %2\n")
                   .arg(a.value(QStringLiteral("rule")).toString(),
                        a.value(QStringLiteral("port")).toString());
    }
}

/// A recording, replayed through the live model: the diagnosis runs on it as it ran live.
int diagnoseReplay(const QString &path, double seconds, bool json, CommandIo &io)
{
    auto opened = recording::RecordingReader::open(path);
    if (!opened) {
        io.err << QStringLiteral("rocectl diagnose: ") << opened.error().message << '\n';
        return ExitFailure;
    }
    std::shared_ptr<const recording::RecordingReader> reader = std::move(opened).value();
    for (const recording::Damage &d : reader->damage())
        io.err << QStringLiteral("rocectl diagnose: ") << d.describe() << '\n';
    live::LiveFabric hub;
    recording::ReplayDriver driver(reader, &hub);
    const qint64 end = seconds > 0
        ? std::min(reader->endMs(), reader->startMs() + qint64(seconds * 1000))
        : reader->endMs();
    for (qint64 t = reader->startMs(); t < end; t = std::min(t + 1000, end))
        driver.advanceTo(t);
    driver.advanceTo(end);
    const QJsonObject report = reportOf(hub, double(end - reader->startMs()) / 1000.0,
                                        {{QStringLiteral("recording"), path}});
    if (json)
        io.out << QJsonDocument(report).toJson(QJsonDocument::Compact) << '\n';
    else
        printReport(report, io.out);
    io.out.flush();
    return ExitOk;
}

}  // namespace

QString DiagnoseCommand::summary() const
{
    return DiagnoseText::tr(
        "name the cause behind a fabric's symptoms (findings and their evidence)");
}

// NOLINTNEXTLINE(readability-function-size): predates the limit
int DiagnoseCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(DiagnoseText::tr(
        "Watches a fabric for --seconds and prints what the diagnosis names: findings (a cause, "
        "its location, the evidence and the alerts it explains), active and cleared, the alerts "
        "no finding explains, and the sources it read. It reads only what devices expose (NX-API, "
        "agents, a metrics store, or a recording of them).\n\nWith --sim and a --scenario that "
        "holds faults, the scenario's load runs healthy for --warmup seconds first, then the "
        "faults start; the report's \"scenario\" says what was injected where (the simulator's "
        "ground truth, for scoring; the diagnosis never reads it).\n\nSecrets for --inventory as "
        "for `rocectl watch`; for --prometheus, ROCE_PROMETHEUS_SECRET (with --auth)."));
    const FabricOptions fabricOpts;
    const QCommandLineOption servedOpt(
        QStringLiteral("served"),
        DiagnoseText::tr("With --sim: through the simulated fabric's served NX-API and agents "
                         "(always so: the diagnosis reads what devices expose)."));
    const QCommandLineOption promOpt(QStringLiteral("prometheus"),
                                     DiagnoseText::tr("The fleet as this metrics store holds it "
                                                      "(as rocectl fleet reads it)."),
                                     QStringLiteral("url"));
    const QCommandLineOption prefixOpt(QStringLiteral("prefix"),
                                       DiagnoseText::tr("With --prometheus: the query API's path "
                                                        "prefix."),
                                       QStringLiteral("path"));
    const QCommandLineOption authOpt(QStringLiteral("auth"),
                                     DiagnoseText::tr("With --prometheus: none (default), bearer "
                                                      "or basic."),
                                     QStringLiteral("kind"), QStringLiteral("none"));
    const QCommandLineOption replayOpt(QStringLiteral("replay"),
                                       DiagnoseText::tr("A recording, replayed through the live "
                                                        "model as fast as it goes."),
                                       QStringLiteral("file"));
    const QCommandLineOption secondsOpt(QStringLiteral("seconds"),
                                        DiagnoseText::tr("Seconds to watch (default 30; with "
                                                         "--replay: the whole recording)."),
                                        QStringLiteral("s"));
    const QCommandLineOption warmupOpt(
        QStringLiteral("warmup"),
        DiagnoseText::tr("With --sim and faults: seconds the healthy "
                         "load runs before them (default 5)."),
        QStringLiteral("s"), QStringLiteral("5"));
    const QCommandLineOption pingmeshOpt(
        QStringLiteral("pingmesh"),
        DiagnoseText::tr("Also run the agents' pingmesh: latency evidence (a slow host shows in "
                         "no counter)."));
    const QCommandLineOption waitOpt(QStringLiteral("wait"),
                                     DiagnoseText::tr("Seconds to wait for every source to answer "
                                                      "(default 20)."),
                                     QStringLiteral("s"), QStringLiteral("20"));
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     DiagnoseText::tr("Print one JSON object."));
    fabricOpts.addTo(parser);
    parser.addOptions({servedOpt, promOpt, prefixOpt, authOpt, replayOpt, secondsOpt, warmupOpt,
                       pingmeshOpt, waitOpt, jsonOpt});
    if (const auto early = parseCommandLine(parser, args, io, true))
        return *early;
    auto usage = [&io](const QString &message) {
        io.err << QStringLiteral("rocectl diagnose: ") << message << '\n';
        return int(ExitUsage);
    };
    const int kinds = int(parser.isSet(fabricOpts.inventory)) + int(parser.isSet(fabricOpts.sim))
        + int(parser.isSet(promOpt)) + int(parser.isSet(replayOpt));
    if (kinds != 1)
        return usage(DiagnoseText::tr("give one of --inventory FILE, --sim, --prometheus URL or "
                                      "--replay FILE"));
    if (!parser.isSet(fabricOpts.sim)
        && (parser.isSet(fabricOpts.topology) || parser.isSet(fabricOpts.scenario)
            || parser.isSet(servedOpt)))
        return usage(DiagnoseText::tr("--topology, --scenario and --served go with --sim"));
    if (!parser.isSet(promOpt) && (parser.isSet(prefixOpt) || parser.isSet(authOpt)))
        return usage(DiagnoseText::tr("--prefix and --auth go with --prometheus"));
    if (parser.isSet(pingmeshOpt) && (parser.isSet(promOpt) || parser.isSet(replayOpt)))
        return usage(DiagnoseText::tr("--pingmesh needs agents: --inventory or --sim"));
    bool ok = true;
    double seconds = 30;
    if (parser.isSet(secondsOpt)) {
        seconds = parser.value(secondsOpt).toDouble(&ok);
        if (!ok || seconds <= 0 || seconds > 86400)
            return usage(DiagnoseText::tr("--seconds must be 0 to 86400"));
    }
    const double warmup = parser.value(warmupOpt).toDouble(&ok);
    if (!ok || warmup < 0 || warmup > 3600)
        return usage(DiagnoseText::tr("--warmup must be 0 to 3600 seconds"));
    const double wait = parser.value(waitOpt).toDouble(&ok);
    if (!ok || wait < 0)
        return usage(DiagnoseText::tr("--wait must be a number of seconds"));
    const bool json = parser.isSet(jsonOpt);
    if (parser.isSet(replayOpt))
        return diagnoseReplay(parser.value(replayOpt), parser.isSet(secondsOpt) ? seconds : 0, json,
                              io);

    live::LiveFabric hub;
    QEventLoop loop;
    int exitCode = ExitOk;
    auto fail = [&](const QString &message) {
        io.err << QStringLiteral("rocectl diagnose: ") << message << '\n';
        io.err.flush();
        exitCode = ExitFailure;
        loop.quit();
    };
    HeadlessFabric fabric;
    const QString spec = parser.value(fabricOpts.scenario);
    const QString load = loadOf(spec);
    const bool faults = parser.isSet(fabricOpts.sim) && spec != load;
    QJsonObject scenario;
    if (parser.isSet(promOpt)) {
        auto endpoint = prom::parsePromEndpoint(parser.value(promOpt), parser.value(prefixOpt));
        if (!endpoint)
            return usage(endpoint.error().message);
        const auto auth = prom::parseAuth(parser.value(authOpt));
        if (!auth)
            return usage(auth.error().message);
        fleet::FleetOptions options;
        options.endpoint = *endpoint;
        options.endpoint.auth = *auth;
        options.endpoint.secret = QString::fromUtf8(qgetenv("ROCE_PROMETHEUS_SECRET"));
        fleet::FleetSource *source = fleet::watchFleet(hub, options);
        QObject::connect(source, &fleet::FleetSource::failed, &loop,
                         [&io](const QString &store, const QString &message) {
                             io.err << QStringLiteral("rocectl diagnose: ") << store
                                    << QStringLiteral(": ") << message << '\n';
                         });
    } else {
        QObject::connect(&fabric, &HeadlessFabric::failed, &loop, fail);
        fabric.setInitialScenario(load);
        if (!fabric.start(hub, fabricOpts, parser, io, QStringLiteral("rocectl diagnose")))
            return ExitFailure;
        QObject::connect(&fabric, &HeadlessFabric::scenarioInjected, &loop,
                         [&](const QJsonObject &injection) {
                             // The warm-up load reports an injection too (of nothing):
                             // the report keeps the one of the faults.
                             if (!faults || !scenario.isEmpty()
                                 || injection.value(QStringLiteral("injected")).toArray().isEmpty())
                                 return;
                             scenario = injection;
                             scenario.insert(QStringLiteral("started_ms"),
                                             double(QDateTime::currentMSecsSinceEpoch()));
                         });
    }

    // Once every source answered (or the wait is over): the healthy warm-up, the faults,
    // then --seconds of watching.
    pingmesh::AgentPingmeshFeed probes;
    QObject::connect(&probes, &pingmesh::AgentPingmeshFeed::snapshot, &loop,
                     [&hub](const pingmesh::PingmeshSnapshot &s) {
                         hub.raiseFindings(QStringLiteral("pingmesh"), s.verdicts);
                     });
    QObject::connect(&hub, &live::LiveFabric::frameReady, &probes, [&] {
        if (probes.isRunning())
            probes.setPorts(hub.freshLatest());
    });
    QElapsedTimer since;
    since.start();
    enum class Phase { Waiting, WarmingUp, Watching } phase = Phase::Waiting;
    qint64 phaseStart = 0;
    QTimer clock;
    clock.setInterval(250);
    QObject::connect(&clock, &QTimer::timeout, &loop, [&] {
        if (phase == Phase::Waiting) {
            const QList<live::SourceState> sources = hub.sources();
            const bool heard = !sources.isEmpty()
                && std::all_of(sources.cbegin(), sources.cend(), [](const live::SourceState &s) {
                       return s.state != live::SourceState::State::Connecting;
                   });
            if (!heard && since.elapsed() < qint64(wait * 1000))
                return;
            if (parser.isSet(pingmeshOpt)) {
                pingmesh::AgentPingmeshOptions options;
                options.seconds = int(seconds + warmup + 60);
                probes.start(hub.agentEndpoints(), hub.freshLatest(), options);
            }
            phase = faults ? Phase::WarmingUp : Phase::Watching;
            phaseStart = since.elapsed();
            return;
        }
        if (phase == Phase::WarmingUp && since.elapsed() - phaseStart >= qint64(warmup * 1000)) {
            fabric.startScenario(spec);
            phase = Phase::Watching;
            phaseStart = since.elapsed();
            return;
        }
        if (phase == Phase::Watching && since.elapsed() - phaseStart >= qint64(seconds * 1000))
            loop.quit();
    });
    clock.start();
    StopSignals stop;
    QObject::connect(&stop, &StopSignals::stopRequested, &loop, &QEventLoop::quit);
    if (exitCode == ExitOk)
        loop.exec();
    probes.stop();
    hub.stop();
    if (exitCode != ExitOk)
        return exitCode;
    if (faults && scenario.isEmpty())
        io.err << DiagnoseText::tr("rocectl diagnose: the faults of '%1' did not start").arg(spec)
               << '\n';
    const QJsonObject report = reportOf(hub, seconds, scenario);
    if (json)
        io.out << QJsonDocument(report).toJson(QJsonDocument::Compact) << '\n';
    else
        printReport(report, io.out);
    io.out.flush();
    return ExitOk;
}

}  // namespace roce::cli
