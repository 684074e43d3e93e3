// Speed and memory of the fabric models: simulated seconds per wall second and resident
// memory, for the reference fabric on the packet model (its default 10 us step and 1 us) and
// on the fluid model, and for the 1,024-host x 8-NIC rail fabric on the fluid model with the
// large demo's workload (a 256-rank training ring and a 15:1 incast), with 1 and 2 threads;
// then whether 1 and 2 threads give the same counters. Run: build/benchmarks/bench_sim
// [--quick] [--json]
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
    const char *name;
    TimeNs simulate;
    std::function<std::unique_ptr<Fabric>()> make;
    const char *key;  ///< the figures': <key>_x and the others
};

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
                c.name, double(fabric->params().timing.dt) / kNsPerUs, simSeconds, seconds,
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

ModelParams railParams(int threads)
{
    ModelParams p;
    p.engine = FabricEngine::Fluid;
    p.threads = threads;
    p.timing.dt = 10 * kNsPerUs;
    p.sw.pfcMode = PfcThresholdMode::Dynamic;
    return p;
}

/// The console's large-fabric demo (LargeFabricFeed): rail:1024:8:8:16 at 100G with a
/// 256-rank training ring and a 15:1 incast.
std::unique_ptr<Fabric> railDemo(int threads)
{
    auto f = makeFabric(railFabric(1024, 8, 8, 16, 100 * kGbps), railParams(threads));
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
    for (int threads : {1, 2}) {
        cases.push_back({threads == 1 ? "fluid: rail:1024:8:8:16, ring 256 + 15:1, 1 thread"
                                      : "fluid: rail:1024:8:8:16, ring 256 + 15:1, 2 threads",
                         railSeconds, [threads] { return railDemo(threads); },
                         threads == 1 ? "rail1024" : "rail1024_2_threads"});
    }
    for (int threads : {1, 2}) {
        cases.push_back({threads == 1 ? "fluid: rail:256, 2 flows into every NIC, 1 thread"
                                      : "fluid: rail:256, 2 flows into every NIC, 2 threads",
                         quick ? 20 * kNsPerMs : 100 * kNsPerMs,
                         [threads] {
                             // 4,096 flows, every NIC sending two and receiving two at half
                             // the line: every NIC and leaf port is shared, and nothing
                             // queues (a fixed point, which moves by arithmetic).
                             auto f = makeFabric(railFabric(256, 8, 8, 8, 100 * kGbps),
                                                 railParams(threads));
                             const int nics = int(f->spec().hosts.size());
                             for (int i = 0; i < nics; ++i) {
                                 f->startFlow(i, (i + 8) % nics);
                                 f->startFlow(i, (i + 16) % nics);
                             }
                             return f;
                         },
                         threads == 1 ? "rail256_dense" : "rail256_dense_2_threads"});
    }
    for (int threads : {1, 2}) {
        cases.push_back({threads == 1 ? "fluid: rail:256, 4 flows into every other NIC, 1 thr"
                                      : "fluid: rail:256, 4 flows into every other NIC, 2 thr",
                         quick ? 10 * kNsPerMs : 50 * kNsPerMs,
                         [threads] {
                             // 4,096 flows at 2:1 into 1,024 NICs: every queue to them is
                             // busy and every flow steps (DCQCN everywhere), the phases
                             // split over the threads.
                             auto f = makeFabric(railFabric(256, 8, 8, 8, 100 * kGbps),
                                                 railParams(threads));
                             const int hosts = 256, nicsPerHost = 8;
                             for (int h = 0; h < hosts; ++h) {
                                 const int even = h / 2 * 2;
                                 for (int k = 0; k < nicsPerHost; ++k) {
                                     for (int ahead : {2, 4}) {
                                         f->startFlow(h * nicsPerHost + k,
                                                      ((even + ahead) % hosts) * nicsPerHost + k);
                                     }
                                 }
                             }
                             return f;
                         },
                         threads == 1 ? "rail256_congested" : "rail256_congested_2_threads"});
    }
    cases.push_back({"fluid: rail:1024:8:8:16, 8192-flow per-rail ring, 2 thr",
                     quick ? 20 * kNsPerMs : 200 * kNsPerMs,
                     [] {
                         ModelParams p = railParams(2);
                         auto f = makeFabric(railFabric(1024, 8, 8, 16, 100 * kGbps), p);
                         // Every NIC k of host h -> NIC k of host h+1: all 8192 NICs busy.
                         for (int h = 0; h < 1024; ++h) {
                             for (int k = 0; k < 8; ++k)
                                 f->startFlow(h * 8 + k, ((h + 1) % 1024) * 8 + k);
                         }
                         return f;
                     },
                     "rail1024_ring8192_2_threads"});
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
