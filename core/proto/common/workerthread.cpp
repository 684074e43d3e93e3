#include "proto/common/workerthread.h"

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
    if (!m_thread.isRunning())
        m_thread.start();
    m_worker = new QObject;
    m_worker->moveToThread(&m_thread);
    QObject *worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker, setUp = std::move(setUp)] { setUp(worker); });
}

void WorkerThread::stop()
{
    if (!m_worker)
        return;
    QObject *worker = std::exchange(m_worker, nullptr);
    QMetaObject::invokeMethod(
        worker, [worker] { delete worker; }, Qt::BlockingQueuedConnection);
}

}  // namespace roce
