// How well the what-if twin predicts a change, closed loop, through the served endpoints a real
// fabric is reached by. For each fabric (the reference fabric, rail:32:2:2:2), each load (an
// incast, training: on rail:32 rail-training, whose ring crosses the spines) and each change (WRED
// minimum threshold halved and doubled, ECN removed from the RoCE class, PFC off on every port, a
// DCQCN timer on the NICs, a static pause threshold), `rocectl whatif --verify` runs in this
// process: it watches the served fabric, builds the twin from what it saw, predicts the change,
// applies it over NX-API and the agents, and watches again. The prediction's relative error per
// figure is the score (targets: <= 20 % on queue mean, ECN/CNP rates, pause rates and goodput;
// drops on the right side of zero and within 2x), with the calibration error (the twin's current
// run against the first watch). Then the twin of rail:32 previews a change over 60 model seconds,
// away from the served fabric, and that takes preview_60s_rail32_s (target <= 10 s). The reference
// fabric's twin runs on both engines: the fluid one, the default, and the packet one, which the
// served reference fabric runs (the difference is the fluid model's own error). Prints a table
// (with
// --json on stderr, and one JSON object on stdout).
#include "benchfigures.h"
#include "cli/commands/whatifcommand.h"
#include "sim/twin/twinpreview.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <variant>

using namespace roce;

