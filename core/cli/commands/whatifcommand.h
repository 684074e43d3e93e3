#pragma once

#include "cli/framework/command.h"
#include "proto/common/result.h"
#include "sim/twin/twinchange.h"
#include "sim/twin/twinmodel.h"

#include <QJsonObject>

#include <variant>

namespace roce::cli {

/// What one what-if produced: the report `rocectl whatif --json` prints, and the twin and
/// change it ran (for a benchmark to time the preview again, away from the served fabric).
struct WhatIfOutcome {
    QJsonObject report;
    sim::twin::TwinModel twin;
    sim::twin::TwinChange change;
    bool json = false;  ///< --json was given
};

/// Runs `rocectl whatif` with @p args ({"rocectl whatif", options...}) and returns what it
/// found instead of printing it: usage errors and failures are written to @p io.err and
/// returned as the exit code.
std::variant<WhatIfOutcome, int> runWhatIf(const QStringList &args, CommandIo &io);

/// `rocectl whatif (--inventory FILE | --sim [--served] [--topology T] [--scenario S]) --change
/// FILE [--seconds S] [--preview-seconds P] [--engine fluid|packet] [--verify] [--json]`:
/// watches the fabric for S seconds, builds its twin from what it saw (running-configs, the
/// NICs' ecn/ files, LLDP, the load), and runs the twin with its configuration and with the
/// change side by side. --verify (simulated fabric only) then applies the change to the served
/// fabric through NX-API and the agents, watches it again and adds what it showed and the
/// prediction's error.
class WhatIfCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("whatif"); }
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
