#include "agentproto/agentserver.h"

#include "agentproto/frame.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QLoggingCategory>
#include <QSslConfiguration>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTimer>

namespace roce::agentproto {

Q_LOGGING_CATEGORY(lcAgentServer, "roce.agent.server", QtInfoMsg)

JobRunner::~JobRunner() = default;

namespace {
class AgentServerText
{
    Q_DECLARE_TR_FUNCTIONS(AgentServerText)
};

bool constantTimeEquals(const QByteArray &a, const QByteArray &b)
{
    if (a.size() != b.size())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}
}  // namespace

class AgentServer::Session : public QObject
{
public:
    Session(AgentServer *server, QTcpSocket *socket)
        : QObject(server), m_server(server), m_socket(socket), m_decoder(server->m_options.maxFrame)
    {
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, &Session::onReadyRead);
        connect(socket, &QTcpSocket::disconnected, this, &Session::onDisconnected);
        connect(&m_subscription, &QTimer::timeout, this, &Session::sendSample);
        // A client that never says hello does not hold a connection forever.
        QTimer::singleShot(30000, this, [this] {
            if (m_state == State::Hello)
                reject(AgentServerText::tr("no hello within 30 s"));
        });
    }

    void send(const QJsonObject &message)
    {
        if (m_socket->state() == QAbstractSocket::ConnectedState)
            m_socket->write(encodeFrame(message));
    }

    QStringList jobs;

private:
    enum class State { Hello, Auth, Ready, Closed };

    void reject(const QString &reason, const QString &code = QStringLiteral("protocol_error"))
    {
        if (m_state == State::Closed)
            return;
        qCWarning(lcAgentServer).noquote()
            << "closing connection from" << m_socket->peerAddress().toString() << ":" << reason;
        ++m_server->m_rejected;
        send({{QStringLiteral("type"), QStringLiteral("error")},
              {QStringLiteral("code"), code},
              {QStringLiteral("message"), reason}});
        m_state = State::Closed;
        m_subscription.stop();
        m_socket->flush();
        m_socket->disconnectFromHost();
    }

    void onReadyRead()
    {
        if (m_state == State::Closed) {
            m_socket->readAll();
            return;
        }
        const auto messages = m_decoder.feed(m_socket->readAll());
        if (!messages) {
            reject(messages.error().message);
            return;
        }
        for (const QJsonObject &m : *messages) {
            handle(m);
            if (m_state == State::Closed)
                return;
        }
    }

    void onDisconnected()
    {
        m_subscription.stop();
        m_state = State::Closed;
        // Jobs die with the connection that started them: no orphan is left running. Their
        // remaining events have nobody to go to: forget the owner first (this session is
        // about to be deleted).
        for (const QString &job : std::as_const(jobs))
            m_server->m_jobOwners.remove(job);
        if (m_server->m_jobs) {
            for (const QString &job : std::as_const(jobs))
                m_server->m_jobs->cancel(job);
        }
        jobs.clear();
        m_server->m_sessions.removeAll(this);
        deleteLater();
    }

    void error(const QJsonValue &id, const QString &code, const QString &message)
    {
        send({{QStringLiteral("type"), QStringLiteral("error")},
              {QStringLiteral("id"), id},
              {QStringLiteral("code"), code},
              {QStringLiteral("message"), message}});
    }

    bool certificateAuthenticated() const
    {
        auto *ssl = qobject_cast<QSslSocket *>(m_socket);
        return ssl && !m_server->m_options.clientCa.isEmpty() && !ssl->peerCertificate().isNull()
            && ssl->sslHandshakeErrors().isEmpty();
    }

