#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// `rocectl version [--json]`: versions of rocectl and of the libraries it runs on.
class VersionCommand final : public Command
{
public:
    QString name() const override;
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
