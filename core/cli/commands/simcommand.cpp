#include "cli/commands/simcommand.h"

#include "cli/commands/simserveleafspine.h"
#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "sim/engine/simaiconf.h"
#include "sim/scenarios/livescenario.h"
#include "sim/scenarios/scenario.h"
#include "sim/served/simservice.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

namespace roce::cli {

namespace {

class SimCommandText
{
    Q_DECLARE_TR_FUNCTIONS(SimCommandText)
};

// --seconds was refused at 0 and below; a millisecond, what the served fabric's timer counts,
// refuses the same in practice.
constexpr double kMinSeconds = 0.001;
// What a headless scenario may simulate; a served fabric runs for as long as asked.
constexpr double kMaxScenarioSeconds = 3600;

/// What a live scenario injected where, one line a fault ("the simulator's ground truth").
void printInjection(const sim::ScenarioInjection &injection, QTextStream &out)
{
    if (injection.spec.isEmpty())
        return;
    out << SimCommandText::tr("Scenario: %1").arg(sim::resolvedSpec(injection))
        << QLatin1Char('\n');
    for (const sim::InjectedFault &f : injection.faults) {
        out << (f.drawn ? SimCommandText::tr("  injected %1 at %2 (drawn from the seed)")
                        : SimCommandText::tr("  injected %1 at %2"))
                   .arg(f.fault, f.target)
            << QLatin1Char('\n');
    }
}

QString num(double v, int decimals = 2)
{
    return QString::number(v, 'f', decimals);
}

QString count(quint64 v)
{
    return QString::number(v);
}

void printHuman(const sim::ScenarioReport &r, QTextStream &out)
{
    out << SimCommandText::tr(
               "Scenario %1 on %2 (preset %3, %4 model, seed %5): %6 s simulated in %7 s")
               .arg(r.scenario, r.topology, r.preset, r.engine)
               .arg(r.seed)
               .arg(num(double(r.duration) / sim::kNsPerSec, 3), num(r.wallSeconds, 2))
        << QLatin1Char('\n');
    if (r.warmup > 0) {
        out << SimCommandText::tr(
                   "Rates measured from %1 ms; aggregate goodput %2 Gb/s; Jain index %3")
                   .arg(num(double(r.warmup) / sim::kNsPerMs, 1), num(r.aggregateGbps),
                        num(r.jain, 3))
            << QLatin1Char('\n');
    }
    out << QLatin1Char('\n');

    TextTable flows(
        {SimCommandText::tr("FLOW"), SimCommandText::tr("SRC"), SimCommandText::tr("DST"),
         SimCommandText::tr("KIND"), SimCommandText::tr("QOS"), SimCommandText::tr("GOODPUT Gb/s"),
         SimCommandText::tr("WIRE Gb/s"), SimCommandText::tr("RC Gb/s"), SimCommandText::tr("CE"),
         SimCommandText::tr("CNP SENT"), SimCommandText::tr("CNP HANDLED")});
    for (const auto &f : r.flows) {
        flows.addRow({QString::number(f.id), f.src, f.dst, f.kind, QString::number(f.qosGroup),
                      num(f.goodputGbps), num(f.wireGbps), num(f.currentRateGbps), count(f.ceMarks),
                      count(f.cnpsSent), count(f.cnpsHandled)});
    }
    if (flows.rowCount() <= 32)
        out << flows.render() << QLatin1Char('\n');
    else
        out << SimCommandText::tr("%1 flows (use --json for each)").arg(flows.rowCount())
            << QLatin1String("\n\n");

    TextTable ports({SimCommandText::tr("INTERFACE"), SimCommandText::tr("TX UTIL %"),
                     SimCommandText::tr("MMU DROP PKTS"), SimCommandText::tr("TAIL DROP PKTS"),
                     SimCommandText::tr("TxPPP"), SimCommandText::tr("RxPPP"),
                     SimCommandText::tr("ECN MARKED"), SimCommandText::tr("Q3 MEAN KB"),
                     SimCommandText::tr("Q3 MAX KB")});
    for (const auto &p : r.ports) {
        quint64 tail = 0;
        for (quint64 v : p.delta.qosDropPkts)
            tail += v;
        ports.addRow({p.name, num(p.txUtilization * 100.0, 1), count(p.delta.ingressMmuDropPkts),
                      count(tail), count(p.delta.txPpp), count(p.delta.rxPpp),
                      count(p.delta.qosEcnPkts[sim::ClassRoce]),
                      num(p.roceQueue.meanBytes / 1000.0, 1),
                      num(double(p.roceQueue.maxBytes) / 1000.0, 1)});
    }
    out << ports.render() << QLatin1Char('\n');

    TextTable hosts({SimCommandText::tr("HOST"), SimCommandText::tr("ECN MARKED RX"),
                     SimCommandText::tr("CNP SENT"), SimCommandText::tr("CNP HANDLED"),
                     SimCommandText::tr("CNP IGNORED"), SimCommandText::tr("RX PRIO3 PAUSE"),
                     SimCommandText::tr("OUT OF SEQ"), SimCommandText::tr("SEQ ERR"),
                     SimCommandText::tr("ACK TIMEOUT")});
    for (const auto &h : r.hosts) {
        const auto &c = h.delta;
        hosts.addRow({h.name, count(c.npEcnMarkedRocePackets), count(c.npCnpSent),
                      count(c.rpCnpHandled), count(c.rpCnpIgnored), count(c.rxPrioPause[3]),
                      count(c.outOfSequence), count(c.packetSeqErr), count(c.localAckTimeoutErr)});
    }
    if (hosts.rowCount() <= 32)
        out << hosts.render();

    for (const auto &l : r.latency) {
        out << QLatin1Char('\n')
            << SimCommandText::tr("Latency %1: avg %2 us, min %3, median %4, 99% %5, 99.9% %6, max "
                                  "%7 (%8 iterations)")
                   .arg(l.kind, num(l.avgUs), num(l.minUs), num(l.p50Us), num(l.p99Us),
                        num(l.p999Us), num(l.maxUs))
                   .arg(l.iterations);
    }
    if (!r.latency.isEmpty())
        out << QLatin1Char('\n');
    for (auto it = r.extra.begin(); it != r.extra.end(); ++it) {
        const QJsonValue v = it.value();
        out << it.key() << QLatin1String(": ")
            << (v.isDouble() ? num(v.toDouble(), 3) : v.toString()) << QLatin1Char('\n');
    }
}

/// The simulated switch's service as @p a asks for it.
sim::SimServiceOptions serviceOptions(const SimArgs &a)
{
    sim::SimServiceOptions options;
    options.topology = a.topology;
    if (a.httpPort)
        options.httpPort = quint16(*a.httpPort);
    if (a.httpsPort)
        options.httpsPort = quint16(*a.httpsPort);
    if (a.agentBasePort)
        options.agentBasePort = quint16(*a.agentBasePort);
    options.http = !a.noHttp;
    options.https = !a.noHttps;
    options.user = a.user;
    options.password = a.password;
    options.speed = a.speed.value_or(1);
    options.seed = a.seed;
    return options;
}

/// The line `--serve --json` prints: scripts read it before the service runs on.
QJsonObject serviceJson(sim::SimService &service, const sim::SimServiceOptions &options,
                        const QString &scenario, const sim::ScenarioInjection &injection)
{
    QJsonArray agents;
    const auto &hosts = service.fabric().spec().hosts;
    for (int h = 0; h < hosts.size(); ++h) {
        agents.append(QJsonObject {{QStringLiteral("host"), hosts[h].name},
                                   {QStringLiteral("address"), options.address.toString()},
                                   {QStringLiteral("port"), service.agentPort(h)},
                                   {QStringLiteral("ipv4"), hosts[h].ipv4}});
    }
    return QJsonObject {
        {QStringLiteral("topology"), options.topology},
        {QStringLiteral("nxapi_http"), service.nxapiHttpUrl().toString()},
        {QStringLiteral("nxapi_https"), service.nxapiHttpsUrl().toString()},
        {QStringLiteral("certificate_sha256"), service.certificateFingerprint()},
        {QStringLiteral("user"), options.user},
        {QStringLiteral("agent_token"), options.agentToken},
        {QStringLiteral("agents"), agents},
        {QStringLiteral("scenario"), scenario.isEmpty() ? QStringLiteral("idle") : scenario},
        {QStringLiteral("injected"),
         sim::injectionToJson(injection).value(QStringLiteral("injected"))}};
}

/// The served switch's endpoints, credentials and agents, for a person.
void printService(sim::SimService &service, const sim::SimServiceOptions &options,
                  const sim::ScenarioInjection &injection, double duration, QTextStream &out)
{
    out << SimCommandText::tr("Simulated fabric '%1' running (speed x%2, seed %3).")
               .arg(options.topology)
               .arg(options.speed)
               .arg(options.seed)
        << QLatin1Char('\n');
    if (options.http)
        out << SimCommandText::tr("NX-API (HTTP):  %1").arg(service.nxapiHttpUrl().toString())
            << QLatin1Char('\n');
    if (options.https) {
        out << SimCommandText::tr("NX-API (HTTPS): %1").arg(service.nxapiHttpsUrl().toString())
            << QLatin1Char('\n')
            << SimCommandText::tr("  self-signed certificate, SHA-256 %1")
                   .arg(service.certificateFingerprint())
            << QLatin1Char('\n');
    }
    out << SimCommandText::tr("Credentials: %1 / %2").arg(options.user, options.password)
        << QLatin1Char('\n');
    printInjection(injection, out);
    const auto &hosts = service.fabric().spec().hosts;
    if (hosts.size() <= 64) {
        out << SimCommandText::tr("Agents (TLS, same certificate, token %1):")
                   .arg(options.agentToken)
            << QLatin1Char('\n');
        for (int h = 0; h < hosts.size(); ++h) {
            out << QStringLiteral("  %1  %2:%3\n")
                       .arg(hosts[h].name.leftJustified(14), options.address.toString())
                       .arg(service.agentPort(h));
        }
    }
    if (options.http) {
        out << SimCommandText::tr(
                   "Try: curl -s -u %1:%2 -H 'Content-Type: application/json' -d "
                   "'{\"ins_api\":{\"version\":\"1.0\",\"type\":\"cli_show\",\"chunk\":\"0\","
                   "\"sid\":\"1\",\"input\":\"show version\",\"output_format\":\"json\"}}' %3")
                   .arg(options.user, options.password, service.nxapiHttpUrl().toString())
            << QLatin1Char('\n');
    }
    out << (duration > 0 ? SimCommandText::tr("Stopping after %1 s.").arg(duration)
                         : SimCommandText::tr("Press Ctrl+C to stop."))
        << QLatin1Char('\n');
}

/// `--serve` with one switch: serves it over NX-API, and its hosts' agents, until stopped
/// (or for --seconds).
int serve(const SimArgs &a, CommandIo &io)
{
    const sim::SimServiceOptions options = serviceOptions(a);
    sim::SimService service(options);
    if (const auto started = service.start(); !started) {
        io.err << QLatin1String("rocectl sim: ") << started.error().message << QLatin1Char('\n');
        return started.error().code == ErrorCode::InvalidArgument ? ExitUsage : ExitFailure;
    }
    sim::ScenarioInjection injection;
    if (!a.scenario.isEmpty()) {
        const auto applied = service.startScenario(a.scenario);
        if (!applied) {
            io.err << QLatin1String("rocectl sim: ") << applied.error().message
                   << QLatin1Char('\n');
            return ExitUsage;
        }
        injection = *applied;
    }
    const double duration = a.seconds.value_or(0);
    if (a.json) {
        io.out << QString::fromUtf8(
            QJsonDocument(serviceJson(service, options, a.scenario, injection))
                .toJson(QJsonDocument::Compact))
               << QLatin1Char('\n');
    } else {
        printService(service, options, injection, duration, io.out);
    }
    io.out.flush();
    QEventLoop loop;
    if (duration > 0)
        QTimer::singleShot(qint64(duration * 1000), &loop, &QEventLoop::quit);
    loop.exec();
    return ExitOk;
}

/// `--serve`: a leaf/spine fabric for a rail topology, else one switch.
int serveFabric(const OptionTable &table, SimArgs a, CommandIo &io)
{
    // A leaf/spine topology is served the way a real fabric is reached: an endpoint per
    // switch and an agent per server.
    if (a.topology.startsWith(QLatin1String("rail:"))) {
        // Its password is the one given, else (empty) one each run makes.
        if (!table.isSet(QStringLiteral("password")))
            a.password.clear();
        return serveLeafSpine(a, io);
    }
    if (table.isSet(QStringLiteral("write-inventory"))) {
        io.err << SimCommandText::tr(
            "rocectl sim: --write-inventory needs a leaf/spine topology (rail:H:N:R:S)")
               << QLatin1Char('\n');
        return ExitUsage;
    }
    return serve(a, io);
}

/// `--list`: the scenarios, the live ones and the faults --serve can inject.
void printScenarioList(QTextStream &out)
{
    TextTable table({SimCommandText::tr("SCENARIO"), SimCommandText::tr("DEFAULT s"),
                     SimCommandText::tr("WHAT RUNS")});
    for (const auto &s : sim::scenarios())
        table.addRow({s.name, num(double(s.defaultDuration) / sim::kNsPerSec, 3), s.summary});
    out << table.render() << QLatin1Char('\n');
    TextTable live(
        {SimCommandText::tr("LIVE SCENARIO (--serve)"), SimCommandText::tr("WHAT TO WATCH")});
    for (const auto &s : sim::liveScenarios())
        live.addRow({s.name, s.expectation});
    out << live.render();
    out << QLatin1Char('\n')
        << SimCommandText::tr("On a leaf/spine fabric (--serve --topology rail:...): %1")
               .arg(sim::leafSpineScenarioNames().join(QStringLiteral(", ")))
        << QLatin1Char('\n') << QLatin1Char('\n');
    TextTable faults({SimCommandText::tr("FAULT[:TARGET] (--serve)"), SimCommandText::tr("FINDING"),
                      SimCommandText::tr("WHAT IT DOES")});
    for (const auto &f : sim::liveFaults()) {
        faults.addRow({f.name + QLatin1Char(':') + sim::faultTargetName(f.target), f.findingKind,
                       f.leafSpineOnly
                           ? SimCommandText::tr("%1 (leaf/spine only)").arg(f.description)
                           : f.description});
    }
    out << faults.render() << QLatin1Char('\n')
        << SimCommandText::tr(
               "Join a load and faults with '+': dcqcn-incast+link-down:"
               "rail1-leaf2/Ethernet1/5. A fault without a target gets one drawn from "
               "--seed among the places the load reaches; alone, it brings the traffic "
               "that shows it. --json states what was injected where.")
        << QLatin1Char('\n');
}

/// Runs the scenario --scenario names headless and prints its report.
int runHeadlessScenario(OptionTable &table, const SimArgs &a, const QStringList &args,
                        CommandIo &io)
{
    if (!table.isSet(QStringLiteral("scenario"))) {
        io.err << SimCommandText::tr("rocectl sim: --scenario is required (see --list)")
               << QLatin1Char('\n');
        return ExitUsage;
    }
    sim::ScenarioOptions options;
    options.seed = a.seed;
    if (a.seconds) {
        // The table bounds --seconds as a served fabric takes it; a scenario's ceiling is
        // checked here, in the table's words.
        if (*a.seconds > kMaxScenarioSeconds)
            return usageError(args, io,
                              SimCommandText::tr("--seconds must be %1 to %2 seconds, not '%3'")
                                  .arg(kMinSeconds)
                                  .arg(kMaxScenarioSeconds)
                                  .arg(table.parser().value(QStringLiteral("seconds"))));
        options.duration = sim::TimeNs(*a.seconds * double(sim::kNsPerSec));
    }
    options.preset = a.preset;
    const auto parsedEngine = sim::parseFabricEngine(a.engine);
    if (!parsedEngine)
        return usageError(args, io, parsedEngine.error().message);
    options.engine = *parsedEngine;
    if (!a.simaiConfIn.isEmpty()) {
        QFile in(a.simaiConfIn);
        if (!in.open(QIODevice::ReadOnly)) {
            io.err << QLatin1String("rocectl sim: ")
                   << SimCommandText::tr("cannot read %1: %2").arg(a.simaiConfIn, in.errorString())
                   << QLatin1Char('\n');
            return ExitFailure;
        }
        options.simaiConf = QString::fromUtf8(in.readAll());
    }
    const auto report = sim::runScenario(a.scenario, options);
    if (!report) {
        io.err << QLatin1String("rocectl sim: ") << report.error().message << QLatin1Char('\n');
        return report.error().code == ErrorCode::Internal ? ExitFailure : ExitUsage;
    }
    for (const QString &note : report->notes)
        io.err << QLatin1String("rocectl sim: ") << note << QLatin1Char('\n');
    if (!a.simaiConfOut.isEmpty()) {
        QStringList notes;
        const QString text
            = sim::writeSimaiConf({report->dcqcn, report->wred, {}}, report->linkSpeeds, &notes);
        QFile out(a.simaiConfOut);
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)
            || out.write(text.toUtf8()) != text.toUtf8().size()) {
            io.err
                << QLatin1String("rocectl sim: ")
                << SimCommandText::tr("cannot write %1: %2").arg(a.simaiConfOut, out.errorString())
                << QLatin1Char('\n');
            return ExitFailure;
        }
        for (const QString &note : std::as_const(notes))
            io.err << QLatin1String("rocectl sim: ") << note << QLatin1Char('\n');
    }
    if (a.json)
        writeJson(io.out, QJsonDocument(sim::reportToJson(*report)));
    else
        printHuman(*report, io.out);
    return ExitOk;
}

