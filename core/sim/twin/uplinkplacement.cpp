#include "sim/twin/uplinkplacement.h"

#include <algorithm>
#include <numeric>

namespace roce::sim::twin {

namespace {

int switchOfHost(const FabricSpec &spec, int host)
{
    const int port = spec.nicPorts[spec.hosts[host].nicPort].switchPort;
    return port < 0 ? -1 : spec.switchPorts[port].switchIndex;
}

}  // namespace

QList<int> uplinksToward(const FabricSpec &spec, int from, int to)
{
    QList<int> uplinks;
    if (from < 0 || to < 0 || from == to)
        return uplinks;
    for (int p = 0; p < spec.switchPorts.size(); ++p) {
        const SwitchPortSpec &up = spec.switchPorts[p];
        if (up.switchIndex != from || up.peerKind != PeerKind::SwitchPort)
            continue;
        const int spine = spec.switchPorts[up.peer].switchIndex;
        const bool reaches = std::any_of(
            spec.switchPorts.cbegin(), spec.switchPorts.cend(), [&](const SwitchPortSpec &down) {
                return down.switchIndex == spine && down.peerKind == PeerKind::SwitchPort
                    && spec.switchPorts[down.peer].switchIndex == to;
            });
        if (reaches)
            uplinks.append(p);
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
    QHash<int, double> left = outBps;  // bits/s each uplink sent that no placed flow explains
    int placed = 0;
    for (int i : std::as_const(order)) {
        EstimatedFlow &f = flows[i];
        const QList<int> uplinks
            = uplinksToward(spec, switchOfHost(spec, f.src), switchOfHost(spec, f.dst));
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
