#pragma once

#include "proto/common/result.h"
#include "sim/engine/units.h"

#include <QHash>
#include <QList>
#include <QString>

namespace roce::sim {

/// What the far end of a switch port is.
enum class PeerKind { None, Nic, SwitchPort };

struct SwitchSpec {
    QString name;   ///< hostname, e.g. "nexus-roce"
    QString model;  ///< chassis, e.g. "Nexus9000 C93180YC-FX Chassis"
    QString role;   ///< "tor", "leaf", "spine"
    Bytes bufferBytes = 10 * 1000 * 1000;
};

struct SwitchPortSpec {
    int switchIndex = 0;
    QString name;  ///< long NX-OS name, e.g. "Ethernet1/2/1" (breakout lane)
    RateBps speed = 25 * kGbps;
    PeerKind peerKind = PeerKind::None;
    int peer = -1;  ///< NIC port index or global switch port index
};

/// A physical NIC port on the wire: a server's own port, or a hypervisor uplink that
/// several virtual servers share (the reference fabric's ESXi hosts).
struct NicPortSpec {
    QString name;        ///< e.g. "esxi-a/vmnic5" or "ubunturdma1/ens224"
    QString hypervisor;  ///< empty for bare metal
    RateBps speed = 25 * kGbps;
    int switchPort = -1;
};

/// A server with one RDMA device (what an agent reports).
struct HostSpec {
    QString name;        ///< hostname, e.g. "ubunturdma1"
    QString netdev;      ///< RoCE netdev, e.g. "ens224"
    QString rdmaDevice;  ///< e.g. "rocep19s0"
    QString mac;         ///< "00:50:56:..", the netdev's address
    QString ipv4;
    int nicPort = -1;
    qint64 clockSkewMs = 0;  ///< its wall clock minus true time (a host without NTP)
};

/// A whole fabric: switches, their ports, NIC ports and servers.
struct FabricSpec {
    QString name;
    QList<SwitchSpec> switches;
    QList<SwitchPortSpec> switchPorts;
    QList<NicPortSpec> nicPorts;
    QList<HostSpec> hosts;

    int hostIndex(const QString &name) const;
    int switchPortIndex(int switchIndex, const QString &name) const;
    /// Hosts reachable through NIC port @p nicPort.
    QList<int> hostsOnNicPort(int nicPort) const;
    /// The switch host @p host's NIC is cabled to (-1: none).
    int switchOfHost(int host) const;
};

/// The server of model host @p host (the agent that reports it): its own name behind a
/// hypervisor, else the server part of its NIC port's name ("gpu0007/ens2np0" -> "gpu0007").
QString serverOf(const FabricSpec &spec, int host);
/// The row of model host @p host's RDMA device, as the agents' samples name it:
/// "<server>/<rdma device>" ("gpu0007/mlx5_1", "ubunturdma1/rocep19s0").
QString nicRowOf(const FabricSpec &spec, int host);

/// The reference design of DESIGN.md §2: one Nexus with 25G breakout ports and 8 servers,
/// several of which share a switch port through two ESXi hosts.
FabricSpec referenceFabric(RateBps speed = 25 * kGbps);

/// @p hosts bare-metal servers, each on its own switch port (REFERENCE-DCQCN §6.1).
FabricSpec starFabric(int hosts, RateBps speed);

/// Rail-optimized leaf/spine: @p hosts servers with @p nicsPerHost NICs each; NIC k goes to
/// rail (k mod @p rails); each rail has leaves of @p hostsPerLeaf downlinks; every leaf has
/// one uplink to each of @p spines spines, sized for a non-blocking fabric.
FabricSpec railFabric(int hosts, int nicsPerHost, int rails, int spines, RateBps speed,
                      int hostsPerLeaf = 32);

/// The shape of a rail-optimized leaf/spine fabric as "rail:HOSTS:NICS:RAILS:SPINES" gives it.
struct RailShape {
    int hosts = 0, nics = 0, rails = 0, spines = 0;
};

/// Parses "rail:HOSTS:NICS:RAILS:SPINES" (2..4096 hosts, 1..16 NICs, rails <= NICs, 1..64
/// spines); the error says how to write one.
Result<RailShape> parseRailTopology(const QString &topology);

/// A route through the fabric: the switch egress ports a packet leaves by, in order.
struct Route {
    static constexpr int kMaxHops = 4;
    int egress[kMaxHops] = {-1, -1, -1, -1};
    int hops = 0;
};

/// Routes packets through a fabric: same switch directly, otherwise leaf -> spine -> leaf
/// with deterministic ECMP over the spines. Built once per fabric (indexes the ports).
class Router
{
public:
    explicit Router(const FabricSpec &spec);
    /// Route from @p srcNic to @p dstNic; @p uplink (a switch port) where it is one of the
    /// equal-cost uplinks toward the receiver's switch, else @p hash picks among them.
    /// hops = 0 when there is no path.
    Route route(int srcNic, int dstNic, unsigned hash, int uplink = -1) const;

private:
    struct Uplink {
        int port;   ///< uplink port on the leaf
        int spine;  ///< switch index of the spine behind it
    };
    const FabricSpec &m_spec;
    QList<QList<Uplink>> m_uplinks;         ///< per switch
    QList<QHash<int, int>> m_downToSwitch;  ///< per spine: leaf switch -> spine port
};

}  // namespace roce::sim
