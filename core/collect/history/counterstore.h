#pragma once

#include "proto/datamodel/portsample.h"

#include <QHash>
#include <QList>
#include <QPointF>
#include <QString>

#include <array>
#include <deque>
#include <shared_mutex>
#include <vector>

namespace roce::store {

/// The rates the console keeps history of are the metric table's charted ones
/// (model::historySlot): adding a charted metric there adds its history here.
using model::Metric;

/// Rate history of every port on one time axis (the console clock, ms since the epoch).
/// Full resolution for the recent past, then one averaged point per bucket beyond: memory is
/// bounded per series however long the console runs. Thread-safe: the monitors ingest from
/// their threads, views read from the GUI thread.
class CounterStore
{
public:
    struct Limits {
        int recentPoints = 600;        ///< full resolution (10 min at one poll a second)
        qint64 bucketMs = 10'000;      ///< then one point per 10 s ...
        int downsampledPoints = 8640;  ///< ... for 24 h

        /// Limits that keep @p series series within @p bytes: up to 10 minutes at full
        /// resolution, the rest of the budget for the downsampled tier (up to 24 hours).
        static Limits forBudget(qint64 series, qint64 bytes);
    };
    static constexpr int kBytesPerPoint = 8;

    explicit CounterStore(Limits limits);
    CounterStore();

    /// Keeps the whole history within @p bytes however many ports appear: whenever the number
    /// of series doubles, the limits become Limits::forBudget for twice that many and every
    /// series shrinks to them (its newest points kept), never above the limits given at
    /// construction. 0: no budget (the default).
    void setByteBudget(qint64 bytes);
    Limits limits() const;

    /// Appends every charted rate present in @p update at update.takenMs. Absent rates add
    /// nothing.
    void ingest(const model::SourceFrame &update);
    /// Appends one point; a metric without history (not charted) is ignored.
    void append(const QString &port, Metric metric, qint64 ms, double value);

    /// Points of @p port / @p metric from @p fromMs on (downsampled part first), as
    /// (ms, value).
    QList<QPointF> series(const QString &port, Metric metric, qint64 fromMs = 0) const;
    qsizetype pointCount() const;
    /// Forgets every series (the limits and the budget stay).
    void clear();  ///< all series, both tiers (for memory checks)

private:
    /// 8 bytes: the time as milliseconds after the ring's base, the rate as a float.
    struct Point {
        qint32 dtMs;
        float value;
    };
    static_assert(sizeof(Point) == kBytesPerPoint);
    /// A fixed-capacity ring of points, oldest first. Times are 32-bit offsets from a base of
    /// the ring's own, moved to its oldest point whenever a new time would not fit (so a
    /// console running for months keeps 8-byte points). Only while the points of one ring
    /// span more than 2^31 ms (~24.8 days: a port silent for weeks) does the ring keep their
    /// full times beside them, until that gap has left it.
    struct Ring {
        std::vector<Point> points;
        std::vector<qint64> wideMs;  ///< empty, or the time of points[k] at wideMs[k]
        qint64 baseMs = 0;
        std::size_t head = 0, size = 0;
        void push(qint64 ms, float value, std::size_t capacity);
        void shrink(std::size_t capacity);  ///< keeps the newest @p capacity points
        qint64 msAt(std::size_t i) const { return msOf((head + i) % points.size()); }
        float valueAt(std::size_t i) const { return points[(head + i) % points.size()].value; }

    private:
        qint64 msOf(std::size_t k) const
        {
            return wideMs.empty() ? baseMs + points[k].dtMs : wideMs[k];
        }
        /// Re-bases so that @p ms and every point but the physical slot @p skip fit (skip:
        /// the slot about to be overwritten, or points.size()); else keeps full times.
        void rebase(qint64 ms, std::size_t skip);
        void narrowIfPossible();
    };
    struct Series {
        bool started = false;
        Ring recent, downsampled;
        qint64 bucketStart = -1;
        double bucketSum = 0;
        int bucketCount = 0;
    };
    using PortSeries = std::array<Series, model::kHistoryMetricCount>;
    /// A port of a source's last frame, at its place in that frame.
    struct KnownPort {
        QString name;
        PortSeries *series = nullptr;
    };
    void appendLocked(PortSeries &port, int slot, qint64 ms, double value);
    static void prefetchOldest(const PortSeries &port);
    PortSeries &portLocked(const QString &port);
    void rebalanceLocked();

    Limits m_limits;
    Limits m_ceiling;  ///< the limits given at construction: a budget never raises them
    qint64 m_budget = 0;
    qint64 m_series = 0;       ///< series with at least one point
    qint64 m_rebalanceAt = 0;  ///< series count at which the budget is applied again
    /// A standard lock, not QReadWriteLock: ThreadSanitizer sees this one (pthread).
    mutable std::shared_mutex m_lock;
    std::deque<PortSeries> m_store;  ///< every port's series; a deque: their addresses hold
    QHash<QString, PortSeries *> m_ports;
    /// Each source's ports in the order its last frame listed them. A source lists its ports
    /// in the same order poll after poll, so a port is found by comparing its name with the
    /// one at its place, not by hashing it (at 11,264 ports the lookups were 40 % of ingest).
    QHash<QString, std::vector<KnownPort>> m_sourceOrder;
};

}  // namespace roce::store
