#include "cli/commands/whatifcommand.h"

#include "cli/access/headlessfabric.h"
#include "cli/framework/parse.h"
#include "cli/framework/stopsignals.h"
#include "sim/scenarios/fabricnames.h"
#include "sim/scenarios/livescenario.h"
#include "sim/served/simservice.h"
#include "sim/twin/changeapplier.h"
#include "sim/twin/twinpreviewer.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <functional>

namespace roce::cli {

namespace {

class WhatIfText
{
    Q_DECLARE_TR_FUNCTIONS(WhatIfText)
};

using namespace sim::twin;

struct WhatIfArgs {
    bool served = false;
    QString change;
    double seconds = 10;
    std::optional<double> previewSeconds;
    double warmup = 5;
    double settle = 5;
    double wait = 20;
    QString engine = QStringLiteral("fluid");
    bool verify = false;
    bool json = false;
};

void declare(OptionTable &t, WhatIfArgs &a, const FabricOptions &fabric)
{
    t.parser().setApplicationDescription(WhatIfText::tr(
        "Previews a QoS change on the fabric's own load before it is made. Watches the fabric "
        "for --seconds, builds its twin only from what the console sees (each switch's "
        "running-config, the NICs' DCQCN as their agents read mlx5's ecn/ files, LLDP, the port "
        "rates and the jobs it launched), and runs the twin with its configuration and with the "
        "change side by side. Prints \"calibration\" (the twin's current run against what the "
        "fabric showed) and \"predicted\" (\"current\" and \"proposed\").\n\nThe change file "
        "holds NX-OS configuration lines (applied to every switch) and NIC lines "
        "'ecn/roce_rp/FILE VALUE' (applied to every NIC). Nothing is applied to a fabric, "
        "except with --verify, which only the simulated fabric takes: the change then goes to "
        "its switches over NX-API and its NICs through their agents, the fabric is watched "
        "again, and \"observed\" and \"error\" (the prediction's relative error per figure) "
        "are added.\n\nSecrets for --inventory as for `rocectl watch`."));
    fabric.addTo(t.parser());
    const QString seconds = WhatIfText::tr("seconds");
    t.flag(QStringLiteral("served"),
           WhatIfText::tr("With --sim: through the simulated fabric's served NX-API and agents "
                          "(always so: the twin reads what devices expose)."),
           &a.served)
        .text(QStringLiteral("change"), QStringLiteral("file"),
              WhatIfText::tr("The proposed change: NX-OS configuration lines and "
                             "'ecn/roce_np|roce_rp/FILE VALUE' lines."),
              &a.change)
        .number(QStringLiteral("seconds"), QStringLiteral("s"),
                WhatIfText::tr("Seconds to watch the fabric (and, with --verify, to watch it "
                               "again after the change); default 10."),
                &a.seconds, {1, 3600, seconds})
        .number(QStringLiteral("preview-seconds"), QStringLiteral("s"),
                WhatIfText::tr("Model seconds the twin runs each configuration for (default: "
                               "--seconds)."),
                &a.previewSeconds, {0.01, 3600, seconds})
        .number(QStringLiteral("warmup"), QStringLiteral("s"),
                WhatIfText::tr("Seconds the load runs before the watch (default 5)."), &a.warmup,
                {0, 3600, seconds})
        .number(QStringLiteral("settle"), QStringLiteral("s"),
                WhatIfText::tr("With --verify: seconds between the change and the second watch "
                               "(default 5)."),
                &a.settle, {0, 3600, seconds})
        .number(QStringLiteral("wait"), QStringLiteral("s"),
                WhatIfText::tr("Seconds to wait for every source to answer (default 20)."), &a.wait,
                {0, 3600, seconds})
        .choice(QStringLiteral("engine"), QStringLiteral("engine"),
                WhatIfText::tr("The twin's model: fluid (default) or packet (every counter "
                               "exact; several times slower on a large fabric under load)."),
                &a.engine, {QStringLiteral("fluid"), QStringLiteral("packet")})
        .flag(QStringLiteral("verify"),
              WhatIfText::tr("Simulated fabric only: apply the change to it, watch it again, "
                             "and report the prediction's error."),
              &a.verify)
        .flag(QStringLiteral("json"), WhatIfText::tr("Print one JSON object."), &a.json);
}

std::optional<QString> misuseOf(const QCommandLineParser &parser, const FabricOptions &fabric,
                                const WhatIfArgs &a)
{
    if (a.served && !parser.isSet(fabric.sim))
        return WhatIfText::tr("--served goes with --sim");
    if (a.verify && !parser.isSet(fabric.sim))
        return WhatIfText::tr("--verify applies the change to the fabric, and only the simulated "
                              "one (--sim) takes it: the console never changes a real switch");
    if (a.change.isEmpty())
        return WhatIfText::tr("--change FILE is required");
    return std::nullopt;
}

/// Runs @p loop until @p done or @p seconds have passed (false), or a stop was asked.
bool runUntil(QEventLoop &loop, double seconds, const std::function<bool()> &done, bool *stopped)
{
    QElapsedTimer since;
    since.start();
    QTimer clock;
    clock.setInterval(100);
    bool reached = done && done();
    QObject::connect(&clock, &QTimer::timeout, &loop, [&] {
        if (done && done()) {
            reached = true;
            loop.quit();
        } else if (since.elapsed() >= qint64(seconds * 1000)) {
            loop.quit();
        }
    });
    StopSignals stop;
    QObject::connect(&stop, &StopSignals::stopRequested, &loop, [&] {
        *stopped = true;
        loop.quit();
    });
    if (!reached && !*stopped) {
        clock.start();
        loop.exec();
    }
    return reached;
}

/// The simulated fabric's launched jobs (its scenario's), by NIC row.
QList<sim::LaunchedJob> jobsOf(const QCommandLineParser &parser, const FabricOptions &fabric,
                               QStringList *notes)
{
    if (!parser.isSet(fabric.sim)) {
        notes->append(WhatIfText::tr("Jobs launched from another console are not known here: "
                                     "their traffic counts as bulk flows."));
        return {};
    }
    const auto jobs = sim::SimService::launchedJobsOn(parser.value(fabric.topology),
                                                      parser.value(fabric.scenario));
    if (!jobs) {
        notes->append(jobs.error().message);
        return {};
    }
    return *jobs;
}

QJsonObject twinToJson(const TwinModel &twin)
{
    QJsonArray flows;
    for (const EstimatedFlow &f : twin.flows) {
        QJsonObject flow {{QStringLiteral("src"), sim::nicRowOf(twin.spec, f.src)},
                          {QStringLiteral("dst"), sim::nicRowOf(twin.spec, f.dst)},
                          {QStringLiteral("gbps"), f.gbps}};
        if (f.uplink >= 0)
            flow.insert(QStringLiteral("uplink"), sim::switchPortId(twin.spec, f.uplink));
        flows.append(flow);
    }
    int links = 0;
    for (const sim::SwitchPortSpec &p : twin.spec.switchPorts)
        links += p.peerKind == sim::PeerKind::SwitchPort ? 1 : 0;
    return {{QStringLiteral("switches"), int(twin.spec.switches.size())},
            {QStringLiteral("switch_links"), links / 2},
            {QStringLiteral("nics"), int(twin.spec.hosts.size())},
            {QStringLiteral("jobs"), int(twin.jobs.size())},
            {QStringLiteral("flows"), flows},
            {QStringLiteral("notes"), QJsonArray::fromStringList(twin.notes)},
            {QStringLiteral("uncertain"), QJsonArray::fromStringList(twin.uncertain)}};
}

QJsonObject changeToJson(const TwinChange &change)
{
    QJsonArray lines;
    for (const TwinChange::Line &l : change.switchLines)
        lines.append(QJsonObject {{QStringLiteral("switch"), l.switchName},
                                  {QStringLiteral("command"), l.command}});
    return {{QStringLiteral("switch_commands"), lines},
            {QStringLiteral("roce_np"), change.roceNp},
            {QStringLiteral("roce_rp"), change.roceRp}};
}

QString cell(const QJsonValue &v)
{
    if (v.isNull() || v.isUndefined())
        return QStringLiteral("-");
    const double d = v.toDouble();
    return std::abs(d) >= 100 ? QString::number(d, 'f', 0) : QString::number(d, 'g', 3);
}

void printWhatIf(const QJsonObject &r, QTextStream &out)
{
    const QJsonObject predicted = r.value(QStringLiteral("predicted")).toObject();
    const QJsonObject current = predicted.value(QStringLiteral("current")).toObject();
    const QJsonObject proposed = predicted.value(QStringLiteral("proposed")).toObject();
    const QJsonObject calibration = r.value(QStringLiteral("calibration")).toObject();
    const QJsonObject seen = calibration.value(QStringLiteral("observed")).toObject();
    const QJsonObject observed = r.value(QStringLiteral("observed")).toObject();
    const QJsonObject error = r.value(QStringLiteral("error")).toObject();
    const bool verified = !observed.isEmpty();
    out << QStringLiteral("%1 %2 %3 %4")
               .arg(WhatIfText::tr("figure"), -24)
               .arg(WhatIfText::tr("seen now"), 12)
               .arg(WhatIfText::tr("twin now"), 12)
               .arg(WhatIfText::tr("proposed"), 12);
    if (verified)
        out << QStringLiteral(" %1 %2")
                   .arg(WhatIfText::tr("observed"), 12)
                   .arg(WhatIfText::tr("error"), 8);
    out << '\n';
    for (const QString &key : figureKeys()) {
        out << QStringLiteral("%1 %2 %3 %4")
                   .arg(key, -24)
                   .arg(cell(seen.value(key)), 12)
                   .arg(cell(current.value(key)), 12)
                   .arg(cell(proposed.value(key)), 12);
        if (verified) {
            const QJsonValue e = error.value(key);
            out << QStringLiteral(" %1 %2")
                       .arg(cell(observed.value(key)), 12)
                       .arg(e.isNull() ? QStringLiteral("-")
                                       : QStringLiteral("%1%").arg(e.toDouble() * 100, 0, 'f', 0),
                            8);
        }
        out << '\n';
    }
    const QJsonObject twin = r.value(QStringLiteral("twin")).toObject();
    for (const char *list : {"uncertain", "notes"}) {
        for (const QJsonValue &v : twin.value(QLatin1String(list)).toArray())
            out << QStringLiteral("* ") << v.toString() << '\n';
    }
}

/// One what-if as it runs: the hub the fabric feeds, the loop, the plan once known.
struct WhatIfRun {
    live::LiveFabric hub;
    QEventLoop loop;
    HeadlessFabric fabric;
    std::optional<live::FabricPlan> plan;
    QString failure;
    bool stopped = false;

