#pragma once

#include "sim/twin/twinmodel.h"

#include <QList>

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
BulkFlowEstimate estimateBulkFlows(const QList<BulkEndpoint> &senders,
                                   const QList<BulkEndpoint> &receivers);

}  // namespace roce::sim::twin
