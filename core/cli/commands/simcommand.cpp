#include "cli/commands/simcommand.h"

#include "cli/commands/simserveleafspine.h"
#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "sim/scenarios/livescenario.h"
#include "sim/scenarios/scenario.h"
#include "sim/served/simservice.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

namespace roce::cli {

namespace {

class SimCommandText
{
    Q_DECLARE_TR_FUNCTIONS(SimCommandText)
};

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

// NOLINTNEXTLINE(readability-function-size): predates the limit
int serve(const QCommandLineParser &parser, CommandIo &io)
{
    sim::SimServiceOptions options;
    options.topology = parser.value(QStringLiteral("topology"));
    bool ok = true;
    auto port = [&](const QString &key, quint16 *out) {
        if (!parser.isSet(key))
            return true;
        const uint v = parser.value(key).toUInt(&ok);
        if (!ok || v > 65535) {
            io.err << SimCommandText::tr("rocectl sim: --%1 needs a port number, got '%2'")
                          .arg(key, parser.value(key))
                   << QLatin1Char('\n');
            return false;
        }
        *out = quint16(v);
        return true;
    };
    if (!port(QStringLiteral("http-port"), &options.httpPort)
        || !port(QStringLiteral("https-port"), &options.httpsPort)
        || !port(QStringLiteral("agent-base-port"), &options.agentBasePort))
        return ExitUsage;
    options.http = !parser.isSet(QStringLiteral("no-http"));
    options.https = !parser.isSet(QStringLiteral("no-https"));
    options.user = parser.value(QStringLiteral("user"));
    options.password = parser.value(QStringLiteral("password"));
    options.speed = parser.value(QStringLiteral("speed")).toDouble(&ok);
    if (!ok || options.speed <= 0 || options.speed > 1000) {
        io.err << SimCommandText::tr("rocectl sim: --speed needs a factor in (0, 1000]")
               << QLatin1Char('\n');
        return ExitUsage;
    }
    options.seed = parser.value(QStringLiteral("seed")).toULongLong();
    double duration = 0;
    if (parser.isSet(QStringLiteral("seconds"))) {
        duration = parser.value(QStringLiteral("seconds")).toDouble(&ok);
        if (!ok || duration <= 0) {
            io.err << SimCommandText::tr("rocectl sim: --seconds needs a positive number")
                   << QLatin1Char('\n');
            return ExitUsage;
        }
    }

    sim::SimService service(options);
    if (const auto started = service.start(); !started) {
        io.err << QLatin1String("rocectl sim: ") << started.error().message << QLatin1Char('\n');
        return started.error().code == ErrorCode::InvalidArgument ? ExitUsage : ExitFailure;
    }
    const QString scenario = parser.value(QStringLiteral("scenario"));
    sim::ScenarioInjection injection;
    if (!scenario.isEmpty()) {
        const auto applied = service.startScenario(scenario);
        if (!applied) {
            io.err << QLatin1String("rocectl sim: ") << applied.error().message
                   << QLatin1Char('\n');
            return ExitUsage;
        }
        injection = *applied;
    }
    if (parser.isSet(QStringLiteral("json"))) {
        // One line that scripts can read before the service runs on.
        const QJsonObject info {
            {QStringLiteral("topology"), options.topology},
            {QStringLiteral("nxapi_http"), service.nxapiHttpUrl().toString()},
            {QStringLiteral("nxapi_https"), service.nxapiHttpsUrl().toString()},
            {QStringLiteral("certificate_sha256"), service.certificateFingerprint()},
            {QStringLiteral("user"), options.user},
            {QStringLiteral("agent_token"), options.agentToken},
            {QStringLiteral("agents"),
             [&] {
                 QJsonArray a;
                 const auto &hosts = service.fabric().spec().hosts;
                 for (int h = 0; h < hosts.size(); ++h) {
                     a.append(QJsonObject {{QStringLiteral("host"), hosts[h].name},
                                           {QStringLiteral("address"), options.address.toString()},
                                           {QStringLiteral("port"), service.agentPort(h)},
                                           {QStringLiteral("ipv4"), hosts[h].ipv4}});
                 }
                 return a;
             }()},
            {QStringLiteral("scenario"), scenario.isEmpty() ? QStringLiteral("idle") : scenario},
            {QStringLiteral("injected"),
             sim::injectionToJson(injection).value(QStringLiteral("injected"))}};
        io.out << QString::fromUtf8(QJsonDocument(info).toJson(QJsonDocument::Compact))
               << QLatin1Char('\n');
    } else {
        io.out << SimCommandText::tr("Simulated fabric '%1' running (speed x%2, seed %3).")
                      .arg(options.topology)
                      .arg(options.speed)
                      .arg(options.seed)
               << QLatin1Char('\n');
        if (options.http)
            io.out
                << SimCommandText::tr("NX-API (HTTP):  %1").arg(service.nxapiHttpUrl().toString())
                << QLatin1Char('\n');
        if (options.https) {
            io.out
                << SimCommandText::tr("NX-API (HTTPS): %1").arg(service.nxapiHttpsUrl().toString())
                << QLatin1Char('\n')
                << SimCommandText::tr("  self-signed certificate, SHA-256 %1")
                       .arg(service.certificateFingerprint())
                << QLatin1Char('\n');
        }
        io.out << SimCommandText::tr("Credentials: %1 / %2").arg(options.user, options.password)
               << QLatin1Char('\n');
        printInjection(injection, io.out);
        const auto &hosts = service.fabric().spec().hosts;
        if (hosts.size() <= 64) {
            io.out << SimCommandText::tr("Agents (TLS, same certificate, token %1):")
                          .arg(options.agentToken)
                   << QLatin1Char('\n');
            for (int h = 0; h < hosts.size(); ++h) {
                io.out << QStringLiteral("  %1  %2:%3\n")
                              .arg(hosts[h].name.leftJustified(14), options.address.toString())
                              .arg(service.agentPort(h));
            }
        }
        if (options.http) {
            io.out
                << SimCommandText::tr(
                       "Try: curl -s -u %1:%2 -H 'Content-Type: application/json' -d "
                       "'{\"ins_api\":{\"version\":\"1.0\",\"type\":\"cli_show\",\"chunk\":\"0\","
                       "\"sid\":\"1\",\"input\":\"show version\",\"output_format\":\"json\"}}' %3")
                       .arg(options.user, options.password, service.nxapiHttpUrl().toString())
                << QLatin1Char('\n');
        }
        io.out << (duration > 0 ? SimCommandText::tr("Stopping after %1 s.").arg(duration)
                                : SimCommandText::tr("Press Ctrl+C to stop."))
               << QLatin1Char('\n');
    }
    io.out.flush();
    QEventLoop loop;
    if (duration > 0)
        QTimer::singleShot(qint64(duration * 1000), &loop, &QEventLoop::quit);
    loop.exec();
    return ExitOk;
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

// NOLINTNEXTLINE(readability-function-size): predates the limit
int SimCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(summary());
    const QCommandLineOption scenario(
        QStringLiteral("scenario"),
        SimCommandText::tr("Scenario to run. With --serve: a load and faults with optional "
                           "targets joined by '+', e.g. training+nic-stall:gpu0007/mlx5_1 "
                           "(see --list)."),
        SimCommandText::tr("name"));
    const QCommandLineOption seconds(
        QStringLiteral("seconds"),
        SimCommandText::tr("Simulated seconds (default: the scenario's)."),
        SimCommandText::tr("s"));
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  SimCommandText::tr("Random seed (default 1)."),
                                  SimCommandText::tr("n"), QStringLiteral("1"));
    const QCommandLineOption preset(QStringLiteral("preset"),
                                    SimCommandText::tr("DCQCN preset: nvidia or paper2015."),
                                    SimCommandText::tr("name"));
    const QCommandLineOption engine(
        QStringLiteral("engine"),
        SimCommandText::tr("Model: packet (default; every packet counted) or fluid (flow-level "
                           "rates and queues; for large fabrics)."),
        SimCommandText::tr("name"), QStringLiteral("packet"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  SimCommandText::tr("Print JSON instead of tables."));
    const QCommandLineOption list(QStringLiteral("list"),
                                  SimCommandText::tr("List the scenarios and exit."));
    const QCommandLineOption serveOption(
        QStringLiteral("serve"),
        SimCommandText::tr("Run the fabric in real time and serve its switch over NX-API "
                           "until stopped (or for --seconds)."));
    const QCommandLineOption topology(
        QStringLiteral("topology"),
        SimCommandText::tr("With --serve: reference (default), starN or "
                           "rail:HOSTS:NICS:RAILS:SPINES (a leaf/spine fabric: one NX-API "
                           "endpoint per switch, one agent per server)."),
        SimCommandText::tr("name"), QStringLiteral("reference"));
    const QCommandLineOption httpPort(
        QStringLiteral("http-port"),
        SimCommandText::tr("With --serve: NX-API HTTP port (default: any free port)."),
        SimCommandText::tr("port"));
    const QCommandLineOption httpsPort(
        QStringLiteral("https-port"),
        SimCommandText::tr("With --serve: NX-API HTTPS port (default: any free port)."),
        SimCommandText::tr("port"));
    const QCommandLineOption agentBasePort(
        QStringLiteral("agent-base-port"),
        SimCommandText::tr("With --serve: host N's agent listens on this port + N (default: any "
                           "free ports)."),
        SimCommandText::tr("port"));
    const QCommandLineOption noHttp(QStringLiteral("no-http"),
                                    SimCommandText::tr("With --serve: no plain HTTP endpoint."));
    const QCommandLineOption noHttps(QStringLiteral("no-https"),
                                     SimCommandText::tr("With --serve: no HTTPS endpoint."));
    const QCommandLineOption user(QStringLiteral("user"),
                                  SimCommandText::tr("With --serve: NX-API user (default admin)."),
                                  SimCommandText::tr("name"), QStringLiteral("admin"));
    const QCommandLineOption password(
        QStringLiteral("password"),
        SimCommandText::tr("With --serve: NX-API password (default admin)."),
        SimCommandText::tr("secret"), QStringLiteral("admin"));
    const QCommandLineOption speed(
        QStringLiteral("speed"),
        SimCommandText::tr("With --serve: simulated seconds per wall second (default 1)."),
        SimCommandText::tr("factor"), QStringLiteral("1"));
    const QCommandLineOption writeInventory(
        QStringLiteral("write-inventory"),
        SimCommandText::tr("With --serve and a rail topology: write the fabric's inventory "
                           "(format version 2, no secrets) to this file."),
        SimCommandText::tr("file"));
    parser.addOptions({scenario, seconds, seed, preset, engine, json, list, serveOption, topology,
                       httpPort, httpsPort, agentBasePort, noHttp, noHttps, user, password, speed,
                       writeInventory});
    if (const auto early = parseCommandLine(parser, args, io))
        return *early;

    if (parser.isSet(serveOption)) {
        // A leaf/spine topology is served the way a real fabric is reached: an endpoint per
        // switch and an agent per server.
        if (parser.value(topology).startsWith(QLatin1String("rail:")))
            return serveLeafSpine(parser, io);
        if (parser.isSet(writeInventory)) {
            io.err << SimCommandText::tr(
                "rocectl sim: --write-inventory needs a leaf/spine topology (rail:H:N:R:S)")
                   << QLatin1Char('\n');
            return ExitUsage;
        }
        return serve(parser, io);
    }

    if (parser.isSet(list)) {
        TextTable table({SimCommandText::tr("SCENARIO"), SimCommandText::tr("DEFAULT s"),
                         SimCommandText::tr("WHAT RUNS")});
        for (const auto &s : sim::scenarios())
            table.addRow({s.name, num(double(s.defaultDuration) / sim::kNsPerSec, 3), s.summary});
        io.out << table.render() << QLatin1Char('\n');
        TextTable live(
            {SimCommandText::tr("LIVE SCENARIO (--serve)"), SimCommandText::tr("WHAT TO WATCH")});
        for (const auto &s : sim::liveScenarios())
            live.addRow({s.name, s.expectation});
        io.out << live.render();
        io.out << QLatin1Char('\n')
               << SimCommandText::tr("On a leaf/spine fabric (--serve --topology rail:...): %1")
                      .arg(sim::leafSpineScenarioNames().join(QStringLiteral(", ")))
               << QLatin1Char('\n') << QLatin1Char('\n');
        TextTable faults({SimCommandText::tr("FAULT[:TARGET] (--serve)"),
                          SimCommandText::tr("FINDING"), SimCommandText::tr("WHAT IT DOES")});
        for (const auto &f : sim::liveFaults()) {
            faults.addRow(
                {f.name + QLatin1Char(':') + sim::faultTargetName(f.target), f.findingKind,
                 f.leafSpineOnly ? SimCommandText::tr("%1 (leaf/spine only)").arg(f.description)
                                 : f.description});
        }
        io.out << faults.render() << QLatin1Char('\n')
               << SimCommandText::tr(
                      "Join a load and faults with '+': dcqcn-incast+link-down:"
                      "rail1-leaf2/Ethernet1/5. A fault without a target gets one drawn from "
                      "--seed among the places the load reaches; alone, it brings the traffic "
                      "that shows it. --json states what was injected where.")
               << QLatin1Char('\n');
        return ExitOk;
    }
    if (!parser.isSet(scenario)) {
        io.err << SimCommandText::tr("rocectl sim: --scenario is required (see --list)")
               << QLatin1Char('\n');
        return ExitUsage;
    }
    sim::ScenarioOptions options;
    bool ok = true;
    options.seed = parser.value(seed).toULongLong(&ok);
    if (!ok) {
        io.err << SimCommandText::tr("rocectl sim: --seed needs a non-negative integer, got '%1'")
                      .arg(parser.value(seed))
               << QLatin1Char('\n');
        return ExitUsage;
    }
    if (parser.isSet(seconds)) {
        const double s = parser.value(seconds).toDouble(&ok);
        if (!ok || s <= 0 || s > 3600) {
            io.err << SimCommandText::tr(
                          "rocectl sim: --seconds needs a number of seconds in (0, 3600], got '%1'")
                          .arg(parser.value(seconds))
                   << QLatin1Char('\n');
            return ExitUsage;
        }
        options.duration = sim::TimeNs(s * double(sim::kNsPerSec));
    }
    options.preset = parser.value(preset);
    const auto parsedEngine = sim::parseFabricEngine(parser.value(engine));
    if (!parsedEngine) {
        io.err << QLatin1String("rocectl sim: ") << parsedEngine.error().message
               << QLatin1Char('\n');
        return ExitUsage;
    }
    options.engine = *parsedEngine;
    const auto report = sim::runScenario(parser.value(scenario), options);
    if (!report) {
        io.err << QLatin1String("rocectl sim: ") << report.error().message << QLatin1Char('\n');
        return report.error().code == ErrorCode::Internal ? ExitFailure : ExitUsage;
    }
    if (parser.isSet(json))
        writeJson(io.out, QJsonDocument(sim::reportToJson(*report)));
    else
        printHuman(*report, io.out);
    return ExitOk;
}

}  // namespace roce::cli
