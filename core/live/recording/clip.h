#pragma once

#include "live/recording/recordingreader.h"
#include "proto/common/result.h"

#include <QString>

namespace roce::recording {

struct ClipStats {
    qint64 ticks = 0;
    qint64 events = 0;
    qint64 bytes = 0;
};

/// Saves [fromMs, toMs] of @p reader as a new recording at @p path (for a bug report or a
/// demo): its ticks, the events in the range, the annotations that overlap it, and the map's
/// shape and scenario in force at its start, so that it replays on its own. The meta says
/// what it was cut from.
Result<ClipStats> writeClip(const RecordingReader &reader, qint64 fromMs, qint64 toMs,
                            const QString &path);

}  // namespace roce::recording
