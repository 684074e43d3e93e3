#pragma once

#include "proto/common/result.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace roce::agentproto {

/// One populated GID table entry of an RDMA port.
struct GidEntry {
    int index = 0;
    QString gid;     ///< as sysfs prints it (full 8 x 4 hex groups)
    QString type;    ///< "RoCE v2" or "IB/RoCE v1"
    QString netdev;  ///< gid_attrs/ndevs/<index>
    QString ipv4;    ///< when the GID is IPv4-mapped
};

/// One port of an RDMA device: state and every counter file present. Counters a device
/// does not have are absent from the maps, never zero.
struct RdmaPortSample {
    int port = 1;
    QString state;  ///< "ACTIVE", "DOWN", ...
    std::optional<int> stateId;
    QString physState;  ///< "LinkUp", ...
    std::optional<int> physStateId;
    QString linkLayer;  ///< "Ethernet" (RoCE) or "InfiniBand"
    QString rate;       ///< sysfs text, e.g. "25 Gb/sec (1X EDR)"
    std::optional<double> rateGbps;
    std::optional<int> activeMtu;  ///< from libibverbs only
    QString netdev;
    QList<GidEntry> gids;
    /// counters/ (PMA). port_xmit_data/port_rcv_data are reported as bytes under
    /// port_xmit_data_bytes/port_rcv_data_bytes (sysfs counts 4-byte words).
    QMap<QString, quint64> counters;
    QMap<QString, quint64> hwCounters;  ///< hw_counters/, every file but "lifespan"
};

struct RdmaDeviceSample {
    QString name;
    /// The driver family, which names the counters ("mlx5", "bnxt_re", "irdma", "ionic", "rxe";
    /// empty when the agent could not tell): model::nicDriverKey().
    QString driver;
    QString nodeGuid;
    QString fwVer;
    QString hcaType;
    QString boardId;
    QString nodeType;
    QList<RdmaPortSample> ports;
    QMap<QString, quint64> hwCounters;  ///< device-level hw_counters/ (mlx5 has them too)
};

/// The RoCE netdev: MTU, statistics and ethtool counters, and the DCQCN settings exposed in
/// sysfs (MLNX_OFED `ecn/roce_np|roce_rp`).
struct NetdevSample {
    QString name;
    std::optional<int> mtu;
    QString operState;
    QString address;
    QMap<QString, quint64> statistics;  ///< /sys/class/net/<if>/statistics
    QMap<QString, quint64> ethtool;     ///< ethtool -S names
    QString ethtoolSource;              ///< "ioctl", "fixture" or "unavailable"
    QString ethtoolError;
    QMap<QString, QString> ecnNp;  ///< roce_np attributes ("enable/3" -> "1", "cnp_dscp" -> "48")
    QMap<QString, QString> ecnRp;  ///< roce_rp attributes
    QMap<QString, QString> qos;    ///< qos/ attributes where the driver exposes them
};

struct CollectorStatus {
    QString name;
    bool success = true;
    qint64 durationUs = 0;
    QString error;
};

/// One sample of everything an agent reports.
struct AgentSample {
    QString hostname;
    qint64 wallMs = 0;       ///< agent wall clock (ms since the epoch)
    qint64 monotonicNs = 0;  ///< agent monotonic clock
    QString deviceSource;    ///< "libibverbs" or "sysfs"
    /// Where ports' hardware counters came from: "netlink", "sysfs" or "netlink+sysfs";
    /// empty from agents older than the key.
    QString counterSource;
    QList<RdmaDeviceSample> devices;
    QList<NetdevSample> netdevs;
    QMap<QString, QString> host;  ///< host facts: cpu_governor, kernel, ...
    QList<CollectorStatus> collectors;
};

/// The documented JSON form (README "roce-agent sample JSON"): snake_case keys, absent
/// counters absent.
QJsonObject sampleToJson(const AgentSample &sample);
/// The same JSON as sampleToJson(), compact, written directly: this runs for every sample
/// a subscribed console receives, and building QJsonObjects costs ten times more.
QByteArray sampleToJsonBytes(const AgentSample &sample);
Result<AgentSample> sampleFromJson(const QJsonObject &o);

}  // namespace roce::agentproto
