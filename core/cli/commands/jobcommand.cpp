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

// NOLINTNEXTLINE(readability-function-size): predates the limit
int JobCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        summary() + QLatin1Char('\n')
        + JobCommandText::tr("Tool output goes to stdout (stderr with --json); \"job ID started\", "
                             "\"job ID ready\" (a server listens) and the end go to stderr. Exit "
                             "status 0 when the job succeeded (or was cancelled by "
                             "--cancel-after), 1 when it failed."));
    const QCommandLineOption agent(QStringLiteral("agent"),
                                   JobCommandText::tr("Agent address, HOST:PORT."),
                                   QStringLiteral("host:port"));
    AgentAccess access;
    const QCommandLineOption tool(QStringLiteral("tool"),
                                  JobCommandText::tr("ib_write_bw, ib_write_lat, ib_send_bw, "
                                                     "ib_send_lat, ib_read_bw, ib_read_lat, "
                                                     "iperf3, sockperf or train."),
                                  QStringLiteral("name"));
    const QCommandLineOption role(QStringLiteral("role"),
                                  JobCommandText::tr("server or client (train: rank)."),
                                  QStringLiteral("role"));
    const QCommandLineOption server(QStringLiteral("server"),
                                    JobCommandText::tr("Client: the server's address."),
                                    QStringLiteral("address"));
    const QCommandLineOption cancelAfter(QStringLiteral("cancel-after"),
                                         JobCommandText::tr("Cancel the job after this many "
                                                            "seconds."),
                                         QStringLiteral("seconds"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  JobCommandText::tr("Print the job result as JSON."));
    const QCommandLineOption record(QStringLiteral("record"),
                                    JobCommandText::tr("Record the run in the results store "
                                                       "under this label (\"QoS on\", ...)."),
                                    QStringLiteral("label"));
    const QCommandLineOption db(QStringLiteral("db"),
                                JobCommandText::tr("Results database for --record (default %1).")
                                    .arg(results::ResultStore::defaultPath()),
                                QStringLiteral("path"), results::ResultStore::defaultPath());
    JobOptions jobOptions;
    parser.addOptions({agent, tool, role, server, cancelAfter, json, record, db});
    access.addOptions(parser);
    jobOptions.addOptions(parser);
    if (const auto early = parseCommandLine(parser, args, io))
        return *early;

    auto usage = [&io](const QString &message) {
        io.err << QStringLiteral("rocectl job: ") << message << QLatin1Char('\n');
        return int(ExitUsage);
    };
    const QString where = parser.value(agent);
    bool ok = false;
    if (!parser.isSet(agent))
        return usage(JobCommandText::tr("--agent HOST:PORT is required"));
    if (!parser.isSet(tool) || !parser.isSet(role))
        return usage(JobCommandText::tr("--tool and --role are required"));

    // The job as the protocol carries it: validated by the same strict parser the agent uses.
    QJsonObject spec {{QStringLiteral("tool"), parser.value(tool)},
                      {QStringLiteral("role"), parser.value(role)}};
    if (parser.isSet(server))
        spec.insert(QStringLiteral("server"), parser.value(server));
    if (const auto read = jobOptions.read(parser, spec); !read)
        return usage(read.error().message);
    const auto parsed = agentproto::parseJobSpec(spec);
    if (!parsed)
        return usage(parsed.error().message);

    if (const auto configured = access.configure(parser); !configured) {
        if (configured.error().code == ErrorCode::InvalidArgument)
            return usage(configured.error().message);
        io.err << QStringLiteral("rocectl job: ") << configured.error().message
               << QLatin1Char('\n');
        return ExitFailure;
    }
    const auto endpoint = access.endpoint(where);
    if (!endpoint)
        return usage(endpoint.error().message);
    double cancelSeconds = 0;
    if (parser.isSet(cancelAfter)) {
        cancelSeconds = parser.value(cancelAfter).toDouble(&ok);
        if (!ok || cancelSeconds <= 0)
            return usage(JobCommandText::tr("--cancel-after wants a positive number of seconds"));
    }

    // Recorded runs are opened in the store before the job starts, so that a crash of this
    // program leaves a run the store closes as interrupted, never a lost one.
    std::unique_ptr<results::ResultStore> store;
    qint64 runId = 0;
    QString rawOutput;
    if (parser.isSet(record)) {
        auto opened = results::ResultStore::open(parser.value(db));
        if (!opened) {
            io.err << QStringLiteral("rocectl job: ") << opened.error().message
                   << QLatin1Char('\n');
            return ExitFailure;
        }
        store = std::move(opened).value();
        const auto id = store->beginRun(parsed->tool, parser.value(record),
                                        agentproto::jobSpecToJson(*parsed),
                                        QDateTime::currentMSecsSinceEpoch());
        if (!id) {
            io.err << QStringLiteral("rocectl job: ") << id.error().message << QLatin1Char('\n');
            return ExitFailure;
        }
        runId = *id;
    }
    auto recordEnd = [&](const QString &state, const QJsonObject &result, const QString &error) {
        if (!store)
            return;
        if (const auto done = store->finishRun(runId, state, result, rawOutput, error,
                                               QDateTime::currentMSecsSinceEpoch());
            !done)
            io.err << QStringLiteral("rocectl job: ") << done.error().message << QLatin1Char('\n');
        else
            io.err << JobCommandText::tr("recorded as run %1").arg(runId) << QLatin1Char('\n');
    };

    agentproto::AgentClient client(*endpoint);
    QEventLoop loop;
    int exitCode = ExitFailure;
    QString jobId;
    bool cancelRequested = false;
    QString refusal;
    QTextStream &toolOut = parser.isSet(json) ? io.err : io.out;
    QObject::connect(
        &client, &agentproto::AgentClient::stateChanged, &loop,
        [&](agentproto::AgentClient::State state) {
            if (state == agentproto::AgentClient::State::Ready) {
                client.startJob(*parsed);
            } else if (state == agentproto::AgentClient::State::Failed) {
                io.err << JobCommandText::tr("rocectl job: %1: %2").arg(where, client.lastError())
                       << QLatin1Char('\n');
                loop.quit();
            }
        });
    QObject::connect(&client, &agentproto::AgentClient::jobStarted, &loop,
                     [&](int, const QString &id) {
                         jobId = id;
                         io.err << QStringLiteral("job %1 started").arg(id) << QLatin1Char('\n');
                         io.err.flush();
                         if (cancelSeconds > 0) {
                             QTimer::singleShot(int(cancelSeconds * 1000), &loop, [&] {
                                 cancelRequested = true;
                                 client.cancelJob(jobId);
                             });
                         }
                     });
    QObject::connect(&client, &agentproto::AgentClient::jobReady, &loop, [&](const QString &id) {
        io.err << QStringLiteral("job %1 ready").arg(id) << QLatin1Char('\n');
        io.err.flush();
    });
    QObject::connect(&client, &agentproto::AgentClient::jobOutput, &loop,
                     [&](const QString &, const QString &, const QString &line) {
                         rawOutput += line + QLatin1Char('\n');
                         toolOut << line << QLatin1Char('\n');
                         toolOut.flush();
                     });
    QObject::connect(&client, &agentproto::AgentClient::requestFailed, &loop,
                     [&](int, const QString &code, const QString &message) {
                         io.err << JobCommandText::tr(
                                       "rocectl job: the agent refused the job (%1): "
                                       "%2")
                                       .arg(code, message)
                                << QLatin1Char('\n');
                         refusal = message;
                         loop.quit();
                     });
    QObject::connect(
        &client, &agentproto::AgentClient::jobFinished, &loop,
        [&](const agentproto::JobResult &result) {
            const QString state = agentproto::jobStateName(result.state);
            io.err << QStringLiteral("job %1 %2").arg(result.jobId, state)
                   << (result.error.isEmpty() ? QString() : QStringLiteral(": ") + result.error)
                   << QLatin1Char('\n');
            if (parser.isSet(json))
                writeJson(io.out, QJsonDocument(agentproto::jobResultToJson(result)));
            const bool wanted = result.state == agentproto::JobState::Succeeded
                || (cancelRequested && result.state == agentproto::JobState::Cancelled);
            exitCode = wanted ? ExitOk : ExitFailure;
            recordEnd(state, result.parsed, result.error);
            loop.quit();
        });
    client.connectToAgent();
    loop.exec();
    client.disconnectFromAgent();
    if (store && exitCode == ExitFailure && jobId.isEmpty())
        recordEnd(QStringLiteral("failed"), {}, refusal.isEmpty() ? client.lastError() : refusal);
    return exitCode;
}

}  // namespace roce::cli
