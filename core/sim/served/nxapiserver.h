#pragma once

#include "nxapi/client/nxapienvelope.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QSslCertificate>
#include <QSslKey>

#include <functional>

class QTcpServer;
class QTcpSocket;

namespace roce::sim {

/// An NX-API endpoint on a TCP port: HTTP(S) with basic authentication, the `nxapi_auth`
/// session cookie, `POST /ins` with ins_api (`cli_show`, `cli_show_ascii`, `cli_show_array`,
/// `cli_conf` when a configuration handler is set; batches separated by ";") or JSON-RPC 2.0
/// (`cli`, `cli_ascii`), and the session limit of a real switch (a new login beyond it is answered
/// with code 429 "Max sessions reached"). Answers come from a command handler; this class only
/// speaks the protocol.
class NxapiServer : public QObject
{
    Q_OBJECT

public:
    using Handler
        = std::function<nxapi::CommandOutput(const QString &command, nxapi::OutputFormat format)>;

    /// Runs one `cli_conf` request's commands: one output per command run.
    using ConfigHandler = std::function<QList<nxapi::CommandOutput>(const QStringList &commands)>;

    NxapiServer(Handler handler, QString user, QString password, QObject *parent = nullptr);
    /// Takes `cli_conf` requests to @p handler; without one they are refused (read-only).
    void setConfigHandler(ConfigHandler handler) { m_configHandler = std::move(handler); }
    ~NxapiServer() override;

    /// Plain HTTP on @p address:@p port (0 = any free port). Returns the port, or 0 on error.
    quint16 listenHttp(const QHostAddress &address, quint16 port);
    /// HTTPS with @p certificate / @p key (the switch's self-signed identity).
    quint16 listenHttps(const QHostAddress &address, quint16 port,
                        const QSslCertificate &certificate, const QSslKey &key);
    QString errorString() const { return m_error; }

    /// Sessions a login may open before new logins get 429 (NX-API keeps 5 per worker).
    void setMaxSessions(int count) { m_maxSessions = count; }
    /// How long an nxapi_auth cookie stays valid (600 s on NX-OS; shorter in tests).
    void setSessionLifetime(qint64 ms) { m_sessionLifetimeMs = ms; }
    int activeSessions();
    /// Requests answered, by HTTP status (for tests and logs).
    int requestCount() const { return m_requests; }

private:
    struct Connection;
    void accept(QTcpServer *server);
    void onReadyRead(QTcpSocket *socket);
    void handleRequest(QTcpSocket *socket, const QByteArray &method, const QByteArray &path,
                       const QHash<QByteArray, QByteArray> &headers, const QByteArray &body);
    void reply(QTcpSocket *socket, int status, const QByteArray &contentType,
               const QByteArray &body, const QList<QByteArray> &extraHeaders = {},
               bool close = false);
    QByteArray handleInsApi(const QByteArray &body, int *status);
    QByteArray handleJsonRpc(const QByteArray &body, int *status);
    void expireSessions();

    Handler m_handler;
    ConfigHandler m_configHandler;
    QString m_user;
    QString m_password;
    QString m_error;
    int m_maxSessions = 5;
    qint64 m_sessionLifetimeMs = 600 * 1000;
    QElapsedTimer m_clock;
    QHash<QByteArray, qint64> m_sessions;  ///< cookie -> expiry (ms on m_clock)
    QHash<QTcpSocket *, QByteArray> m_buffers;
    int m_requests = 0;
};

}  // namespace roce::sim
