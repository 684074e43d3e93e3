#include "cli/commands/diagnosecommand.h"

#include "cli/access/headlessfabric.h"
#include "cli/access/promsecret.h"
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
#include "sim/scenarios/livescenario.h"
#include "sim/served/simservice.h"

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
    // No tick, no fabric seen: a report of no finding would read as a healthy one.
    if (reader->isEmpty()) {
        io.err << QStringLiteral("rocectl diagnose: ")
               << DiagnoseText::tr("%1 holds no ticks: nothing to diagnose").arg(path) << '\n';
        return ExitFailure;
    }
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
        "Name the cause behind a fabric's symptoms (findings and their evidence)");
}

namespace {

/// What `rocectl diagnose` was asked for, as typed. --inventory, --sim, --topology and
/// --scenario are FabricOptions', read from the parser as HeadlessFabric reads them.
struct DiagnoseArgs {
    bool served = false;
    QString prometheus;
    QString prefix;
    QString auth = QStringLiteral("none");
    QString replay;
    /// Unset: 30, or with --replay the whole recording.
    std::optional<double> seconds;
    double warmup = 5;
    bool pingmesh = false;
    double wait = 20;
    bool json = false;
};

void declare(OptionTable &t, DiagnoseArgs &a, const FabricOptions &fabric)
{
    t.parser().setApplicationDescription(DiagnoseText::tr(
        "Watches a fabric for --seconds and prints what the diagnosis names: findings (a cause, "
        "its location, the evidence and the alerts it explains), active and cleared, the alerts "
        "no finding explains, and the sources it read. It reads only what devices expose (NX-API, "
        "agents, a metrics store, or a recording of them).\n\nWith --sim and a --scenario that "
        "holds faults, the scenario's load runs healthy for --warmup seconds first, then the "
        "faults start; the report's \"scenario\" says what was injected where (the simulator's "
        "ground truth, for scoring; the diagnosis never reads it).\n\nSecrets for --inventory as "
        "for `rocectl watch`; for --prometheus, ROCE_PROMETHEUS_SECRET (with --auth)."));
    fabric.addTo(t.parser());
    const QString seconds = DiagnoseText::tr("seconds");
    t.flag(QStringLiteral("served"),
           DiagnoseText::tr("With --sim: through the simulated fabric's served NX-API and agents "
                            "(always so: the diagnosis reads what devices expose)."),
           &a.served)
        .text(QStringLiteral("prometheus"), QStringLiteral("url"),
              DiagnoseText::tr("The fleet as this metrics store holds it "
                               "(as rocectl fleet reads it)."),
              &a.prometheus)
        .text(QStringLiteral("prefix"), QStringLiteral("path"),
              DiagnoseText::tr("With --prometheus: the query API's path "
                               "prefix."),
              &a.prefix)
        .text(QStringLiteral("auth"), QStringLiteral("kind"),
              DiagnoseText::tr("With --prometheus: none (default), bearer "
                               "or basic."),
              &a.auth)
        .text(QStringLiteral("replay"), QStringLiteral("file"),
              DiagnoseText::tr("A recording, replayed through the live "
                               "model as fast as it goes."),
              &a.replay)
        // The bound was exclusive (more than 0 s): 0.001 refuses the same in practice.
        .number(QStringLiteral("seconds"), QStringLiteral("s"),
                DiagnoseText::tr("Seconds to watch (default 30; with "
                                 "--replay: the whole recording)."),
                &a.seconds, {0.001, 86400, seconds})
        .number(QStringLiteral("warmup"), QStringLiteral("s"),
                DiagnoseText::tr("With --sim and faults: seconds the healthy "
                                 "load runs before them (default 5)."),
                &a.warmup, {0, 3600, seconds})
        .flag(QStringLiteral("pingmesh"),
              DiagnoseText::tr("Also run the agents' pingmesh: latency evidence (a slow host shows "
                               "in no counter)."),
              &a.pingmesh)
        .number(QStringLiteral("wait"), QStringLiteral("s"),
                DiagnoseText::tr("Seconds to wait for every source to answer "
                                 "(default 20)."),
                &a.wait, {0, seconds})
        .flag(QStringLiteral("json"), DiagnoseText::tr("Print one JSON object."), &a.json);
}

/// Why the options given do not go together, if they do not.
std::optional<QString> misuseOf(const QCommandLineParser &parser, const FabricOptions &fabric,
                                const DiagnoseArgs &a)
{
    const bool prometheus = parser.isSet(QStringLiteral("prometheus"));
    const bool replay = parser.isSet(QStringLiteral("replay"));
    const int kinds = int(parser.isSet(fabric.inventory)) + int(parser.isSet(fabric.sim))
        + int(prometheus) + int(replay);
    if (kinds != 1)
        return DiagnoseText::tr("give one of --inventory FILE, --sim, --prometheus URL or "
                                "--replay FILE");
    if (!parser.isSet(fabric.sim)
        && (parser.isSet(fabric.topology) || parser.isSet(fabric.scenario)
            || parser.isSet(fabric.seed) || a.served))
        return DiagnoseText::tr("--topology, --scenario, --seed and --served go with --sim");
    if (const QString problem = fabric.valueProblem(parser); !problem.isEmpty())
        return problem;
    if (!prometheus
        && (parser.isSet(QStringLiteral("prefix")) || parser.isSet(QStringLiteral("auth"))))
        return DiagnoseText::tr("--prefix and --auth go with --prometheus");
    if (a.pingmesh && (prometheus || replay))
        return DiagnoseText::tr("--pingmesh needs agents: --inventory or --sim");
    return std::nullopt;
}

/// A live diagnosis as it runs: the model the sources feed, the loop that runs until the
/// watch is over, and what the simulated fabric injected.
struct LiveWatch {
    live::LiveFabric hub;
    QEventLoop loop;
    HeadlessFabric fabric;
    QString spec;          ///< --scenario: its load runs first, then its faults
    bool faults = false;   ///< --sim with a scenario that holds faults
    QJsonObject scenario;  ///< what the faults injected where, once they did
    int exitCode = ExitOk;

