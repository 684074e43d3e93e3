#pragma once

#include "proto/agentproto/endpointlines.h"
#include "proto/common/result.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace roce::agent {

/// Where a pingmesh endpoint answers: its name, RoCE v2 GID and UD queue pair number (the
/// protocol's peer address).
using UdAddress = pingmesh::PeerAddress;

/// What probing one peer gave.
struct UdPeerResult {
    QString name;
    int sent = 0;
    int lost = 0;
    double p50Us = 0;
    double p99Us = 0;
    QString error;  ///< why no probe could be sent to it (every probe then counts as lost)
};

/// One peer's probes over the last interval (about a second) of a run.
struct UdInterval {
    int peer = 0;  ///< index into the run's peers
    int sent = 0;
    int lost = 0;
    std::vector<double> rttUs;         ///< the round trips, the responder's turnaround out
    std::vector<double> turnaroundUs;  ///< per round trip, the responder's (-1: not sent)
};

/// A pingmesh endpoint over libibverbs: one UD queue pair on an RDMA port that sends probes
/// to its peers' queue pairs and answers theirs, as R-Pingmesh does. A probe carries a
/// sequence number and its send time; the peer echoes it with its own turnaround (request
/// taken to reply posted), and the round trip is taken with the host's monotonic clock around
/// post and completion, the turnaround taken out and kept apart (software timestamps: rxe and
/// most devices give no completion timestamps). Each peer is reached through several address
/// handles that differ in their GRH flow label only: RoCE v2 devices derive the UDP source
/// port from it (rdma_flow_label_to_udp_sport), so the probes sweep the ECMP paths.
class UdPingmesh
{
public:
    /// Opens @p device's port @p port with its GID at @p gidIndex (-1: the IPv4-mapped
    /// RoCE v2 GID). Errors name the device, the port or the verbs call that failed.
    static Result<std::unique_ptr<UdPingmesh>> open(const QString &device, int port, int gidIndex);
    ~UdPingmesh();

    UdAddress address() const;
    int gidIndex() const;
    /// The netdev of the GID in use (sysfs gid_attrs/ndevs), empty when the kernel does not say.
    QString netdev() const;

    /// What the endpoint saw besides its own probes' replies.
    struct Stats {
        qint64 answered = 0;      ///< peers' probes answered
        qint64 strayReplies = 0;  ///< replies to another prober that reached this one
        qint64 sendErrors = 0;
        qint64 receiveErrors = 0;
        qint64 unanswered = 0;  ///< probes not answered: no address handle to their prober
    };
    Stats stats() const { return m_stats; }

    struct RunOptions {
        double ratePerSecond = 50;  ///< over all peers
        double seconds = 10;
        int timeoutMs = 200;  ///< a probe without a reply after this long is lost
        int lingerMs = 3000;  ///< answering after the last probe (peers that started later)
        int sourcePorts = 1;  ///< UDP source ports (flow labels) swept per peer
        /// Called about once a second, and at the end, with what each peer's probes gave
        /// since the last call (peers with nothing new are left out).
        std::function<void(qint64 elapsedMs, const std::vector<UdInterval> &)> onInterval;
    };
    /// Probes @p peers in turn while answering every probe that arrives.
    Result<QList<UdPeerResult>> run(const QList<UdAddress> &peers, const RunOptions &options);
    /// The UDP source ports the last run's address handles select (on devices that derive
    /// them from the flow label, as mlx5 does; rxe keeps one per queue pair).
    QList<quint16> sourcePorts() const { return m_sourcePorts; }

private:
    UdPingmesh();
    struct Impl;
    struct Run;
    std::unique_ptr<Impl> d;
    Stats m_stats;
    QList<quint16> m_sourcePorts;
};

}  // namespace roce::agent
