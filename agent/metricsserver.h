#pragma once

#include <QHostAddress>
#include <QObject>

#include <functional>

class QTcpServer;

namespace roce::agent {

/// Serves `GET /metrics` in the Prometheus text format (and a short index on `/`), like
/// node_exporter, so existing Prometheus/Grafana fleets can scrape every agent.
class MetricsServer : public QObject
{
    Q_OBJECT

public:
    explicit MetricsServer(std::function<QByteArray()> metrics, QObject *parent = nullptr);
    quint16 listen(const QHostAddress &address, quint16 port);
    QString errorString() const { return m_error; }
    int scrapes() const { return m_scrapes; }

private:
    std::function<QByteArray()> m_metrics;
    QString m_error;
    int m_scrapes = 0;
};

}  // namespace roce::agent
