#pragma once

#include "live/maplayout/leafspinefabric.h"
#include "proto/datamodel/portsample.h"
#include "sim/engine/counters.h"
#include "sim/engine/topology.h"

#include <QList>

namespace roce::sim {

class Fabric;

/// The server a model host is on: multi-NIC servers are one host entry per NIC
/// ("gpu0001-nic3") whose NIC port names the server ("gpu0001/ens4np0"); VMs are their own.
QString hostOfNic(const FabricSpec &spec, const HostSpec &h);

/// How the large map sees a simulated leaf/spine fabric: spines (role "spine"), leaves (every
/// other switch with servers on it, grouped by the name before "-leaf", e.g. "rail3"), their
/// uplinks, and each server's NICs on the leaf downlinks.
models::LeafSpineFabric leafSpineOf(const FabricSpec &spec);

/// Rates of every switch port ("<switch>/<port>") and NIC ("<host>/<rdma device>") of a
/// simulated fabric between two samples, on the simulated clock, as the port table and the
/// map take them. For fabrics too large to serve one agent per NIC over loopback (1024 hosts
/// x 8 NICs), the same rows the monitors would produce come straight from the model, with the
/// peers LLDP would give (a server and its netdev, or the far switch and its port).
class FabricRowSampler
{
public:
    explicit FabricRowSampler(const Fabric &fabric);
    /// Rows with rates since the previous call (the first call only primes: rates empty).
    model::SourceFrame sample(qint64 takenMs);

private:
    const Fabric &m_fabric;
    QList<model::PortId> m_switchRows;
    QList<std::pair<QString, QString>> m_switchPeers;  ///< LLDP system name and port id
    QList<model::PortId> m_nicRows;
    QList<SwitchPortCounters> m_lastSwitch;
    QList<HostCounters> m_lastHost;
    TimeNs m_lastNow = -1;
};

}  // namespace roce::sim
