#pragma once

#include "proto/common/workerthread.h"
#include "sim/served/leafspineservice.h"

#include <QJsonObject>
#include <QObject>

#include <functional>

namespace roce::sim {

/// A served leaf/spine fabric (LeafSpineService) on a thread of its own, so that the
/// owner's thread (a GUI, a CLI's event loop, a test) stays free while the model advances and
/// its endpoints answer. Requests are posted to that thread; answers arrive as signals on the
/// owner's thread.
class ServedFabric : public QObject
{
    Q_OBJECT

public:
    explicit ServedFabric(ServedFabricOptions options, QObject *parent = nullptr);
    /// Stops the service and joins its thread.
    ~ServedFabric() override;

    /// Answers with started() or failed().
    void start();
    void stop();
    /// The endpoints of the running fabric (empty before started()).
    const ServedFabricEndpoints &endpoints() const { return m_endpoints; }

    /// Closes switch @p name's NX-API endpoint; answers with switchStopped() or
    /// requestFailed().
    void stopSwitch(const QString &name);
    /// Opens it again on the same port; answers with switchRestarted() or requestFailed().
    void restartSwitch(const QString &name);
    /// Applies a live scenario; answers with scenarioStarted() or requestFailed().
    void startScenario(const QString &name);

signals:
    void started(const roce::sim::ServedFabricEndpoints &endpoints);
    void failed(const QString &message);
    void switchStopped(const QString &name);
    void switchRestarted(const QString &name);
    void scenarioStarted(const QString &name);
    /// With scenarioStarted(): what it injected where (injectionToJson()): the simulator's
    /// ground truth, for scoring a diagnosis, never an input of one.
    void scenarioInjected(const QJsonObject &injection);
    void requestFailed(const QString &message);

private:
    /// Runs @p work on the service's thread; then @p done, or requestFailed(), here.
    void post(std::function<Result<void>(LeafSpineService &)> work, std::function<void()> done);
    void onOwnerThread(std::function<void()> report);

    ServedFabricOptions m_options;
    ServedFabricEndpoints m_endpoints;
    WorkerThread m_worker {QStringLiteral("served-fabric")};
};

}  // namespace roce::sim
