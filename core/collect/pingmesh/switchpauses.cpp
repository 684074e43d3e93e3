#include "collect/pingmesh/switchpauses.h"

#include <algorithm>

namespace roce::pingmesh {

QList<PauseObservation> switchPauseObservations(const QList<model::PortSample> &latest,
                                                int priority)
{
    using model::Metric;
    QList<PauseObservation> out;
    for (const model::PortSample &p : latest) {
        if (p.nic() || p.internal || !p.lineBps || *p.lineBps <= 0)
            continue;
        const auto pauses = p.value(Metric::RxPause);
        if (!pauses)
            continue;
        const double holdSeconds = kPauseQuantaPerFrame * 512 / *p.lineBps / 2;
        PauseObservation o;
        o.port = p.name();
        o.priority = priority;
        o.pausedShare = std::clamp(*pauses * holdSeconds, 0.0, 1.0);
        o.estimated = true;
        o.dropsPerSec = p.value(Metric::MmuDrops).value_or(0)
            + p.value(Metric::EgressDrops).value_or(0) + p.value(Metric::WatchdogDrops).value_or(0);
        o.pausesPerSec = *pauses;
        out.append(o);
    }
    return out;
}

}  // namespace roce::pingmesh
