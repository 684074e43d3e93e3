#include "metricsserver.h"

#include <QTcpServer>
#include <QTcpSocket>

namespace roce::agent {

MetricsServer::MetricsServer(std::function<QByteArray()> metrics, QObject *parent)
    : QObject(parent), m_metrics(std::move(metrics))
{ }

quint16 MetricsServer::listen(const QHostAddress &address, quint16 port)
{
    auto *server = new QTcpServer(this);
    if (!server->listen(address, port)) {
        m_error = server->errorString();
        delete server;
        return 0;
    }
    connect(server, &QTcpServer::newConnection, this, [this, server] {
        while (QTcpSocket *socket = server->nextPendingConnection()) {
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            socket->setProperty("request", QByteArray());
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
                QByteArray request = socket->property("request").toByteArray() + socket->readAll();
                if (request.size() > 16384) {
                    socket->abort();
                    return;
                }
                socket->setProperty("request", request);
                if (!request.contains("\r\n\r\n"))
                    return;
                const QList<QByteArray> first = request.left(request.indexOf("\r\n")).split(' ');
                QByteArray status = "200 OK";
                QByteArray type = "text/plain; version=0.0.4; charset=utf-8";
                QByteArray body;
                if (first.size() < 2 || first[0] != "GET") {
                    status = "405 Method Not Allowed";
                    body = "use GET\n";
                } else if (first[1] == "/metrics") {
                    ++m_scrapes;
                    body = m_metrics();
                } else if (first[1] == "/") {
                    type = "text/html";
                    body = "<html><head><title>roce-agent</title></head><body><h1>roce-agent</h1>"
                           "<p><a href=\"/metrics\">Metrics</a></p></body></html>\n";
                } else {
                    status = "404 Not Found";
                    body = "not found\n";
                }
                socket->write("HTTP/1.1 " + status + "\r\nContent-Type: " + type
                              + "\r\nContent-Length: " + QByteArray::number(body.size())
                              + "\r\nConnection: close\r\n\r\n" + body);
                socket->disconnectFromHost();
            });
        }
    });
    return server->serverPort();
}

}  // namespace roce::agent
