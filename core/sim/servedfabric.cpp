#include "sim/servedfabric.h"

namespace roce::sim {

ServedFabric::ServedFabric(ServedFabricOptions options, QObject *parent)
    : QObject(parent), m_options(std::move(options))
{
    // Connected first, so that endpoints() is current in every other receiver of started().
    connect(this, &ServedFabric::started, this,
            [this](const ServedFabricEndpoints &endpoints) { m_endpoints = endpoints; });
}

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
            emit failed(endpoints.error().message);
            return;
        }
        emit started(endpoints.value());
    });
}

void ServedFabric::stop()
{
    m_worker.stop();
    m_endpoints = {};
}

void ServedFabric::post(std::function<void(LeafSpineService &)> work)
{
    QObject *worker = m_worker.worker();
    if (!worker) {
        emit requestFailed(tr("the served fabric is not running"));
        return;
    }
    QMetaObject::invokeMethod(worker, [this, worker, work = std::move(work)] {
        auto *service = worker->findChild<LeafSpineService *>(QStringLiteral("leaf-spine-service"));
        if (!service) {
            emit requestFailed(tr("the served fabric is not running"));
            return;
        }
        work(*service);
    });
}

void ServedFabric::stopSwitch(const QString &name)
{
    post([this, name](LeafSpineService &service) {
        if (const auto done = service.stopSwitch(name); !done)
            emit requestFailed(done.error().message);
        else
            emit switchStopped(name);
    });
}

void ServedFabric::restartSwitch(const QString &name)
{
    post([this, name](LeafSpineService &service) {
        if (const auto done = service.restartSwitch(name); !done)
            emit requestFailed(done.error().message);
        else
            emit switchRestarted(name);
    });
}

void ServedFabric::startScenario(const QString &name)
{
    post([this, name](LeafSpineService &service) {
        if (const auto done = service.startScenario(name); !done)
            emit requestFailed(done.error().message);
        else
            emit scenarioStarted(name);
    });
}

}  // namespace roce::sim
