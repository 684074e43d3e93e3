#include "proto/agentproto/agentclient.h"

#include "proto/agentproto/keepalive.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpSocket>

#include <algorithm>

namespace roce::agentproto {

namespace {
class AgentClientText
{
    Q_DECLARE_TR_FUNCTIONS(AgentClientText)
};
}  // namespace

QByteArray normalizeFingerprint(const QByteArray &text)
{
    QByteArray out;
    for (char c : text) {
        if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))
            out += c;
        else if (c >= 'A' && c <= 'F')
            out += char(c - 'A' + 'a');
    }
    return out;
}

AgentClient::AgentClient(AgentEndpoint endpoint, QObject *parent)
    : QObject(parent), m_endpoint(std::move(endpoint))
{
    m_monotonic.start();
    m_connectDeadline.setSingleShot(true);
    connect(&m_connectDeadline, &QTimer::timeout, this, [this] {
        fail(AgentClientText::tr("%1:%2: no connection within %3 s")
                 .arg(m_endpoint.host)
                 .arg(m_endpoint.port)
                 .arg(m_timeouts.connectMs / 1000.0));
    });
    m_handshakeDeadline.setSingleShot(true);
    connect(&m_handshakeDeadline, &QTimer::timeout, this, [this] {
        fail(AgentClientText::tr("%1:%2: TLS, hello and authentication not done within %3 s")
                 .arg(m_endpoint.host)
                 .arg(m_endpoint.port)
                 .arg(m_timeouts.handshakeMs / 1000.0));
    });
    connect(&m_liveness, &QTimer::timeout, this, &AgentClient::checkLiveness);
}

AgentClient::~AgentClient() = default;

void AgentClient::setState(State state, const QString &error)
{
    if (!error.isEmpty())
        m_lastError = error;
    if (state != State::Ready)
        m_liveness.stop();
    if (state == State::Ready || state == State::Failed || state == State::Disconnected) {
        m_connectDeadline.stop();
        m_handshakeDeadline.stop();
    }
    if (m_state == state)
        return;
    m_state = state;
    if (state == State::Ready) {
        m_lastReceivedNs = m_monotonic.nsecsElapsed();
        m_livenessPingSent = false;
        m_liveness.start(std::max(50, std::min(m_timeouts.pingAfterMs, m_timeouts.silenceMs) / 4));
    }
    emit stateChanged(state);
}

void AgentClient::connectToAgent()
{
    if (m_socket) {
        m_socket->abort();
        m_socket->deleteLater();
    }
    m_decoder = FrameDecoder();
    setState(State::Connecting);
    if (m_endpoint.plaintext) {
        m_socket = new QTcpSocket(this);
        connect(m_socket, &QTcpSocket::connected, this, &AgentClient::onConnected);
    } else {
        auto *ssl = new QSslSocket(this);
        QSslConfiguration config = QSslConfiguration::defaultConfiguration();
        if (!m_endpoint.caCertificates.isEmpty())
            config.setCaCertificates(config.caCertificates() + m_endpoint.caCertificates);
        if (!m_endpoint.clientCertificate.isNull()) {
            config.setLocalCertificate(m_endpoint.clientCertificate);
            config.setPrivateKey(m_endpoint.clientKey);
        }
        ssl->setSslConfiguration(config);
        // A pinned certificate is trusted for exactly its fingerprint, whatever signed it.
        connect(ssl, &QSslSocket::sslErrors, this, [this, ssl](const QList<QSslError> &errors) {
            const QByteArray pin = normalizeFingerprint(m_endpoint.pinnedSha256);
            const QByteArray actual
                = ssl->peerCertificate().digest(QCryptographicHash::Sha256).toHex();
            if (!pin.isEmpty() && pin == actual) {
                ssl->ignoreSslErrors(errors);
                return;
            }
            QStringList text;
            for (const QSslError &e : errors)
                text << e.errorString();
            setState(State::Failed,
                     pin.isEmpty()
                         ? AgentClientText::tr("TLS: %1").arg(text.join(QStringLiteral("; ")))
                         : AgentClientText::tr("TLS: the agent's certificate (SHA-256 %1) does not "
                                               "match the pinned one")
                               .arg(QString::fromLatin1(actual)));
        });
        // The pin binds whatever the CA store says: a certificate some trusted CA issued for
        // this name is still refused unless it is the pinned one, before a byte is sent.
        connect(ssl, &QSslSocket::encrypted, this, [this, ssl] {
            const QByteArray pin = normalizeFingerprint(m_endpoint.pinnedSha256);
            const QByteArray actual
                = ssl->peerCertificate().digest(QCryptographicHash::Sha256).toHex();
            if (!pin.isEmpty() && pin != actual) {
                setState(State::Failed,
                         AgentClientText::tr("TLS: the agent's certificate (SHA-256 %1) does not "
                                             "match the pinned one")
                             .arg(QString::fromLatin1(actual)));
                ssl->abort();
                return;
            }
            onConnected();
        });
        m_socket = ssl;
    }
    // Deadlines: the TCP connection, then TLS + hello + auth; keepalive once connected.
    m_handshakeDeadline.stop();
    m_connectDeadline.start(m_timeouts.connectMs);
    connect(m_socket, &QAbstractSocket::connected, this, [this] {
        enableTcpKeepAlive(m_socket);
        m_connectDeadline.stop();
        m_handshakeDeadline.start(m_timeouts.handshakeMs);
    });
    connect(m_socket, &QTcpSocket::readyRead, this, &AgentClient::onReadyRead);
    connect(m_socket, &QTcpSocket::disconnected, this, [this] {
        if (m_state != State::Failed)
            setState(State::Disconnected,
                     m_lastError.isEmpty() ? AgentClientText::tr("connection closed by the agent")
                                           : m_lastError);
    });
    connect(m_socket, &QAbstractSocket::errorOccurred, this, [this](QAbstractSocket::SocketError) {
        if (m_state == State::Connecting || m_state == State::Handshaking
            || m_state == State::Ready)
            setState(State::Failed,
                     AgentClientText::tr("%1:%2: %3")
                         .arg(m_endpoint.host)
                         .arg(m_endpoint.port)
                         .arg(m_socket->errorString()));
    });
    if (auto *ssl = qobject_cast<QSslSocket *>(m_socket))
        ssl->connectToHostEncrypted(m_endpoint.host, m_endpoint.port);
    else
        m_socket->connectToHost(m_endpoint.host, m_endpoint.port);
}

