#pragma once

#include "nxapi/client/nxapienvelope.h"

#include <QList>
#include <QStringList>

#include <optional>

namespace roce::sim {

class Fabric;

/// Applies NX-OS configuration commands to one simulated switch, as `cli_conf` does on a
/// Nexus, for the QoS the model has:
/// - the queuing policy in force (`policy-map type queuing QOS_EGRESS_PORT`, `class type
///   queuing c-out-8q-q3`): `random-detect minimum-threshold .. maximum-threshold ..
///   drop-probability .. weight .. [ecn]` and `no random-detect`;
/// - the network-qos policy (`policy-map type network-qos QOS_NETWORK`, `class type
///   network-qos c-8q-nq3`): `pause buffer-size .. pause-threshold .. resume-threshold ..
///   [pfc-cos ..]`, `no pause buffer-size`, `pause pfc-cos N`, `no pause pfc-cos`;
/// - `class-map type qos [match-all|match-any] NAME` with `[no] match dscp LIST`;
/// - `interface NAME[-LAST][, ...]` with `priority-flow-control mode on|off|auto`,
///   `no priority-flow-control mode` and `[no] shutdown`;
/// - `system qos` with `[no] service-policy type queuing output QOS_EGRESS_PORT`.
/// Commands run in order, each in the mode the ones before it entered (a request starts in
/// configuration mode, as NX-API's does); the first one that fails stops the rest, as NX-API's
/// default stop-on-error does. What the model cannot change is refused with the reason, never
/// accepted and ignored.
class NxosConfigurator
{
public:
    NxosConfigurator(Fabric &fabric, int switchIndex);

    /// Runs one request's commands: one output per command run, the last one the failure
    /// when a command failed.
    QList<nxapi::CommandOutput> run(const QStringList &commands);

    /// Names of the policies the simulated switch runs (what its running-config shows).
    static QString defaultQueuingPolicy() { return QStringLiteral("QOS_EGRESS_PORT"); }
    static QString defaultNetworkQosPolicy() { return QStringLiteral("QOS_NETWORK"); }
    /// The policies in force under other names: a model of a real switch (the what-if twin)
    /// takes its change under the names its running-config gives them. Empty: the default.
    void setPolicyNames(const QString &queuing, const QString &networkQos);
    QString queuingPolicy() const { return m_queuingPolicy; }
    QString networkQosPolicy() const { return m_networkQosPolicy; }

private:
    enum class Mode {
        Config,
        QueuingPolicy,
        QueuingClass,
        NetworkQosPolicy,
        NetworkQosClass,
        QosClassMap,
        Interface,
        SystemQos
    };
    /// One command in the current mode; an empty string when it succeeded, else the error.
    QString apply(const QString &command);
    // One mode's commands: an empty string when it succeeded, the error, or nullopt when the
    // command is not one of that mode's.
    std::optional<QString> applyConfig(const QStringList &words);
    std::optional<QString> applyQueuingClass(const QStringList &words);
    std::optional<QString> applyNetworkQosClass(const QStringList &words);
    std::optional<QString> applyClassMap(const QStringList &words);
    std::optional<QString> applyInterface(const QStringList &words);
    std::optional<QString> applySystemQos(const QStringList &words);
    /// Switch ports named by an `interface` argument ("Ethernet1/1-4, Ethernet1/9"), or an
    /// error.
    QString resolvePorts(const QString &names, QList<int> *ports) const;

    Fabric &m_fabric;
    int m_switch;
    Mode m_mode = Mode::Config;
    int m_classGroup = -1;  ///< qos-group of the class-map being configured
    QList<int> m_ports;     ///< ports of the interface mode
    QString m_queuingPolicy = defaultQueuingPolicy();
    QString m_networkQosPolicy = defaultNetworkQosPolicy();
};

}  // namespace roce::sim
