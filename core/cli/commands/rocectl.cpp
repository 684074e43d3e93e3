#include "cli/commands/rocectl.h"

#include "cli/commands/decodecommand.h"
#include "cli/commands/diagnosecommand.h"
#include "cli/commands/exportercommand.h"
#include "cli/commands/fleetcommand.h"
#include "cli/commands/jobcommand.h"
#include "cli/commands/pingmeshcommand.h"
#include "cli/commands/recordcommand.h"
#include "cli/commands/replaycommand.h"
#include "cli/commands/resultscommand.h"
#include "cli/commands/simcommand.h"
#include "cli/commands/sshcommand.h"
#include "cli/commands/switchcommand.h"
#include "cli/commands/versioncommand.h"
#include "cli/commands/watchcommand.h"
#include "cli/commands/whatifcommand.h"
#include "cli/run/runcommand.h"
#include "proto/common/versions.h"

#include <QCoreApplication>

namespace roce::cli {

namespace {

class Rocectl
{
    Q_DECLARE_TR_FUNCTIONS(Rocectl)

public:
    static QString usage(const CommandRegistry &registry)
    {
        QString text = tr("Usage: rocectl [--help] [--version] <command> [options]")
            + QLatin1String("\n\n")
            + tr("Scriptable companion of RoCE Fabric Console: simulate, decode and "
                 "measure lossless RoCEv2 fabrics from the shell.")
            + QLatin1String("\n\n") + tr("Commands:") + QLatin1Char('\n');
        qsizetype width = 0;
        for (const auto &command : registry.commands())
            width = std::max(width, command->name().size());
        for (const auto &command : registry.commands()) {
            text += QLatin1String("  ") + command->name().leftJustified(width + 2)
                + command->summary() + QLatin1Char('\n');
        }
        text += QLatin1Char('\n')
            + tr("Run 'rocectl <command> --help' for the options of a command. Most "
                 "commands print a table, or JSON with --json.")
            + QLatin1Char('\n')
            + tr("Exit status: 0 success, 1 the operation failed, 2 wrong usage.")
            + QLatin1Char('\n');
        return text;
    }
};

}  // namespace

CommandRegistry makeRocectlRegistry()
{
    CommandRegistry registry;
    registry.add(std::make_unique<AuditCommand>());
    registry.add(std::make_unique<DecodeCommand>());
    registry.add(std::make_unique<FleetCommand>());
    registry.add(std::make_unique<JobCommand>());
    registry.add(std::make_unique<ResultsCommand>());
    registry.add(std::make_unique<RunCommand>());
    registry.add(std::make_unique<SimCommand>());
    registry.add(std::make_unique<SshCommand>());
    registry.add(std::make_unique<SwitchCommand>());
    registry.add(std::make_unique<VersionCommand>());
    registry.add(std::make_unique<WhatIfCommand>());
    registry.add(std::make_unique<WatchCommand>());
    registry.add(std::make_unique<RecordCommand>());
    registry.add(std::make_unique<ReplayCommand>());
    registry.add(std::make_unique<ExporterCommand>());
    registry.add(std::make_unique<PingmeshCommand>());
    registry.add(std::make_unique<DiagnoseCommand>());
    return registry;
}

int runRocectl(const QStringList &arguments, const CommandRegistry &registry, CommandIo &io)
{
    const QStringList args = arguments.mid(1);
    if (args.isEmpty()) {
        io.err << Rocectl::usage(registry);
        io.err.flush();
        return ExitUsage;
    }
    const QString &first = args.first();
    if (first == QLatin1String("--help") || first == QLatin1String("-h")
        || first == QLatin1String("help")) {
        if (args.size() > 1 && first == QLatin1String("help")) {
            if (Command *command = registry.find(args.at(1))) {
                return command->run(
                    {QLatin1String("rocectl ") + command->name(), QStringLiteral("--help")}, io);
            }
        }
        io.out << Rocectl::usage(registry);
        io.out.flush();
        return ExitOk;
    }
    if (first == QLatin1String("--version") || first == QLatin1String("-V")) {
        io.out << QLatin1String("rocectl ") << applicationVersion() << QLatin1Char('\n');
        io.out.flush();
        return ExitOk;
    }
    if (first.startsWith(QLatin1Char('-'))) {
        io.err << Rocectl::tr("rocectl: unknown option '%1'").arg(first) << QLatin1Char('\n')
               << Rocectl::tr("Run 'rocectl --help' for the list of commands.")
               << QLatin1Char('\n');
        io.err.flush();
        return ExitUsage;
    }
    Command *command = registry.find(first);
    if (!command) {
        io.err << Rocectl::tr("rocectl: unknown command '%1'").arg(first) << QLatin1Char('\n')
               << Rocectl::tr("Run 'rocectl --help' for the list of commands.")
               << QLatin1Char('\n');
        io.err.flush();
        return ExitUsage;
    }
    QStringList commandArgs = args.mid(1);
    commandArgs.prepend(QLatin1String("rocectl ") + command->name());
    const int code = command->run(commandArgs, io);
    io.out.flush();
    io.err.flush();
    return code;
}

}  // namespace roce::cli
