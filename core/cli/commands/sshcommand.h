#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// `rocectl ssh hostkey|bootstrap|collect`: the SSH host key of a server, installing the
/// agent on it, or one sample collected with rdma/ethtool over SSH (hosts without an agent).
class SshCommand final : public Command
{
public:
    QString name() const override;
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
