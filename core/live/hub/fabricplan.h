#pragma once

#include "live/hub/livefabric.h"
#include "live/inventory/inventory.h"

#include <QHash>
#include <QStringList>

namespace roce::live {

/// The plan the hub watches for @p inventory, joined with its @p secrets (keychain key ->
/// secret): every switch, the servers with an agent, the servers read over SSH. Secrets the
/// keychain did not have are said in @p problems (one sentence each); those peers are still
/// watched and fail authentication visibly.
FabricPlan planFor(const inventory::Inventory &inventory, const QHash<QString, QString> &secrets,
                   QStringList *problems = nullptr);

/// The inventory's secrets from the environment, for scripts and headless runs: for a switch
/// ROCE_SWITCH_PASSWORD_<NAME> (upper-cased, other characters as '_') else
/// ROCE_SWITCH_PASSWORD; for a server ROCE_AGENT_TOKEN_<NAME> else ROCE_AGENT_TOKEN. Keys no
/// variable names are absent (for the keychain to fill).
QHash<QString, QString> secretsFromEnvironment(const inventory::Inventory &inventory);

}  // namespace roce::live
