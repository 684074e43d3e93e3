#include "cli/pingmeshcommand.h"

#include "cli/output.h"
#include "cli/parse.h"
#include "sim/fabric.h"
#include "sim/pingmeshrun.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace roce::cli {

namespace {

class PingmeshText
{
    Q_DECLARE_TR_FUNCTIONS(PingmeshText)
};

}  // namespace

QString PingmeshCommand::summary() const
{
    return PingmeshText::tr("probe every pair of NICs and name the bad NIC, link or port");
}

int PingmeshCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    QString scenarios;
    for (const auto &[name, text] : sim::pingmeshScenarios())
        scenarios += QStringLiteral("  %1  %2\n").arg(name, -22).arg(text);
    parser.setApplicationDescription(
        PingmeshText::tr("RDMA pingmesh: every NIC probes its pinglist peers (all pairs up to 64 "
                         "NICs; beyond that every pair under a switch plus sampled pairs across "
                         "switches) over several UDP source ports, and the analyzer joins the "
                         "pair matrix with the switches' port counters into verdicts: a bad "
                         "NIC or host, a bad link, congestion; detectors add pause cost, PFC "
                         "watchdog flaps and misses, and ECN configured but not marking.\n\n"
                         "Scenarios of --sim:\n%1")
            .arg(scenarios));
    const QCommandLineOption simOpt(QStringLiteral("sim"),
                                    PingmeshText::tr("Probe the simulated fabric."));
    const QCommandLineOption inventoryOpt(QStringLiteral("inventory"),
                                          PingmeshText::tr("Probe the fabric of this inventory."),
                                          QStringLiteral("file"));
    const QCommandLineOption topologyOpt(
        QStringLiteral("topology"),
        PingmeshText::tr("Simulated fabric: reference, starN or rail:HOSTS:NICS:RAILS:SPINES "
                         "(default rail:64:2:2:8: 128 NICs under 4 leaves, 8 spines)."),
        QStringLiteral("shape"), QStringLiteral("rail:64:2:2:8"));
    const QCommandLineOption scenarioOpt(QStringLiteral("scenario"),
                                         PingmeshText::tr("Fault to simulate (default healthy)."),
                                         QStringLiteral("name"));
    const QCommandLineOption secondsOpt(QStringLiteral("seconds"),
                                        PingmeshText::tr("Probe this long (default 10)."),
                                        QStringLiteral("s"), QStringLiteral("10"));
    const QCommandLineOption rateOpt(QStringLiteral("rate"),
                                     PingmeshText::tr("Probes per second per NIC (default 200)."),
                                     QStringLiteral("n"), QStringLiteral("200"));
    const QCommandLineOption seedOpt(QStringLiteral("seed"),
                                     PingmeshText::tr("Seed of the model (default 1)."),
                                     QStringLiteral("n"), QStringLiteral("1"));
    const QCommandLineOption engineOpt(
        QStringLiteral("engine"),
        PingmeshText::tr("Model: packet or fluid (default: fluid on rail fabrics, else packet)."),
        QStringLiteral("name"));
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     PingmeshText::tr("Print the report as JSON."));
    parser.addOptions({simOpt, inventoryOpt, topologyOpt, scenarioOpt, secondsOpt, rateOpt, seedOpt,
                       engineOpt, jsonOpt});
    if (const auto early = parseCommandLine(parser, args, io))
        return *early;
    auto usage = [&io](const QString &message) {
        io.err << QStringLiteral("rocectl pingmesh: ") << message << QLatin1Char('\n');
        return int(ExitUsage);
    };
    if (parser.isSet(simOpt) == parser.isSet(inventoryOpt))
        return usage(PingmeshText::tr("give either --sim or --inventory FILE"));
    if (parser.isSet(inventoryOpt)) {
        io.err << QStringLiteral("rocectl pingmesh: ")
               << PingmeshText::tr(
                      "rocectl cannot yet hand a pinglist to the agents of an inventory and "
                      "collect their results; each host runs a round of its own with "
                      "roce-agent --pingmesh SPEC (README), and --sim runs the whole "
                      "pingmesh on the simulated fabric")
               << QLatin1Char('\n');
        return ExitFailure;
    }
    sim::PingmeshRunOptions options;
    options.topology = parser.value(topologyOpt);
    options.scenario = parser.value(scenarioOpt);
    bool ok = false;
    options.seconds = parser.value(secondsOpt).toDouble(&ok);
    if (!ok || options.seconds <= 0 || options.seconds > 3600)
        return usage(PingmeshText::tr("--seconds must be between 0 and 3600"));
    options.probesPerSecond = parser.value(rateOpt).toDouble(&ok);
    if (!ok || options.probesPerSecond < 1 || options.probesPerSecond > 100000)
        return usage(PingmeshText::tr("--rate must be between 1 and 100000 probes per second"));
    options.seed = parser.value(seedOpt).toULongLong(&ok);
    if (!ok)
        return usage(PingmeshText::tr("--seed must be a number"));
    if (parser.isSet(engineOpt)) {
        const auto engine = sim::parseFabricEngine(parser.value(engineOpt));
        if (!engine)
            return usage(engine.error().message);
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
    if (parser.isSet(jsonOpt)) {
        writeJson(io.out, QJsonDocument(json));
        return ExitOk;
    }
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
    const QJsonArray verdicts = json.value(QStringLiteral("verdicts")).toArray();
    if (verdicts.isEmpty())
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
    return ExitOk;
}

}  // namespace roce::cli
