#pragma once

#include "cli/framework/command.h"

#include <optional>

namespace roce::cli {

/// `rocectl replay FILE|DIR [--from T] [--to T] [--speed X] [--interval S] [--summary]
/// [--json]`: plays a recording through the live model without a window. Frames are those of
/// `rocectl watch` (one per --interval of recorded time, "t" on the recording's clock); with
/// --summary, per-port totals over the range instead (counter deltas under the metric keys,
/// utilization as a mean). A damaged or cut file replays its good part, exits 0 and says on
/// stderr what was lost.
class ReplayCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("replay"); }
    QString summary() const override;
    int run(const QStringList &args, CommandIo &io) override;

    /// A time of @p startMs..@p endMs in the forms --from/--to take: ms since the epoch, an
    /// ISO 8601 date-time (local unless it says Z or an offset), "+90s"/"+5m"/"+1h" after
    /// the start, "-30s" before the end. nullopt when it is none of these.
    static std::optional<qint64> parseTime(const QString &text, qint64 startMs, qint64 endMs);
};

}  // namespace roce::cli
