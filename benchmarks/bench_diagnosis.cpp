// How well the diagnosis names what was injected, through the served endpoints a real fabric
// is reached by (NX-API per switch, an agent per server, the agents' pingmesh), on the
// reference fabric and on a rail leaf/spine fabric, with and without a background training
// load. Each trial starts a fault with a target drawn from its seed on a fabric that has run
// healthy (the diagnosis saw its links up), watches the live model until a finding above info
// is raised (or 15 s), then heals it and waits until the findings clear. Then each healthy load
// runs for --healthy-seconds and every finding above info it raises is a false one.
//
// Scoring (REFERENCE-DIAGNOSIS §5): top-1 when the first finding above info raised after the
// fault started has its kind and names its location (or another name of the same place: the
// far end of a link, the switch port of a stalled NIC); time to finding from the fault's start
// to that finding being raised; a false finding is any other finding above info raised while
// one fault was injected, or any at all on a healthy load. The simulator's ground truth is used
// here only, never by the diagnosis. Targets are drawn by the served fabric, from its seed and
// the number of scenarios it started: every trial a new place. Prints a table (with --json on
// stderr, and one JSON object on stdout).
#include "benchfigures.h"
#include "collect/pingmesh/agentpingmeshfeed.h"
#include "live/hub/livefabric.h"
#include "sim/scenarios/faults.h"
#include "sim/served/embeddedfabric.h"
#include "sim/served/servedfabric.h"
#include "sim/served/simulatedplan.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QTimer>

#include <algorithm>
#include <cstdio>

using namespace roce;

