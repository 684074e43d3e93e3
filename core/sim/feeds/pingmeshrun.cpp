#include "sim/feeds/pingmeshrun.h"

#include "collect/pingmesh/analyzer.h"
#include "collect/pingmesh/detectors.h"
#include "collect/pingmesh/report.h"
#include "sim/engine/makefabric.h"
#include "sim/observe/fabricrows.h"
#include "sim/observe/simpingmesh.h"
#include "sim/scenarios/livescenario.h"
#include "sim/served/simservice.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace roce::sim {

namespace {

class PingmeshRunText
{
    Q_DECLARE_TR_FUNCTIONS(PingmeshRunText)
};

constexpr TimeNs kSlice = 1 * kNsPerMs;        ///< scenario actions (a NIC's stall duty)
constexpr TimeNs kProbeSlice = 1 * kNsPerMs;   ///< probes sent on the model's state
constexpr TimeNs kEvaluation = 1 * kNsPerSec;  ///< analysis and detectors

/// What a scenario does on the model while probes run.
struct ScenarioPlan {
    int badNic = -1;
    int badLink = -1;
    bool polarized = false;
    bool watchdog = false;
    int stalledHost = -1;       ///< a receiver NIC that stops draining ...
    TimeNs stallPerPeriod = 0;  ///< ... this long in every stallPeriod (0: for good)
    TimeNs stallPeriod = 10 * kNsPerMs;
    /// WRED/ECN stays in the configuration the audit reads, but the switch marks nothing (the
    /// policy is not on the egress ports).
    bool ecnNotMarking = false;
    QList<std::pair<int, int>> flows;
};

/// The hosts (model indices) behind the switch of @p host's NIC, in order.
QList<int> hostsUnderSwitchOf(const FabricSpec &spec, int host)
{
    auto switchOf = [&](int h) {
        return spec.switchPorts[spec.nicPorts[spec.hosts[h].nicPort].switchPort].switchIndex;
    };
    QList<int> out;
    for (int h = 0; h < spec.hosts.size(); ++h) {
        if (switchOf(h) == switchOf(host))
            out.append(h);
    }
    return out;
}

Result<ScenarioPlan> planFor(const QString &scenario, const FabricSpec &spec,
                             const QList<pingmesh::Endpoint> &endpoints)
{
    ScenarioPlan plan;
    const QString name = scenario.section(QLatin1Char(':'), 0, 0);
    const QString arg = scenario.section(QLatin1Char(':'), 1);
    auto hostArg = [&]() -> Result<int> {
        for (int e = 0; e < endpoints.size(); ++e) {
            if (endpoints[e].id() == arg || endpoints[e].host == arg || spec.hosts[e].name == arg)
                return e;
        }
        return makeError(ErrorCode::NotFound,
                         PingmeshRunText::tr("no host or NIC '%1' in the fabric (e.g. %2)")
                             .arg(arg, endpoints.value(0).id()));
    };
    auto needArg = [&](const QString &what) -> Result<void> {
        if (arg.isEmpty())
            return makeError(ErrorCode::InvalidArgument,
                             PingmeshRunText::tr("scenario %1 needs %2: %1:%2").arg(name, what));
        return {};
    };
    if (name.isEmpty() || name == QLatin1String("healthy"))
        return plan;
    if (name == QLatin1String("bad-nic")) {
        if (auto ok = needArg(QStringLiteral("HOST")); !ok)
            return ok.error();
        const auto host = hostArg();
        if (!host)
            return host.error();
        plan.badNic = *host;
        return plan;
    }
    if (name == QLatin1String("bad-link")) {
        if (auto ok = needArg(QStringLiteral("SWITCH/PORT")); !ok)
            return ok.error();
        for (int p = 0; p < spec.switchPorts.size(); ++p) {
            const SwitchPortSpec &sp = spec.switchPorts[p];
            if (spec.switches[sp.switchIndex].name + QLatin1Char('/') + sp.name == arg) {
                plan.badLink = p;
                return plan;
            }
        }
        return makeError(ErrorCode::NotFound,
                         PingmeshRunText::tr("no switch port '%1' in the fabric (e.g. %2)")
                             .arg(arg, endpoints.value(0).switchPortId()));
    }
    // The traffic faults: senders under one switch towards a receiver (or the next switch).
    const QList<int> local = hostsUnderSwitchOf(spec, 0);
    if (name == QLatin1String("hot-uplink")) {
        int other = -1;
        for (int h = 0; h < spec.hosts.size() && other < 0; ++h) {
            if (!local.contains(h) && endpoints[h].switchName.contains(QLatin1String("leaf"))
                && endpoints[0].switchName.contains(QLatin1String("leaf")))
                other = h;
        }
        if (other < 0)
            return makeError(
                ErrorCode::Unsupported,
                PingmeshRunText::tr("hot-uplink needs a leaf/spine fabric "
                                    "(--topology rail:H:N:R:S with 2 leaves or more)"));
        const QList<int> remote = hostsUnderSwitchOf(spec, other);
        plan.polarized = true;
        for (int i = 0; i < std::min(local.size(), remote.size()); ++i)
            plan.flows.append({local[i], remote[i]});
        return plan;
    }
    if (name == QLatin1String("silent-pause") || name == QLatin1String("pfcwd-flap")
        || name == QLatin1String("ecn-not-marking")) {
        if (local.size() < 3)
            return makeError(
                ErrorCode::Unsupported,
                PingmeshRunText::tr("%1 needs three hosts under one switch").arg(name));
        int receiver = local.last();
        if (!arg.isEmpty()) {
            const auto host = hostArg();
            if (!host)
                return host.error();
            receiver = *host;
        }
        const QList<int> peers = hostsUnderSwitchOf(spec, receiver);
        for (int h : peers) {
            if (h != receiver && plan.flows.size() < 4)
                plan.flows.append({h, receiver});
        }
        if (name == QLatin1String("ecn-not-marking")) {
            plan.ecnNotMarking = true;  // an incast the switch should mark, and does not
            return plan;
        }
        plan.stalledHost = receiver;
        if (name == QLatin1String("silent-pause")) {
            plan.stallPerPeriod = 3 * kNsPerMs;  // drains 7 ms of every 10: 30 % paused
        } else {
            plan.watchdog = true;  // stalled for good: the watchdog shuts and restores
        }
        return plan;
    }
    QStringList names;
    for (const auto &[n, text] : pingmeshScenarios())
        names.append(n);
    return makeError(ErrorCode::NotFound,
                     PingmeshRunText::tr("unknown pingmesh scenario '%1' "
                                         "(choose from: %2)")
                         .arg(scenario, names.join(QStringLiteral(", "))));
}

/// Counters between evaluations, to turn them into per-second observations.
struct CounterMemory {
    QList<SwitchPortCounters> switches;
    QList<HostCounters> hosts;
};

}  // namespace

