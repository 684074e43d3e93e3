#include "collect/monitor/switchmonitor.h"

#include <QMetaMethod>

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
    m_worker.start([this, switches, frames, polls](QObject *worker) {
        for (const SwitchTarget &target : switches) {
            auto *client = new nxapi::NxapiClient(target.endpoint, worker);
            client->setObjectName(target.name);  // found again by setPassword()
            auto rates = std::make_shared<nxapi::SwitchRateModel>();
            client->setInterval(target.intervalMs);
            const QString name = target.name;
            connect(client, &nxapi::NxapiClient::snapshotReady, worker,
                    [this, name, rates, client, frames, polls](const nxapi::SwitchSnapshot &s) {
                        if (polls)
                            emit polled({name, s, {}, client->lastPollDurationNs()});
                        if (frames)
                            emit updated(makeSwitchFrame(name, s, rates->update(s)));
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
