#include "collect/history/counterstore.h"

#include <algorithm>
#include <limits>
#include <mutex>

namespace roce::store {

CounterStore::Limits CounterStore::Limits::forBudget(qint64 series, qint64 bytes)
{
    Limits l;
    const qint64 points = std::max<qint64>(2, bytes / kBytesPerPoint / std::max<qint64>(1, series));
    l.recentPoints = int(std::clamp<qint64>(points / 2, 1, 600));
    l.downsampledPoints = int(std::clamp<qint64>(points - l.recentPoints, 1, 8640));
    return l;
}

namespace {

bool fitsOffset(qint64 dt)
{
    return dt >= std::numeric_limits<qint32>::min() && dt <= std::numeric_limits<qint32>::max();
}

}  // namespace

void CounterStore::Ring::push(qint64 ms, float value, std::size_t capacity)
{
    if (capacity == 0)
        return;
    if (head != 0 && points.size() < capacity) {
        // Limits grew since the ring was full: unroll it so that appending keeps the order.
        std::rotate(points.begin(), points.begin() + std::ptrdiff_t(head), points.end());
        if (!wideMs.empty())
            std::rotate(wideMs.begin(), wideMs.begin() + std::ptrdiff_t(head), wideMs.end());
        head = 0;
    }
    const bool full = points.size() >= capacity;
    if (points.empty())
        baseMs = ms;
    else if (wideMs.empty() && !fitsOffset(ms - baseMs))
        rebase(ms, full ? head : points.size());
    const Point p {wideMs.empty() ? qint32(ms - baseMs) : 0, value};
    if (!full) {
        points.push_back(p);
        if (!wideMs.empty())
            wideMs.push_back(ms);
        size = points.size();
        return;
    }
    points[head] = p;  // full: overwrite the oldest
    if (!wideMs.empty())
        wideMs[head] = ms;
    head = (head + 1) % points.size();
    if (head == 0 && !wideMs.empty())
        narrowIfPossible();  // once per turn of the ring: O(1) a point
}

void CounterStore::Ring::rebase(qint64 ms, std::size_t skip)
{
    qint64 lo = ms, hi = ms;
    for (std::size_t k = 0; k < points.size(); ++k) {
        if (k == skip)
            continue;
        lo = std::min(lo, msOf(k));
        hi = std::max(hi, msOf(k));
    }
    if (fitsOffset(hi - lo)) {
        for (std::size_t k = 0; k < points.size(); ++k)
            points[k].dtMs = k == skip ? 0 : qint32(msOf(k) - lo);
        baseMs = lo;
        return;
    }
    wideMs.resize(points.size());
    for (std::size_t k = 0; k < points.size(); ++k)
        wideMs[k] = baseMs + points[k].dtMs;
}

void CounterStore::Ring::narrowIfPossible()
{
    if (wideMs.empty())
        return;
    const auto [lo, hi] = std::minmax_element(wideMs.begin(), wideMs.end());
    if (!fitsOffset(*hi - *lo))
        return;
    baseMs = *lo;
    for (std::size_t k = 0; k < points.size(); ++k)
        points[k].dtMs = qint32(wideMs[k] - baseMs);
    wideMs.clear();
    wideMs.shrink_to_fit();
}

void CounterStore::Ring::shrink(std::size_t capacity)
{
    if (points.size() <= capacity)
        return;
    std::vector<Point> kept;
    std::vector<qint64> keptMs;
    kept.reserve(capacity);
    if (!wideMs.empty())
        keptMs.reserve(capacity);
    for (std::size_t i = size > capacity ? size - capacity : 0; i < size; ++i) {
        const std::size_t k = (head + i) % points.size();
        kept.push_back(points[k]);
        if (!wideMs.empty())
            keptMs.push_back(wideMs[k]);
    }
    points = std::move(kept);
    points.shrink_to_fit();
    wideMs = std::move(keptMs);
    head = 0;
    size = points.size();
    narrowIfPossible();
}

CounterStore::CounterStore(Limits limits) : m_limits(limits), m_ceiling(limits)
{ }

void CounterStore::setByteBudget(qint64 bytes)
{
    const std::unique_lock locker(m_lock);
    m_budget = bytes;
    m_rebalanceAt = 0;
    rebalanceLocked();
}

CounterStore::Limits CounterStore::limits() const
{
    const std::shared_lock locker(m_lock);
    return m_limits;
}

CounterStore::PortSeries &CounterStore::portLocked(const QString &port)
{
    auto it = m_ports.find(port);
    if (it != m_ports.end())
        return **it;
    PortSeries &series = m_store.emplace_back();
    m_ports.insert(port, &series);
    return series;
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
    for (PortSeries &port : m_store) {
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
    if (!s.started) {
        s.started = true;
        if (++m_series >= m_rebalanceAt && m_budget > 0)
            rebalanceLocked();
    }
    // The point that falls out of the recent ring goes into the current downsampling bucket.
    if (s.recent.size == std::size_t(m_limits.recentPoints) && m_limits.recentPoints > 0) {
        const qint64 oldMs = s.recent.msAt(0);
        const qint64 bucket = oldMs - oldMs % m_limits.bucketMs;
        if (s.bucketStart >= 0 && bucket != s.bucketStart && s.bucketCount > 0) {
            s.downsampled.push(s.bucketStart + m_limits.bucketMs / 2,
                               float(s.bucketSum / s.bucketCount),
                               std::size_t(m_limits.downsampledPoints));
            s.bucketSum = 0;
            s.bucketCount = 0;
        }
        s.bucketStart = bucket;
        s.bucketSum += s.recent.valueAt(0);
        ++s.bucketCount;
    }
    s.recent.push(ms, float(value), std::size_t(m_limits.recentPoints));
}

void CounterStore::append(const QString &port, Metric metric, qint64 ms, double value)
{
    const int slot = model::historySlot(metric);
    if (slot < 0)
        return;
    const std::unique_lock locker(m_lock);
    appendLocked(portLocked(port), slot, ms, value);
}

void CounterStore::prefetchOldest(const PortSeries &port)
{
    // What an append costs is the miss on its ring's oldest point, the slot it reads into
    // the downsampling bucket and then overwrites: one heap buffer per series, some 100,000
    // at 11,264 ports. Asked for a port ahead, those misses overlap instead of following one
    // another.
    for (const Series &s : port) {
        if (s.recent.size > 0 && s.recent.size == s.recent.points.size())
            __builtin_prefetch(s.recent.points.data() + s.recent.head, 1);
    }
}

void CounterStore::ingest(const model::SourceFrame &update)
{
    static constexpr auto kCharted = [] {
        std::array<Metric, model::kHistoryMetricCount> charted {};
        for (std::size_t m = 0; m < model::kMetricCount; ++m) {
            if (model::kHistorySlots[m] >= 0)
                charted[std::size_t(model::kHistorySlots[m])] = Metric(m);
        }
        return charted;
    }();
    const qint64 ms = update.takenMs;
    const std::unique_lock locker(m_lock);
    std::vector<KnownPort> &known = m_sourceOrder[update.source];
    known.resize(std::size_t(update.ports.size()));
    // Each port is matched to its place of the last frame one port ahead, so that its rings
    // can be prefetched while the port before it is appended.
    const auto match = [&](qsizetype i) {
        KnownPort &at = known[std::size_t(i)];
        if (at.name != update.ports.at(i).name())
            at = {update.ports.at(i).name(), nullptr};
        else if (at.series)
            prefetchOldest(*at.series);
    };
    if (!update.ports.isEmpty())
        match(0);
    for (qsizetype i = 0; i < update.ports.size(); ++i) {
        const model::PortSample &p = update.ports.at(i);
        KnownPort &at = known[std::size_t(i)];
        if (i + 1 < update.ports.size())
            match(i + 1);
        // Created on the first rate: rows without rates add none.
        for (std::size_t slot = 0; slot < kCharted.size(); ++slot) {
            if (const auto v = p.value(kCharted[slot])) {
                if (!at.series)
                    at.series = &portLocked(p.name());
                appendLocked(*at.series, int(slot), ms, *v);
            }
        }
    }
}

QList<QPointF> CounterStore::series(const QString &port, Metric metric, qint64 fromMs) const
{
    const std::shared_lock locker(m_lock);
    QList<QPointF> out;
    const auto it = m_ports.constFind(port);
    if (it == m_ports.constEnd())
        return out;
    const int slot = model::historySlot(metric);
    if (slot < 0)
        return out;
    const Series &s = (**it)[std::size_t(slot)];
    for (const Ring *ring : {&s.downsampled, &s.recent}) {
        for (std::size_t i = 0; i < ring->size; ++i) {
            const qint64 ms = ring->msAt(i);
            if (ms >= fromMs)
                out.append(QPointF(double(ms), ring->valueAt(i)));
        }
    }
    return out;
}

qsizetype CounterStore::pointCount() const
{
    const std::shared_lock locker(m_lock);
    qsizetype n = 0;
    for (const PortSeries &port : m_store) {
        for (const Series &s : port)
            n += qsizetype(s.recent.size + s.downsampled.size);
    }
    return n;
}

void CounterStore::clear()
{
    const std::unique_lock locker(m_lock);
    m_sourceOrder.clear();
    m_ports.clear();
    m_store.clear();
    m_series = 0;
    m_rebalanceAt = 0;
    m_limits = m_ceiling;
    rebalanceLocked();
}

}  // namespace roce::store
