#pragma once

#include "proto/common/result.h"
#include "sim/engine/fabric.h"
#include "sim/scenarios/livescenario.h"
#include "sim/served/simnicecn.h"
#include "sim/twin/twinobservation.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace roce::sim::twin {

/// A bulk flow the twin estimated from the port rates.
struct EstimatedFlow {
    int src = -1, dst = -1;  ///< model hosts
    double gbps = 0;         ///< the rate it was estimated at
    int uplink = -1;         ///< the switch port it leaves its leaf by (-1: the model's ECMP hash)
};

/// A model of a fabric built only from what the console saw of it (TwinObservation): its
/// switches and cables from LLDP (and the typed placement of servers LLDP cannot see), each
/// switch's queuing as its running-config sets it, each NIC's DCQCN as its agent read the
/// mlx5 ecn/ files, and its load: the training jobs the console launched, and bulk flows
/// estimated from the NICs' rates. What it had to assume is in notes.
struct TwinModel {
    FabricSpec spec;
    ModelParams params;
    SwitchQosConfig qos;               ///< DSCP classification and the no-drop class
    QList<SwitchQueuing> queuing;      ///< per switch
    QList<SwitchFaults> switchFaults;  ///< per switch: what its configuration leaves out
    QList<QStringList> policyNames;    ///< per switch: {queuing, network-qos} in force
    QList<int> pfcOff;                 ///< switch ports with PFC off
    QList<int> shutDown;               ///< switch ports shut down
    QHash<int, double> linkErrors;     ///< switch port -> share of its cable's frames corrupted
    QList<NicEcnFiles> nicEcn;         ///< per host
    QList<TrainingOptions> jobs;
    QList<EstimatedFlow> flows;
    QStringList notes;      ///< what the twin assumed, or could not tell
    QStringList uncertain;  ///< where the load estimate is not determined by the rates

    /// A fabric of @p engine configured and loaded as the model says (the NIC files a model
    /// NIC does not have are named in @p refusals).
    std::unique_ptr<Fabric> instantiate(FabricEngine engine, QStringList *refusals) const;
};

/// Builds the twin from @p observation, with @p jobs the console launched on it. An error when
/// there is nothing to model (no switch port or no NIC seen).
Result<TwinModel> buildTwin(const TwinObservation &observation, const QList<LaunchedJob> &jobs);

}  // namespace roce::sim::twin
