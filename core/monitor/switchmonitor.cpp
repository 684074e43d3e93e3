#include "monitor/switchmonitor.h"

namespace roce::monitor {

SwitchUpdate makeSwitchUpdate(const nxapi::SwitchSnapshot &snapshot,
                              const QList<nxapi::PortRates> &rates)
{
    SwitchUpdate u;
    u.switchName = snapshot.version ? snapshot.version->hostName : QString();
    u.takenMs = snapshot.takenMs;
    QHash<QString, const nxapi::PortRates *> byName;
    for (const nxapi::PortRates &r : rates)
        byName.insert(r.name, &r);
    QHash<QString, QString> lldpPeer;
    for (const nxapi::LldpNeighbor &n : snapshot.lldpNeighbors)
        lldpPeer.insert(n.localPort, n.systemName.isEmpty() ? n.chassisId : n.systemName);
    for (const nxapi::PortStatus &p : snapshot.ports) {
        if (!p.name.startsWith(QLatin1String("Ethernet")) && !p.isInternal())
            continue;  // mgmt0, loopbacks and SVIs are not fabric ports
        PortRow row;
        row.name = p.name;
        row.peer = lldpPeer.value(p.name, p.description);
        row.state = p.state;
        row.internal = p.isInternal();
        if (const nxapi::PortRates *r = byName.value(p.name)) {
            row.inUtilPercent = r->inUtilPercent;
            row.outUtilPercent = r->outUtilPercent;
            row.inBitsPerSec = r->inBitsPerSec;
            row.outBitsPerSec = r->outBitsPerSec;
            row.mmuDropsPerSec = r->ingressMmuDropsPerSec;
            row.egressDropsPerSec = r->egressDropsPerSec;
            row.rxPausesPerSec = r->rxPausesPerSec;
            row.txPausesPerSec = r->txPausesPerSec;
            row.ecnPerSec = r->ecnMarksPerSec;
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
    qRegisterMetaType<roce::monitor::SwitchUpdate>();
}

SwitchMonitor::~SwitchMonitor() = default;

void SwitchMonitor::start(const nxapi::NxapiEndpoint &endpoint, int intervalMs)
{
    m_worker.start([this, endpoint, intervalMs](QObject *worker) {
        auto *client = new nxapi::NxapiClient(endpoint, worker);
        auto rates = std::make_shared<nxapi::SwitchRateModel>();
        client->setInterval(intervalMs);
        connect(client, &nxapi::NxapiClient::snapshotReady, worker,
                [this, rates](const nxapi::SwitchSnapshot &s) {
                    emit updated(makeSwitchUpdate(s, rates->update(s)));
                });
        connect(client, &nxapi::NxapiClient::pollFailed, worker,
                [this](const nxapi::NxapiError &e) { emit failed(e); });
        client->start();
    });
}

void SwitchMonitor::stop()
{
    m_worker.stop();
}

}  // namespace roce::monitor
