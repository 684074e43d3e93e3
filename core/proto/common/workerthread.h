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
    /// The current worker (lives on the thread; post work to it with invokeMethod).
    QObject *worker() const { return m_worker; }

private:
    QThread m_thread;
    QObject *m_worker = nullptr;
};

}  // namespace roce
