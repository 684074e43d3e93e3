#include "sim/largefabricfeed.h"

#include "live/livefabric.h"

#include "sim/fabric.h"
#include "sim/fabricrows.h"
#include "sim/livesteps.h"
#include "sim/topology.h"

#include <QDateTime>
#include <QTimer>

#include <memory>

namespace roce::sim {

LargeFabricFeed::LargeFabricFeed(QObject *parent) : QObject(parent)
{ }

LargeFabricFeed::~LargeFabricFeed()
{
    stop();
}

void LargeFabricFeed::start(const QString &topology, int intervalMs, int simulatedMsPerTick)
{
    auto shape = parseRailTopology(topology);
    if (!shape) {
        emit failed(shape.error().message);
        return;
    }
    const RailShape s = shape.value();
    m_worker.start([this, s, intervalMs, simulatedMsPerTick](QObject *worker) {
        const FabricSpec spec = railFabric(s.hosts, s.nics, s.rails, s.spines, 100 * kGbps);
        ModelParams params;
        params.timing.dt = 10 * kNsPerUs;  // coarser step for scale, as the served rail fabric
        params.sw.pfcMode = PfcThresholdMode::Dynamic;
        auto fabric = std::make_shared<Fabric>(spec, params);
        auto sampler = std::make_shared<FabricRowSampler>(*fabric);
        live::startRailWorkload(*fabric);
        emit fabricReady(leafSpineOf(spec));
        fabric->runFor(simulatedMsPerTick * kNsPerMs);
        (void)sampler->sample(QDateTime::currentMSecsSinceEpoch());
        auto *timer = new QTimer(worker);
        timer->setInterval(intervalMs);
        // The sampler refers to the fabric: the lambda keeps both alive, in that order.
        QObject::connect(timer, &QTimer::timeout, worker,
                         [this, fabric, sampler, simulatedMsPerTick] {
                             fabric->runFor(simulatedMsPerTick * kNsPerMs);
                             emit updated(sampler->sample(QDateTime::currentMSecsSinceEpoch()));
                         });
        timer->start();
    });
}

void LargeFabricFeed::stop()
{
    m_worker.stop();
}

LargeFabricFeed *watchLargeFabric(roce::live::LiveFabric &hub, const QString &topology)
{
    auto feed = std::make_unique<LargeFabricFeed>();
    LargeFabricFeed *raw = feed.get();
    QObject::connect(
        raw, &LargeFabricFeed::updated, &hub,
        [&hub](const model::SourceFrame &f) { hub.ingest(f, QStringLiteral("sim")); },
        Qt::DirectConnection);
    QObject::connect(raw, &LargeFabricFeed::failed, &hub, [&hub, topology](const QString &m) {
        hub.fail(topology, QStringLiteral("sim"), m);
    });
    hub.watchSource(std::move(feed));
    raw->start(topology);
    return raw;
}

}  // namespace roce::sim
