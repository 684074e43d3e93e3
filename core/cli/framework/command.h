#pragma once

#include <QString>
#include <QStringList>
#include <QTextStream>

#include <memory>
#include <vector>

namespace roce::cli {

/// Exit codes shared by every rocectl command (documented in the README).
enum ExitCode : int {
    ExitOk = 0,
    ExitFailure = 1,  ///< the operation ran and failed (unreachable host, parse error, ...)
    ExitUsage = 2,    ///< the command line was wrong
};

/// Where a command writes. Injected so tests can run commands in-process.
struct CommandIo {
    QTextStream &out;
    QTextStream &err;
};

/// One `rocectl <name>` subcommand.
class Command
{
public:
    virtual ~Command();
    /// Name typed on the command line, e.g. "sim".
    virtual QString name() const = 0;
    /// One line for `rocectl --help`.
    virtual QString summary() const = 0;
    /// Runs with @p args = {"rocectl <name>", options...}; returns an ExitCode.
    virtual int run(const QStringList &args, CommandIo &io) = 0;
};

/// The set of subcommands rocectl dispatches to, in registration order.
class CommandRegistry
{
public:
    void add(std::unique_ptr<Command> command);
    Command *find(const QString &name) const;
    const std::vector<std::unique_ptr<Command>> &commands() const { return m_commands; }

private:
    std::vector<std::unique_ptr<Command>> m_commands;
};

}  // namespace roce::cli
