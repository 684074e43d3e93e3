#pragma once

#include "live/hub/livefabric.h"
#include "live/inventory/experimenthost.h"
#include "live/inventory/inventory.h"
#include "live/maplayout/fabriclayout.h"
#include "live/maplayout/leafspinefabric.h"
#include "nxapi/client/nxapiclient.h"
#include "sim/served/simservice.h"

#include <QHash>
#include <QObject>

#include <memory>

namespace roce::inventory {
class SecretStore;
}
namespace roce::sim {
class EmbeddedFabric;
class SimulatedFabricPlan;
}  // namespace roce::sim

namespace roce::app {

/// Which fabric the console watches: the embedded simulated one (demo mode), or the switch
/// and servers of the inventory with their secrets from the keychain. Whichever it is, the
/// rest of the console hears the same signals (switch endpoint, hosts, layout) and connects
/// to them exactly alike, over the network.
class FabricSession : public QObject
{
    Q_OBJECT

public:
    FabricSession(sim::SimServiceOptions simOptions, inventory::SecretStore *secrets,
                  QObject *parent = nullptr);
    ~FabricSession() override;

    /// Starts (or restarts) the embedded fabric; @p scenario runs once it is up.
    void startDemo(const QString &scenario = {});
    /// Stops the demo fabric, reads the inventory's secrets and connects to its peers.
    void startInventory(const inventory::Inventory &inventory);
    bool isDemo() const { return m_demo; }
    /// The shape of the demo fabric ("reference", ...), whether it runs or not.
    const QString &demoTopology() const { return m_simOptions.topology; }
    /// Stops the demo fabric (if it runs) and forgets the inventory: another source (a
    /// metrics store) feeds the live model now.
    void stop();
    const inventory::Inventory &inventory() const { return m_inventory; }
    /// Live scenarios exist on the simulated fabric only; otherwise scenarioFailed().
    void startScenario(const QString &name);
    /// A poll of the inventory's switch: where LLDP places the servers wins over the typed
    /// switch ports, and the map is redrawn when that changes.
    void switchPolled(const roce::model::SourceFrame &update);
    /// After a tick of @p live: on an inventory with leaves and spines, the layered map's
    /// shape from the switches' LLDP, announced when the cabling changed.
    void followCabling(const live::LiveFabric &live);
    /// The inventory has spines: a leaf/spine fabric for the layered map.
    bool isLayered() const;

signals:
    /// What the live model watches: the fabric's switches, agents and SSH-read servers.
    void planReady(const roce::live::FabricPlan &plan);
    /// The servers experiments run on (through their agents).
    void hostsReady(const QList<roce::experiments::ExperimentHost> &hosts);
    void layoutReady(const roce::models::FabricLayout &layout);
    /// The inventory's leaf/spine fabric as LLDP shows it (see followCabling()).
    void leafSpineReady(const roce::models::LeafSpineFabric &fabric);
    void demoStarted(const QUrl &nxapiUrl, int hosts);
    void inventoryStarted(int servers, bool hasSwitch);
    /// Something the user must fix (missing secrets, no keychain, a fabric that failed).
    void problem(const QString &message);
    void scenarioStarted(const QString &name);
    void scenarioFailed(const QString &name, const QString &message);
    /// stop(): neither the demo nor an inventory is watched any more.
    void stopped();

private:
    sim::SimServiceOptions m_simOptions;
    inventory::SecretStore *m_secrets;
    std::unique_ptr<sim::SimulatedFabricPlan> m_fabric;  ///< the demo fabric
    inventory::Inventory m_inventory;
    bool m_demo = false;
    QHash<QString, QString> m_placed;  ///< server -> switch port, from LLDP
    int m_generation = 0;              ///< ignores keychain answers for an inventory since replaced
    size_t m_cabling = 0;              ///< signature of the LLDP the map was last drawn from
};

}  // namespace roce::app
