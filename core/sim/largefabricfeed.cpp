#include "sim/largefabricfeed.h"

#include "live/livefabric.h"

#include "sim/fabric.h"
#include "sim/fabricrows.h"
#include "sim/topology.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTimer>

#include <memory>

namespace roce::sim {

namespace {

class LargeFabricText
{
    Q_DECLARE_TR_FUNCTIONS(LargeFabricText)
};

struct RailShape {
    int hosts = 0, nics = 0, rails = 0, spines = 0;
};

Result<RailShape> parseRail(const QString &topology)
{
    const QStringList parts = topology.split(QLatin1Char(':'));
    RailShape s;
    bool ok = parts.size() == 5 && parts.first() == QLatin1String("rail");
    if (ok) {
        int *fields[] = {&s.hosts, &s.nics, &s.rails, &s.spines};
        for (int i = 0; i < 4 && ok; ++i)
            *fields[i] = parts.at(i + 1).toInt(&ok);
    }
    if (!ok || s.hosts < 2 || s.hosts > 4096 || s.nics < 1 || s.nics > 16 || s.rails < 1
        || s.rails > s.nics || s.spines < 1 || s.spines > 64)
        return Error {ErrorCode::InvalidArgument,
                      LargeFabricText::tr("'%1' is not a leaf/spine topology: use "
                                          "rail:HOSTS:NICS:RAILS:SPINES, e.g. rail:1024:8:8:16")
                          .arg(topology)};
    return s;
}

/// Traffic that makes the map worth looking at: a training ring over the first NIC of a
/// quarter of the servers, and a 15:1 incast into one server on another rail.
void startWorkload(Fabric &fabric, const RailShape &shape)
{
    TrainingOptions training;
    const int ranks = std::max(2, shape.hosts / 4);
    for (int h = 0; h < ranks; ++h)
        training.ranks.append(h * shape.nics);
    training.gradientBytes = 64LL * 1000 * 1000;
    training.computeTime = 2 * kNsPerMs;
    training.iterations = 1000000;
    fabric.startTraining(training);
    if (shape.hosts >= 32) {
        const int nic = std::min(2, shape.nics - 1);
        const int victim = (shape.hosts / 2 + 3) * shape.nics + nic;
        for (int s = 0; s < 15; ++s)
            fabric.startFlow(((shape.hosts / 2 + 40 + s * 5) % shape.hosts) * shape.nics + nic,
                             victim);
    }
}

}  // namespace

LargeFabricFeed::LargeFabricFeed(QObject *parent) : QObject(parent)
{ }

LargeFabricFeed::~LargeFabricFeed()
{
    stop();
}

void LargeFabricFeed::start(const QString &topology, int intervalMs, int simulatedMsPerTick)
{
    auto shape = parseRail(topology);
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
        startWorkload(*fabric, s);
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

LargeFabricFeed *watchLargeFabric(live::LiveFabric &hub, const QString &topology)
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
