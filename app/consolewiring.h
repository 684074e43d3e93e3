#pragma once

#include "consoleoptions.h"

#include <QString>

class QSettings;

#include <memory>

namespace roce::experiments {
class ExperimentQueue;
}
namespace roce::inventory {
class SecretStore;
}
namespace roce::live {
class LiveFabric;
}
namespace roce::results {
class ResultStore;
}
namespace roce::sim {
class LargeFabricFeed;
}
namespace roce::widgets {
class ExperimentsPanel;
}

namespace roce::app {

class FabricSession;
class MainWindow;

/// The window shows the live model: its port table, map, events, charts, findings and failing
/// sources.
void showLiveFabric(MainWindow &window, live::LiveFabric &live);
/// The window's Diagnosis dock and maps follow @p hub's findings, and its selection the hottest
/// port while nothing is selected or a scenario just started; @p replay: a replay's hub.
void followDiagnosis(MainWindow &window, live::LiveFabric &hub, bool replay);

/// The fabric session feeds the live model its plans and the window its layouts, problems
/// and scenarios; a leaf/spine inventory is drawn on the layered map from LLDP.
void followFabricSession(MainWindow &window, FabricSession &fabric, live::LiveFabric &live);

/// Experiments run through the same agents and are kept in the results store (the one rocectl
/// uses; @p resultsDb or the default). Without a store they still run, just not kept. The
/// returned objects live as long as the window needs them.
struct ExperimentsWiring {
    std::unique_ptr<results::ResultStore> results;
    std::unique_ptr<experiments::ExperimentQueue> queue;
    widgets::ExperimentsPanel *panel = nullptr;  ///< owned by the window's dock
    ~ExperimentsWiring();
};
std::unique_ptr<ExperimentsWiring> wireExperiments(MainWindow &window, FabricSession &fabric,
                                                   live::LiveFabric &live,
                                                   const QString &resultsDb);

/// Fabric > Inventory... opens the inventory dialog on @p inventoryPath (secrets in
/// @p secrets); saving it watches the saved fabric (or the demo when it is empty).
void wireInventoryDialog(MainWindow &window, FabricSession &fabric, inventory::SecretStore &secrets,
                         const QString &inventoryPath);

/// A switch that refused its password twice stops being polled (so that the account is not
/// locked out); the window then asks for the password, stores it in @p secrets under the
/// inventory's key and resumes polling that switch.
void wirePasswordPrompt(MainWindow &window, FabricSession &fabric, live::LiveFabric &live,
                        inventory::SecretStore &secrets);

/// What the console watches at start: the inventory when there is one (and no --demo), else
/// the demo fabric; with --topology the large simulated leaf/spine fabric; with --prometheus
/// the fleet a metrics store holds (authentication from @p settings, secrets from
/// @p secrets). An unreadable
/// inventory is said, left untouched, and the demo runs meanwhile. Returns the large fabric's
/// feed when that is what runs.
sim::LargeFabricFeed *startWatching(MainWindow &window, FabricSession &fabric,
                                    live::LiveFabric &live, const ConsoleOptions &options,
                                    const QString &inventoryPath, inventory::SecretStore &secrets,
                                    QSettings &settings);

}  // namespace roce::app
