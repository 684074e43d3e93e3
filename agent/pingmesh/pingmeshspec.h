#pragma once

#include "proto/common/result.h"

#include <QJsonObject>
#include <QStringList>

namespace roce::agent {

/// One pingmesh round of this host's endpoint (`roce-agent --pingmesh SPEC.json`): which RDMA
/// port probes, which peers (by name), how fast and how long, and the rendezvous: a directory
/// where endpoints leave their address (GID and queue pair) for each other, or "stdio", where
/// the endpoint prints its address and reads its peers from standard input, and streams its
/// probes as it goes (the agent's pingmesh job; the lines of proto/agentproto/endpointlines.h).
struct PingmeshSpec {
    QString name;    ///< this endpoint, as its peers name it
    QString device;  ///< RDMA device ("mlx5_0", "rxe0")
    int port = 1;
    int gidIndex = -1;   ///< -1: the IPv4-mapped RoCE v2 GID
    QString rendezvous;  ///< a directory, or "stdio"
    QStringList peers;   ///< names of the endpoints to probe (this one is skipped; not stdio)
    double seconds = 10;
    double ratePerSecond = 50;  ///< probes per second, over all peers
    int timeoutMs = 200;
    int lingerMs = 3000;  ///< answering after the last probe (peers that started later)
    int waitMs = 30000;   ///< for the peers' addresses
    int sourcePorts = 8;  ///< UDP source ports (flow labels) swept per peer

    bool stdio() const { return rendezvous == QLatin1String("stdio"); }
};

/// Reads a spec from JSON: {"name", "device", "port", "gid_index", "rendezvous", "peers",
/// "seconds", "rate_per_s", "timeout_ms", "linger_ms", "wait_ms", "source_ports"}; errors
/// name the field.
Result<PingmeshSpec> parsePingmeshSpec(const QByteArray &json);
/// The first line of standard input, read a byte at a time so that nothing after it (the
/// peers line) is taken from the stream; empty when none comes within 30 s.
QByteArray readPingmeshSpecLine();

/// Runs the round: opens the port, leaves its address, waits for the peers', probes and
/// answers; the result is {"endpoint", "device", "gid", "gid_index", "qpn", "timestamps",
/// "rate_per_s", "seconds", "udp_sports", "pairs": [{"dst", "sent", "lost", "rtt_p50_us",
/// "rtt_p99_us"}], ...}. With the stdio rendezvous, the address and probe lines go to
/// standard output as they happen (the result is the caller's to print).
Result<QJsonObject> runPingmeshSpec(const PingmeshSpec &spec);

}  // namespace roce::agent
