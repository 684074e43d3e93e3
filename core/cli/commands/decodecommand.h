#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// `rocectl decode perftest|iperf3|sockperf FILE [--json]`: parses saved tool output with the
/// same parsers the agent and the console use (`-` reads standard input).
class DecodeCommand final : public Command
{
public:
    QString name() const override;
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
