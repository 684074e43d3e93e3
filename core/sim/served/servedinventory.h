#pragma once

#include "proto/common/result.h"
#include "sim/served/leafspineservice.h"

#include <QJsonObject>
#include <QString>

namespace roce::sim {

/// The inventory (format "roce-inventory" version 2) that lists every switch and server of a
/// served fabric, so that the console and headless clients can poll it as a real fabric.
/// Holds no secret: the password and the agent token are read from the environment
/// (ROCE_SWITCH_PASSWORD, ROCE_AGENT_TOKEN) or the keychain.
QJsonObject servedInventory(const ServedFabricEndpoints &endpoints, int pollIntervalMs = 1000);

/// Writes @p inventory to @p path atomically (a reader sees the old file or the new one) and
/// readable by its owner only (0600).
Result<void> writeInventoryFile(const QString &path, const QJsonObject &inventory);

}  // namespace roce::sim
