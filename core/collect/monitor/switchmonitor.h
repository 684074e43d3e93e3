#pragma once

#include "nxapi/client/nxapiclient.h"
#include "nxapi/rates/switchrates.h"
#include "proto/common/workerthread.h"
#include "proto/datamodel/portsample.h"

#include <QJsonObject>
#include <QObject>

#include <optional>

namespace roce::monitor {

/// Builds the rows of @p snapshot with @p rates (ports without rates yet keep empty rates),
/// each port qualified by @p switchName (the switch's own host name when empty).
model::SourceFrame makeSwitchFrame(const QString &switchName, const nxapi::SwitchSnapshot &snapshot,
                                   const QList<nxapi::PortRates> &rates);

/// One switch to poll: its name (qualifies its ports), role and NX-API endpoint.
struct SwitchTarget {
    QString name;
    QString role;  ///< "leaf", "spine", "tor", "border"
    nxapi::NxapiEndpoint endpoint;
    int intervalMs = 1000;
    /// The running-config is large and changes rarely, but a change is what an operator
    /// wants named soon after it is made.
    int auditIntervalMs = 10000;
};

/// The outcome of one poll of one switch as its client finished it, for consumers that use the
/// raw snapshot themselves (the switch exporter renders it on each scrape).
struct SwitchPoll {
    QString switchName;
    std::optional<nxapi::SwitchSnapshot> snapshot;  ///< the parsed poll; empty when it failed
    nxapi::NxapiError error;                        ///< why it failed (when no snapshot)
    qint64 durationNs = 0;  ///< request sent to snapshot parsed (or the failure known)
};

/// Polls any number of switches on a thread of its own (NX-API clients, parsing and rates never
/// touch the GUI thread): each switch on its own schedule with one batched request per poll
/// and one NX-API session (cookie reused), so a switch that fails does not hold up the others.
/// Publishes one SourceFrame per poll (updated(), with rates) and the poll itself (polled(),
/// the raw snapshot and its duration) to the thread that owns the monitor. Each is made only
/// when its signal was connected at start(): the exporter needs no rates, the console no raw
/// snapshots.
class SwitchMonitor : public QObject
{
    Q_OBJECT

public:
    explicit SwitchMonitor(QObject *parent = nullptr);
    ~SwitchMonitor() override;  ///< stops polling and joins the thread

    /// (Re)starts polling @p switches; rows are named "<name>/<port>".
    void start(const QList<SwitchTarget> &switches);
    /// (Re)starts polling one switch.
    void start(const QString &name, const nxapi::NxapiEndpoint &endpoint, int intervalMs = 1000);
    void stop();
    /// A new password for @p switchName, whose client stopped after the switch refused the
    /// old one twice: it polls again (thread-safe; the client lives on the monitor's thread).
    void setPassword(const QString &switchName, const QString &password);

signals:
    void updated(const roce::model::SourceFrame &update);
    /// Every poll, good or failed (a failure is also reported by failed()).
    void polled(const roce::monitor::SwitchPoll &poll);
    /// A poll failed; kind CredentialsRejected means that switch stopped until setPassword().
    void failed(const QString &switchName, const roce::nxapi::NxapiError &error);
    /// The switch's QoS audit (nxapi::auditToJson) from its running-config and state, at the
    /// start and every auditIntervalMs: its configuration as evidence. Polled only when this
    /// signal is connected at start().
    void configReported(const QString &switchName, const QJsonObject &audit);

private:
    void startAudit(const SwitchTarget &target, QObject *worker);

    WorkerThread m_worker {QStringLiteral("switch-monitor")};
};

}  // namespace roce::monitor

Q_DECLARE_METATYPE(roce::monitor::SwitchPoll)
