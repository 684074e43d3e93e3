#include "proto/agentproto/jobspec.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

namespace roce::agentproto {

namespace {

class JobSpecText
{
    Q_DECLARE_TR_FUNCTIONS(JobSpecText)
};

Error invalid(const QString &message)
{
    return makeError(ErrorCode::InvalidArgument, message);
}

/// Host names and addresses: letters, digits, dots, dashes, colons (IPv6). No spaces, no
/// shell metacharacters (nothing goes through a shell anyway, but arguments must not be
/// able to look like options either).
bool validHost(const QString &s)
{
    static const QRegularExpression re(QStringLiteral(R"(^[A-Za-z0-9][A-Za-z0-9.\-:]{0,252}$)"));
    return re.match(s).hasMatch();
}

bool validName(const QString &s)
{
    static const QRegularExpression re(QStringLiteral(R"(^[A-Za-z0-9][A-Za-z0-9_.:\-]{0,63}$)"));
    return re.match(s).hasMatch();
}

}  // namespace

bool JobSpec::isPerftest() const
{
    return tool.startsWith(QLatin1String("ib_"));
}

bool JobSpec::isLatency() const
{
    return tool.endsWith(QLatin1String("_lat")) || tool == QLatin1String("sockperf");
}

QStringList jobTools()
{
    return {QStringLiteral("ib_write_bw"), QStringLiteral("ib_write_lat"),
            QStringLiteral("ib_send_bw"),  QStringLiteral("ib_send_lat"),
            QStringLiteral("ib_read_bw"),  QStringLiteral("ib_read_lat"),
            QStringLiteral("iperf3"),      QStringLiteral("sockperf"),
            QStringLiteral("train"),       QStringLiteral("pingmesh")};
}

QString jobStateName(JobState state)
{
    switch (state) {
    case JobState::Running:
        return QStringLiteral("running");
    case JobState::Succeeded:
        return QStringLiteral("succeeded");
    case JobState::Failed:
        return QStringLiteral("failed");
    case JobState::Cancelled:
        return QStringLiteral("cancelled");
    }
    return QString();
}

// NOLINTNEXTLINE(readability-function-size): predates the limit
Result<JobSpec> parseJobSpec(const QJsonObject &j)
{
    JobSpec s;
    s.tool = j.value(QStringLiteral("tool")).toString();
    if (!jobTools().contains(s.tool))
        return invalid(JobSpecText::tr("unknown tool '%1' (allowed: %2)")
                           .arg(s.tool, jobTools().join(QStringLiteral(", "))));

    QSet<QString> allowed {QStringLiteral("tool"),       QStringLiteral("role"),
                           QStringLiteral("server"),     QStringLiteral("port"),
                           QStringLiteral("duration_s"), QStringLiteral("timeout_s")};
    if (s.isPerftest()) {
        allowed += {QStringLiteral("device"),       QStringLiteral("ib_port"),
                    QStringLiteral("gid_index"),    QStringLiteral("qps"),
                    QStringLiteral("size"),         QStringLiteral("all_sizes"),
                    QStringLiteral("iterations"),   QStringLiteral("report_gbits"),
                    QStringLiteral("traffic_class")};
    } else if (s.tool == QLatin1String("iperf3")) {
        allowed += {QStringLiteral("streams")};
    } else if (s.tool == QLatin1String("sockperf")) {
        allowed += {QStringLiteral("tcp"), QStringLiteral("message_size")};
    } else if (s.isPingmesh()) {
        allowed = {QStringLiteral("tool"),
                   QStringLiteral("role"),
                   QStringLiteral("name"),
                   QStringLiteral("device"),
                   QStringLiteral("ib_port"),
                   QStringLiteral("gid_index"),
                   QStringLiteral("duration_s"),
                   QStringLiteral("rate_per_s"),
                   QStringLiteral("probe_timeout_ms"),
                   QStringLiteral("source_ports"),
                   QStringLiteral("timeout_s")};
    } else {
        allowed = {QStringLiteral("tool"),        QStringLiteral("role"),
                   QStringLiteral("rank"),        QStringLiteral("world_size"),
                   QStringLiteral("master_addr"), QStringLiteral("master_port"),
                   QStringLiteral("backend"),     QStringLiteral("model_mb"),
                   QStringLiteral("iterations"),  QStringLiteral("ifname"),
                   QStringLiteral("timeout_s")};
    }
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (!allowed.contains(it.key()))
            return invalid(JobSpecText::tr("field '%1' is not valid for %2").arg(it.key(), s.tool));
    }
    auto integer = [&](const char *key, qint64 min, qint64 max,
                       std::optional<qint64> *out) -> std::optional<Error> {
        const QJsonValue v = j.value(QLatin1String(key));
        if (v.isUndefined())
            return std::nullopt;
        const double d = v.toDouble(-1e300);
        // The range first: converting a double beyond qint64 is undefined behaviour.
        if (!v.isDouble() || d < double(min) || d > double(max) || d != double(qint64(d)))
            return invalid(JobSpecText::tr("'%1' must be an integer from %2 to %3")
                               .arg(QLatin1String(key))
                               .arg(min)
                               .arg(max));
        *out = qint64(d);
        return std::nullopt;
    };
    auto boolean = [&](const char *key, bool *out) -> std::optional<Error> {
        const QJsonValue v = j.value(QLatin1String(key));
        if (v.isUndefined())
            return std::nullopt;
        if (!v.isBool())
            return invalid(JobSpecText::tr("'%1' must be true or false").arg(QLatin1String(key)));
        *out = v.toBool();
        return std::nullopt;
    };
    std::optional<qint64> v;
#define ROCE_INT(key, min, max, target)                                                            \
    v.reset();                                                                                     \
    if (auto e = integer(key, min, max, &v))                                                       \
        return *e;                                                                                 \
    if (v)                                                                                         \
        (target) = decltype(target)(*v);
#define ROCE_BOOL(key, target)                                                                     \
    if (auto e = boolean(key, &(target)))                                                          \
        return *e;

