#pragma once

#include "collect/pingmesh/analyzer.h"
#include "collect/pingmesh/detectors.h"
#include "collect/pingmesh/pairmatrix.h"
#include "sim/engine/fabric.h"
#include "sim/engine/topology.h"

#include <random>

namespace roce::sim {

/// The model answers pingmesh probes: each NIC sends UD probes at a given rate to its
/// pinglist peers, sweeping UDP source ports over the ECMP paths, and each probe's round trip
/// is what the model's state gives it at that moment: the links' delays, the queues of the
/// RoCE class it waits behind on every hop, the pauses that hold it, and loss where a link is
/// down, a NIC has stopped draining, or a fault drops it. Faults of the pingmesh scenarios
/// live here: a NIC that drops and delays, and a link that corrupts frames (its switch port
/// counts them as input errors, as NX-OS does for CRC errors).
class SimPingmesh
{
public:
    struct Options {
        double probesPerSecond = 200;  ///< per NIC
        int sourcePorts = 8;           ///< UDP source ports swept per pair
        std::uint64_t seed = 1;
        double badNicLoss = 0.05;
        TimeNs badNicDelay = 120 * kNsPerUs;
        double badLinkLoss = 0.03;
    };

    SimPingmesh(Fabric &fabric, Options options);

    /// One endpoint per NIC of the model, with the switch port it is cabled to.
    const QList<pingmesh::Endpoint> &endpoints() const { return m_endpoints; }
    /// The leaves' uplinks and their far ends.
    pingmesh::FabricPaths paths() const;
    const QList<pingmesh::PingPair> &pinglist() const { return m_pairs; }

    /// A NIC (host index of the model) that drops badNicLoss of what it sends and receives and
    /// delays the rest by badNicDelay; -1 heals it.
    void setBadNic(int host) { m_badNic = host; }
    /// A link whose frames into @p switchPort are corrupted with badLinkLoss; -1 heals it.
    void setBadLink(int switchPort) { m_badLink = switchPort; }
    /// ECMP polarization as set on the fabric (probes hash as the data does).
    void setPolarized(bool polarized) { m_polarized = polarized; }

    /// Sends the probes due over the last @p span of model time, on the model's present
    /// state, into @p matrix at @p nowMs; counts the bad link's corrupted frames of the span.
    void probe(TimeNs span, pingmesh::PairMatrix &matrix, qint64 nowMs);
    /// Input errors (CRC) @p switchPort has counted.
    quint64 inputErrors(int switchPort) const
    {
        return switchPort == m_badLink ? quint64(m_crc) : 0;
    }
    qint64 probesSent() const { return m_sent; }

    /// What one answered probe measured, as a NIC's completion timestamps give it: the
    /// network's round trip (both hosts' own delays fall outside the timestamps) and the
    /// responder's turnaround, request in to reply out, which it sends back.
    struct Timing {
        double rttUs = 0;
        double turnaroundUs = 0;
    };
    /// One probe from NIC @p src to NIC @p dst and its reply, sent with UDP source port
    /// @p sport, on the model's present state: its timing, or nullopt when lost. What the
    /// simulated agents' pingmesh jobs measure.
    std::optional<Timing> roundTrip(int src, int dst, quint16 sport);

private:
    /// One way from NIC @p from to NIC @p to: the time, or nullopt when the frame is lost.
    std::optional<double> oneWayUs(int fromHost, int toHost, unsigned hash);
    /// What host @p host adds to a probe it answers or sends beyond the fabric's common
    /// profile: a slow host (power-save, far NUMA node) posts and polls late.
    double hostDelayUs(int host);

    Fabric &m_fabric;
    Options m_options;
    Router m_router;
    QList<pingmesh::Endpoint> m_endpoints;
    QList<pingmesh::PingPair> m_pairs;
    QList<QList<int>> m_pairsOf;  ///< per endpoint: its pairs as sender
    QList<int> m_nextPair;        ///< per endpoint: the next of them to probe
    QList<double> m_due;          ///< per endpoint: probes owed (fractional)
    QList<quint16> m_ports;
    QList<int> m_pairRound;  ///< per pair: probes sent (picks the source port)
    std::mt19937_64 m_rng;
    int m_badNic = -1;
    int m_badLink = -1;
    bool m_polarized = false;
    double m_crc = 0;
    quint64 m_lastRxPkts = 0;
    qint64 m_sent = 0;
    QList<double> m_hostDelayUs;  ///< per host, worked out at m_hostDelayAt
    TimeNs m_hostDelayAt = -1;
};

}  // namespace roce::sim
