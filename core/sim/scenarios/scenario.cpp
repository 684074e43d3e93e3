#include "sim/scenarios/scenario.h"

#include "sim/engine/simaiconf.h"
#include "sim/scenarios/scenariotable.h"
#include "sim/scenarios/scenariotext.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>

#include <algorithm>
#include <functional>

namespace roce::sim {

namespace {

double gbps(Bytes bytes, TimeNs window)
{
    return window > 0 ? double(bytes) * 8.0 / double(window) : 0.0;  // bits/ns = Gb/s
}

std::optional<BatchSetup> makeSetup(const QString &name, const ScenarioOptions &options)
{
    for (const ScenarioDefinition &d : scenarioTable()) {
        if (d.name == name && d.batch.setUp)
            return d.batch.setUp(options);
    }
    return std::nullopt;
}

}  // namespace

QList<ScenarioInfo> scenarios()
{
    QList<ScenarioInfo> list;
    for (const ScenarioDefinition &d : scenarioTable()) {
        if (d.batch.setUp)
            list.append({d.name, d.batch.summary, d.batch.expectation, d.batch.defaultDuration});
    }
    return list;
}

std::optional<ScenarioInfo> scenarioInfo(const QString &name)
{
    for (const auto &s : scenarios()) {
        if (s.name == name)
            return s;
    }
    return std::nullopt;
}

namespace {

/// Takes the DCQCN and ECN parameters of SimAI configuration @p text (none: nothing), with
/// the thresholds it gives for the hosts' links. What runs differently here.
Result<QStringList> applySimaiConf(Fabric &fabric, const QString &text)
{
    if (text.isEmpty())
        return QStringList {};
    const RateBps speed = fabric.spec().nicPorts.value(0).speed;
    const auto imported
        = readSimaiConf(text, speed, {fabric.params().dcqcn, fabric.switchQueuing(0).wred, {}});
    if (!imported)
        return imported.error();
    fabric.setDcqcn(imported->dcqcn);
    fabric.setWred(imported->wred);
    return imported->notes;
}

/// The parameters the run used, for writing them out in another simulator's terms.
void reportParameters(const Fabric &fabric, ScenarioReport &report)
{
    report.dcqcn = fabric.params().dcqcn;
    report.wred = fabric.switchQueuing(0).wred;
    for (const SwitchPortSpec &p : fabric.spec().switchPorts) {
        if (!report.linkSpeeds.contains(p.speed))
            report.linkSpeeds.append(p.speed);
    }
    std::sort(report.linkSpeeds.begin(), report.linkSpeeds.end(), std::greater<>());
}

}  // namespace

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
    std::optional<BatchSetup> setup = makeSetup(name, options);
    Fabric &fabric = *setup->fabric;
    const auto notes = applySimaiConf(fabric, options.simaiConf);
    if (!notes)
        return notes.error();

    ScenarioReport report;
    report.scenario = name;
    report.topology = setup->topology;
    report.preset = options.preset.isEmpty()
        ? (fabric.params().dcqcn.flavor == DcqcnFlavor::Paper2015 ? QStringLiteral("paper2015")
                                                                  : QStringLiteral("nvidia"))
        : options.preset;
    report.engine = options.engine == FabricEngine::Fluid ? QStringLiteral("fluid")
                                                          : QStringLiteral("packet");
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
        if (setup->afterWarmup)
            setup->afterWarmup(fabric);
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
        // Over the same window as the rates: the start-up burst (every packet marked while
        // alpha decays from 1) would otherwise outweigh the steady state's marks and CNPs.
        fr.ceMarks = s.ceMarks - base.ceMarks;
        fr.cnpsSent = s.cnpsSent - base.cnpsSent;
        fr.cnpsHandled = s.cnpsHandled - base.cnpsHandled;
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
    reportParameters(fabric, report);
    report.notes = notes.value();
    report.wallSeconds = double(wall.nsecsElapsed()) / 1e9;
    return report;
}

}  // namespace roce::sim
