#pragma once

#include <QObject>

class QSocketNotifier;

namespace roce::cli {

/// Turns SIGINT and SIGTERM into a signal on the event loop (a long-running rocectl command
/// then stops cleanly: endpoints closed, threads joined). Only one instance at a time; the
/// previous handlers come back when it is destroyed.
class StopSignals : public QObject
{
    Q_OBJECT

public:
    explicit StopSignals(QObject *parent = nullptr);
    ~StopSignals() override;

signals:
    void stopRequested(int signalNumber);

private:
    QSocketNotifier *m_notifier = nullptr;
};

}  // namespace roce::cli
