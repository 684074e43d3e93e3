#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// `rocectl fleet --prometheus URL [--prefix P] [--auth none|bearer|basic] [--user U]
/// [--ca FILE] [--interval S] [--count N] [--json]`: the fleet as a Prometheus-compatible store
/// holds it (the switches through our exporter, the hosts through our agent, node_exporter or
/// rdma_exporter), read by the same fleet source the console uses and printed one frame per
/// refresh in the `rocectl watch` format.
class FleetCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("fleet"); }
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
