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

Result<void> checkLiveScenarioNames(const QString &spec)
{
    const QList<ScenarioDefinition> table = scenarioTable();
    for (const QString &part : spec.split(QLatin1Char('+'), Qt::SkipEmptyParts)) {
        const QString name = part.section(QLatin1Char(':'), 0, 0).trimmed();
        if (isLiveFault(name))
            continue;
        const bool live
            = std::any_of(table.cbegin(), table.cend(), [&](const ScenarioDefinition &d) {
                  return d.name == name && (d.live.apply || d.live.fault);
              });
        if (!live)
            return makeError(ErrorCode::NotFound,
                             LiveScenarioText::tr("unknown live scenario '%1'").arg(name));
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
    QList<std::pair<QString, QString>> faults;  // name, target
    const QStringList parts = spec.split(QLatin1Char('+'));
    for (const QString &part : parts) {
        const QString name = part.section(QLatin1Char(':'), 0, 0).trimmed();
        const QString target = part.section(QLatin1Char(':'), 1).trimmed();
        if (isLiveFault(name)) {
            faults.append({name, target});
            continue;
        }
        const auto found = liveLoadNamed(table, name);
        if (!found)
            return found.error();
        const ScenarioDefinition *it = *found;
        if (!target.isEmpty())
            return makeError(
                ErrorCode::InvalidArgument,
                LiveScenarioText::tr("'%1' is a load and takes no target ('%2')").arg(name, part));
        if (background)
            return makeError(ErrorCode::InvalidArgument,
                             LiveScenarioText::tr("'%1' names two loads (%2 and %3): join one load "
                                                  "and any faults with '+'")
                                 .arg(spec, background->name, name));
        if (leafSpine ? !it->live.leafSpine : !it->live.singleSwitch)
            return makeError(
                ErrorCode::Unsupported,
                leafSpine
                    ? LiveScenarioText::tr("scenario '%1' does not run on a leaf/spine fabric "
                                           "(choose from: %2)")
                          .arg(name, leafSpineScenarioNames().join(QStringLiteral(", ")))
                    : LiveScenarioText::tr("scenario '%1' needs a leaf/spine fabric").arg(name));
        background = it;
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
