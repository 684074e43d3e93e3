#pragma once

#include "collect/monitor/alerts.h"
#include "live/diagnosis/finding.h"
#include "live/hub/frameports.h"
#include "proto/datamodel/portsample.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

namespace roce::live {

/// One source of live data as the hub sees it: a switch's NX-API poller, an agent stream, a
/// host read over SSH, the large simulated fabric.
struct SourceState {
    /// NeedsPassword: a switch refused the password twice and is no longer polled (retries
    /// would lock the account out) until the user enters it again.
    enum class State : quint8 { Connecting, Ok, Failed, NeedsPassword };
    QString name;    ///< the switch name, the agent's HOST:PORT, the host name
    QString kind;    ///< "switch", "agent", "ssh", "sim"
    QString device;  ///< the switch or host its frames are about, once one arrived
    State state = State::Connecting;
    QString error;           ///< why it failed (empty while fine)
    qint64 lastFrameMs = 0;  ///< console clock of its last frame
    QStringList ports;       ///< the ports it reports (their keys)

    static QLatin1String stateName(State s);
};

/// What the hub publishes once per tick: the ports updated since the previous frame (at most
/// one sample per port, the newest), the alerts that changed, and every source's state.
struct FabricFrame {
    qint64 t = 0;  ///< console clock, ms since the epoch
    FramePorts ports;
    QList<monitor::Alert> alerts;
    QList<SourceState> sources;
    QList<diagnosis::Finding> findings;  ///< raised, updated or cleared this tick
};

/// A port as `rocectl watch` prints it: {"id", "device", "kind", "state", "peer", "stale",
/// "age_ms", <metric keys of the table>}. Absent rates are left out (absent is not zero).
QJsonObject portToJson(const model::PortSample &port, qint64 ageMs, bool stale);
QJsonObject alertToJson(const monitor::Alert &alert);
QJsonObject sourceToJson(const SourceState &source);

}  // namespace roce::live

Q_DECLARE_METATYPE(roce::live::FabricFrame)
