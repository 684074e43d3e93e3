#include "sim/scenarios/livescenario.h"

#include "sim/scenarios/livesteps.h"
#include "sim/scenarios/scenariotable.h"

#include <algorithm>

#include <QCoreApplication>

namespace roce::sim {

namespace {
class LiveScenarioText
{
    Q_DECLARE_TR_FUNCTIONS(LiveScenarioText)
};

bool isLeafSpine(const FabricSpec &spec)
{
    for (const SwitchSpec &sw : spec.switches) {
        if (sw.role == QLatin1String("spine"))
            return true;
    }
    return false;
}
}  // namespace

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
        if (d.live.apply && d.live.singleSwitch)
            list.append({d.name, d.live.title, d.live.expectation});
    }
    return list;
}

QStringList leafSpineScenarioNames()
{
    QStringList names;
    for (const ScenarioDefinition &d : scenarioTable()) {
        if (d.live.apply && d.live.leafSpine)
            names.append(d.name);
    }
    return names;
}

Result<void> applyLiveScenario(Fabric &fabric, const QString &name)
{
    const QList<ScenarioDefinition> table = scenarioTable();
    const auto it = std::find_if(table.cbegin(), table.cend(), [&](const ScenarioDefinition &d) {
        return d.name == name && d.live.apply;
    });
    if (it == table.cend())
        return makeError(ErrorCode::NotFound,
                         LiveScenarioText::tr("unknown live scenario '%1'").arg(name));
    if (fabric.spec().hosts.size() < 8)
        return makeError(ErrorCode::Unsupported,
                         LiveScenarioText::tr("live scenarios need at least 8 hosts"));
    if (!it->live.singleSwitch && !isLeafSpine(fabric.spec()))
        return makeError(ErrorCode::Unsupported,
                         LiveScenarioText::tr("scenario '%1' needs a leaf/spine fabric").arg(name));

    live::resetToBaseline(fabric);
    it->live.apply(fabric);
    return {};
}

}  // namespace roce::sim
