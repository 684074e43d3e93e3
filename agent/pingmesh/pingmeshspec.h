#pragma once

#include "common/result.h"

#include <QJsonObject>
#include <QStringList>

namespace roce::agent {

/// One pingmesh round of this host's endpoint (`roce-agent --pingmesh SPEC.json`): which RDMA
/// port probes, which peers (by name), how fast and how long, and the rendezvous directory
/// where endpoints leave their address (GID and queue pair) for each other.
struct PingmeshSpec {
    QString name;    ///< this endpoint, as its peers name it
    QString device;  ///< RDMA device ("mlx5_0", "rxe0")
    int port = 1;
    int gidIndex = -1;  ///< -1: the IPv4-mapped RoCE v2 GID
    QString rendezvous;
    QStringList peers;  ///< names of the endpoints to probe (this one is skipped)
    double seconds = 10;
    double ratePerSecond = 50;  ///< probes per second, over all peers
    int timeoutMs = 200;
    int lingerMs = 3000;  ///< answering after the last probe (peers that started later)
    int waitMs = 30000;   ///< for the peers' addresses
};

/// Reads a spec from JSON: {"name", "device", "port", "gid_index", "rendezvous", "peers",
/// "seconds", "rate_per_s", "timeout_ms", "linger_ms", "wait_ms"}; errors name the field.
Result<PingmeshSpec> parsePingmeshSpec(const QByteArray &json);

/// Runs the round: opens the port, leaves its address, waits for the peers', probes and
/// answers; the result is {"endpoint", "device", "gid", "gid_index", "qpn", "timestamps",
/// "rate_per_s", "seconds", "pairs": [{"dst", "sent", "lost", "rtt_p50_us", "rtt_p99_us"}]}.
Result<QJsonObject> runPingmeshSpec(const PingmeshSpec &spec);

}  // namespace roce::agent
