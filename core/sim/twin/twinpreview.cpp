#include "sim/twin/twinpreview.h"

#include "sim/served/nxosconfig.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

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
    if (change) {
        if (auto applied = applyChange(*fabric, model, *change); !applied)
            return applied.error();
    }
    fabric->runFor(options.warmup);
    const TimeNs from = fabric->now();
    PreviewSide side;
    side.figures = measureFigures(*fabric, options.window);
    for (int job = 0; job < model.jobs.size(); ++job) {
        double sum = 0;
        int n = 0;
        for (const TrainingIteration &it : fabric->trainingIterations(job)) {
            if (it.allReduceStart >= from && it.end > it.allReduceStart) {
                sum += double(it.end - it.allReduceStart) / double(kNsPerMs);
                ++n;
            }
        }
        side.allReduceMs.append(n > 0 ? sum / n : 0);
    }
    return side;
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
    preview.wallSeconds = double(wall.nsecsElapsed()) / 1e9;
    return preview;
}

QJsonObject sideToJson(const PreviewSide &side)
{
    QJsonObject out = figuresToJson(side.figures);
    if (!side.allReduceMs.isEmpty()) {
        QJsonArray ms;
        for (double v : side.allReduceMs)
            ms.append(v);
        out.insert(QStringLiteral("allreduce_ms"), ms);
    }
    return out;
}

}  // namespace roce::sim::twin
