#include "consoleoptions.h"

#include "collect/results/resultstore.h"
#include "live/inventory/inventory.h"
#include "prometheus/query/promendpoint.h"
#include "sim/scenarios/livescenario.h"

#include "live/hub/componentversions.h"
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

// NOLINTNEXTLINE(readability-function-size): predates the limit
ConsoleParse parseConsoleOptions(const QStringList &argv, bool report)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(ConsoleOptionsText::tr(
        "RoCE Fabric Console: live operations console for lossless RoCEv2 fabrics "
        "(PFC, ECN/WRED, DCQCN) carrying distributed AI training."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    const QCommandLineOption lang(
        QStringLiteral("lang"),
        ConsoleOptionsText::tr("User-interface language, e.g. 'de' or 'en' (default: "
                               "the system locale)."),
        ConsoleOptionsText::tr("language"));
    const QCommandLineOption shot(
        QStringLiteral("screenshot"),
        ConsoleOptionsText::tr("Save a PNG of the main window to <file> once it is "
                               "shown, then exit."),
        ConsoleOptionsText::tr("file"));
    const QCommandLineOption shotDelay(
        QStringLiteral("screenshot-delay"),
        ConsoleOptionsText::tr("Milliseconds to wait before --screenshot is taken "
                               "(default 1500)."),
        ConsoleOptionsText::tr("ms"), QStringLiteral("1500"));
    const QCommandLineOption reset(QStringLiteral("reset-layout"),
                                   ConsoleOptionsText::tr("Start with the default window layout."));
    const QCommandLineOption demo(
        QStringLiteral("demo"),
        ConsoleOptionsText::tr("Run on the embedded simulated fabric (the default while no "
                               "inventory is configured)."));
    const QCommandLineOption scenario(
        QStringLiteral("scenario"),
        ConsoleOptionsText::tr("Start this live scenario on the simulated fabric: a load (idle, "
                               "lossy-incast, pfc-incast, dcqcn-incast, training) and faults "
                               "with optional targets joined by '+' (nic-stall[:NIC], "
                               "link-down[:PORT], ... as rocectl sim --list shows), e.g. "
                               "training+nic-stall:ubunturdma3/rocep19s0; with --topology: "
                               "rail-training (default), rail-ecmp-polarized, rail-link-down, "
                               "rail-nic-stall, rail-pfc-wrong-cos."),
        ConsoleOptionsText::tr("name"));
    const QCommandLineOption resultsDb(
        QStringLiteral("results-db"),
        ConsoleOptionsText::tr("The results database of experiments (default %1; the same as "
                               "rocectl results).")
            .arg(results::ResultStore::defaultPath()),
        ConsoleOptionsText::tr("path"));
    const QCommandLineOption inventoryFile(
        QStringLiteral("inventory"),
        ConsoleOptionsText::tr("The inventory file to watch and edit (default %1). Passwords "
                               "and tokens are in the keychain, never in this file.")
            .arg(inventory::defaultPath()),
        ConsoleOptionsText::tr("file"));
    parser.addOption(inventoryFile);
    const QCommandLineOption topology(
        QStringLiteral("topology"),
        ConsoleOptionsText::tr("Demo a simulated leaf/spine fabric instead of the reference one, "
                               "e.g. rail:1024:8:8:16 (1024 servers x 8 NICs, 8 rails, 16 "
                               "spines), drawn on the layered map."),
        ConsoleOptionsText::tr("rail:HOSTS:NICS:RAILS:SPINES"));
    parser.addOption(topology);
    const QCommandLineOption replay(
        QStringLiteral("replay"),
        ConsoleOptionsText::tr("Open this recording (a file, or a directory of recordings) for "
                               "replay at start; the live fabric is watched (and recorded) "
                               "meanwhile."),
        ConsoleOptionsText::tr("file"));
    parser.addOption(replay);
    const QCommandLineOption prometheus(
        QStringLiteral("prometheus"),
        ConsoleOptionsText::tr("Read the fleet from this Prometheus-compatible store (Prometheus, "
                               "Thanos, VictoriaMetrics, Mimir; a path in the URL is its prefix, "
                               "e.g. http://vm:8481/select/0/prometheus) instead of polling it. "
                               "Authentication as set in Fabric > Connect to Prometheus...; the "
                               "token or password from ROCE_PROMETHEUS_SECRET or the keychain."),
        ConsoleOptionsText::tr("url"));
    parser.addOption(prometheus);
    const QCommandLineOption select(
        QStringLiteral("select"),
        ConsoleOptionsText::tr("Select this port once it appears (its row, its charts), e.g. "
                               "rail3-leaf5/Ethernet1/1 or gpu0001/mlx5_0."),
        ConsoleOptionsText::tr("port"));
    parser.addOption(select);
    const QCommandLineOption pingmesh(
        QStringLiteral("pingmesh"),
        ConsoleOptionsText::tr("Start the pingmesh of the watched fabric and show its dock: "
                               "a fault on a model of a simulated fabric (healthy, "
                               "bad-nic:HOST, bad-link:SWITCH/PORT, hot-uplink, silent-pause, "
                               "pfcwd-flap, ecn-not-marking), or agents (its own agents "
                               "probe each other)."),
        ConsoleOptionsText::tr("scenario"));
    parser.addOption(pingmesh);
    parser.addOption(demo);
    parser.addOption(scenario);
    parser.addOption(resultsDb);
    parser.addOption(lang);
    parser.addOption(shot);
    parser.addOption(shotDelay);
    parser.addOption(reset);

    ConsoleParse result;
    // When not reporting, both streams write to a discarded string.
    QString discarded;
    QTextStream err(stderr);
    QTextStream out(stdout);
    if (!report) {
        err.setString(&discarded);
        out.setString(&discarded);
    }
    if (!parser.parse(argv)) {
        err << parser.errorText() << QLatin1Char('\n');
        result.exitCode = 2;
        return result;
    }
    if (parser.isSet(help)) {
        out << parser.helpText();
        return result;
    }
    if (parser.isSet(version)) {
        out << QLatin1String("roce-console ") << applicationVersion() << QLatin1Char('\n');
        for (const auto &c : componentVersions())
            out << QLatin1String("  ") << c.name << QLatin1Char(' ') << c.version
                << QLatin1Char('\n');
        return result;
    }
    if (!parser.positionalArguments().isEmpty()) {
        err << ConsoleOptionsText::tr("roce-console: unexpected argument '%1'")
                   .arg(parser.positionalArguments().first())
            << QLatin1Char('\n');
        result.exitCode = 2;
        return result;
    }

    ConsoleOptions options;
    options.language = parser.value(lang);
    options.screenshotPath = parser.value(shot);
    bool ok = false;
    options.screenshotDelayMs = parser.value(shotDelay).toInt(&ok);
    if (!ok || options.screenshotDelayMs < 0) {
        err << ConsoleOptionsText::tr(
                   "roce-console: --screenshot-delay needs a number of milliseconds, got '%1'")
                   .arg(parser.value(shotDelay))
            << QLatin1Char('\n');
        result.exitCode = 2;
        return result;
    }
    options.resetLayout = parser.isSet(reset);
    options.demo = parser.isSet(demo);
    options.scenario = parser.value(scenario);
    options.resultsDb = parser.value(resultsDb);
    options.inventoryPath = parser.value(inventoryFile);
    options.topology = parser.value(topology);
    options.replayPath = parser.value(replay);
    options.prometheusUrl = parser.value(prometheus);
    options.selectPort = parser.value(select);
    options.pingmeshScenario = parser.value(pingmesh);
    if (!options.prometheusUrl.isEmpty()) {
        if (const auto e = prom::parsePromEndpoint(options.prometheusUrl); !e) {
            err << QStringLiteral("roce-console: ") << e.error().message << QLatin1Char('\n');
            result.exitCode = 2;
            return result;
        }
    }
    if (!options.scenario.isEmpty()) {
        QStringList names;
        if (options.topology.isEmpty()) {
            for (const auto &live : sim::liveScenarios())
                names.append(live.name);
        } else {
            names = sim::leafSpineScenarioNames();
        }
        // A load and faults with targets ("training+nic-stall:gpu0007/mlx5_1"): every part's
        // name must be one (targets are checked when the fabric applies it).
        bool known = true;
        for (const QString &part : options.scenario.split(QLatin1Char('+'), Qt::SkipEmptyParts))
            known = known && names.contains(part.section(QLatin1Char(':'), 0, 0));
        if (!known) {
            err << ConsoleOptionsText::tr("roce-console: unknown scenario '%1' (%2)")
                       .arg(options.scenario, names.join(QLatin1String(", ")))
                << QLatin1Char('\n');
            result.exitCode = 2;
            return result;
        }
    }
    result.options = options;
    return result;
}

}  // namespace roce::app
