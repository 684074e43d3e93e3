#pragma once

#include "agentproto/sample.h"
#include "monitor/switchmonitor.h"

#include <QHash>

namespace roce::monitor {

/// The counters of one RDMA port the console follows, under short keys: rx_bytes/tx_bytes
/// (PMA data), ecn (CE marks received), cnp_sent, cnp_handled, cnp_ignored, oos
/// (out-of-sequence), rx_pause/tx_pause (ethtool, all priorities). Absent counters are absent.
QHash<QString, quint64> nicCounters(const agentproto::AgentSample &sample,
                                    const agentproto::RdmaPortSample &port);

/// Turns successive agent samples of one host into port-table rows for its RDMA ports:
/// bits/s and utilization (PMA data counters), PFC pauses (ethtool rx/tx_prioN_pause, all
/// priorities), CE marks received (np_ecn_marked_roce_packets), CNPs sent and handled, and
/// out-of-sequence packets. mlx5 Q counters are 32 bits wide and wrap; a wrap counts, a reset
/// gives no rate for that interval.
class NicRateTracker
{
public:
    /// @p arrivedMs: when the sample arrived (console clock). With a clock estimate of the
    /// agent, the sample is placed at the agent's own time converted to the console clock,
    /// which removes the delivery jitter; otherwise at its arrival.
    SwitchUpdate update(const agentproto::AgentSample &sample, qint64 arrivedMs);
    /// The agent's clock minus the console's, from pings (AgentClient::clockMeasured): the
    /// estimate with the shortest round trip of the last 8 is kept.
    void addClockMeasurement(double offsetMs, double rttMs);

private:
    struct Last {
        qint64 ms = 0;
        QHash<QString, quint64> values;
    };
    QHash<QString, Last> m_last;  ///< by row name
    struct ClockMeasurement {
        double offsetMs, rttMs;
    };
    QList<ClockMeasurement> m_clock;  ///< the last 8
};

}  // namespace roce::monitor