QList<std::pair<QString, QString>> pingmeshScenarios()
{
    return {
        {QStringLiteral("healthy"), PingmeshRunText::tr("nothing wrong: no verdicts")},
        {QStringLiteral("bad-nic:HOST"),
         PingmeshRunText::tr("the NIC of HOST (or HOST/DEVICE) drops 5 % of its frames and "
                             "delays the rest by 120 us")},
        {QStringLiteral("bad-link:SWITCH/PORT"),
         PingmeshRunText::tr("3 % of the frames into the port are corrupted: loss and CRC "
                             "(input) errors")},
        {QStringLiteral("hot-uplink"),
         PingmeshRunText::tr("ECMP polarized: a leaf's servers send to the next leaf over one "
                             "uplink, which runs hot with ECN marks and pauses")},
        {QStringLiteral("silent-pause"),
         PingmeshRunText::tr("a receiver NIC drains 7 ms of every 10: pauses cost its senders "
                             "a third of the line rate with zero drops")},
        {QStringLiteral("pfcwd-flap"),
         PingmeshRunText::tr("PFC watchdog on, a receiver NIC stops draining: the watchdog "
                             "shuts its queue and restores it every second")},
        {QStringLiteral("ecn-not-marking"),
         PingmeshRunText::tr("WRED/ECN configured, but the policy is not on the egress ports: "
                             "an incast builds the queue and no packet is marked")},
    };
}

