#include "store/counterstore.h"

#include <algorithm>

namespace roce::store {

CounterStore::Limits CounterStore::Limits::forBudget(qint64 series, qint64 bytes)
{
    Limits l;
    const qint64 points = std::max<qint64>(2, bytes / kBytesPerPoint / std::max<qint64>(1, series));
    l.recentPoints = int(std::clamp<qint64>(points / 2, 1, 600));
    l.downsampledPoints = int(std::clamp<qint64>(points - l.recentPoints, 1, 8640));
    return l;
}

void CounterStore::Ring::push(Point p, std::size_t capacity)
{
    if (points.size() < capacity) {
        points.push_back(p);
        size = points.size();
        return;
    }
    points[(head + size) % capacity] = p;  // full: overwrite the oldest
    head = (head + 1) % capacity;
}

void CounterStore::Ring::shrink(std::size_t capacity)
{
    if (points.size() <= capacity)
        return;
    std::vector<Point> kept;
    kept.reserve(capacity);
    for (std::size_t i = size > capacity ? size - capacity : 0; i < size; ++i)
        kept.push_back(at(i));
    points = std::move(kept);
    points.shrink_to_fit();
    head = 0;
    size = points.size();
}

CounterStore::CounterStore(Limits limits) : m_limits(limits), m_ceiling(limits)
{ }

void CounterStore::setByteBudget(qint64 bytes)
{
    QWriteLocker locker(&m_lock);
    m_budget = bytes;
    m_rebalanceAt = 0;
    rebalanceLocked();
}

CounterStore::Limits CounterStore::limits() const
{
    QReadLocker locker(&m_lock);
    return m_limits;
}

CounterStore::PortSeries &CounterStore::portLocked(const QString &port)
{
    auto it = m_ports.find(port);
    if (it != m_ports.end())
        return *it;
    return *m_ports.insert(port, PortSeries {});
}

void CounterStore::rebalanceLocked()
{
    if (m_budget <= 0)
        return;
    // Sized for twice the series there are now, so that it happens log2(series) times.
    const qint64 series = std::max<qint64>(64, m_series * 2);
    Limits l = Limits::forBudget(series, m_budget);
    l.bucketMs = m_ceiling.bucketMs;
    l.recentPoints = std::min(l.recentPoints, m_ceiling.recentPoints);
    l.downsampledPoints = std::min(l.downsampledPoints, m_ceiling.downsampledPoints);
    m_limits = l;
    m_rebalanceAt = series;
    for (PortSeries &port : m_ports) {
        for (Series &s : port) {
            s.recent.shrink(std::size_t(l.recentPoints));
            s.downsampled.shrink(std::size_t(l.downsampledPoints));
        }
    }
}

CounterStore::CounterStore() : CounterStore(Limits {})
{ }

void CounterStore::appendLocked(PortSeries &port, int slot, qint64 ms, double value)
{
    Series &s = port[std::size_t(slot)];
    if (s.baseMs < 0) {
        s.baseMs = ms;
        if (++m_series >= m_rebalanceAt && m_budget > 0)
            rebalanceLocked();
    }
    // The point that falls out of the recent ring goes into the current downsampling bucket.
    if (s.recent.size == std::size_t(m_limits.recentPoints) && m_limits.recentPoints > 0) {
        const Point old = s.recent.at(0);
        const qint64 oldMs = s.baseMs + old.dtMs;
        const qint64 bucket = oldMs - oldMs % m_limits.bucketMs;
        if (s.bucketStart >= 0 && bucket != s.bucketStart && s.bucketCount > 0) {
            s.downsampled.push({qint32(s.bucketStart + m_limits.bucketMs / 2 - s.baseMs),
                                float(s.bucketSum / s.bucketCount)},
                               std::size_t(m_limits.downsampledPoints));
            s.bucketSum = 0;
            s.bucketCount = 0;
        }
        s.bucketStart = bucket;
        s.bucketSum += old.value;
        ++s.bucketCount;
    }
    s.recent.push({qint32(ms - s.baseMs), float(value)}, std::size_t(m_limits.recentPoints));
}

void CounterStore::append(const QString &port, Metric metric, qint64 ms, double value)
{
    const int slot = model::historySlot(metric);
    if (slot < 0)
        return;
    QWriteLocker locker(&m_lock);
    appendLocked(portLocked(port), slot, ms, value);
}

void CounterStore::ingest(const model::SourceFrame &update)
{
    const qint64 ms = update.takenMs;
    QWriteLocker locker(&m_lock);
    for (const model::PortSample &p : update.ports) {
        PortSeries *port = nullptr;  // created on the first rate: rows without rates add none
        for (const model::MetricInfo &m : model::metrics()) {
            const int slot = model::historySlot(m.id);
            if (slot < 0)
                continue;
            if (const auto v = p.value(m.id)) {
                if (!port)
                    port = &portLocked(p.name());
                appendLocked(*port, slot, ms, *v);
            }
        }
    }
}

QList<QPointF> CounterStore::series(const QString &port, Metric metric, qint64 fromMs) const
{
    QReadLocker locker(&m_lock);
    QList<QPointF> out;
    const auto it = m_ports.constFind(port);
    if (it == m_ports.constEnd())
        return out;
    const int slot = model::historySlot(metric);
    if (slot < 0)
        return out;
    const Series &s = (*it)[std::size_t(slot)];
    for (const Ring *ring : {&s.downsampled, &s.recent}) {
        for (std::size_t i = 0; i < ring->size; ++i) {
            const Point p = ring->at(i);
            const qint64 ms = s.baseMs + p.dtMs;
            if (ms >= fromMs)
                out.append(QPointF(double(ms), p.value));
        }
    }
    return out;
}

qsizetype CounterStore::pointCount() const
{
    QReadLocker locker(&m_lock);
    qsizetype n = 0;
    for (const PortSeries &port : m_ports) {
        for (const Series &s : port)
            n += qsizetype(s.recent.size + s.downsampled.size);
    }
    return n;
}

}  // namespace roce::store
