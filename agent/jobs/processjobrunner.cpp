#include "jobs/processjobrunner.h"

#include "jobs/jobcommand.h"
#include "proto/agentproto/endpointlines.h"
#include "proto/parsers/iperf3parser.h"
#include "proto/parsers/perftestparser.h"
#include "proto/parsers/sockperfparser.h"
#include "proto/parsers/trainingparser.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QProcess>
#include <QStandardPaths>
#include <QTimer>

#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace roce::agent {

Q_LOGGING_CATEGORY(lcJobs, "roce.agent.jobs", QtInfoMsg)

using namespace roce::agentproto;

namespace {

class JobsText
{
    Q_DECLARE_TR_FUNCTIONS(JobsText)
};

constexpr qsizetype kMaxKeptOutput = 8 * 1024 * 1024;

/// True when something listens on TCP @p port (IPv4 or IPv6), from /proc/net/tcp{,6}.
bool tcpPortListening(int port)
{
    const QByteArray hexPort = QByteArray::number(port, 16).toUpper().rightJustified(4, '0');
    for (const char *path : {"/proc/net/tcp", "/proc/net/tcp6"}) {
        QFile f(QString::fromLatin1(path));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QList<QByteArray> lines = f.readAll().split('\n');
        for (const QByteArray &line : lines) {
            const QList<QByteArray> cols = line.simplified().split(' ');
            // local_address is "ADDR:PORT", st 0A is LISTEN.
            if (cols.size() > 3 && cols[1].endsWith(QByteArray(':' + hexPort)) && cols[3] == "0A")
                return true;
        }
    }
    return false;
}

/// The last few meaningful lines of a failed tool's output: its own error message.
QString tailOf(const QString &text, int lines = 4)
{
    QStringList kept;
    const QStringList all = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (qsizetype i = std::max<qsizetype>(0, all.size() - lines); i < all.size(); ++i)
        kept << all[i].trimmed();
    return kept.join(QLatin1Char('\n'));
}

}  // namespace

struct ProcessJobRunner::Job {
    QString id;
    JobSpec spec;
    JobCommand command;
    QProcess process;
    QString output;  ///< stdout + stderr, as received (for the parsers)
    QString stdoutText;
    OutputLimiter limiter;
    qint64 pgid = 0;
    bool cancelled = false;
    bool timedOut = false;
    bool readySent = false;
    QTimer readyPoll;
    QTimer timeout;
    QTimer killTimer;
};

ProcessJobRunner::ProcessJobRunner(std::function<QStringList()> rdmaDevices, QObject *parent)
    : JobRunner(parent),
      m_rdmaDevices(std::move(rdmaDevices)),
      m_commandBuilder(
          [](const JobSpec &spec, const QString &script) { return buildJobCommand(spec, script); })
{
    m_clock.start();
    // The training script ships inside the agent: no install path to get wrong.
    QFile script(QStringLiteral(":/agent/ddp_train.py"));
    if (m_scriptDir.isValid() && script.open(QIODevice::ReadOnly)) {
        m_trainingScript = m_scriptDir.filePath(QStringLiteral("ddp_train.py"));
        QFile out(m_trainingScript);
        if (out.open(QIODevice::WriteOnly))
            out.write(script.readAll());
    }
}

ProcessJobRunner::~ProcessJobRunner()
{
    // Do not leave anything behind when the agent goes away. The jobs are taken out first and
    // their signals cut: a process that ends while we wait for it must not call finish() on
    // a runner whose members are being destroyed (nor change m_jobs while it is walked), and
    // one still running when its QProcess is destroyed would do the same.
    const QList<std::shared_ptr<Job>> jobs = m_jobs.values();
    m_jobs.clear();
    for (const auto &job : jobs) {
        job->process.disconnect(this);
        job->readyPoll.disconnect(this);
        job->timeout.disconnect(this);
        job->killTimer.disconnect(this);
        killGroup(*job, SIGKILL);
        job->process.waitForFinished(2000);
    }
}

QList<qint64> ProcessJobRunner::processGroups() const
{
    QList<qint64> groups;
    for (const auto &job : m_jobs)
        groups.append(job->pgid);
    return groups;
}