namespace {

struct Change {
    const char *name;
    /// The change's lines for a fabric: the reference fabric's or a leaf/spine one's.
    QString (*text)(bool leafSpine);
};

QString wred(int kminKb, bool ecn)
{
    return QStringLiteral("policy-map type queuing QOS_EGRESS_PORT\n"
                          "  class type queuing c-out-8q-q3\n"
                          "    random-detect minimum-threshold %1 kbytes maximum-threshold 3000 "
                          "kbytes drop-probability 7 weight 0%2\n")
        .arg(kminKb)
        .arg(ecn ? QStringLiteral(" ecn") : QString());
}

const Change kChanges[] = {
    {"wred_kmin_half", [](bool) { return wred(75, true); }},
    {"wred_kmin_double", [](bool) { return wred(300, true); }},
    {"ecn_removed", [](bool) { return wred(150, false); }},
    {"pfc_off",
     [](bool leafSpine) {
         if (!leafSpine)
             return QStringLiteral("interface Ethernet1/1/1-4, Ethernet1/2/1-4\n"
                                   "  priority-flow-control mode off\n");
         // Each leaf has 32 downlinks and two uplinks, each spine a port per leaf.
         return QStringLiteral("switch rail1-leaf1\ninterface Ethernet1/1-34\n"
                               "  priority-flow-control mode off\n"
                               "switch rail2-leaf1\ninterface Ethernet1/1-34\n"
                               "  priority-flow-control mode off\n"
                               "switch spine1\ninterface Ethernet1/1-2\n"
                               "  priority-flow-control mode off\n"
                               "switch spine2\ninterface Ethernet1/1-2\n"
                               "  priority-flow-control mode off\n");
     }},
    {"dcqcn_time_reset_x4",
     [](bool) { return QStringLiteral("ecn/roce_rp/rpg_time_reset 1200\n"); }},
    {"pause_threshold_static",
     [](bool) {
         return QStringLiteral("policy-map type network-qos QOS_NETWORK\n"
                               "  class type network-qos c-8q-nq3\n"
                               "    pause buffer-size 130000 pause-threshold 30000 "
                               "resume-threshold 28000\n");
     }},
};

/// The figures the targets hold to (drops are judged apart).
const char *const kRelative[]
    = {"queue_mean_kb",     "goodput_gbps",    "ecn_marks_per_s", "cnp_sent_per_s",
       "cnp_handled_per_s", "rx_pauses_per_s", "tx_pauses_per_s"};

QString percent(const QJsonValue &v)
{
    return v.isNull() ? QStringLiteral("n/a") : QString::number(v.toDouble() * 100, 'f', 0);
}

/// One fabric the bench runs on, with the engine of its twin and its loads.
struct Fabric {
    QString topology, engine;
    QStringList loads;
};

/// What the bench adds up over its cases.
struct Totals {
    QJsonArray cases;
    int checks = 0, within = 0, dropChecks = 0, dropsOk = 0;
    QList<double> calibration;
    std::optional<cli::WhatIfOutcome> railTwin;  ///< the first rail case's, for the 60 s preview
};

/// The change's lines for @p fabric in a file of @p dir.
QString writeChange(const QTemporaryDir &dir, const Change &change, const Fabric &fabric)
{
    const QString file = dir.filePath(QLatin1String(change.name) + QLatin1String(".cfg"));
    QFile out(file);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(change.text(fabric.topology != QLatin1String("reference")).toUtf8());
    return file;
}

/// `rocectl whatif --verify` of @p changeFile on @p fabric under @p load, in this process.
std::variant<cli::WhatIfOutcome, int> runCase(const Fabric &fabric, const QString &load,
                                              const QString &changeFile, const QString &seconds)
{
    QStringList args {QStringLiteral("rocectl whatif"),
                      QStringLiteral("--sim"),
                      QStringLiteral("--served"),
                      QStringLiteral("--scenario"),
                      load,
                      QStringLiteral("--change"),
                      changeFile,
                      QStringLiteral("--verify"),
                      QStringLiteral("--seconds"),
                      seconds,
                      QStringLiteral("--warmup"),
                      QStringLiteral("4"),
                      QStringLiteral("--settle"),
                      QStringLiteral("4"),
                      QStringLiteral("--engine"),
                      fabric.engine};
    if (fabric.topology != QLatin1String("reference"))
        args << QStringLiteral("--topology") << fabric.topology;
    QString none;
    QTextStream sink(&none);
    QTextStream err(stderr);
    cli::CommandIo io {sink, err};
    return cli::runWhatIf(args, io);
}

/// Scores one case's report into @p totals and prints its line.
void score(const Fabric &fabric, const QString &load, const Change &change,
           const cli::WhatIfOutcome &done, Totals &totals)
{
    const QJsonObject error = done.report.value(QStringLiteral("error")).toObject();
    const QJsonObject calib = done.report.value(QStringLiteral("calibration"))
                                  .toObject()
                                  .value(QStringLiteral("error"))
                                  .toObject();
    double worstCalib = 0;
    for (const char *key : kRelative) {
        const QJsonValue e = error.value(QLatin1String(key));
        ++totals.checks;
        totals.within += !e.isNull() && e.toDouble() <= 0.2 ? 1 : 0;
        const QJsonValue c = calib.value(QLatin1String(key));
        if (!c.isNull()) {
            totals.calibration.append(c.toDouble());
            worstCalib = std::max(worstCalib, c.toDouble());
        }
    }
    const bool drops = done.report.value(QStringLiteral("drops_agree")).toBool();
    ++totals.dropChecks;
    totals.dropsOk += drops ? 1 : 0;
    const auto pc = [&error](const char *key) {
        return percent(error.value(QLatin1String(key))).toStdString();
    };
    std::printf("%-14s %-6s %-13s %-23s %6s %6s %6s %6s %6s %6s %6s %5s %5.0f%%\n",
                qPrintable(fabric.topology), qPrintable(fabric.engine), qPrintable(load),
                change.name, pc("queue_mean_kb").c_str(), pc("goodput_gbps").c_str(),
                pc("ecn_marks_per_s").c_str(), pc("cnp_sent_per_s").c_str(),
                pc("cnp_handled_per_s").c_str(), pc("rx_pauses_per_s").c_str(),
                pc("tx_pauses_per_s").c_str(), drops ? "ok" : "WRONG", worstCalib * 100);
    std::fflush(stdout);
    totals.cases.append(
        QJsonObject {{QStringLiteral("fabric"), fabric.topology},
                     {QStringLiteral("engine"), fabric.engine},
                     {QStringLiteral("load"), load},
                     {QStringLiteral("change"), QLatin1String(change.name)},
                     {QStringLiteral("error"), error},
                     {QStringLiteral("calibration_error"), calib},
                     {QStringLiteral("drops_agree"), drops},
                     {QStringLiteral("predicted"), done.report.value(QStringLiteral("predicted"))},
                     {QStringLiteral("observed"), done.report.value(QStringLiteral("observed"))}});
    if (fabric.topology != QLatin1String("reference") && !totals.railTwin)
        totals.railTwin = done;
}

/// A 60 s preview of @p twin's change, timed, with no served fabric running beside it: -1 when
/// it failed.
double timePreview60(const cli::WhatIfOutcome &twin)
{
    sim::twin::PreviewOptions options;
    options.window = 60 * sim::kNsPerSec;
    QElapsedTimer wall;
    wall.start();
    const auto preview = sim::twin::previewChange(twin.twin, twin.change, options);
    return preview ? double(wall.nsecsElapsed()) / 1e9 : -1;
}

}  // namespace

