#pragma once

#include "collect/pingmesh/pairmatrix.h"
#include "collect/pingmesh/verdict.h"

#include <QMetaType>

namespace roce::pingmesh {

/// One second of a pingmesh, as the console's Pingmesh dock shows it: the pinglist's pairs
/// with their summaries and the verdicts that hold. The endpoint and pair lists are shared
/// between snapshots (implicitly shared).
struct PingmeshSnapshot {
    QString topology;  ///< the simulated fabric's shape; "agents" for the fabric's agents
    QString scenario;
    double seconds = 0;  ///< of probing
    QList<Endpoint> endpoints;
    QList<PingPair> pairs;
    QList<PairSummary> summaries;
    QList<Verdict> verdicts;
    qint64 probesSent = 0;
};

}  // namespace roce::pingmesh

Q_DECLARE_METATYPE(roce::pingmesh::PingmeshSnapshot)
