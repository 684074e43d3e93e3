#include "cli/commands/jobcommand.h"

#include "cli/access/agentaccess.h"
#include "cli/access/joboptions.h"
#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "collect/results/resultstore.h"
#include "proto/agentproto/agentclient.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>
#include <QJsonDocument>
#include <QTimer>

namespace roce::cli {

namespace {

class JobCommandText
{
    Q_DECLARE_TR_FUNCTIONS(JobCommandText)
};

}  // namespace

QString JobCommand::name() const
{
    return QStringLiteral("job");
}

QString JobCommand::summary() const
{
    return JobCommandText::tr("Run a perftest, iperf3, sockperf or training job on an agent");
}

namespace {

/// What `rocectl job` was asked for, as typed.
struct JobArgs {
    QString agent;  ///< HOST:PORT
    QString tool;
    QString role;
    QString server;
    double cancelAfterS = 0;  ///< 0: never
    bool json = false;
    QString recordLabel;
    QString db = results::ResultStore::defaultPath();
    // train: one rank of a torch.distributed job (docs/agent-protocol.md).
    std::optional<int> rank, worldSize, masterPort, modelMb;
    QString masterAddr, backend, ifname;
};

void declare(OptionTable &t, JobArgs &a, const QString &summary)
{
    t.parser().setApplicationDescription(
        summary + QLatin1Char('\n')
        + JobCommandText::tr("Tool output goes to stdout (stderr with --json); \"job ID started\", "
                             "\"job ID ready\" (a server listens) and the end go to stderr. Exit "
                             "status 0 when the job succeeded (or was cancelled by "
                             "--cancel-after), 1 when it failed."));
    t.text(QStringLiteral("agent"), QStringLiteral("host:port"),
           JobCommandText::tr("Agent address, HOST:PORT."), &a.agent)
        .text(QStringLiteral("tool"), QStringLiteral("name"),
              JobCommandText::tr("ib_write_bw, ib_write_lat, ib_send_bw, "
                                 "ib_send_lat, ib_read_bw, ib_read_lat, "
                                 "iperf3, sockperf or train."),
              &a.tool)
        .text(QStringLiteral("role"), QStringLiteral("role"),
              JobCommandText::tr("server or client (train: rank)."), &a.role)
        .text(QStringLiteral("server"), QStringLiteral("address"),
              JobCommandText::tr("Client: the server's address."), &a.server)
        // Any positive number was taken; a millisecond is the timer's resolution, so nothing
        // below it could be honoured anyway.
        .number(QStringLiteral("cancel-after"), QStringLiteral("seconds"),
                JobCommandText::tr("Cancel the job after this many seconds."), &a.cancelAfterS,
                {0.001, JobCommandText::tr("seconds")})
        .flag(QStringLiteral("json"), JobCommandText::tr("Print the job result as JSON."), &a.json)
        .text(QStringLiteral("record"), QStringLiteral("label"),
              JobCommandText::tr("Record the run in the results store "
                                 "under this label (\"QoS on\", ...)."),
              &a.recordLabel)
        .text(QStringLiteral("db"), QStringLiteral("path"),
              JobCommandText::tr("Results database for --record (default %1).")
                  .arg(results::ResultStore::defaultPath()),
              &a.db)
        .whole(QStringLiteral("rank"), QStringLiteral("n"),
               JobCommandText::tr("train: this rank (0 to --world-size - 1)."), &a.rank, {0, 4095})
        .whole(QStringLiteral("world-size"), QStringLiteral("n"),
               JobCommandText::tr("train: how many ranks the job has."), &a.worldSize, {1, 4096})
        .text(QStringLiteral("master-addr"), QStringLiteral("address"),
              JobCommandText::tr("train: the address of rank 0 (MASTER_ADDR)."), &a.masterAddr)
        .whole(QStringLiteral("master-port"), QStringLiteral("port"),
               JobCommandText::tr("train: rank 0's rendezvous port (MASTER_PORT)."), &a.masterPort,
               {1, 65535})
        .text(QStringLiteral("backend"), QStringLiteral("name"),
              JobCommandText::tr("train: gloo (default) or nccl."), &a.backend)
        .whole(QStringLiteral("model-mb"), QStringLiteral("MB"),
               JobCommandText::tr("train: the model's size, what each all-reduce moves."),
               &a.modelMb, {1, 4096})
        .text(QStringLiteral("ifname"), QStringLiteral("interface"),
              JobCommandText::tr("train: the interface the ranks talk over (GLOO_SOCKET_IFNAME)."),
              &a.ifname);
}

/// What every job needs and the command line lacks, if anything.
std::optional<QString> missingOption(const OptionTable &table)
{
    if (!table.isSet(QStringLiteral("agent")))
        return JobCommandText::tr("--agent HOST:PORT is required");
    if (!table.isSet(QStringLiteral("tool")) || !table.isSet(QStringLiteral("role")))
        return JobCommandText::tr("--tool and --role are required");
    return std::nullopt;
}

/// The job as the protocol carries it: validated by the same strict parser the agent uses.
Result<agentproto::JobSpec> jobSpec(OptionTable &table, const JobArgs &a,
                                    const JobOptions &jobOptions)
{
    QJsonObject spec {{QStringLiteral("tool"), a.tool}, {QStringLiteral("role"), a.role}};
    if (table.isSet(QStringLiteral("server")))
        spec.insert(QStringLiteral("server"), a.server);
    if (const auto read = jobOptions.read(table.parser(), spec); !read)
        return read.error();
    // sockperf calls its message size message_size (-m); --size is what people type.
    if (a.tool == QLatin1String("sockperf") && spec.contains(QStringLiteral("size")))
        spec.insert(QStringLiteral("message_size"), spec.take(QStringLiteral("size")));
    for (const auto &[key, value] :
         {std::pair {"rank", a.rank}, std::pair {"world_size", a.worldSize},
          std::pair {"master_port", a.masterPort}, std::pair {"model_mb", a.modelMb}}) {
        if (value)
            spec.insert(QLatin1String(key), *value);
    }
    for (const auto &[key, value] :
         {std::pair {"master_addr", &a.masterAddr}, std::pair {"backend", &a.backend},
          std::pair {"ifname", &a.ifname}}) {
        if (!value->isEmpty())
            spec.insert(QLatin1String(key), *value);
    }
    return agentproto::parseJobSpec(spec);
}

/// The run --record keeps in the results store. It is opened before the job starts, so that a
/// crash of this program leaves a run the store closes as interrupted, never a lost one.
class RunRecord
{
public:
    /// Opens the store at @p db and begins a run of @p spec labelled @p label; false, having
    /// said why, when it cannot.
    bool begin(const QString &db, const agentproto::JobSpec &spec, const QString &label,
               CommandIo &io)
    {
        auto opened = results::ResultStore::open(db);
        if (!opened) {
            io.err << QStringLiteral("rocectl job: ") << opened.error().message
                   << QLatin1Char('\n');
            return false;
        }
        m_store = std::move(opened).value();
        const auto id = m_store->beginRun(spec.tool, label, agentproto::jobSpecToJson(spec),
                                          QDateTime::currentMSecsSinceEpoch());
        if (!id) {
            io.err << QStringLiteral("rocectl job: ") << id.error().message << QLatin1Char('\n');
            return false;
        }
        m_runId = *id;
        return true;
    }
    void addOutputLine(const QString &line) { m_rawOutput += line + QLatin1Char('\n'); }
    /// Ends the run, if one was begun, in @p state.
    void finish(const QString &state, const QJsonObject &result, const QString &error,
                CommandIo &io)
    {
        if (!m_store)
            return;
        if (const auto done = m_store->finishRun(m_runId, state, result, m_rawOutput, error,
                                                 QDateTime::currentMSecsSinceEpoch());
            !done)
            io.err << QStringLiteral("rocectl job: ") << done.error().message << QLatin1Char('\n');
        else
            io.err << JobCommandText::tr("recorded as run %1").arg(m_runId) << QLatin1Char('\n');
    }

private:
    std::unique_ptr<results::ResultStore> m_store;
    qint64 m_runId = 0;
    QString m_rawOutput;
};

/// One job on one agent, from connecting to its end, in a local event loop.
class JobSession
{
public:
    JobSession(const agentproto::AgentEndpoint &endpoint, const agentproto::JobSpec &spec,
               const JobArgs &args, RunRecord &record, CommandIo &io)
        : m_client(endpoint), m_spec(spec), m_args(args), m_record(record), m_io(io)
    { }
    /// Runs the job to its end; the command's exit code.
    int run()
    {
        watchStart();
        watchEnd();
        m_client.connectToAgent();
        m_loop.exec();
        m_client.disconnectFromAgent();
        // Refused, unreachable, or the agent gone mid-job: the run is closed with why (left
        // "running", the next open of the store would call it the recorder's crash).
        if (m_exitCode == ExitFailure && !m_recorded)
            m_record.finish(QStringLiteral("failed"), {},
                            m_refusal.isEmpty() ? m_client.lastError() : m_refusal, m_io);
        return m_exitCode;
    }

private:
    void watchStart();
    void watchEnd();
    void finished(const agentproto::JobResult &result);

