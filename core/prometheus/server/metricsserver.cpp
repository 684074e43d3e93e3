#include "prometheus/server/metricsserver.h"

#include "prometheus/server/basicauth.h"
#include "prometheus/server/peersource.h"

#include <QLoggingCategory>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <variant>

#include <algorithm>
#include <limits>

namespace roce::prometheus {

Q_LOGGING_CATEGORY(lcMetrics, "roce.prometheus.server", QtInfoMsg)

/// Hands every accepted descriptor to the server before Qt wraps it, so that a TLS socket
/// can be made for it and the connection cap applies from the first byte.
class MetricsServer::Listener : public QTcpServer
{
public:
    explicit Listener(MetricsServer *owner) : QTcpServer(owner), m_owner(owner) { }

protected:
    void incomingConnection(qintptr descriptor) override { m_owner->accept(descriptor); }

private:
    MetricsServer *m_owner;
};

namespace {
// Answer slices: small enough that a peer that stops reading pins little in Qt's buffer.
constexpr qint64 kSliceBytes = 64 * 1024;
// The kernel's send buffer per peer: Linux would otherwise grow a silent peer's to 4 MiB.
constexpr int kSocketSendBuffer = 256 * 1024;
// How long a peer turned away has to read its 503.
constexpr int kTurnAwayMs = 1000;

qint64 queued(const QTcpSocket *socket)
{
    const auto *ssl = qobject_cast<const QSslSocket *>(socket);
    return socket->bytesToWrite() + (ssl ? ssl->encryptedBytesToWrite() : 0);
}
}  // namespace

/// What the server holds for one connection.
struct MetricsServer::Peer {
    QByteArray source;
    qint64 acceptedMs = 0;
    qint64 progressMs = 0;  ///< the last time the peer took a byte of the answer
    quint64 id = 0;         ///< which connection: a socket's address may be reused
    bool headDone = false;
    bool answered = false;  ///< head and body set (a login's hash may come in between)
    QByteArray request;     ///< the head so far
    QByteArray head;        ///< the answer's status line and headers
    QByteArray body;        ///< shared with the render
    qint64 bodySent = 0;
    QTimer *deadline = nullptr;  ///< the head's deadline, then the send's idle limit
    quint64 render = 0;          ///< the render it is sending (0: none)
};

MetricsServer::MetricsServer(QByteArray name, std::function<QByteArray()> metrics, QObject *parent)
    : QObject(parent), m_name(std::move(name)), m_metrics(std::move(metrics))
{
    m_clock.start();
    // One hash at a time: a flood of logins takes one core at most, never the server's.
    m_hashing.setMaxThreadCount(1);
}

MetricsServer::~MetricsServer()
{
    // No hash may report to a server that is going: what is queued is dropped, what runs
    // is waited for (its report, queued to this object, goes with it).
    m_hashing.clear();
    m_hashing.waitForDone();
}

int MetricsServer::connections() const
{
    return int(m_peers.size());
}

void MetricsServer::setWebConfig(const WebConfig &config)
{
    m_config = config;
    m_auth = config.basicAuth() ? std::make_unique<BasicAuth>(config.users) : nullptr;
}

quint16 MetricsServer::listen(const QHostAddress &address, quint16 port)
{
    auto *server = new Listener(this);
    if (!server->listen(address, port)) {
        m_error = server->errorString();
        delete server;
        return 0;
    }
    return server->serverPort();
}

void MetricsServer::accept(qintptr descriptor)
{
    QTcpSocket *socket = m_config.tls ? new QSslSocket(this) : new QTcpSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    const QByteArray source = peerSource(socket->peerAddress());
    if (!makeRoom(source)) {
        turnAway(socket);
        return;
    }
    Peer &peer = m_peers[socket];
    peer.id = ++m_peerIds;
    peer.source = source;
    peer.acceptedMs = m_clock.elapsed();
    peer.progressMs = peer.acceptedMs;
    socket->setSocketOption(QAbstractSocket::SendBufferSizeSocketOption, kSocketSendBuffer);
    connect(socket, &QTcpSocket::disconnected, this, [this, socket] { drop(socket); });
    // The head's deadline covers the TLS handshake too: a peer that dawdles is cut off long
    // before it could matter to a scrape, whatever it does once answered.
    peer.deadline = new QTimer(socket);
    peer.deadline->setSingleShot(true);
    connect(peer.deadline, &QTimer::timeout, this, [this, socket] { drop(socket); });
    peer.deadline->start(m_limits.headTimeoutMs);
    connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
    connect(socket, &QTcpSocket::bytesWritten, this, [this, socket] { sendMore(socket); });
    if (m_config.tls)
        startTls(socket);
}

bool MetricsServer::makeRoom(const QByteArray &source)
{
    const auto fromSource = [&](const Peer &p) { return p.source == source; };
    const qint64 now = m_clock.elapsed();
    for (int pass = 0; pass < 2; ++pass) {
        const qsizetype mine = std::count_if(m_peers.cbegin(), m_peers.cend(), fromSource);
        const bool sourceFull = mine >= m_limits.maxPerSource;
        if (!sourceFull && m_peers.size() < m_limits.maxConnections)
            return true;
        // Whom to evict, among the source's own peers when it is the source that is full:
        // the oldest that has not finished its head (a scraper sends it at once), else the
        // one that has taken nothing for longest.
        QTcpSocket *victim = nullptr;
        qint64 victimKey = 0;
        for (auto it = m_peers.cbegin(); it != m_peers.cend(); ++it) {
            const Peer &p = it.value();
            if (sourceFull && !fromSource(p))
                continue;
            qint64 key = -1;
            if (!p.headDone)
                key = std::numeric_limits<qint64>::max() / 2 + (now - p.acceptedMs);
            else if (now - p.progressMs >= m_limits.stalledMs)
                key = now - p.progressMs;
            if (key >= 0 && (!victim || key > victimKey)) {
                victim = it.key();
                victimKey = key;
            }
        }
        if (!victim)
            return false;
        ++m_evicted;
        drop(victim);
    }
    return m_peers.size() < m_limits.maxConnections
        && std::count_if(m_peers.cbegin(), m_peers.cend(), fromSource) < m_limits.maxPerSource;
}

void MetricsServer::turnAway(QTcpSocket *socket)
{
    ++m_turnedAway;
    QTimer::singleShot(kTurnAwayMs, socket, [socket] {
        socket->abort();
        socket->deleteLater();
    });
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    if (m_config.tls) {
        socket->abort();  // no session yet to say it in
        socket->deleteLater();
        return;
    }
    // A reset would read as "the exporter is down"; 503 says "busy, come back".
    const QByteArray body = "too many connections, retry later\n";
    socket->write("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
                  "Content-Length: "
                  + QByteArray::number(body.size())
                  + "\r\nRetry-After: 1\r\nConnection: close\r\n\r\n" + body);
    socket->disconnectFromHost();
}

void MetricsServer::startTls(QTcpSocket *socket)
{
    auto *ssl = static_cast<QSslSocket *>(socket);
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setLocalCertificate(m_config.certificate);
    tls.setLocalCertificateChain(QList<QSslCertificate> {m_config.certificate} + m_config.chain);
    tls.setPrivateKey(m_config.key);
    tls.setProtocol(m_config.protocol);
    tls.setAllowedNextProtocols({QByteArrayLiteral("http/1.1")});
    if (m_config.requireClientCertificate) {
        tls.setCaCertificates(m_config.clientCa);
        tls.setPeerVerifyMode(QSslSocket::VerifyPeer);
    } else {
        tls.setPeerVerifyMode(QSslSocket::VerifyNone);
    }
    ssl->setSslConfiguration(tls);
    connect(ssl, &QSslSocket::sslErrors, this, [this, ssl](const QList<QSslError> &errors) {
        qCDebug(lcMetrics) << "TLS handshake refused:" << errors;
        drop(ssl);
    });
    connect(ssl, &QSslSocket::encryptedBytesWritten, this, [this, ssl] { sendMore(ssl); });
    ssl->startServerEncryption();
}

void MetricsServer::onReadyRead(QTcpSocket *socket)
{
    const auto it = m_peers.find(socket);
    if (it == m_peers.end())
        return;
    Peer &peer = *it;
    if (peer.headDone) {
        socket->readAll();  // one request per connection: the rest is dropped
        return;
    }
    peer.request += socket->readAll();
    if (peer.request.size() > m_limits.maxRequestBytes) {
        drop(socket);
        return;
    }
    if (!peer.request.contains("\r\n\r\n"))
        return;
    peer.headDone = true;
    const QByteArray request = std::exchange(peer.request, {});
    if (!m_auth) {
        respond(socket, request, BasicAuth::Verdict::Allowed);
        return;
    }
    auto first = m_auth->begin(authorizationOf(request), peer.source);
    if (const auto *verdict = std::get_if<BasicAuth::Verdict>(&first)) {
        respond(socket, request, *verdict);
        return;
    }
    // bcrypt takes tens of milliseconds by design: hashed on a thread of its own, so that
    // the thread this server shares with its program (the agent's sampler) goes on. Few wait
    // for it at once: a login beyond those is told to come back (429), at once, rather than
    // holding a connection slot for the length of the queue.
    if (m_hashesPending >= m_limits.maxPendingHashes) {
        respond(socket, request, m_auth->withdraw(std::get<BasicAuth::Attempt>(first)));
        return;
    }
    ++m_hashesPending;
    m_hashing.start([this, socket, id = peer.id, request,
                     attempt = std::get<BasicAuth::Attempt>(std::move(first))] {
        QElapsedTimer took;
        took.start();
        const bool matched = BasicAuth::verify(attempt.password, attempt.hash);
        const qint64 tookMs = took.elapsed();
        QMetaObject::invokeMethod(
            this,
            [this, socket, id, request, attempt, matched, tookMs] {
                --m_hashesPending;
                const BasicAuth::Verdict verdict = m_auth->settle(attempt, matched, tookMs);
                // Its peer may have gone meanwhile (and its socket's address been reused).
                const auto peerNow = m_peers.constFind(socket);
                if (peerNow != m_peers.constEnd() && peerNow->id == id)
                    respond(socket, request, verdict);
            },
            Qt::QueuedConnection);
    });
}

void MetricsServer::respond(QTcpSocket *socket, const QByteArray &request,
                            BasicAuth::Verdict verdict)
{
    Peer &peer = m_peers[socket];
    std::tie(peer.head, peer.body) = answer(request, verdict);
    peer.answered = true;
    if (!peer.body.isEmpty() && peer.body.constData() == m_lastRender.constData()) {
        peer.render = m_renderNumber;
        ++m_renderReaders;
    }
    peer.progressMs = m_clock.elapsed();
    // From here the deadline is the send's idle limit, renewed by every byte the peer takes.
    peer.deadline->start(m_limits.sendIdleMs);
    socket->write(peer.head);
    sendMore(socket);
}

void MetricsServer::sendMore(QTcpSocket *socket)
{
    const auto it = m_peers.find(socket);
    // Not before the answer: TLS writes of its own (session tickets) would otherwise find
    // nothing left to send, and close a connection whose login is still being hashed.
    if (it == m_peers.end() || !it->answered)
        return;
    Peer &peer = *it;
    const qint64 now = m_clock.elapsed();
    if (queued(socket) < kSliceBytes) {
        peer.progressMs = now;
        peer.deadline->start(m_limits.sendIdleMs);
    }
    while (peer.bodySent < peer.body.size() && queued(socket) < kSliceBytes) {
        const qint64 n = std::min<qint64>(kSliceBytes, peer.body.size() - peer.bodySent);
        socket->write(peer.body.constData() + peer.bodySent, n);
        peer.bodySent += n;
    }
    if (peer.bodySent >= peer.body.size() && socket->state() == QAbstractSocket::ConnectedState)
        socket->disconnectFromHost();  // flushes what is queued, then disconnected()
}

void MetricsServer::drop(QTcpSocket *socket)
{
    const auto it = m_peers.constFind(socket);
    if (it == m_peers.cend())
        return;
    if (it->render != 0 && it->render == m_renderNumber && --m_renderReaders == 0)
        m_lastRender = QByteArray();  // no peer is sending it any more
    m_peers.erase(it);
    socket->disconnect(this);
    socket->abort();
    socket->deleteLater();
}

QByteArray MetricsServer::render()
{
    const qint64 now = m_clock.elapsed();
    // Shared only while another peer is still sending it, and while it is young: many slow
    // readers of a large exposition hold one copy of it, and a scrape that finds none being
    // sent gets fresh numbers (scrapes a second apart must never see the same counters).
    if (m_renderReaders == 0 || now - m_lastRenderMs >= m_limits.reuseRenderMs) {
        m_lastRender = m_metrics();
        m_lastRenderMs = now;
        ++m_renderNumber;
        m_renderReaders = 0;
    }
    return m_lastRender;
}

QByteArray MetricsServer::authorizationOf(const QByteArray &request)
{
    const qsizetype headersEnd = request.indexOf("\r\n\r\n");
    const QList<QByteArray> lines = request.left(headersEnd).split('\n');
    QByteArray authorization;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == "authorization")
            authorization = line.mid(colon + 1).trimmed();
    }
    return authorization;
}

