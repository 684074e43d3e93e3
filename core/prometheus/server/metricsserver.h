#pragma once

#include "prometheus/server/basicauth.h"
#include "prometheus/server/webconfig.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QThreadPool>

#include <functional>
#include <memory>
#include <utility>

class QTcpServer;
class QTcpSocket;

namespace roce::prometheus {

/// Serves `GET /metrics` in the Prometheus text format (and a short index on `/`), like
/// node_exporter, so existing Prometheus/Grafana fleets can scrape roce-agent and the switch
/// exporter (`rocectl exporter`); with a web-config, over TLS and/or behind basic auth exactly
/// as exporter-toolkit serves it. One request per connection, and every connection is
/// bounded so that slow or silent peers cannot keep scrapes out:
/// - the request head (TLS handshake included) must arrive within a short deadline, and be
///   small;
/// - the answer is written in slices as the peer reads it, and a peer that stops reading for
///   sendIdleMs is dropped: a slow scraper gets the whole answer, however long it takes;
/// - each source (an address, or an IPv6 /64) holds at most maxPerSource connections, and the
///   server maxConnections; when a new peer finds no slot, the longest-waiting peer that has
///   not finished its head is evicted, else one that has stopped reading, else the new peer
///   is answered 503 (over TLS, closed: there is no session yet to answer in);
/// - basic auth's bcrypt runs on a thread of its own, one hash at a time, and few logins may
///   wait for it (more are answered 429 at once);
/// - a render still being sent to one peer, and younger than reuseRenderMs, is shared with
///   the scrapes that arrive meanwhile, so many slow readers of one large exposition hold
///   one copy of it.
class MetricsServer : public QObject
{
    Q_OBJECT

public:
    struct Limits {
        int maxConnections = 32;
        int maxPerSource = 16;
        int headTimeoutMs = 2500;  ///< from accept to the end of the request's headers
        int maxRequestBytes = 16384;
        int sendIdleMs = 10000;  ///< no byte of the answer taken for this long: dropped
        /// A peer that has taken nothing for this long may be evicted for a new one.
        int stalledMs = 1000;
        int reuseRenderMs = 250;
        /// Logins waiting for their bcrypt hash (one is hashed at a time); more: 429.
        int maxPendingHashes = 4;
    };

    /// @p name (ASCII) titles the index page and the basic-auth realm; @p metrics renders the
    /// exposition, once per scrape (or per reuseRenderMs).
    MetricsServer(QByteArray name, std::function<QByteArray()> metrics, QObject *parent = nullptr);
    ~MetricsServer() override;
    /// TLS and basic auth; before listen().
    void setWebConfig(const WebConfig &config);
    void setLimits(const Limits &limits) { m_limits = limits; }
    quint16 listen(const QHostAddress &address, quint16 port);
    QString errorString() const { return m_error; }
    int scrapes() const { return m_scrapes; }
    int connections() const;
    /// Peers evicted for a new one, and peers answered 503 (or closed) for want of a slot.
    int evicted() const { return m_evicted; }
    /// Logins hashed or waiting to be.
    int hashesPending() const { return m_hashesPending; }
    int turnedAway() const { return m_turnedAway; }

private:
    class Listener;
    struct Peer;
    void accept(qintptr descriptor);
    /// Frees a slot for a peer from @p source: false when none may be taken.
    bool makeRoom(const QByteArray &source);
    void turnAway(QTcpSocket *socket);
    void startTls(QTcpSocket *socket);
    void onReadyRead(QTcpSocket *socket);
    void sendMore(QTcpSocket *socket);
    void drop(QTcpSocket *socket);
    /// Answers @p socket's @p request, its login judged @p verdict.
    void respond(QTcpSocket *socket, const QByteArray &request, BasicAuth::Verdict verdict);
    /// The response to @p request: its status line and headers, and its body (kept apart: a
    /// switch exporter's body is megabytes, not worth another copy).
    std::pair<QByteArray, QByteArray> answer(const QByteArray &request, BasicAuth::Verdict verdict);
    static QByteArray authorizationOf(const QByteArray &request);
    QByteArray render();

    QByteArray m_name;
    std::function<QByteArray()> m_metrics;
    WebConfig m_config;
    std::unique_ptr<BasicAuth> m_auth;
    Limits m_limits;
    QString m_error;
    QHash<QTcpSocket *, Peer> m_peers;
    QElapsedTimer m_clock;
    QByteArray m_lastRender;
    qint64 m_lastRenderMs = -1;
    quint64 m_renderNumber = 0;  ///< of m_lastRender
    int m_renderReaders = 0;     ///< peers sending m_lastRender now
    QThreadPool m_hashing;       ///< bcrypt, off this server's thread
    int m_hashesPending = 0;
    quint64 m_peerIds = 0;
    int m_scrapes = 0;
    int m_evicted = 0;
    int m_turnedAway = 0;
};

}  // namespace roce::prometheus