Result<QString> ProcessJobRunner::start(const JobSpec &given)
{
    JobSpec spec = given;
    if (spec.isPerftest() || spec.isPingmesh()) {
        const QStringList devices = m_rdmaDevices ? m_rdmaDevices() : QStringList();
        if (devices.isEmpty()) {
            return makeError(ErrorCode::NotFound,
                             JobsText::tr("%1 needs an RDMA device, but this host has none%2")
                                 .arg(spec.tool,
                                      spec.device.isEmpty()
                                          ? QString()
                                          : JobsText::tr(" ('%1' requested)").arg(spec.device)));
        }
        if (!spec.device.isEmpty() && !devices.contains(spec.device)) {
            return makeError(ErrorCode::NotFound,
                             JobsText::tr("RDMA device '%1' not found on this host (devices: %2)")
                                 .arg(spec.device, devices.join(QStringLiteral(", "))));
        }
        if (spec.isPingmesh() && spec.device.isEmpty())
            spec.device = devices.first();  // the endpoint needs one; a perftest picks its own
    }
    if (spec.tool == QLatin1String("train") && m_trainingScript.isEmpty())
        return makeError(ErrorCode::Internal,
                         JobsText::tr("the training script could not be unpacked"));

    auto job = std::make_shared<Job>();
    job->id = QStringLiteral("j%1").arg(m_nextId++);
    job->spec = spec;
    job->command = m_commandBuilder(spec, m_trainingScript);
    job->limiter = OutputLimiter(m_outputLimits);
    if (QStandardPaths::findExecutable(job->command.program).isEmpty()
        && !QFile::exists(job->command.program)) {
        return makeError(
            ErrorCode::NotFound,
            JobsText::tr("program '%1' is not installed on this host").arg(job->command.program));
    }
    const QString id = job->id;
    Job *raw = job.get();
    raw->process.setProgram(job->command.program);
    raw->process.setArguments(job->command.arguments);
    raw->process.setProcessEnvironment(job->command.environment);
    raw->process.setChildProcessModifier([] {
        // Own process group, so cancel can kill everything the job started; and die with
        // the agent, so no orphan survives an agent crash.
        ::setsid();
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    });
    auto readLines = [this, raw, id](int channel) {
        raw->process.setReadChannel(channel == 0 ? QProcess::StandardOutput
                                                 : QProcess::StandardError);
        const QByteArray data = raw->process.readAll();
        if (raw->output.size() < kMaxKeptOutput)
            raw->output += QString::fromUtf8(data);
        if (channel == 0 && raw->stdoutText.size() < kMaxKeptOutput)
            raw->stdoutText += QString::fromUtf8(data);
        for (const OutputLimiter::Line &line :
             raw->limiter.feed(channel, data, m_clock.elapsed())) {
            if (line.stream)
                emit output(id, channel == 0 ? QStringLiteral("stdout") : QStringLiteral("stderr"),
                            line.text);
            if (!raw->readySent
                && line.text.contains(QLatin1String("Waiting for client to connect"))) {
                raw->readySent = true;
                emit ready(id);
            }
        }
    };
    connect(&raw->process, &QProcess::readyReadStandardOutput, this, [readLines] { readLines(0); });
    connect(&raw->process, &QProcess::readyReadStandardError, this, [readLines] { readLines(1); });
    connect(&raw->process, &QProcess::finished, this,
            [this, id](int code, QProcess::ExitStatus status) {
                finish(id, code, status == QProcess::CrashExit);
            });
    connect(&raw->process, &QProcess::errorOccurred, this,
            [this, id, raw](QProcess::ProcessError error) {
                if (error == QProcess::FailedToStart) {
                    raw->output += JobsText::tr("could not start %1: %2")
                                       .arg(raw->command.program, raw->process.errorString());
                    finish(id, -1, true);
                }
            });
    if (job->command.readyPort > 0) {
        connect(&raw->readyPoll, &QTimer::timeout, this, [this, raw, id] {
            if (!raw->readySent && tcpPortListening(raw->command.readyPort)) {
                raw->readySent = true;
                raw->readyPoll.stop();
                emit ready(id);
            }
        });
        raw->readyPoll.start(50);
    }
    raw->timeout.setSingleShot(true);
    connect(&raw->timeout, &QTimer::timeout, this, [this, raw] {
        raw->timedOut = true;
        killGroup(*raw, SIGTERM);
        raw->killTimer.start(2000);
    });
    raw->killTimer.setSingleShot(true);
    connect(&raw->killTimer, &QTimer::timeout, this, [this, raw] { killGroup(*raw, SIGKILL); });
    m_jobs.insert(id, job);
    raw->process.start();
    raw->pgid = raw->process.processId();  // setsid(): the child leads its own group
    if (!job->command.stdinData.isEmpty())
        raw->process.write(job->command.stdinData);
    raw->timeout.start(job->command.timeoutMs);
    qCInfo(lcJobs).noquote() << "job" << id << "started:" << raw->command.program
                             << raw->command.arguments.join(QLatin1Char(' '));
    return id;
}

void ProcessJobRunner::killGroup(Job &job, int signal)
{
    if (job.pgid > 0)
        ::kill(-pid_t(job.pgid), signal);
}

