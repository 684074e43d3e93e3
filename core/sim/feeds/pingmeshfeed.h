#pragma once

#include "collect/pingmesh/snapshot.h"
#include "proto/common/workerthread.h"
#include <QObject>

namespace roce::sim {

/// One second of the simulated fabric's pingmesh (the type the agents' pingmesh shares).
using PingmeshSnapshot = pingmesh::PingmeshSnapshot;

/// The simulated fabric's pingmesh for the console: a PingmeshSimulation on a thread of its
/// own, advanced one simulated second per wall second (or as fast as the machine goes when
/// it cannot keep up), publishing a snapshot each second.
class PingmeshFeed : public QObject
{
    Q_OBJECT

public:
    explicit PingmeshFeed(QObject *parent = nullptr);
    ~PingmeshFeed() override;

    /// Starts (or restarts) on @p topology with @p scenario (pingmeshScenarios(), with its
    /// argument); answers with snapshot() every second, or failed().
    void start(const QString &topology, const QString &scenario);
    void stop();

signals:
    void snapshot(const roce::pingmesh::PingmeshSnapshot &snapshot);
    void failed(const QString &message);

private:
    WorkerThread m_worker;
};

}  // namespace roce::sim
