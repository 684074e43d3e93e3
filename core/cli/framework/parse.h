#pragma once

#include "cli/framework/command.h"
#include "proto/common/optiontable.h"

#include <QCommandLineParser>

#include <optional>

namespace roce::cli {

/// Parses @p args with @p parser (adding --help), handling what every command handles the
/// same way: --help prints the help and returns ExitOk; a parse error or stray positional
/// argument prints the reason and returns ExitUsage. Returns nothing when the command
/// should go on. Never calls exit(), so commands stay testable in-process.
std::optional<int> parseCommandLine(QCommandLineParser &parser, const QStringList &args,
                                    CommandIo &io, bool allowPositional = false);

/// The same for a command declared as an OptionTable, whose values it then checks and
/// stores: a value that does not fit prints "<program>: <why>" and returns ExitUsage.
std::optional<int> parseCommandLine(OptionTable &table, const QStringList &args, CommandIo &io,
                                    bool allowPositional = false);

/// Prints "<program>: <message>" on the error stream and returns ExitUsage, for a command
/// line that parsed but does not make sense ("--auth basic needs --user").
int usageError(const QStringList &args, CommandIo &io, const QString &message);

}  // namespace roce::cli
