// Speed and memory of the fabric models: simulated seconds per wall second and resident
// memory, for the reference fabric on the packet model (its default 10 us step and 1 us) and
// on the fluid model, and for the 1,024-host x 8-NIC rail fabric on the fluid model with the
// large demo's workload (a 256-rank training ring and a 15:1 incast), with 1 and 2 threads;
// then whether 1 and 2 threads give the same counters. Run: build/benchmarks/bench_sim
// [--quick] [--only KEY] [--json]; --only runs the one case whose figures are named KEY
// (reference_incast, ...: to profile it), without the determinism check.
#include "benchfigures.h"
#include "sim/engine/counterdigest.h"
#include "sim/engine/fabric.h"
#include "sim/engine/fluidfabric.h"
#include "sim/engine/makefabric.h"
#include "sim/scenarios/livesteps.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTextStream>

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace roce::sim;
using roce::bench::BenchFigures;

namespace {

long rssKb(const char *field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> lines = f.readAll().split('\n');
    for (const QByteArray &line : lines) {
        if (line.startsWith(field))
            return line.mid(qstrlen(field)).trimmed().split(' ').first().toLong();
    }
    return -1;
}

struct Case {
    std::string name;
    TimeNs simulate;
    std::function<std::unique_ptr<Fabric>()> make;
    std::string key;  ///< the figures': <key>_x and the others
};

/// One load, stepped by 1 thread (figures <key>_...) and by 2 (<key>_2_threads_...).
void addOnOneAndTwoThreads(std::vector<Case> &cases, const std::string &name, TimeNs simulate,
                           const std::function<std::unique_ptr<Fabric>(int threads)> &make,
                           const std::string &key)
{
    cases.push_back({name + ", 1 thread", simulate, [make] { return make(1); }, key});
    cases.push_back(
        {name + ", 2 threads", simulate, [make] { return make(2); }, key + "_2_threads"});
}

void run(BenchFigures &figures, const Case &c)
{
    const long before = rssKb("VmRSS:");
    QElapsedTimer build;
    build.start();
    std::unique_ptr<Fabric> fabric = c.make();
    const double buildSeconds = double(build.nsecsElapsed()) / 1e9;
    // Warm up past the start-up transient, then measure.
    fabric->runFor(c.simulate / 10);
    QElapsedTimer wall;
    wall.start();
    fabric->runFor(c.simulate);
    const double seconds = double(wall.nsecsElapsed()) / 1e9;
    const double simSeconds = double(c.simulate) / kNsPerSec;
    const long after = rssKb("VmRSS:");
    std::printf("%-44s dt=%4.1f us  %8.3f sim-s in %7.3f wall-s  = %8.2fx real time  "
                "(%5.0f ns/step; build %.2f s; RSS +%ld KB, now %ld KB)\n",
                c.name.c_str(), double(fabric->params().timing.dt) / kNsPerUs, simSeconds, seconds,
                simSeconds / seconds,
                seconds * 1e9 / (double(c.simulate) / double(fabric->params().timing.dt)),
                buildSeconds, after - before, after);
    std::fflush(stdout);
    const std::string key = c.key;
    figures.add(key + "_x", simSeconds / seconds);
    figures.add(key + "_dt_us", double(fabric->params().timing.dt) / kNsPerUs);
    figures.add(key + "_sim_s", simSeconds);
    figures.add(key + "_wall_s", seconds);
    figures.add(key + "_ns_per_step",
                seconds * 1e9 / (double(c.simulate) / double(fabric->params().timing.dt)));
    figures.add(key + "_build_s", buildSeconds);
    figures.add(key + "_rss_growth_mb", double(after - before) / 1024);
    figures.add(key + "_rss_mb", double(after) / 1024);
    // How much of the fluid model's load stepped, and how much moved by arithmetic.
    if (const auto *fluid = dynamic_cast<const FluidFabric *>(fabric.get())) {
        const int stepped = fluid->steppedFlowCount();
        std::printf("%-44s %d of %d flows step, the others move by arithmetic\n", "", stepped,
                    fabric->flowCount());
        figures.add(key + "_stepped_flows", stepped);
    }
}

/// The console's large-fabric demo (LargeFabricFeed): rail:1024:8:8:16 at 100G with a
/// 256-rank training ring and a 15:1 incast.
std::unique_ptr<Fabric> railDemo(int threads)
{
    auto f = makeFabric(railFabric(1024, 8, 8, 16, 100 * kGbps), leafSpineModelParams(threads));
    live::startRailWorkload(*f);
    return f;
}

}  // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    BenchFigures figures(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    const TimeNs refSeconds = quick ? 200 * kNsPerMs : 2 * kNsPerSec;

    std::vector<Case> cases;
    cases.push_back({"reference fabric, idle", refSeconds,
                     [] { return makeFabric(referenceFabric(), ModelParams {}); },
                     "reference_idle"});
    cases.push_back({"reference fabric, 8-rank training (demo load)", refSeconds,
                     [] {
                         auto f = makeFabric(referenceFabric(), referenceModelParams());
                         TrainingOptions t;
                         t.ranks = {0, 1, 2, 3, 4, 5, 6, 7};
                         t.computeTime = 40 * kNsPerMs;
                         t.iterations = 1000000;
                         f->startTraining(t);
                         return f;
                     },
                     "reference_training"});
    cases.push_back({"reference fabric, 7->1 incast, PFC+ECN (busiest)", refSeconds,
                     [] {
                         auto f = makeFabric(referenceFabric(), referenceModelParams());
                         for (int h = 0; h < 7; ++h)
                             f->startFlow(h, 7);
                         return f;
                     },
                     "reference_incast"});
    cases.push_back({"reference fabric at 1 us, 8-rank training", refSeconds / 4,
                     [] {
                         ModelParams p = referenceModelParams();
                         p.timing.dt = 1 * kNsPerUs;
                         auto f = makeFabric(referenceFabric(), p);
                         TrainingOptions t;
                         t.ranks = {0, 1, 2, 3, 4, 5, 6, 7};
                         t.computeTime = 40 * kNsPerMs;
                         t.iterations = 1000000;
                         f->startTraining(t);
                         return f;
                     },
                     "reference_training_1us"});
    cases.push_back({"star8 100G at 1 us, 7->1 incast, PFC+ECN", refSeconds / 2,
                     [] {
                         auto f = makeFabric(starFabric(8, 100 * kGbps), ModelParams {});
                         for (int h = 0; h < 7; ++h)
                             f->startFlow(h, 7);
                         return f;
                     },
                     "star8_incast_1us"});
    cases.push_back({"fluid: reference fabric, 8-rank training", refSeconds,
                     [] {
                         ModelParams p = referenceModelParams();
                         p.engine = FabricEngine::Fluid;
                         auto f = makeFabric(referenceFabric(), p);
                         TrainingOptions t;
                         t.ranks = {0, 1, 2, 3, 4, 5, 6, 7};
                         t.computeTime = 40 * kNsPerMs;
                         t.iterations = 1000000;
                         f->startTraining(t);
                         return f;
                     },
                     "fluid_reference_training"});
    const TimeNs railSeconds = quick ? 200 * kNsPerMs : 2 * kNsPerSec;
    addOnOneAndTwoThreads(cases, "fluid: rail:1024:8:8:16, ring 256 + 15:1", railSeconds, railDemo,
                          "rail1024");
    // 4,096 flows, every NIC sending two and receiving two at half the line: every NIC and
    // leaf port is shared, and nothing queues (a fixed point, which moves by arithmetic).
    addOnOneAndTwoThreads(
        cases, "fluid: rail:256, 2 flows into every NIC", quick ? 20 * kNsPerMs : 100 * kNsPerMs,
        [](int threads) {
            auto f
                = makeFabric(railFabric(256, 8, 8, 8, 100 * kGbps), leafSpineModelParams(threads));
            live::startNeighbourBulk(*f, 2);
            return f;
        },
        "rail256_dense");
    // 4,096 flows at 2:1 into 1,024 NICs: every queue to them is busy and every flow steps
    // (DCQCN everywhere), the phases split over the threads.
    addOnOneAndTwoThreads(
        cases, "fluid: rail:256, 4 flows into every other NIC",
        quick ? 10 * kNsPerMs : 50 * kNsPerMs,
        [](int threads) {
            auto f
                = makeFabric(railFabric(256, 8, 8, 8, 100 * kGbps), leafSpineModelParams(threads));
            live::startTwoToOneBulk(*f);
            return f;
        },
        "rail256_congested");
    cases.push_back({"fluid: rail:1024:8:8:16, 8192-flow per-rail ring, 2 thr",
                     quick ? 20 * kNsPerMs : 200 * kNsPerMs,
                     [] {
                         ModelParams p = leafSpineModelParams(2);
                         auto f = makeFabric(railFabric(1024, 8, 8, 16, 100 * kGbps), p);
                         // Every NIC k of host h -> NIC k of host h+1: all 8192 NICs busy.
                         for (int h = 0; h < 1024; ++h) {
                             for (int k = 0; k < 8; ++k)
                                 f->startFlow(h * 8 + k, ((h + 1) % 1024) * 8 + k);
                         }
                         return f;
                     },
                     "rail1024_ring8192_2_threads"});
    const qsizetype onlyAt = app.arguments().indexOf(QStringLiteral("--only"));
    if (onlyAt >= 0) {
        const std::string only = app.arguments().value(onlyAt + 1).toStdString();
        std::erase_if(cases, [&](const Case &c) { return c.key != only; });
        if (cases.empty()) {
            std::fprintf(stderr, "bench_sim: no case has the key '%s'\n", only.c_str());
            return 2;
        }
        run(figures, cases.front());
        figures.print();
        return 0;
    }
    std::printf("bench_sim: %s run (threads as named)\n", quick ? "quick" : "full");
    for (const Case &c : cases)
        run(figures, c);
    // Determinism: the rail demo stepped by 1 and by 2 threads gives the same counters.
    const TimeNs span = 50 * kNsPerMs;
    auto one = railDemo(1);
    auto two = railDemo(2);
    one->runFor(span);
    two->runFor(span);
    const std::uint64_t a = counterDigest(*one), b = counterDigest(*two);
    std::printf("rail demo after %.0f ms: counter digest 1 thread %016llx, 2 threads %016llx: "
                "%s\n",
                double(span) / kNsPerMs, (unsigned long long)a, (unsigned long long)b,
                a == b ? "identical" : "DIFFERENT");
    figures.add("threads_identical", a == b);
    const long peak = rssKb("VmHWM:");
    std::printf("peak RSS (VmHWM): %ld KB\n", peak);
    figures.add("peak_rss_mb", double(peak) / 1024);
    figures.print();
    return 0;
}