namespace {

/// Runs the event loop for @p ms, or until @p done() holds (checked every 100 ms).
bool waitFor(int ms, const std::function<bool()> &done)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        if (done && done())
            return true;
        QEventLoop loop;
        QTimer::singleShot(100, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return done && done();
}

struct Trial {
    QString fabric, background, spec;
    QList<sim::InjectedFault> injected;
    bool top1 = false;
    double timeToFindingS = -1;  ///< -1: not found within the window
    int falseFindings = 0;
    int namedFaults = 0;  ///< of the injected ones, how many a finding named
    QStringList raised;   ///< "kind|location" of every finding above info raised meanwhile
};

bool names(const diagnosis::Finding &f, const sim::InjectedFault &fault)
{
    return f.kind == fault.kind
        && (f.location == fault.location || fault.alsoAt.contains(f.location));
}

double median(QList<double> v)
{
    if (v.isEmpty())
        return -1;
    std::sort(v.begin(), v.end());
    const qsizetype n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double percentile(QList<double> v, double p)
{
    if (v.isEmpty())
        return -1;
    std::sort(v.begin(), v.end());
    return v[std::min<qsizetype>(v.size() - 1, qsizetype(p * double(v.size() - 1) + 0.5))];
}

/// One simulated fabric served on loopback, watched by a live model as the console watches an
/// inventory's, with the agents' pingmesh running for latency evidence.
class Bench
{
public:
    Bench(const QString &topology, std::uint64_t seed) : m_topology(topology)
    {
        sim::SimServiceOptions reference;
        reference.seed = seed;
        m_plan = std::make_unique<sim::SimulatedFabricPlan>(topology, QString(), reference);
        QObject::connect(m_plan.get(), &sim::SimulatedFabricPlan::ready, &m_hub,
                         [this](const live::FabricPlan &plan) { m_hub.watch(plan); });
        const auto injected = [this](const QJsonObject &json) {
            m_injection = json;
            m_injectedAtMs = QDateTime::currentMSecsSinceEpoch();
        };
        if (m_plan->embedded())
            QObject::connect(m_plan->embedded(), &sim::EmbeddedFabric::scenarioInjected, &m_hub,
                             injected);
        if (m_plan->served())
            QObject::connect(m_plan->served(), &sim::ServedFabric::scenarioInjected, &m_hub,
                             injected);
        QObject::connect(&m_probes, &pingmesh::AgentPingmeshFeed::snapshot, &m_hub,
                         [this](const pingmesh::PingmeshSnapshot &s) {
                             m_hub.raiseFindings(QStringLiteral("pingmesh"), s.verdicts);
                         });
        QObject::connect(&m_hub, &live::LiveFabric::frameReady, &m_probes, [this] {
            if (m_probes.isRunning())
                m_probes.setPorts(m_hub.freshLatest());
        });
    }

    /// Starts the fabric and waits until every source answers and the pingmesh runs.
    bool start()
    {
        m_plan->start();
        const bool heard = waitFor(60000, [this] {
            const QList<live::SourceState> sources = m_hub.sources();
            return !sources.isEmpty()
                && std::all_of(sources.cbegin(), sources.cend(), [](const live::SourceState &s) {
                       return s.state == live::SourceState::State::Ok;
                   });
        });
        if (!heard)
            return false;
        pingmesh::AgentPingmeshOptions options;
        options.seconds = 3600;
        options.ratePerSecond = 40;
        options.placement = m_hub.placement();
        m_probes.start(m_hub.agentEndpoints(), m_hub.freshLatest(), options);
        waitFor(8000, {});
        return true;
    }

    /// Starts @p spec and waits for its injection to be reported; returns what was injected.
    QList<sim::InjectedFault> startScenario(const QString &spec)
    {
        m_injection = {};
        m_plan->startScenario(spec);
        waitFor(10000, [this] { return !m_injection.isEmpty(); });
        QList<sim::InjectedFault> out;
        for (const QJsonValue &v : m_injection.value(QStringLiteral("injected")).toArray()) {
            const QJsonObject o = v.toObject();
            sim::InjectedFault f;
            f.fault = o.value(QStringLiteral("fault")).toString();
            f.target = o.value(QStringLiteral("target")).toString();
            f.kind = o.value(QStringLiteral("kind")).toString();
            f.location = o.value(QStringLiteral("location")).toString();
            for (const QJsonValue &a : o.value(QStringLiteral("also_at")).toArray())
                f.alsoAt.append(a.toString());
            out.append(f);
        }
        return out;
    }

    QList<diagnosis::Finding> activeAboveInfo() const
    {
        QList<diagnosis::Finding> out;
        for (const diagnosis::Finding &f : m_hub.diagnosis().active()) {
            if (f.severity > diagnosis::Severity::Info)
                out.append(f);
        }
        return out;
    }

    /// Every finding above info raised at or after @p sinceMs (active or cleared since).
    QList<diagnosis::Finding> raisedSince(qint64 sinceMs) const
    {
        QList<diagnosis::Finding> out;
        for (const diagnosis::Finding &f : m_hub.diagnosis().all()) {
            if (f.severity > diagnosis::Severity::Info && f.raisedMs >= sinceMs)
                out.append(f);
        }
        std::sort(out.begin(), out.end(),
                  [](const diagnosis::Finding &a, const diagnosis::Finding &b) {
                      return a.raisedMs < b.raisedMs;
                  });
        return out;
    }

    qint64 injectedAtMs() const { return m_injectedAtMs; }
    void stop()
    {
        m_probes.stop();
        m_hub.stop();
    }

private:
    QString m_topology;
    live::LiveFabric m_hub;
    pingmesh::AgentPingmeshFeed m_probes;
    std::unique_ptr<sim::SimulatedFabricPlan> m_plan;
    QJsonObject m_injection;
    qint64 m_injectedAtMs = 0;
};

QStringList faultsFor(const QString &topology)
{
    QStringList out;
    for (const sim::FaultInfo &f : sim::liveFaults()) {
        if (!f.leafSpineOnly || topology.startsWith(QLatin1String("rail:")))
            out.append(f.name);
    }
    return out;
}

Trial runTrial(Bench &bench, const QString &fabric, const QString &background, const QString &spec,
               int windowS)
{
    Trial t;
    t.fabric = fabric;
    t.background = background;
    t.spec = spec;
    t.injected = bench.startScenario(spec);
    const qint64 t0 = bench.injectedAtMs();
    // Until every injected fault is named, or the window is over.
    waitFor(windowS * 1000, [&] {
        const QList<diagnosis::Finding> raised = bench.raisedSince(t0);
        int named = 0;
        for (const sim::InjectedFault &fault : std::as_const(t.injected))
            named += std::any_of(raised.cbegin(), raised.cend(),
                                 [&](const diagnosis::Finding &f) { return names(f, fault); });
        return !t.injected.isEmpty() && named == t.injected.size();
    });
    // A moment more: a second cause raised just after the first is counted too.
    waitFor(2000, {});
    const QList<diagnosis::Finding> raised = bench.raisedSince(t0);
    for (const diagnosis::Finding &f : raised)
        t.raised.append(f.key());
    for (const sim::InjectedFault &fault : std::as_const(t.injected)) {
        const bool named
            = std::any_of(raised.cbegin(), raised.cend(),
                          [&](const diagnosis::Finding &f) { return names(f, fault); });
        t.namedFaults += named ? 1 : 0;
    }
    if (!raised.isEmpty() && !t.injected.isEmpty()) {
        t.top1 = std::any_of(
            t.injected.cbegin(), t.injected.cend(),
            [&](const sim::InjectedFault &fault) { return names(raised.first(), fault); });
        for (const diagnosis::Finding &f : raised) {
            if (std::any_of(t.injected.cbegin(), t.injected.cend(),
                            [&](const sim::InjectedFault &fault) { return names(f, fault); })) {
                if (t.timeToFindingS < 0)
                    t.timeToFindingS = double(f.raisedMs - t0) / 1000.0;
            } else {
                ++t.falseFindings;
            }
        }
    }
    // Heal, and let the findings clear before the next trial.
    bench.startScenario(background.isEmpty() ? QStringLiteral("idle") : background);
    waitFor(25000, [&] { return bench.activeAboveInfo().isEmpty(); });
    waitFor(1500, {});
    return t;
}

}  // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    bench::BenchFigures figures(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Diagnosis accuracy on served simulated fabrics."));
    parser.addHelpOption();
    const QCommandLineOption fabricsOpt(
        QStringLiteral("fabrics"),
        QStringLiteral("Comma-separated topologies (default reference,rail:32:2:2:2)."),
        QStringLiteral("list"), QStringLiteral("reference,rail:32:2:2:2"));
    const QCommandLineOption trialsOpt(
        QStringLiteral("trials"),
        QStringLiteral("Single-fault trials per fabric and background (default 30)."),
        QStringLiteral("n"), QStringLiteral("30"));
    const QCommandLineOption pairsOpt(QStringLiteral("pairs"),
                                      QStringLiteral("Two-fault trials per fabric (default 10)."),
                                      QStringLiteral("n"), QStringLiteral("10"));
    const QCommandLineOption healthyOpt(
        QStringLiteral("healthy-seconds"),
        QStringLiteral("Seconds each healthy load runs (default 600)."), QStringLiteral("s"),
        QStringLiteral("600"));
    const QCommandLineOption windowOpt(
        QStringLiteral("window"),
        QStringLiteral("Seconds a trial waits for its finding (default 15)."), QStringLiteral("s"),
        QStringLiteral("15"));
    const QCommandLineOption faultsOpt(
        QStringLiteral("faults"),
        QStringLiteral("Comma-separated fault kinds to try (default: every kind the fabric has)."),
        QStringLiteral("list"));
    const QCommandLineOption seedOpt(
        QStringLiteral("seed"),
        QStringLiteral("The served fabrics' seed, which the targets are drawn from (default 1): "
                       "another seed, other places."),
        QStringLiteral("n"), QStringLiteral("1"));
    const QCommandLineOption jsonOpt(
        QStringLiteral("json"),
        QStringLiteral("Print one JSON object of the figures (the report on stderr)."));
    parser.addOptions(
        {fabricsOpt, trialsOpt, pairsOpt, healthyOpt, windowOpt, faultsOpt, seedOpt, jsonOpt});
    parser.process(app);
    const int trials = parser.value(trialsOpt).toInt();
    const int pairs = parser.value(pairsOpt).toInt();
    const int healthySeconds = parser.value(healthyOpt).toInt();
    const int window = parser.value(windowOpt).toInt();