    // The RDMA port a perftest or a pingmesh endpoint uses: device, ib_port, gid_index.
    auto rdmaPort = [&]() -> std::optional<Error> {
        s.device = j.value(QStringLiteral("device")).toString();
        if (!s.device.isEmpty() && !validName(s.device))
            return invalid(JobSpecText::tr("'device' is not a valid RDMA device name"));
        std::optional<qint64> n;
        if (auto e = integer("ib_port", 1, 255, &n))
            return e;
        if (n)
            s.ibPort = int(*n);
        n.reset();
        if (auto e = integer("gid_index", 0, 1023, &n))
            return e;
        if (n)
            s.gidIndex = int(*n);
        return std::nullopt;
    };

    ROCE_INT("port", 1, 65535, s.port)
    ROCE_INT("duration_s", 1, 3600, s.durationS)
    ROCE_INT("timeout_s", 1, 86400, s.timeoutS)

    if (s.tool == QLatin1String("train")) {
        s.role = QStringLiteral("rank");
        ROCE_INT("rank", 0, 4095, s.rank)
        ROCE_INT("world_size", 1, 4096, s.worldSize)
        ROCE_INT("master_port", 1, 65535, s.masterPort)
        ROCE_INT("model_mb", 1, 4096, s.modelMb)
        ROCE_INT("iterations", 1, 1000000, s.trainIterations)
        if (s.rank >= s.worldSize)
            return invalid(
                JobSpecText::tr("rank %1 is not below world_size %2").arg(s.rank).arg(s.worldSize));
        s.masterAddr = j.value(QStringLiteral("master_addr")).toString();
        if (!validHost(s.masterAddr))
            return invalid(JobSpecText::tr("'master_addr' must be a host name or address"));
        s.backend = j.value(QStringLiteral("backend")).toString(QStringLiteral("gloo"));
        if (s.backend != QLatin1String("gloo") && s.backend != QLatin1String("nccl"))
            return invalid(JobSpecText::tr("'backend' must be gloo or nccl"));
        s.ifname = j.value(QStringLiteral("ifname")).toString();
        if (!s.ifname.isEmpty() && !validName(s.ifname))
            return invalid(JobSpecText::tr("'ifname' is not a valid interface name"));
        return s;
    }

