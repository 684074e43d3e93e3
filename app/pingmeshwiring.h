#pragma once

namespace roce::experiments {
class ExperimentQueue;
}
namespace roce::live {
class LiveFabric;
}

namespace roce::app {

class FabricSession;
class MainWindow;
struct ConsoleOptions;

/// The Pingmesh dock, on the fabric the window watches (what @p fabric and @p options say):
/// its panel drives a pingmesh of that fabric, on a thread of its own for a model of a
/// simulated one with the fault chosen, or through the fabric's agents; shows each second's
/// matrix and verdicts, and raises the verdicts as alerts of the live model (source
/// "pingmesh"). A --pingmesh scenario ("healthy", "bad-nic:ubunturdma5", "agents", ...) starts
/// once the fabric is known and brings the dock to the front.
void wirePingmesh(MainWindow &window, live::LiveFabric &live, FabricSession &fabric,
                  const ConsoleOptions &options);

/// Training runs the console launches are watched for a slow rank (pingmesh::SlowRankDetector):
/// its verdict, joined to the rank's NIC and switch port in the live model, is raised as an
/// alert (source "training") and cleared when the next run starts.
void watchTrainingRanks(experiments::ExperimentQueue &queue, live::LiveFabric &live);

}  // namespace roce::app