/// The rows only --serve reads.
void declareServeOptions(OptionTable &t, SimArgs &a)
{
    const QString port = SimCommandText::tr("port");
    // Refused at 0 and below before: 0.001 refuses the same in practice (a thousandth of real
    // time is already a stopped fabric).
    const NumberRange speedRange {0.001, 1000};
    t.text(QStringLiteral("topology"), SimCommandText::tr("name"),
           SimCommandText::tr("With --serve: reference (default), starN or "
                              "rail:HOSTS:NICS:RAILS:SPINES (a leaf/spine fabric: one NX-API "
                              "endpoint per switch, one agent per server)."),
           &a.topology)
        .whole(QStringLiteral("http-port"), port,
               SimCommandText::tr("With --serve: NX-API HTTP port (default: any free port)."),
               &a.httpPort, {0, 65535})
        .whole(QStringLiteral("https-port"), port,
               SimCommandText::tr("With --serve: NX-API HTTPS port (default: any free port)."),
               &a.httpsPort, {0, 65535})
        .whole(QStringLiteral("agent-base-port"), port,
               SimCommandText::tr("With --serve: host N's agent listens on this port + N "
                                  "(default: any free ports)."),
               &a.agentBasePort, {0, 65535})
        .flag(QStringLiteral("no-http"),
              SimCommandText::tr("With --serve: no plain HTTP endpoint."), &a.noHttp)
        .flag(QStringLiteral("no-https"), SimCommandText::tr("With --serve: no HTTPS endpoint."),
              &a.noHttps)
        .text(QStringLiteral("user"), SimCommandText::tr("name"),
              SimCommandText::tr("With --serve: NX-API user (default admin)."), &a.user)
        .text(QStringLiteral("password"), SimCommandText::tr("secret"),
              SimCommandText::tr("With --serve: NX-API password (default admin)."), &a.password)
        .number(QStringLiteral("speed"), SimCommandText::tr("factor"),
                SimCommandText::tr("With --serve: simulated seconds per wall second (default "
                                   "1)."),
                &a.speed, speedRange)
        .text(QStringLiteral("write-inventory"), SimCommandText::tr("file"),
              SimCommandText::tr("With --serve and a rail topology: write the fabric's "
                                 "inventory (format version 2, no secrets) to this file."),
              &a.inventoryPath);
}

