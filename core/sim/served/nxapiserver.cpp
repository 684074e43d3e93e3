#include "sim/served/nxapiserver.h"

#include <QJsonDocument>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>

namespace roce::sim {

Q_LOGGING_CATEGORY(lcNxapiServer, "roce.sim.nxapi", QtInfoMsg)

using nxapi::CommandCode;
using nxapi::CommandOutput;
using nxapi::OutputFormat;

namespace {

constexpr int kMaxHeaderBytes = 16 * 1024;
constexpr int kMaxBodyBytes = 1024 * 1024;

QByteArray statusText(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 411:
        return "Length Required";
    case 413:
        return "Payload Too Large";
    case 415:
        return "Unsupported Media Type";
    default:
        return "Internal Server Error";
    }
}

/// cli_show_array: every ROW_x becomes an array, even with one row (NX-OS >= 9.x).
QJsonValue rowsAsArrays(const QJsonValue &v)
{
    if (v.isArray()) {
        QJsonArray out;
        for (const QJsonValue &e : v.toArray())
            out.append(rowsAsArrays(e));
        return out;
    }
    if (!v.isObject())
        return v;
    QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        QJsonValue child = rowsAsArrays(it.value());
        if (it.key().startsWith(QLatin1String("ROW_")) && child.isObject())
            child = QJsonArray {child};
        it.value() = child;
    }
    return o;
}

QByteArray insApiError(const QString &message)
{
    const QJsonObject o {
        {QStringLiteral("ins_api"),
         QJsonObject {{QStringLiteral("outputs"),
                       QJsonObject {{QStringLiteral("output"),
                                     QJsonObject {{QStringLiteral("code"), QStringLiteral("400")},
                                                  {QStringLiteral("msg"), message}}}}}}}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

}  // namespace

NxapiServer::NxapiServer(Handler handler, QString user, QString password, QObject *parent)
    : QObject(parent),
      m_handler(std::move(handler)),
      m_user(std::move(user)),
      m_password(std::move(password))
{
    m_clock.start();
}

NxapiServer::~NxapiServer() = default;

quint16 NxapiServer::listenHttp(const QHostAddress &address, quint16 port)
{
    auto *server = new QTcpServer(this);
    if (!server->listen(address, port)) {
        m_error = server->errorString();
        delete server;
        return 0;
    }
    connect(server, &QTcpServer::newConnection, this, [this, server] { accept(server); });
    return server->serverPort();
}

quint16 NxapiServer::listenHttps(const QHostAddress &address, quint16 port,
                                 const QSslCertificate &certificate, const QSslKey &key)
{
    auto *server = new QSslServer(this);
    QSslConfiguration config = QSslConfiguration::defaultConfiguration();
    config.setLocalCertificate(certificate);
    config.setPrivateKey(key);
    config.setPeerVerifyMode(QSslSocket::VerifyNone);  // clients authenticate with basic auth
    server->setSslConfiguration(config);
    if (!server->listen(address, port)) {
        m_error = server->errorString();
        delete server;
        return 0;
    }
    connect(server, &QSslServer::errorOccurred, this,
            [](QSslSocket *, QAbstractSocket::SocketError error) {
                qCInfo(lcNxapiServer) << "TLS connection failed:" << error;
            });
    connect(server, &QTcpServer::pendingConnectionAvailable, this,
            [this, server] { accept(server); });
    return server->serverPort();
}

void NxapiServer::accept(QTcpServer *server)
{
    while (QTcpSocket *socket = server->nextPendingConnection()) {
        m_buffers.insert(socket, QByteArray());
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_buffers.remove(socket);
            socket->deleteLater();
        });
    }
}

