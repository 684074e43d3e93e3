#include "sim/scenario.h"

#include "sim/livescenario.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>

#include <algorithm>
#include <functional>

namespace roce::sim {

namespace {

class ScenarioText
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioText)
};

double gbps(Bytes bytes, TimeNs window)
{
    return window > 0 ? double(bytes) * 8.0 / double(window) : 0.0;  // bits/ns = Gb/s
}

/// A configured model plus what to run on it.
struct Setup {
    std::unique_ptr<Fabric> fabric;
    QString topology;
    QList<int> bulkFlows;
    /// Runs the scenario to @p duration; the default starts nothing (flows are started in
    /// the setup) and just advances time.
    std::function<void(Fabric &, ScenarioReport &, TimeNs)> run;
};

ModelParams baseParams(const ScenarioOptions &options, const QString &defaultPreset)
{
    ModelParams p;
    p.seed = options.seed;
    p.dcqcn = *dcqcnPreset(options.preset.isEmpty() ? defaultPreset : options.preset);
    return p;
}

Setup incast(const ScenarioOptions &options, bool pfc, bool ecn, int senders)
{
    Setup s;
    ModelParams p = baseParams(options, QStringLiteral("nvidia"));
    p.sw.wred.enabled = ecn;
    s.fabric = std::make_unique<Fabric>(starFabric(8, 100 * kGbps), p);
    s.topology = QStringLiteral("star8-100g");
    s.fabric->setPfcEnabled(-1, pfc);
    const int receiver = 7;
    for (int i = 0; i < senders; ++i)
        s.bulkFlows.append(s.fabric->startFlow(i, receiver));
    return s;
}

Setup fair2to1(const ScenarioOptions &options)
{
    Setup s;
    ModelParams p = baseParams(options, QStringLiteral("nvidia"));
    // S1: dynamic (large) xoff so that ECN, not PFC, controls the queue.
    p.sw.pfcMode = PfcThresholdMode::Dynamic;
    s.fabric = std::make_unique<Fabric>(starFabric(8, 100 * kGbps), p);
    s.topology = QStringLiteral("star8-100g");
    s.bulkFlows.append(s.fabric->startFlow(0, 2));
    s.bulkFlows.append(s.fabric->startFlow(1, 2));
    return s;
}

Setup paperIncast(const ScenarioOptions &options, int senders)
{
    Setup s;
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
    s.fabric = std::make_unique<Fabric>(spec, p);
    s.topology = QStringLiteral("star%1-40g").arg(senders + 1);
    for (int i = 0; i < senders; ++i)
        s.bulkFlows.append(s.fabric->startFlow(i, senders));
    return s;
}