PingmeshExamples pingmeshExamples(const QString &topology)
{
    const auto spec = SimService::fabricFor(topology);
    if (!spec || spec->hosts.isEmpty())
        return {};
    // Not the first server: the traffic faults make it a sender.
    const HostSpec &host = spec->hosts.at(std::min<qsizetype>(4, spec->hosts.size() - 1));
    const NicPortSpec &nic = spec->nicPorts.at(host.nicPort);
    const SwitchPortSpec &port = spec->switchPorts.at(nic.switchPort);
    return {hostOfNic(*spec, host),
            spec->switches.at(port.switchIndex).name + QLatin1Char('/') + port.name};
}

struct PingmeshSimulation::Impl {
    PingmeshRunOptions options;
    ModelParams params;
    std::unique_ptr<Fabric> fabric;
    std::unique_ptr<SimPingmesh> prober;
    ScenarioPlan plan;
    int stalledNic = -1;
    std::unique_ptr<pingmesh::PairMatrix> matrix;
    std::unique_ptr<pingmesh::PairAnalyzer> analyzer;
    pingmesh::CounterDetectors detectors;
    pingmesh::VerdictDebouncer debouncer;
    std::unique_ptr<FabricRowSampler> sampler;
    int cos = 3;
    int roce = ClassRoce;
    CounterMemory last;
    QList<quint64> lastErrors;
    QList<pingmesh::Verdict> raised;
    double wallSeconds = 0;

    void runSlice(TimeNs t);
    QList<pingmesh::Verdict> evaluate(qint64 ms);
};

Result<std::unique_ptr<PingmeshSimulation>>
PingmeshSimulation::create(const PingmeshRunOptions &options)
{
    auto spec = SimService::fabricFor(options.topology);
    if (!spec)
        return spec.error();
    auto sim = std::unique_ptr<PingmeshSimulation>(new PingmeshSimulation);
    Impl &d = *sim->d;
    d.options = options;
    d.params = referenceModelParams();
    d.params.engine = options.engine.value_or(options.topology.startsWith(QLatin1String("rail"))
                                                  ? FabricEngine::Fluid
                                                  : FabricEngine::Packet);
    d.params.seed = options.seed;
    d.options.engine = d.params.engine;
    d.fabric = makeFabric(*spec, d.params);
    if (options.topology == QLatin1String("reference"))
        applyReferenceVmHosts(*d.fabric);

    SimPingmesh::Options probeOptions;
    probeOptions.probesPerSecond = options.probesPerSecond;
    probeOptions.seed = options.seed;
    d.prober = std::make_unique<SimPingmesh>(*d.fabric, probeOptions);
    const auto plan = planFor(options.scenario, d.fabric->spec(), d.prober->endpoints());
    if (!plan)
        return plan.error();
    d.plan = *plan;
    d.prober->setBadNic(d.plan.badNic);
    d.prober->setBadLink(d.plan.badLink);
    d.prober->setPolarized(d.plan.polarized);
    d.fabric->setEcmpPolarized(d.plan.polarized);
    d.fabric->setPfcWatchdog(d.plan.watchdog);
    if (d.plan.ecnNotMarking) {
        // The model stops marking; d.params keeps what the configuration says.
        WredParams off = d.params.sw.wred;
        off.enabled = false;
        off.ecn = false;
        d.fabric->setWred(off);
    }
    for (const auto &[src, dst] : d.plan.flows)
        d.fabric->startFlow(src, dst);
    const FabricSpec &fs = d.fabric->spec();
    d.stalledNic = d.plan.stalledHost >= 0 ? fs.hosts[d.plan.stalledHost].nicPort : -1;

    d.matrix = std::make_unique<pingmesh::PairMatrix>(d.prober->endpoints(), d.prober->pinglist());
    d.analyzer = std::make_unique<pingmesh::PairAnalyzer>(*d.matrix, d.prober->paths());
    d.sampler = std::make_unique<FabricRowSampler>(*d.fabric);
    (void)d.sampler->sample(0);
    d.cos = d.fabric->qosConfig().noDropPfcCos;
    d.roce = d.fabric->qosConfig().noDropGroup;
    for (int p = 0; p < fs.switchPorts.size(); ++p)
        d.last.switches.append(d.fabric->switchPortCounters(p));
    for (int h = 0; h < fs.hosts.size(); ++h)
        d.last.hosts.append(d.fabric->hostCounters(h));
    d.lastErrors.fill(0, fs.switchPorts.size());
    return sim;
}

