#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// `rocectl sim`: runs a scenario of the simulated fabric headless and prints counter
/// deltas, per-flow rates, queue statistics and fairness (`--list` names the scenarios).
class SimCommand final : public Command
{
public:
    QString name() const override;
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
