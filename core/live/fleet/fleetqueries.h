#pragma once

#include "proto/datamodel/metric.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <utility>

namespace roce::fleet {

/// What the rows of one query's answer are keyed by.
enum class RowKey : quint8 {
    SwitchPort,  ///< labels switch, interface (our switch exporter, `nxos_*`)
    NicPort,     ///< labels instance, device (RDMA device), port
    Netdev,      ///< labels instance, device (the netdev: ethtool statistics)
};

/// The labels a query of @p key keeps, in order.
QStringList rowLabels(RowKey key);

/// How a query is asked: the rate function and window, and the label matchers that narrow it
/// to one port (empty: every port).
struct QueryForm {
    QString window = QStringLiteral("1m");
    QString rateFunction = QStringLiteral("irate");  ///< "rate" for history
    QString matchers;  ///< `switch="leaf1",interface="Ethernet1/7"`, or empty
};

/// One PromQL expression that yields a console metric per port, as a rate per second in the
/// console's units (bits for the bits metrics).
struct FleetQueryPart {
    RowKey key = RowKey::SwitchPort;
    QString promql;
};

/// Builds a part's PromQL for a form.
using PartBuilder = std::function<QString(const QueryForm &)>;

/// How one console metric is read from a Prometheus-compatible store: for switch ports from
/// our exporter's series, for NICs from our agent's, node_exporter's (>= 1.11) or
/// rdma_exporter's series, whichever the fleet has (one is preferred where a host has two).
/// A sparse metric (drops, pauses, ECN, CNPs, errors: zero nearly everywhere) is asked only
/// for its non-zero rows (`> 0`); a port whose device reports the counter at all but is not
/// in the answer reads zero. That keeps a refresh of 20,000 ports to the few dense metrics.
struct FleetQuery {
    model::Metric metric = model::Metric::Count;
    bool nic = false;  ///< a NIC metric (else a switch metric)
    bool sparse = false;
    /// The parts: what each answers is keyed by, and its PromQL.
    QList<std::pair<RowKey, PartBuilder>> parts;
    /// The series names it reads: a device that has any of them reports the metric.
    QStringList families;

    /// The live query's parts: irate over @p window, `> 0` appended when sparse.
    QList<FleetQueryPart> resolved(const QString &window) const;
    /// The parts for one port's history: rate over @p form's window, narrowed by its
    /// matchers, zeros kept.
    QList<FleetQueryPart> forPort(const QueryForm &form) const;
};

/// Every console metric the fleet reads, switch metrics first; derived metrics (utilization)
/// are computed from the bits and the line rate, as the direct monitors do.
const QList<FleetQuery> &fleetQueries();

/// A regular expression matching every family of fleetQueries() whose `nic` is @p nic, for one
/// presence query (`count by (__name__, ...) ({__name__=~"..."})`).
QString familyRegex(bool nic);

/// The series that name the fleet: switches, their interfaces and LLDP neighbours, hosts
/// (ours, node_exporter's) and their RDMA ports with their netdevs (ours, rdma_exporter's).
QStringList discoveryMatchers();

}  // namespace roce::fleet
