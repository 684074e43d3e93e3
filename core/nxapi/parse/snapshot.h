#pragma once

#include "nxapi/parse/counterset.h"
#include "nxapi/parse/qosconfig.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace roce::nxapi {

/// Counters of one interface from `show interface`, `show interface counters` and
/// `show interface counters errors` (merged per interface; NX-OS keys in counterset.h).
enum class PortCounter : quint8 {
    InBytes,
    OutBytes,
    InPkts,
    OutPkts,
    InUcast,
    OutUcast,
    InMcast,
    OutMcast,
    InBcast,
    OutBcast,
    InErrors,
    OutErrors,
    Crc,
    InDiscards,
    OutDiscards,
    InPause,
    OutPause,
    FcsErrors,
    AlignErrors,
    XmitErrors,
    RcvErrors,
    Undersize,
    Runts,
    Giants,
    SymbolErrors,
    Count
};
using PortCounters = CounterSet<PortCounter>;
/// snake_case JSON key of @p c ("in_bytes", ...).
const char *portCounterKey(PortCounter c);

/// Per-QoS-group egress counters from `show queuing interface` (unicast column) or
/// `show queuing tabular`.
enum class QueueCounter : quint8 {
    TxPkts,
    TxBytes,
    DropPkts,  ///< "WRED/AFD & Tail Drop", "Tail Drop" or, on older trains, "Dropped"
    DropBytes,
    EcnPkts,  ///< only where the release reports it
    EcnBytes,
    WatchdogDropPkts,  ///< "WD & Tail Drop": PFC watchdog drops
    QueueDepthBytes,
    Count
};
using QueueCounters = CounterSet<QueueCounter>;
const char *queueCounterKey(QueueCounter c);

/// One QoS group of a port: counters and the queue configuration the switch reports.
struct QosGroupStatus {
    QString group;  ///< "0".."7", or "CONTROL QOS GROUP" / "SPAN QOS GROUP"
    QueueCounters counters;
    std::optional<int> bandwidthPercent;
    QString priority;  ///< "WRR", or the strict-priority level ("1")
    std::optional<quint64> bufferSize, pauseThreshold, resumeThreshold;  ///< bytes, ingress

    /// The numeric group, or -1 for the CPU/SPAN groups.
    int number() const;
};

/// PFC counters and state of one CoS on a port (`show queuing interface`, PFC Statistics).
struct PfcCosStatus {
    int cos = 0;
    std::optional<int> qosGroup, priorityGroup;
    QString txPauseState, rxPauseState;  ///< "Active" / "Inactive"
    std::optional<quint64> txPauseCount, rxPauseCount;
};

/// `show interface priority-flow-control`: summed over all priorities.
struct PfcPortStatus {
    QString mode;                     ///< admin: "Auto", "On", "Off"
    QString oper;                     ///< "On", "Off"
    std::optional<quint32> vlBitmap;  ///< PFC-enabled classes (bit 3 = CoS 3)
    std::optional<quint64> rxPpp, txPpp;
};

/// `show queuing interface` for one port, both directions.
struct QueuingStatus {
    QList<QosGroupStatus> qosGroups;
    std::optional<quint64> ingressMmuDropPkts, ingressMmuDropBytes, wredDropPkts, mcDropPkts;
    std::optional<quint64> txPpp, rxPpp;
    QList<PfcCosStatus> pfcCos;

    QosGroupStatus &group(const QString &name);
    const QosGroupStatus *findGroup(int number) const;
};

/// Front (Ethernet) and internal ("ii") fabric ports, by long name: what the console shows
/// and the switch exporter exports; mgmt0, loopbacks, port-channels and SVIs are not.
bool isFabricPortName(QStringView name);

/// Everything known about one switch port after a poll. Absent fields were not reported.
struct PortStatus {
    QString name;  ///< long NX-OS name: "Ethernet1/1/1", "ii1/1/1", "mgmt0"
    QString state, adminState, description, speed, clearCounters;
    std::optional<int> mtu;
    std::optional<quint64> bandwidthKbit;
    std::optional<int> loadIntervalSeconds;
    std::optional<quint64> inRateBits, outRateBits, inRatePkts, outRatePkts;  ///< switch's own
    PortCounters counters;
    std::optional<PfcPortStatus> pfc;
    std::optional<QueuingStatus> queuing;

    /// Internal fabric ports of modular/breakout ASICs ("ii1/1/1"): they carry PFC that
    /// front ports do not, and are not server-facing.
    bool isInternal() const { return name.startsWith(QLatin1String("ii")); }
    bool isFabricPort() const { return isFabricPortName(name); }
};

/// `show version`.
struct SwitchVersion {
    QString hostName, nxosVersion, chassis, serial, biosVersion, lastResetReason;
    std::optional<qint64> uptimeSeconds;
};

/// One row of `show lldp neighbors detail`; "not advertised" and "null" become empty.
struct LldpNeighbor {
    QString localPort;  ///< long name
    QString chassisId;  ///< as sent; MACs normalized to "aa:bb:cc:dd:ee:ff"
    QString portId, portDescription, systemName, systemDescription, managementAddress;
    QString systemCapabilities, enabledCapabilities;
    std::optional<int> ttl;
};

/// A command whose output could not be used: what the switch said, or why parsing failed.
struct CommandIssue {
    QString command;
    int code = 0;  ///< NX-API code (400, 429, 501, ...) or 0 for a parse failure
    QString message;
    /// What part of the output could not be read: an interface ("Ethernet1/5") or a line
    /// ("line 37"); empty when it is the whole output.
    QString subject;
};
/// {"command", "code", "message"[, "subject"]}.
QJsonObject commandIssueToJson(const CommandIssue &issue);

/// The normalized state of one switch from one batched poll.
struct SwitchSnapshot {
    qint64 takenMs = 0;  ///< console clock (ms since epoch) when the response arrived
    std::optional<SwitchVersion> version;
    QList<PortStatus> ports;  ///< in the switch's order
    bool lldpReported = false;
    QList<LldpNeighbor> lldpNeighbors;
    std::optional<QosConfig> qosConfig;  ///< from `show running-config [ipqos]`, if polled
    QList<CommandIssue> issues;

    /// The port named @p name (any spelling), created at the end if new.
    PortStatus &port(const QString &name);
    const PortStatus *findPort(const QString &name) const;

private:
    QHash<QString, qsizetype> m_index;
};

/// The normalized snapshot as JSON (snake_case keys, absent counters omitted; README).
QJsonObject snapshotToJson(const SwitchSnapshot &snapshot);

}  // namespace roce::nxapi