PingmeshSimulation::PingmeshSimulation() : d(std::make_unique<Impl>())
{ }

PingmeshSimulation::~PingmeshSimulation() = default;

const QList<pingmesh::Endpoint> &PingmeshSimulation::endpoints() const
{
    return d->prober->endpoints();
}

const QList<pingmesh::PingPair> &PingmeshSimulation::pinglist() const
{
    return d->prober->pinglist();
}

const pingmesh::PairMatrix &PingmeshSimulation::matrix() const
{
    return *d->matrix;
}

double PingmeshSimulation::seconds() const
{
    return double(d->fabric->now()) / kNsPerSec;
}

void PingmeshSimulation::Impl::runSlice(TimeNs t)
{
    if (stalledNic >= 0) {
        const TimeNs phase = (t - kSlice) % plan.stallPeriod;
        fabric->setNicStalled(stalledNic, plan.stallPerPeriod == 0 || phase < plan.stallPerPeriod);
    }
    fabric->runUntil(t);
    if (t % kProbeSlice == 0)
        prober->probe(kProbeSlice, *matrix, t / kNsPerMs);
}

PingmeshSecond PingmeshSimulation::advanceOneSecond()
{
    QElapsedTimer wall;
    wall.start();
    const TimeNs start = d->fabric->now() - d->fabric->now() % kEvaluation;
    for (TimeNs t = start + kSlice; t <= start + kEvaluation; t += kSlice)
        d->runSlice(t);
    const qint64 ms = (start + kEvaluation) / kNsPerMs;
    d->raised = d->evaluate(ms);
    d->wallSeconds += double(wall.nsecsElapsed()) / 1e9;
    return {double(ms) / 1000.0, d->matrix.get(), d->raised};
}

QList<pingmesh::Verdict> PingmeshSimulation::Impl::evaluate(qint64 ms)
{
    const FabricSpec &fs = fabric->spec();
    matrix->expire(ms);
    model::SourceFrame frame = sampler->sample(ms);
    QHash<QString, model::PortSample> switchPorts;
    QList<pingmesh::PauseObservation> pauses;
    QList<pingmesh::WatchdogObservation> watchdogs;
    QList<pingmesh::EcnObservation> ecn;
    const double seconds = double(kEvaluation) / kNsPerSec;
    const auto cosIndex = std::size_t(cos);
    const auto roceIndex = std::size_t(roce);
    for (int p = 0; p < fs.switchPorts.size() && p < frame.ports.size(); ++p) {
        const SwitchPortCounters c = fabric->switchPortCounters(p);
        const SwitchPortCounters &b = last.switches[p];
        model::PortSample &row = frame.ports[p];
        const quint64 errors = prober->inputErrors(p);
        row.set(model::Metric::InErrors, double(errors - lastErrors[p]) / seconds);
        lastErrors[p] = errors;
        switchPorts.insert(row.name(), row);
        // A switch counts pause frames, not pause time: each XOFF holds the port until the
        // next refresh, half a quantum later.
        const double quantaUs
            = double(pauseDuration(params.sw.pauseQuanta, std::max<RateBps>(c.speed, 1)))
            / kNsPerUs;
        const double rxPauses = double(c.cosRxPause[cosIndex] - b.cosRxPause[cosIndex]);
        const double share = std::min(1.0, rxPauses * quantaUs / 2 / 1e6 / seconds);
        const double drops
            = double(total(c.qosDropPkts) - total(b.qosDropPkts) + c.ingressMmuDropPkts
                     - b.ingressMmuDropPkts + c.watchdogDroppedPkts - b.watchdogDroppedPkts)
            / seconds;
        pauses.append({row.name(), cos, share, true, drops, rxPauses / seconds});
        watchdogs.append(
            {row.name(), plan.watchdog, c.watchdogShutdowns, c.watchdogRestores, share});
        const QueueStats q = fabric->queueStats(p);
        double receiversCe = 0;
        const SwitchPortSpec &sp = fs.switchPorts[p];
        if (sp.peerKind == PeerKind::Nic) {
            for (int h : fs.hostsOnNicPort(sp.peer))
                receiversCe += double(fabric->hostCounters(h).npEcnMarkedRocePackets
                                      - last.hosts[h].npEcnMarkedRocePackets);
        }
        const double ce = double(c.qosEcnPkts[roceIndex] - b.qosEcnPkts[roceIndex]);
        ecn.append({row.name(), params.sw.wred.enabled && params.sw.wred.ecn, q.meanBytes,
                    double(params.sw.wred.kmin), ce / seconds,
                    sp.peerKind == PeerKind::Nic ? receiversCe / seconds : ce / seconds});
        last.switches[p] = c;
    }
    fabric->resetQueueStats();
    for (int h = 0; h < fs.hosts.size(); ++h) {
        const HostCounters c = fabric->hostCounters(h);
        const HostCounters &b = last.hosts[h];
        const double pausedUs
            = double(c.rxPrioPauseDurationUs[cosIndex] - b.rxPrioPauseDurationUs[cosIndex]);
        const double drops = double(c.rxDiscardsPhy - b.rxDiscardsPhy + c.rxPrioDiscards[cosIndex]
                                    - b.rxPrioDiscards[cosIndex])
            / seconds;
        pauses.append({prober->endpoints()[h].id(), cos, std::min(1.0, pausedUs / 1e6 / seconds),
                       false, drops,
                       double(c.rxPrioPause[cosIndex] - b.rxPrioPause[cosIndex]) / seconds});
        last.hosts[h] = c;
    }
    QList<pingmesh::Verdict> candidates = analyzer->evaluate(matrix->summaries(), switchPorts);
    candidates += detectors.evaluate(ms, pauses, watchdogs, ecn);
    return debouncer.update(candidates, ms);
}

