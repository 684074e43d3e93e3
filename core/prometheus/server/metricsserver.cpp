#include "prometheus/server/metricsserver.h"

#include "prometheus/server/basicauth.h"

#include <QLoggingCategory>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

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

MetricsServer::MetricsServer(QByteArray name, std::function<QByteArray()> metrics, QObject *parent)
    : QObject(parent), m_name(std::move(name)), m_metrics(std::move(metrics))
{ }

MetricsServer::~MetricsServer() = default;

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
    if (m_open >= m_limits.maxConnections) {
        // Full: refuse at once rather than queue (a scraper retries at its next interval).
        socket->abort();
        socket->deleteLater();
        return;
    }
    ++m_open;
    connect(socket, &QObject::destroyed, this, [this] { --m_open; });
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    // One deadline for the handshake and the request: a client that dawdles is cut off.
    auto *deadline = new QTimer(socket);
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, socket, [socket] {
        socket->abort();
        socket->deleteLater();
    });
    deadline->start(m_limits.requestTimeoutMs);
    connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
    if (auto *ssl = qobject_cast<QSslSocket *>(socket)) {
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setLocalCertificate(m_config.certificate);
        tls.setLocalCertificateChain(QList<QSslCertificate> {m_config.certificate}
                                     + m_config.chain);
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
        connect(ssl, &QSslSocket::sslErrors, ssl, [ssl](const QList<QSslError> &errors) {
            qCDebug(lcMetrics) << "TLS handshake refused:" << errors;
            ssl->abort();
            ssl->deleteLater();
        });
        ssl->startServerEncryption();
    }
}

void MetricsServer::onReadyRead(QTcpSocket *socket)
{
    if (socket->property("answered").toBool()) {
        socket->readAll();  // one request per connection: the rest is dropped
        return;
    }
    QByteArray request = socket->property("request").toByteArray() + socket->readAll();
    if (request.size() > m_limits.maxRequestBytes) {
        socket->abort();
        socket->deleteLater();
        return;
    }
    if (!request.contains("\r\n\r\n")) {
        socket->setProperty("request", request);
        return;
    }
    socket->setProperty("request", QVariant());
    socket->setProperty("answered", true);
    const auto [head, body] = answer(request);
    socket->write(head);
    if (!body.isEmpty())
        socket->write(body);
    socket->disconnectFromHost();
}

std::pair<QByteArray, QByteArray> MetricsServer::answer(const QByteArray &request)
{
    const qsizetype headersEnd = request.indexOf("\r\n\r\n");
    const QList<QByteArray> lines = request.left(headersEnd).split('\n');
    const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
    QByteArray authorization;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == "authorization")
            authorization = line.mid(colon + 1).trimmed();
    }
    QByteArray status = "200 OK";
    QByteArray type = "text/plain; version=0.0.4; charset=utf-8";
    QByteArray body;
    QByteArray extra;
    const BasicAuth::Verdict verdict
        = m_auth ? m_auth->check(authorization) : BasicAuth::Verdict::Allowed;
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
        body = m_metrics();
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
