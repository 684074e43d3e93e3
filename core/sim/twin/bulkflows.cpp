#include "sim/twin/bulkflows.h"

#include <algorithm>

namespace roce::sim::twin {

namespace {

using Allowed = std::function<bool(int src, int dst)>;

/// Senders and receivers paired largest first, each pair carrying what both still have.
QList<EstimatedFlow> pairByVolume(QList<BulkEndpoint> senders, QList<BulkEndpoint> receivers,
                                  const Allowed &allowed)
{
    auto larger = [](const BulkEndpoint &a, const BulkEndpoint &b) {
        return a.bps != b.bps ? a.bps > b.bps : a.host < b.host;
    };
    std::sort(senders.begin(), senders.end(), larger);
    std::sort(receivers.begin(), receivers.end(), larger);
    double sent = 0, received = 0;
    for (const BulkEndpoint &s : std::as_const(senders))
        sent += s.bps;
    for (const BulkEndpoint &r : std::as_const(receivers))
        received += r.bps;
    if (sent <= 0 || received <= 0)
        return {};
    // What is received is scaled to what is sent: the two differ by the rates' sampling and
    // by what the jobs took out of each port.
    for (BulkEndpoint &r : receivers)
        r.bps *= sent / received;
    // NICs that send and receive alike (a ring) sort alike: paired in that order each would
    // face itself, so the receivers start one further on (and the pairs make a ring).
    if (!allowed(senders.first().host, receivers.first().host))
        std::rotate(receivers.begin(), receivers.begin() + 1, receivers.end());
    const double nothing = sent * 1e-9;
    QList<EstimatedFlow> flows;
    qsizetype j = 0;
    for (const BulkEndpoint &s : std::as_const(senders)) {
        double left = s.bps;
        while (left > nothing && j < receivers.size()) {
            if (!allowed(s.host, receivers[j].host)) {
                // Never to itself: the next receiver with room takes its place.
                qsizetype k = j + 1;
                while (k < receivers.size()
                       && (receivers[k].bps <= nothing || !allowed(s.host, receivers[k].host)))
                    ++k;
                if (k == receivers.size())
                    break;
                std::swap(receivers[j], receivers[k]);
            }
            const double f = std::min(left, receivers[j].bps);
            if (f >= kMinFlowShare * s.bps)
                flows.append({s.host, receivers[j].host, f / 1e9});
            left -= f;
            receivers[j].bps -= f;
            if (receivers[j].bps <= nothing)
                ++j;
        }
    }
    return flows;
}

}  // namespace

BulkFlowEstimate estimateBulkFlows(const QList<BulkEndpoint> &senders,
                                   const QList<BulkEndpoint> &receivers,
                                   const Allowed &allowedPairs)
{
    const Allowed allowed
        = allowedPairs ? allowedPairs : [](int src, int dst) { return src != dst; };
    BulkFlowEstimate e;
    QList<BulkEndpoint> matchable;
    double sent = 0, kept = 0;
    for (const BulkEndpoint &s : senders) {
        double total = 0;
        for (const BulkEndpoint &r : receivers)
            total += allowed(s.host, r.host) ? r.bps : 0;
        if (total <= 0) {
            e.unmatched.append(s);
            continue;
        }
        matchable.append(s);
        sent += s.bps;
        for (const BulkEndpoint &r : receivers) {
            if (!allowed(s.host, r.host) || r.bps / total < kMinFlowShare)
                continue;
            e.flows.append({s.host, r.host, s.bps * r.bps / total / 1e9});
            kept += s.bps * r.bps / total;
        }
    }
    if (sent > 0 && kept < kMinGravityCover * sent) {
        e.flows = pairByVolume(matchable, receivers, allowed);
        e.paired = true;
    }
    return e;
}

BulkFlowEstimate estimateBulkFlowsByLeaf(const QList<BulkEndpoint> &senders,
                                         const QList<BulkEndpoint> &receivers,
                                         const QHash<int, int> &leafOf,
                                         const QHash<int, LeafUplinks> &uplinks, double minBps)
{
    QHash<int, double> sentUnder, receivedUnder;  // leaf -> its NICs' rates
    for (const BulkEndpoint &s : senders)
        sentUnder[leafOf.value(s.host, -1)] += s.bps;
    for (const BulkEndpoint &r : receivers)
        receivedUnder[leafOf.value(r.host, -1)] += r.bps;
    // The share of a leaf's traffic that its uplinks carried (none where they were not seen).
    const auto crossing = [&](int leaf, bool out) {
        const auto it = uplinks.constFind(leaf);
        const double total = (out ? sentUnder : receivedUnder).value(leaf);
        if (it == uplinks.cend() || total <= 0)
            return 0.0;
        return std::clamp((out ? it->out : it->in) / total, 0.0, 1.0);
    };
    QHash<int, QList<BulkEndpoint>> localSenders, localReceivers;
    QList<BulkEndpoint> crossSenders, crossReceivers;
    const auto split = [&](const BulkEndpoint &e, bool out) {
        const int leaf = leafOf.value(e.host, -1);
        const double across = e.bps * crossing(leaf, out);
        if (across >= minBps)
            (out ? crossSenders : crossReceivers).append({e.host, across});
        if (e.bps - across >= minBps)
            (out ? localSenders : localReceivers)[leaf].append({e.host, e.bps - across});
    };
    for (const BulkEndpoint &s : senders)
        split(s, true);
    for (const BulkEndpoint &r : receivers)
        split(r, false);
    BulkFlowEstimate e;
    const auto add = [&e](const BulkFlowEstimate &part) {
        e.flows.append(part.flows);
        e.unmatched.append(part.unmatched);
        e.paired = e.paired || part.paired;
    };
    QList<int> leaves = localSenders.keys();
    std::sort(leaves.begin(), leaves.end());
    for (int leaf : std::as_const(leaves))
        add(estimateBulkFlows(localSenders.value(leaf), localReceivers.value(leaf)));
    add(estimateBulkFlows(crossSenders, crossReceivers, [&](int src, int dst) {
        return leafOf.value(src, -1) != leafOf.value(dst, -1);
    }));
    return e;
}

}  // namespace roce::sim::twin
