#pragma once

#include "proto/common/result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace roce::agentproto {

/// A job an agent may run: one of a fixed set of programs with typed, validated arguments.
/// Nothing here is ever given to a shell.
struct JobSpec {
    QString tool;       ///< ib_write_bw, ib_write_lat, ib_send_bw, ib_send_lat, ib_read_bw,
                        ///< ib_read_lat, iperf3, sockperf, train, pingmesh
    QString role;       ///< "server" or "client" (train: "rank", pingmesh: "endpoint")
    QString server;     ///< address of the server side (clients)
    int port = 0;       ///< TCP port (perftest -p, iperf3 -p, sockperf -p); 0 = tool default
    int durationS = 0;  ///< seconds (perftest -D, iperf3 -t, sockperf -t); 0 = tool default
    // perftest
    QString device;                    ///< -d
    int ibPort = 1;                    ///< -i
    std::optional<int> gidIndex;       ///< -x
    int qps = 1;                       ///< -q
    std::optional<qint64> size;        ///< -s
    bool allSizes = false;             ///< -a
    std::optional<qint64> iterations;  ///< -n
    bool reportGbits = true;           ///< --report_gbits
    std::optional<int> trafficClass;   ///< --tclass (DSCP << 2)
    // iperf3 / sockperf
    int streams = 1;                 ///< iperf3 -P
    bool tcp = true;                 ///< sockperf --tcp
    std::optional<int> messageSize;  ///< sockperf -m
    // train
    int rank = 0;
    int worldSize = 1;
    QString masterAddr;
    int masterPort = 29500;
    QString backend = QStringLiteral("gloo");
    int modelMb = 16;
    int trainIterations = 20;
    QString ifname;  ///< GLOO_SOCKET_IFNAME / NCCL_SOCKET_IFNAME
    // pingmesh (device, ib_port, gid_index and duration_s as above; duration_s default 10)
    QString endpointName;      ///< how the peers and the results name this endpoint
    int probeRate = 50;        ///< probes per second over all peers
    int probeTimeoutMs = 200;  ///< a probe without a reply after this long is lost
    int sourcePorts = 8;       ///< RoCEv2 UDP source ports swept per peer (ECMP paths)
    int timeoutS = 0;          ///< kill the job after this long; 0 = tool default + margin

    bool isPingmesh() const { return tool == QLatin1String("pingmesh"); }

    bool isPerftest() const;
    bool isLatency() const;
};

/// Every tool name accepted in a job.
QStringList jobTools();

/// Validates a job request (JSON from the protocol) strictly: unknown keys, wrong types and
/// out-of-range values are refused with a message that names the field.
Result<JobSpec> parseJobSpec(const QJsonObject &json);
QJsonObject jobSpecToJson(const JobSpec &spec);

enum class JobState { Running, Succeeded, Failed, Cancelled };
QString jobStateName(JobState state);

/// How a job ended.
struct JobResult {
    QString jobId;
    JobState state = JobState::Running;
    int exitCode = -1;
    QString error;               ///< the tool's own message when it failed
    QJsonObject parsed;          ///< the parsed result (perftest/iperf3/sockperf/train JSON)
    int outputDroppedLines = 0;  ///< output lines not streamed (flood limit, slow client)
    int outputCutLines = 0;      ///< streamed lines cut to the line length limit
};

QJsonObject jobResultToJson(const JobResult &result);
JobResult jobResultFromJson(const QJsonObject &json);

}  // namespace roce::agentproto
