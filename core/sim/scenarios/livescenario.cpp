#include "sim/scenarios/livescenario.h"

#include "sim/scenarios/fabricnames.h"
#include "sim/scenarios/livesteps.h"
#include "sim/scenarios/scenariotable.h"
#include "sim/scenarios/scenariotext.h"

#include <algorithm>

#include <QCoreApplication>

namespace roce::sim {

void applyReferenceVmHosts(Fabric &fabric)
{
    for (int h = 0; h < fabric.spec().hosts.size(); ++h) {
        HostConfig c = fabric.hostConfig(h);
        c.tcpStackLimit = RateBps(4.7 * double(kGbps));
        c.rdmaHostLatency = 12270;  // 14.4 us one-way ib_write_lat on the seeds
        c.tcpHostLatency = 158800;  // ~161 us one-way sockperf on the seeds
        fabric.setHostConfig(h, c);
    }
}

QList<LiveScenario> liveScenarios()
{
    QList<LiveScenario> list;
    for (const ScenarioDefinition &d : scenarioTable()) {
        if ((d.live.apply || d.live.fault) && d.live.singleSwitch)
            list.append({d.name, d.live.title, d.live.expectation});
    }
    return list;
}

QStringList leafSpineScenarioNames()
{
    QStringList names;
    for (const ScenarioDefinition &d : scenarioTable()) {
        if ((d.live.apply || d.live.fault) && d.live.leafSpine)
            names.append(d.name);
    }
    return names;
}

namespace {

/// The live load @p name of @p table (one with an apply), or the error that names it.
Result<const ScenarioDefinition *> liveLoadNamed(const QList<ScenarioDefinition> &table,
                                                 const QString &name)
{
    const auto it = std::find_if(table.cbegin(), table.cend(), [&](const ScenarioDefinition &d) {
        return d.name == name && d.live.apply;
    });
    if (it == table.cend())
        return makeError(ErrorCode::NotFound,
                         LiveScenarioText::tr("unknown live scenario '%1'").arg(name));
    return &*it;
}

}  // namespace

namespace {

/// What a spec's parts are, as far as no fabric is needed to tell: no empty part, no load
/// with a target, at most one load. The load found, if any, in @p load.
Result<void> checkLiveSpecShape(const QList<ScenarioDefinition> &table, const QString &spec,
                                const ScenarioDefinition **load)
{
    *load = nullptr;
    for (const QString &part : spec.split(QLatin1Char('+'))) {
        const QString name = part.section(QLatin1Char(':'), 0, 0).trimmed();
        if (name.isEmpty())
            return makeError(ErrorCode::InvalidArgument,
                             LiveScenarioText::tr("'%1' has an empty part: join one load and any "
                                                  "faults with '+'")
                                 .arg(spec));
        if (isLiveFault(name))
            continue;
        const auto found = liveLoadNamed(table, name);
        if (!found)
            return found.error();
        if (const QString target = part.section(QLatin1Char(':'), 1).trimmed(); !target.isEmpty())
            return makeError(
                ErrorCode::InvalidArgument,
                LiveScenarioText::tr("'%1' is a load and takes no target ('%2')").arg(name, part));
        if (*load)
            return makeError(ErrorCode::InvalidArgument,
                             LiveScenarioText::tr("'%1' names two loads (%2 and %3): join one load "
                                                  "and any faults with '+'")
                                 .arg(spec, (*load)->name, name));
        *load = *found;
    }
    return {};
}

}  // namespace

Result<void> checkLiveScenarioNames(const QString &spec)
{
    const ScenarioDefinition *load = nullptr;
    return checkLiveSpecShape(scenarioTable(), spec, &load);
}

Result<void> checkLiveScenarioTargets(const FabricSpec &fabric, const QString &spec)
{
    for (const QString &part : spec.split(QLatin1Char('+'))) {
        const QString name = part.section(QLatin1Char(':'), 0, 0).trimmed();
        if (!isLiveFault(name))
            continue;
        if (const auto ok = checkFault(fabric, name, part.section(QLatin1Char(':'), 1).trimmed());
            !ok)
            return ok.error();
    }
    return {};
}

Result<QList<LaunchedJob>> launchedJobs(const FabricSpec &fabric, const QString &spec)
{
    const QList<ScenarioDefinition> table = scenarioTable();
    QList<LaunchedJob> jobs;
    for (const QString &part : spec.split(QLatin1Char('+'), Qt::SkipEmptyParts)) {
        const QString name = part.section(QLatin1Char(':'), 0, 0).trimmed();
        if (isLiveFault(name))
            continue;
        const auto found = liveLoadNamed(table, name);
        if (!found)
            return found.error();
        const ScenarioDefinition *it = *found;
        if (!it->live.jobs)
            continue;
        for (const TrainingOptions &t : it->live.jobs(fabric)) {
            LaunchedJob job;
            for (int rank : t.ranks)
                job.ranks.append(nicRowOf(fabric, rank));
            job.gradientBytes = t.gradientBytes;
            job.computeTime = t.computeTime;
            jobs.append(job);
        }
    }
    return jobs;
}

Result<ScenarioInjection> applyLiveScenario(Fabric &fabric, const QString &spec, std::uint64_t seed)
{
    if (fabric.spec().hosts.size() < 8)
        return makeError(ErrorCode::Unsupported,
                         LiveScenarioText::tr("live scenarios need at least 8 hosts"));
    const QList<ScenarioDefinition> table = scenarioTable();
    const bool leafSpine = isLeafSpine(fabric.spec());
    ScenarioInjection injection;
    injection.spec = spec;
    const ScenarioDefinition *background = nullptr;
    if (const auto shape = checkLiveSpecShape(table, spec, &background); !shape)
        return shape.error();
    if (background && (leafSpine ? !background->live.leafSpine : !background->live.singleSwitch))
        return makeError(
            ErrorCode::Unsupported,
            leafSpine
                ? LiveScenarioText::tr("scenario '%1' does not run on a leaf/spine fabric "
                                       "(choose from: %2)")
                      .arg(background->name, leafSpineScenarioNames().join(QStringLiteral(", ")))
                : LiveScenarioText::tr("scenario '%1' needs a leaf/spine fabric")
                      .arg(background->name));
    QList<std::pair<QString, QString>> faults;  // name, target
    for (const QString &part : spec.split(QLatin1Char('+'))) {
        const QString name = part.section(QLatin1Char(':'), 0, 0).trimmed();
        if (isLiveFault(name))
            faults.append({name, part.section(QLatin1Char(':'), 1).trimmed()});
    }

    live::resetToBaseline(fabric);
    for (int s = 0; s < fabric.spec().switches.size(); ++s)
        fabric.setSwitchFaults(s, SwitchFaults {});
    for (int p = 0; p < fabric.spec().switchPorts.size(); ++p)
        fabric.setLinkErrorRate(p, 0);
    injection.background = background ? background->name : QStringLiteral("idle");
    if (background)
        background->live.apply(fabric);
    bool loaded = background && background->name != QLatin1String("idle");
    QSet<int> taken;  // switch ports the faults so far sit behind
    for (qsizetype i = 0; i < faults.size(); ++i) {
        const auto injected = injectFault(fabric, faults[i].first, faults[i].second, loaded,
                                          seed + quint64(i), taken);
        if (!injected)
            return injected.error();
        for (int port : injected->switchPorts)
            taken.insert(port);
        injection.faults.append(*injected);
        loaded = loaded || fabric.flowCount() > 0;
    }
    return injection;
}

}  // namespace roce::sim
