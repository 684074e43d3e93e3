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

void CounterStore::appendLocked(PortSeries &port, Metric metric, qint64 ms, double value)
{
    Series &s = port[std::size_t(metric)];
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
    QWriteLocker locker(&m_lock);
    appendLocked(m_ports[port], metric, ms, value);
}

void CounterStore::ingest(const monitor::SwitchUpdate &update)
{
    const qint64 ms = update.takenMs;
    QWriteLocker locker(&m_lock);
    for (const monitor::PortRow &p : update.ports) {
        PortSeries &port = m_ports[p.name];
        const std::pair<Metric, const std::optional<double> *> values[]
            = {{Metric::InUtil, &p.inUtilPercent},
               {Metric::OutUtil, &p.outUtilPercent},
               {Metric::MmuDrops, &p.mmuDropsPerSec},
               {Metric::EgressDrops, &p.egressDropsPerSec},
               {Metric::RxPause, &p.rxPausesPerSec},
               {Metric::TxPause, &p.txPausesPerSec},
               {Metric::Ecn, &p.ecnPerSec},
               {Metric::CnpSent, &p.cnpSentPerSec},
               {Metric::CnpHandled, &p.cnpHandledPerSec},
               {Metric::OutOfSeq, &p.outOfSequencePerSec}};
        for (const auto &[metric, value] : values) {
            if (*value)
                appendLocked(port, metric, ms, **value);
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
    const Series &s = (*it)[std::size_t(metric)];
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
