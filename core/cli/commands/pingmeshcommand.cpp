#include "cli/commands/pingmeshcommand.h"

#include "cli/access/agentaccess.h"
#include "cli/access/headlessfabric.h"
#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "cli/framework/stopsignals.h"
#include "collect/pingmesh/agentpingmesh.h"
#include "live/hub/livefabric.h"
#include "sim/engine/fabric.h"
#include "sim/feeds/pingmeshrun.h"
#include "sim/scenarios/livescenario.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

namespace roce::cli {

namespace {

class PingmeshText
{
    Q_DECLARE_TR_FUNCTIONS(PingmeshText)
};

/// The report in words: the matrix's line, then each verdict with what to check.
void printReport(const QJsonObject &json, CommandIo &io)
{
    const QJsonObject m = json.value(QStringLiteral("matrix")).toObject();
    io.out << PingmeshText::tr("%1 NICs, %2 pairs, %3 probes (%4 % lost in the last %5 s), RTT "
                               "p50 %6 us, p99 %7 us")
                  .arg(m.value(QStringLiteral("endpoints")).toInt())
                  .arg(m.value(QStringLiteral("pairs")).toInt())
                  .arg(qint64(m.value(QStringLiteral("probes_sent_total")).toDouble()))
                  .arg(m.value(QStringLiteral("loss_pct")).toDouble())
                  .arg(m.value(QStringLiteral("window_s")).toDouble())
                  .arg(m.value(QStringLiteral("rtt_p50_us")).toDouble())
                  .arg(m.value(QStringLiteral("rtt_p99_us")).toDouble())
           << QLatin1Char('\n');
    for (const QJsonValue &f : json.value(QStringLiteral("endpoints_failed")).toArray()) {
        io.out << PingmeshText::tr("Left out: %1: %2")
                      .arg(f.toObject().value(QStringLiteral("name")).toString(),
                           f.toObject().value(QStringLiteral("reason")).toString())
               << QLatin1Char('\n');
    }
    const QJsonArray verdicts = json.value(QStringLiteral("verdicts")).toArray();
    if (m.value(QStringLiteral("pairs")).toInt() == 0)
        io.out << PingmeshText::tr("No pair was probed: a pingmesh needs two endpoints or more.")
               << QLatin1Char('\n');
    else if (verdicts.isEmpty())
        io.out << PingmeshText::tr("No verdicts: every pair answers as the others do.")
               << QLatin1Char('\n');
    for (const QJsonValue &v : verdicts) {
        const QJsonObject o = v.toObject();
        io.out << QLatin1Char('\n') << o.value(QStringLiteral("kind")).toString().toUpper()
               << QStringLiteral(" (after %1 s): ")
                      .arg(o.value(QStringLiteral("raised_after_s")).toDouble())
               << o.value(QStringLiteral("summary")).toString() << QLatin1Char('\n')
               << QStringLiteral("  ")
               << PingmeshText::tr("Check: %1").arg(o.value(QStringLiteral("check")).toString())
               << QLatin1Char('\n');
    }
}

/// Exit 1, said on stderr, when fewer than two endpoints took part (a one-host fabric, agents
/// that did not answer): there was no pingmesh to speak of.
int exitStatus(const QJsonObject &report, CommandIo &io)
{
    const QJsonObject m = report.value(QStringLiteral("matrix")).toObject();
    const int endpoints = m.value(QStringLiteral("endpoints")).toInt();
    if (endpoints >= 2 && m.value(QStringLiteral("pairs")).toInt() > 0)
        return ExitOk;
    io.err
        << QStringLiteral("rocectl pingmesh: ")
        << PingmeshText::tr("%1 endpoint(s) took part: a pingmesh needs two or more").arg(endpoints)
        << QLatin1Char('\n');
    return ExitFailure;
}

}  // namespace

QString PingmeshCommand::summary() const
{
    return PingmeshText::tr("Probe every pair of NICs and name the bad NIC, link or port");
}

namespace {

/// One line per fault of a served fabric's scenario, where it was injected.
QString injectionLines(const QJsonObject &injection)
{
    QString lines;
    const QJsonArray faults = injection.value(QStringLiteral("injected")).toArray();
    for (const QJsonValue &f : faults) {
        const QJsonObject fault = f.toObject();
        lines += QStringLiteral("rocectl pingmesh: ")
            + (fault.value(QStringLiteral("drawn")).toBool()
                   ? PingmeshText::tr("%1 injected at %2 (drawn at random)")
                   : PingmeshText::tr("%1 injected at %2"))
                  .arg(fault.value(QStringLiteral("fault")).toString(),
                       fault.value(QStringLiteral("location")).toString())
            + QLatin1Char('\n');
    }
    return lines;
}

}  // namespace

int PingmeshCommand::runOverAgents(const QCommandLineParser &parser,
                                   const pingmesh::AgentPingmeshOptions &options,
                                   const QList<agentproto::AgentEndpoint> &direct, bool json,
                                   CommandIo &io)
{
    // The fabric as rocectl watch sees it: its switches (LLDP and port counters, for placing
    // endpoints and confirming links) and its agents (the endpoints).
    const FabricOptions fabricOptions;
    live::LiveFabric hub;
    HeadlessFabric fabric;
    QEventLoop loop;
    int exitCode = ExitOk;
    std::unique_ptr<pingmesh::AgentPingmesh> run;
    QList<agentproto::AgentEndpoint> agents;
    auto fail = [&](const QString &message) {
        io.err << QStringLiteral("rocectl pingmesh: ") << message << QLatin1Char('\n');
        io.err.flush();
        exitCode = ExitFailure;
        loop.quit();
    };
    QObject::connect(&fabric, &HeadlessFabric::failed, &loop, fail);
    QObject::connect(&fabric, &HeadlessFabric::planReady, &loop,
                     [&](const live::FabricPlan &plan) { agents = plan.agents; });
    // What the served fabric's scenario injected where: a drawn target is said nowhere else.
    QJsonObject scenario;
    QObject::connect(&fabric, &HeadlessFabric::scenarioInjected, &loop,
                     [&](const QJsonObject &injection) {
                         scenario = injection;
                         io.err << injectionLines(injection);
                         io.err.flush();
                     });
    if (!direct.isEmpty())
        agents = direct;  // agents named on the command line: no switches, no LLDP
    else if (!fabric.start(hub, fabricOptions, parser, io, QStringLiteral("rocectl pingmesh")))
        return ExitFailure;
    // Probing starts once every source has answered or failed (LLDP then places the
    // endpoints), or after 10 s.
    QElapsedTimer since;
    since.start();
    QTimer wait;
    wait.setInterval(200);
    QObject::connect(&wait, &QTimer::timeout, &loop, [&] {
        const QList<live::SourceState> sources = hub.sources();
        const bool heard = !direct.isEmpty()
            || (!sources.isEmpty()
                && std::all_of(sources.cbegin(), sources.cend(), [](const auto &s) {
                       return s.state != live::SourceState::State::Connecting;
                   }));
        if ((!heard && since.elapsed() < 10000) || run)
            return;
        wait.stop();
        if (agents.isEmpty()) {
            fail(PingmeshText::tr("the fabric has no agents to probe from"));
            return;
        }
        // Each agent's every RDMA device with an active RoCE port is an endpoint, named as the
        // agent names its host (as LLDP does).
        QList<pingmesh::AgentPingmeshMember> members;
        for (const agentproto::AgentEndpoint &a : std::as_const(agents))
            members.append({QString(), a, QString()});
        pingmesh::AgentPingmeshOptions placed = options;
        placed.placement = hub.placement();
        run = std::make_unique<pingmesh::AgentPingmesh>(members, placed);
        if (direct.isEmpty())
            run->setFabricView([&hub] { return hub.freshLatest(); });
        QObject::connect(run.get(), &pingmesh::AgentPingmesh::memberFailed, &loop,
                         [&io](const QString &member, const QString &reason) {
                             io.err << QStringLiteral("rocectl pingmesh: ")
                                    << PingmeshText::tr("%1 left out: %2").arg(member, reason)
                                    << QLatin1Char('\n');
                             io.err.flush();
                         });
        QObject::connect(run.get(), &pingmesh::AgentPingmesh::finished, &loop, &QEventLoop::quit);
        run->start();
    });
    wait.start();
    StopSignals stop;
    QObject::connect(&stop, &StopSignals::stopRequested, &loop, [&] {
        if (run)
            run->stop();
        else
            loop.quit();
    });
    if (exitCode == ExitOk)
        loop.exec();
    hub.stop();
    if (exitCode != ExitOk || !run)
        return exitCode == ExitOk ? ExitFailure : exitCode;
    QJsonObject report = run->reportJson();
    if (!scenario.isEmpty())
        report.insert(QStringLiteral("scenario"), scenario);
    if (json)
        writeJson(io.out, QJsonDocument(report));
    else
        printReport(report, io);
    return exitStatus(report, io);
}

namespace {

/// What `rocectl pingmesh` was asked for, as typed.
struct PingmeshArgs {
    bool sim = false;
    QString inventory;  ///< HeadlessFabric reads it from the parser
    QStringList agents;
    bool served = false;
    QString topology;
    QString scenario;
    double seconds = 10;
    /// Unset: 100 over agents, 200 for the model alone (probeRate()).
    std::optional<double> rate;
    int sourcePorts = 8;
    quint64 seed = 1;
    QString engine;
    bool json = false;
};

void declare(OptionTable &t, PingmeshArgs &a)
{
    QString scenarios;
    for (const auto &[name, text] : sim::pingmeshScenarios())
        scenarios += QStringLiteral("  %1  %2\n").arg(name, -22).arg(text);
    t.parser().setApplicationDescription(
        PingmeshText::tr("RDMA pingmesh: every NIC probes its pinglist peers (all pairs up to 64 "
                         "NICs; beyond that every pair under a switch plus sampled pairs across "
                         "switches) over several UDP source ports, and the analyzer joins the "
                         "pair matrix with the switches' port counters into verdicts: a bad "
                         "NIC or host, a bad link, congestion; detectors add pause cost, PFC "
                         "watchdog flaps and misses, and ECN configured but not marking.\n\n"
                         "Scenarios of --sim:\n%1")
            .arg(scenarios));
    t.flag(QStringLiteral("sim"), PingmeshText::tr("Probe the simulated fabric."), &a.sim)
        .text(
            QStringLiteral("inventory"), QStringLiteral("file"),
            PingmeshText::tr("Probe the fabric of this inventory: each server's roce-agent runs a "
                             "pingmesh endpoint (agent tokens and switch passwords as for rocectl "
                             "watch)."),
            &a.inventory)
        .texts(
            QStringLiteral("agent"), QStringLiteral("host:port"),
            PingmeshText::tr("Probe among the RDMA devices of the agent at HOST:PORT (repeat for "
                             "more agents; no switches, so no link verdicts)."),
            &a.agents)
        .flag(QStringLiteral("served"),
              PingmeshText::tr(
                  "With --sim: probe through the simulated fabric's served agents and "
                  "NX-API, exactly as with --inventory (default: the model alone, fast)."),
              &a.served)
        .text(QStringLiteral("topology"), QStringLiteral("shape"),
              PingmeshText::tr("Simulated fabric: reference, starN or rail:HOSTS:NICS:RAILS:SPINES "
                               "(default rail:64:2:2:8: 128 NICs under 4 leaves, 8 spines; with "
                               "--served the reference fabric)."),
              &a.topology)
        .text(QStringLiteral("scenario"), QStringLiteral("name"),
              PingmeshText::tr("Fault to simulate (default healthy); with --served a live "
                               "scenario of rocectl sim --serve (nic-stall, ...)."),
              &a.scenario)
        // The bound was exclusive (more than 0 s): 0.001 refuses the same in practice.
        .number(QStringLiteral("seconds"), QStringLiteral("s"),
                PingmeshText::tr("Probe this long (default 10)."), &a.seconds,
                {0.001, 3600, PingmeshText::tr("seconds")})
        .number(QStringLiteral("rate"), QStringLiteral("n"),
                PingmeshText::tr("Probes per second per NIC (default 200; 100 over agents)."),
                &a.rate, {1, 100000, PingmeshText::tr("probes per second")})
        .whole(
            QStringLiteral("source-ports"), QStringLiteral("n"),
            PingmeshText::tr("Over agents: UDP source ports each NIC sweeps per peer (default 8)."),
            &a.sourcePorts, {1, 64})
        .whole(QStringLiteral("seed"), QStringLiteral("n"),
               PingmeshText::tr("Seed of the model (default 1)."), &a.seed, {0})
        .text(QStringLiteral("engine"), QStringLiteral("name"),
              PingmeshText::tr(
                  "Model: packet or fluid (default: fluid on rail fabrics, else packet)."),
              &a.engine)
        .flag(QStringLiteral("json"), PingmeshText::tr("Print the report as JSON."), &a.json);
}

/// Whether the probes go through agents (an inventory's, the served fabric's or those named)
/// rather than through the model alone.
bool probesThroughAgents(const OptionTable &t, const PingmeshArgs &a)
{
    return t.isSet(QStringLiteral("inventory")) || a.served || !a.agents.isEmpty();
}

double probeRate(const OptionTable &t, const PingmeshArgs &a)
{
    return a.rate.value_or(probesThroughAgents(t, a) ? 100 : 200);
}

/// Why the options given do not go together, if they do not.
std::optional<QString> misuseOf(const OptionTable &t, const PingmeshArgs &a)
{
    if (int(a.sim) + int(t.isSet(QStringLiteral("inventory"))) + int(!a.agents.isEmpty()) != 1)
        return PingmeshText::tr("give one of --sim, --inventory FILE or --agent HOST:PORT");
    if (a.served && !a.sim)
        return PingmeshText::tr("--served goes with --sim (an inventory is always probed "
                                "through its agents)");
    if (!probesThroughAgents(t, a))
        return std::nullopt;
    if (t.isSet(QStringLiteral("engine")) || t.isSet(QStringLiteral("seed")))
        return PingmeshText::tr("--engine and --seed are for the model alone (--sim "
                                "without --served)");
    // The served fabric runs the live scenarios of rocectl watch --sim (nic-stall, ...; an
    // unknown one fails as there); the pingmesh's own faults (bad-nic:HOST, ...) are the
    // model's alone.
    if (t.isSet(QStringLiteral("scenario")) && !a.served)
        return PingmeshText::tr("--scenario goes with --sim");
    // A name both kinds have (bad-link, ecn-not-marking) is the live one here, as
    // `rocectl sim --list` lists it; they were refused as the model's.
    if (!t.isSet(QStringLiteral("scenario")) || sim::checkLiveScenarioNames(a.scenario))
        return std::nullopt;
    const QString scenario = a.scenario.section(QLatin1Char(':'), 0, 0);
    for (const auto &[name, text] : sim::pingmeshScenarios()) {
        if (name.section(QLatin1Char(':'), 0, 0) == scenario && scenario != u"healthy")
            return PingmeshText::tr("%1 is a fault of the model alone (--sim without "
                                    "--served); with --served, --scenario is a live "
                                    "scenario (rocectl sim --list)")
                .arg(a.scenario);
    }
    return std::nullopt;
}

pingmesh::AgentPingmeshOptions agentPingmeshOptions(const OptionTable &t, const PingmeshArgs &a)
{
    pingmesh::AgentPingmeshOptions options;
    options.seconds = std::max(1, int(std::ceil(a.seconds)));
    options.ratePerSecond = int(probeRate(t, a));
    options.sourcePorts = a.sourcePorts;
    return options;
}

/// The agents --agent names (none without it: the fabric's are found by runOverAgents).
Result<QList<agentproto::AgentEndpoint>> namedAgents(const PingmeshArgs &a, AgentAccess &access,
                                                     const QCommandLineParser &parser)
{
    QList<agentproto::AgentEndpoint> direct;
    if (a.agents.isEmpty())
        return direct;
    if (const auto configured = access.configure(parser); !configured)
        return configured.error();
    for (const QString &hostPort : a.agents) {
        const auto e = access.endpoint(hostPort);
        if (!e)
            return e.error();
        direct.append(*e);
    }
    return direct;
}

/// The model alone: probes the simulated fabric without serving it, and prints the report.
int runModel(const OptionTable &t, const PingmeshArgs &a, const QStringList &args, CommandIo &io)
{
    sim::PingmeshRunOptions options;
    if (t.isSet(QStringLiteral("topology")))
        options.topology = a.topology;
    options.scenario = a.scenario;
    options.seconds = a.seconds;
    options.probesPerSecond = probeRate(t, a);
    options.seed = a.seed;
    if (t.isSet(QStringLiteral("engine"))) {
        const auto engine = sim::parseFabricEngine(a.engine);
        if (!engine)
            return usageError(args, io, engine.error().message);
        options.engine = *engine;
    }

    const auto report = sim::runPingmesh(options);
    if (!report) {
        io.err << QStringLiteral("rocectl pingmesh: ") << report.error().message
               << QLatin1Char('\n');
        return report.error().code == ErrorCode::InvalidArgument
                || report.error().code == ErrorCode::NotFound
                || report.error().code == ErrorCode::Unsupported
            ? ExitUsage
            : ExitFailure;
    }
    const QJsonObject json = sim::pingmeshReportToJson(*report);
    if (a.json)
        writeJson(io.out, QJsonDocument(json));
    else
        printReport(json, io);
    return exitStatus(json, io);
}

}  // namespace

int PingmeshCommand::run(const QStringList &args, CommandIo &io)
{
    PingmeshArgs a;
    OptionTable table;
    declare(table, a);
    AgentAccess access;
    access.addOptions(table.parser());
    if (const auto early = parseCommandLine(table, args, io))
        return *early;
    if (const auto misuse = misuseOf(table, a))
        return usageError(args, io, *misuse);
    if (!probesThroughAgents(table, a))
        return runModel(table, a, args, io);
    const auto direct = namedAgents(a, access, table.parser());
    if (!direct)
        return usageError(args, io, direct.error().message);
    return runOverAgents(table.parser(), agentPingmeshOptions(table, a), *direct, a.json, io);
}

}  // namespace roce::cli
