#include "sim/served/servedfabric.h"

#include <memory>

#include <QCoreApplication>

namespace roce::sim {

namespace {
// A plain context name: lupdate and tr() agree on it whatever the namespace.
class ServedFabricText
{
    Q_DECLARE_TR_FUNCTIONS(ServedFabricText)
};
}  // namespace

ServedFabric::ServedFabric(ServedFabricOptions options, QObject *parent)
    : QObject(parent), m_options(std::move(options))
{ }

ServedFabric::~ServedFabric()
{
    stop();
}

void ServedFabric::start()
{
    m_worker.start([this](QObject *worker) {
        auto *service = new LeafSpineService(m_options, worker);
        service->setObjectName(QStringLiteral("leaf-spine-service"));
        auto endpoints = service->start();
        if (!endpoints) {
            delete service;
            onOwnerThread([this, message = endpoints.error().message] { emit failed(message); });
            return;
        }
        onOwnerThread([this, e = std::move(endpoints).value()] {
            m_endpoints = e;
            emit started(e);
        });
    });
}

void ServedFabric::stop()
{
    m_worker.stop();
    m_endpoints = {};
}

void ServedFabric::onOwnerThread(std::function<void()> report)
{
    // Signals leave from this object's own thread, so that receivers connected directly (a
    // QSignalSpy) never run on the model's thread. Dropped if this object is gone by then.
    QMetaObject::invokeMethod(this, std::move(report), Qt::QueuedConnection);
}

void ServedFabric::post(std::function<Result<void>(LeafSpineService &)> work,
                        std::function<void()> done)
{
    QObject *worker = m_worker.worker();
    if (!worker) {
        emit requestFailed(ServedFabricText::tr("the served fabric is not running"));
        return;
    }
    QMetaObject::invokeMethod(
        worker, [this, worker, work = std::move(work), done = std::move(done)] {
            auto *service
                = worker->findChild<LeafSpineService *>(QStringLiteral("leaf-spine-service"));
            if (!service) {
                onOwnerThread([this] {
                    emit requestFailed(ServedFabricText::tr("the served fabric is not running"));
                });
                return;
            }
            if (const auto result = work(*service); !result) {
                onOwnerThread(
                    [this, message = result.error().message] { emit requestFailed(message); });
                return;
            }
            onOwnerThread(done);
        });
}

void ServedFabric::stopSwitch(const QString &name)
{
    post([name](LeafSpineService &service) { return service.stopSwitch(name); },
         [this, name] { emit switchStopped(name); });
}

void ServedFabric::restartSwitch(const QString &name)
{
    post([name](LeafSpineService &service) { return service.restartSwitch(name); },
         [this, name] { emit switchRestarted(name); });
}

void ServedFabric::startScenario(const QString &name)
{
    // What started, every target named (a drawn one too), as the status line says it.
    auto started = std::make_shared<ScenarioInjection>();
    post(
        [name, started](LeafSpineService &service) -> Result<void> {
            const auto injected = service.startScenario(name);
            if (!injected)
                return injected.error();
            *started = *injected;
            return {};
        },
        [this, started] {
            emit scenarioStarted(resolvedSpec(*started));
            emit scenarioInjected(injectionToJson(*started));
        });
}

}  // namespace roce::sim