void AgentClient::fail(const QString &reason)
{
    setState(State::Failed, reason);
    if (m_socket)
        m_socket->abort();
}

void AgentClient::checkLiveness()
{
    const qint64 silentMs = (m_monotonic.nsecsElapsed() - m_lastReceivedNs) / 1000000;
    if (silentMs >= m_timeouts.silenceMs) {
        fail(AgentClientText::tr("%1:%2: the agent sent nothing for %3 s (ping unanswered)")
                 .arg(m_endpoint.host)
                 .arg(m_endpoint.port)
                 .arg(silentMs / 1000.0));
    } else if (silentMs >= m_timeouts.pingAfterMs && !m_livenessPingSent) {
        // Old agents answer pings too: any frame back resets the silence.
        m_livenessPingSent = true;
        send(
            {{QStringLiteral("type"), QStringLiteral("ping")}, {QStringLiteral("id"), m_nextId++}});
    }
}

void AgentClient::disconnectFromAgent()
{
    if (m_socket)
        m_socket->disconnectFromHost();
    setState(State::Disconnected);
}

void AgentClient::send(const QJsonObject &message)
{
    if (m_socket && m_socket->state() == QAbstractSocket::ConnectedState)
        m_socket->write(encodeFrame(message));
}

void AgentClient::sendRaw(const QByteArray &bytes)
{
    if (m_socket)
        m_socket->write(bytes);
}

void AgentClient::onConnected()
{
    setState(State::Handshaking);
    send({{QStringLiteral("type"), QStringLiteral("hello")},
          {QStringLiteral("protocol"), QJsonArray {kProtocolVersion}},
          {QStringLiteral("client"), QCoreApplication::applicationName()},
          {QStringLiteral("pings"), true}});  // this client answers the agent's pings
}

void AgentClient::subscribe(int intervalMs)
{
    if (m_state != State::Ready) {
        m_pendingSubscribeMs = intervalMs;  // sent once the handshake is done
        return;
    }
    send({{QStringLiteral("type"), QStringLiteral("subscribe")},
          {QStringLiteral("id"), m_nextId++},
          {QStringLiteral("interval_ms"), intervalMs}});
}

void AgentClient::unsubscribe()
{
    m_pendingSubscribeMs = 0;
    send({{QStringLiteral("type"), QStringLiteral("unsubscribe")}});
}

void AgentClient::measureClock()
{
    if (m_state != State::Ready)
        return;
    const int id = m_nextId++;
    m_pings.insert(id, {QDateTime::currentMSecsSinceEpoch(), m_monotonic.nsecsElapsed()});
    send({{QStringLiteral("type"), QStringLiteral("ping")}, {QStringLiteral("id"), id}});
}

int AgentClient::startJob(const JobSpec &spec)
{
    const int id = m_nextId++;
    send({{QStringLiteral("type"), QStringLiteral("job_start")},
          {QStringLiteral("id"), id},
          {QStringLiteral("job"), jobSpecToJson(spec)}});
    return id;
}

void AgentClient::cancelJob(const QString &jobId)
{
    send({{QStringLiteral("type"), QStringLiteral("job_cancel")},
          {QStringLiteral("id"), m_nextId++},
          {QStringLiteral("job_id"), jobId}});
}

