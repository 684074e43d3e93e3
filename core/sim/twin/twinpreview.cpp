#include "sim/twin/twinpreview.h"

#include "sim/served/nxosconfig.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QMap>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>

namespace roce::sim::twin {

namespace {

class TwinPreviewText
{
    Q_DECLARE_TR_FUNCTIONS(TwinPreviewText)
};

Result<PreviewSide> runSide(const TwinModel &model, const TwinChange *change,
                            const PreviewOptions &options, QStringList *notes)
{
    std::unique_ptr<Fabric> fabric = model.instantiate(options.engine, notes);
    // The change lands on the running load, as it does on the fabric: a lossless fabric's
    // state under PFC depends on the path to it (the same load and thresholds can settle
    // into different pause cycles from a cold start and from a running one).
    fabric->runFor(options.warmup);
    if (change) {
        if (auto applied = applyChange(*fabric, model, *change); !applied)
            return applied.error();
    }
    fabric->runFor(options.settle);
    const TimeNs from = fabric->now();
    PreviewSide side;
    side.figures = measureFigures(*fabric, options.window);
    for (int job = 0; job < model.jobs.size(); ++job) {
        // Every all-reduce that ends in the window, whole: one that started before the window
        // counts too (under loss a single all-reduce can outlast a short window).
        double sum = 0;
        int n = 0;
        for (const TrainingIteration &it : fabric->trainingIterations(job)) {
            if (it.end > from && it.end > it.allReduceStart) {
                sum += double(it.end - it.allReduceStart) / double(kNsPerMs);
                ++n;
            }
        }
        side.allReduceMs.append(n > 0 ? sum / n : std::numeric_limits<double>::quiet_NaN());
    }
    return side;
}

/// Switches whose pause and resume thresholds lie closer than a port moves in one model step
/// (static ones as configured; dynamic ones resume kDynamicPauseBand below the pause). The
/// model toggles PFC at most once a step where the switch toggles it many times, so where a
/// run pauses, the count of pause frames and the queue PFC holds follow the step, not the
/// fabric. One line per band and port speed, naming its switches.
QStringList pauseBandFinerThanAStep(const Fabric &fabric)
{
    const FabricSpec &spec = fabric.spec();
    const TimeNs step = fabric.params().timing.dt;
    QMap<QPair<Bytes, RateBps>, QStringList> switchesOf;  // (band, fastest port) -> names
    for (int s = 0; s < spec.switches.size(); ++s) {
        const SwitchQueuing q = fabric.switchQueuing(s);
        RateBps fastest = 0;
        for (const SwitchPortSpec &p : spec.switchPorts) {
            if (p.switchIndex == s && p.peerKind != PeerKind::None)
                fastest = std::max(fastest, p.speed);
        }
        Bytes band = kDynamicPauseBand;
        if (q.pfcMode == PfcThresholdMode::StaticNxos) {
            const PfcThresholds th = staticThresholds(q, fastest);
            band = th.xoff - th.xon;
        }
        if (fastest > 0 && double(band) < double(fastest) * double(step) / 8e9)
            switchesOf[{band, fastest}].append(spec.switches[s].name);
    }
    QStringList out;
    for (auto it = switchesOf.cbegin(); it != switchesOf.cend(); ++it) {
        const QStringList &names = it.value();
        const QString who = names.size() <= 3
            ? names.join(QStringLiteral(", "))
            : TwinPreviewText::tr("%1 and %n more", nullptr, int(names.size() - 2))
                  .arg(names.mid(0, 2).join(QStringLiteral(", ")));
        const double perStepKb = double(it.key().second) * double(step) / 8e12;
        out.append(TwinPreviewText::tr(
                       "%1: pause and resume %2 KB apart, finer than the %3 KB a %4G port moves "
                       "in the model's %5 us step. The model pauses at most once a step where "
                       "the switch cycles many times as often: the pause frame count, and the "
                       "queue PFC holds, are the model's resolution.")
                       .arg(who)
                       .arg(double(it.key().first) / 1000, 0, 'f', 1)
                       .arg(perStepKb, 0, 'f', 0)
                       .arg(double(it.key().second) / double(kGbps), 0, 'f', 0)
                       .arg(double(step) / double(kNsPerUs), 0, 'f', 0));
        if (fabric.params().engine == FabricEngine::Fluid)
            out.last() += QLatin1Char(' ')
                + TwinPreviewText::tr(
                              "The fluid model also settles on such a band where the moment of "
                              "the change leaves it: on the reference incast it holds 4-18 % "
                              "less queue than the packet model, and just above the ECN minimum "
                              "2-9x fewer marks. The packet model (--engine packet; Model in the "
                              "What if panel) cycles on it wherever it starts.");
    }
    return out;
}

/// What a change does to the class the servers' RoCE rides.
struct RoceClassChange {
    QStringList lines;           ///< one per DSCP moved between no-drop and lossy
    bool losesLossless = false;  ///< some RoCE leaves the no-drop class
};

/// The servers' RoCE traffic the change moves between a no-drop class and a lossy one. The
/// figures show what follows (drops in the new class, no marks, no pauses); this says why,
/// since a class-map line does not name the traffic it moves.
RoceClassChange roceClassChange(const Fabric &before, const Fabric &after)
{
    const SwitchQosConfig was = before.qosConfig();
    const SwitchQosConfig now = after.qosConfig();
    QMap<int, int> serversOf;  // RoCE DSCP -> servers marking it
    for (int h = 0; h < after.spec().hosts.size(); ++h)
        ++serversOf[after.hostConfig(h).roceDscp & 63];
    RoceClassChange out;
    for (auto it = serversOf.cbegin(); it != serversOf.cend(); ++it) {
        const int from = was.dscpToQosGroup[std::size_t(it.key())];
        const int to = now.dscpToQosGroup[std::size_t(it.key())];
        const bool lossless = was.isNoDrop(from);
        if (now.isNoDrop(to) == lossless)
            continue;
        out.losesLossless = out.losesLossless || lossless;
        out.lines.append(
            lossless ? TwinPreviewText::tr("The change moves RoCE (DSCP %1; servers marking "
                                           "it: %2) from qos-group %3, no-drop, to qos-group "
                                           "%4, which is lossy: no pause holds it, a queue "
                                           "past its limit drops it, and go-back-N sends "
                                           "everything after each loss again.")
                           .arg(it.key())
                           .arg(it.value())
                           .arg(from)
                           .arg(to)
                     : TwinPreviewText::tr("The change moves RoCE (DSCP %1; servers marking "
                                           "it: %2) from qos-group %3, which is lossy, to "
                                           "qos-group %4, no-drop.")
                           .arg(it.key())
                           .arg(it.value())
                           .arg(from)
                           .arg(to));
    }
    return out;
}

}  // namespace

Result<void> applyChange(Fabric &fabric, const TwinModel &model, const TwinChange &change)
{
    const FabricSpec &spec = fabric.spec();
    for (const TwinChange::Line &l : change.switchLines) {
        const bool known = l.switchName.isEmpty()
            || std::any_of(spec.switches.cbegin(), spec.switches.cend(), [&l](const SwitchSpec &s) {
                               return s.name.compare(l.switchName, Qt::CaseInsensitive) == 0;
                           });
        if (!known)
            return makeError(ErrorCode::NotFound,
                             TwinPreviewText::tr("the change names switch %1, which the fabric "
                                                 "does not have")
                                 .arg(l.switchName));
    }
    if (!change.switchLines.isEmpty()) {
        for (int s = 0; s < spec.switches.size(); ++s) {
            const QStringList commands = change.commandsFor(spec.switches[s].name);
            if (commands.isEmpty())
                continue;
            NxosConfigurator configurator(fabric, s);
            if (s < model.policyNames.size())
                configurator.setPolicyNames(model.policyNames[s].value(0),
                                            model.policyNames[s].value(1));
            const QList<nxapi::CommandOutput> outputs = configurator.run(commands);
            if (!outputs.isEmpty() && outputs.last().code != nxapi::CommandCode::Success)
                return makeError(ErrorCode::Refused,
                                 TwinPreviewText::tr("%1 refuses '%2': %3")
                                     .arg(spec.switches[s].name, outputs.last().input,
                                          outputs.last().clierror.trimmed()));
        }
    }
    if (!change.roceNp.isEmpty() || !change.roceRp.isEmpty()) {
        for (int h = 0; h < spec.hosts.size(); ++h) {
            if (auto written = writeNicEcn(fabric, h, change.roceNp, change.roceRp); !written)
                return makeError(ErrorCode::Refused,
                                 TwinPreviewText::tr("%1 refuses the NIC change: %2")
                                     .arg(nicRowOf(spec, h), written.error().message));
        }
    }
    return {};
}

FabricFigures measureFigures(Fabric &fabric, TimeNs window)
{
    const FabricSpec &spec = fabric.spec();
    QList<SwitchPortCounters> ports;
    for (int p = 0; p < spec.switchPorts.size(); ++p)
        ports.append(fabric.switchPortCounters(p));
    QList<HostCounters> hosts;
    for (int h = 0; h < spec.hosts.size(); ++h)
        hosts.append(fabric.hostCounters(h));
    fabric.resetQueueStats();
    fabric.runFor(window);
    const double seconds = double(window) / double(kNsPerSec);
    FabricFigures f;
    double deepest = -1;
    for (int p = 0; p < spec.switchPorts.size(); ++p) {
        const SwitchPortCounters now = fabric.switchPortCounters(p);
        const SwitchPortCounters &was = ports[p];
        f.ecnMarksPerS += double(total(now.qosEcnPkts) - total(was.qosEcnPkts)) / seconds;
        f.rxPausesPerS += double(now.rxPpp - was.rxPpp) / seconds;
        f.txPausesPerS += double(now.txPpp - was.txPpp) / seconds;
        f.ingressMmuDropsPerS += double(now.ingressMmuDropPkts - was.ingressMmuDropPkts) / seconds;
        f.egressDropsPerS += double(total(now.qosDropPkts) - total(was.qosDropPkts)) / seconds;
        const QueueStats q = fabric.queueStats(p);
        if (q.samples > 0 && q.meanBytes > deepest) {
            deepest = q.meanBytes;
            f.queueMeanKb = q.meanBytes / 1000;
            f.queuePort = spec.switches[spec.switchPorts[p].switchIndex].name + QLatin1Char('/')
                + spec.switchPorts[p].name;
        }
    }
    for (int h = 0; h < spec.hosts.size(); ++h) {
        const HostCounters now = fabric.hostCounters(h);
        const HostCounters &was = hosts[h];
        f.cnpSentPerS += double(now.npCnpSent - was.npCnpSent) / seconds;
        f.cnpHandledPerS += double(now.rpCnpHandled - was.rpCnpHandled) / seconds;
        // port_rcv_data counts 4-byte words.
        f.goodputGbps += double(now.portRcvData - was.portRcvData) * 4 * 8 / seconds / 1e9;
    }
    return f;
}

Result<TwinPreview> previewChange(const TwinModel &model, const TwinChange &change,
                                  const PreviewOptions &options)
{
    QElapsedTimer wall;
    wall.start();
    TwinPreview preview;
    preview.engine = options.engine;
    // A line the twin refuses is said at once, not after the warm-up it would be made at.
    const std::unique_ptr<Fabric> validated = model.instantiate(options.engine, nullptr);
    if (auto refused = applyChange(*validated, model, change); !refused)
        return refused.error();
    QStringList proposedNotes;
    // The two runs share nothing but the model: one on another thread, one here.
    QFuture<Result<PreviewSide>> proposed
        = QtConcurrent::run([&model, &change, &options, &proposedNotes] {
              return runSide(model, &change, options, &proposedNotes);
          });
    auto current = runSide(model, nullptr, options, &preview.notes);
    proposed.waitForFinished();
    if (!current)
        return current.error();
    auto changed = proposed.result();
    if (!changed)
        return changed.error();
    preview.current = *current;
    preview.proposed = *changed;
    // Where a run pauses, whether its pause count is the model's resolution.
    if (preview.proposed.figures.txPausesPerS > 0)
        preview.uncertain = pauseBandFinerThanAStep(*validated);
    if (preview.current.figures.txPausesPerS > 0) {
        for (const QString &line :
             pauseBandFinerThanAStep(*model.instantiate(options.engine, nullptr)))
            preview.uncertain.append(line);
    }
    preview.uncertain.removeDuplicates();
    const RoceClassChange classes
        = roceClassChange(*model.instantiate(options.engine, nullptr), *validated);
    preview.notes = classes.lines + preview.notes;
    if (classes.losesLossless && preview.proposed.figures.egressDropsPerS > 0)
        preview.uncertain.append(TwinPreviewText::tr(
            "RoCE dropped in a lossy class: how much of it gets through then depends on which "
            "flows the drops fall on and where each sender stands when the change lands (go-back-N "
            "resends from the first loss). The twin does not know that state: its goodput and "
            "drop rates there are not a forecast (on the reference fabric under training, up to "
            "5x off)."));
    for (const auto &[side, name] :
         {std::pair {&preview.current, TwinPreviewText::tr("current")},
          std::pair {&preview.proposed, TwinPreviewText::tr("proposed")}}) {
        for (qsizetype job = 0; job < side->allReduceMs.size(); ++job) {
            if (std::isnan(side->allReduceMs[job]))
                preview.notes.append(
                    TwinPreviewText::tr("Job %1 (%2): no all-reduce ended within the %3 s "
                                        "window; each takes longer than that (allreduce_ms "
                                        "is null).")
                        .arg(job + 1)
                        .arg(name)
                        .arg(double(options.window) / double(kNsPerSec), 0, 'g', 3));
        }
    }
    preview.wallSeconds = double(wall.nsecsElapsed()) / 1e9;
    return preview;
}

QJsonObject sideToJson(const PreviewSide &side)
{
    QJsonObject out = figuresToJson(side.figures);
    if (!side.allReduceMs.isEmpty()) {
        QJsonArray ms;
        for (double v : side.allReduceMs)
            ms.append(std::isnan(v) ? QJsonValue(QJsonValue::Null) : QJsonValue(v));
        out.insert(QStringLiteral("allreduce_ms"), ms);
    }
    return out;
}

}  // namespace roce::sim::twin
