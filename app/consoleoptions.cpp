#include "consoleoptions.h"

#include "collect/results/resultstore.h"
#include "live/inventory/inventory.h"
#include "prometheus/query/promendpoint.h"
#include "sim/scenarios/livescenario.h"

#include "live/hub/componentversions.h"
#include "proto/common/optiontable.h"
#include "proto/common/versions.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

namespace roce::app {

namespace {
class ConsoleOptionsText
{
    Q_DECLARE_TR_FUNCTIONS(ConsoleOptionsText)
};
}  // namespace

QString languageArgument(const QStringList &argv)
{
    for (qsizetype i = 1; i < argv.size(); ++i) {
        const QString &arg = argv.at(i);
        if (arg == QLatin1String("--lang") && i + 1 < argv.size())
            return argv.at(i + 1);
        if (arg.startsWith(QLatin1String("--lang=")))
            return arg.mid(7);
    }
    return {};
}

namespace {

void declare(OptionTable &t, ConsoleOptions &o)
{
    t.text(QStringLiteral("inventory"), ConsoleOptionsText::tr("file"),
           ConsoleOptionsText::tr("The inventory file to watch and edit (default %1). Passwords "
                                  "and tokens are in the keychain, never in this file.")
               .arg(inventory::defaultPath()),
           &o.inventoryPath)
        .text(QStringLiteral("topology"), ConsoleOptionsText::tr("rail:HOSTS:NICS:RAILS:SPINES"),
              ConsoleOptionsText::tr("Demo a simulated leaf/spine fabric instead of the reference "
                                     "one, e.g. rail:1024:8:8:16 (1024 servers x 8 NICs, 8 rails, "
                                     "16 spines), drawn on the layered map."),
              &o.topology)
        .text(QStringLiteral("replay"), ConsoleOptionsText::tr("file"),
              ConsoleOptionsText::tr("Open this recording (a file, or a directory of recordings) "
                                     "for replay at start; the live fabric is watched (and "
                                     "recorded) meanwhile."),
              &o.replayPath)
        .text(QStringLiteral("prometheus"), ConsoleOptionsText::tr("url"),
              ConsoleOptionsText::tr("Read the fleet from this Prometheus-compatible store "
                                     "(Prometheus, Thanos, VictoriaMetrics, Mimir; a path in the "
                                     "URL is its prefix, e.g. http://vm:8481/select/0/prometheus) "
                                     "instead of polling it. Authentication as set in Fabric > "
                                     "Connect to Prometheus...; the token or password from "
                                     "ROCE_PROMETHEUS_SECRET or the keychain."),
              &o.prometheusUrl)
        .text(QStringLiteral("select"), ConsoleOptionsText::tr("port"),
              ConsoleOptionsText::tr("Select this port once it appears (its row, its charts), "
                                     "e.g. rail3-leaf5/Ethernet1/1 or gpu0001/mlx5_0."),
              &o.selectPort)
        .text(QStringLiteral("pingmesh"), ConsoleOptionsText::tr("scenario"),
              ConsoleOptionsText::tr("Start the pingmesh of the watched fabric and show its dock: "
                                     "a fault on a model of a simulated fabric (healthy, "
                                     "bad-nic:HOST, bad-link:SWITCH/PORT, hot-uplink, "
                                     "silent-pause, pfcwd-flap, ecn-not-marking), or agents (its "
                                     "own agents probe each other)."),
              &o.pingmeshScenario)
        .text(QStringLiteral("whatif"), ConsoleOptionsText::tr("file"),
              ConsoleOptionsText::tr("Show the What if dock with the change in this file (NX-OS "
                                     "configuration lines, ecn/roce_rp/FILE VALUE lines) and "
                                     "preview it once the fabric has answered."),
              &o.whatIfChange)
        .flag(QStringLiteral("demo"),
              ConsoleOptionsText::tr("Run on the embedded simulated fabric (the default while no "
                                     "inventory is configured)."),
              &o.demo)
        .text(QStringLiteral("scenario"), ConsoleOptionsText::tr("name"),
              ConsoleOptionsText::tr("Start this live scenario on the simulated fabric: a load "
                                     "(idle, lossy-incast, pfc-incast, dcqcn-incast, training) "
                                     "and faults with optional targets joined by '+' "
                                     "(nic-stall[:NIC], link-down[:PORT], ... as rocectl sim "
                                     "--list shows), e.g. "
                                     "training+nic-stall:ubunturdma3/rocep19s0; with --topology: "
                                     "rail-training (default), rail-ecmp-polarized, "
                                     "rail-link-down, rail-nic-stall, rail-pfc-wrong-cos."),
              &o.scenario)
        .text(QStringLiteral("results-db"), ConsoleOptionsText::tr("path"),
              ConsoleOptionsText::tr("The results database of experiments (default %1; the same "
                                     "as rocectl results).")
                  .arg(results::ResultStore::defaultPath()),
              &o.resultsDb)
        .text(QStringLiteral("lang"), ConsoleOptionsText::tr("language"),
              ConsoleOptionsText::tr("User-interface language, e.g. 'de' or 'en' (default: "
                                     "the system locale)."),
              &o.language)
        .text(QStringLiteral("screenshot"), ConsoleOptionsText::tr("file"),
              ConsoleOptionsText::tr("Save a PNG of the main window to <file> once it is "
                                     "shown, then exit."),
              &o.screenshotPath)
        .whole(QStringLiteral("screenshot-delay"), ConsoleOptionsText::tr("ms"),
               ConsoleOptionsText::tr("Milliseconds to wait before --screenshot is taken "
                                      "(default 1500)."),
               &o.screenshotDelayMs, {0, ConsoleOptionsText::tr("milliseconds")})
        .flag(QStringLiteral("reset-layout"),
              ConsoleOptionsText::tr("Start with the default window layout."), &o.resetLayout);
}

void printVersion(QTextStream &out)
{
    out << QLatin1String("roce-console ") << applicationVersion() << QLatin1Char('\n');
    for (const auto &c : componentVersions())
        out << QLatin1String("  ") << c.name << QLatin1Char(' ') << c.version << QLatin1Char('\n');
}

/// What to exit with when the command line is answered without running: --help, --version,
/// or a command line that does not parse; nothing when the console should go on.
std::optional<int> answerWithoutRunning(QCommandLineParser &parser, const QCommandLineOption &help,
                                        const QCommandLineOption &version, const QStringList &argv,
                                        QTextStream &out, QTextStream &err)
{
    if (!parser.parse(argv)) {
        err << parser.errorText() << QLatin1Char('\n');
        return 2;
    }
    if (parser.isSet(help)) {
        out << parser.helpText();
        return 0;
    }
    if (parser.isSet(version)) {
        printVersion(out);
        return 0;
    }
    if (!parser.positionalArguments().isEmpty()) {
        err << ConsoleOptionsText::tr("roce-console: unexpected argument '%1'")
                   .arg(parser.positionalArguments().first())
            << QLatin1Char('\n');
        return 2;
    }
    return std::nullopt;
}

/// The live scenarios --scenario may name: the leaf/spine fabric's with --topology.
QStringList scenarioNames(const ConsoleOptions &options)
{
    if (!options.topology.isEmpty())
        return sim::leafSpineScenarioNames();
    QStringList names;
    for (const auto &live : sim::liveScenarios())
        names.append(live.name);
    return names;
}

/// A load and faults with targets ("training+nic-stall:gpu0007/mlx5_1"): every part's name
/// must be one of @p names (targets are checked when the fabric applies it).
bool isKnownScenario(const QString &scenario, const QStringList &names)
{
    bool known = true;
    for (const QString &part : scenario.split(QLatin1Char('+'), Qt::SkipEmptyParts))
        known = known && names.contains(part.section(QLatin1Char(':'), 0, 0));
    return known;
}

/// Why the values given cannot be run with, as the line to print; nothing when they can.
std::optional<QString> invalidValues(const ConsoleOptions &options)
{
    if (!options.prometheusUrl.isEmpty()) {
        if (const auto e = prom::parsePromEndpoint(options.prometheusUrl); !e)
            return QStringLiteral("roce-console: ") + e.error().message;
    }
    if (!options.scenario.isEmpty()) {
        const QStringList names = scenarioNames(options);
        if (!isKnownScenario(options.scenario, names))
            return ConsoleOptionsText::tr("roce-console: unknown scenario '%1' (%2)")
                .arg(options.scenario, names.join(QLatin1String(", ")));
    }
    return std::nullopt;
}

/// A command line answered, or refused, without options to run with.
ConsoleParse exitWith(int exitCode)
{
    ConsoleParse result;
    result.exitCode = exitCode;
    return result;
}

}  // namespace

ConsoleParse parseConsoleOptions(const QStringList &argv, bool report)
{
    ConsoleOptions options;
    OptionTable table;
    QCommandLineParser &parser = table.parser();
    parser.setApplicationDescription(ConsoleOptionsText::tr(
        "RoCE Fabric Console: live operations console for lossless RoCEv2 fabrics "
        "(PFC, ECN/WRED, DCQCN) carrying distributed AI training."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    declare(table, options);

    // When not reporting, both streams write to a discarded string.
    QString discarded;
    QTextStream err(stderr);
    QTextStream out(stdout);
    if (!report) {
        err.setString(&discarded);
        out.setString(&discarded);
    }
    if (const auto answered = answerWithoutRunning(parser, help, version, argv, out, err))
        return exitWith(*answered);
    if (const auto error = table.take()) {
        err << QStringLiteral("roce-console: ") << *error << QLatin1Char('\n');
        return exitWith(2);
    }
    if (const auto invalid = invalidValues(options)) {
        err << *invalid << QLatin1Char('\n');
        return exitWith(2);
    }
    ConsoleParse result;
    result.options = options;
    return result;
}

}  // namespace roce::app
