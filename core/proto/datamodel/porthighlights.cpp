#include "proto/datamodel/porthighlights.h"

#include <algorithm>

namespace roce::model {

double highlightedSum(const PortSample &port, Highlight h)
{
    double sum = 0;
    for (const MetricInfo &m : metrics()) {
        if (m.highlight == h)
            sum += std::max(0.0, port.value(m.id).value_or(0.0));
    }
    return sum;
}

QList<Metric> highlightedMetrics(const PortSample &port, Highlight h)
{
    QList<Metric> out;
    for (const MetricInfo &m : metrics()) {
        if (m.highlight == h && port.value(m.id).value_or(0.0) > 0)
            out.append(m.id);
    }
    return out;
}

double hotness(const PortSample &port)
{
    // Orders of magnitude apart: one drop a second outweighs any number of marks.
    return highlightedSum(port, Highlight::Drop) * 1e12
        + highlightedSum(port, Highlight::Pause) * 1e6 + highlightedSum(port, Highlight::Ecn);
}

QString hottestPort(const QList<const PortSample *> &ports)
{
    const PortSample *hottest = nullptr, *busiest = nullptr;
    double most = 0, busy = -1;
    for (const PortSample *p : ports) {
        const double h = hotness(*p);
        if (h > most) {
            most = h;
            hottest = p;
        }
        const double util = std::max(p->value(Metric::InUtil).value_or(0.0),
                                     p->value(Metric::OutUtil).value_or(0.0));
        if (util > busy) {
            busy = util;
            busiest = p;
        }
    }
    const PortSample *pick = hottest ? hottest : busiest;
    return pick ? pick->name() : QString();
}

}  // namespace roce::model
