#include "collect/pingmesh/pairmatrix.h"

#include <algorithm>
#include <cmath>

namespace roce::pingmesh {

PairMatrix::PairMatrix(QList<Endpoint> endpoints, QList<PingPair> pairs, qint64 windowMs)
    : m_endpoints(std::move(endpoints)),
      m_pairs(std::move(pairs)),
      m_windowMs(windowMs),
      m_probes(std::size_t(m_pairs.size()))
{ }

void PairMatrix::add(qint64 ms, const ProbeOutcome &probe)
{
    if (probe.pair < 0 || probe.pair >= m_pairs.size())
        return;
    m_probes[std::size_t(probe.pair)].push_back({ms, probe.lost ? -1.0f : float(probe.rttUs),
                                                 probe.lost ? -1.0f : float(probe.turnaroundUs),
                                                 probe.timestamps});
    ++m_inWindow;
    ++m_total;
}

void PairMatrix::expire(qint64 nowMs)
{
    const qint64 oldest = nowMs - m_windowMs;
    for (auto &probes : m_probes) {
        while (!probes.empty() && probes.front().ms < oldest) {
            probes.pop_front();
            --m_inWindow;
        }
    }
}

QList<PairSummary> PairMatrix::summaries() const
{
    QList<PairSummary> out;
    out.reserve(m_pairs.size());
    std::vector<double> rtts, turnarounds;
    for (const auto &probes : m_probes) {
        PairSummary s;
        rtts.clear();
        turnarounds.clear();
        for (const Probe &p : probes) {
            ++s.sent;
            if (p.rttUs < 0) {
                ++s.lost;
                continue;
            }
            rtts.push_back(p.rttUs);
            if (p.turnaroundUs >= 0)
                turnarounds.push_back(p.turnaroundUs);
        }
        if (!turnarounds.empty())
            s.turnaroundP50Us = quantile(turnarounds, 0.50);
        if (!probes.empty())
            s.timestamps = probes.back().timestamps;
        s.p99Us = quantile(rtts, 0.99);
        s.p50Us = quantile(rtts, 0.50);
        out.append(s);
    }
    return out;
}

}  // namespace roce::pingmesh
