#pragma once

#include "nxapi/client/nxapienvelope.h"
#include "sim/engine/fabric.h"

#include <QHash>
#include <QList>

namespace roce::sim {

/// Load-interval rates of a port as NX-OS computes them: exponentially weighted averages
/// over `load-interval counter 1 30` and `counter 2 300` seconds.
struct PortRates {
    double inBits1 = 0, inPkts1 = 0, outBits1 = 0, outPkts1 = 0;
    double inBits2 = 0, inPkts2 = 0, outBits2 = 0, outPkts2 = 0;
};

/// Samples switch port counters (about once a second) and keeps the NX-OS style averages.
class PortRateTracker
{
public:
    void sample(const Fabric &fabric);
    PortRates rates(int switchPort) const { return m_rates.value(switchPort); }

private:
    struct Last {
        quint64 rxBytes = 0, rxPkts = 0, txBytes = 0, txPkts = 0;
    };
    TimeNs m_lastTime = -1;
    QList<Last> m_last;
    QHash<int, PortRates> m_rates;
};

/// Renders what the simulated Nexus answers to show commands: NX-OS 9.3/10.x JSON bodies
/// (every number a string, TABLE_x/ROW_x with a single row as an object) for `cli_show`,
/// CLI text for `cli_show_ascii`, 501 for commands without structured output and a CLI
/// error for commands it does not know. Read-only over the fabric.
class NxosView
{
public:
    NxosView(const Fabric &fabric, int switchIndex, const PortRateTracker *rates = nullptr);

    nxapi::CommandOutput run(const QString &command, nxapi::OutputFormat format) const;

    /// The management address the servers' lldpd advertises (a served fabric's hosts are all
    /// reached on loopback); empty: each server's own IPv4.
    void setServerManagementAddress(const QString &address) { m_serverMgmtAddress = address; }

    /// The NX-OS release this switch claims to run.
    static QString release() { return QStringLiteral("9.3(10)"); }

private:
    /// The fabric's QoS as this switch runs it (its own faults applied).
    SwitchQosConfig qosHere() const;
    QList<int> ports() const;  ///< global switch port ids of this switch, in name order
    int portByName(const QString &name) const;
    QJsonObject showVersion() const;
    QJsonObject showInterface(const QList<int> &list) const;
    QJsonObject showInterfaceCounters() const;
    QJsonObject showInterfaceCountersErrors() const;
    QJsonObject showPfc(const QList<int> &list) const;
    QJsonObject showQueuing(const QList<int> &list) const;
    QJsonObject showLldpNeighborsDetail() const;
    QJsonObject showLldpNeighbors() const;
    QString textVersion() const;
    QString textInterface(const QList<int> &list) const;
    QString textPfc(const QList<int> &list) const;
    QString textQueuing(const QList<int> &list) const;
    QString textRunningConfig() const;
    QString textBufferPktStats() const;
    QString hostName() const;
    QString portMac(int port) const;
    QString portDescription(int port) const;

    const Fabric &m_fabric;
    int m_switch;
    const PortRateTracker *m_rates;
    QString m_serverMgmtAddress;
};

}  // namespace roce::sim
