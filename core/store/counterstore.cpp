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

CounterStore::CounterStore(Limits limits) : m_limits(limits)
{ }

CounterStore::CounterStore() : CounterStore(Limits {})
{ }

void CounterStore::appendLocked(PortSeries &port, int slot, qint64 ms, double value)
{
    Series &s = port[std::size_t(slot)];
    if (s.baseMs < 0)
        s.baseMs = ms;
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
    appendLocked(m_ports[port], slot, ms, value);
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
                    port = &m_ports[p.name()];
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
