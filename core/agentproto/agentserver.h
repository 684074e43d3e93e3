#pragma once

#include "agentproto/jobrunner.h"
#include "agentproto/sample.h"

#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSslCertificate>
#include <QSslKey>

#include <functional>

class QTcpServer;
class QTcpSocket;

namespace roce::agentproto {

struct AgentServerOptions {
    QString token;  ///< shared secret a client must present (empty: none accepted)
    QList<QSslCertificate> clientCa;  ///< clients with a certificate from these CAs need no token
    QSslCertificate certificate;      ///< the agent's TLS identity
    QSslKey key;
    bool plaintext = false;  ///< no TLS (loopback tests, explicit opt-in only)
    int maxFrame = 4 * 1024 * 1024;
    QString hostname;
    QString agentVersion;
    /// The agent's wall clock (ms since the epoch) as pongs report it; empty: the system's.
    /// Simulated hosts run their own clocks.
    std::function<qint64()> wallClock;
};

/// The agent side of the protocol (docs: README "Agent protocol"). One instance serves
/// any number of clients; each connection has its own state machine: hello (version
/// negotiation), then authentication, then requests. A malformed, oversized or
/// unauthenticated frame closes that connection, is logged with its reason and leaves the
/// other connections alone. Jobs belong to the connection that started them and are
/// cancelled when it goes away.
class AgentServer : public QObject
{
    Q_OBJECT

public:
    using SampleFunction = std::function<AgentSample()>;

    AgentServer(SampleFunction sampler, JobRunner *jobs, AgentServerOptions options,
                QObject *parent = nullptr);
    ~AgentServer() override;

    /// Listens on @p address:@p port (0: any free port). Returns the port, 0 on error.
    quint16 listen(const QHostAddress &address, quint16 port);
    QString errorString() const { return m_error; }
    int connectionCount() const;
    /// Connections closed because of a protocol violation (for tests and logs).
    int rejectedCount() const { return m_rejected; }

private:
    class Session;
    void accept(QTcpServer *server);
    void forwardJobEvent(const QString &jobId, const QJsonObject &message);

    SampleFunction m_sampler;
    QPointer<JobRunner> m_jobs;  ///< may be destroyed before the server
    AgentServerOptions m_options;
    QString m_error;
    int m_rejected = 0;
    QList<Session *> m_sessions;
    QHash<QString, Session *> m_jobOwners;
};

}  // namespace roce::agentproto
