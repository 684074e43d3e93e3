#pragma once

#include "proto/agentproto/frame.h"
#include "proto/agentproto/jobspec.h"
#include "proto/agentproto/sample.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSslCertificate>
#include <QSslKey>
#include <QTimer>

class QSslSocket;
class QTcpSocket;

namespace roce::agentproto {

/// Where an agent is and how to trust and authenticate to it.
struct AgentEndpoint {
    QString host;
    quint16 port = 0;
    QString token;
    bool plaintext = false;  ///< no TLS (loopback tests, explicit opt-in only)
    QByteArray
        pinnedSha256;  ///< agent certificate SHA-256 (hex, colons allowed); empty = verify by CA
    QList<QSslCertificate> caCertificates;  ///< extra CAs to verify the agent against
    QSslCertificate clientCertificate;      ///< authenticate with a certificate instead of a token
    QSslKey clientKey;
};

/// How long the console waits for an agent, in milliseconds.
struct AgentClientTimeouts {
    int connectMs = 10000;    ///< TCP connection
    int handshakeMs = 15000;  ///< TLS, hello and auth (the agent's own budget is 10 s)
    int pingAfterMs = 10000;  ///< ping the agent after this long without a frame from it
    int silenceMs = 30000;    ///< fail after this long without one (ping unanswered)
};

/// The console side of the agent protocol: connects (TLS, certificate pinned or verified),
/// says hello, authenticates, and then turns frames into signals. Never blocks. A connection
/// that does not come up in time, or an agent that goes silent (pinged, no answer), ends in
/// Failed with the reason, so that monitors reconnect; TCP keepalive runs underneath.
class AgentClient : public QObject
{
    Q_OBJECT

public:
    enum class State { Disconnected, Connecting, Handshaking, Ready, Failed };
    Q_ENUM(State)

    explicit AgentClient(AgentEndpoint endpoint, QObject *parent = nullptr);
    ~AgentClient() override;

    void connectToAgent();
    void disconnectFromAgent();
    State state() const { return m_state; }
    QString lastError() const { return m_lastError; }
    QString agentHostname() const { return m_hostname; }
    const AgentEndpoint &endpoint() const { return m_endpoint; }
    /// Takes effect at the next connectToAgent().
    void setTimeouts(const AgentClientTimeouts &timeouts) { m_timeouts = timeouts; }

    /// Samples every @p intervalMs (100..60000) until unsubscribed.
    void subscribe(int intervalMs);
    void unsubscribe();
    /// Starts a job; the answer is jobStarted(requestId, jobId) or requestFailed(requestId, ...).
    int startJob(const JobSpec &spec);
    void cancelJob(const QString &jobId);
    /// Hands @p line (one line of text, no newline) to a running job of this connection that
    /// reads input (a pingmesh endpoint: its peers). A refusal comes as requestFailed().
    int sendJobInput(const QString &jobId, const QString &line);
    /// Writes NIC @p netdev's congestion-control files (mlx5's ecn/roce_np, ecn/roce_rp:
    /// {file: value}); the answer is ecnSet(requestId) or requestFailed(requestId, ...).
    int setEcn(const QString &netdev, const QJsonObject &roceNp, const QJsonObject &roceRp);
    /// Pings the agent with the console's time; the answer is clockMeasured().
    void measureClock();
    /// Sends raw bytes (tests of the agent's robustness only).
    void sendRaw(const QByteArray &bytes);

signals:
    void stateChanged(roce::agentproto::AgentClient::State state);
    void sampleReceived(const roce::agentproto::AgentSample &sample, qint64 receivedWallMs);
    void jobStarted(int requestId, const QString &jobId);
    void jobReady(const QString &jobId);
    void jobOutput(const QString &jobId, const QString &stream, const QString &line);
    void jobFinished(const roce::agentproto::JobResult &result);
    void requestFailed(int requestId, const QString &code, const QString &message);
    void ecnSet(int requestId);
    /// The agent's clock minus the console's (NTP-style: the agent's time at the pong against
    /// the middle of the round trip), and the round trip that bounds its error (+- rtt/2).
    void clockMeasured(double offsetMs, double rttMs);

private:
    void setState(State state, const QString &error = {});
    void send(const QJsonObject &message);
    void onConnected();
    void onReadyRead();
    void handle(const QJsonObject &message);
    void fail(const QString &reason);
    void checkLiveness();

    AgentEndpoint m_endpoint;
    AgentClientTimeouts m_timeouts;
    QTimer m_connectDeadline;
    QTimer m_handshakeDeadline;  ///< TLS, hello and auth
    QTimer m_liveness;
    qint64 m_lastReceivedNs = 0;  ///< m_monotonic at the last bytes from the agent
    bool m_livenessPingSent = false;
    QTcpSocket *m_socket = nullptr;
    FrameDecoder m_decoder;
    State m_state = State::Disconnected;
    QString m_lastError;
    QString m_hostname;
    int m_nextId = 1;
    int m_pendingSubscribeMs = 0;
    struct Ping {
        qint64 wallMs;     ///< the console's clock when sent
        qint64 elapsedNs;  ///< m_monotonic when sent: the round trip, free of clock steps
    };
    QHash<int, Ping> m_pings;
    QElapsedTimer m_monotonic;
};

/// "AB:CD:..." or "abcd..." -> lowercase hex without separators.
QByteArray normalizeFingerprint(const QByteArray &text);

}  // namespace roce::agentproto
