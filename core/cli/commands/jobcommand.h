#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// `rocectl job`: runs one job (perftest, iperf3, sockperf, training rank) on a roce-agent,
/// streams the tool's output, and prints how it ended. Scripts start a server job, wait for
/// its "ready" line on stderr, then start the client job.
class JobCommand final : public Command
{
public:
    QString name() const override;
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
