#pragma once

#include <QString>

namespace roce::experiments {
class ExperimentQueue;
}
namespace roce::live {
class LiveFabric;
}

namespace roce::app {

class MainWindow;

/// The Pingmesh dock: its panel drives a pingmesh of the simulated fabric on a thread of its
/// own, shows each second's matrix and verdicts, and raises the verdicts as alerts of the
/// live model (source "pingmesh"). A non-empty @p scenario ("healthy", "bad-nic:gpu0005",
/// ...) starts it at once and brings the dock to the front.
void wirePingmesh(MainWindow &window, live::LiveFabric &live, const QString &scenario);

/// Training runs the console launches are watched for a slow rank (pingmesh::SlowRankDetector):
/// its verdict, joined to the rank's NIC and switch port in the live model, is raised as an
/// alert (source "training") and cleared when the next run starts.
void watchTrainingRanks(experiments::ExperimentQueue &queue, live::LiveFabric &live);

}  // namespace roce::app