    void handle(const QJsonObject &m)
    {
        const QString type = m.value(QStringLiteral("type")).toString();
        const QJsonValue id = m.value(QStringLiteral("id"));
        if (m_state == State::Hello) {
            if (type != QLatin1String("hello")) {
                reject(AgentServerText::tr("expected hello, got '%1'").arg(type));
                return;
            }
            int version = 0;
            for (const QJsonValue &v : m.value(QStringLiteral("protocol")).toArray()) {
                if (v.toInt() == kProtocolVersion)
                    version = kProtocolVersion;
            }
            if (version == 0) {
                reject(AgentServerText::tr("no common protocol version (agent speaks %1)")
                           .arg(kProtocolVersion),
                       QStringLiteral("unsupported_version"));
                return;
            }
            const bool byCertificate = certificateAuthenticated();
            send({{QStringLiteral("type"), QStringLiteral("hello")},
                  {QStringLiteral("protocol"), version},
                  {QStringLiteral("agent"), m_server->m_options.agentVersion},
                  {QStringLiteral("hostname"), m_server->m_options.hostname},
                  {QStringLiteral("authenticated"), byCertificate}});
            m_state = byCertificate ? State::Ready : State::Auth;
            return;
        }
        if (m_state == State::Auth) {
            if (type != QLatin1String("auth")) {
                reject(AgentServerText::tr("not authenticated: '%1' before auth").arg(type),
                       QStringLiteral("unauthenticated"));
                return;
            }
            const QByteArray token = m.value(QStringLiteral("token")).toString().toUtf8();
            const QByteArray expected = m_server->m_options.token.toUtf8();
            if (expected.isEmpty() || !constantTimeEquals(token, expected)) {
                reject(AgentServerText::tr("authentication failed"),
                       QStringLiteral("unauthenticated"));
                return;
            }
            m_state = State::Ready;
            send({{QStringLiteral("type"), QStringLiteral("auth_ok")}});
            return;
        }
        if (type == QLatin1String("ping")) {
            // The agent's clock at the answer: the console estimates its offset from it.
            const qint64 wall = m_server->m_options.wallClock ? m_server->m_options.wallClock()
                                                              : QDateTime::currentMSecsSinceEpoch();
            send({{QStringLiteral("type"), QStringLiteral("pong")},
                  {QStringLiteral("id"), id},
                  {QStringLiteral("agent_wall_ms"), QJsonValue(wall)}});
        } else if (type == QLatin1String("subscribe")) {
            const int interval = m.value(QStringLiteral("interval_ms")).toInt(-1);
            if (interval < 100 || interval > 60000) {
                error(id, QStringLiteral("bad_request"),
                      AgentServerText::tr("interval_ms must be 100 to 60000"));
                return;
            }
            m_subscription.start(interval);
            sendSample();
        } else if (type == QLatin1String("unsubscribe")) {
            m_subscription.stop();
        } else if (type == QLatin1String("list_devices")) {
            send({{QStringLiteral("type"), QStringLiteral("devices")},
                  {QStringLiteral("id"), id},
                  {QStringLiteral("sample"), sampleToJson(m_server->m_sampler())}});
        } else if (type == QLatin1String("job_start")) {
            const auto spec = parseJobSpec(m.value(QStringLiteral("job")).toObject());
            if (!spec) {
                error(id, QStringLiteral("bad_job"), spec.error().message);
                return;
            }
            const auto started = m_server->m_jobs->start(*spec);
            if (!started) {
                error(id, QStringLiteral("job_not_started"), started.error().message);
                return;
            }
            jobs.append(*started);
            m_server->m_jobOwners.insert(*started, this);
            send({{QStringLiteral("type"), QStringLiteral("job_started")},
                  {QStringLiteral("id"), id},
                  {QStringLiteral("job_id"), *started}});
        } else if (type == QLatin1String("job_cancel")) {
            const QString job = m.value(QStringLiteral("job_id")).toString();
            if (!jobs.contains(job) || !m_server->m_jobs->cancel(job))
                error(id, QStringLiteral("no_such_job"),
                      AgentServerText::tr("no running job '%1' of this connection").arg(job));
        } else {
            error(id, QStringLiteral("unknown_type"),
                  AgentServerText::tr("unknown message type '%1'").arg(type));
        }
    }

