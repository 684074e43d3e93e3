#pragma once

#include "proto/agentproto/authbackoff.h"
#include "proto/agentproto/jobrunner.h"
#include "proto/agentproto/logsafe.h"
#include "proto/agentproto/sample.h"
#include "proto/common/result.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSslCertificate>
#include <QSslKey>
#include <QTimer>

#include <functional>
#include <memory>

class QTcpSocket;

namespace roce::agentproto {

class AgentListener;
class SharedSample;

struct AgentServerOptions {
    QString token;  ///< shared secret a client must present (empty: none accepted)
    QList<QSslCertificate> clientCa;  ///< clients with a certificate from these CAs need no token
    QSslCertificate certificate;      ///< the agent's TLS identity
    QSslKey key;
    bool plaintext = false;          ///< no TLS (loopback tests, explicit opt-in only)
    int maxFrame = 4 * 1024 * 1024;  ///< largest frame from an authenticated client
    QString hostname;
    QString agentVersion;
    /// The agent's wall clock (ms since the epoch) as pongs report it; empty: the system's.
    /// Simulated hosts run their own clocks.
    std::function<qint64()> wallClock;
    /// Writes a NIC's congestion-control files (`set_ecn`: mlx5's ecn/roce_np and ecn/roce_rp,
    /// {file: value}); empty: the agent changes no NIC setting and says so.
    std::function<Result<void>(const QString &netdev, const QJsonObject &roceNp,
                               const QJsonObject &roceRp)>
        ecnWriter;

    // The pre-authentication budget: what a peer without credentials can make the agent hold.
    /// TLS handshake, hello and auth must all be done this long after accept.
    int preAuthTimeoutMs = 10000;
    /// Largest frame before authentication: hello and auth are a few hundred bytes.
    int preAuthMaxFrame = 16 * 1024;
    /// Connections not yet authenticated, at most. Each costs a TLS session and up to one
    /// pre-auth frame (~100 KiB with buffers), so the cap bounds that memory to a few MiB,
    /// while a reconnect storm of several consoles to one agent still fits.
    int maxUnauthenticated = 32;
    /// Connections in all, at most: well above the consoles, rocectl and experiment links a
    /// host sees (a few per console), and with maxSendQueue it bounds what stuck clients can
    /// pin (256 x 512 KiB), below the default 1024 descriptors of a service.
    int maxConnections = 256;
    /// After a failed auth the next attempt from that address waits this long, doubling
    /// with each failure up to authBackoffCapMs.
    int authBackoffBaseMs = 500;
    int authBackoffCapMs = 30000;

    // Authenticated clients.
    /// Bytes queued for a client (unsent plus unencrypted) above which its samples are
    /// skipped (it is told how many in the next one), job output lines dropped, and its
    /// requests left unread until the queue is below it again (TCP then holds the client
    /// back): replies are bounded as samples are.
    qint64 maxSendQueue = 512 * 1024;
    /// The kernel's send buffer of each client socket. Without it Linux grows the buffer of a
    /// client that does not read up to tcp_wmem's maximum (4 MiB) before the agent sees any
    /// backpressure; 256 KiB still carries a big host's samples at 10 Hz across a WAN.
    int socketSendBuffer = 256 * 1024;
    /// A client whose queue stays above maxSendQueue this long is dropped.
    int stuckTimeoutMs = 30000;
    /// A client that said it answers pings ("pings": true in hello) and sent nothing for
    /// this long is pinged; it is dropped when nothing arrives within pingTimeoutMs more.
    int idlePingMs = 15000;
    int pingTimeoutMs = 15000;
    /// Subscriptions are served on this common tick (and a sample younger than it is reused).
    int tickMs = 100;
    int maxJobsPerConnection = 4;
    int maxJobsPerHost = 8;
    /// Per connection (and for the listener): at most this many warnings per window, then
    /// one line with the number suppressed.
    int warningsPerWindow = 5;
    int warningWindowMs = 10000;
};

/// The agent side of the protocol (docs: README "Agent protocol"). One instance serves
/// any number of clients; each connection has its own state machine: hello (version
/// negotiation), then authentication, then requests. A malformed, oversized or
/// unauthenticated frame closes that connection, is logged with its reason and leaves the
/// other connections alone. Jobs belong to the connection that started them and are
/// cancelled when it goes away. Every subscriber is served from one SharedSample per tick.
class AgentServer : public QObject
{
    Q_OBJECT

public:
    using SampleFunction = std::function<AgentSample()>;

    AgentServer(SampleFunction sampler, JobRunner *jobs, const AgentServerOptions &options,
                QObject *parent = nullptr);
    /// Serves @p samples, which others (the agent's /metrics) may share.
    AgentServer(std::shared_ptr<SharedSample> samples, JobRunner *jobs, AgentServerOptions options,
                QObject *parent = nullptr);
    ~AgentServer() override;

    /// Listens on @p address:@p port (0: any free port). Returns the port, 0 on error.
    quint16 listen(const QHostAddress &address, quint16 port);
    QString errorString() const { return m_error; }
    SharedSample *sharedSample() const { return m_samples.get(); }

    // Accounting, for tests and logs.
    int connectionCount() const;
    int unauthenticatedCount() const;
    /// Connections closed because of a protocol violation or an expired budget.
    int rejectedCount() const { return m_rejected; }
    /// Connections refused at accept (a cap was reached).
    int refusedCount() const;
    /// Bytes held for connections not yet authenticated: partial frames and unread input.
    qint64 preAuthBufferedBytes() const;
    /// The longest send queue of any client now (unsent plus unencrypted bytes).
    qint64 largestSendQueue() const;
    /// Samples not sent because a client's queue was full, over all clients.
    int skippedSamples() const { return m_skippedSamples; }
    /// Clients dropped because they stopped reading or answering.
    int droppedClients() const { return m_droppedClients; }
    /// Auth attempts held back by the failed-auth backoff.
    int deferredAuths() const { return m_deferredAuths; }
    /// The delay the next failed auth from @p peer has earned (0: none).
    qint64 authBackoffMs(const QHostAddress &peer) const { return m_backoff.delayMs(peer); }

private:
    class Session;
    friend class Session;
    void onAccepted(QTcpSocket *socket);
    QString admission() const;
    void forwardJobEvent(const QString &jobId, const QJsonObject &message);
    void onTick();
    void onHousekeeping();
    void subscriptionsChanged();
    void warn(const QString &text);
    qint64 nowMs() const { return m_clock.elapsed(); }

    std::shared_ptr<SharedSample> m_samples;
    QPointer<JobRunner> m_jobs;  ///< may be destroyed before the server
    AgentServerOptions m_options;
    QString m_error;
    AgentListener *m_listener = nullptr;
    QElapsedTimer m_clock;
    QTimer m_tick;
    QTimer m_housekeeping;
    AuthBackoff m_backoff;
    WarningLimiter m_listenerWarnings;
    int m_rejected = 0;
    int m_skippedSamples = 0;
    int m_droppedClients = 0;
    int m_deferredAuths = 0;
    QList<Session *> m_sessions;
    QHash<QString, Session *> m_jobOwners;
};

}  // namespace roce::agentproto
