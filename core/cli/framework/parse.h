#pragma once

#include "cli/framework/command.h"

#include <QCommandLineParser>

#include <optional>

namespace roce::cli {

/// Parses @p args with @p parser (adding --help), handling what every command handles the
/// same way: --help prints the help and returns ExitOk; a parse error or stray positional
/// argument prints the reason and returns ExitUsage. Returns nothing when the command
/// should go on. Never calls exit(), so commands stay testable in-process.
std::optional<int> parseCommandLine(QCommandLineParser &parser, const QStringList &args,
                                    CommandIo &io, bool allowPositional = false);

}  // namespace roce::cli
