#include "pingmeshwiring.h"

#include "experiments/experimentqueue.h"
#include "live/livefabric.h"
#include "mainwindow.h"
#include "pingmesh/slowrank.h"
#include "pingmeshpanel.h"
#include "sim/pingmeshfeed.h"

#include <QDateTime>

#include <memory>

namespace roce::app {

void wirePingmesh(MainWindow &window, live::LiveFabric &live, const QString &scenario)
{
    auto *panel = new widgets::PingmeshPanel;
    window.showPingmesh(panel);
    // Parented to the panel: the feed's thread stops before the panel it paints goes.
    auto *feed = new sim::PingmeshFeed(panel);
    QObject::connect(panel, &widgets::PingmeshPanel::startRequested, feed,
                     [feed, &live](const QString &topology, const QString &name) {
                         live.raiseFindings(QStringLiteral("pingmesh"), {});
                         feed->start(topology, name);
                     });
    QObject::connect(panel, &widgets::PingmeshPanel::stopRequested, feed, [feed, &live] {
        feed->stop();
        live.raiseFindings(QStringLiteral("pingmesh"), {});
    });
    QObject::connect(feed, &sim::PingmeshFeed::snapshot, panel,
                     [panel, &live](const sim::PingmeshSnapshot &s) {
                         panel->showSnapshot(s);
                         live.raiseFindings(QStringLiteral("pingmesh"), s.verdicts);
                     });
    QObject::connect(feed, &sim::PingmeshFeed::failed, panel, &widgets::PingmeshPanel::showFailure);
    if (!scenario.isEmpty()) {
        panel->setScenario(scenario);
        window.raisePingmesh();
        panel->start();
    }
}

void watchTrainingRanks(experiments::ExperimentQueue &queue, live::LiveFabric &live)
{
    // The host's NIC ports and the switch ports whose LLDP peer is that host.
    auto portsOf = [&live](const QString &host) {
        QList<model::PortSample> out;
        for (const model::PortSample &p : live.latest()) {
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
