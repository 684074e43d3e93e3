#pragma once

namespace roce::live {
class LiveFabric;
}
namespace roce::experiments {
class ExperimentQueue;
}

namespace roce::app {

class FabricSession;
class MainWindow;
struct ConsoleOptions;

/// The What if dock, on the fabric the window watches: a change pasted into its panel is
/// previewed on the twin built from what the live model sees of that fabric (its switches'
/// running-configs, its NICs' ecn/ files, LLDP, the port rates, the training run launched
/// from @p experiments and, on the simulated fabric, the training job of the scenario the
/// console started), the twin running on a worker thread; the fabric now, its twin and the change
/// are shown in the comparison view. Nothing is applied to any device. A --whatif change file is
/// previewed once the fabric answered.
void wireWhatIf(MainWindow &window, live::LiveFabric &live, FabricSession &fabric,
                experiments::ExperimentQueue &experiments, const ConsoleOptions &options);

}  // namespace roce::app
