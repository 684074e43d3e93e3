#include "collect/pingmesh/slowrank.h"

#include "collect/pingmesh/pairmatrix.h"

#include <QCoreApplication>

#include <cmath>

namespace roce::pingmesh {

namespace {

class SlowRankText
{
    Q_DECLARE_TR_FUNCTIONS(SlowRankText)
};

}  // namespace

void SlowRankDetector::reset(int worldSize)
{
    m_worldSize = worldSize;
    m_ranks.clear();
    m_judged = -1;
}

QList<Verdict> SlowRankDetector::addIteration(int rank, const QString &host,
                                              const QJsonObject &iteration, qint64 ms)
{
    const int i = iteration.value(QStringLiteral("iteration")).toInt(-1);
    const double step = iteration.value(QStringLiteral("step_ms")).toDouble(-1);
    const double wait = iteration.value(QStringLiteral("allreduce_ms")).toDouble(0);
    if (i < 0 || step < 0)
        return {};
    Rank &r = m_ranks[rank];
    r.host = host;
    r.ownMs.insert(i, std::max(0.0, step - wait));
    r.stepMs.insert(i, step);
    r.allreduceMs.insert(i, wait);
    if (m_ranks.size() < std::max(2, m_worldSize) || i <= m_judged)
        return {};
    for (const Rank &other : std::as_const(m_ranks)) {
        if (!other.ownMs.contains(i))
            return {};  // not every rank is there yet
    }
    m_judged = i;
    QList<Verdict> out;
    for (auto it = m_ranks.begin(); it != m_ranks.end(); ++it) {
        // The others' own parts: their median and a robust deviation (1.4826 MAD). A true
        // median: with three ranks the others are two, and the lower of them alone would make
        // a healthy rank "slow" against the fastest one.
        std::vector<double> others;
        for (auto o = m_ranks.cbegin(); o != m_ranks.cend(); ++o) {
            if (o.key() != it.key())
                others.push_back(o->ownMs.value(i));
        }
        const double median = roce::median(others);
        std::vector<double> deviations;
        deviations.reserve(others.size());
        for (double v : others)
            deviations.push_back(std::abs(v - median));
        const double sigma = 1.4826 * roce::median(deviations);
        const double own = it->ownMs.value(i);
        const bool beyondSigma = sigma > 0 && own > median + 3 * sigma && own > median + 1.0;
        const bool underRate = median > 0 && own > 1.25 * median && own > median + 1.0;
        it->slowIterations = beyondSigma || underRate ? it->slowIterations + 1 : 0;
        // Iterations are dropped once judged, but a few are kept for the evidence.
        it->ownMs.remove(i - 8);
        it->stepMs.remove(i - 8);
        it->allreduceMs.remove(i - 8);
        if (it->slowIterations < 2)
            continue;
        Verdict v;
        v.kind = QStringLiteral("slow_rank");
        v.host = it->host;
        QJsonObject ev {{QStringLiteral("rank"), it.key()},
                        {QStringLiteral("iteration"), i},
                        {QStringLiteral("own_ms"), round2(own)},
                        {QStringLiteral("others_median_ms"), round2(median)},
                        {QStringLiteral("others_sigma_ms"), round2(sigma)},
                        {QStringLiteral("step_ms"), round2(it->stepMs.value(i))},
                        {QStringLiteral("allreduce_ms"), round2(it->allreduceMs.value(i))},
                        {QStringLiteral("iterations_in_a_row"), it->slowIterations}};
        // Joined to the fabric: the host's NIC (CNPs, pauses) and its switch port.
        const QList<model::PortSample> ports
            = m_portsOf ? m_portsOf(it->host) : QList<model::PortSample> {};
        for (const model::PortSample &p : ports) {
            if (p.nic()) {
                v.nic = p.name();
                for (const auto m :
                     {model::Metric::CnpSent, model::Metric::CnpHandled, model::Metric::RxPause,
                      model::Metric::TxPause, model::Metric::Ecn}) {
                    if (const auto value = p.value(m))
                        ev.insert(QLatin1String("nic_") + QLatin1String(model::metricInfo(m).key),
                                  round2(*value));
                }
            } else {
                v.port = p.name();
                for (const auto m : {model::Metric::RxPause, model::Metric::TxPause,
                                     model::Metric::Ecn, model::Metric::OutUtil}) {
                    if (const auto value = p.value(m))
                        ev.insert(QLatin1String("switch_")
                                      + QLatin1String(model::metricInfo(m).key),
                                  round2(*value));
                }
            }
        }
        if (!v.port.isEmpty())
            ev.insert(QStringLiteral("switch_port"), v.port);
        v.port.clear();  // the verdict names the rank's NIC (or host), not the switch port
        v.evidence = ev;
        v.summary = SlowRankText::tr("Rank %1 on %2 spends %3 ms of each step on its own against "
                                     "%4 ms on the other ranks, %5 iterations in a row: every "
                                     "rank waits for it in the all-reduce.")
                        .arg(it.key())
                        .arg(it->host)
                        .arg(round2(own))
                        .arg(round2(median))
                        .arg(it->slowIterations);
        v.check = SlowRankText::tr(
            "The host's CPU and GPU load (other jobs, throttling, the CPU governor), its data "
            "loading, and its NIC's CNP and pause rates in the evidence: a NIC slowed by "
            "congestion or pauses delays only its own rank's sends.");
        v.firstMs = ms;
        out.append(v);
    }
    return out;
}

}  // namespace roce::pingmesh
