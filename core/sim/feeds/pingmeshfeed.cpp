#include "sim/feeds/pingmeshfeed.h"

#include "sim/feeds/pingmeshrun.h"

#include <QElapsedTimer>
#include <QTimer>

#include <memory>

namespace roce::sim {

PingmeshFeed::PingmeshFeed(QObject *parent) : QObject(parent), m_worker(QStringLiteral("pingmesh"))
{
    qRegisterMetaType<roce::pingmesh::PingmeshSnapshot>();
}

PingmeshFeed::~PingmeshFeed()
{
    m_worker.stop();
}

void PingmeshFeed::stop()
{
    m_worker.stop();
}

void PingmeshFeed::start(const QString &topology, const QString &scenario)
{
    m_worker.start([this, topology, scenario](QObject *worker) {
        PingmeshRunOptions options;
        options.topology = topology;
        options.scenario = scenario;
        auto created = PingmeshSimulation::create(options);
        if (!created) {
            emit failed(created.error().message);
            return;
        }
        std::shared_ptr<PingmeshSimulation> sim(std::move(created).value());
        auto *timer = new QTimer(worker);
        timer->setInterval(1000);
        const auto step = [this, sim, topology, scenario] {
            const PingmeshSecond second = sim->advanceOneSecond();
            PingmeshSnapshot s;
            s.topology = topology;
            s.scenario = scenario;
            s.seconds = second.seconds;
            s.endpoints = sim->endpoints();
            s.pairs = sim->pinglist();
            s.summaries = second.matrix->summaries();
            s.verdicts = second.verdicts;
            s.probesSent = second.matrix->probesTotal();
            emit snapshot(s);
        };
        QObject::connect(timer, &QTimer::timeout, worker, step);
        timer->start();
        step();
    });
}

}  // namespace roce::sim
