#pragma once

#include "proto/agentproto/pingmesh.h"
#include "proto/common/stats.h"

#include <QList>

#include <deque>

namespace roce::pingmesh {

/// One pair over the matrix's window.
struct PairSummary {
    int sent = 0;
    int lost = 0;
    double p50Us = 0;  ///< of the probes that came back (0 when none did)
    double p99Us = 0;
    /// The responders' turnaround (their own share of the round trip), p50 of the probes that
    /// came back with one; negative when none did.
    double turnaroundP50Us = -1;
    TimestampSource timestamps = TimestampSource::Software;  ///< of the newest probe
    double lossRatio() const { return sent > 0 ? double(lost) / sent : 0.0; }
};

/// The live pair matrix: every pair's probes over a sliding window (default 3 s), summarised
/// as RTT p50/p99 and loss. Cheap to feed (a deque append per probe) and to read (one sort
/// per pair with probes).
class PairMatrix
{
public:
    static constexpr qint64 kDefaultWindowMs = 3000;

    PairMatrix(QList<Endpoint> endpoints, QList<PingPair> pairs,
               qint64 windowMs = kDefaultWindowMs);

    const QList<Endpoint> &endpoints() const { return m_endpoints; }
    const QList<PingPair> &pairs() const { return m_pairs; }
    qint64 windowMs() const { return m_windowMs; }

    /// A probe that completed (or timed out) at @p ms.
    void add(qint64 ms, const ProbeOutcome &probe);
    /// Forgets probes older than the window before @p nowMs.
    void expire(qint64 nowMs);

    /// Every pair's summary over the window, in pinglist order.
    QList<PairSummary> summaries() const;
    qint64 probesInWindow() const { return m_inWindow; }
    qint64 probesTotal() const { return m_total; }

private:
    struct Probe {
        qint64 ms;
        float rttUs;         ///< negative: lost
        float turnaroundUs;  ///< negative: not reported
        TimestampSource timestamps;
    };
    QList<Endpoint> m_endpoints;
    QList<PingPair> m_pairs;
    qint64 m_windowMs;
    std::vector<std::deque<Probe>> m_probes;  ///< per pair, oldest first
    qint64 m_inWindow = 0;
    qint64 m_total = 0;
};

}  // namespace roce::pingmesh
