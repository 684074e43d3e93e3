#pragma once

// Internal to AgentServer: one client connection and its state machine.

#include "proto/agentproto/agentserver.h"
#include "proto/agentproto/frame.h"
#include "proto/agentproto/logsafe.h"

#include <QJsonObject>
#include <QTimer>

namespace roce::agentproto {

class AgentServer::Session : public QObject
{
public:
    Session(AgentServer *server, QTcpSocket *socket);
    ~Session() override;

    bool authenticated() const { return m_authenticated; }
    /// Bytes held for this connection before authentication (0 once authenticated).
    qint64 preAuthBytes() const;
    /// Bytes written to this client and not yet on the wire (unsent plus unencrypted).
    qint64 sendQueue() const;
    bool subscribed() const { return m_intervalMs > 0; }
    /// Whether a sample is due at @p nowMs.
    bool sampleDue(qint64 nowMs) const { return subscribed() && m_nextDueMs <= nowMs; }
    /// Sends the tick's shared sample, or skips it when the client does not keep up.
    void deliverSample(qint64 nowMs);
    /// Periodic checks: a client that stopped reading, a silent one to ping or drop.
    void housekeeping(qint64 nowMs);
    /// Control messages (answers, errors, job events other than output): always written.
    void send(const QJsonObject &message);
    /// Job events: output lines are dropped (and counted in the job's result) while the
    /// client's queue is full.
    void sendJobEvent(const QString &jobId, QJsonObject message);

    QStringList jobs;

private:
    enum class State { Handshake, Hello, Auth, Ready, Closed };

    void onReadyRead();
    void processQueue();
    /// Whether the client's requests are to be left unread now: its send queue is over the
    /// cap (and so stays until it drains, see onWritten()).
    bool backlogged();
    /// Something of the send queue went out: resumes reading once it is below the cap.
    void onWritten();
    void resumeReading();
    void handle(const QJsonObject &m);
    void handleHello(const QJsonObject &m);
    void handleAuth(const QJsonObject &m);
    void checkToken(const QJsonObject &m);
    void handleRequest(const QString &type, const QJsonObject &m);
    void startJob(const QJsonValue &id, const QJsonObject &m);
    void error(const QJsonValue &id, const QString &code, const QString &message);
    /// `set_ecn`: a NIC's congestion-control files, through the agent's writer.
    void setEcn(const QJsonValue &id, const QJsonObject &m);
    /// Protocol violation or expired budget: says why (when it can), closes, logs.
    void reject(const QString &reason, const QString &code = QStringLiteral("protocol_error"));
    /// Drops the connection at once (nothing more can be written to it).
    void drop(const QString &reason);
    void finish();
    void warn(const QString &text);
    void watchQueue(qint64 nowMs);
    bool certificateAuthenticated() const;

    AgentServer *m_server;
    QTcpSocket *m_socket;
    QHostAddress m_peer;
    QString m_peerText;
    FrameDecoder m_decoder;
    State m_state = State::Handshake;
    bool m_authenticated = false;
    bool m_finished = false;
    QList<QJsonObject> m_queue;  ///< decoded, not yet handled (held auth, backlogged requests)
    bool m_paused = false;       ///< auth held by the backoff: input waits in the socket
    /// Requests left unread while the send queue is over the cap (replies bounded as samples).
    bool m_backpressure = false;
    bool m_resumeQueued = false;
    QTimer m_preAuthDeadline;
    WarningLimiter m_warnings;
    // Subscription, served on the server's tick.
    int m_intervalMs = 0;
    qint64 m_nextDueMs = 0;
    int m_skipped = 0;  ///< samples skipped since the last one sent
    qint64 m_stuckSinceMs = -1;
    QHash<QString, int> m_droppedOutput;  ///< job id -> output lines dropped here
    // Liveness.
    bool m_answersPings = false;
    qint64 m_lastReceivedMs = 0;
    qint64 m_pingSentMs = -1;
    int m_nextPingId = 1;
};

}  // namespace roce::agentproto
