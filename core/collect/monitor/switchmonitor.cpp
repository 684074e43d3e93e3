#include "collect/monitor/switchmonitor.h"

#include "nxapi/qos/qosaudit.h"

#include <QMetaMethod>

#include <memory>

namespace roce::monitor {

model::SourceFrame makeSwitchFrame(const QString &switchName, const nxapi::SwitchSnapshot &snapshot,
                                   const QList<nxapi::PortRates> &rates)
{
    model::SourceFrame u;
    u.source = !switchName.isEmpty() ? switchName
        : snapshot.version           ? snapshot.version->hostName
                                     : QString();
    u.takenMs = snapshot.takenMs;
    QHash<QString, const nxapi::PortRates *> byName;
    for (const nxapi::PortRates &r : rates)
        byName.insert(r.name, &r);
    QHash<QString, QString> lldpPeer, lldpPeerPort;
    for (const nxapi::LldpNeighbor &n : snapshot.lldpNeighbors) {
        lldpPeer.insert(n.localPort, n.systemName.isEmpty() ? n.chassisId : n.systemName);
        lldpPeerPort.insert(n.localPort, n.portId);
    }
    for (const nxapi::PortStatus &p : snapshot.ports) {
        if (!p.isFabricPort())
            continue;
        model::PortSample row;
        row.id = model::PortId::switchPort(u.source, p.name);
        row.peer = lldpPeer.value(p.name, p.description);
        row.peerPort = lldpPeerPort.value(p.name);
        row.state = p.state;
        row.internal = p.isInternal();
        if (p.bandwidthKbit)
            row.lineBps = double(*p.bandwidthKbit) * 1000;
        if (const nxapi::PortRates *r = byName.value(p.name)) {
            row.rates = r->rates;
            row.resets = r->resets;
        }
        u.ports.append(row);
    }
    for (const nxapi::CommandIssue &i : snapshot.issues)
        u.issues.append(i.command + QStringLiteral(": ") + i.message);
    return u;
}

SwitchMonitor::SwitchMonitor(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<roce::model::SourceFrame>();
    qRegisterMetaType<roce::monitor::SwitchPoll>();
}

SwitchMonitor::~SwitchMonitor() = default;

void SwitchMonitor::start(const QString &name, const nxapi::NxapiEndpoint &endpoint, int intervalMs)
{
    start(QList<SwitchTarget> {{name, QString(), endpoint, intervalMs}});
}

void SwitchMonitor::start(const QList<SwitchTarget> &switches)
{
    // Asked here, on the owner's thread, where the connections are made.
    const bool frames = isSignalConnected(QMetaMethod::fromSignal(&SwitchMonitor::updated));
    const bool polls = isSignalConnected(QMetaMethod::fromSignal(&SwitchMonitor::polled));
    const bool audits = isSignalConnected(QMetaMethod::fromSignal(&SwitchMonitor::configReported));
    m_worker.start([this, switches, frames, polls, audits](QObject *worker) {
        for (const SwitchTarget &target : switches) {
            auto *client = new nxapi::NxapiClient(target.endpoint, worker);
            client->setObjectName(target.name);  // found again by setPassword()
            auto rates = std::make_shared<nxapi::SwitchRateModel>();
            client->setInterval(target.intervalMs);
            const QString name = target.name;
            // The audit's own client starts once this one got in: a refused password is
            // tried by one client only (every try counts against the account's lockout).
            auto auditing = std::make_shared<bool>(!audits);
            connect(client, &nxapi::NxapiClient::snapshotReady, worker,
                    [this, name, rates, client, frames, polls, auditing, target,
                     worker](const nxapi::SwitchSnapshot &s) {
                        if (polls)
                            emit polled({name, s, {}, client->lastPollDurationNs()});
                        if (frames)
                            emit updated(makeSwitchFrame(name, s, rates->update(s)));
                        if (!*auditing) {
                            *auditing = true;
                            startAudit(target, worker);
                        }
                    });
            connect(client, &nxapi::NxapiClient::pollFailed, worker,
                    [this, name, client, polls](const nxapi::NxapiError &e) {
                        if (polls)
                            emit polled({name, std::nullopt, e, client->lastPollDurationNs()});
                        emit failed(name, e);
                    });
            client->start();
        }
    });
}

void SwitchMonitor::startAudit(const SwitchTarget &target, QObject *worker)
{
    // A client of its own, on the audit's slower schedule: the rates' polls stay light.
    auto *client = new nxapi::NxapiClient(target.endpoint, worker);
    client->setObjectName(target.name);  // setPassword() reaches it too
    QStringList commands = nxapi::NxapiClient::defaultCommands();
    commands.append(QStringLiteral("show running-config"));
    client->setCommands(commands);
    client->setInterval(std::max(target.auditIntervalMs, target.intervalMs));
    const QString name = target.name;
    // Its failures are the main client's to report (the same switch, the same credentials).
    connect(client, &nxapi::NxapiClient::snapshotReady, worker,
            [this, name](const nxapi::SwitchSnapshot &s) {
                const nxapi::AuditReport report
                    = nxapi::auditRoceQos(s.qosConfig ? &*s.qosConfig : nullptr, s, {});
                emit configReported(name, nxapi::auditToJson(report));
            });
    client->start();
}

void SwitchMonitor::stop()
{
    m_worker.stop();
}

void SwitchMonitor::setPassword(const QString &switchName, const QString &password)
{
    QObject *worker = m_worker.worker();
    if (!worker)
        return;
    QMetaObject::invokeMethod(
        worker,
        [worker, switchName, password] {
            const auto clients = worker->findChildren<nxapi::NxapiClient *>(
                switchName, Qt::FindDirectChildrenOnly);
            for (nxapi::NxapiClient *client : clients)
                client->setPassword(password);
        },
        Qt::QueuedConnection);
}

}  // namespace roce::monitor
