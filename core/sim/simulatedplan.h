#pragma once

#include "inventory/inventory.h"
#include "live/livefabric.h"

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
    /// @p topology: empty or "reference" for the reference fabric, "rail:H:N:R:S" for a served
    /// leaf/spine fabric. @p scenario (optional) starts once the fabric is up.
    SimulatedFabricPlan(QString topology, QString scenario, QObject *parent = nullptr);
    ~SimulatedFabricPlan() override;

    /// Answers with ready() or failed().
    void start();
    /// The served leaf/spine fabric (null for the reference fabric): to stop and restart one
    /// switch's endpoint, start scenarios.
    ServedFabric *served() const { return m_served.get(); }
    EmbeddedFabric *embedded() const { return m_embedded.get(); }

signals:
    void ready(const roce::live::FabricPlan &plan, const roce::inventory::Inventory &inventory);
    void failed(const QString &message);

private:
    void startReference();
    void startServed();

    QString m_topology, m_scenario;
    std::unique_ptr<EmbeddedFabric> m_embedded;
    std::unique_ptr<ServedFabric> m_served;
    live::FabricPlan m_plan;  ///< the reference fabric's, completed by its agents
};

}  // namespace roce::sim
