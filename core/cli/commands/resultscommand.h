#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// `rocectl results list|show`: reads the results store (runs recorded by `rocectl job
/// --record` and, later, by the console's experiments).
class ResultsCommand final : public Command
{
public:
    QString name() const override;
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
