#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// `rocectl watch (--inventory FILE | --sim [--topology rail:H:N:R:S] [--scenario NAME])
/// [--interval S] [--count N] [--json]`: the live model of a fabric without a window. It is
/// built as the console builds it (every switch over NX-API, every agent streamed) and prints
/// one frame per tick: with --json one JSON object a line, {"t", "ports": [{"id", "device",
/// "kind", <metric keys>}], "alerts", "sources"}, the format `rocectl fleet` and `replay`
/// share.
class WatchCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("watch"); }
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
