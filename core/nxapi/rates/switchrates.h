#pragma once

#include "nxapi/parse/snapshot.h"
#include "proto/datamodel/counterdelta.h"
#include "proto/datamodel/metric.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <array>
#include <optional>

namespace roce::nxapi {

/// Per-port rates between two polls of a switch, one per metric of the table
/// (proto/datamodel/metric.h) that a switch reports. A rate is absent when its counter is not
/// reported, or when the counter went backwards or jumped implausibly in this interval (reload,
/// `clear counters`, a spurious zero): then `resets` names it and no spike is shown.
struct PortRates {
    QString name;
    double intervalSeconds = 0;
    model::MetricValues rates;
    QStringList resets;  ///< counters that reset or wrapped implausibly in this interval
    std::optional<double> value(model::Metric m) const { return rates.value(m); }
};

/// The raw value of @p metric's switch counter on @p port (metric table's switchSource:
/// the first of its fields the switch reported), or nullopt.
std::optional<quint64> switchCounter(const PortStatus &port, model::Metric metric);

/// Turns successive snapshots of one switch into per-port rates of every switch metric of the
/// table: adding a metric there with a snapshot field adds it here.
class SwitchRateModel
{
public:
    /// Rates since the previous snapshot (empty on the first one or if time did not advance).
    QList<PortRates> update(const SwitchSnapshot &snapshot);
    void clear();

private:
    struct Reading {
        std::array<std::optional<quint64>, model::kMetricCount> values;
        std::array<bool, model::kMetricCount> afterReset {};  ///< last delta was a reset
        QString clearCounters;
    };
    static Reading read(const PortStatus &port);

    qint64 m_lastMs = -1;
    QHash<QString, Reading> m_last;
};

/// The rates as JSON under the stable keys of `rocectl switch --json` (the metric keys).
QJsonObject portRatesToJson(const PortRates &rates);

}  // namespace roce::nxapi
