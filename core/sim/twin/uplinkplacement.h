#pragma once

#include "sim/engine/topology.h"
#include "sim/twin/twinmodel.h"

#include <QHash>
#include <QList>
#include <QSet>

namespace roce::sim::twin {

/// The switches' uplinks, indexed once for a fabric.
class UplinkIndex
{
public:
    explicit UplinkIndex(const FabricSpec &spec);
    /// The uplinks (switch ports) of switch @p from whose spine has a port to switch @p to:
    /// the equal-cost paths a flow between them hashes over.
    QList<int> toward(int from, int to) const;

private:
    struct Uplink {
        int port;
        int spine;
    };
    QHash<int, QList<Uplink>> m_uplinks;  ///< switch -> its ports to other switches
    QHash<int, QSet<int>> m_reaches;      ///< switch -> the switches it has a port to
};

/// Places the estimated flows that cross the spines on their leaf's uplinks, so that what they
/// carry over each uplink comes as close as it can to what the uplink was seen to send
/// (@p outBps: switch port -> bits/s): the largest flow first, each on the uplink toward its
/// receiver with the most traffic still unaccounted for. A switch's ECMP hash of the 5-tuple
/// is not exposed, and the model's own would spread flows the fabric may have stacked on one
/// uplink (whose pauses, marks and queue then differ). A flow keeps uplink -1 (the model's
/// hash) where it has one path, where one of its uplinks was not seen, or where its uplinks
/// were seen idle. Returns how many flows were placed.
int placeOnObservedUplinks(const FabricSpec &spec, QList<EstimatedFlow> &flows,
                           const QHash<int, double> &outBps);

}  // namespace roce::sim::twin
