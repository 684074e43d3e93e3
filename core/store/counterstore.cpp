#include "store/counterstore.h"

namespace roce::store {

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
    // The point that falls out of the recent ring goes into the current downsampling bucket.
    if (s.recent.size == std::size_t(m_limits.recentPoints) && m_limits.recentPoints > 0) {
        const Point old = s.recent.at(0);
        const qint64 bucket = old.ms - old.ms % m_limits.bucketMs;
        if (s.bucketStart >= 0 && bucket != s.bucketStart && s.bucketCount > 0) {
            s.downsampled.push(
                {s.bucketStart + m_limits.bucketMs / 2, float(s.bucketSum / s.bucketCount)},
                std::size_t(m_limits.downsampledPoints));
            s.bucketSum = 0;
            s.bucketCount = 0;
        }
        s.bucketStart = bucket;
        s.bucketSum += old.value;
        ++s.bucketCount;
    }
    s.recent.push({ms, float(value)}, std::size_t(m_limits.recentPoints));
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
    for (std::size_t i = 0; i < s.downsampled.size; ++i) {
        const Point p = s.downsampled.at(i);
        if (p.ms >= fromMs)
            out.append(QPointF(double(p.ms), p.value));
    }
    for (std::size_t i = 0; i < s.recent.size; ++i) {
        const Point p = s.recent.at(i);
        if (p.ms >= fromMs)
            out.append(QPointF(double(p.ms), p.value));
    }
    return out;
}

QStringList CounterStore::ports() const
{
    QReadLocker locker(&m_lock);
    return m_ports.keys();
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
