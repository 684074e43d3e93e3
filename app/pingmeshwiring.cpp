#include "pingmeshwiring.h"

#include "live/livefabric.h"
#include "mainwindow.h"
#include "pingmeshpanel.h"
#include "sim/pingmeshfeed.h"

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

}  // namespace roce::app
