#include "sim/observe/fabricrows.h"

#include "sim/engine/fabric.h"

#include <numeric>
#include <tuple>

namespace roce::sim {

QString hostOfNic(const FabricSpec &spec, const HostSpec &h)
{
    // Multi-NIC servers are modelled as one host entry per NIC ("gpu0001-nic3"); the NIC
    // port's own name carries the server ("gpu0001/ens4np0").
    if (h.nicPort >= 0 && h.nicPort < spec.nicPorts.size()
        && spec.nicPorts.at(h.nicPort).hypervisor.isEmpty())
        return spec.nicPorts.at(h.nicPort).name.section(QLatin1Char('/'), 0, 0);
    return h.name;
}

namespace {

double perSec(quint64 now, quint64 before, double seconds)
{
    return now >= before ? double(now - before) / seconds : 0.0;
}

/// A 32-bit mlx5 Q counter (out_of_sequence, out_of_buffer) wraps: the difference modulo 2^32.
double perSec32(quint32 now, quint32 before, double seconds)
{
    return double(quint32(now - before)) / seconds;
}

/// The priority RoCE rides, as the metric table reads it (tx_prio3_bytes).
constexpr std::size_t kLosslessPriority = 3;

/// What LLDP shows at a switch port of the model, as the served switch reports it
/// (NxosView::showLldpNeighborsDetail): the server (or its hypervisor) and its netdev, or the
/// far switch and its port.
std::pair<QString, QString> lldpPeerOf(const FabricSpec &spec, const SwitchPortSpec &p)
{
    if (p.peerKind == PeerKind::Nic) {
        const NicPortSpec &nic = spec.nicPorts.at(p.peer);
        return {nic.hypervisor.isEmpty() ? nic.name.section(QLatin1Char('/'), 0, 0)
                                         : nic.hypervisor,
                nic.name.section(QLatin1Char('/'), 1)};
    }
    if (p.peerKind == PeerKind::SwitchPort) {
        const SwitchPortSpec &far = spec.switchPorts.at(p.peer);
        return {spec.switches.at(far.switchIndex).name, far.name};
    }
    return {};
}

}  // namespace

models::LeafSpineFabric leafSpineOf(const FabricSpec &spec)
{
    models::LeafSpineFabric out;
    out.name = spec.name;
    QList<int> switchToSpine(spec.switches.size(), -1);
    QList<int> switchToLeaf(spec.switches.size(), -1);
    QList<bool> hasNics(spec.switches.size(), false);
    for (const SwitchPortSpec &p : spec.switchPorts)
        if (p.peerKind == PeerKind::Nic)
            hasNics[p.switchIndex] = true;
    for (int s = 0; s < spec.switches.size(); ++s) {
        const SwitchSpec &sw = spec.switches.at(s);
        if (sw.role == QLatin1String("spine")) {
            switchToSpine[s] = static_cast<int>(out.spines.size());
            out.spines.append({sw.name, {}});
        } else if (hasNics.at(s)) {
            switchToLeaf[s] = static_cast<int>(out.leaves.size());
            const qsizetype cut = sw.name.indexOf(QLatin1String("-leaf"));
            out.leaves.append({sw.name, cut > 0 ? sw.name.left(cut) : sw.role});
        }
    }
    auto row = [&spec](int port) -> QString {
        const SwitchPortSpec &p = spec.switchPorts.at(port);
        return spec.switches.at(p.switchIndex).name + QLatin1Char('/') + p.name;
    };
    QHash<QString, int> hostIndex;
    QList<QList<models::LeafSpineFabric::Nic>> byLeaf(out.leaves.size());
    for (int port = 0; port < spec.switchPorts.size(); ++port) {
        const SwitchPortSpec &p = spec.switchPorts.at(port);
        const int leaf = switchToLeaf.at(p.switchIndex);
        if (leaf < 0)
            continue;
        if (p.peerKind == PeerKind::SwitchPort) {
            const int spine = switchToSpine.at(spec.switchPorts.at(p.peer).switchIndex);
            if (spine >= 0)
                out.uplinks.append({leaf, spine, row(port), row(p.peer)});
        } else if (p.peerKind == PeerKind::Nic) {
            for (int h : spec.hostsOnNicPort(p.peer)) {
                const HostSpec &hs = spec.hosts.at(h);
                const QString host = hostOfNic(spec, hs);
                auto it = hostIndex.find(host);
                if (it == hostIndex.end()) {
                    it = hostIndex.insert(host, static_cast<int>(out.hosts.size()));
                    out.hosts.append(host);
                }
                byLeaf[leaf].append(
                    {*it, leaf, host + QLatin1Char('/') + hs.rdmaDevice, row(port)});
            }
        }
    }
    for (const auto &nics : byLeaf)
        out.nics += nics;
    return out;
}

FabricRowSampler::FabricRowSampler(const Fabric &fabric) : m_fabric(fabric)
{
    const FabricSpec &spec = fabric.spec();
    for (const SwitchPortSpec &p : spec.switchPorts) {
        m_switchRows.append(
            model::PortId::switchPort(spec.switches.at(p.switchIndex).name, p.name));
        m_switchPeers.append(lldpPeerOf(spec, p));
    }
    for (const HostSpec &h : spec.hosts)
        m_nicRows.append(model::PortId::nicPort(hostOfNic(spec, h), h.rdmaDevice));
}

model::SourceFrame FabricRowSampler::sample(qint64 takenMs)
{
    const FabricSpec &spec = m_fabric.spec();
    const TimeNs now = m_fabric.now();
    const double seconds = m_lastNow >= 0 ? double(now - m_lastNow) / kNsPerSec : 0.0;
    const bool rates = seconds > 0;
    model::SourceFrame update;
    update.source = spec.name;
    update.takenMs = takenMs;
    update.ports.reserve(m_switchRows.size() + m_nicRows.size());
    QList<SwitchPortCounters> switchNow;
    switchNow.reserve(m_switchRows.size());
    for (int i = 0; i < m_switchRows.size(); ++i) {
        const SwitchPortCounters c = m_fabric.switchPortCounters(i);
        model::PortSample r;
        r.id = m_switchRows.at(i);
        std::tie(r.peer, r.peerPort) = m_switchPeers.at(i);
        r.state = c.operUp ? QStringLiteral("up") : QStringLiteral("down");
        if (rates) {
            const SwitchPortCounters &b = m_lastSwitch.at(i);
            const double speed = c.speed > 0 ? double(c.speed) : 1.0;
            r.set(model::Metric::InBits, perSec(c.rxBytes, b.rxBytes, seconds) * 8);
            r.set(model::Metric::OutBits, perSec(c.txBytes, b.txBytes, seconds) * 8);
            r.set(model::Metric::InUtil, *r.value(model::Metric::InBits) / speed * 100);
            r.set(model::Metric::OutUtil, *r.value(model::Metric::OutBits) / speed * 100);
            r.set(model::Metric::MmuDrops,
                  perSec(c.ingressMmuDropPkts, b.ingressMmuDropPkts, seconds));
            r.set(model::Metric::EgressDrops,
                  perSec(total(c.qosDropPkts), total(b.qosDropPkts), seconds));
            r.set(model::Metric::RxPause, perSec(c.rxPpp, b.rxPpp, seconds));
            r.set(model::Metric::TxPause, perSec(c.txPpp, b.txPpp, seconds));
            r.set(model::Metric::Ecn, perSec(total(c.qosEcnPkts), total(b.qosEcnPkts), seconds));
            r.set(model::Metric::WatchdogDrops,
                  perSec(c.watchdogDroppedPkts, b.watchdogDroppedPkts, seconds));
            r.set(model::Metric::InPkts, perSec(c.rxPkts, b.rxPkts, seconds));
            r.set(model::Metric::OutPkts, perSec(c.txPkts, b.txPkts, seconds));
            r.set(model::Metric::InErrors, perSec(c.rxCrcErrors, b.rxCrcErrors, seconds));
        }
        update.ports.append(std::move(r));
        switchNow.append(c);
    }
    QList<HostCounters> hostNow;
    hostNow.reserve(m_nicRows.size());
    for (int h = 0; h < m_nicRows.size(); ++h) {
        const HostCounters c = m_fabric.hostCounters(h);
        model::PortSample r;
        r.id = m_nicRows.at(h);
        r.peer = spec.hosts.at(h).netdev;  // as an agent reports its NIC
        r.state = c.linkUp ? QStringLiteral("up") : QStringLiteral("down");
        if (rates) {
            const HostCounters &b = m_lastHost.at(h);
            const double speed = c.speed > 0 ? double(c.speed) : 1.0;
            // PortXmitData / PortRcvData count 4-byte words.
            r.set(model::Metric::InBits, perSec(c.portRcvData, b.portRcvData, seconds) * 32);
            r.set(model::Metric::OutBits, perSec(c.portXmitData, b.portXmitData, seconds) * 32);
            r.set(model::Metric::InUtil, *r.value(model::Metric::InBits) / speed * 100);
            r.set(model::Metric::OutUtil, *r.value(model::Metric::OutBits) / speed * 100);
            r.set(model::Metric::Ecn,
                  perSec(c.npEcnMarkedRocePackets, b.npEcnMarkedRocePackets, seconds));
            r.set(model::Metric::CnpSent, perSec(c.npCnpSent, b.npCnpSent, seconds));
            r.set(model::Metric::CnpHandled, perSec(c.rpCnpHandled, b.rpCnpHandled, seconds));
            r.set(model::Metric::RxPause, perSec(c.rxPauseCtrlPhy, b.rxPauseCtrlPhy, seconds));
            r.set(model::Metric::TxPause, perSec(c.txPauseCtrlPhy, b.txPauseCtrlPhy, seconds));
            // What a stalled NIC, a bad cable, a host with ECN off or with the wrong DSCP
            // show: the diagnosis reads them here as it reads them from an agent.
            r.set(model::Metric::CnpIgnored, perSec(c.rpCnpIgnored, b.rpCnpIgnored, seconds));
            r.set(model::Metric::OutOfSeq, perSec32(c.outOfSequence, b.outOfSequence, seconds));
            r.set(model::Metric::RxDiscardsPhy, perSec(c.rxDiscardsPhy, b.rxDiscardsPhy, seconds));
            r.set(model::Metric::OutOfBuffer, perSec32(c.outOfBuffer, b.outOfBuffer, seconds));
            r.set(model::Metric::PrioDiscards,
                  perSec(total(c.rxPrioDiscards), total(b.rxPrioDiscards), seconds));
            r.set(model::Metric::InErrors, perSec(c.rxCrcErrorsPhy, b.rxCrcErrorsPhy, seconds));
            r.set(model::Metric::RdmaOutBits,
                  perSec(c.txVportRdmaUnicastBytes, b.txVportRdmaUnicastBytes, seconds) * 8);
            r.set(
                model::Metric::LosslessOutBits,
                perSec(c.txPrioBytes[kLosslessPriority], b.txPrioBytes[kLosslessPriority], seconds)
                    * 8);
        }
        update.ports.append(std::move(r));
        hostNow.append(c);
    }
    m_lastSwitch = std::move(switchNow);
    m_lastHost = std::move(hostNow);
    m_lastNow = now;
    return update;
}

}  // namespace roce::sim
