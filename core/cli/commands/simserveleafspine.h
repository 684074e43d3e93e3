#pragma once

#include "cli/framework/command.h"

#include <QCommandLineParser>

namespace roce::cli {

/// `rocectl sim --serve --topology rail:H:N:R:S`: serves a leaf/spine fabric (one NX-API
/// endpoint per switch, one agent per server), prints every endpoint and the environment
/// variables that carry its secrets, optionally writes the matching inventory, and runs until
/// SIGINT/SIGTERM (or --seconds).
int serveLeafSpine(const QCommandLineParser &parser, CommandIo &io);

}  // namespace roce::cli
