#pragma once

#include "common/workerthread.h"
#include "pingmesh/pairmatrix.h"
#include "pingmesh/verdict.h"

#include <QMetaType>
#include <QObject>

namespace roce::sim {

/// One second of a pingmesh: the pinglist's pairs with their summaries and the verdicts that
/// hold. The endpoint and pair lists are shared between snapshots (implicitly shared).
struct PingmeshSnapshot {
    QString topology;
    QString scenario;
    double seconds = 0;  ///< of probing
    QList<pingmesh::Endpoint> endpoints;
    QList<pingmesh::PingPair> pairs;
    QList<pingmesh::PairSummary> summaries;
    QList<pingmesh::Verdict> verdicts;
    qint64 probesSent = 0;
};

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
    void snapshot(const roce::sim::PingmeshSnapshot &snapshot);
    void failed(const QString &message);

private:
    WorkerThread m_worker;
};

}  // namespace roce::sim

Q_DECLARE_METATYPE(roce::sim::PingmeshSnapshot)
