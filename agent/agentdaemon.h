#pragma once

#include "agentoptions.h"
#include "proto/common/result.h"

#include <QObject>

#include <memory>

namespace roce::agentproto {
class AgentServer;
}
namespace roce::prometheus {
class MetricsServer;
}

namespace roce::agent {

class ProcessJobRunner;
class Sampler;

/// roce-agent as a daemon: the sampler, the job runner, the protocol server (TLS) and the
/// Prometheus endpoint, wired together.
class AgentDaemon : public QObject
{
    Q_OBJECT

public:
    explicit AgentDaemon(AgentOptions options, QObject *parent = nullptr);
    ~AgentDaemon() override;

    Result<void> start();
    quint16 port() const { return m_port; }
    quint16 metricsPort() const { return m_metricsPort; }

private:
    AgentOptions m_options;
    std::unique_ptr<Sampler> m_sampler;
    ProcessJobRunner *m_jobs = nullptr;
    agentproto::AgentServer *m_server = nullptr;
    prometheus::MetricsServer *m_metrics = nullptr;
    quint16 m_port = 0;
    quint16 m_metricsPort = 0;
};

}  // namespace roce::agent