Setup training(const ScenarioOptions &options)
{
    Setup s;
    // At 25G the static NX-OS xoff (19 KB) sits far below WRED Kmin (150 KB), so PFC would
    // act long before ECN; the reference configuration uses dynamic (buffer-based) xoff.
    ModelParams p = referenceModelParams();
    p.seed = options.seed;
    p.dcqcn = baseParams(options, QStringLiteral("nvidia")).dcqcn;
    s.fabric = std::make_unique<Fabric>(referenceFabric(), p);
    s.topology = QStringLiteral("reference-25g");
    applyReferenceVmHosts(*s.fabric);
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

Setup rdmaVsTcp(const ScenarioOptions &options)
{
    Setup s;
    ModelParams p = baseParams(options, QStringLiteral("nvidia"));
    p.roceMtu = 1024;  // active_mtu 1024 in the seeds' lab
    p.tcpMss = 1448;   // MTU 1500 on the VM's TCP path
    s.fabric = std::make_unique<Fabric>(starFabric(2, 10 * kGbps), p);
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

std::optional<Setup> makeSetup(const QString &name, const ScenarioOptions &options)
{
    if (name == QLatin1String("lossy-incast"))
        return incast(options, false, false, 7);
    if (name == QLatin1String("pfc-incast"))
        return incast(options, true, false, 7);
    if (name == QLatin1String("dcqcn-incast"))
        return incast(options, true, true, 7);
    if (name == QLatin1String("ecn-lossy-incast"))
        return incast(options, false, true, 7);
    if (name == QLatin1String("fair-2to1"))
        return fair2to1(options);
    if (name == QLatin1String("paper-2to1"))
        return paperIncast(options, 2);
    if (name == QLatin1String("paper-10to1"))
        return paperIncast(options, 10);
    if (name == QLatin1String("training"))
        return training(options);
    if (name == QLatin1String("rdma-vs-tcp"))
        return rdmaVsTcp(options);
    return std::nullopt;
}

}  // namespace

QList<ScenarioInfo> scenarios()
{
    return {
        {QStringLiteral("lossy-incast"),
         ScenarioText::tr("7 senders -> 1 receiver at 100G, PFC off, ECN off"),
         ScenarioText::tr(
             "Ingress MMU drops climb on the 7 sender ports (about 6/7 of the offered load) "
             "while the receiver port stays at 100% and no pause frames are sent."),
         20 * kNsPerMs},
        {QStringLiteral("pfc-incast"),
         ScenarioText::tr("7 senders -> 1 receiver at 100G, PFC on, ECN off"),
         ScenarioText::tr(
             "MMU drops stay at zero; TxPPP climbs on every sender port and the senders' "
             "rx_prio3_pause counts rise; each sender gets about 1/7 of the link."),
         20 * kNsPerMs},
        {QStringLiteral("dcqcn-incast"),
         ScenarioText::tr("7 senders -> 1 receiver at 100G, PFC and ECN on"),
         ScenarioText::tr(
             "The receiver counts CE marks (np_ecn_marked_roce_packets) and sends CNPs, the "
             "senders count rp_cnp_handled and slow down; pauses fall well below PFC alone."),
         20 * kNsPerMs},
        {QStringLiteral("ecn-lossy-incast"),
         ScenarioText::tr("7 senders -> 1 receiver at 100G, PFC off, ECN on"),
         ScenarioText::tr(
             "Drops only in the start-up burst, then DCQCN holds the queue below the drop point."),
         60 * kNsPerMs},
        {QStringLiteral("fair-2to1"),
         ScenarioText::tr("2 senders -> 1 receiver at 100G, ECN on, large xoff"),
         ScenarioText::tr(
             "Both flows settle near 50 Gb/s (Jain index >= 0.95) with CE marks and almost "
             "no pauses."),
         100 * kNsPerMs},
        {QStringLiteral("paper-2to1"),
         ScenarioText::tr("Paper DCQCN (SIGCOMM'15): 2 -> 1 at 40G, 1 KB packets"),
         ScenarioText::tr("Flows near 20 Gb/s each; the mean queue sits just above Kmin."),
         30 * kNsPerMs},
        {QStringLiteral("paper-10to1"),
         ScenarioText::tr("Paper DCQCN (SIGCOMM'15): 10 -> 1 at 40G, 1 KB packets"),
         ScenarioText::tr(
             "Flows near 4 Gb/s each; the queue is longer than with 2 flows, as the fluid "
             "model predicts."),
         30 * kNsPerMs},
        {QStringLiteral("training"),
         ScenarioText::tr("8-rank ring all-reduce of 150 MB gradients on the reference fabric"),
         ScenarioText::tr(
             "Bursts of traffic every iteration: ECN marks and CNPs rise during all-reduce "
             "and fall to zero in the compute phase."),
         1000 * kNsPerMs},
        {QStringLiteral("rdma-vs-tcp"),
         ScenarioText::tr("RDMA against a TCP baseline on a 10G path (the seeds' lab)"),
         ScenarioText::tr(
             "RDMA write bandwidth near 9.2 Gb/s against about 4.7 Gb/s for one TCP stream; "
             "latency near 14 us against about 160 us."),
         120 * kNsPerMs},
    };
}

std::optional<ScenarioInfo> scenarioInfo(const QString &name)
{
    for (const auto &s : scenarios()) {
        if (s.name == name)
            return s;
    }
    return std::nullopt;
}

Result<ScenarioReport> runScenario(const QString &name, const ScenarioOptions &options)
{
    const auto info = scenarioInfo(name);
    if (!info) {
        QStringList names;
        for (const auto &s : scenarios())
            names << s.name;
        return makeError(ErrorCode::NotFound,
                         ScenarioText::tr("unknown scenario '%1' (known: %2)")
                             .arg(name, names.join(QStringLiteral(", "))));
    }
    if (!options.preset.isEmpty() && !dcqcnPreset(options.preset)) {
        return makeError(ErrorCode::InvalidArgument,
                         ScenarioText::tr("unknown DCQCN preset '%1' (known: %2)")
                             .arg(options.preset, dcqcnPresetNames().join(QStringLiteral(", "))));
    }
    const TimeNs duration = options.duration > 0 ? options.duration : info->defaultDuration;
    if (duration < 10 * kNsPerUs) {
        return makeError(ErrorCode::InvalidArgument,
                         ScenarioText::tr("duration too short: at least 10 us of simulated time"));
    }
    QElapsedTimer wall;
    wall.start();
    std::optional<Setup> setup = makeSetup(name, options);
    Fabric &fabric = *setup->fabric;

    ScenarioReport report;
    report.scenario = name;
    report.topology = setup->topology;
    report.preset = options.preset.isEmpty()
        ? (fabric.params().dcqcn.flavor == DcqcnFlavor::Paper2015 ? QStringLiteral("paper2015")
                                                                  : QStringLiteral("nvidia"))
        : options.preset;
    report.seed = options.seed;
    report.duration = duration;
    report.warmup = duration / 5;

    QList<FlowStats> atWarmup;
    QList<SwitchPortCounters> portsAtWarmup;
    if (setup->run) {
        setup->run(fabric, report, duration);
        report.warmup = 0;
    } else {
        fabric.runUntil(report.warmup);
        for (int f : std::as_const(setup->bulkFlows))
            atWarmup.append(fabric.flowStats(f));
        fabric.resetQueueStats();
        for (int p = 0; p < fabric.spec().switchPorts.size(); ++p)
            portsAtWarmup.append(fabric.switchPortCounters(p));
        fabric.runUntil(duration);
    }
    const TimeNs window = duration - report.warmup;

    // Flows.
    QList<double> rates;
    for (int i = 0; i < fabric.flowCount(); ++i) {
        const FlowStats s = fabric.flowStats(i);
        const int bulkIndex = int(setup->bulkFlows.indexOf(i));
        FlowReport fr;
        fr.id = i;
        fr.src = fabric.spec().hosts[s.src].name;
        fr.dst = fabric.spec().hosts[s.dst].name;
        fr.kind = s.kind == FlowKind::Rdma ? QStringLiteral("rdma") : QStringLiteral("tcp");
        fr.qosGroup = s.qosGroup;
        const FlowStats base = bulkIndex >= 0 ? atWarmup.value(bulkIndex) : FlowStats {};
        const TimeNs span = bulkIndex >= 0 ? window : duration;
        fr.goodputGbps = gbps(s.goodputBytes - base.goodputBytes, span);
        fr.wireGbps = gbps(s.rxBytes - base.rxBytes, span);
        fr.currentRateGbps = double(s.currentRate) / double(kGbps);
        fr.ceMarks = s.ceMarks;
        fr.cnpsSent = s.cnpsSent;
        fr.cnpsHandled = s.cnpsHandled;
        fr.retransmittedBytes = s.retransmittedBytes;
        if (bulkIndex >= 0) {
            rates.append(fr.goodputGbps);
            report.aggregateGbps += fr.goodputGbps;
        }
        report.flows.append(fr);
    }
    report.jain = jainIndex(rates);

    // Switch ports that carried traffic.
    for (int p = 0; p < fabric.spec().switchPorts.size(); ++p) {
        const SwitchPortCounters c = fabric.switchPortCounters(p);
        if (c.rxPkts == 0 && c.txPkts == 0 && c.txPpp == 0 && c.rxPpp == 0)
            continue;
        PortReport pr;
        pr.name = fabric.spec().switchPorts[p].name;
        pr.delta = c;
        const quint64 txBase = portsAtWarmup.isEmpty() ? 0 : portsAtWarmup[p].txBytes;
        pr.txUtilization
            = double(c.txBytes - txBase) * 8.0 / (double(window) * double(c.speed) / kNsPerSec);
        pr.roceQueue = fabric.queueStats(p);
        report.ports.append(pr);
    }
    for (int h = 0; h < fabric.spec().hosts.size(); ++h) {
        const HostCounters c = fabric.hostCounters(h);
        if (c.txPacketsPhy == 0 && c.rxPacketsPhy == 0)
            continue;
        report.hosts.append({fabric.spec().hosts[h].name, c});
    }
    report.wallSeconds = double(wall.nsecsElapsed()) / 1e9;
    return report;
}

}  // namespace roce::sim
