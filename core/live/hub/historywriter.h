#pragma once

#include "collect/history/counterstore.h"
#include "proto/datamodel/portsample.h"

#include <QList>

#include <condition_variable>
#include <mutex>
#include <thread>

namespace roce::live {

/// Writes the hub's frames into its rate history on a thread of its own, in the order the
/// hub applied them, and frees there what the hub no longer shows. At fleet scale the history is
/// the largest part of a tick (5 ms of every second for 11,264 ports) and the hub ticks on the GUI
/// thread; the store is thread-safe, so views read it meanwhile and see each tick's points a few
/// milliseconds later.
class HistoryWriter
{
public:
    explicit HistoryWriter(store::CounterStore &store);
    /// Writes what was posted, then joins the thread.
    ~HistoryWriter();
    HistoryWriter(const HistoryWriter &) = delete;
    HistoryWriter &operator=(const HistoryWriter &) = delete;

    /// Queues one tick's frames (the lists are shared, not copied); waits while kMaxQueued
    /// batches are still unwritten.
    void post(QList<model::SourceFrame> frames);
    static constexpr qint64 kMaxQueued = 16;
    /// Lets go of samples the hub no longer shows (each source's previous frame) on this
    /// thread: freeing 11,264 samples and their strings is a millisecond the GUI thread need
    /// not spend. Whoever drops a list last frees it; queued after a tick's own work, this is
    /// usually the writer.
    void retire(QList<QList<model::PortSample>> samples);
    /// Returns once everything posted so far is in the store: what reads the history right
    /// after a tick (a test, a recording compared with its replay) waits here.
    void drain() const;
    /// Thread time spent writing and freeing, in total (for the benchmarks' share of a core).
    qint64 busyNs() const;

private:
    void run();

    store::CounterStore &m_store;
    mutable std::mutex m_lock;
    std::condition_variable m_wake;             ///< work posted, or stopping
    mutable std::condition_variable m_drained;  ///< a batch written
    struct Batch {
        QList<model::SourceFrame> frames;
        QList<QList<model::PortSample>> retired;
    };
    QList<Batch> m_queue;
    qint64 m_posted = 0, m_written = 0;
    qint64 m_busyNs = 0;
    bool m_stopping = false;
    std::thread m_thread;  ///< last: started once the rest is built
};

}  // namespace roce::live
