#pragma once

#include "proto/agentproto/pingmesh.h"
#include "proto/common/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace roce::pingmesh {

/// The lines a pingmesh endpoint job (agent protocol tool "pingmesh") and its console
/// exchange, one JSON object per line (README "Agent protocol"):
/// - the job prints its address once its UD queue pair is up:
///   {"pingmesh":"address","name","device","netdev","port","gid","gid_index","qpn","timestamps"};
/// - the console hands it its peers as one job_input line: {"peers":[{"name","gid","qpn"}]};
/// - the job prints, about once a second and per peer, what its probes gave:
///   {"pingmesh":"probes","dst","t_ms","sent","lost","rtt_us":[...],"turnaround_us":[...],
///   "timestamps"} (the round trips of that second, split over several lines when there are
///   many; turnaround_us, the peer's own time from request in to reply out for each of them,
///   -1 where the peer reported none, is absent from agents older than it);
/// - and at the end its totals: {"pingmesh":"result", ...} (roce-agent --pingmesh's report).
/// GIDs travel as 32 hex digits.

/// Where an endpoint answers.
struct EndpointAddress {
    QString name;
    QString device;
    QString netdev;  ///< the GID's netdev (joins the endpoint to its switch port by LLDP)
    int port = 1;
    int gidIndex = 0;
    QByteArray gid;  ///< 16 bytes
    quint32 qpn = 0;
    TimestampSource timestamps = TimestampSource::Software;
};

/// A peer to probe, as the console hands it over.
struct PeerAddress {
    QString name;
    QByteArray gid;  ///< 16 bytes
    quint32 qpn = 0;
};

/// One peer's probes over about a second.
struct ProbeBatch {
    QString dst;
    qint64 tMs = 0;  ///< since the endpoint started probing
    int sent = 0;
    int lost = 0;
    std::vector<double> rttUs;  ///< the replies' round trips, the peer's turnaround taken out
    /// Per reply in rttUs, the peer's own turnaround (-1: not reported); empty when no reply
    /// carried one.
    std::vector<double> turnaroundUs;
    TimestampSource timestamps = TimestampSource::Software;
};

/// Round trips (with their turnarounds) per probes line: keeps a line within the agent's
/// 4 KiB line limit.
inline constexpr int kRttsPerLine = 200;

QString addressLine(const EndpointAddress &address);
QString peersLine(const QList<PeerAddress> &peers);
/// The batch as one or more lines (sent and lost go with the first).
QStringList probeLines(const ProbeBatch &batch);
QString resultLine(QJsonObject result);

/// Reads the console's peers line; errors say which peer or field is wrong.
Result<QList<PeerAddress>> parsePeersLine(const QString &line);

/// One line of an endpoint job's output.
struct EndpointLine {
    enum class Kind { Address, Probes, Result, Other } kind = Kind::Other;
    EndpointAddress address;
    ProbeBatch probes;
    QJsonObject result;
};
/// Lines that are not the protocol's (a warning on stderr, a malformed line) are Other.
EndpointLine parseEndpointLine(const QString &line);

/// The job's result: its last result line in @p stdoutText; @p error says why there is none.
QJsonObject pingmeshResultFromOutput(const QString &stdoutText, QString *error);

}  // namespace roce::pingmesh
