#pragma once

#include "sim/engine/fabric.h"
#include "sim/engine/topology.h"

namespace roce::sim::live {

/// Returns a fabric to its healthy baseline: traffic stopped, PFC/ECN on, faults cleared,
/// every host on the common latency profile.
void resetToBaseline(Fabric &fabric);
/// Receiver of the incast: the first host alone on its switch port (on the reference
/// fabric ubunturdma6 on Ethernet1/1/2; on a rail fabric the first server's first NIC).
int incastReceiver(const Fabric &fabric);
/// The server the slow-host fault hits.
int slowHost(const Fabric &fabric);
/// The first 8 hosts but the receiver send to incastReceiver().
void startIncast(Fabric &fabric);
void setWredEnabled(Fabric &fabric, bool enabled);
/// Ring all-reduce over the first 8 hosts, 40 ms compute between iterations.
void startEightRankTraining(Fabric &fabric);
/// Training that keeps every NIC busy: the 8-rank ring on a single-switch fabric; on a
/// leaf/spine one ring per rail (NIC k of every server), as rail-optimized jobs run.
void startTrainingEverywhere(Fabric &fabric);
/// The jobs startTrainingEverywhere() and startRailWorkload() start on @p spec: what the
/// console launched, for a model of the fabric (the what-if twin) to run them again.
QList<TrainingOptions> trainingEverywhere(const FabricSpec &spec);
QList<TrainingOptions> railWorkloadTraining(const FabricSpec &spec);
/// The shape of a rail fabric from its spec (rails are not needed and left 0).
RailShape railShapeOf(const FabricSpec &spec);
/// The large fabric's workload: a training ring over the first NIC of a quarter of the
/// servers, and a 15:1 incast into one server on another rail.
void startRailWorkload(Fabric &fabric);
/// Receiver of the rail workload's incast (a NIC on rail 3, or the last one).
int railIncastReceiver(const Fabric &fabric);
/// 16 servers of one leaf send to 16 servers of the next leaf on the same rail (NIC 1): with
/// per-flow ECMP hashing they spread over the spines. Returns the leaf's switch index.
int startLeafToLeafBulk(Fabric &fabric);
/// Every NIC sends @p flowsPerNic bulk flows, to the same NIC of each of the next
/// @p flowsPerNic servers (around the fabric): each NIC receives as many as it sends, each at
/// an even share of the line, and on a non-blocking rail fabric nothing queues.
void startNeighbourBulk(Fabric &fabric, int flowsPerNic);
/// Every NIC of servers 2p and 2p + 1 sends a bulk flow to the same NIC of servers 2p + 2 and
/// 2p + 4: four flows into every NIC of the even servers, none into the odd ones (2:1), every
/// queue to them busy.
void startTwoToOneBulk(Fabric &fabric);
/// Runs @p fabric for @p span and returns the leaf uplink that carried the most bytes
/// meanwhile: the one the load crosses the spines by most; when nothing crossed them, the
/// first uplink of the first server's leaf (-1: the fabric has no uplink).
int runAndFindBusiestUplink(Fabric &fabric, TimeNs span);

}  // namespace roce::sim::live
