#pragma once

#include "live/maplayout/fabriclayout.h"

#include <QJsonObject>
#include <QStringList>

namespace roce::store {
class CounterStore;
}

namespace roce::experiments {

/// What the switch saw on the ports of @p hosts between @p fromMs and @p toMs, from the
/// console's rate history (the NX-API polls): packets dropped in the ingress MMU, egress
/// drops, PFC pause frames received (RxPPP) and sent (TxPPP) and ECN-marked packets, per
/// switch port and in total: {"ports": {"Ethernet1/1/2": {...}}, "totals": {...}}. Rates are
/// integrated over the run; a port the history has no points for is left out.
QJsonObject switchSummary(const store::CounterStore &history, const models::FabricLayout &layout,
                          const QStringList &hosts, qint64 fromMs, qint64 toMs);

}  // namespace roce::experiments
