#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// `rocectl diagnose (--inventory FILE | --sim [--served] [--topology T] [--scenario S] |
/// --prometheus URL | --replay FILE) [--seconds S] [--json]`: watches a fabric for S seconds
/// and prints what the diagnosis names: its findings (active and cleared), the alerts no
/// finding explains, and the sources it read.
class DiagnoseCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("diagnose"); }
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
