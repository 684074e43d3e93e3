#pragma once

#include "proto/datamodel/metric.h"
#include "proto/datamodel/portid.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace roce::model {

/// A link state as switches ("up", "down") and NICs ("ACTIVE", "DOWN") report it.
inline bool linkStateDown(const QString &state)
{
    return state.compare(QLatin1String("down"), Qt::CaseInsensitive) == 0;
}
inline bool linkStateUp(const QString &state)
{
    return state.compare(QLatin1String("up"), Qt::CaseInsensitive) == 0
        || state.compare(QLatin1String("active"), Qt::CaseInsensitive) == 0;
}

/// One port as a source saw it in its last interval: identity, state and its rates (one per
/// metric of the table). Switch ports and NIC ports alike.
struct PortSample {
    PortId id;
    QString peer;      ///< LLDP system name (else the port description); a NIC's netdev
    QString peerPort;  ///< switches: the LLDP neighbour's port id (a host's netdev, a spine's port)
    QString state;     ///< "up", "down", ...
    bool internal = false;  ///< internal fabric port of a breakout ASIC ("ii1/1/1")
    MetricValues rates;
    std::optional<double> lineBps;        ///< switch ports: the line rate NX-API reports (eth_bw)
    std::optional<double> clockOffsetMs;  ///< NICs: their agent's clock minus the console's
    std::optional<double> clockRttMs;     ///< ... measured over this round trip (+- rtt/2)
    QStringList resets;  ///< counters that reset in the last interval (no rate shown)

    const QString &name() const { return id.key(); }
    bool nic() const { return id.isNic(); }
    std::optional<double> value(Metric m) const { return rates.value(m); }
    void set(Metric m, std::optional<double> v) { rates.set(m, v); }
};

/// What one poll of one source produced (a switch's batched NX-API poll, one agent sample,
/// one SSH collection, one tick of the large simulated fabric): one batch for the hub.
struct SourceFrame {
    QString source;  ///< the switch or host that produced it (and alone clears its alerts)
    QString origin;  ///< the endpoint it came from when that differs (an agent's HOST:PORT)
    qint64 takenMs = 0;
    QList<PortSample> ports;
    QStringList issues;  ///< "command: message" of commands the switch refused
};

}  // namespace roce::model

Q_DECLARE_METATYPE(roce::model::SourceFrame)
