#pragma once

#include <QSslConfiguration>
#include <QTcpServer>

#include <functional>
#include <optional>

class QTcpSocket;

namespace roce::agentproto {

/// The agent's accept path. QSslServer queues sockets until their handshake ends and stops
/// accepting while maxPendingConnections of them wait, resuming only on a handshake timeout,
/// not when a peer closes: a burst of connections closed before their handshake stopped the
/// listener for good. This listener keeps no queue: every accepted descriptor is either
/// refused at once (admission says why) or wrapped in a socket, its TLS handshake started, and
/// handed over; the owner's deadline then frees it whatever the peer does. It never pauses
/// (a failed accept, e.g. out of descriptors, is retried after a short pause).
class AgentListener : public QTcpServer
{
    Q_OBJECT

public:
    /// Why a new connection is refused (empty: accepted). Asked before any socket exists.
    using Admission = std::function<QString()>;

    /// @p tls: the server configuration; empty: plaintext (loopback tests only).
    AgentListener(std::optional<QSslConfiguration> tls, Admission admission,
                  QObject *parent = nullptr);

    /// Connections refused by admission so far.
    int refusedCount() const { return m_refused; }

signals:
    /// A new connection, TLS handshake started (or plaintext). The receiver owns @p socket.
    void accepted(QTcpSocket *socket);
    /// A connection refused at accept, with the reason (for the owner's rate-limited log).
    void refused(const QString &reason);

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    std::optional<QSslConfiguration> m_tls;
    Admission m_admission;
    int m_refused = 0;
};

}  // namespace roce::agentproto
