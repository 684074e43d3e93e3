#pragma once

#include "cli/framework/command.h"

#include <QString>

#include <optional>

namespace roce::cli {

/// What `rocectl sim` was asked for, as typed (declared here because serveLeafSpine() reads
/// it too). An option not given keeps the value here.
struct SimArgs {
    QString scenario;
    std::optional<double> seconds;  ///< not given: the scenario's; with --serve, until stopped
    quint64 seed = 1;
    QString preset;
    QString engine = QStringLiteral("packet");
    bool json = false;
    bool list = false;
    bool serve = false;
    QString topology = QStringLiteral("reference");
    std::optional<int> httpPort;  ///< not given: any free port
    std::optional<int> httpsPort;
    std::optional<int> agentBasePort;
    bool noHttp = false;
    bool noHttps = false;
    QString user = QStringLiteral("admin");
    /// One switch's; a leaf/spine fabric's is empty unless given (each run makes its own).
    QString password = QStringLiteral("admin");
    std::optional<double> speed;  ///< one switch's; not given: 1 (a leaf/spine fabric's: none)
    QString inventoryPath;
    QString simaiConfIn;   ///< --simai-conf: take DCQCN and ECN from this SimAI.conf
    QString simaiConfOut;  ///< --write-simai-conf: write the run's in SimAI's format here
};

/// `rocectl sim --serve --topology rail:H:N:R:S`: serves a leaf/spine fabric (one NX-API
/// endpoint per switch, one agent per server), prints every endpoint and the environment
/// variables that carry its secrets, optionally writes the matching inventory, and runs until
/// SIGINT/SIGTERM (or --seconds).
int serveLeafSpine(const SimArgs &a, CommandIo &io);

}  // namespace roce::cli
