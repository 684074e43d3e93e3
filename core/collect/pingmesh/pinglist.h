#pragma once

#include "proto/agentproto/pingmesh.h"

namespace roce::pingmesh {

struct PinglistOptions {
    int allPairsUpTo = 64;         ///< up to this many endpoints, every ordered pair is probed
    int crossLeafPerEndpoint = 8;  ///< beyond: each endpoint's sampled peers under other switches
    quint64 seed = 1;              ///< the sample is reproducible for a seed
};

/// The pairs to probe among @p endpoints: every ordered pair up to allPairsUpTo endpoints;
/// beyond that every ordered pair under the same switch (a NIC or cable fault shows in its
/// whole row and column there) plus, for each endpoint, crossLeafPerEndpoint peers under other
/// switches drawn at random, at least one towards every other switch when there are enough,
/// so that every uplink is crossed. Endpoints with an unknown switch count as one group.
QList<PingPair> makePinglist(const QList<Endpoint> &endpoints, const PinglistOptions &options = {});

}  // namespace roce::pingmesh
