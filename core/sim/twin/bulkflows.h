#pragma once

#include "sim/twin/twinmodel.h"

#include <QHash>
#include <QList>

#include <functional>

namespace roce::sim::twin {

/// A NIC that sends (or receives) bulk traffic beside the launched jobs, and how much, bits/s.
struct BulkEndpoint {
    int host = -1;  ///< model host
    double bps = 0;
};

/// The flows behind bulk port rates, which do not say who sends to whom.
struct BulkFlowEstimate {
    QList<EstimatedFlow> flows;
    /// The gravity estimate would have left out most of the traffic (each sender's share of
    /// most receivers too small to model): the senders and receivers were paired instead.
    bool paired = false;
    /// Senders no other NIC is seen to receive from (the only receiver is themselves).
    QList<BulkEndpoint> unmatched;
};

/// A flow the gravity estimate gives less than this share of its sender's rate is left out.
inline constexpr double kMinFlowShare = 0.05;
/// The gravity estimate stands while the flows it keeps carry at least this share of all that
/// is sent.
inline constexpr double kMinGravityCover = 0.8;

/// Gravity first: each sender spread over the receivers in proportion to what they receive,
/// shares under kMinFlowShare left out. On a fabric with many receivers those are all of
/// them (200 receivers: 0.5 % each), and the twin would run an idle fabric; when the kept
/// flows carry less than kMinGravityCover of the traffic, senders and receivers are paired
/// instead, largest first, each pair carrying what both still have (a sender never to
/// itself): every sender sends and every receiver receives about what it was seen to, in at
/// most senders + receivers - 1 flows.
/// @p allowedPairs says which sender may send to which receiver (by default any other).
BulkFlowEstimate estimateBulkFlows(const QList<BulkEndpoint> &senders,
                                   const QList<BulkEndpoint> &receivers,
                                   const std::function<bool(int src, int dst)> &allowedPairs = {});

/// What the uplinks of one leaf were seen to carry, bits/s: out of the leaf, into it.
struct LeafUplinks {
    double out = 0, in = 0;
};

/// The flows behind bulk port rates on a fabric of leaves whose uplinks were seen: each
/// endpoint's rate split into what stays under its leaf and what crosses the spines, in the
/// share its leaf's uplinks carried (a leaf whose NICs sent 400 Gb/s and whose uplinks sent
/// 100 sends a quarter of each sender's rate across); then flows estimated under each leaf
/// apart, and between leaves from the crossing parts, never within one. Gravity over all the
/// receivers would send most traffic across the spines whatever the uplinks showed. Parts
/// under @p minBps are left out. @p leafOf: host -> leaf (switch index); a leaf not in
/// @p uplinks keeps all its traffic under it.
BulkFlowEstimate estimateBulkFlowsByLeaf(const QList<BulkEndpoint> &senders,
                                         const QList<BulkEndpoint> &receivers,
                                         const QHash<int, int> &leafOf,
                                         const QHash<int, LeafUplinks> &uplinks, double minBps);

}  // namespace roce::sim::twin
