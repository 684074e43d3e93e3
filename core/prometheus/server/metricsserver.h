#pragma once

#include "prometheus/server/webconfig.h"

#include <QHostAddress>
#include <QObject>

#include <functional>
#include <memory>
#include <utility>

class QTcpServer;
class QTcpSocket;

namespace roce::prometheus {

class BasicAuth;

/// Serves `GET /metrics` in the Prometheus text format (and a short index on `/`), like
/// node_exporter, so existing Prometheus/Grafana fleets can scrape roce-agent and the switch
/// exporter (`rocectl exporter`); with a web-config, over TLS and/or behind basic auth exactly
/// as exporter-toolkit serves it. Every connection is bounded: how many at once, how long the
/// handshake and the request may take, and how large the request may be; one request per
/// connection.
class MetricsServer : public QObject
{
    Q_OBJECT

public:
    struct Limits {
        int maxConnections = 32;
        int requestTimeoutMs = 10000;  ///< from accept to the end of the request's headers
        int maxRequestBytes = 16384;
    };

    /// @p name (ASCII) titles the index page and the basic-auth realm; @p metrics renders the
    /// exposition, once per scrape.
    MetricsServer(QByteArray name, std::function<QByteArray()> metrics, QObject *parent = nullptr);
    ~MetricsServer() override;
    /// TLS and basic auth; before listen().
    void setWebConfig(const WebConfig &config);
    void setLimits(const Limits &limits) { m_limits = limits; }
    quint16 listen(const QHostAddress &address, quint16 port);
    QString errorString() const { return m_error; }
    int scrapes() const { return m_scrapes; }
    int connections() const { return m_open; }

private:
    class Listener;
    void accept(qintptr descriptor);
    void onReadyRead(QTcpSocket *socket);
    /// The response to @p request: its status line and headers, and its body (written
    /// separately: a switch exporter's body is megabytes, not worth another copy).
    std::pair<QByteArray, QByteArray> answer(const QByteArray &request);

    QByteArray m_name;
    std::function<QByteArray()> m_metrics;
    WebConfig m_config;
    std::unique_ptr<BasicAuth> m_auth;
    Limits m_limits;
    QString m_error;
    int m_scrapes = 0;
    int m_open = 0;
};

}  // namespace roce::prometheus
