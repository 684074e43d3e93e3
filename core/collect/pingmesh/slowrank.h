#pragma once

#include "collect/pingmesh/verdict.h"
#include "proto/datamodel/portsample.h"

#include <QHash>
#include <QJsonObject>
#include <QList>

#include <functional>

namespace roce::pingmesh {

/// Finds the rank that slows a synchronous data-parallel training run. Every rank waits for
/// the slowest in the all-reduce, so the step time is the same everywhere; what differs is
/// each rank's own part of the step (step minus all-reduce wait). A rank whose own part is
/// beyond three (robust) standard deviations of the others', or at which the rank runs under
/// 80 % of the median rate (its own part over 1.25x the median), for two iterations in a row,
/// is a slow rank; the verdict joins it to its NIC's CNP and pause rates and to its switch
/// port, where the live model has them.
class SlowRankDetector
{
public:
    /// The host's NIC ports and the switch ports they hang off (the live model's newest
    /// samples); may be empty.
    using PortsOf = std::function<QList<model::PortSample>(const QString &host)>;

    explicit SlowRankDetector(int worldSize = 0, PortsOf portsOf = {})
        : m_portsOf(std::move(portsOf)), m_worldSize(worldSize)
    { }

    /// A new run of @p worldSize ranks (0: judge each iteration once two ranks have it):
    /// forgets the ranks of the last one.
    void reset(int worldSize = 0);
    /// Rank @p rank on @p host finished @p iteration ({"iteration", "step_ms",
    /// "allreduce_ms", ...}) at @p ms. Returns the slow-rank verdicts that hold once every
    /// rank has reported an iteration (none before).
    QList<Verdict> addIteration(int rank, const QString &host, const QJsonObject &iteration,
                                qint64 ms);

private:
    struct Rank {
        QString host;
        QHash<int, double> ownMs;  ///< by iteration: step minus all-reduce
        QHash<int, double> stepMs;
        QHash<int, double> allreduceMs;
        int slowIterations = 0;  ///< in a row
        int lastJudged = -1;
    };
    PortsOf m_portsOf;
    int m_worldSize = 0;
    QHash<int, Rank> m_ranks;
    int m_judged = -1;  ///< the last iteration every rank reported
};

}  // namespace roce::pingmesh
