#pragma once

#include "proto/common/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace roce::nxapi {

/// One line of the running configuration, kept as evidence for the audit.
struct ConfigLine {
    int number = 0;  ///< 1-based line in the text
    QString text;    ///< as the switch printed it, without the line break
};

/// `class-map type qos|queuing|network-qos [match-all|match-any] NAME`.
struct ClassMap {
    QString type, name;
    QList<int> matchDscp, matchCos;
    QList<ConfigLine> lines;
};

/// One `class` of a policy-map with the actions the RoCE recipe cares about.
struct PolicyClass {
    QString name;
    std::optional<int> setQosGroup, setCos, mtu, priorityLevel, bandwidthPercent;
    QList<int> pausePfcCos;  ///< network-qos: `pause pfc-cos 3`
    std::optional<quint64> pauseBufferSize, pauseThreshold, resumeThreshold;  ///< bytes
    bool randomDetect = false, ecn = false;
    QString wredProfile;  ///< `random-detect threshold burst-optimized|mesh-optimized`
    std::optional<quint64> wredMinBytes, wredMaxBytes;
    QList<ConfigLine> lines;
};

/// `policy-map type qos|queuing|network-qos NAME`.
struct PolicyMap {
    QString type, name;
    QList<PolicyClass> classes;
    QList<ConfigLine> lines;
    const PolicyClass *findClass(const QString &className) const;
};

/// The QoS-relevant part of one `interface` block.
struct InterfaceConfig {
    QString name;              ///< long form
    QString pfcMode;           ///< `priority-flow-control mode on|auto|off`; empty = default
    bool pfcWatchdog = false;  ///< `priority-flow-control watch-dog-interval on`
    std::optional<int> mtu;
    QString qosInputPolicy, queuingOutputPolicy;
    bool shutdown = false;
    QList<ConfigLine> lines;
};

/// The QoS part of `show running-config` (or `show running-config ipqos`).
struct QosConfig {
    QList<ClassMap> classMaps;
    QList<PolicyMap> policyMaps;
    QString systemNetworkQos, systemQueuingOutput, systemQosInput;  ///< under `system qos`
    QList<ConfigLine> systemQosLines;
    QList<InterfaceConfig> interfaces;
    std::optional<ConfigLine> pfcWatchdogGlobal;  ///< global `priority-flow-control watch-dog...`

    const PolicyMap *findPolicy(const QString &type, const QString &name) const;
    const ClassMap *findClassMap(const QString &type, const QString &name) const;
    const InterfaceConfig *findInterface(const QString &name) const;
};

/// Parses the QoS statements of NX-OS running-config text. Unknown lines are ignored; a text
/// with no configuration at all (e.g. an error page) is a Parse error.
Result<QosConfig> parseRunningConfigQos(const QString &text);

QJsonObject qosConfigToJson(const QosConfig &config);

/// "24-26,46" -> {24, 25, 26, 46}; names NX-OS accepts for DSCP values ("af31", "ef", "cs6")
/// are translated.
QList<int> parseDscpList(const QString &text);

}  // namespace roce::nxapi
