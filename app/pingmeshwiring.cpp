#include "pingmeshwiring.h"

#include "collect/pingmesh/agentpingmeshfeed.h"
#include "collect/pingmesh/slowrank.h"
#include "consoleoptions.h"
#include "fabricsession.h"
#include "live/experiments/experimentqueue.h"
#include "live/hub/livefabric.h"
#include "mainwindow.h"
#include "pingmeshpanel.h"
#include "sim/feeds/pingmeshfeed.h"
#include "sim/feeds/pingmeshrun.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <memory>
#include <utility>

namespace roce::app {

namespace {

class PingmeshWiringText
{
    Q_DECLARE_TR_FUNCTIONS(PingmeshWiringText)
};

/// A simulated fabric the window watches: the faults run on a model of the same shape, so that
/// the pairs and what the verdicts name are the NICs and ports the other views show.
widgets::PingmeshPanel::Target simulatedTarget(const QString &topology, bool agents)
{
    const sim::PingmeshExamples examples = sim::pingmeshExamples(topology);
    return {topology, agents, examples.host, examples.switchPort};
}

/// The panel follows what the window watches: the demo fabric (simulated, with agents), an
/// inventory (agents), the simulated leaf/spine fabric of --topology (no agents: its rows come
/// from the model), or a metrics store (neither). A --pingmesh scenario starts on the first
/// fabric known.
void followWatchedFabric(MainWindow &window, widgets::PingmeshPanel *panel, FabricSession &fabric,
                         const ConsoleOptions &options)
{
    auto pending = std::make_shared<QString>(options.pingmeshScenario);
    auto watch = [&window, panel, pending](const widgets::PingmeshPanel::Target &target) {
        panel->setTarget(target);
        if (pending->isEmpty())
            return;
        const QString scenario = std::exchange(*pending, QString());
        window.raisePingmesh();
        if (panel->setScenario(scenario))
            panel->start();
        else
            panel->showFailure(
                PingmeshWiringText::tr("there is no pingmesh '%1' on the watched fabric")
                    .arg(scenario));
    };
    QObject::connect(&fabric, &FabricSession::demoStarted, panel,
                     [watch, &fabric] { watch(simulatedTarget(fabric.demoTopology(), true)); });
    QObject::connect(&fabric, &FabricSession::inventoryStarted, panel, [watch] {
        watch({QString(), true, QString(), QString()});
    });
    QObject::connect(&fabric, &FabricSession::stopped, panel, [watch] { watch({}); });
    if (!options.topology.isEmpty())
        watch(simulatedTarget(options.topology, false));
}

}  // namespace

void wirePingmesh(MainWindow &window, live::LiveFabric &live, FabricSession &fabric,
                  const ConsoleOptions &options)
{
    QList<widgets::PingmeshPanel::Fault> faults;
    for (const auto &[name, text] : sim::pingmeshScenarios())
        faults.append({name, text});
    auto *panel = new widgets::PingmeshPanel(faults);
    window.showPingmesh(panel);
    // Parented to the panel: the feeds' threads stop before the panel they paint goes. The
    // simulated fabric's pingmesh, or the watched fabric's agents' ("agents").
    auto *feed = new sim::PingmeshFeed(panel);
    auto *agents = new pingmesh::AgentPingmeshFeed(panel);
    // The agents' pingmesh starts once the live model has heard every source (or after 10 s;
    // 5 s when it has none):
    // the inventory's agents are known, and LLDP can place the endpoints when they answer.
    auto *waitForSources = new QTimer(agents);
    waitForSources->setInterval(250);
    auto waited = std::make_shared<QElapsedTimer>();
    QObject::connect(waitForSources, &QTimer::timeout, agents, [=, &live] {
        const QList<live::SourceState> sources = live.sources();
        const bool heard = !sources.isEmpty()
            && std::all_of(sources.cbegin(), sources.cend(), [](const live::SourceState &s) {
                   return s.state != live::SourceState::State::Connecting;
               });
        // A model with no source at all has nothing coming (the plan of an inventory is
        // watched within moments of the start): it is not waited for long.
        if (!heard && waited->elapsed() < (sources.isEmpty() ? 5000 : 10000))
            return;
        waitForSources->stop();
        pingmesh::AgentPingmeshOptions probing;
        probing.seconds = 3600;  // until stopped (a job's longest run)
        probing.placement = live.placement();
        agents->start(live.agentEndpoints(), live.freshLatest(), probing);
    });
    QObject::connect(panel, &widgets::PingmeshPanel::startRequested, feed,
                     [=, &live](const QString &topology, const QString &name) {
                         live.raiseFindings(QStringLiteral("pingmesh"), {});
                         feed->stop();
                         agents->stop();
                         waitForSources->stop();
                         if (topology == QLatin1String("agents")) {
                             waited->start();
                             waitForSources->start();
                         } else {
                             feed->start(topology, name);
                         }
                     });
    QObject::connect(panel, &widgets::PingmeshPanel::stopRequested, feed, [=, &live] {
        waitForSources->stop();
        feed->stop();
        agents->stop();
        live.raiseFindings(QStringLiteral("pingmesh"), {});
    });
    auto show = [panel, &live](const pingmesh::PingmeshSnapshot &s) {
        panel->showSnapshot(s);
        live.raiseFindings(QStringLiteral("pingmesh"), s.verdicts);
    };
    QObject::connect(feed, &sim::PingmeshFeed::snapshot, panel, show);
    QObject::connect(agents, &pingmesh::AgentPingmeshFeed::snapshot, panel, show);
    QObject::connect(agents, &pingmesh::AgentPingmeshFeed::failed, panel,
                     &widgets::PingmeshPanel::showFailure);
    // The agents' pingmesh reads the live model's newest port samples (LLDP, port counters).
    QObject::connect(&live, &live::LiveFabric::frameReady, agents, [agents, &live] {
        if (agents->isRunning())
            agents->setPorts(live.freshLatest());
    });
    QObject::connect(feed, &sim::PingmeshFeed::failed, panel, &widgets::PingmeshPanel::showFailure);
    followWatchedFabric(window, panel, fabric, options);
}

void watchTrainingRanks(experiments::ExperimentQueue &queue, live::LiveFabric &live)
{
    // The host's NIC ports and the switch ports whose LLDP peer is that host.
    auto portsOf = [&live](const QString &host) {
        QList<model::PortSample> out;
        for (const model::PortSample &p : live.freshLatest()) {
            if ((p.nic() && p.id.device() == host) || (!p.nic() && p.peer == host))
                out.append(p);
        }
        return out;
    };
    auto detector = std::make_shared<pingmesh::SlowRankDetector>(0, portsOf);
    QObject::connect(&queue, &experiments::ExperimentQueue::runStarted, &live,
                     [detector, &live](qint64, const experiments::ExperimentRequest &request) {
                         detector->reset(int(request.hosts.size()));
                         live.raiseFindings(QStringLiteral("training"), {});
                     });
    QObject::connect(&queue, &experiments::ExperimentQueue::trainingIteration, &live,
                     [detector, &live](int rank, const QString &host, const QJsonObject &it) {
                         const QList<pingmesh::Verdict> slow = detector->addIteration(
                             rank, host, it, QDateTime::currentMSecsSinceEpoch());
                         if (!slow.isEmpty())
                             live.raiseFindings(QStringLiteral("training"), slow);
                     });
}

}  // namespace roce::app
