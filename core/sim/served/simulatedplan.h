#pragma once

#include "live/hub/livefabric.h"
#include "live/inventory/inventory.h"
#include "sim/served/simservice.h"

#include <QObject>

#include <memory>

namespace roce::sim {

class EmbeddedFabric;
class ServedFabric;

/// The simulated fabric reached the way a real one is: started on its own thread, then handed
/// to the live model as the plan an inventory would give (for a leaf/spine topology, through
/// the very inventory file `rocectl sim --serve --write-inventory` writes, read back by the
/// inventory parser), so that every switch is polled over its own NX-API endpoint and every
/// host's agent streamed, exactly as on a real fabric.
class SimulatedFabricPlan : public QObject
{
    Q_OBJECT

public:
    /// @p topology: empty or "reference" for the reference fabric (served with
    /// @p referenceOptions), "rail:H:N:R:S" for a served leaf/spine fabric (which takes its
    /// seed, the places drawn faults land on). @p scenario (optional) starts once the fabric
    /// is up; if it cannot, failed().
    SimulatedFabricPlan(const QString &topology, QString scenario,
                        const SimServiceOptions &referenceOptions = {}, QObject *parent = nullptr);
    ~SimulatedFabricPlan() override;

    /// Answers with ready() or failed().
    void start();
    /// The fabric itself, there from construction on (connect to its signals before start()):
    /// the reference fabric (embedded()) or the served leaf/spine one (served()), the other
    /// null; to start scenarios, or stop and restart one switch's endpoint.
    ServedFabric *served() const { return m_served.get(); }
    EmbeddedFabric *embedded() const { return m_embedded.get(); }
    /// Starts a live scenario ("training+nic-stall:gpu0007/mlx5_1") on whichever it is.
    void startScenario(const QString &spec);

signals:
    void ready(const roce::live::FabricPlan &plan, const roce::inventory::Inventory &inventory);
    void failed(const QString &message);

private:
    void followReference(const SimServiceOptions &options);
    void followServed();

    QString m_scenario;
    bool m_scenarioPending = false;  ///< the initial scenario was asked for and not yet started
    int m_hosts = 0;                 ///< the reference fabric's agents, once started
    std::unique_ptr<EmbeddedFabric> m_embedded;
    std::unique_ptr<ServedFabric> m_served;
    live::FabricPlan m_plan;  ///< the reference fabric's, completed by its agents
};

}  // namespace roce::sim
