#pragma once

#include "proto/common/result.h"
#include "sim/engine/fabric.h"

#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace roce::sim {

/// What a fault's target names: a NIC ("gpu0007/mlx5_1"), a switch port
/// ("rail1-leaf2/Ethernet1/5"), a switch ("rail1-leaf2") or a server ("gpu0007").
enum class FaultTarget { Nic, Port, Switch, Host };

/// What a drawn target must do in the background load for its fault to show: a NIC that
/// stops draining shows nothing where no traffic arrives, a server marking RoCE with the
/// wrong DSCP nothing where none leaves.
enum class FaultLoad { Any, Receives, Sends };

/// One fault the live scenarios can inject, on any fabric (unless leafSpineOnly).
struct FaultInfo {
    QString name;         ///< "nic-stall"
    FaultTarget target;   ///< what its optional ":TARGET" names
    QString findingKind;  ///< the diagnosis finding that names it: "nic_stall"
    QString description;  ///< one line, translated
    bool leafSpineOnly = false;
    FaultLoad load = FaultLoad::Any;
};

/// Every fault, in the order lists show them. Built per call: its texts are translated.
QList<FaultInfo> liveFaults();
/// "NIC", "PORT", "SWITCH" or "HOST".
QString faultTargetName(FaultTarget target);

/// One fault as it was injected: what, where it was aimed, and where a diagnosis that reads
/// only what devices expose should point. The simulator's ground truth: for scoring in tests
/// and benchmarks, never an input of the diagnosis.
struct InjectedFault {
    QString fault;       ///< "nic-stall"
    QString target;      ///< the target as the live model names it
    bool drawn = false;  ///< the target was drawn from the seed (none was given)
    QString kind;        ///< the finding kind expected: "nic_stall"
    QString location;    ///< the id a finding should name (a port or NIC id, a switch, a host)
    /// Other names of the same place that count as right: the far end of a link, the switch
    /// port of a stalled NIC, the other virtual servers behind one shared NIC port.
    QStringList alsoAt;
    /// The switch ports (model indices) the fault sits behind, and for a stopped receiver
    /// those of the senders PFC holds back, so that the next fault of the same scenario,
    /// drawn, lands where neither hides the other. Not stated in JSON.
    QList<int> switchPorts;
};

/// A live scenario as `rocectl sim --serve --scenario` takes it: an optional background load
/// and faults joined with '+' ("training+nic-stall:gpu0007/mlx5_1"), and what was injected.
struct ScenarioInjection {
    QString spec;        ///< as given
    QString background;  ///< the load it runs ("idle" when only faults were given)
    QList<InjectedFault> faults;
};

QJsonObject injectedFaultToJson(const InjectedFault &fault);
/// {"spec", "background", "injected": [{"fault", "target", "drawn", "kind", "location",
/// "also_at"}]}: what `rocectl sim --serve --json` states.
QJsonObject injectionToJson(const ScenarioInjection &injection);

/// The scenario as it runs, every target named: "training+nic-stall:gpu0007/mlx5_1" (what a
/// status line shows, and what starts the same scenario again).
QString resolvedSpec(const ScenarioInjection &injection);

/// Whether @p name (without a target) is a fault of liveFaults().
bool isLiveFault(const QString &name);

/// Applies one fault to @p fabric, which runs its background load already (@p withLoad) or
/// none: alone, a fault brings the traffic that shows it (an incast into a stalled NIC, a
/// training ring over a bad link). @p target empty: one is drawn from @p seed among the
/// places the load reaches, away from @p avoidPorts (the switch ports earlier faults of the same
/// scenario sit behind: two faults drawn at once land on different servers and links, where
/// neither hides the other). Errors name an unknown target, or a fault the fabric cannot have.
Result<InjectedFault> injectFault(Fabric &fabric, const QString &fault, const QString &target,
                                  bool withLoad, std::uint64_t seed,
                                  const QSet<int> &avoidPorts = {});
/// What injectFault() would refuse of @p fault at @p target on a fabric of @p spec, without
/// one: an unknown fault or target, a fault the fabric cannot have.
Result<void> checkFault(const FabricSpec &spec, const QString &fault, const QString &target);

}  // namespace roce::sim