    QList<Trial> all;
    QJsonArray healthy;
    int healthyFindings = 0;
    for (const QString &fabric :
         parser.value(fabricsOpt).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        Bench bench(fabric, parser.value(seedOpt).toULongLong());
        if (!bench.start()) {
            std::fprintf(stderr, "bench_diagnosis: %s did not come up\n", qPrintable(fabric));
            return 1;
        }
        QStringList faults = faultsFor(fabric);
        if (parser.isSet(faultsOpt)) {
            const QStringList only
                = parser.value(faultsOpt).split(QLatin1Char(','), Qt::SkipEmptyParts);
            faults.removeIf([&](const QString &f) { return !only.contains(f); });
            if (faults.isEmpty()) {
                std::fprintf(stderr, "bench_diagnosis: none of --faults %s on %s\n",
                             qPrintable(parser.value(faultsOpt)), qPrintable(fabric));
                return 2;
            }
        }
        for (const QString &background : {QString(), QStringLiteral("training")}) {
            if (!background.isEmpty()) {
                bench.startScenario(background);
                waitFor(5000, {});
            }
            for (int i = 0; i < trials; ++i) {
                // A different seed a trial: the target is drawn from it, as `--seed` does.
                const QString fault = faults.at(i % faults.size());
                const QString spec
                    = (background.isEmpty() ? QString() : background + QLatin1Char('+')) + fault;
                Trial t = runTrial(bench, fabric, background, spec, window);
                all.append(t);
                std::printf("%-22s %-9s %-40s %-5s %6.1f s  false %d  raised %s\n",
                            qPrintable(fabric),
                            qPrintable(background.isEmpty() ? QStringLiteral("-") : background),
                            qPrintable(t.injected.isEmpty() ? spec
                                                            : t.injected.first().fault
                                               + QLatin1Char(':') + t.injected.first().target),
                            t.top1 ? "top1" : "MISS", t.timeToFindingS, t.falseFindings,
                            qPrintable(t.raised.join(QLatin1Char(' '))));
                std::fflush(stdout);
            }
        }
        // Two faults at once, over training: both should be named.
        for (int i = 0; i < pairs; ++i) {
            const QString a = faults.at((2 * i) % faults.size());
            const QString b = faults.at((2 * i + 3) % faults.size());
            const QString spec = QStringLiteral("training+%1+%2").arg(a, b);
            Trial t = runTrial(bench, fabric, QStringLiteral("training"), spec, window);
            t.background = QStringLiteral("training (2 faults)");
            all.append(t);
            QStringList placed;
            for (const sim::InjectedFault &f : std::as_const(t.injected))
                placed.append(f.fault + QLatin1Char(':') + f.target);
            std::printf("%-22s two faults %-60s named %d/%lld  raised %s\n", qPrintable(fabric),
                        qPrintable(placed.isEmpty() ? spec : placed.join(QLatin1Char('+'))),
                        t.namedFaults, static_cast<long long>(t.injected.size()),
                        qPrintable(t.raised.join(QLatin1Char(' '))));
            std::fflush(stdout);
        }
        // Healthy loads: nothing above info, however long.
        for (const QString &load :
             {QStringLiteral("idle"), QStringLiteral("training"), QStringLiteral("dcqcn-incast")}) {
            bench.startScenario(load);
            const qint64 t0 = QDateTime::currentMSecsSinceEpoch();
            waitFor(healthySeconds * 1000, {});
            QStringList raised;
            for (const diagnosis::Finding &f : bench.raisedSince(t0))
                raised.append(f.key());
            healthy.append(
                QJsonObject {{QStringLiteral("fabric"), fabric},
                             {QStringLiteral("load"), load},
                             {QStringLiteral("seconds"), healthySeconds},
                             {QStringLiteral("findings_above_info"), int(raised.size())},
                             {QStringLiteral("raised"), QJsonArray::fromStringList(raised)}});
            healthyFindings += int(raised.size());
            std::printf("%-22s healthy %-14s %d s: %lld findings above info %s\n",
                        qPrintable(fabric), qPrintable(load), healthySeconds,
                        static_cast<long long>(raised.size()),
                        qPrintable(raised.join(QLatin1Char(' '))));
            std::fflush(stdout);
        }
        bench.stop();
    }

