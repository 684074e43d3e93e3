#include "proto/agentproto/agentlistener.h"

#include "proto/agentproto/keepalive.h"

#include <QPointer>
#include <QSslSocket>
#include <QTimer>

#include <unistd.h>

namespace roce::agentproto {

AgentListener::AgentListener(std::optional<QSslConfiguration> tls, Admission admission,
                             QObject *parent)
    : QTcpServer(parent), m_tls(std::move(tls)), m_admission(std::move(admission))
{
    // QTcpServer pauses for good on an accept error that is not temporary (EMFILE, ENFILE,
    // ENOBUFS): resume after a breath, when jobs or closing connections may have freed some.
    connect(this, &QTcpServer::acceptError, this, [this](QAbstractSocket::SocketError) {
        QTimer::singleShot(500, this, [this] { resumeAccepting(); });
    });
}

void AgentListener::incomingConnection(qintptr descriptor)
{
    if (const QString reason = m_admission ? m_admission() : QString(); !reason.isEmpty()) {
        ++m_refused;
        // Closed before a byte is read or a TLS object exists: the cheapest possible answer.
        ::close(int(descriptor));
        emit refused(reason);
        return;
    }
    QTcpSocket *socket = nullptr;
    if (m_tls) {
        auto *ssl = new QSslSocket(this);
        ssl->setSslConfiguration(*m_tls);
        socket = ssl;
    } else {
        socket = new QTcpSocket(this);
    }
    if (!socket->setSocketDescriptor(descriptor)) {
        ::close(int(descriptor));
        delete socket;
        return;
    }
    enableTcpKeepAlive(socket);
    // Handed over first, so that the owner sees even a handshake that fails at once.
    QPointer<QTcpSocket> guard(socket);
    emit accepted(socket);
    if (auto *ssl = qobject_cast<QSslSocket *>(guard.data()))
        ssl->startServerEncryption();
}

}  // namespace roce::agentproto
