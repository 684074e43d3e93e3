#pragma once

#include <QList>
#include <QObject>
#include <QVariant>

#include <type_traits>

/// QSignalSpy for a signal emitted on another thread. QSignalSpy records on the emitting
/// thread (a direct connection), so a test that reads it while the next emission arrives
/// reads a list being appended to. This one records on the thread that made it (a queued
/// connection): the test's event loop (QTRY_*) delivers each emission, in order.
template <typename Sender, typename... Args> class QueuedSpy : public QList<QList<QVariant>>
{
public:
    QueuedSpy(const Sender *sender, void (Sender::*signal)(Args...))
    {
        QObject::connect(
            sender, signal, &m_receiver,
            [this](std::decay_t<Args>... args) {
                append(QList<QVariant> {QVariant::fromValue(args)...});
            },
            Qt::QueuedConnection);
    }

private:
    QObject m_receiver;  ///< lives on this thread: the queued calls run here
};
