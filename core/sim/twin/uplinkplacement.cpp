#include "sim/twin/uplinkplacement.h"

#include <algorithm>
#include <numeric>

namespace roce::sim::twin {

UplinkIndex::UplinkIndex(const FabricSpec &spec)
{
    for (int p = 0; p < spec.switchPorts.size(); ++p) {
        const SwitchPortSpec &port = spec.switchPorts[p];
        if (port.peerKind != PeerKind::SwitchPort)
            continue;
        const int peer = spec.switchPorts[port.peer].switchIndex;
        m_uplinks[port.switchIndex].append({p, peer});
        m_reaches[port.switchIndex].insert(peer);
    }
}

QList<int> UplinkIndex::toward(int from, int to) const
{
    QList<int> uplinks;
    if (from < 0 || to < 0 || from == to)
        return uplinks;
    for (const Uplink &u : m_uplinks.value(from)) {
        if (m_reaches.value(u.spine).contains(to))
            uplinks.append(u.port);
    }
    return uplinks;
}

int placeOnObservedUplinks(const FabricSpec &spec, QList<EstimatedFlow> &flows,
                           const QHash<int, double> &outBps)
{
    QList<int> order(flows.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return flows[a].gbps > flows[b].gbps; });
    const UplinkIndex index(spec);
    QHash<int, double> left = outBps;  // bits/s each uplink sent that no placed flow explains
    int placed = 0;
    for (int i : std::as_const(order)) {
        EstimatedFlow &f = flows[i];
        const QList<int> uplinks = index.toward(spec.switchOfHost(f.src), spec.switchOfHost(f.dst));
        if (uplinks.size() < 2)
            continue;
        const bool allSeen = std::all_of(uplinks.cbegin(), uplinks.cend(),
                                         [&](int u) { return left.contains(u); });
        const bool anyBusy = std::any_of(uplinks.cbegin(), uplinks.cend(),
                                         [&](int u) { return outBps.value(u) > 0; });
        if (!allSeen || !anyBusy)
            continue;
        const int best = *std::max_element(uplinks.cbegin(), uplinks.cend(),
                                           [&](int a, int b) { return left[a] < left[b]; });
        f.uplink = best;
        left[best] -= f.gbps * 1e9;
        ++placed;
    }
    return placed;
}

}  // namespace roce::sim::twin
