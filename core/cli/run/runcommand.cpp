#include "cli/run/runcommand.h"

#include "cli/access/agentaccess.h"
#include "cli/access/joboptions.h"
#include "cli/framework/parse.h"
#include "cli/run/runexecution.h"
#include "cli/run/runhosts.h"
#include "cli/run/runkinds.h"
#include "cli/run/runoptions.h"
#include "cli/run/runoutput.h"
#include "cli/run/runtext.h"
#include "sim/served/simservice.h"

namespace roce::cli {

namespace {

int complain(CommandIo &io, const QString &message, ExitCode code)
{
    io.err << QStringLiteral("rocectl run: ") << message << QLatin1Char('\n');
    return int(code);
}

/// InvalidArgument: the command line was wrong; anything else: the run failed.
int complain(CommandIo &io, const Error &error)
{
    return complain(io, error.message,
                    error.code == ErrorCode::InvalidArgument ? ExitUsage : ExitFailure);
}

}  // namespace

QString RunCommand::name() const
{
    return QStringLiteral("run");
}

QString RunCommand::summary() const
{
    return RunText::tr("Run a bandwidth, latency, TCP, matrix or training experiment and record "
                       "it");
}

int RunCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(summary() + QLatin1Char('\n') + RunOptions::description());
    const RunOptions options;
    options.addTo(parser);
    AgentAccess access;
    access.addOptions(parser);
    JobOptions jobOptions;
    jobOptions.addOptions(parser);
    if (const auto early = parseCommandLine(parser, args, io, true))
        return *early;

    const RunKind *kind = findRunKind(parser.positionalArguments());
    if (!kind)
        return complain(io, RunText::tr("expected one of bw, lat, tcp, matrix, train"), ExitUsage);
    const QString tool = parser.isSet(options.test) ? parser.value(options.test)
                                                    : QString::fromLatin1(kind->defaultTool);
    if (!kind->acceptsTool(tool)) {
        return complain(io,
                        RunText::tr("run %1 does not run %2").arg(QLatin1String(kind->name), tool),
                        ExitUsage);
    }
    if (parser.isSet(options.sim) == parser.isSet(options.agent))
        return complain(io, RunText::tr("give the agents with --agent (one per host), or --sim"),
                        ExitUsage);

    RunHosts hosts;
    if (const auto found = parser.isSet(options.sim) ? hosts.startSim(parser, options)
                                                     : hosts.addAgents(parser, options, access);
        !found)
        return complain(io, found.error());
    const auto request = buildRequest(*kind, tool, {parser, options, jobOptions, hosts});
    if (!request)
        return complain(io, request.error());
    const auto outcome = executeRun(
        *request,
        parser.isSet(options.noRecord) ? std::nullopt : std::optional(parser.value(options.db)),
        hosts.simService(), io);
    if (!outcome)
        return complain(io, outcome.error());
    printRun(runRecord(*request, *outcome), *kind, parser.isSet(options.json), io.out);
    return outcome->state == QLatin1String("succeeded") ? ExitOk : ExitFailure;
}

}  // namespace roce::cli