bool ProcessJobRunner::cancel(const QString &jobId)
{
    const auto job = m_jobs.value(jobId);
    if (!job)
        return false;
    job->cancelled = true;
    killGroup(*job, SIGTERM);
    job->killTimer.start(2000);
    return true;
}

Result<void> ProcessJobRunner::input(const QString &jobId, const QString &line)
{
    const auto job = m_jobs.value(jobId);
    if (!job)
        return makeError(ErrorCode::NotFound, JobsText::tr("no running job '%1'").arg(jobId));
    if (!job->spec.isPingmesh())
        return makeError(ErrorCode::Unsupported,
                         JobsText::tr("%1 reads no input").arg(job->spec.tool));
    if (job->process.write(line.toUtf8() + '\n') < 0)
        return makeError(
            ErrorCode::Io,
            JobsText::tr("cannot write to %1: %2").arg(job->spec.tool, job->process.errorString()));
    return {};
}

void ProcessJobRunner::cancelAll()
{
    const QStringList ids = m_jobs.keys();
    for (const QString &id : ids)
        cancel(id);
}

void ProcessJobRunner::finish(const QString &jobId, int exitCode, bool crashed)
{
    const auto job = m_jobs.take(jobId);
    if (!job)
        return;
    // We are inside a signal of job->process: destroy the job only once it has returned.
    QMetaObject::invokeMethod(
        this, [job] {}, Qt::QueuedConnection);
    job->readyPoll.stop();
    job->timeout.stop();
    job->killTimer.stop();
    // The process is gone; make sure nothing it started in its group is left.
    killGroup(*job, SIGKILL);
    for (int channel = 0; channel < 2; ++channel) {
        for (const OutputLimiter::Line &line : job->limiter.flush(channel, m_clock.elapsed())) {
            if (line.stream)
                emit output(jobId,
                            channel == 0 ? QStringLiteral("stdout") : QStringLiteral("stderr"),
                            line.text);
        }
    }
    JobResult result;
    result.jobId = jobId;
    result.outputDroppedLines = job->limiter.droppedLines();
    result.outputCutLines = job->limiter.cutLines();
    if (result.outputDroppedLines > 0)
        qCInfo(lcJobs).noquote() << "job" << jobId
                                 << "flooded its output:" << result.outputDroppedLines
                                 << "lines not streamed";
    result.exitCode = crashed ? -1 : exitCode;
    const JobSpec &s = job->spec;
    QString parseError;
    if (s.isPerftest()) {
        const auto r = parsers::parsePerftest(job->output);
        if (r)
            result.parsed = parsers::perftestToJson(*r);
        else
            parseError = r.error().message;
    } else if (s.tool == QLatin1String("iperf3")) {
        const auto r = parsers::parseIperf3(job->stdoutText.toUtf8());
        if (r)
            result.parsed = parsers::iperf3ToJson(*r);
        else
            parseError = r.error().message;
    } else if (s.tool == QLatin1String("sockperf")) {
        if (s.role == QLatin1String("client")) {
            const auto r = parsers::parseSockperf(job->output);
            if (r)
                result.parsed = parsers::sockperfToJson(*r);
            else
                parseError = r.error().message;
        }
    } else if (s.isPingmesh()) {
        result.parsed = pingmesh::pingmeshResultFromOutput(job->stdoutText, &parseError);
    } else {
        result.parsed = parsers::summarizeTraining(job->stdoutText, &parseError);
    }

    if (job->cancelled) {
        result.state = JobState::Cancelled;
    } else if (job->timedOut) {
        result.state = JobState::Failed;
        result.error = JobsText::tr("timed out after %1 s").arg(job->command.timeoutMs / 1000);
    } else if (crashed || exitCode != 0) {
        result.state = JobState::Failed;
        // The tool's own message: what the parser recognised as its error, else the last
        // lines it printed (a training rank's Python traceback ends with the cause).
        result.error = !parseError.isEmpty() && s.tool != QLatin1String("train") && !s.isPingmesh()
            ? parseError
            : tailOf(job->output);
        if (result.error.isEmpty())
            result.error
                = JobsText::tr("%1 exited with code %2").arg(job->command.program).arg(exitCode);
    } else if (!parseError.isEmpty()
               && !(s.role == QLatin1String("server") && s.tool != QLatin1String("iperf3"))) {
        result.state = JobState::Failed;
        result.error = parseError;
    } else {
        result.state = JobState::Succeeded;
    }
    qCInfo(lcJobs).noquote() << "job" << jobId << jobStateName(result.state) << result.error;
    emit finished(result);
}

}  // namespace roce::agent
