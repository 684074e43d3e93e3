#pragma once

#include "live/fleet/fleetqueries.h"
#include "live/maplayout/leafspinefabric.h"
#include "prometheus/query/promresponse.h"
#include "proto/datamodel/portsample.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

namespace roce::fleet {

/// The fleet as a store knows it: which switches, hosts and ports there are, how they are
/// named and cabled (LLDP), their line rates, and which counter families each device reports
/// (a sparse metric missing from an answer reads zero only where its family exists).
struct FleetShape {
    struct Switch {
        QString name;
        QString role;  ///< leaf, spine, border, tor (the exporter's inventory); may be empty
    };
    struct SwitchPort {
        QString switchName, interface;
        QString description, neighbor, neighborPort;
        bool internal = false;
        double lineBits = 0;  ///< bits/s; 0: unknown
    };
    struct NicPort {
        QString instance;  ///< the scrape target ("10.0.0.11:9471")
        QString host;      ///< as LLDP names it: the agent's host name, node_exporter's nodename
        QString device, port, netdev;
        double lineBits = 0;
    };
    QList<Switch> switches;
    QList<SwitchPort> switchPorts;  ///< by switch, then as discovered
    QList<NicPort> nicPorts;        ///< by host, then as discovered
    QHash<QString, QString> hostOfInstance;
    /// The series names the store holds (its __name__ values) and, by fleetQueries() index,
    /// whether it holds a family of that query: a sparse metric missing from an answer is
    /// zero only then. (Per store, not per device: asking per device costs a scan of every
    /// counter of the fleet; a fleet that mixes NICs with and without a counter shows zero
    /// for the ones without.)
    QSet<QString> families;
    QList<bool> reported;

    bool isEmpty() const { return switchPorts.isEmpty() && nicPorts.isEmpty(); }
    int hostCount() const;
    /// Whether the store holds a family of @p q.
    bool reports(const FleetQuery &q) const;
    /// A cheap signature of the names and the cabling, to redraw the map only on a change.
    size_t signature() const;
};

/// The shape from the label sets of discoveryMatchers()' series.
FleetShape shapeFromSeries(const QList<prom::LabelSet> &series);
/// Line rates: `nxos_interface_speed_bytes` rows (switch, interface) and
/// `node_infiniband_rate_bytes_per_second` rows (instance, device, port), in bytes/s.
void applyLineRates(FleetShape &shape, const QList<prom::PromSample> &switchSpeeds,
                    const QList<prom::PromSample> &nicRates);
/// The store's series names (/api/v1/label/__name__/values).
void applyFamilies(FleetShape &shape, const QStringList &names);

/// What one refresh read: each query's answer (by the index of fleetQueries(), one list per
/// part), the ports that are down now, and the devices that are not scraped.
struct FleetAnswers {
    QList<QList<QList<prom::PromSample>>> metrics;
    QList<prom::PromSample> switchPortsDown;  ///< nxos_interface_up == 0: (switch, interface)
    QList<prom::PromSample>
        nicPortsDown;             ///< node_infiniband_state_id != 4: (instance, device, port)
    QSet<QString> switchesDown;   ///< nxos_up == 0
    QSet<QString> instancesDown;  ///< up == 0
    QStringList issues;           ///< queries the store refused: "metric: error"
};

/// One source frame per switch and per host, as the direct monitors would produce them:
/// qualified port ids, LLDP peers, state, the rates of every metric the answers carry (a
/// sparse metric absent from its answer is zero where the device reports its family) and the
/// utilization from the line rate. Devices in @p down and hosts in @p excludedHosts (streamed
/// directly instead) get no frame.
QList<model::SourceFrame> framesFromAnswers(const FleetShape &shape, const FleetAnswers &answers,
                                            qint64 takenMs,
                                            const QSet<QString> &excludedHosts = {});

/// The layered map's fabric: spines on top, leaves (and top-of-rack switches) grouped by the
/// part of their name before '-', the servers' NICs under the leaf port LLDP places them on.
models::LeafSpineFabric leafSpineOfShape(const FleetShape &shape, const QString &name);

}  // namespace roce::fleet
