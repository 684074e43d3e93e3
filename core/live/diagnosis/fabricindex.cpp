#include "live/diagnosis/fabricindex.h"

#include <QSet>

#include <limits>

namespace roce::diagnosis {

namespace {
const QList<qsizetype> kNone;
}  // namespace

void FabricIndex::update(const QList<const model::PortSample *> &ports,
                         const QHash<QString, QString> &placement, std::optional<size_t> shapeKey)
{
    // What the index depends on: which ports, in which order, and what their cables
    // announce. Anything else (rates) is read through the pointers.
    size_t signature = qHash(ports.size()) ^ qHash(placement.size());
    if (shapeKey) {
        signature = signature * 31 + *shapeKey;
    } else {
        for (const model::PortSample *p : ports) {
            signature = signature * 31 + qHash(p->name());
            if (!p->nic())
                signature = signature * 31 + qHash(p->peer) + 7 * qHash(p->peerPort);
            else
                signature = signature * 31 + qHash(p->peer);
        }
    }
    m_ports = ports;
    // The rates change every time: one pass over the samples, in order.
    constexpr std::size_t width = kDiagnosedMetrics.size();
    m_values.resize(std::size_t(ports.size()) * width);
    double *row = m_values.data();
    for (const model::PortSample *p : ports) {
        for (std::size_t k = 0; k < width; ++k)
            row[k]
                = p->value(kDiagnosedMetrics[k]).value_or(std::numeric_limits<double>::quiet_NaN());
        row += width;
    }
    if (signature == m_signature && !m_index.isEmpty())
        return;
    m_signature = signature;
    rebuild(placement);
}

void FabricIndex::rebuild(const QHash<QString, QString> &placement)
{
    m_index.clear();
    m_switchPorts.clear();
    m_hostNics.clear();
    m_nicSwitchPort.assign(std::size_t(m_ports.size()), -1);
    m_farEnd.assign(std::size_t(m_ports.size()), {});
    m_farEndIds.assign(std::size_t(m_ports.size()), {});
    m_index.reserve(m_ports.size());
    // NICs by (host, netdev): what a switch port's LLDP neighbour names.
    QHash<QString, qsizetype> nicByNetdev;
    for (qsizetype i = 0; i < m_ports.size(); ++i) {
        const model::PortSample &p = *m_ports.at(i);
        m_index.insert(p.name(), i);
        if (p.nic()) {
            m_hostNics[p.id.device()].append(i);
            nicByNetdev.insert(p.id.device() + QLatin1Char('|') + p.peer, i);
        } else {
            m_switchPorts[p.id.device()].append(i);
            if (!p.peer.isEmpty())
                m_lastPeer.insert(p.name(), {p.peer, p.peerPort});
        }
    }
    for (qsizetype i = 0; i < m_ports.size(); ++i) {
        const model::PortSample &p = *m_ports.at(i);
        if (p.nic())
            continue;
        const auto peer = m_lastPeer.constFind(p.name());
        if (peer == m_lastPeer.constEnd())
            continue;
        const QString &system = peer->first;
        const QString &port = peer->second;
        if (m_switchPorts.contains(system) || !m_hostNics.contains(system)) {
            // Another switch (or one not watched): its port by LLDP's port id.
            const QString far = system + QLatin1Char('/') + port;
            m_farEndIds[std::size_t(i)] = {far};
            const qsizetype j = m_index.value(far, -1);
            if (j >= 0 && !m_ports.at(j)->nic())
                m_farEnd[std::size_t(i)] = {j};
            continue;
        }
        const qsizetype nic = nicByNetdev.value(system + QLatin1Char('|') + port, -1);
        if (nic >= 0) {
            m_farEnd[std::size_t(i)] = {nic};
            m_farEndIds[std::size_t(i)] = {m_ports.at(nic)->name()};
            m_nicSwitchPort[std::size_t(nic)] = i;
        }
    }
    // The inventory's placement where LLDP names a hypervisor, or nothing.
    QSet<qsizetype> placed;
    for (auto it = m_hostNics.cbegin(); it != m_hostNics.cend(); ++it) {
        for (qsizetype nic : it.value()) {
            if (m_nicSwitchPort[std::size_t(nic)] >= 0)
                continue;
            const QString where
                = placement.value(m_ports.at(nic)->name(), placement.value(it.key()));
            const qsizetype sp = where.isEmpty() ? -1 : m_index.value(where, -1);
            if (sp < 0 || m_ports.at(sp)->nic())
                continue;
            m_nicSwitchPort[std::size_t(nic)] = sp;
            if (!placed.contains(sp)) {
                // LLDP named a hypervisor (or nothing): the servers behind it are the far end.
                placed.insert(sp);
                m_farEnd[std::size_t(sp)].clear();
                m_farEndIds[std::size_t(sp)].clear();
            }
            m_farEnd[std::size_t(sp)].append(nic);
            m_farEndIds[std::size_t(sp)].append(m_ports.at(nic)->name());
        }
    }
    m_hosts = m_hostNics.keys();
    m_interSwitch.assign(std::size_t(m_ports.size()), 0);
    for (qsizetype i = 0; i < m_ports.size(); ++i) {
        if (m_ports.at(i)->nic())
            continue;
        const QList<qsizetype> &far = farEnd(i);
        bool inter = false;
        if (!far.isEmpty()) {
            inter = !m_ports.at(far.first())->nic();
        } else {
            const auto peer = m_lastPeer.constFind(m_ports.at(i)->name());
            inter = peer != m_lastPeer.constEnd() && m_switchPorts.contains(peer->first);
        }
        m_interSwitch[std::size_t(i)] = inter ? 1 : 0;
    }
}

const QList<qsizetype> &FabricIndex::portsOfSwitch(const QString &name) const
{
    const auto it = m_switchPorts.constFind(name);
    return it == m_switchPorts.constEnd() ? kNone : *it;
}

const QList<qsizetype> &FabricIndex::nicsOfHost(const QString &host) const
{
    const auto it = m_hostNics.constFind(host);
    return it == m_hostNics.constEnd() ? kNone : *it;
}

const QList<qsizetype> &FabricIndex::farEnd(qsizetype switchPort) const
{
    // -1 (a NIC cabled to nothing known) asks too.
    return switchPort >= 0 && std::size_t(switchPort) < m_farEnd.size()
        ? m_farEnd[std::size_t(switchPort)]
        : kNone;
}

const QStringList &FabricIndex::farEndIds(qsizetype switchPort) const
{
    static const QStringList none;
    return switchPort >= 0 && std::size_t(switchPort) < m_farEndIds.size()
        ? m_farEndIds[std::size_t(switchPort)]
        : none;
}

}  // namespace roce::diagnosis
