#pragma once

#include <QList>
#include <QString>
#include <QtGlobal>

namespace roce::pingmesh {

/// Where a probe's timestamps were taken: the NIC's completion timestamps (the wire, within
/// tens of nanoseconds) or the host's clock around post and poll (adds the host's jitter).
enum class TimestampSource { Hardware, Software };

/// "hw" or "sw", as samples and JSON carry it.
QString timestampSourceName(TimestampSource source);

/// The GRH flow labels an endpoint sweeps to cross the ECMP paths, @p count of them (1 to 64),
/// spread over the 14 bits the RoCEv2 UDP source port takes from a label; one path: label 0,
/// "none".
QList<quint32> sweepFlowLabels(int count);
/// The UDP source port an mlx5 NIC derives from flow label @p label below 0x4000
/// (rdma_flow_label_to_udp_sport: 0xC000 | label).
inline quint16 udpSourcePortOf(quint32 label)
{
    return quint16(0xC000 | (label & 0x3FFF));
}
/// The source ports of sweepFlowLabels(@p count): what the agents' probes go out with, and
/// what the simulated fabric's probers sweep.
QList<quint16> sweepSourcePorts(int count);

/// One RDMA port that probes and answers: a UD queue pair on it in the agent, a NIC of the
/// model in the simulated fabric.
struct Endpoint {
    QString host;        ///< the server ("gpu0003"); VMs that share a NIC are servers of their own
    QString device;      ///< its RDMA device ("mlx5_0")
    QString switchName;  ///< the switch it is cabled to (LLDP), empty when unknown
    QString switchPort;  ///< that switch's port ("Ethernet1/7"), empty when unknown

    /// "host/device", the port id the live model uses for the NIC.
    QString id() const { return host + QLatin1Char('/') + device; }
    /// "switch/port", the switch port's id in the live model (empty when unknown).
    QString switchPortId() const
    {
        return switchName.isEmpty() ? QString() : switchName + QLatin1Char('/') + switchPort;
    }
};

/// A directed pair of the pinglist: @c src sends probes, @c dst answers them.
struct PingPair {
    int src = 0;
    int dst = 0;
    friend bool operator==(const PingPair &, const PingPair &) = default;
};

/// What became of one probe: its round trip, or its loss (no reply within the timeout).
struct ProbeOutcome {
    int pair = 0;          ///< index into the pinglist
    quint16 udpSport = 0;  ///< RoCEv2 UDP source port it was sent with (picks the ECMP path)
    bool lost = false;
    double rttUs = 0;  ///< request out to reply in, minus the responder's own turnaround
    TimestampSource timestamps = TimestampSource::Software;
    /// The responder's own time from the request in to its reply out, as the responder
    /// measured it and sent it back (R-Pingmesh): the host's share of the round trip, which no
    /// queue in the fabric adds to. Negative: not reported (an agent older than this field).
    double turnaroundUs = -1;
};

}  // namespace roce::pingmesh
