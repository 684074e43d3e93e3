#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// `rocectl run bw|lat|tcp|matrix|train`: runs an experiment through agents (or, with --sim,
/// through an in-process simulated fabric's agents), prints what it measured and records it
/// in the results store; what the console's experiment launcher does, headless.
class RunCommand final : public Command
{
public:
    QString name() const override;
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
