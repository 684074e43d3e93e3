#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// All subcommands rocectl knows, in the order `rocectl --help` lists them.
CommandRegistry makeRocectlRegistry();

/// Entry point of rocectl: global options (--help, --version), then dispatch of
/// `rocectl <command> [options]` to @p registry. @p arguments includes argv[0].
int runRocectl(const QStringList &arguments, const CommandRegistry &registry, CommandIo &io);

}  // namespace roce::cli