    // Per fault kind and fabric: top-1, times, false findings.
    struct Tally {
        int trials = 0, top1 = 0, falses = 0, oneFinding = 0;
        QList<double> times;
    };
    QMap<QString, Tally> byKind;
    int pairTrials = 0, pairBoth = 0, singleTop1 = 0, singleFalse = 0;
    QList<double> allTimes;
    for (const Trial &t : std::as_const(all)) {
        if (t.injected.size() > 1) {
            ++pairTrials;
            pairBoth += t.namedFaults == t.injected.size() ? 1 : 0;
            continue;
        }
        const QString key = t.fabric + QLatin1Char(' ')
            + (t.injected.isEmpty() ? QStringLiteral("?") : t.injected.first().fault);
        Tally &k = byKind[key];
        ++k.trials;
        k.top1 += t.top1 ? 1 : 0;
        k.falses += t.falseFindings;
        singleTop1 += t.top1 ? 1 : 0;
        singleFalse += t.falseFindings;
        k.oneFinding += t.raised.size() == 1 ? 1 : 0;
        if (t.timeToFindingS >= 0) {
            k.times.append(t.timeToFindingS);
            allTimes.append(t.timeToFindingS);
        }
    }
    QJsonArray kinds;
    for (auto it = byKind.cbegin(); it != byKind.cend(); ++it) {
        const Tally &k = it.value();
        kinds.append(QJsonObject {
            {QStringLiteral("fabric_fault"), it.key()},
            {QStringLiteral("trials"), k.trials},
            {QStringLiteral("top1_percent"), 100.0 * k.top1 / std::max(1, k.trials)},
            {QStringLiteral("median_time_s"), median(k.times)},
            {QStringLiteral("p95_time_s"), percentile(k.times, 0.95)},
            {QStringLiteral("false_findings"), k.falses},
            {QStringLiteral("one_finding_percent"), 100.0 * k.oneFinding / std::max(1, k.trials)}});
        std::printf("%-36s trials %3d  top-1 %5.1f %%  median %4.1f s  p95 %4.1f s  false %d  "
                    "one finding %5.1f %%\n",
                    qPrintable(it.key()), k.trials, 100.0 * k.top1 / std::max(1, k.trials),
                    median(k.times), percentile(k.times, 0.95), k.falses,
                    100.0 * k.oneFinding / std::max(1, k.trials));
    }
    std::printf("all single faults: median %.1f s, p95 %.1f s to finding; two faults both named "
                "in %.1f %% of %d\n",
                median(allTimes), percentile(allTimes, 0.95),
                100.0 * pairBoth / std::max(1, pairTrials), pairTrials);
    const int singleTrials = int(all.size()) - pairTrials;
    figures.add("single_fault_trials", singleTrials);
    figures.add("top1_percent", 100.0 * singleTop1 / std::max(1, singleTrials));
    figures.add("median_time_to_finding_s", median(allTimes));
    figures.add("p95_time_to_finding_s", percentile(allTimes, 0.95));
    figures.add("false_findings", singleFalse);
    figures.add("two_fault_trials", pairTrials);
    figures.add("two_faults_both_named_percent", 100.0 * pairBoth / std::max(1, pairTrials));
    figures.add("by_fault", kinds);
    figures.add("healthy", healthy);
    figures.add("healthy_findings_above_info", healthyFindings);
    figures.print();
    return 0;
}
