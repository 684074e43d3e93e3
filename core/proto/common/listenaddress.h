#pragma once

#include "proto/common/result.h"

#include <QHostAddress>
#include <QString>

#include <utility>

namespace roce {

/// "0.0.0.0:18471", "[::1]:18471", ":18471" (every address) -> address and port, for the
/// `--listen`-style options of the agent and of `rocectl exporter`.
Result<std::pair<QHostAddress, quint16>> parseListenAddress(const QString &text);

}  // namespace roce
