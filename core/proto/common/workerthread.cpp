#include "proto/common/workerthread.h"

#include <atomic>
#include <future>

namespace roce {

WorkerThread::WorkerThread(const QString &name)
{
    m_thread.setObjectName(name);
}

WorkerThread::~WorkerThread()
{
    stop();
    m_thread.quit();
    m_thread.wait();
}

void WorkerThread::start(std::function<void(QObject *worker)> setUp)
{
    stop();
    m_worker = new QObject;
    m_worker->moveToThread(&m_thread);
    QObject *worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker, setUp = std::move(setUp)] { setUp(worker); });
    // Started after the set-up is queued: the thread's first event is it, and everything
    // done here happens before it (as ThreadSanitizer can see: Qt's queue it cannot).
    if (!m_thread.isRunning())
        m_thread.start();
}

void WorkerThread::stop()
{
    if (!m_worker)
        return;
    QObject *worker = std::exchange(m_worker, nullptr);
    runAndWait(worker, [worker] { delete worker; });
}

void WorkerThread::runAndWait(const std::function<void()> &call)
{
    if (m_worker)
        runAndWait(m_worker, call);
}

void WorkerThread::runAndWait(QObject *target, const std::function<void()> &call)
{
    Q_ASSERT(QThread::currentThread() != target->thread());
    // What this thread did before is published by the release, and what the call did is
    // published back by the promise.
    std::atomic<bool> posted {false};
    std::promise<void> done;
    std::future<void> finished = done.get_future();
    posted.store(true, std::memory_order_release);
    QMetaObject::invokeMethod(
        target,
        [&posted, &done, &call] {
            (void)posted.load(std::memory_order_acquire);
            call();
            done.set_value();
        },
        Qt::QueuedConnection);
    finished.wait();
}

}  // namespace roce