void NxapiServer::onReadyRead(QTcpSocket *socket)
{
    QByteArray &buffer = m_buffers[socket];
    buffer += socket->readAll();
    // Several requests may arrive on one keep-alive connection.
    while (true) {
        const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0) {
            if (buffer.size() > kMaxHeaderBytes) {
                qCInfo(lcNxapiServer)
                    << "closing connection: header larger than" << kMaxHeaderBytes << "bytes";
                reply(socket, 400, "text/plain", "header too large\n", {}, true);
            }
            return;
        }
        const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
        const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
        if (requestLine.size() != 3 || !requestLine[2].startsWith("HTTP/1.")) {
            qCInfo(lcNxapiServer) << "closing connection: malformed request line";
            reply(socket, 400, "text/plain", "malformed request line\n", {}, true);
            return;
        }
        QHash<QByteArray, QByteArray> headers;
        for (int i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            if (colon > 0)
                headers.insert(lines[i].left(colon).trimmed().toLower(),
                               lines[i].mid(colon + 1).trimmed());
        }
        qsizetype length = 0;
        if (headers.contains("content-length")) {
            bool ok = false;
            length = headers.value("content-length").toLongLong(&ok);
            if (!ok || length < 0) {
                reply(socket, 400, "text/plain", "bad Content-Length\n", {}, true);
                return;
            }
        } else if (requestLine[0] == "POST") {
            reply(socket, 411, "text/plain", "Content-Length required\n", {}, true);
            return;
        }
        if (length > kMaxBodyBytes) {
            reply(socket, 413, "text/plain", "request too large\n", {}, true);
            return;
        }
        if (buffer.size() < headerEnd + 4 + length)
            return;  // wait for the rest of the body
        const QByteArray body = buffer.mid(headerEnd + 4, length);
        buffer.remove(0, headerEnd + 4 + length);
        handleRequest(socket, requestLine[0], requestLine[1], headers, body);
        if (socket->state() != QAbstractSocket::ConnectedState || !m_buffers.contains(socket))
            return;
    }
}

void NxapiServer::expireSessions()
{
    const qint64 now = m_clock.elapsed();
    for (auto it = m_sessions.begin(); it != m_sessions.end();) {
        if (it.value() <= now)
            it = m_sessions.erase(it);
        else
            ++it;
    }
}

int NxapiServer::activeSessions()
{
    expireSessions();
    return int(m_sessions.size());
}

void NxapiServer::handleRequest(QTcpSocket *socket, const QByteArray &method,
                                const QByteArray &path,
                                const QHash<QByteArray, QByteArray> &headers,
                                const QByteArray &body)
{
    ++m_requests;
    const bool close = headers.value("connection").toLower() == "close";
    if (path != "/ins") {
        reply(socket, 404, "text/plain", "not found\n", {}, close);
        return;
    }
    if (method != "POST") {
        reply(socket, 405, "text/plain", "use POST\n", {"Allow: POST"}, close);
        return;
    }

    // Authentication: a valid nxapi_auth cookie, or basic credentials that open a session.
    expireSessions();
    QByteArray cookieToken;
    for (const QByteArray &part : headers.value("cookie").split(';')) {
        const QByteArray kv = part.trimmed();
        if (kv.startsWith("nxapi_auth="))
            cookieToken = kv.mid(11);
    }
    QList<QByteArray> extra;
    if (cookieToken.isEmpty() || !m_sessions.contains(cookieToken)) {
        const QByteArray auth = headers.value("authorization");
        const QByteArray expected
            = "Basic " + (m_user + QLatin1Char(':') + m_password).toUtf8().toBase64();
        if (auth != expected) {
            qCInfo(lcNxapiServer) << "rejected request: bad or missing credentials";
            reply(socket, 401, "text/html", "<html><body>Authentication failed</body></html>\n",
                  {"WWW-Authenticate: Basic realm=\"Cisco NX-API\""}, close);
            return;
        }
        if (m_sessions.size() >= m_maxSessions) {
            // The real switch answers HTTP 200 with this body (NetApp Harvest client.go).
            const QJsonObject o {
                {QStringLiteral("output"),
                 QJsonObject {{QStringLiteral("clierror"), QStringLiteral("Internal Server error")},
                              {QStringLiteral("input"), QString()},
                              {QStringLiteral("msg"), nxapi::codeMessage(CommandCode::MaxSessions)},
                              {QStringLiteral("code"), QStringLiteral("429")}}}};
            reply(socket, 200, "application/json", QJsonDocument(o).toJson(QJsonDocument::Compact),
                  {}, close);
            return;
        }
        cookieToken = QByteArray::number(QRandomGenerator::system()->generate64(), 16)
            + QByteArray::number(QRandomGenerator::system()->generate64(), 16);
        m_sessions.insert(cookieToken, m_clock.elapsed() + m_sessionLifetimeMs);
        extra.append("Set-Cookie: nxapi_auth=" + cookieToken + "; Path=/; Max-Age="
                     + QByteArray::number(std::max<qint64>(1, m_sessionLifetimeMs / 1000))
                     + "; HttpOnly");
    }

    const QByteArray contentType
        = headers.value("content-type").split(';').first().trimmed().toLower();
    int status = 200;
    QByteArray response;
    if (contentType == "application/json") {
        response = handleInsApi(body, &status);
    } else if (contentType == "application/json-rpc") {
        response = handleJsonRpc(body, &status);
    } else {
        reply(socket, 415, "text/plain",
              "Content-Type must be application/json or application/json-rpc\n", extra, close);
        return;
    }
    reply(socket, status,
          contentType == "application/json-rpc" ? "application/json-rpc" : "application/json",
          response, extra, close);
}