int main(int argc, char **argv)
{
    bench::BenchFigures figures(argc, argv);
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    QCommandLineOption json(QStringLiteral("json"), QStringLiteral("One JSON object on stdout."));
    QCommandLineOption seconds(QStringLiteral("seconds"),
                               QStringLiteral("Seconds each watch lasts (default 10)."),
                               QStringLiteral("s"), QStringLiteral("10"));
    QCommandLineOption quick(QStringLiteral("quick"),
                             QStringLiteral("One load per fabric and three changes."));
    QCommandLineOption onlyLoads(
        QStringLiteral("loads"),
        QStringLiteral(
            "Only these loads, comma-separated (dcqcn-incast, training, rail-training)."),
        QStringLiteral("names"));
    parser.addOptions({json, seconds, quick, onlyLoads});
    parser.process(app);

    // The reference fabric is previewed on both engines: the fluid one (the default) and the
    // packet one (what the served reference fabric runs). Training on a rail fabric:
    // rail-training's ring crosses the spines beside a 15:1 incast (the rings of "training"
    // alone, one per rail, never queue on a non-blocking fabric).
    const QStringList loads {QStringLiteral("dcqcn-incast"), QStringLiteral("training")};
    const QStringList railLoads {QStringLiteral("dcqcn-incast"), QStringLiteral("rail-training")};
    QList<Fabric> fabrics {{QStringLiteral("reference"), QStringLiteral("fluid"), loads},
                           {QStringLiteral("reference"), QStringLiteral("packet"), loads},
                           {QStringLiteral("rail:32:2:2:2"), QStringLiteral("fluid"), railLoads}};
    if (parser.isSet(quick))
        fabrics.removeAt(1);
    const QStringList wanted = parser.value(onlyLoads).split(u',', Qt::SkipEmptyParts);
    for (const QString &l : wanted) {
        if (!loads.contains(l) && !railLoads.contains(l)) {
            std::fprintf(stderr,
                         "bench_whatif: no load '%s' (dcqcn-incast, training, rail-training)\n",
                         qPrintable(l));
            return 2;
        }
    }
    const int changes = parser.isSet(quick) ? 3 : int(std::size(kChanges));
    QTemporaryDir dir;
    Totals totals;
    std::printf("%-14s %-6s %-13s %-23s %6s %6s %6s %6s %6s %6s %6s %5s %6s\n", "fabric", "twin",
                "load", "change", "queue", "goodpt", "ecn", "cnp_s", "cnp_h", "rxppp", "txppp",
                "drops", "calib");
    for (const Fabric &fabric : std::as_const(fabrics)) {
        QStringList used = parser.isSet(quick) ? fabric.loads.mid(0, 1) : fabric.loads;
        if (!wanted.isEmpty())
            used.removeIf([&wanted](const QString &l) { return !wanted.contains(l); });
        for (const QString &load : used) {
            for (int c = 0; c < changes; ++c) {
                const QString file = writeChange(dir, kChanges[c], fabric);
                auto outcome = runCase(fabric, load, file, parser.value(seconds));
                if (const auto *done = std::get_if<cli::WhatIfOutcome>(&outcome)) {
                    score(fabric, load, kChanges[c], *done, totals);
                    continue;
                }
                std::printf("%-14s %-6s %-13s %-23s failed\n", qPrintable(fabric.topology),
                            qPrintable(fabric.engine), qPrintable(load), kChanges[c].name);
                totals.cases.append(
                    QJsonObject {{QStringLiteral("fabric"), fabric.topology},
                                 {QStringLiteral("engine"), fabric.engine},
                                 {QStringLiteral("load"), load},
                                 {QStringLiteral("change"), QLatin1String(kChanges[c].name)},
                                 {QStringLiteral("failed"), true}});
            }
        }
    }
    const double preview60 = totals.railTwin ? timePreview60(*totals.railTwin) : -1;
    std::sort(totals.calibration.begin(), totals.calibration.end());
    const double calibMedian
        = totals.calibration.isEmpty() ? 0 : totals.calibration[totals.calibration.size() / 2];
    std::printf("\n%d of %d figure predictions within 20 %% (%.0f %%); drops right %d of %d; "
                "median calibration error %.0f %%; 60 s preview of rail:32: %.1f s\n",
                totals.within, totals.checks, 100.0 * totals.within / std::max(1, totals.checks),
                totals.dropsOk, totals.dropChecks, calibMedian * 100, preview60);
    figures.add("cases", totals.cases);
    figures.add("figure_checks", totals.checks);
    figures.add("within_20_percent", totals.within);
    figures.add("within_20_percent_share", double(totals.within) / std::max(1, totals.checks));
    figures.add("drops_right", totals.dropsOk);
    figures.add("drops_checks", totals.dropChecks);
    figures.add("calibration_median_error", calibMedian);
    figures.add("preview_60s_rail32_s", preview60);
    figures.print();
    return 0;
}
