#include "sim/scenarios/batchsetups.h"
#include "sim/engine/makefabric.h"

#include "sim/scenarios/livescenario.h"
#include "sim/scenarios/livesteps.h"

#include <algorithm>

namespace roce::sim::batch {

namespace {

double gbps(Bytes bytes, TimeNs window)
{
    return window > 0 ? double(bytes) * 8.0 / double(window) : 0.0;  // bits/ns = Gb/s
}

ModelParams baseParams(const ScenarioOptions &options, const QString &defaultPreset)
{
    ModelParams p;
    p.seed = options.seed;
    p.engine = options.engine;
    p.dcqcn = *dcqcnPreset(options.preset.isEmpty() ? defaultPreset : options.preset);
    return p;
}

/// The reference fabric (25G, its VMs' host profile, NVIDIA's DCQCN) with nothing running.
BatchSetup referenceSetup(const ScenarioOptions &options)
{
    BatchSetup s;
    // At 25G the static NX-OS xoff (19 KB) sits far below WRED Kmin (150 KB), so PFC would
    // act long before ECN; the reference configuration uses dynamic (buffer-based) xoff.
    ModelParams p = referenceModelParams();
    p.seed = options.seed;
    p.engine = options.engine;
    p.dcqcn = baseParams(options, QStringLiteral("nvidia")).dcqcn;
    s.fabric = makeFabric(referenceFabric(), p);
    s.topology = QStringLiteral("reference-25g");
    applyReferenceVmHosts(*s.fabric);
    return s;
}

/// The reference switch's queuing with @p queuing made.
SwitchQueuing changedQueuing(const Fabric &fabric, ReferenceQueuing queuing)
{
    SwitchQueuing q = fabric.switchQueuing(0);
    if (queuing == ReferenceQueuing::WredDrops) {
        q.wred.ecn = false;
    } else {
        // As `pause buffer-size 130000 pause-threshold 30000 resume-threshold 28000` sets them.
        q.pfcMode = PfcThresholdMode::StaticNxos;
        q.thresholdsConfigured = true;
        q.xoff100g = 30000;
        q.xon100g = 28000;
        q.headroom100g = 100000;
    }
    return q;
}

LatencyReport latencyOf(const QString &kind, const ProbeResult &r)
{
    LatencyReport l;
    l.kind = kind;
    QList<TimeNs> v = r.oneWayNs;
    l.iterations = int(v.size());
    if (v.isEmpty())
        return l;
    std::sort(v.begin(), v.end());
    auto pct = [&](double q) {
        const qsizetype i = std::min<qsizetype>(v.size() - 1, qsizetype(q * double(v.size())));
        return double(v[i]) / kNsPerUs;
    };
    double sum = 0;
    for (TimeNs x : std::as_const(v))
        sum += double(x);
    l.avgUs = sum / double(v.size()) / kNsPerUs;
    l.minUs = double(v.first()) / kNsPerUs;
    l.p50Us = pct(0.5);
    l.p99Us = pct(0.99);
    l.p999Us = pct(0.999);
    l.maxUs = double(v.last()) / kNsPerUs;
    return l;
}

}  // namespace

BatchSetup incast(const ScenarioOptions &options, bool pfc, bool ecn, int senders)
{
    BatchSetup s;
    ModelParams p = baseParams(options, QStringLiteral("nvidia"));
    p.sw.wred.enabled = ecn;
    s.fabric = makeFabric(starFabric(8, 100 * kGbps), p);
    s.topology = QStringLiteral("star8-100g");
    s.fabric->setPfcEnabled(-1, pfc);
    const int receiver = 7;
    for (int i = 0; i < senders; ++i)
        s.bulkFlows.append(s.fabric->startFlow(i, receiver));
    return s;
}

BatchSetup referenceIncast(const ScenarioOptions &options, ReferenceQueuing queuing)
{
    BatchSetup s = referenceSetup(options);
    const SwitchQueuing q = changedQueuing(*s.fabric, queuing);
    const int receiver = live::incastReceiver(*s.fabric);
    for (int h = 0; h < 8; ++h) {
        if (h != receiver)
            s.bulkFlows.append(s.fabric->startFlow(h, receiver));
    }
    // The change lands on a running incast, as a previewed change does: the warm-up (the
    // report's first fifth, not measured) runs the reference's own configuration.
    s.afterWarmup = [q](Fabric &fabric) { fabric.setSwitchQueuing(0, q); };
    return s;
}

BatchSetup fair2to1(const ScenarioOptions &options)
{
    BatchSetup s;
    ModelParams p = baseParams(options, QStringLiteral("nvidia"));
    // S1: dynamic (large) xoff so that ECN, not PFC, controls the queue.
    p.sw.pfcMode = PfcThresholdMode::Dynamic;
    s.fabric = makeFabric(starFabric(8, 100 * kGbps), p);
    s.topology = QStringLiteral("star8-100g");
    s.bulkFlows.append(s.fabric->startFlow(0, 2));
    s.bulkFlows.append(s.fabric->startFlow(1, 2));
    return s;
}

BatchSetup paperIncast(const ScenarioOptions &options, int senders)
{
    BatchSetup s;
    ModelParams p = baseParams(options, QStringLiteral("paper2015"));
    // Cross-check of REFERENCE-DCQCN §7 S1: 40G, 1 KB packets, Kmin 5 KB / Kmax 200 KB / 1 %.
    p.roceMtu = 1024;
    p.sw.wred.kmin = 5 * 1000;
    p.sw.wred.kmax = 200 * 1000;
    p.sw.wred.pmaxPercent = 1;
    p.sw.pfcMode = PfcThresholdMode::Dynamic;
    p.sw.bufferBytes = 12 * 1000 * 1000;
    FabricSpec spec = starFabric(senders + 1, 40 * kGbps);
    spec.switches[0].bufferBytes = 12 * 1000 * 1000;
    s.fabric = makeFabric(spec, p);
    s.topology = QStringLiteral("star%1-40g").arg(senders + 1);
    for (int i = 0; i < senders; ++i)
        s.bulkFlows.append(s.fabric->startFlow(i, senders));
    return s;
}

BatchSetup trainingRing(const ScenarioOptions &options, std::optional<ReferenceQueuing> queuing)
{
    BatchSetup s = referenceSetup(options);
    if (queuing)
        s.fabric->setSwitchQueuing(0, changedQueuing(*s.fabric, *queuing));
    TrainingOptions t;
    for (int h = 0; h < 8; ++h)
        t.ranks.append(h);
    t.gradientBytes = 150LL * 1000 * 1000;
    t.computeTime = 40 * kNsPerMs;
    t.iterations = 1000;
    const int job = s.fabric->startTraining(t);
    s.run = [job](Fabric &fabric, ScenarioReport &report, TimeNs duration) {
        fabric.runUntil(duration);
        report.training = fabric.trainingIterations(job);
        double sumStep = 0;
        double sumAllReduce = 0;
        for (const auto &it : std::as_const(report.training)) {
            sumStep += double(it.end - it.start) / kNsPerMs;
            sumAllReduce += double(it.end - it.allReduceStart) / kNsPerMs;
        }
        const auto n = double(std::max<qsizetype>(1, report.training.size()));
        report.extra.insert(QStringLiteral("iterations"), int(report.training.size()));
        report.extra.insert(QStringLiteral("mean_step_ms"), sumStep / n);
        report.extra.insert(QStringLiteral("mean_allreduce_ms"), sumAllReduce / n);
    };
    return s;
}

BatchSetup rdmaVsTcp(const ScenarioOptions &options)
{
    BatchSetup s;
    ModelParams p = baseParams(options, QStringLiteral("nvidia"));
    p.roceMtu = 1024;  // active_mtu 1024 in the seeds' lab
    p.tcpMss = 1448;   // MTU 1500 on the VM's TCP path
    s.fabric = makeFabric(starFabric(2, 10 * kGbps), p);
    s.topology = QStringLiteral("star2-10g");
    applyReferenceVmHosts(*s.fabric);
    s.run = [](Fabric &fabric, ScenarioReport &report, TimeNs duration) {
        // RDMA bw, TCP bw (a quarter of the run each), then RDMA and TCP latency.
        const TimeNs phase = duration / 4;
        const int rdma = fabric.startFlow(0, 1);
        fabric.runFor(phase / 10);
        FlowStats a0 = fabric.flowStats(rdma);
        fabric.runFor(phase - phase / 10);
        FlowStats a1 = fabric.flowStats(rdma);
        fabric.stopFlow(rdma);
        FlowOptions tcpOptions;
        tcpOptions.kind = FlowKind::Tcp;
        const int tcp = fabric.startFlow(0, 1, tcpOptions);
        fabric.runFor(phase / 10);
        FlowStats b0 = fabric.flowStats(tcp);
        fabric.runFor(phase - phase / 10);
        FlowStats b1 = fabric.flowStats(tcp);
        fabric.stopFlow(tcp);
        const TimeNs window = phase - phase / 10;
        const double rdmaGbps = gbps(a1.goodputBytes - a0.goodputBytes, window);
        const double tcpGbps = gbps(b1.goodputBytes - b0.goodputBytes, window);

        ProbeOptions lat;
        lat.iterations = int(std::clamp<TimeNs>(phase / (30 * kNsPerUs), 10, 1000));
        const int rdmaProbe = fabric.startProbe(0, 1, lat);
        while (!fabric.probeResult(rdmaProbe).finished && fabric.now() < 3 * phase)
            fabric.runFor(100 * kNsPerUs);
        lat.kind = FlowKind::Tcp;
        lat.iterations = int(std::clamp<TimeNs>(phase / (330 * kNsPerUs), 10, 1000));
        const int tcpProbe = fabric.startProbe(0, 1, lat);
        while (!fabric.probeResult(tcpProbe).finished && fabric.now() < duration)
            fabric.runFor(100 * kNsPerUs);
        fabric.runUntil(std::max(fabric.now(), duration));
        report.latency.append(latencyOf(QStringLiteral("rdma"), fabric.probeResult(rdmaProbe)));
        report.latency.append(latencyOf(QStringLiteral("tcp"), fabric.probeResult(tcpProbe)));
        report.extra.insert(QStringLiteral("rdma_gbps"), rdmaGbps);
        report.extra.insert(QStringLiteral("tcp_gbps"), tcpGbps);
        report.extra.insert(QStringLiteral("rdma_latency_us"), report.latency[0].avgUs);
        report.extra.insert(QStringLiteral("tcp_latency_us"), report.latency[1].avgUs);
    };
    return s;
}

}  // namespace roce::sim::batch
