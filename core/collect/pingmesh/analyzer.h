#pragma once

#include "collect/pingmesh/pairmatrix.h"
#include "collect/pingmesh/verdict.h"
#include "proto/datamodel/portsample.h"

#include <QHash>
#include <QStringList>

namespace roce::pingmesh {

/// How switches connect beyond the endpoints' own ports (from LLDP or the model): which ports
/// a probe between two switches may cross. ECMP picks one uplink per UDP source port; which
/// one is the switch's secret, so every uplink of both ends is a candidate.
struct FabricPaths {
    QHash<QString, QStringList> uplinks;  ///< switch -> its uplink port ids ("leaf1/Ethernet1/33")
    QHash<QString, QString> farEnd;       ///< uplink port id -> the port id at its other end
};

struct AnalyzerThresholds {
    int minProbes = 20;       ///< an endpoint or group judged on fewer probes is not judged
    double lossRatio = 0.02;  ///< 2 % of probes lost is bad (a healthy fabric loses none)
    double slowFactor = 1.2;  ///< p50 this many times the typical of its kind of path ...
    double slowMarginUs = 2;  ///< ... and this much above it is slow (completion
                              ///< timestamps jitter by tens of nanoseconds)
    int minBadPairs = 3;      ///< link and congestion verdicts need this many pairs
};

/// Turns the pair matrix and the switches' port counters into verdicts (REFERENCE: Pingmesh,
/// R-Pingmesh), each with its evidence:
/// - slow_host: an endpoint (a server, when every NIC of it) whose own turnaround, request in
///   to reply out as it reports it, stands above the fabric's typical one; no queue adds to
///   it, so it names a slow host behind a busy port too;
/// - nic / host: an endpoint whose whole row and column are bad (towards its own switch and
///   across), not explained by another; host when every NIC of the server is;
/// - link: loss on the pairs crossing one switch port, confirmed by that port's input errors
///   (CRC) or discards; an endpoint's bad row with errors on its own switch port is its cable;
/// - congestion: pairs slow without loss whose paths share a port with ECN marks, pauses or
///   full utilization.
class PairAnalyzer
{
public:
    PairAnalyzer(const PairMatrix &matrix, FabricPaths paths, AnalyzerThresholds t = {});

    /// The candidates of one evaluation: @p summaries from the matrix, @p switchPorts the
    /// switches' newest port rates by port id (in_errors, drops, ECN, pauses, utilization).
    QList<Verdict> evaluate(const QList<PairSummary> &summaries,
                            const QHash<QString, model::PortSample> &switchPorts) const;

    /// The fabric's typical RTT: the median of the pairs' p50 (0 before any reply).
    static double baselineUs(const QList<PairSummary> &summaries);

private:
    const PairMatrix &m_matrix;
    FabricPaths m_paths;
    AnalyzerThresholds m_t;
};

}  // namespace roce::pingmesh