    if (s.isPingmesh()) {
        // One endpoint of a pingmesh round: it opens a UD queue pair, prints its address,
        // waits for its peers' (job_input) and probes them (README "Agent protocol").
        s.role = j.value(QStringLiteral("role")).toString(QStringLiteral("endpoint"));
        if (s.role != QLatin1String("endpoint"))
            return invalid(JobSpecText::tr("'role' of a pingmesh job must be endpoint"));
        s.endpointName = j.value(QStringLiteral("name")).toString();
        if (!validName(s.endpointName))
            return invalid(JobSpecText::tr("a pingmesh job needs 'name': letters, digits and "
                                           "_.:- (how its peers name it)"));
        if (auto e = rdmaPort())
            return *e;
        ROCE_INT("rate_per_s", 1, 100000, s.probeRate)
        ROCE_INT("probe_timeout_ms", 1, 60000, s.probeTimeoutMs)
        ROCE_INT("source_ports", 1, 64, s.sourcePorts)
        if (!s.durationS)
            s.durationS = 10;
        return s;
    }

    s.role = j.value(QStringLiteral("role")).toString();
    if (s.role != QLatin1String("server") && s.role != QLatin1String("client"))
        return invalid(JobSpecText::tr("'role' must be server or client"));
    if (s.role == QLatin1String("client")) {
        s.server = j.value(QStringLiteral("server")).toString();
        if (!validHost(s.server))
            return invalid(
                JobSpecText::tr("a client needs 'server': the address of the server side"));
    } else if (j.contains(QStringLiteral("server"))) {
        // iperf3 -B / sockperf -i: the address the server listens on.
        s.server = j.value(QStringLiteral("server")).toString();
        if (!validHost(s.server))
            return invalid(JobSpecText::tr("'server' must be a host name or address"));
    }
    if (s.isPerftest()) {
        if (auto e = rdmaPort())
            return *e;
        ROCE_INT("qps", 1, 4096, s.qps)
        v.reset();
        if (auto e = integer("size", 1, 8388608, &v))
            return *e;
        if (v)
            s.size = *v;
        v.reset();
        if (auto e = integer("iterations", 1, 100000000, &v))
            return *e;
        if (v)
            s.iterations = *v;
        v.reset();
        if (auto e = integer("traffic_class", 0, 255, &v))
            return *e;
        if (v)
            s.trafficClass = int(*v);
        ROCE_BOOL("all_sizes", s.allSizes)
        ROCE_BOOL("report_gbits", s.reportGbits)
        if (s.allSizes && s.size)
            return invalid(JobSpecText::tr("'size' and 'all_sizes' exclude each other"));
        if (s.isLatency() && s.qps != 1)
            return invalid(JobSpecText::tr("latency tests run one QP"));
    } else if (s.tool == QLatin1String("iperf3")) {
        ROCE_INT("streams", 1, 128, s.streams)
    } else {
        ROCE_BOOL("tcp", s.tcp)
        v.reset();
        if (auto e = integer("message_size", 12, 65000, &v))
            return *e;
        if (v)
            s.messageSize = int(*v);
    }
#undef ROCE_INT
#undef ROCE_BOOL
    return s;
}

