#pragma once

#include "monitor/workerthread.h"
#include "nxapi/nxapiclient.h"
#include "nxapi/switchrates.h"

#include <QObject>

#include <optional>

namespace roce::monitor {

/// One switch port as the console shows it: identity, state and rates of the last interval.
struct PortRow {
    QString name;
    QString peer;   ///< LLDP system name, else the port description
    QString state;  ///< "up", "down", ...
    bool internal = false;
    std::optional<double> inUtilPercent, outUtilPercent, inBitsPerSec, outBitsPerSec;
    std::optional<double> mmuDropsPerSec, egressDropsPerSec, rxPausesPerSec, txPausesPerSec;
    std::optional<double> ecnPerSec;  ///< switch: ECN-marked; NIC: CE-marked packets received
    std::optional<double> cnpSentPerSec, cnpHandledPerSec, outOfSequencePerSec;  ///< NICs
    std::optional<double> cnpIgnoredPerSec;  ///< NICs: rp_cnp_ignored (ECN off on the adapter)
    std::optional<double> clockOffsetMs;     ///< NICs: their agent's clock minus the console's
    std::optional<double> clockRttMs;        ///< ... measured over this round trip (error +- rtt/2)
    bool nic = false;    ///< a server's RDMA port (from its agent), not a switch port
    QStringList resets;  ///< counters that reset in the last interval (no rate shown)
};

/// What one poll of a switch produced, ready for the models: one batched update.
struct SwitchUpdate {
    QString switchName;
    qint64 takenMs = 0;
    QList<PortRow> ports;
    QStringList issues;  ///< "command: message" of commands the switch refused
};

/// Builds the rows of @p snapshot with @p rates (ports without rates yet keep empty rates).
SwitchUpdate makeSwitchUpdate(const nxapi::SwitchSnapshot &snapshot,
                              const QList<nxapi::PortRates> &rates);

/// Polls one switch on a thread of its own (NX-API client, parsing and rates never touch the
/// GUI thread) and publishes one SwitchUpdate per poll to the thread that owns the monitor.
class SwitchMonitor : public QObject
{
    Q_OBJECT

public:
    explicit SwitchMonitor(QObject *parent = nullptr);
    ~SwitchMonitor() override;  ///< stops polling and joins the thread

    /// (Re)starts polling @p endpoint every @p intervalMs.
    void start(const nxapi::NxapiEndpoint &endpoint, int intervalMs = 1000);
    void stop();

signals:
    void updated(const roce::monitor::SwitchUpdate &update);
    void failed(const roce::nxapi::NxapiError &error);

private:
    WorkerThread m_worker {QStringLiteral("switch-monitor")};
};

}  // namespace roce::monitor

Q_DECLARE_METATYPE(roce::monitor::SwitchUpdate)
