#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// `rocectl switch`: polls a Nexus (or the simulated one) over NX-API and prints per-port
/// rates: utilization, ingress MMU drops, egress drops, PFC pauses and ECN marks.
class SwitchCommand final : public Command
{
public:
    QString name() const override;
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

/// `rocectl audit`: checks a switch's QoS configuration (and what hosts report) against the
/// lossless RoCE recipe; every check with its evidence and fix.
class AuditCommand final : public Command
{
public:
    QString name() const override;
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