PingmeshReport PingmeshSimulation::report() const
{
    PingmeshReport report;
    report.options = d->options;
    report.endpoints = int(d->prober->endpoints().size());
    report.endpointList = d->prober->endpoints();
    report.pairs = d->prober->pinglist();
    report.summaries = d->matrix->summaries();
    report.probesSent = d->prober->probesSent();
    for (const pingmesh::PairSummary &s : report.summaries)
        report.probesLost += s.lost;
    report.verdicts = d->raised;
    report.wallSeconds = d->wallSeconds;
    return report;
}

Result<PingmeshReport> runPingmesh(const PingmeshRunOptions &options,
                                   const std::function<void(const PingmeshSecond &)> &onSecond)
{
    if (options.seconds <= 0 || options.seconds > 3600)
        return makeError(ErrorCode::InvalidArgument,
                         PingmeshRunText::tr("probe for 0 to 3600 seconds"));
    auto sim = PingmeshSimulation::create(options);
    if (!sim)
        return sim.error();
    PingmeshSimulation &s = **sim;
    while (s.seconds() + 1e-9 < options.seconds) {
        const PingmeshSecond second = s.advanceOneSecond();
        if (onSecond)
            onSecond(second);
    }
    PingmeshReport report = s.report();
    report.options.seconds = s.seconds();
    return report;
}

QJsonObject pingmeshReportToJson(const PingmeshReport &report)
{
    pingmesh::MatrixReport m;
    m.endpoints = report.endpointList;
    m.pairs = report.pairs;
    m.summaries = report.summaries;
    m.probesSent = report.probesSent;
    m.timestamps = pingmesh::TimestampSource::Hardware;
    m.probesPerSecondPerEndpoint = report.options.probesPerSecond;
    const QJsonObject matrix = pingmesh::matrixReportToJson(m);
    const QJsonArray verdicts = pingmesh::verdictsToJson(report.verdicts);
    return {
        {QStringLiteral("topology"), report.options.topology},
        {QStringLiteral("scenario"),
         report.options.scenario.isEmpty() ? QStringLiteral("healthy") : report.options.scenario},
        {QStringLiteral("engine"),
         report.options.engine == FabricEngine::Fluid ? QStringLiteral("fluid")
                                                      : QStringLiteral("packet")},
        {QStringLiteral("seed"), double(report.options.seed)},
        {QStringLiteral("seconds"), report.options.seconds},
        {QStringLiteral("wall_seconds"), round2(report.wallSeconds)},
        {QStringLiteral("matrix"), matrix},
        {QStringLiteral("verdicts"), verdicts}};
}

}  // namespace roce::sim