std::pair<QByteArray, QByteArray> MetricsServer::answer(const QByteArray &request,
                                                        BasicAuth::Verdict verdict)
{
    const QList<QByteArray> first = request.left(request.indexOf("\r\n")).trimmed().split(' ');
    QByteArray status = "200 OK";
    QByteArray type = "text/plain; version=0.0.4; charset=utf-8";
    QByteArray body;
    QByteArray extra;
    if (verdict == BasicAuth::Verdict::Denied) {
        status = "401 Unauthorized";
        type = "text/plain; charset=utf-8";
        body = "Unauthorized\n";
        extra = "WWW-Authenticate: Basic realm=\"" + m_name + "\", charset=\"UTF-8\"\r\n";
    } else if (verdict == BasicAuth::Verdict::Throttled) {
        status = "429 Too Many Requests";
        type = "text/plain; charset=utf-8";
        body = "too many failed logins, retry later\n";
        extra = "Retry-After: 1\r\n";
    } else if (first.size() < 2 || (first[0] != "GET" && first[0] != "HEAD")) {
        status = "405 Method Not Allowed";
        body = "use GET\n";
        extra = "Allow: GET, HEAD\r\n";
    } else if (first[1] == "/metrics" || first[1].startsWith("/metrics?")) {
        ++m_scrapes;
        body = render();
    } else if (first[1] == "/") {
        type = "text/html";
        body = "<html><head><title>" + m_name + "</title></head><body><h1>" + m_name
            + "</h1><p><a href=\"/metrics\">Metrics</a></p></body></html>\n";
    } else {
        status = "404 Not Found";
        body = "not found\n";
    }
    for (const auto &[name, value] : std::as_const(m_config.headers))
        extra += name + ": " + value + "\r\n";
    QByteArray head = "HTTP/1.1 " + status + "\r\nContent-Type: " + type + "\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\n" + extra + "Connection: close\r\n\r\n";
    if (first.value(0) == "HEAD")
        body.clear();
    return {head, body};
}

}  // namespace roce::prometheus
