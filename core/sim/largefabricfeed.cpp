#include "sim/largefabricfeed.h"

#include "live/livefabric.h"

#include "sim/fabric.h"
#include "sim/fabricrows.h"
#include "sim/livesteps.h"
#include "sim/topology.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace roce::sim {

LargeFabricFeed::LargeFabricFeed(QObject *parent) : QObject(parent)
{ }

LargeFabricFeed::~LargeFabricFeed()
{
    stop();
}

void LargeFabricFeed::start(const QString &topology, int intervalMs)
{
    auto shape = parseRailTopology(topology);
    if (!shape) {
        emit failed(shape.error().message);
        return;
    }
    const RailShape s = shape.value();
    m_worker.start([this, s, intervalMs](QObject *worker) {
        const FabricSpec spec = railFabric(s.hosts, s.nics, s.rails, s.spines, 100 * kGbps);
        ModelParams params;
        params.engine = FabricEngine::Fluid;
        params.threads = std::clamp(QThread::idealThreadCount(), 1, 2);
        params.timing.dt = 10 * kNsPerUs;
        params.sw.pfcMode = PfcThresholdMode::Dynamic;
        std::shared_ptr<Fabric> fabric = makeFabric(spec, params);
        auto sampler = std::make_shared<FabricRowSampler>(*fabric);
        live::startRailWorkload(*fabric);
        emit fabricReady(leafSpineOf(spec));
        (void)sampler->sample(QDateTime::currentMSecsSinceEpoch());
        // Simulated time per tick: the interval when the model keeps up, else what fits in
        // 70% of it, so that the thread never falls behind the clock.
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
                *slice = std::clamp<TimeNs>(TimeNs(double(*slice) * 0.7 * double(interval) / spent),
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
