#pragma once

#include "inventory/inventory.h"
#include "live/livefabric.h"

#include <QHash>
#include <QStringList>

namespace roce::live {

/// The plan the hub watches for @p inventory, joined with its @p secrets (keychain key ->
/// secret): every switch, the servers with an agent, the servers read over SSH. Secrets the
/// keychain did not have are said in @p problems (one sentence each); those peers are still
/// watched and fail authentication visibly.
FabricPlan planFor(const inventory::Inventory &inventory, const QHash<QString, QString> &secrets,
                   QStringList *problems = nullptr);

}  // namespace roce::live