    void fail(const QString &message, CommandIo &io)
    {
        io.err << QStringLiteral("rocectl diagnose: ") << message << '\n';
        io.err.flush();
        exitCode = ExitFailure;
        loop.quit();
    }
};

/// Feeds the hub from --prometheus's fleet; the store's failures are said and the watch goes
/// on. Why the options name no store, if they do not.
std::optional<QString> watchPrometheus(LiveWatch &w, const DiagnoseArgs &a, CommandIo &io)
{
    auto endpoint = prom::parsePromEndpoint(a.prometheus, a.prefix);
    if (!endpoint)
        return endpoint.error().message;
    const auto auth = prom::parseAuth(a.auth);
    if (!auth)
        return auth.error().message;
    fleet::FleetOptions options;
    options.endpoint = *endpoint;
    options.endpoint.auth = *auth;
    if (options.endpoint.auth != prom::PromEndpoint::Auth::None) {
        // As rocectl fleet: the environment, else the keychain; never an empty token sent.
        const auto secret = prometheusSecret(options.endpoint);
        if (!secret)
            return DiagnoseText::tr("no secret for %1 in ROCE_PROMETHEUS_SECRET or the "
                                    "keychain (%2)")
                .arg(options.endpoint.displayName(), secret.error().message);
        options.endpoint.secret = *secret;
    }
    fleet::FleetSource *source = fleet::watchFleet(w.hub, options);
    QObject::connect(source, &fleet::FleetSource::failed, &w.loop,
                     [&io](const QString &store, const QString &message) {
                         io.err << QStringLiteral("rocectl diagnose: ") << store
                                << QStringLiteral(": ") << message << '\n';
                     });
    return std::nullopt;
}

/// Feeds the hub from the fabric --inventory or --sim names, the scenario's load alone at
/// first. False when it cannot start at all (the reason written).
bool watchFabric(LiveWatch &w, const FabricOptions &fabric, const QCommandLineParser &parser,
                 CommandIo &io)
{
    QObject::connect(&w.fabric, &HeadlessFabric::failed, &w.loop,
                     [&w, &io](const QString &message) { w.fail(message, io); });
    // Faults that cannot start (a leaf/spine fault on the reference fabric, a target it does
    // not have) end the watch with the reason, not a report of a healthy fabric.
    QObject::connect(
        &w.fabric, &HeadlessFabric::scenarioFailed, &w.loop, [&w, &io](const QString &message) {
            w.fail(DiagnoseText::tr("the faults of '%1' cannot start: %2").arg(w.spec, message),
                   io);
        });
    // Targets the fabric has not are said now, not after the warm-up.
    if (w.faults) {
        const QString topology = parser.value(fabric.topology);
        const auto spec = sim::SimService::fabricFor(
            topology.isEmpty() ? QStringLiteral("reference") : topology);
        const auto startable
            = spec ? sim::checkLiveScenarioTargets(*spec, w.spec) : Result<void>(spec.error());
        if (!startable) {
            io.err << QStringLiteral("rocectl diagnose: ")
                   << DiagnoseText::tr("the faults of '%1' cannot start: %2")
                          .arg(w.spec, startable.error().message)
                   << '\n';
            return false;
        }
    }
    w.fabric.setInitialScenario(loadOf(w.spec));
    if (!w.fabric.start(w.hub, fabric, parser, io, QStringLiteral("rocectl diagnose")))
        return false;
    QObject::connect(&w.fabric, &HeadlessFabric::scenarioInjected, &w.loop,
                     [&w](const QJsonObject &injection) {
                         // The warm-up load reports an injection too (of nothing): the report
                         // keeps the one of the faults.
                         if (!w.faults || !w.scenario.isEmpty()
                             || injection.value(QStringLiteral("injected")).toArray().isEmpty())
                             return;
                         w.scenario = injection;
                         w.scenario.insert(QStringLiteral("started_ms"),
                                           double(QDateTime::currentMSecsSinceEpoch()));
                     });
    return true;
}

/// Runs the watch until it is over or stopped: once every source answered (or the wait is
/// over), the healthy warm-up, the faults, then @p seconds of watching.
/// Returns the seconds the fabric was watched (fewer than @p seconds when stopped early).
double watchInPhases(LiveWatch &w, const DiagnoseArgs &a, double seconds)
{
    pingmesh::AgentPingmeshFeed probes;
    QObject::connect(&probes, &pingmesh::AgentPingmeshFeed::snapshot, &w.loop,
                     [&w](const pingmesh::PingmeshSnapshot &s) {
                         w.hub.raiseFindings(QStringLiteral("pingmesh"), s.verdicts);
                     });
    QElapsedTimer since;
    since.start();
    // Ending: the watch is over, and the report waits for the diagnosis's next evaluation, so
    // that every alert it lists has been judged (alerts come with each frame, the diagnosis
    // once a second: one raised in between would otherwise read as explained by no finding).
    enum class Phase { Waiting, WarmingUp, Watching, Ending } phase = Phase::Waiting;
    qint64 phaseStart = 0;
    qint64 judgedAtMs = 0;
    qint64 watchedFrom = -1, watchedTo = -1;
    QObject::connect(&w.hub, &live::LiveFabric::frameReady, &probes, [&] {
        if (probes.isRunning())
            probes.setPorts(w.hub.freshLatest());
        if (phase == Phase::Ending && w.hub.lastDiagnosisMs() != judgedAtMs)
            w.loop.quit();
    });
    QTimer clock;
    clock.setInterval(250);
    QObject::connect(&clock, &QTimer::timeout, &w.loop, [&] {
        if (phase == Phase::Waiting) {
            if (!w.hub.everySourceAnswered() && since.elapsed() < qint64(a.wait * 1000))
                return;
            if (a.pingmesh) {
                pingmesh::AgentPingmeshOptions options;
                options.seconds = int(seconds + a.warmup + 60);
                options.placement = w.hub.placement();
                probes.start(w.hub.agentEndpoints(), w.hub.freshLatest(), options);
            }
            phase = w.faults ? Phase::WarmingUp : Phase::Watching;
            phaseStart = since.elapsed();
            if (phase == Phase::Watching)
                watchedFrom = phaseStart;
            return;
        }
        if (phase == Phase::WarmingUp && since.elapsed() - phaseStart >= qint64(a.warmup * 1000)) {
            w.fabric.startScenario(w.spec);
            phase = Phase::Watching;
            phaseStart = watchedFrom = since.elapsed();
            return;
        }
        if (phase == Phase::Watching && since.elapsed() - phaseStart >= qint64(seconds * 1000)) {
            phase = Phase::Ending;
            phaseStart = watchedTo = since.elapsed();
            judgedAtMs = w.hub.lastDiagnosisMs();
            return;
        }
        // A fabric gone quiet sends no frame to evaluate on: report what was judged.
        if (phase == Phase::Ending && since.elapsed() - phaseStart >= 3000)
            w.loop.quit();
    });
    clock.start();
    StopSignals stop;
    QObject::connect(&stop, &StopSignals::stopRequested, &w.loop, &QEventLoop::quit);
    if (w.exitCode == ExitOk)
        w.loop.exec();
    probes.stop();
    w.hub.stop();
    if (watchedFrom < 0)
        return 0;
    return double((watchedTo >= 0 ? watchedTo : since.elapsed()) - watchedFrom) / 1000.0;
}

/// A fabric watched live: --prometheus's fleet, or the fabric --inventory or --sim names.
int diagnoseLive(const DiagnoseArgs &a, const FabricOptions &fabric,
                 const QCommandLineParser &parser, const QStringList &args, CommandIo &io)
{
    LiveWatch w;
    w.spec = parser.value(fabric.scenario);
    w.faults = parser.isSet(fabric.sim) && w.spec != loadOf(w.spec);
    if (parser.isSet(QStringLiteral("prometheus"))) {
        if (const auto misuse = watchPrometheus(w, a, io))
            return usageError(args, io, *misuse);
    } else if (!watchFabric(w, fabric, parser, io)) {
        return ExitFailure;
    }
    const double watched = watchInPhases(w, a, a.seconds.value_or(30));
    if (w.exitCode != ExitOk)
        return w.exitCode;
    if (w.faults && w.scenario.isEmpty())
        io.err << DiagnoseText::tr("rocectl diagnose: the faults of '%1' did not start").arg(w.spec)
               << '\n';
    const QJsonObject report = reportOf(w.hub, watched, w.scenario);
    if (a.json)
        io.out << QJsonDocument(report).toJson(QJsonDocument::Compact) << '\n';
    else
        printReport(report, io.out);
    io.out.flush();
    // A fabric none of whose sources ever answered was not diagnosed: its "no finding" is not
    // a healthy fabric's.
    const QList<live::SourceState> sources = w.hub.sources();
    if (std::none_of(sources.cbegin(), sources.cend(), [](const live::SourceState &s) {
            return s.lastFrameMs > 0 && s.kind != QLatin1String("analyzer");
        })) {
        io.err << QStringLiteral("rocectl diagnose: ")
               << DiagnoseText::tr("no source of the fabric answered: nothing was diagnosed")
               << '\n';
        return ExitFailure;
    }
    return ExitOk;
}

}  // namespace

int DiagnoseCommand::run(const QStringList &args, CommandIo &io)
{
    DiagnoseArgs a;
    const FabricOptions fabric;
    OptionTable table;
    declare(table, a, fabric);
    if (const auto early = parseCommandLine(table, args, io, true))
        return *early;
    const QCommandLineParser &parser = table.parser();
    if (const auto misuse = misuseOf(parser, fabric, a))
        return usageError(args, io, *misuse);
    // A replay lasts as long as its recording unless --seconds says otherwise.
    if (parser.isSet(QStringLiteral("replay")))
        return diagnoseReplay(a.replay, a.seconds.value_or(0), a.json, io);
    return diagnoseLive(a, fabric, parser, args, io);
}

}  // namespace roce::cli
