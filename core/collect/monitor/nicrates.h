#pragma once

#include "proto/agentproto/sample.h"
#include "proto/datamodel/nicdriver.h"
#include "proto/datamodel/portsample.h"

#include <array>
#include <optional>

#include <QHash>

namespace roce::monitor {

/// The driver family of @p device: as its agent reports it, else as its kernel name tells.
model::NicDriver nicDriver(const agentproto::RdmaDeviceSample &device);

/// The short keys of nicCounters() (a run's NIC counter totals) and the metric each counts.
struct NicCounterKey {
    const char *key;
    model::Metric metric;
};
inline constexpr NicCounterKey kNicCounterKeys[] = {
    {"ecn", model::Metric::Ecn},
    {"cnp_sent", model::Metric::CnpSent},
    {"cnp_handled", model::Metric::CnpHandled},
    {"cnp_ignored", model::Metric::CnpIgnored},
    {"oos", model::Metric::OutOfSeq},
    {"rx_pause", model::Metric::RxPause},
    {"tx_pause", model::Metric::TxPause},
    {"rx_bytes", model::Metric::InBits},
    {"tx_bytes", model::Metric::OutBits},
};

/// The counters of one RDMA port the console follows, under short keys: rx_bytes/tx_bytes
/// (data bytes), ecn (CE marks received), cnp_sent, cnp_handled, cnp_ignored, oos
/// (out-of-sequence), rx_pause/tx_pause (all priorities), read where the device's driver
/// keeps them (proto/datamodel/nicdriver.h). Absent counters are absent.
QHash<QString, quint64> nicCounters(const agentproto::AgentSample &sample,
                                    const agentproto::RdmaDeviceSample &device,
                                    const agentproto::RdmaPortSample &port);

/// The raw counter @p source names on @p port ("hw:np_cnp_sent", alternatives joined by '|'
/// of which the first present wins, '*' summing a family), or nullopt when the host does not
/// report it.
std::optional<quint64> nicCounter(const agentproto::AgentSample &sample,
                                  const agentproto::RdmaPortSample &port, QLatin1String source);

/// Turns successive agent samples of one host into port-table rows for its RDMA ports:
/// every NIC metric of the table (proto/datamodel/metric.h), read from where its nicSource says.
/// mlx5 Q counters are 32 bits wide and wrap; a wrap counts, a reset gives no rate for that
/// interval.
class NicRateTracker
{
public:
    /// @p arrivedMs: when the sample arrived (console clock). With a clock estimate of the
    /// agent, the sample is placed at the agent's own time converted to the console clock,
    /// which removes the delivery jitter; otherwise at its arrival.
    model::SourceFrame update(const agentproto::AgentSample &sample, qint64 arrivedMs);
    /// The agent's clock minus the console's, from pings (AgentClient::clockMeasured): the
    /// estimate with the shortest round trip of the last 8 is kept.
    void addClockMeasurement(double offsetMs, double rttMs);

private:
    struct Last {
        qint64 ms = 0;
        std::array<std::optional<quint64>, model::kMetricCount> values;
    };
    QHash<QString, Last> m_last;  ///< by row name
    struct ClockMeasurement {
        double offsetMs, rttMs;
    };
    QList<ClockMeasurement> m_clock;  ///< the last 8
};

}  // namespace roce::monitor
