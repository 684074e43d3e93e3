#include "collect/pingmesh/pinglist.h"

#include <QHash>

#include <algorithm>
#include <random>

namespace roce::pingmesh {

QList<PingPair> makePinglist(const QList<Endpoint> &endpoints, const PinglistOptions &options)
{
    QList<PingPair> pairs;
    const int n = int(endpoints.size());
    if (n <= options.allPairsUpTo) {
        pairs.reserve(qsizetype(n) * (n - 1));
        for (int s = 0; s < n; ++s) {
            for (int d = 0; d < n; ++d) {
                if (s != d)
                    pairs.append(PingPair {s, d});
            }
        }
        return pairs;
    }
    // Group by switch, in the order switches first appear.
    QHash<QString, int> groupOf;
    QList<QList<int>> groups;
    QList<int> endpointGroup(n);
    for (int e = 0; e < n; ++e) {
        auto it = groupOf.find(endpoints[e].switchName);
        if (it == groupOf.end()) {
            it = groupOf.insert(endpoints[e].switchName, int(groups.size()));
            groups.append(QList<int> {});
        }
        groups[*it].append(e);
        endpointGroup[e] = *it;
    }
    for (const QList<int> &g : groups) {
        for (int s : g) {
            for (int d : g) {
                if (s != d)
                    pairs.append(PingPair {s, d});
            }
        }
    }
    if (groups.size() < 2)
        return pairs;
    std::mt19937_64 rng(options.seed);
    for (int s = 0; s < n; ++s) {
        const int own = endpointGroup[s];
        // One peer under each other switch in turn (starting at a random one), then at random.
        QList<int> others;
        for (int g = 0; g < groups.size(); ++g) {
            if (g != own)
                others.append(g);
        }
        std::shuffle(others.begin(), others.end(), rng);
        QList<int> chosen;
        for (int k = 0; k < options.crossLeafPerEndpoint; ++k) {
            const QList<int> &g = groups[others[k % others.size()]];
            int peer = g[std::uniform_int_distribution<int>(0, int(g.size()) - 1)(rng)];
            for (int attempt = 0; attempt < 4 && chosen.contains(peer); ++attempt)
                peer = g[std::uniform_int_distribution<int>(0, int(g.size()) - 1)(rng)];
            if (!chosen.contains(peer))
                chosen.append(peer);
        }
        for (int d : chosen)
            pairs.append(PingPair {s, d});
    }
    return pairs;
}

}  // namespace roce::pingmesh