    bool ok() const { return failure.isEmpty() && !stopped; }
};

/// Watches for @p seconds with @p observer; longer (up to 20 s more) until every running-config
/// was read, or its switch is out of reach.
TwinObservation watchWindow(WhatIfRun &run, TwinObserver &observer, double seconds)
{
    observer.start();
    runUntil(run.loop, seconds, {}, &run.stopped);
    if (run.ok() && !observer.configsSettled())
        runUntil(
            run.loop, 20, [&observer] { return observer.configsSettled(); }, &run.stopped);
    observer.stop();
    return observer.observation();
}

int failWith(CommandIo &io, const QString &message)
{
    io.err << QStringLiteral("rocectl whatif: ") << message << '\n';
    io.err.flush();
    return ExitFailure;
}

std::variant<WhatIfOutcome, int> whatIf(const WhatIfArgs &a, const TwinChange &change,
                                        const FabricOptions &options,
                                        const QCommandLineParser &parser, CommandIo &io)
{
    WhatIfRun run;
    QObject::connect(&run.fabric, &HeadlessFabric::planReady, &run.loop,
                     [&run](const live::FabricPlan &plan) { run.plan = plan; });
    QObject::connect(&run.fabric, &HeadlessFabric::failed, &run.loop,
                     [&run](const QString &message) {
                         run.failure = message;
                         run.loop.quit();
                     });
    if (!run.fabric.start(run.hub, options, parser, io, QStringLiteral("rocectl whatif")))
        return ExitFailure;
    runUntil(
        run.loop, a.wait, [&run] { return run.plan && run.hub.everySourceAnswered(); },
        &run.stopped);
    if (!run.ok() || !run.plan)
        return failWith(
            io, run.failure.isEmpty() ? WhatIfText::tr("the fabric did not come up") : run.failure);
    runUntil(run.loop, a.warmup, {}, &run.stopped);
    QStringList notes;
    const QList<sim::LaunchedJob> jobs = jobsOf(parser, options, &notes);
    PreviewOptions preview;
    preview.window = sim::TimeNs(a.previewSeconds.value_or(a.seconds) * double(sim::kNsPerSec));
    preview.engine = a.engine == QLatin1String("packet") ? sim::FabricEngine::Packet
                                                         : sim::FabricEngine::Fluid;
    TwinPreviewer previewer(run.hub, *run.plan);
    std::optional<PreviewOutcome> outcome;
    QObject::connect(&previewer, &TwinPreviewer::finished, &run.loop,
                     [&outcome](const PreviewOutcome &o) { outcome = o; });
    QObject::connect(&previewer, &TwinPreviewer::failed, &run.loop,
                     [&run](const QString &message) { run.failure = message; });
    previewer.start(change, a.seconds, preview, jobs, notes);
    // The twin runs on a worker; the hub keeps taking what the fabric sends meanwhile.
    runUntil(
        run.loop, 86400, [&] { return outcome || !run.failure.isEmpty(); }, &run.stopped);
    if (!run.ok() || !outcome)
        return failWith(io, run.failure.isEmpty() ? WhatIfText::tr("stopped") : run.failure);
    const TwinModel &twin = outcome->twin;
    const TwinPreview *predicted = &outcome->preview;
    const FabricFigures &before = outcome->observed;
    QJsonObject report {
        {QStringLiteral("seconds"), a.seconds},
        {QStringLiteral("preview_seconds"), a.previewSeconds.value_or(a.seconds)},
        {QStringLiteral("engine"), a.engine},
        {QStringLiteral("change"), changeToJson(change)},
        {QStringLiteral("twin"), twinToJson(twin)},
        {QStringLiteral("calibration"),
         QJsonObject {
             {QStringLiteral("observed"), figuresToJson(before)},
             {QStringLiteral("error"), relativeErrors(predicted->current.figures, before)}}},
        {QStringLiteral("predicted"),
         QJsonObject {{QStringLiteral("current"), sideToJson(predicted->current)},
                      {QStringLiteral("proposed"), sideToJson(predicted->proposed)}}},
        {QStringLiteral("preview_wall_s"), predicted->wallSeconds}};
    if (parser.isSet(options.sim))
        report.insert(QStringLiteral("fabric"),
                      QJsonObject {{QStringLiteral("topology"), parser.value(options.topology)},
                                   {QStringLiteral("scenario"), parser.value(options.scenario)}});

    if (a.verify) {
        TwinObserver &observer = previewer.observer();
        ChangeApplier applier;
        QStringList refusals;
        bool applied = false;
        QObject::connect(&applier, &ChangeApplier::finished, &run.loop,
                         [&](const QStringList &errors, int, int) {
                             refusals = errors;
                             applied = true;
                             run.loop.quit();
                         });
        applier.apply(*run.plan, change, outcome->seen.nicConfigs);
        if (!applied)
            run.loop.exec();
        if (!refusals.isEmpty())
            return failWith(io,
                            WhatIfText::tr("the fabric refused the change: %1")
                                .arg(refusals.join(QStringLiteral("; "))));
        runUntil(run.loop, a.settle, {}, &run.stopped);
        const TwinObservation after = watchWindow(run, observer, a.seconds);
        if (!run.ok())
            return failWith(io, run.failure.isEmpty() ? WhatIfText::tr("stopped") : run.failure);
        const FabricFigures observed = after.figures();
        report.insert(QStringLiteral("observed"), figuresToJson(observed));
        report.insert(QStringLiteral("error"),
                      relativeErrors(predicted->proposed.figures, observed));
        report.insert(QStringLiteral("drops_agree"),
                      dropsAgree(predicted->proposed.figures.ingressMmuDropsPerS,
                                 observed.ingressMmuDropsPerS)
                          && dropsAgree(predicted->proposed.figures.egressDropsPerS,
                                        observed.egressDropsPerS));
    }
    run.hub.stop();
    return WhatIfOutcome {report, twin, change, a.json};
}

}  // namespace

std::variant<WhatIfOutcome, int> runWhatIf(const QStringList &args, CommandIo &io)
{
    WhatIfArgs a;
    const FabricOptions fabric;
    OptionTable table;
    declare(table, a, fabric);
    if (const auto early = parseCommandLine(table, args, io))
        return *early;
    const QCommandLineParser &parser = table.parser();
    if (const QString problem = fabric.check(parser); !problem.isEmpty())
        return usageError(args, io, problem);
    if (const auto misuse = misuseOf(parser, fabric, a))
        return usageError(args, io, *misuse);
    QFile file(a.change);
    if (!file.open(QIODevice::ReadOnly))
        return failWith(io, WhatIfText::tr("cannot read %1: %2").arg(a.change, file.errorString()));
    const auto change = parseChange(QString::fromUtf8(file.readAll()));
    if (!change)
        return usageError(args, io, QStringLiteral("%1: %2").arg(a.change, change.error().message));
    return whatIf(a, *change, fabric, parser, io);
}

QString WhatIfCommand::summary() const
{
    return WhatIfText::tr("Preview a QoS change on the fabric's twin (current against proposed)");
}

int WhatIfCommand::run(const QStringList &args, CommandIo &io)
{
    auto outcome = runWhatIf(args, io);
    if (const int *code = std::get_if<int>(&outcome))
        return *code;
    const WhatIfOutcome &done = std::get<WhatIfOutcome>(outcome);
    if (done.json)
        io.out << QJsonDocument(done.report).toJson(QJsonDocument::Compact) << '\n';
    else
        printWhatIf(done.report, io.out);
    io.out.flush();
    return ExitOk;
}

}  // namespace roce::cli
