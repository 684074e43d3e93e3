#pragma once

#include "cli/framework/command.h"

namespace roce::cli {

/// `rocectl record (--inventory FILE | --sim [--topology rail:H:N:R:S] [--scenario NAME])
/// --seconds S --out FILE`: the flight recorder without a window. The fabric is watched as
/// `rocectl watch` watches it and every input of its live model is recorded into FILE (a new
/// file), with alerts, scenarios and the map's shape; synced every second, so a crash loses at
/// most the last one. SIGINT/SIGTERM end it early, cleanly.
class RecordCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("record"); }
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;
};

}  // namespace roce::cli
