#include "live/hub/lldpfabric.h"

#include <QHash>
#include <QSet>

namespace roce::live {

models::LeafSpineFabric leafSpineFromLldp(const inventory::Inventory &inventory,
                                          const QList<model::PortSample> &latest)
{
    models::LeafSpineFabric out;
    out.name = inventory.switches.isEmpty() ? QString() : inventory.switches.first().name;
    QHash<QString, int> spineIndex, leafIndex;
    for (const inventory::SwitchEntry &s : inventory.switches) {
        if (s.role == inventory::SwitchRole::Spine) {
            spineIndex.insert(s.name, int(out.spines.size()));
            out.spines.append({s.name, {}});
        } else {
            leafIndex.insert(s.name, int(out.leaves.size()));
            const qsizetype dash = s.name.indexOf(QLatin1Char('-'));
            out.leaves.append({s.name, dash > 0 ? s.name.left(dash) : inventory::roleName(s.role)});
        }
    }
    // NIC rows of the agents by host and netdev.
    QHash<QString, QString> nicRowOf;  // "host|netdev" -> "host/rdma device"
    for (const model::PortSample &p : latest)
        if (p.nic() && !p.peer.isEmpty())
            nicRowOf.insert(p.id.device().toLower() + QLatin1Char('|') + p.peer, p.name());
    // Spine ports by (spine, the leaf they face), for the far end of an uplink.
    QHash<QString, QString> spinePortFacing;  // "spine|leaf|leaf port" -> spine port key
    QHash<QString, QString> spinePortAny;     // "spine|leaf" -> first spine port key
    for (const model::PortSample &p : latest) {
        if (p.nic() || !spineIndex.contains(p.id.device()) || !leafIndex.contains(p.peer))
            continue;
        const QString key = p.id.device() + QLatin1Char('|') + p.peer;
        spinePortFacing.insert(key + QLatin1Char('|') + p.peerPort, p.name());
        if (!spinePortAny.contains(key))
            spinePortAny.insert(key, p.name());
    }
    QHash<QString, int> hostIndex;
    QList<QList<models::LeafSpineFabric::Nic>> byLeaf(out.leaves.size());
    QSet<QString> seenNicRows;
    for (const model::PortSample &p : latest) {
        if (p.nic() || p.peer.isEmpty())
            continue;
        const auto leaf = leafIndex.constFind(p.id.device());
        if (leaf == leafIndex.constEnd())
            continue;
        if (const auto spine = spineIndex.constFind(p.peer); spine != spineIndex.constEnd()) {
            const QString key = p.peer + QLatin1Char('|') + p.id.device();
            const QString far = spinePortFacing.value(key + QLatin1Char('|') + p.id.port(),
                                                      spinePortAny.value(key));
            out.uplinks.append({*leaf, *spine, p.name(), far});
            continue;
        }
        if (leafIndex.contains(p.peer))
            continue;  // leaf to leaf (a peer link): not drawn
        // A server: its NIC row from its agent, else a cell named by its netdev.
        const QString host = p.peer.section(QLatin1Char('.'), 0, 0);
        const QString nicRow = nicRowOf.value(host.toLower() + QLatin1Char('|') + p.peerPort,
                                              host + QLatin1Char('/') + p.peerPort);
        if (seenNicRows.contains(nicRow))
            continue;
        seenNicRows.insert(nicRow);
        auto h = hostIndex.find(host);
        if (h == hostIndex.end()) {
            h = hostIndex.insert(host, int(out.hosts.size()));
            out.hosts.append(host);
        }
        byLeaf[*leaf].append({*h, *leaf, nicRow, p.name()});
    }
    for (const auto &nics : std::as_const(byLeaf))
        out.nics.append(nics);
    return out;
}

size_t lldpSignature(const QList<model::PortSample> &latest)
{
    size_t seed = 0;
    for (const model::PortSample &p : latest)
        seed = qHashMulti(seed, p.name(), p.nic() ? QString() : p.peer, p.peerPort,
                          p.nic() ? p.peer : QString());
    return seed;
}

}  // namespace roce::live
