// Speed and memory of the fabric model: simulated seconds per wall second and resident
// memory, for the reference fabric at the default 1 us step and for a 1024-host
// rail-optimized fabric at a coarser step. Run: build/benchmarks/bench_sim [--quick]
#include "sim/fabric.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTextStream>

#include <cstdio>
#include <functional>

using namespace roce::sim;

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
};

void run(const Case &c)
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
}

}  // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    const TimeNs refSeconds = quick ? 200 * kNsPerMs : 2 * kNsPerSec;

    std::vector<Case> cases;
    cases.push_back({"reference fabric, idle", refSeconds,
                     [] { return std::make_unique<Fabric>(referenceFabric(), ModelParams {}); }});
    cases.push_back({"reference fabric, 8-rank training (demo load)", refSeconds, [] {
                         auto f
                             = std::make_unique<Fabric>(referenceFabric(), referenceModelParams());
                         TrainingOptions t;
                         t.ranks = {0, 1, 2, 3, 4, 5, 6, 7};
                         t.computeTime = 40 * kNsPerMs;
                         t.iterations = 1000000;
                         f->startTraining(t);
                         return f;
                     }});
    cases.push_back({"reference fabric, 7->1 incast, PFC+ECN (busiest)", refSeconds, [] {
                         auto f
                             = std::make_unique<Fabric>(referenceFabric(), referenceModelParams());
                         for (int h = 0; h < 7; ++h)
                             f->startFlow(h, 7);
                         return f;
                     }});
    cases.push_back({"reference fabric at 1 us, 8-rank training", refSeconds / 4, [] {
                         ModelParams p = referenceModelParams();
                         p.timing.dt = 1 * kNsPerUs;
                         auto f = std::make_unique<Fabric>(referenceFabric(), p);
                         TrainingOptions t;
                         t.ranks = {0, 1, 2, 3, 4, 5, 6, 7};
                         t.computeTime = 40 * kNsPerMs;
                         t.iterations = 1000000;
                         f->startTraining(t);
                         return f;
                     }});
    cases.push_back({"star8 100G at 1 us, 7->1 incast, PFC+ECN", refSeconds / 2, [] {
                         auto f
                             = std::make_unique<Fabric>(starFabric(8, 100 * kGbps), ModelParams {});
                         for (int h = 0; h < 7; ++h)
                             f->startFlow(h, 7);
                         return f;
                     }});
    for (TimeNs dt : {10 * kNsPerUs, 50 * kNsPerUs}) {
        cases.push_back({dt == 10 * kNsPerUs ? "rail 1024 hosts x 8 NICs, 8 rails, 4 spines, 100G"
                                             : "rail 1024 hosts x 8 NICs (same), coarser step",
                         quick ? 20 * kNsPerMs : 100 * kNsPerMs, [dt] {
                             ModelParams p;
                             p.timing.dt = dt;
                             p.timing.linkDelay = dt;
                             p.sw.pfcMode = PfcThresholdMode::Dynamic;
                             auto f = std::make_unique<Fabric>(
                                 railFabric(1024, 8, 8, 4, 100 * kGbps), p);
                             // Per-rail ring (all-reduce pattern): NIC k of host h -> NIC k of h+1;
                             // every 32nd hop crosses a spine.
                             const int hosts = 1024;
                             for (int h = 0; h < hosts; ++h) {
                                 for (int k = 0; k < 8; ++k)
                                     f->startFlow(h * 8 + k, ((h + 1) % hosts) * 8 + k);
                             }
                             return f;
                         }});
    }
    std::printf("bench_sim: %s run, single thread\n", quick ? "quick" : "full");
    for (const Case &c : cases)
        run(c);
    std::printf("peak RSS (VmHWM): %ld KB\n", rssKb("VmHWM:"));
    return 0;
}
