#pragma once

#include <QString>
#include <QThread>

#include <functional>

namespace roce {

/// A thread with one worker object on it, for the monitors: set-up code runs on the thread
/// (so the sockets and timers it creates belong there), and stopping deletes the worker, and
/// everything parented to it, on the thread too.
class WorkerThread
{
public:
    explicit WorkerThread(const QString &name);
    ~WorkerThread();  ///< stops and joins
    WorkerThread(const WorkerThread &) = delete;
    WorkerThread &operator=(const WorkerThread &) = delete;

    /// Replaces the worker and runs @p setUp(worker) on the thread.
    void start(std::function<void(QObject *worker)> setUp);
    /// Deletes the worker on its thread and waits until that is done.
    void stop();
    /// Runs @p call on the thread, after what was queued before it, and returns once it has
    /// run. Never from the thread itself. Unlike a blocking queued call, the hand-over both
    /// ways is made of C++ atomics, so ThreadSanitizer sees it (Qt's event queue and its
    /// semaphore are not instrumented).
    void runAndWait(const std::function<void()> &call);
    /// The current worker (lives on the thread; post work to it with invokeMethod).
    QObject *worker() const { return m_worker; }

private:
    static void runAndWait(QObject *target, const std::function<void()> &call);

    QThread m_thread;
    QObject *m_worker = nullptr;
};

}  // namespace roce