    void sendSample()
    {
        if (m_socket->state() != QAbstractSocket::ConnectedState)
            return;
        // Written directly: this is the hot path of a subscription.
        m_socket->write(encodeFramePayload("{\"sample\":" + sampleToJsonBytes(m_server->m_sampler())
                                           + ",\"type\":\"sample\"}"));
    }

    AgentServer *m_server;
    QTcpSocket *m_socket;
    FrameDecoder m_decoder;
    State m_state = State::Hello;
    QTimer m_subscription;
};

AgentServer::AgentServer(SampleFunction sampler, JobRunner *jobs, AgentServerOptions options,
                         QObject *parent)
    : QObject(parent), m_sampler(std::move(sampler)), m_jobs(jobs), m_options(std::move(options))
{
    connect(m_jobs, &JobRunner::ready, this, [this](const QString &jobId) {
        forwardJobEvent(jobId,
                        {{QStringLiteral("type"), QStringLiteral("job_ready")},
                         {QStringLiteral("job_id"), jobId}});
    });
    connect(m_jobs, &JobRunner::output, this,
            [this](const QString &jobId, const QString &stream, const QString &line) {
                forwardJobEvent(jobId,
                                {{QStringLiteral("type"), QStringLiteral("job_output")},
                                 {QStringLiteral("job_id"), jobId},
                                 {QStringLiteral("stream"), stream},
                                 {QStringLiteral("line"), line}});
            });
    connect(m_jobs, &JobRunner::finished, this, [this](const JobResult &result) {
        QJsonObject m = jobResultToJson(result);
        m.insert(QStringLiteral("type"), QStringLiteral("job_result"));
        forwardJobEvent(result.jobId, m);
        if (Session *owner = m_jobOwners.take(result.jobId))
            owner->jobs.removeAll(result.jobId);
    });
}

AgentServer::~AgentServer()
{
    if (m_jobs)
        m_jobs->cancelAll();
}

void AgentServer::forwardJobEvent(const QString &jobId, const QJsonObject &message)
{
    if (Session *owner = m_jobOwners.value(jobId))
        owner->send(message);
}

quint16 AgentServer::listen(const QHostAddress &address, quint16 port)
{
    QTcpServer *server = nullptr;
    if (m_options.plaintext) {
        server = new QTcpServer(this);
        connect(server, &QTcpServer::newConnection, this, [this, server] { accept(server); });
    } else {
        auto *ssl = new QSslServer(this);
        QSslConfiguration config = QSslConfiguration::defaultConfiguration();
        config.setLocalCertificate(m_options.certificate);
        config.setPrivateKey(m_options.key);
        if (!m_options.clientCa.isEmpty()) {
            config.setCaCertificates(m_options.clientCa);
            config.setPeerVerifyMode(QSslSocket::QueryPeer);  // a certificate replaces the token
        } else {
            config.setPeerVerifyMode(QSslSocket::VerifyNone);
        }
        ssl->setSslConfiguration(config);
        connect(ssl, &QTcpServer::pendingConnectionAvailable, this, [this, ssl] { accept(ssl); });
        connect(ssl, &QSslServer::errorOccurred, this,
                [](QSslSocket *socket, QAbstractSocket::SocketError) {
                    qCWarning(lcAgentServer)
                        << "TLS handshake with" << socket->peerAddress().toString()
                        << "failed:" << socket->errorString();
                });
        server = ssl;
    }
    if (!server->listen(address, port)) {
        m_error = server->errorString();
        delete server;
        return 0;
    }
    return server->serverPort();
}

void AgentServer::accept(QTcpServer *server)
{
    while (QTcpSocket *socket = server->nextPendingConnection())
        m_sessions.append(new Session(this, socket));
}

int AgentServer::connectionCount() const
{
    return int(m_sessions.size());
}

}  // namespace roce::agentproto
