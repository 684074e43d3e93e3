#include "proto/agentproto/agentsession.h"

#include "proto/agentproto/sharedsample.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QLoggingCategory>
#include <QSslSocket>

namespace roce::agentproto {

Q_DECLARE_LOGGING_CATEGORY(lcAgentServer)

namespace {
class AgentSessionText
{
    Q_DECLARE_TR_FUNCTIONS(AgentSessionText)
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

/// Unread input the socket may hold for a connection that has not authenticated: enough for
/// hello and auth, while a peer that sends more only fills its own TCP window.
constexpr qint64 kPreAuthReadBuffer = 32 * 1024;
/// The same bound once authenticated. Qt's default (0, unlimited) reads everything the kernel
/// has on every notification, also while the agent leaves a client's requests unread because
/// its replies are not read (backlogged()): its buffer, not the kernel's, would then fill. With
/// a bound Qt stops reading, the kernel's receive buffer fills and TCP holds the client back.
/// It also bounds what one readyRead decodes at once. Frames larger than this still assemble:
/// the FrameDecoder keeps the partial frame (up to maxFrame) across reads.
constexpr qint64 kReadBuffer = 64 * 1024;
/// After a reject, the error is flushed for at most this long before the socket is aborted
/// (a peer that does not read must not keep a closing connection).
constexpr int kCloseGraceMs = 2000;

QString seconds(int ms)
{
    return QString::number(double(ms) / 1000.0, 'g', 3);
}
}  // namespace

AgentServer::Session::Session(AgentServer *server, QTcpSocket *socket)
    : QObject(server),
      m_server(server),
      m_socket(socket),
      m_peer(socket->peerAddress()),
      m_peerText(socket->peerAddress().toString()),
      m_decoder(server->m_options.preAuthMaxFrame),
      m_warnings(server->m_options.warningsPerWindow, server->m_options.warningWindowMs)
{
    socket->setParent(this);
    socket->setReadBufferSize(kPreAuthReadBuffer);
    if (server->m_options.socketSendBuffer > 0)
        socket->setSocketOption(QAbstractSocket::SendBufferSizeSocketOption,
                                QVariant(server->m_options.socketSendBuffer));
    m_lastReceivedMs = server->nowMs();
    connect(socket, &QTcpSocket::readyRead, this, &Session::onReadyRead);
    // The queue shrinks only as the socket writes (a QSslSocket's also as it encrypts).
    connect(socket, &QTcpSocket::bytesWritten, this, &Session::onWritten);
    connect(socket, &QTcpSocket::disconnected, this, &Session::finish);
    connect(socket, &QAbstractSocket::errorOccurred, this, [this](QAbstractSocket::SocketError e) {
        if (m_state == State::Handshake && e != QAbstractSocket::RemoteHostClosedError)
            warn(AgentSessionText::tr("TLS handshake failed: %1").arg(m_socket->errorString()));
        // A socket that never got (or lost) its connection emits no disconnected().
        if (m_socket->state() != QAbstractSocket::ConnectedState)
            finish();
    });
    if (auto *ssl = qobject_cast<QSslSocket *>(socket)) {
        connect(ssl, &QSslSocket::encryptedBytesWritten, this, &Session::onWritten);
        connect(ssl, &QSslSocket::encrypted, this, [this] {
            if (m_state != State::Handshake)
                return;
            m_state = State::Hello;
            onReadyRead();  // a hello may have come with the handshake's last flight
        });
    } else {
        m_state = State::Hello;
    }
    // One budget for TLS, hello and auth: a peer without credentials holds a slot this long
    // at most, whatever it sends or does not send.
    m_preAuthDeadline.setSingleShot(true);
    connect(&m_preAuthDeadline, &QTimer::timeout, this, [this] {
        const QString budget = seconds(m_server->m_options.preAuthTimeoutMs);
        if (m_state == State::Handshake)
            drop(AgentSessionText::tr("TLS handshake not completed within %1 s").arg(budget));
        else if (!m_authenticated)
            reject(AgentSessionText::tr("hello and authentication not completed within %1 s")
                       .arg(budget),
                   QStringLiteral("timeout"));
    });
    m_preAuthDeadline.start(server->m_options.preAuthTimeoutMs);
}

AgentServer::Session::~Session() = default;

qint64 AgentServer::Session::preAuthBytes() const
{
    if (m_authenticated || m_finished)
        return 0;
    qint64 bytes = m_decoder.pending() + m_socket->bytesAvailable();
    if (auto *ssl = qobject_cast<const QSslSocket *>(m_socket))
        bytes += ssl->encryptedBytesAvailable();
    for (const QJsonObject &m : m_queue)
        bytes += m.size() * 64;  // held auth: a rough upper bound of a parsed message
    return bytes;
}

qint64 AgentServer::Session::sendQueue() const
{
    qint64 bytes = m_socket->bytesToWrite();
    if (auto *ssl = qobject_cast<const QSslSocket *>(m_socket))
        bytes += ssl->encryptedBytesToWrite();
    return bytes;
}

void AgentServer::Session::warn(const QString &text)
{
    const qint64 now = m_server->nowMs();
    // Before authentication every connection also counts against the listener's budget:
    // a thousand peers misbehaving once each must not write a thousand lines either.
    if (!m_authenticated && !m_server->m_listenerWarnings.allow(now))
        return;
    if (!m_warnings.allow(now))
        return;
    if (const int n = m_warnings.takeSuppressed())
        qCWarning(lcAgentServer).noquote()
            << "connection from" << m_peerText << ":" << n << "warnings suppressed";
    qCWarning(lcAgentServer).noquote() << "connection from" << m_peerText << ":" << text;
}

void AgentServer::Session::send(const QJsonObject &message)
{
    if (m_socket->state() == QAbstractSocket::ConnectedState && m_state != State::Handshake)
        m_socket->write(encodeFrame(message));
}

void AgentServer::Session::sendJobEvent(const QString &jobId, QJsonObject message)
{
    const QString type = message.value(QStringLiteral("type")).toString();
    if (type == QLatin1String("job_output") && sendQueue() > m_server->m_options.maxSendQueue) {
        ++m_droppedOutput[jobId];
        watchQueue(m_server->nowMs());
        return;
    }
    if (type == QLatin1String("job_result")) {
        const int dropped = m_droppedOutput.take(jobId);
        if (dropped > 0) {
            const QString key = QStringLiteral("output_dropped_lines");
            message.insert(key, message.value(key).toInt() + dropped);
        }
    }
    send(message);
}

void AgentServer::Session::deliverSample(qint64 nowMs)
{
    m_nextDueMs += m_intervalMs;
    if (m_nextDueMs <= nowMs)  // late (a slow sampler, a busy host): no burst to catch up
        m_nextDueMs = nowMs + m_intervalMs;
    if (m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    if (sendQueue() > m_server->m_options.maxSendQueue) {
        if (m_skipped == 0)
            warn(AgentSessionText::tr("client is not reading (%1 bytes queued): skipping samples")
                     .arg(sendQueue()));
        ++m_skipped;
        ++m_server->m_skippedSamples;
        watchQueue(nowMs);
        return;
    }
    SharedSample &samples = *m_server->m_samples;
    const qint64 age = m_server->m_options.tickMs / 2;
    m_socket->write(m_skipped > 0 ? samples.sampleFrameWithSkipped(m_skipped, age)
                                  : samples.sampleFrame(age));
    m_skipped = 0;
    watchQueue(nowMs);
}

void AgentServer::Session::watchQueue(qint64 nowMs)
{
    if (sendQueue() <= m_server->m_options.maxSendQueue) {
        m_stuckSinceMs = -1;
        return;
    }
    if (m_stuckSinceMs < 0) {
        m_stuckSinceMs = nowMs;
        return;
    }
    if (nowMs - m_stuckSinceMs >= m_server->m_options.stuckTimeoutMs) {
        drop(AgentSessionText::tr("client stopped reading: %1 bytes queued for %2 s")
                 .arg(sendQueue())
                 .arg(seconds(int(nowMs - m_stuckSinceMs))));
    }
}

void AgentServer::Session::housekeeping(qint64 nowMs)
{
    if (m_state != State::Ready)
        return;
    watchQueue(nowMs);
    onWritten();  // in case the queue drained without a signal to say so
    // A client whose requests are left unread cannot be heard answering a ping: the stuck
    // clock (watchQueue) judges it meanwhile.
    if (m_finished || m_backpressure || !m_answersPings)
        return;
    const AgentServerOptions &o = m_server->m_options;
    if (m_pingSentMs >= 0) {
        if (nowMs - m_pingSentMs >= o.pingTimeoutMs)
            drop(
                AgentSessionText::tr("no answer to a ping for %1 s").arg(seconds(o.pingTimeoutMs)));
    } else if (nowMs - m_lastReceivedMs >= o.idlePingMs) {
        m_pingSentMs = nowMs;
        send({{QStringLiteral("type"), QStringLiteral("ping")},
              {QStringLiteral("id"), m_nextPingId++}});
    }
}

void AgentServer::Session::reject(const QString &reason, const QString &code)
{
    if (m_state == State::Closed || m_finished)
        return;
    warn(AgentSessionText::tr("closing: %1").arg(reason));
    ++m_server->m_rejected;
    send({{QStringLiteral("type"), QStringLiteral("error")},
          {QStringLiteral("code"), code},
          {QStringLiteral("message"), reason}});
    m_state = State::Closed;
    m_intervalMs = 0;
    m_queue.clear();
    m_preAuthDeadline.stop();
    m_socket->disconnectFromHost();  // flushes the error first
    if (m_socket->state() != QAbstractSocket::UnconnectedState)
        QTimer::singleShot(kCloseGraceMs, this, [this] {
            m_socket->abort();
            finish();
        });
    m_server->subscriptionsChanged();
}

void AgentServer::Session::drop(const QString &reason)
{
    if (m_finished)
        return;
    warn(AgentSessionText::tr("dropped: %1").arg(reason));
    if (m_authenticated)
        ++m_server->m_droppedClients;
    else
        ++m_server->m_rejected;
    m_state = State::Closed;
    m_socket->abort();
    finish();
}

void AgentServer::Session::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_state = State::Closed;
    m_intervalMs = 0;
    m_preAuthDeadline.stop();
    if (const int n = m_warnings.takeSuppressed())
        qCWarning(lcAgentServer).noquote()
            << "connection from" << m_peerText << ":" << n << "warnings suppressed";
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
    m_server->subscriptionsChanged();
    deleteLater();
}

void AgentServer::Session::onReadyRead()
{
    if (m_state == State::Closed) {
        m_socket->readAll();
        return;
    }
    if (m_paused || m_state == State::Handshake || backlogged())
        return;  // left in the socket (bounded by its read buffer) until resumed
    m_lastReceivedMs = m_server->nowMs();
    m_pingSentMs = -1;  // anything from the client shows it is alive
    const auto messages = m_decoder.feed(m_socket->readAll());
    if (!messages) {
        reject(messages.error().message);
        return;
    }
    m_queue.append(*messages);
    processQueue();
}

void AgentServer::Session::processQueue()
{
    // Checked before each request: one read can hold many, each with its reply.
    while (!m_queue.isEmpty() && !m_paused && m_state != State::Closed && !backlogged())
        handle(m_queue.takeFirst());
}

bool AgentServer::Session::backlogged()
{
    // Replies are bounded as samples are: a client that sends requests and does not read the
    // answers would otherwise grow its queue (and the agent) without end. Its requests stay
    // unread instead (in the socket's bounded buffer, then in the kernel's, then TCP stops
    // the sender) until the queue is below the cap again. A client stuck there is dropped
    // after stuckTimeoutMs (watchQueue).
    if (m_backpressure || m_state != State::Ready)
        return m_backpressure;
    if (sendQueue() <= m_server->m_options.maxSendQueue)
        return false;
    m_backpressure = true;
    watchQueue(m_server->nowMs());
    return true;
}

void AgentServer::Session::onWritten()
{
    if (!m_backpressure || m_resumeQueued || m_finished
        || sendQueue() > m_server->m_options.maxSendQueue)
        return;
    // Not from inside the socket's own signal: what the requests do may write, close or
    // abort the socket.
    m_resumeQueued = true;
    QMetaObject::invokeMethod(this, &Session::resumeReading, Qt::QueuedConnection);
}

void AgentServer::Session::resumeReading()
{
    m_resumeQueued = false;
    if (!m_backpressure || m_finished || sendQueue() > m_server->m_options.maxSendQueue)
        return;
    m_backpressure = false;
    processQueue();  // requests decoded before the pause
    // What the socket holds: no new readyRead announces it. Reading it is also what turns
    // Qt's read notifier back on (Qt turned it off when the buffer reached its bound): a
    // QTcpSocket's readData does that, and a QSslSocket decrypts what its inner socket holds
    // (queued by its readData) and skips it there, and QIODevice::skip calls readData when the
    // buffer empties.
    onReadyRead();
}

void AgentServer::Session::handle(const QJsonObject &m)
{
    switch (m_state) {
    case State::Hello:
        handleHello(m);
        return;
    case State::Auth:
        handleAuth(m);
        return;
    case State::Ready:
        handleRequest(m.value(QStringLiteral("type")).toString(), m);
        return;
    case State::Handshake:
    case State::Closed:
        return;
    }
}

bool AgentServer::Session::certificateAuthenticated() const
{
    auto *ssl = qobject_cast<QSslSocket *>(m_socket);
    return ssl && !m_server->m_options.clientCa.isEmpty() && !ssl->peerCertificate().isNull()
        && ssl->sslHandshakeErrors().isEmpty();
}

void AgentServer::Session::handleHello(const QJsonObject &m)
{
    const QString type = m.value(QStringLiteral("type")).toString();
    if (type != QLatin1String("hello")) {
        reject(AgentSessionText::tr("expected hello, got '%1'").arg(escapeForLog(type)));
        return;
    }
    int version = 0;
    for (const QJsonValue &v : m.value(QStringLiteral("protocol")).toArray()) {
        if (v.toInt() == kProtocolVersion)
            version = kProtocolVersion;
    }
    if (version == 0) {
        reject(AgentSessionText::tr("no common protocol version (agent speaks %1)")
                   .arg(kProtocolVersion),
               QStringLiteral("unsupported_version"));
        return;
    }
    // Consoles that answer the agent's pings say so; older ones are only watched through
    // TCP keepalive and their send queue, never dropped for not answering.
    m_answersPings = m.value(QStringLiteral("pings")).toBool();
    const bool byCertificate = certificateAuthenticated();
    send({{QStringLiteral("type"), QStringLiteral("hello")},
          {QStringLiteral("protocol"), version},
          {QStringLiteral("agent"), m_server->m_options.agentVersion},
          {QStringLiteral("hostname"), m_server->m_options.hostname},
          {QStringLiteral("authenticated"), byCertificate}});
    m_state = State::Auth;
    if (byCertificate) {
        m_state = State::Ready;
        m_authenticated = true;
        m_preAuthDeadline.stop();
        m_decoder.setMaxFrame(m_server->m_options.maxFrame);
        m_socket->setReadBufferSize(kReadBuffer);
    }
}

void AgentServer::Session::handleAuth(const QJsonObject &m)
{
    const QString type = m.value(QStringLiteral("type")).toString();
    if (type != QLatin1String("auth")) {
        reject(AgentSessionText::tr("not authenticated: '%1' before auth").arg(escapeForLog(type)),
               QStringLiteral("unauthenticated"));
        return;
    }
    // An address that failed lately waits before its next attempt is even looked at; an
    // attempt whose turn would come after its connection's deadline is refused at once with
    // when to come back (kept waiting, it timed out and moved the next turn further away).
    const qint64 now = m_server->nowMs();
    const qint64 latest = now + std::max(0, m_preAuthDeadline.remainingTime() - 250);
    const std::optional<qint64> turn = m_server->m_backoff.reserveBy(m_peer, now, latest);
    if (!turn) {
        const qint64 waitMs = m_server->m_backoff.nextTurnMs(m_peer, now) - now;
        reject(AgentSessionText::tr("too many failed authentications from this address lately: "
                                    "the next attempt is looked at in %1 s")
                   .arg(seconds(int(waitMs))),
               QStringLiteral("auth_backoff"));
        return;
    }
    const qint64 at = *turn;
    if (at <= now) {
        checkToken(m);
        return;
    }
    ++m_server->m_deferredAuths;
    m_paused = true;
    QTimer::singleShot(int(at - now), this, [this, m] {
        m_paused = false;
        if (m_state != State::Auth)
            return;
        checkToken(m);
        processQueue();
        onReadyRead();  // input that waited in the socket meanwhile
    });
}

void AgentServer::Session::checkToken(const QJsonObject &m)
{
    const QByteArray token = m.value(QStringLiteral("token")).toString().toUtf8();
    const QByteArray expected = m_server->m_options.token.toUtf8();
    if (expected.isEmpty() || !constantTimeEquals(token, expected)) {
        m_server->m_backoff.failed(m_peer, m_server->nowMs());
        reject(AgentSessionText::tr("authentication failed"), QStringLiteral("unauthenticated"));
        return;
    }
    m_server->m_backoff.succeeded(m_peer);
    m_state = State::Ready;
    m_authenticated = true;
    m_preAuthDeadline.stop();
    m_decoder.setMaxFrame(m_server->m_options.maxFrame);
    m_socket->setReadBufferSize(kReadBuffer);
    send({{QStringLiteral("type"), QStringLiteral("auth_ok")}});
}

void AgentServer::Session::error(const QJsonValue &id, const QString &code, const QString &message)
{
    send({{QStringLiteral("type"), QStringLiteral("error")},
          {QStringLiteral("id"), id},
          {QStringLiteral("code"), code},
          {QStringLiteral("message"), message}});
}

void AgentServer::Session::setEcn(const QJsonValue &id, const QJsonObject &m)
{
    const auto &writer = m_server->m_options.ecnWriter;
    if (!writer) {
        // A real agent runs with /sys read-only: NIC settings are the operator's to change.
        error(id, QStringLiteral("read_only"),
              AgentSessionText::tr("this agent changes no NIC setting: its /sys is read-only"));
        return;
    }
    const QString netdev = m.value(QStringLiteral("netdev")).toString();
    const QJsonValue np = m.value(QStringLiteral("roce_np"));
    const QJsonValue rp = m.value(QStringLiteral("roce_rp"));
    if (netdev.isEmpty() || (!np.isUndefined() && !np.isObject())
        || (!rp.isUndefined() && !rp.isObject())) {
        error(id, QStringLiteral("bad_request"),
              AgentSessionText::tr("set_ecn needs 'netdev' and 'roce_np'/'roce_rp' objects of "
                                   "file: value"));
        return;
    }
    if (const auto written = writer(netdev, np.toObject(), rp.toObject()); !written) {
        error(id, QStringLiteral("bad_request"), written.error().message);
        return;
    }
    send({{QStringLiteral("type"), QStringLiteral("ecn_set")},
          {QStringLiteral("id"), id},
          {QStringLiteral("netdev"), netdev}});
}

void AgentServer::Session::handleRequest(const QString &type, const QJsonObject &m)
{
    const QJsonValue id = m.value(QStringLiteral("id"));
    if (type == QLatin1String("ping")) {
        // The agent's clock at the answer: the console estimates its offset from it.
        const AgentServerOptions &o = m_server->m_options;
        const qint64 wall = o.wallClock ? o.wallClock() : QDateTime::currentMSecsSinceEpoch();
        send({{QStringLiteral("type"), QStringLiteral("pong")},
              {QStringLiteral("id"), id},
              {QStringLiteral("agent_wall_ms"), QJsonValue(wall)}});
    } else if (type == QLatin1String("pong")) {
        // The answer to the agent's own ping: receiving it was the point.
    } else if (type == QLatin1String("subscribe")) {
        const int interval = m.value(QStringLiteral("interval_ms")).toInt(-1);
        if (interval < 100 || interval > 60000) {
            error(id, QStringLiteral("bad_request"),
                  AgentSessionText::tr("interval_ms must be 100 to 60000"));
            return;
        }
        const qint64 now = m_server->nowMs();
        m_intervalMs = interval;
        m_nextDueMs = now;
        deliverSample(now);  // the first one at once; then on the common tick
        m_server->subscriptionsChanged();
    } else if (type == QLatin1String("unsubscribe")) {
        m_intervalMs = 0;
        m_server->subscriptionsChanged();
    } else if (type == QLatin1String("list_devices")) {
        send({{QStringLiteral("type"), QStringLiteral("devices")},
              {QStringLiteral("id"), id},
              {QStringLiteral("sample"), sampleToJson(m_server->m_samples->current()->sample)}});
    } else if (type == QLatin1String("set_ecn")) {
        setEcn(id, m);
    } else if (type == QLatin1String("job_start")) {
        startJob(id, m);
    } else if (type == QLatin1String("job_cancel")) {
        const QString job = m.value(QStringLiteral("job_id")).toString();
        if (!jobs.contains(job) || !m_server->m_jobs || !m_server->m_jobs->cancel(job))
            error(id, QStringLiteral("no_such_job"),
                  AgentSessionText::tr("no running job '%1' of this connection")
                      .arg(escapeForLog(job)));
    } else if (type == QLatin1String("job_input")) {
        const QString job = m.value(QStringLiteral("job_id")).toString();
        const QJsonValue line = m.value(QStringLiteral("line"));
        if (!jobs.contains(job) || !m_server->m_jobs) {
            error(id, QStringLiteral("no_such_job"),
                  AgentSessionText::tr("no running job '%1' of this connection")
                      .arg(escapeForLog(job)));
        } else if (!line.isString() || line.toString().contains(QLatin1Char('\n'))) {
            error(id, QStringLiteral("bad_request"),
                  AgentSessionText::tr("job_input needs 'line': one line of text"));
        } else if (const auto taken = m_server->m_jobs->input(job, line.toString()); !taken) {
            error(id, QStringLiteral("input_refused"), taken.error().message);
        }
    } else {
        warn(AgentSessionText::tr("unknown message type '%1'").arg(escapeForLog(type)));
        error(id, QStringLiteral("unknown_type"),
              AgentSessionText::tr("unknown message type '%1'").arg(escapeForLog(type)));
    }
}

void AgentServer::Session::startJob(const QJsonValue &id, const QJsonObject &m)
{
    const AgentServerOptions &o = m_server->m_options;
    if (jobs.size() >= o.maxJobsPerConnection) {
        error(id, QStringLiteral("too_many_jobs"),
              AgentSessionText::tr("this connection already runs %1 jobs, the most it may")
                  .arg(jobs.size()));
        return;
    }
    if (m_server->m_jobOwners.size() >= o.maxJobsPerHost) {
        error(id, QStringLiteral("too_many_jobs"),
              AgentSessionText::tr("this host already runs %1 jobs, the most it may")
                  .arg(m_server->m_jobOwners.size()));
        return;
    }
    const auto spec = parseJobSpec(m.value(QStringLiteral("job")).toObject());
    if (!spec) {
        error(id, QStringLiteral("bad_job"), spec.error().message);
        return;
    }
    if (!m_server->m_jobs) {
        error(id, QStringLiteral("job_not_started"),
              AgentSessionText::tr("this agent runs no jobs"));
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
}

}  // namespace roce::agentproto