    agentproto::AgentClient m_client;
    QEventLoop m_loop;
    const agentproto::JobSpec &m_spec;
    const JobArgs &m_args;
    RunRecord &m_record;
    CommandIo &m_io;
    int m_exitCode = ExitFailure;
    QString m_jobId;
    bool m_cancelRequested = false;
    QString m_refusal;
    bool m_recorded = false;  ///< the job's end reached the results store
};

/// From connecting to the agent to the tool's output.
void JobSession::watchStart()
{
    QObject::connect(&m_client, &agentproto::AgentClient::stateChanged, &m_loop,
                     [this](agentproto::AgentClient::State state) {
                         if (state == agentproto::AgentClient::State::Ready) {
                             m_client.startJob(m_spec);
                         } else if (state == agentproto::AgentClient::State::Failed) {
                             // The client's error names the agent's address already.
                             m_io.err << QStringLiteral("rocectl job: ") << m_client.lastError()
                                      << QLatin1Char('\n');
                             m_loop.quit();
                         }
                     });
    QObject::connect(&m_client, &agentproto::AgentClient::jobStarted, &m_loop,
                     [this](int, const QString &id) {
                         m_jobId = id;
                         m_io.err << QStringLiteral("job %1 started").arg(id) << QLatin1Char('\n');
                         m_io.err.flush();
                         if (m_args.cancelAfterS > 0) {
                             QTimer::singleShot(int(m_args.cancelAfterS * 1000), &m_loop, [this] {
                                 m_cancelRequested = true;
                                 m_client.cancelJob(m_jobId);
                             });
                         }
                     });
    QObject::connect(&m_client, &agentproto::AgentClient::jobReady, &m_loop,
                     [this](const QString &id) {
                         m_io.err << QStringLiteral("job %1 ready").arg(id) << QLatin1Char('\n');
                         m_io.err.flush();
                     });
    QObject::connect(&m_client, &agentproto::AgentClient::jobOutput, &m_loop,
                     [this](const QString &, const QString &, const QString &line) {
                         m_record.addOutputLine(line);
                         QTextStream &toolOut = m_args.json ? m_io.err : m_io.out;
                         toolOut << line << QLatin1Char('\n');
                         toolOut.flush();
                     });
}

/// The agent's refusal or the job's end.
void JobSession::watchEnd()
{
    QObject::connect(&m_client, &agentproto::AgentClient::requestFailed, &m_loop,
                     [this](int, const QString &code, const QString &message) {
                         m_io.err << JobCommandText::tr(
                                         "rocectl job: the agent refused the job (%1): "
                                         "%2")
                                         .arg(code, message)
                                  << QLatin1Char('\n');
                         m_refusal = message;
                         m_loop.quit();
                     });
    QObject::connect(&m_client, &agentproto::AgentClient::jobFinished, &m_loop,
                     [this](const agentproto::JobResult &result) { finished(result); });
}

/// Reports the job's end, as JSON too with --json, and ends the loop.
void JobSession::finished(const agentproto::JobResult &result)
{
    const QString state = agentproto::jobStateName(result.state);
    m_io.err << QStringLiteral("job %1 %2").arg(result.jobId, state)
             << (result.error.isEmpty() ? QString() : QStringLiteral(": ") + result.error)
             << QLatin1Char('\n');
    if (m_args.json)
        writeJson(m_io.out, QJsonDocument(agentproto::jobResultToJson(result)));
    const bool wanted = result.state == agentproto::JobState::Succeeded
        || (m_cancelRequested && result.state == agentproto::JobState::Cancelled);
    m_exitCode = wanted ? ExitOk : ExitFailure;
    m_record.finish(state, result.parsed, result.error, m_io);
    m_recorded = true;
    m_loop.quit();
}

}  // namespace

int JobCommand::run(const QStringList &args, CommandIo &io)
{
    JobArgs a;
    OptionTable table;
    declare(table, a, summary());
    AgentAccess access;
    JobOptions jobOptions;
    access.addOptions(table.parser());
    jobOptions.addOptions(table.parser());
    if (const auto early = parseCommandLine(table, args, io))
        return *early;
    if (const auto missing = missingOption(table))
        return usageError(args, io, *missing);
    const auto spec = jobSpec(table, a, jobOptions);
    if (!spec)
        return usageError(args, io, spec.error().message);
    if (const auto configured = access.configure(table.parser()); !configured) {
        if (configured.error().code == ErrorCode::InvalidArgument)
            return usageError(args, io, configured.error().message);
        io.err << QStringLiteral("rocectl job: ") << configured.error().message
               << QLatin1Char('\n');
        return ExitFailure;
    }
    const auto endpoint = access.endpoint(a.agent);
    if (!endpoint)
        return usageError(args, io, endpoint.error().message);
    RunRecord record;
    if (table.isSet(QStringLiteral("record")) && !record.begin(a.db, *spec, a.recordLabel, io))
        return ExitFailure;
    return JobSession(*endpoint, *spec, a, record, io).run();
}

}  // namespace roce::cli
