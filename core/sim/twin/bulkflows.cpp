#include "sim/twin/bulkflows.h"

#include <algorithm>

namespace roce::sim::twin {

namespace {

/// Senders and receivers paired largest first, each pair carrying what both still have.
QList<EstimatedFlow> pairByVolume(QList<BulkEndpoint> senders, QList<BulkEndpoint> receivers)
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
    if (senders.first().host == receivers.first().host)
        std::rotate(receivers.begin(), receivers.begin() + 1, receivers.end());
    const double nothing = sent * 1e-9;
    QList<EstimatedFlow> flows;
    qsizetype j = 0;
    for (const BulkEndpoint &s : std::as_const(senders)) {
        double left = s.bps;
        while (left > nothing && j < receivers.size()) {
            if (receivers[j].host == s.host) {
                // Never to itself: the next receiver with room takes its place.
                qsizetype k = j + 1;
                while (k < receivers.size() && receivers[k].bps <= nothing)
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
                                   const QList<BulkEndpoint> &receivers)
{
    BulkFlowEstimate e;
    QList<BulkEndpoint> matchable;
    double sent = 0, kept = 0;
    for (const BulkEndpoint &s : senders) {
        double total = 0;
        for (const BulkEndpoint &r : receivers)
            total += r.host == s.host ? 0 : r.bps;
        if (total <= 0) {
            e.unmatched.append(s);
            continue;
        }
        matchable.append(s);
        sent += s.bps;
        for (const BulkEndpoint &r : receivers) {
            if (r.host == s.host || r.bps / total < kMinFlowShare)
                continue;
            e.flows.append({s.host, r.host, s.bps * r.bps / total / 1e9});
            kept += s.bps * r.bps / total;
        }
    }
    if (sent > 0 && kept < kMinGravityCover * sent) {
        e.flows = pairByVolume(matchable, receivers);
        e.paired = true;
    }
    return e;
}

}  // namespace roce::sim::twin
