#include "proto/agentproto/jobspec.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <optional>

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

namespace {

/// The fields a job of @p s.tool may carry: anything else is refused, not ignored.
QSet<QString> allowedFields(const JobSpec &s)
{
    if (s.isPingmesh())
        return {QStringLiteral("tool"),
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
    if (s.tool == QLatin1String("train"))
        return {QStringLiteral("tool"),        QStringLiteral("role"),
                QStringLiteral("rank"),        QStringLiteral("world_size"),
                QStringLiteral("master_addr"), QStringLiteral("master_port"),
                QStringLiteral("backend"),     QStringLiteral("model_mb"),
                QStringLiteral("iterations"),  QStringLiteral("ifname"),
                QStringLiteral("timeout_s")};
    QSet<QString> allowed {QStringLiteral("tool"),       QStringLiteral("role"),
                           QStringLiteral("server"),     QStringLiteral("port"),
                           QStringLiteral("duration_s"), QStringLiteral("timeout_s")};
    if (s.isPerftest())
        allowed += {QStringLiteral("device"),       QStringLiteral("ib_port"),
                    QStringLiteral("gid_index"),    QStringLiteral("qps"),
                    QStringLiteral("size"),         QStringLiteral("all_sizes"),
                    QStringLiteral("iterations"),   QStringLiteral("report_gbits"),
                    QStringLiteral("traffic_class")};
    else if (s.tool == QLatin1String("iperf3"))
        allowed += {QStringLiteral("streams")};
    else
        allowed += {QStringLiteral("tcp"), QStringLiteral("message_size")};
    return allowed;
}

/// The number type a field is stored as: T, or the T of an optional<T>.
template <typename T> struct Slot {
    using Value = T;
};
template <typename T> struct Slot<std::optional<T>> {
    using Value = T;
};

/// Reads a job's fields into a JobSpec, keeping the first field that does not fit: the
/// readers after it change nothing, so a spec is checked in one pass without an early
/// return per field.
class JobFields
{
public:
    explicit JobFields(const QJsonObject &j) : m_j(j) { }

    QString text(const char *key, const QString &fallback = {}) const
    {
        return m_j.value(QLatin1String(key)).toString(fallback);
    }
    bool has(const char *key) const { return m_j.contains(QLatin1String(key)); }

    /// Sets @p target (an int, a qint64 or an optional of either) when @p key is there.
    template <typename T> void integer(const char *key, qint64 min, qint64 max, T &target)
    {
        const QJsonValue v = m_j.value(QLatin1String(key));
        if (m_error || v.isUndefined())
            return;
        const double d = v.toDouble(-1e300);
        // The range first: converting a double beyond qint64 is undefined behaviour.
        if (!v.isDouble() || d < double(min) || d > double(max) || d != double(qint64(d))) {
            fail(JobSpecText::tr("'%1' must be an integer from %2 to %3")
                     .arg(QLatin1String(key))
                     .arg(min)
                     .arg(max));
            return;
        }
        target = typename Slot<T>::Value(d);
    }

    void boolean(const char *key, bool &target)
    {
        const QJsonValue v = m_j.value(QLatin1String(key));
        if (m_error || v.isUndefined())
            return;
        if (!v.isBool()) {
            fail(JobSpecText::tr("'%1' must be true or false").arg(QLatin1String(key)));
            return;
        }
        target = v.toBool();
    }

    /// Records @p message unless an earlier field failed.
    void fail(const QString &message)
    {
        if (!m_error)
            m_error = invalid(message);
    }
    /// Records @p message when @p bad and no earlier field failed.
    void check(bool bad, const QString &message)
    {
        if (bad)
            fail(message);
    }
    const std::optional<Error> &error() const { return m_error; }

private:
    const QJsonObject &m_j;
    std::optional<Error> m_error;
};

/// The RDMA port a perftest or a pingmesh endpoint uses: device, ib_port, gid_index.
void readRdmaPort(JobFields &f, JobSpec &s)
{
    s.device = f.text("device");
    f.check(!s.device.isEmpty() && !validName(s.device),
            JobSpecText::tr("'device' is not a valid RDMA device name"));
    f.integer("ib_port", 1, 255, s.ibPort);
    f.integer("gid_index", 0, 1023, s.gidIndex);
}

void readTraining(JobFields &f, JobSpec &s)
{
    s.role = QStringLiteral("rank");
    f.integer("rank", 0, 4095, s.rank);
    f.integer("world_size", 1, 4096, s.worldSize);
    f.integer("master_port", 1, 65535, s.masterPort);
    f.integer("model_mb", 1, 4096, s.modelMb);
    f.integer("iterations", 1, 1000000, s.trainIterations);
    f.check(s.rank >= s.worldSize,
            JobSpecText::tr("rank %1 is not below world_size %2").arg(s.rank).arg(s.worldSize));
    s.masterAddr = f.text("master_addr");
    f.check(!validHost(s.masterAddr),
            JobSpecText::tr("'master_addr' must be a host name or address"));
    s.backend = f.text("backend", QStringLiteral("gloo"));
    f.check(s.backend != QLatin1String("gloo") && s.backend != QLatin1String("nccl"),
            JobSpecText::tr("'backend' must be gloo or nccl"));
    s.ifname = f.text("ifname");
    f.check(!s.ifname.isEmpty() && !validName(s.ifname),
            JobSpecText::tr("'ifname' is not a valid interface name"));
}

/// One endpoint of a pingmesh round: it opens a UD queue pair, prints its address, waits for
/// its peers' (job_input) and probes them (docs/agent-protocol.md).
void readPingmeshEndpoint(JobFields &f, JobSpec &s)
{
    s.role = f.text("role", QStringLiteral("endpoint"));
    f.check(s.role != QLatin1String("endpoint"),
            JobSpecText::tr("'role' of a pingmesh job must be endpoint"));
    s.endpointName = f.text("name");
    f.check(!validName(s.endpointName),
            JobSpecText::tr("a pingmesh job needs 'name': letters, digits and _.:- (how its "
                            "peers name it)"));
    readRdmaPort(f, s);
    f.integer("rate_per_s", 1, 100000, s.probeRate);
    f.integer("probe_timeout_ms", 1, 60000, s.probeTimeoutMs);
    f.integer("source_ports", 1, 64, s.sourcePorts);
    if (!s.durationS)
        s.durationS = 10;
}

/// A perftest, iperf3 or sockperf side: the server listens, the client names it.
void readTestSide(JobFields &f, JobSpec &s)
{
    s.role = f.text("role");
    f.check(s.role != QLatin1String("server") && s.role != QLatin1String("client"),
            JobSpecText::tr("'role' must be server or client"));
    if (s.role == QLatin1String("client")) {
        s.server = f.text("server");
        f.check(!f.has("server"),
                JobSpecText::tr("a client needs 'server': the address of the server side"));
        f.check(!validHost(s.server),
                JobSpecText::tr("'server' must be a host name or address, not '%1'").arg(s.server));
    } else if (f.has("server")) {
        // iperf3 -B / sockperf -i: the address the server listens on.
        s.server = f.text("server");
        f.check(!validHost(s.server), JobSpecText::tr("'server' must be a host name or address"));
    }
}

void readPerftest(JobFields &f, JobSpec &s)
{
    readRdmaPort(f, s);
    f.integer("qps", 1, 4096, s.qps);
    f.integer("size", 1, 8388608, s.size);
    f.integer("iterations", 1, 100000000, s.iterations);
    f.integer("traffic_class", 0, 255, s.trafficClass);
    f.boolean("all_sizes", s.allSizes);
    f.boolean("report_gbits", s.reportGbits);
    f.check(s.allSizes && s.size, JobSpecText::tr("'size' and 'all_sizes' exclude each other"));
    f.check(s.isLatency() && s.qps != 1, JobSpecText::tr("latency tests run one QP"));
}

}  // namespace

Result<JobSpec> parseJobSpec(const QJsonObject &j)
{
    JobSpec s;
    s.tool = j.value(QStringLiteral("tool")).toString();
    if (!jobTools().contains(s.tool))
        return invalid(JobSpecText::tr("unknown tool '%1' (allowed: %2)")
                           .arg(s.tool, jobTools().join(QStringLiteral(", "))));
    const QSet<QString> allowed = allowedFields(s);
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (!allowed.contains(it.key()))
            return invalid(JobSpecText::tr("field '%1' is not valid for %2").arg(it.key(), s.tool));
    }
    JobFields f(j);
    f.integer("port", 1, 65535, s.port);
    f.integer("duration_s", 1, 3600, s.durationS);
    f.integer("timeout_s", 1, 86400, s.timeoutS);
    if (s.tool == QLatin1String("train")) {
        readTraining(f, s);
    } else if (s.isPingmesh()) {
        readPingmeshEndpoint(f, s);
    } else {
        readTestSide(f, s);
        if (s.isPerftest())
            readPerftest(f, s);
        else if (s.tool == QLatin1String("iperf3"))
            f.integer("streams", 1, 128, s.streams);
        else {
            f.boolean("tcp", s.tcp);
            f.integer("message_size", 12, 65000, s.messageSize);
        }
    }
    if (f.error())
        return *f.error();
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