QJsonObject jobSpecToJson(const JobSpec &s)
{
    QJsonObject j {{QStringLiteral("tool"), s.tool}};
    if (s.tool == QLatin1String("train")) {
        j.insert(QStringLiteral("rank"), s.rank);
        j.insert(QStringLiteral("world_size"), s.worldSize);
        j.insert(QStringLiteral("master_addr"), s.masterAddr);
        j.insert(QStringLiteral("master_port"), s.masterPort);
        j.insert(QStringLiteral("backend"), s.backend);
        j.insert(QStringLiteral("model_mb"), s.modelMb);
        j.insert(QStringLiteral("iterations"), s.trainIterations);
        if (!s.ifname.isEmpty())
            j.insert(QStringLiteral("ifname"), s.ifname);
        if (s.timeoutS)
            j.insert(QStringLiteral("timeout_s"), s.timeoutS);
        return j;
    }
    if (s.isPingmesh()) {
        j.insert(QStringLiteral("role"), s.role);
        j.insert(QStringLiteral("name"), s.endpointName);
        if (!s.device.isEmpty())
            j.insert(QStringLiteral("device"), s.device);
        j.insert(QStringLiteral("ib_port"), s.ibPort);
        if (s.gidIndex)
            j.insert(QStringLiteral("gid_index"), *s.gidIndex);
        j.insert(QStringLiteral("duration_s"), s.durationS);
        j.insert(QStringLiteral("rate_per_s"), s.probeRate);
        j.insert(QStringLiteral("probe_timeout_ms"), s.probeTimeoutMs);
        j.insert(QStringLiteral("source_ports"), s.sourcePorts);
        if (s.timeoutS)
            j.insert(QStringLiteral("timeout_s"), s.timeoutS);
        return j;
    }
    j.insert(QStringLiteral("role"), s.role);
    if (!s.server.isEmpty())
        j.insert(QStringLiteral("server"), s.server);
    if (s.port)
        j.insert(QStringLiteral("port"), s.port);
    if (s.durationS)
        j.insert(QStringLiteral("duration_s"), s.durationS);
    if (s.timeoutS)
        j.insert(QStringLiteral("timeout_s"), s.timeoutS);
    if (s.isPerftest()) {
        if (!s.device.isEmpty())
            j.insert(QStringLiteral("device"), s.device);
        j.insert(QStringLiteral("ib_port"), s.ibPort);
        if (s.gidIndex)
            j.insert(QStringLiteral("gid_index"), *s.gidIndex);
        j.insert(QStringLiteral("qps"), s.qps);
        if (s.size)
            j.insert(QStringLiteral("size"), double(*s.size));
        if (s.allSizes)
            j.insert(QStringLiteral("all_sizes"), true);
        if (s.iterations)
            j.insert(QStringLiteral("iterations"), double(*s.iterations));
        j.insert(QStringLiteral("report_gbits"), s.reportGbits);
        if (s.trafficClass)
            j.insert(QStringLiteral("traffic_class"), *s.trafficClass);
    } else if (s.tool == QLatin1String("iperf3")) {
        j.insert(QStringLiteral("streams"), s.streams);
    } else {
        j.insert(QStringLiteral("tcp"), s.tcp);
        if (s.messageSize)
            j.insert(QStringLiteral("message_size"), *s.messageSize);
    }
    return j;
}

QJsonObject jobResultToJson(const JobResult &r)
{
    QJsonObject j {{QStringLiteral("job_id"), r.jobId},
                   {QStringLiteral("state"), jobStateName(r.state)},
                   {QStringLiteral("exit_code"), r.exitCode}};
    if (!r.error.isEmpty())
        j.insert(QStringLiteral("error"), r.error);
    if (!r.parsed.isEmpty())
        j.insert(QStringLiteral("result"), r.parsed);
    if (r.outputDroppedLines > 0)
        j.insert(QStringLiteral("output_dropped_lines"), r.outputDroppedLines);
    if (r.outputCutLines > 0)
        j.insert(QStringLiteral("output_cut_lines"), r.outputCutLines);
    return j;
}

JobResult jobResultFromJson(const QJsonObject &j)
{
    JobResult r;
    r.jobId = j.value(QStringLiteral("job_id")).toString();
    const QString state = j.value(QStringLiteral("state")).toString();
    r.state = state == QLatin1String("succeeded") ? JobState::Succeeded
        : state == QLatin1String("cancelled")     ? JobState::Cancelled
        : state == QLatin1String("running")       ? JobState::Running
                                                  : JobState::Failed;
    r.exitCode = j.value(QStringLiteral("exit_code")).toInt(-1);
    r.error = j.value(QStringLiteral("error")).toString();
    r.parsed = j.value(QStringLiteral("result")).toObject();
    r.outputDroppedLines = j.value(QStringLiteral("output_dropped_lines")).toInt();
    r.outputCutLines = j.value(QStringLiteral("output_cut_lines")).toInt();
    return r;
}

}  // namespace roce::agentproto
