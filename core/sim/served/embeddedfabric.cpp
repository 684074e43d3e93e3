#include "sim/served/embeddedfabric.h"

#include <QCoreApplication>

namespace roce::sim {

namespace {
class EmbeddedFabricText
{
    Q_DECLARE_TR_FUNCTIONS(EmbeddedFabricText)
};
}  // namespace

EmbeddedFabric::EmbeddedFabric(SimServiceOptions options, QObject *parent)
    : QObject(parent), m_options(std::move(options))
{
    m_thread.setObjectName(QStringLiteral("embedded-fabric"));
    qRegisterMetaType<roce::models::FabricLayout>();
}

EmbeddedFabric::~EmbeddedFabric()
{
    m_thread.quit();
    m_thread.wait();
}

void EmbeddedFabric::inOwnThread(std::function<void()> emitSignals)
{
    // Queued to this object's thread (the console's): a receiver connected directly, or a
    // QSignalSpy, then runs there too and never on the fabric's thread.
    QMetaObject::invokeMethod(this, std::move(emitSignals), Qt::QueuedConnection);
}

void EmbeddedFabric::start()
{
    if (m_context)
        return;
    m_context = new QObject;
    m_context->moveToThread(&m_thread);
    // Deleted on the fabric's thread as it ends, taking the service (its child) with it.
    connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    QObject *context = m_context;
    const SimServiceOptions options = m_options;
    QMetaObject::invokeMethod(m_context, [this, context, options] {
        // Built here so that its timer and sockets belong to this thread.
        auto *service = new SimService(options, context);
        if (const auto ok = service->start(); !ok) {
            const QString message = ok.error().message;
            delete service;
            inOwnThread([this, message] { emit failed(message); });
            return;
        }
        m_service = service;
        const QUrl url = service->nxapiHttpsUrl().isEmpty() ? service->nxapiHttpUrl()
                                                            : service->nxapiHttpsUrl();
        const int hosts = service->agents() ? int(service->fabric().spec().hosts.size()) : 0;
        inOwnThread([this, url, hosts, fingerprint = service->certificateFingerprint(),
                     layout = layoutOf(service->fabric().spec())] {
            emit started(url, hosts, fingerprint);
            emit layoutReady(layout);
        });
        if (service->agents()) {
            QList<experiments::ExperimentHost> agentHosts;
            for (int h = 0; h < hosts; ++h) {
                const HostSpec &spec = service->fabric().spec().hosts[h];
                agentproto::AgentEndpoint e;
                e.host = options.address.toString();
                e.port = service->agentPort(h);
                e.token = options.agentToken;
                e.pinnedSha256 = service->certificateFingerprint().toLatin1();
                agentHosts.append({spec.name, e, spec.ipv4});
            }
            inOwnThread([this, agentHosts] { emit agentsStarted(agentHosts); });
        }
    });
    // Started after the service's construction is queued, so that the thread's first event
    // is it and what was done here happens before it (as ThreadSanitizer can see).
    m_thread.start();
}

models::FabricLayout EmbeddedFabric::layoutOf(const FabricSpec &spec)
{
    models::FabricLayout layout;
    if (spec.switches.isEmpty())
        return layout;
    layout.switchName = spec.switches.first().name;
    for (const SwitchPortSpec &sp : spec.switchPorts) {
        if (sp.switchIndex != 0 || sp.peerKind != PeerKind::Nic)
            continue;
        models::FabricLayout::Attachment a;
        a.switchPort = sp.name;
        a.hypervisor = spec.nicPorts[sp.peer].hypervisor;
        for (int h : spec.hostsOnNicPort(sp.peer))
            a.servers.append({spec.hosts[h].name, spec.hosts[h].rdmaDevice});
        layout.attachments.append(a);
    }
    return layout;
}

void EmbeddedFabric::startScenario(const QString &name)
{
    if (!m_context)
        return;
    QMetaObject::invokeMethod(m_context, [this, name] {
        if (!m_service) {
            inOwnThread([this, name] {
                emit scenarioFailed(name,
                                    EmbeddedFabricText::tr("the simulated fabric is not running"));
            });
            return;
        }
        if (const auto ok = m_service->startScenario(name); !ok) {
            inOwnThread(
                [this, name, message = ok.error().message] { emit scenarioFailed(name, message); });
        } else {
            inOwnThread([this, spec = resolvedSpec(*ok), injection = injectionToJson(*ok)] {
                emit scenarioStarted(spec);
                emit scenarioInjected(injection);
            });
        }
    });
}

}  // namespace roce::sim