int AgentClient::setEcn(const QString &netdev, const QJsonObject &roceNp, const QJsonObject &roceRp)
{
    const int id = m_nextId++;
    send({{QStringLiteral("type"), QStringLiteral("set_ecn")},
          {QStringLiteral("id"), id},
          {QStringLiteral("netdev"), netdev},
          {QStringLiteral("roce_np"), roceNp},
          {QStringLiteral("roce_rp"), roceRp}});
    return id;
}

int AgentClient::sendJobInput(const QString &jobId, const QString &line)
{
    const int id = m_nextId++;
    send({{QStringLiteral("type"), QStringLiteral("job_input")},
          {QStringLiteral("id"), id},
          {QStringLiteral("job_id"), jobId},
          {QStringLiteral("line"), line}});
    return id;
}

void AgentClient::onReadyRead()
{
    m_lastReceivedNs = m_monotonic.nsecsElapsed();
    m_livenessPingSent = false;
    const auto messages = m_decoder.feed(m_socket->readAll());
    if (!messages) {
        setState(State::Failed,
                 AgentClientText::tr("bad frame from the agent: %1").arg(messages.error().message));
        m_socket->abort();
        return;
    }
    for (const QJsonObject &m : *messages)
        handle(m);
}

void AgentClient::handle(const QJsonObject &m)
{
    const QString type = m.value(QStringLiteral("type")).toString();
    if (type == QLatin1String("ping")) {  // the agent checks that this console is alive
        send({{QStringLiteral("type"), QStringLiteral("pong")},
              {QStringLiteral("id"), m.value(QStringLiteral("id"))}});
        return;
    }
    if (type == QLatin1String("pong")) {
        const auto it = m_pings.constFind(m.value(QStringLiteral("id")).toInt());
        const QJsonValue agentWall = m.value(QStringLiteral("agent_wall_ms"));
        if (it == m_pings.constEnd())
            return;
        const Ping ping = *it;
        m_pings.erase(it);
        if (!agentWall.isDouble())
            return;  // an agent older than clock estimates
        const double rttMs = double(m_monotonic.nsecsElapsed() - ping.elapsedNs) / 1e6;
        emit clockMeasured(agentWall.toDouble() - (double(ping.wallMs) + rttMs / 2), rttMs);
        return;
    }
    if (type == QLatin1String("hello")) {
        m_hostname = m.value(QStringLiteral("hostname")).toString();
        if (m.value(QStringLiteral("authenticated")).toBool()) {
            setState(State::Ready);
        } else {
            send({{QStringLiteral("type"), QStringLiteral("auth")},
                  {QStringLiteral("token"), m_endpoint.token}});
            return;
        }
    } else if (type == QLatin1String("auth_ok")) {
        setState(State::Ready);
    } else if (type == QLatin1String("sample") || type == QLatin1String("devices")) {
        const auto sample = sampleFromJson(m.value(QStringLiteral("sample")).toObject());
        if (sample)
            emit sampleReceived(*sample, QDateTime::currentMSecsSinceEpoch());
        return;
    } else if (type == QLatin1String("job_started")) {
        emit jobStarted(m.value(QStringLiteral("id")).toInt(),
                        m.value(QStringLiteral("job_id")).toString());
        return;
    } else if (type == QLatin1String("ecn_set")) {
        emit ecnSet(m.value(QStringLiteral("id")).toInt());
        return;
    } else if (type == QLatin1String("job_ready")) {
        emit jobReady(m.value(QStringLiteral("job_id")).toString());
        return;
    } else if (type == QLatin1String("job_output")) {
        emit jobOutput(m.value(QStringLiteral("job_id")).toString(),
                       m.value(QStringLiteral("stream")).toString(),
                       m.value(QStringLiteral("line")).toString());
        return;
    } else if (type == QLatin1String("job_result")) {
        emit jobFinished(jobResultFromJson(m));
        return;
    } else if (type == QLatin1String("error")) {
        const QString code = m.value(QStringLiteral("code")).toString();
        const QString message = m.value(QStringLiteral("message")).toString();
        if (m.contains(QStringLiteral("id")) && !m.value(QStringLiteral("id")).isNull()) {
            emit requestFailed(m.value(QStringLiteral("id")).toInt(), code, message);
        } else {
            setState(State::Failed,
                     AgentClientText::tr("agent refused the connection: %1").arg(message));
        }
        return;
    } else {
        return;  // newer agents may send more; ignore what we do not know
    }
    if (m_state == State::Ready && m_pendingSubscribeMs > 0) {
        const int interval = m_pendingSubscribeMs;
        m_pendingSubscribeMs = 0;
        subscribe(interval);
    }
}

}  // namespace roce::agentproto
