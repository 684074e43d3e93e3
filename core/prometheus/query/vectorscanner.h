#pragma once

#include "prometheus/query/promresponse.h"

#include <optional>

namespace roce::prom {

/// Reads a successful instant-vector answer in one pass over its bytes, keeping only the
/// labels asked for: a refresh of a large fleet reads tens of megabytes, and building a
/// QJsonDocument of it first costs several times more. Anything it does not expect (an error
/// envelope, another result type, a malformed body) yields nullopt, and parseVector() then
/// reads the body the thorough way and says what is wrong.
std::optional<QList<PromSample>> scanVector(const QByteArray &body, const QStringList &labelNames);

}  // namespace roce::prom
