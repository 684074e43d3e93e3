#pragma once

#include "proto/agentproto/sample.h"

#include <QHash>
#include <QJsonObject>
#include <QString>

namespace roce::experiments {

/// What the fabric did during a run, seen from the NICs of the hosts involved: the first and
/// the latest agent sample of each host, turned into counter deltas per RDMA port (CE marks,
/// CNPs sent/handled/ignored, out-of-sequence, pauses rx/tx, bytes) and their totals. Wraps
/// of 32-bit Q counters count; a counter reset mid-run is named, never a negative delta.
class FabricWatch
{
public:
    void add(const agentproto::AgentSample &sample, qint64 receivedMs);
    /// Hosts whose latest sample is older than @p ms.
    bool allSampledSince(qint64 ms) const;
    bool isEmpty() const { return m_hosts.isEmpty(); }
    /// {"seconds": s, "totals": {...}, "ports": {"host/dev/port": {...}}, "resets": [...]}.
    QJsonObject summary() const;

private:
    struct Reading {
        qint64 ms = 0;
        QHash<QString, QHash<QString, quint64>> ports;  ///< "host/dev/port" -> counters
    };
    struct Host {
        Reading first, last;
    };
    QHash<QString, Host> m_hosts;
};

}  // namespace roce::experiments
