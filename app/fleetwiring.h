#pragma once

#include "prometheus/query/promendpoint.h"

class QSettings;

namespace roce::inventory {
class SecretStore;
}
namespace roce::live {
class LiveFabric;
}

namespace roce::app {

class FabricSession;
class MainWindow;

/// Reads the fleet from the metrics store @p endpoint instead of polling it: the simulated or
/// inventory fabric stops, the store becomes the live model's source, its LLDP draws the
/// layered map, the charts read history beyond the console's memory from it, and the status
/// bar says how the store answers. The token or password comes from ROCE_PROMETHEUS_SECRET,
/// else the keychain (a missing one is said, and the store then refuses visibly).
void connectFleet(MainWindow &window, FabricSession &fabric, live::LiveFabric &live,
                  inventory::SecretStore &secrets, prom::PromEndpoint endpoint);

/// Fabric > Connect to Prometheus... opens the dialog; Connect stores a typed secret in the
/// keychain and reads the fleet from that store. Fabric > Stream hosts directly... moves up to
/// 32 of the fleet's hosts to their agents' 1 s stream (address, token and pin from the
/// inventory at @p inventoryPath) while the rest stays on the store.
void wirePrometheusDialog(MainWindow &window, FabricSession &fabric, live::LiveFabric &live,
                          inventory::SecretStore &secrets, QSettings &settings,
                          const QString &inventoryPath);

/// `--prometheus URL`: the store's endpoint, with the authentication, user and CA of the
/// settings when they are about the same store.
prom::PromEndpoint endpointForUrl(const prom::PromEndpoint &fromUrl, QSettings &settings);

}  // namespace roce::app
