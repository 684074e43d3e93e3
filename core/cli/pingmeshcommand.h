#pragma once

#include "cli/command.h"

namespace roce::cli {

/// `rocectl pingmesh (--inventory FILE | --sim [--topology T] [--scenario NAME]) [--seconds S]
/// [--rate N] [--seed N] [--engine packet|fluid] [--json]`: probes every pair of the
/// pinglist, analyses the pair matrix with the switches' counters and prints the matrix's
/// summary and the verdicts (each with its kind, what it names and its evidence).
class PingmeshCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("pingmesh"); }
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
