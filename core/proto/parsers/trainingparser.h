#pragma once

#include <QJsonObject>
#include <QString>

namespace roce::parsers {

/// Summarizes the training script's JSON lines (`{"iteration":..,"loss":..,"step_ms":..,
/// "allreduce_ms":..,"grad_bytes":..}` and a final `{"done":true}`): iterations, mean step
/// and all-reduce times, final loss and the per-iteration progress. Empty, with @p error
/// set, when no iteration was reported.
QJsonObject summarizeTraining(const QString &output, QString *error);

}  // namespace roce::parsers