void declare(OptionTable &t, SimArgs &a, const QString &summary)
{
    t.parser().setApplicationDescription(summary);
    const QString seconds = SimCommandText::tr("seconds");
    t.text(QStringLiteral("scenario"), SimCommandText::tr("name"),
           SimCommandText::tr("Scenario to run. With --serve: a load and faults with optional "
                              "targets joined by '+', e.g. training+nic-stall:gpu0007/mlx5_1 "
                              "(see --list)."),
           &a.scenario)
        .number(QStringLiteral("seconds"), SimCommandText::tr("s"),
                SimCommandText::tr("Simulated seconds (default: the scenario's)."), &a.seconds,
                {kMinSeconds, seconds})
        .whole(QStringLiteral("seed"), SimCommandText::tr("n"),
               SimCommandText::tr("Random seed (default 1)."), &a.seed, {0})
        .text(QStringLiteral("preset"), SimCommandText::tr("name"),
              SimCommandText::tr("DCQCN preset: nvidia, paper2015, or paper2015-deferred "
                                 "(htsim's notification point: a mark inside the CNP window "
                                 "sends one CNP at its end)."),
              &a.preset)
        .text(QStringLiteral("engine"), SimCommandText::tr("name"),
              SimCommandText::tr("Model: packet (default; every packet counted) or fluid "
                                 "(flow-level rates and queues; for large fabrics)."),
              &a.engine)
        .text(QStringLiteral("simai-conf"), SimCommandText::tr("file"),
              SimCommandText::tr("Without --serve: take the DCQCN and ECN parameters from a "
                                 "SimAI configuration (SimAI.conf), for the scenario's host "
                                 "links."),
              &a.simaiConfIn)
        .text(QStringLiteral("write-simai-conf"), SimCommandText::tr("file"),
              SimCommandText::tr("Without --serve: write the run's DCQCN and ECN parameters "
                                 "to this file in SimAI's format (its keys; what SimAI has no "
                                 "key for is said on standard error)."),
              &a.simaiConfOut)
        .flag(QStringLiteral("json"), SimCommandText::tr("Print JSON instead of tables."), &a.json)
        .flag(QStringLiteral("list"), SimCommandText::tr("List the scenarios and exit."), &a.list)
        .flag(QStringLiteral("serve"),
              SimCommandText::tr("Run the fabric in real time and serve its switch over NX-API "
                                 "until stopped (or for --seconds)."),
              &a.serve);
    declareServeOptions(t, a);
}

}  // namespace

QString SimCommand::name() const
{
    return QStringLiteral("sim");
}

QString SimCommand::summary() const
{
    return SimCommandText::tr("Run a scenario on the simulated fabric (DCQCN / ECN / PFC model)");
}

int SimCommand::run(const QStringList &args, CommandIo &io)
{
    SimArgs a;
    OptionTable table;
    declare(table, a, summary());
    if (const auto early = parseCommandLine(table, args, io))
        return *early;
    if (a.serve) {
        for (const QString &headless :
             {QStringLiteral("simai-conf"), QStringLiteral("write-simai-conf")}) {
            if (table.isSet(headless))
                return usageError(
                    args, io,
                    SimCommandText::tr("--%1 is for a scenario run, not --serve").arg(headless));
        }
        return serveFabric(table, a, io);
    }
    if (a.list) {
        printScenarioList(io.out);
        return ExitOk;
    }
    return runHeadlessScenario(table, a, args, io);
}

}  // namespace roce::cli
