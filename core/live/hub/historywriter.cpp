#include "live/hub/historywriter.h"

#include "proto/common/backgroundpriority.h"

#include <QElapsedTimer>

namespace roce::live {

HistoryWriter::HistoryWriter(store::CounterStore &store)
    : m_store(store), m_thread([this] { run(); })
{ }

HistoryWriter::~HistoryWriter()
{
    {
        const std::lock_guard locker(m_lock);
        m_stopping = true;
    }
    m_wake.notify_one();
    m_thread.join();
}

void HistoryWriter::post(QList<model::SourceFrame> frames)
{
    if (frames.isEmpty())
        return;
    {
        std::unique_lock locker(m_lock);
        // A writer that falls behind (its thread yields to the GUI's) holds the hub back
        // rather than a growing queue of ticks and their samples.
        m_drained.wait(locker, [&] { return m_posted - m_written < kMaxQueued; });
        m_queue.append({std::move(frames), {}});
        ++m_posted;
    }
    m_wake.notify_one();
}

void HistoryWriter::retire(QList<QList<model::PortSample>> samples)
{
    if (samples.isEmpty())
        return;
    {
        const std::lock_guard locker(m_lock);
        m_queue.append({{}, std::move(samples)});
        ++m_posted;
    }
    m_wake.notify_one();
}

void HistoryWriter::drain() const
{
    std::unique_lock locker(m_lock);
    const qint64 target = m_posted;
    m_drained.wait(locker, [&] { return m_written >= target; });
}

qint64 HistoryWriter::busyNs() const
{
    const std::lock_guard locker(m_lock);
    return m_busyNs;
}

void HistoryWriter::run()
{
    // Bookkeeping behind the GUI thread, which ticks the hub: it takes what that leaves.
    lowerThisThreadsPriority();
    std::unique_lock locker(m_lock);
    for (;;) {
        m_wake.wait(locker, [&] { return m_stopping || !m_queue.isEmpty(); });
        if (m_queue.isEmpty())
            return;  // stopping, and everything posted is written
        Batch batch = m_queue.takeFirst();
        locker.unlock();
        QElapsedTimer timer;
        timer.start();
        for (const model::SourceFrame &f : std::as_const(batch.frames))
            m_store.ingest(f);
        batch = {};  // the retired samples are freed here, off the hub's thread
        const qint64 ns = timer.nsecsElapsed();
        locker.lock();
        m_busyNs += ns;
        ++m_written;
        m_drained.notify_all();
    }
}

}  // namespace roce::live
