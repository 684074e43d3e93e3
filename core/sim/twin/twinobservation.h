#pragma once

#include "live/hub/livefabric.h"
#include "nxapi/parse/qosconfig.h"
#include "proto/datamodel/metric.h"
#include "sim/twin/fabricfigures.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QRandomGenerator>
#include <QTimer>

#include <array>
#include <optional>

namespace roce::nxapi {
class NxapiClient;
struct SwitchSnapshot;
}  // namespace roce::nxapi

namespace roce::sim::twin {

/// One port as the console saw it over a window: who is behind it (LLDP; a NIC's netdev), its
/// line rate, and each of its rates averaged over the window's samples.
struct ObservedPort {
    QString device;  ///< switch or server name
    QString port;    ///< "Ethernet1/7", "mlx5_1"
    bool nic = false;
    bool internal = false;  ///< an internal fabric port of a breakout ASIC
    QString peer, peerPort;
    QString state;
    double lineBps = 0;
    std::array<double, model::kMetricCount> sum {};
    std::array<int, model::kMetricCount> samples {};
    double queueDepthSum = 0;  ///< the RoCE queue's depth at each of the window's polls
    int queueSamples = 0;

    QString key() const { return device + QLatin1Char('/') + port; }
    std::optional<double> mean(model::Metric m) const;
    std::optional<double> queueMeanBytes() const;
};

/// What the console saw of a fabric over a window: everything a model of it is built from
/// (no simulator's ground truth).
struct TwinObservation {
    double seconds = 0;
    QList<ObservedPort> ports;
    QHash<QString, nxapi::QosConfig> switchConfigs;  ///< by switch: its running-config's QoS
    QHash<QString, QString> switchRoles;             ///< by switch: the plan's role
    QHash<QString, QString> switchModels;            ///< by switch: show version's chassis
    QHash<QString, QJsonObject> nicConfigs;          ///< by server: its agent's NIC report
    QHash<QString, QString> placement;               ///< server or NIC row -> "switch/port" (typed)
    QStringList problems;                            ///< what could not be read

    const ObservedPort *find(const QString &device, const QString &port) const;
    /// The fabric's figures over the window (front switch ports and NICs).
    FabricFigures figures() const;
};

/// The qos-group of the no-drop (RoCE) class @p config's network-qos policy pauses (a class
/// "c-8q-nqN" with `pause pfc-cos`); 3 when it names none.
int noDropGroupOf(const nxapi::QosConfig *config);

/// Watches a fabric through the live model for a window: every source frame the hub applies
/// (rates, LLDP, the agents' NIC reports), each switch's RoCE queue depth polled ten times a
/// second on average, at random times (less often beyond four switches: some 40 polls a second
/// in all) over NX-API (`show queuing interface`), and its running-config, over one NX-API client
/// (one session) a switch, kept from window to window: keep the observer rather than make another,
/// since a Nexus keeps a session for 10 minutes and holds 5.
class TwinObserver : public QObject
{
    Q_OBJECT

public:
    TwinObserver(live::LiveFabric &hub, const live::FabricPlan &plan, QObject *parent = nullptr);
    ~TwinObserver() override;

    /// Starts a new window (what an earlier one gathered is forgotten).
    void start();
    void stop();
    /// The window so far.
    TwinObservation observation() const;
    /// Whether every switch's running-config was read.
    bool configsRead() const;
    /// Whether waiting longer for running-configs is pointless: each switch's was read, or
    /// the live model cannot reach the switch (its source failed: refused, timed out, the
    /// wrong password).
    bool configsSettled() const;

private:
    void onFrame(const model::SourceFrame &frame);
    void onQueuing(const QString &switchName, const nxapi::SwitchSnapshot &snapshot);
    void onConfig(const QString &switchName, const nxapi::SwitchSnapshot &snapshot);
    ObservedPort &portFor(const QString &device, const QString &port, bool nic);

    live::LiveFabric &m_hub;
    live::FabricPlan m_plan;
    QList<nxapi::NxapiClient *> m_clients;  ///< one a switch
    /// The next queue read, in 50-150 % of m_queuePollMs (see kQueuePollJitter).
    int nextQueuePollMs();

    QTimer m_queuePolls;
    int m_queuePollMs = 100;           ///< the reads' mean period
    QRandomGenerator m_pollTimes {7};  ///< their times (a fixed seed: the same each run)
    QElapsedTimer m_configClock;       ///< since the running-configs were last asked for
    QElapsedTimer m_window;
    QHash<QString, qsizetype> m_index;
    QList<ObservedPort> m_ports;
    QHash<QString, nxapi::QosConfig> m_configs;
    QHash<QString, QString> m_models;
    QStringList m_problems;
    bool m_running = false;
};

}  // namespace roce::sim::twin
