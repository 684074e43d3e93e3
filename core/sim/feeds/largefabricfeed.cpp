#include "sim/feeds/largefabricfeed.h"
#include "sim/engine/makefabric.h"

#include "collect/monitor/nicconfig.h"
#include "live/hub/livefabric.h"

#include "sim/engine/fabric.h"
#include "sim/engine/topology.h"
#include "sim/observe/fabricrows.h"
#include "sim/scenarios/faults.h"
#include "sim/scenarios/livescenario.h"
#include "sim/scenarios/livesteps.h"
#include "sim/served/simnicecn.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace roce::sim {

namespace {
class LargeFabricFeedText
{
    Q_DECLARE_TR_FUNCTIONS(LargeFabricFeedText)
};
}  // namespace

QList<std::pair<QString, QJsonObject>> adapterConfigs(const Fabric &fabric)
{
    const FabricSpec &spec = fabric.spec();
    QList<agentproto::AgentSample> servers;
    QHash<QString, qsizetype> at;
    for (int h = 0; h < spec.hosts.size(); ++h) {
        const HostSpec &host = spec.hosts.at(h);
        const QString server = hostOfNic(spec, host);
        auto it = at.constFind(server);
        if (it == at.constEnd()) {
            it = at.insert(server, servers.size());
            servers.append(agentproto::AgentSample {});
            servers.last().hostname = server;
        }
        agentproto::AgentSample &s = servers[*it];
        agentproto::RdmaDeviceSample device;
        device.name = host.rdmaDevice;
        agentproto::RdmaPortSample port;
        port.netdev = host.netdev;
        device.ports.append(port);
        s.devices.append(device);
        agentproto::NetdevSample netdev;
        netdev.name = host.netdev;
        const NicEcnFiles ecn = readNicEcn(fabric, h);
        netdev.ecnNp = ecn.roceNp;
        netdev.ecnRp = ecn.roceRp;
        s.netdevs.append(netdev);
    }
    QList<std::pair<QString, QJsonObject>> out;
    out.reserve(servers.size());
    for (const agentproto::AgentSample &s : std::as_const(servers))
        out.emplaceBack(s.hostname, monitor::nicConfigFromSample(s));
    return out;
}

LargeFabricFeed::LargeFabricFeed(QObject *parent) : QObject(parent)
{ }

LargeFabricFeed::~LargeFabricFeed()
{
    stop();
}

void LargeFabricFeed::start(const QString &topology, const QString &scenario, int intervalMs)
{
    auto shape = parseRailTopology(topology);
    if (!shape) {
        emit failed(shape.error().message);
        return;
    }
    const QString name = scenario.isEmpty() ? QStringLiteral("rail-training") : scenario;
    // A load and faults joined by '+' ("training+nic-stall:gpu0003/mlx5_1"): each part a
    // leaf/spine scenario or a fault.
    for (const QString &part : name.split(QLatin1Char('+'), Qt::SkipEmptyParts)) {
        const QString base = part.section(QLatin1Char(':'), 0, 0);
        if (!leafSpineScenarioNames().contains(base) && !isLiveFault(base)) {
            emit failed(
                LargeFabricFeedText::tr("'%1' is not a leaf/spine scenario (choose from: %2)")
                    .arg(base, leafSpineScenarioNames().join(QStringLiteral(", "))));
            return;
        }
    }
    const RailShape s = shape.value();
    m_worker.start([this, s, name, intervalMs](QObject *worker) {
        const FabricSpec spec = railFabric(s.hosts, s.nics, s.rails, s.spines, 100 * kGbps);
        std::shared_ptr<Fabric> fabric
            = makeFabric(spec, leafSpineModelParams(std::clamp(QThread::idealThreadCount(), 1, 2)));
        auto sampler = std::make_shared<FabricRowSampler>(*fabric);
        const auto applied = applyLiveScenario(*fabric, name);
        if (!applied) {
            emit failed(applied.error().message);
            return;
        }
        emit fabricReady(leafSpineOf(spec));
        emit scenarioStarted(resolvedSpec(applied.value()));
        // The scenario's faults set the adapters once (a host with ECN off): say so as agents do.
        for (const auto &[host, facts] : adapterConfigs(*fabric))
            emit configReported(host, facts);
        (void)sampler->sample(QDateTime::currentMSecsSinceEpoch());
        // Simulated time per tick: the interval when the model keeps up, else what fits in
        // 90% of it, so that the thread never falls behind the clock.
        auto slice = std::make_shared<TimeNs>(TimeNs(intervalMs) * kNsPerMs / 10);
        auto *timer = new QTimer(worker);
        timer->setInterval(intervalMs);
        // The sampler refers to the fabric: the lambda keeps both alive, in that order.
        QObject::connect(
            timer, &QTimer::timeout, worker, [this, fabric, sampler, slice, intervalMs] {
                QElapsedTimer wall;
                wall.start();
                fabric->runFor(*slice);
                const double spent = std::max<double>(1e6, wall.nsecsElapsed());
                const TimeNs interval = TimeNs(intervalMs) * kNsPerMs;
                emit pace(double(*slice) / double(interval));
                *slice = std::clamp<TimeNs>(TimeNs(double(*slice) * 0.9 * double(interval) / spent),
                                            kNsPerMs, interval);
                emit updated(sampler->sample(QDateTime::currentMSecsSinceEpoch()));
            });
        timer->start();
    });
}

void LargeFabricFeed::stop()
{
    m_worker.stop();
}

LargeFabricFeed *watchLargeFabric(roce::live::LiveFabric &hub, const QString &topology,
                                  const QString &scenario)
{
    auto feed = std::make_unique<LargeFabricFeed>();
    LargeFabricFeed *raw = feed.get();
    QObject::connect(
        raw, &LargeFabricFeed::updated, &hub,
        [&hub](const model::SourceFrame &f) { hub.ingest(f, QStringLiteral("sim")); },
        Qt::DirectConnection);
    QObject::connect(
        raw, &LargeFabricFeed::configReported, &hub,
        [&hub](const QString &host, const QJsonObject &facts) {
            hub.reportConfig(host, QStringLiteral("agent"), facts);
        },
        Qt::DirectConnection);
    QObject::connect(raw, &LargeFabricFeed::failed, &hub, [&hub, topology](const QString &m) {
        hub.fail(topology, QStringLiteral("sim"), m);
    });
    hub.watchSource(std::move(feed));
    raw->start(topology, scenario);
    return raw;
}

}  // namespace roce::sim
