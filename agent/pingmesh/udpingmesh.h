#pragma once

#include "common/result.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>

namespace roce::agent {

/// Where a pingmesh endpoint answers: its RoCE v2 GID and the number of its UD queue pair.
struct UdAddress {
    QString name;
    QByteArray gid;  ///< 16 bytes
    quint32 qpn = 0;
};

/// What probing one peer gave.
struct UdPeerResult {
    QString name;
    int sent = 0;
    int lost = 0;
    double p50Us = 0;
    double p99Us = 0;
    QString error;  ///< why no probe could be sent to it (every probe then counts as lost)
};

/// A pingmesh endpoint over libibverbs: one UD queue pair on an RDMA port that sends probes
/// to its peers' queue pairs and answers theirs, as R-Pingmesh does. A probe carries a
/// sequence number and its send time; the peer echoes it, and the round trip is taken with
/// the host's monotonic clock around post and completion (software timestamps: rxe and most
/// devices give no completion timestamps).
class UdPingmesh
{
public:
    /// Opens @p device's port @p port with its GID at @p gidIndex (-1: the IPv4-mapped
    /// RoCE v2 GID). Errors name the device, the port or the verbs call that failed.
    static Result<std::unique_ptr<UdPingmesh>> open(const QString &device, int port, int gidIndex);
    ~UdPingmesh();

    UdAddress address() const;
    int gidIndex() const;

    /// Probes @p peers in turn at @p ratePerSecond for @p seconds while answering every probe
    /// that arrives, then answers for @p lingerMs more (peers that started later are still
    /// probing). A probe without a reply after @p timeoutMs is lost.
    /// What the endpoint saw besides its own probes' replies.
    struct Stats {
        qint64 answered = 0;      ///< peers' probes answered
        qint64 strayReplies = 0;  ///< replies to another prober that reached this one
        qint64 sendErrors = 0;
        qint64 receiveErrors = 0;
    };
    Stats stats() const { return m_stats; }

    Result<QList<UdPeerResult>> run(const QList<UdAddress> &peers, double ratePerSecond,
                                    double seconds, int timeoutMs, int lingerMs);

private:
    UdPingmesh();
    struct Impl;
    std::unique_ptr<Impl> d;
    Stats m_stats;
};

}  // namespace roce::agent