QByteArray NxapiServer::handleInsApi(const QByteArray &body, int *status)
{
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    const QJsonObject request = doc.object().value(QStringLiteral("ins_api")).toObject();
    if (error.error != QJsonParseError::NoError || request.isEmpty()) {
        *status = 400;
        return insApiError(
            QStringLiteral("Request contains invalid JSON: %1").arg(error.errorString()));
    }
    const QString type = request.value(QStringLiteral("type")).toString();
    if (type == QLatin1String("cli_conf") && m_configHandler) {
        const QList<CommandOutput> outputs
            = m_configHandler(nxapi::splitBatch(request.value(QStringLiteral("input")).toString()));
        if (outputs.isEmpty()) {
            *status = 400;
            return insApiError(QStringLiteral("No command in input"));
        }
        return QJsonDocument(nxapi::insApiResponse(type, outputs)).toJson(QJsonDocument::Compact);
    }
    OutputFormat format = OutputFormat::Structured;
    bool asArrays = false;
    if (type == QLatin1String("cli_show_ascii")) {
        format = OutputFormat::Ascii;
    } else if (type == QLatin1String("cli_show_array")) {
        asArrays = true;
    } else if (type != QLatin1String("cli_show")) {
        *status = 400;
        return insApiError(
            QStringLiteral("Unsupported message type '%1' (this switch is read-only)").arg(type));
    }
    QList<CommandOutput> outputs;
    for (const QString &command :
         nxapi::splitBatch(request.value(QStringLiteral("input")).toString())) {
        CommandOutput out = m_handler(command, format);
        if (asArrays)
            out.body = rowsAsArrays(out.body);
        outputs.append(out);
    }
    if (outputs.isEmpty()) {
        *status = 400;
        return insApiError(QStringLiteral("No command in input"));
    }
    return QJsonDocument(nxapi::insApiResponse(type, outputs)).toJson(QJsonDocument::Compact);
}

QByteArray NxapiServer::handleJsonRpc(const QByteArray &body, int *status)
{
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError || (!doc.isArray() && !doc.isObject())) {
        *status = 400;
        const QJsonObject e {
            {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("error"),
             QJsonObject {{QStringLiteral("code"), -32700},
                          {QStringLiteral("message"), QStringLiteral("Parse error")}}},
            {QStringLiteral("id"), QJsonValue()}};
        return QJsonDocument(e).toJson(QJsonDocument::Compact);
    }
    const QJsonArray requests = doc.isArray() ? doc.array() : QJsonArray {doc.object()};
    QJsonArray responses;
    for (const QJsonValue &v : requests) {
        const QJsonObject r = v.toObject();
        const QString method = r.value(QStringLiteral("method")).toString();
        const QString cmd
            = r.value(QStringLiteral("params")).toObject().value(QStringLiteral("cmd")).toString();
        CommandOutput out;
        if (method == QLatin1String("cli") || method == QLatin1String("cli_array")) {
            out = m_handler(cmd, OutputFormat::Structured);
            if (method == QLatin1String("cli_array"))
                out.body = rowsAsArrays(out.body);
        } else if (method == QLatin1String("cli_ascii")) {
            out = m_handler(cmd, OutputFormat::Ascii);
        } else {
            out.input = cmd;
            out.code = CommandCode::CliError;
            out.clierror = QStringLiteral("Unsupported method '%1'").arg(method);
        }
        responses.append(nxapi::jsonRpcResponse(out, r.value(QStringLiteral("id"))));
    }
    // A one-command batch is answered with a single object, not an array (§4.3).
    if (responses.size() == 1)
        return QJsonDocument(responses.first().toObject()).toJson(QJsonDocument::Compact);
    return QJsonDocument(responses).toJson(QJsonDocument::Compact);
}

void NxapiServer::reply(QTcpSocket *socket, int status, const QByteArray &contentType,
                        const QByteArray &body, const QList<QByteArray> &extraHeaders, bool close)
{
    QByteArray response
        = "HTTP/1.1 " + QByteArray::number(status) + ' ' + statusText(status) + "\r\n";
    response += "Server: nginx\r\nContent-Type: " + contentType
        + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n";
    for (const QByteArray &h : extraHeaders)
        response += h + "\r\n";
    if (close)
        response += "Connection: close\r\n";
    response += "\r\n" + body;
    socket->write(response);
    if (close) {
        m_buffers.remove(socket);
        socket->disconnectFromHost();
    }
}

}  // namespace roce::sim
