#pragma once

#include "proto/common/result.h"
#include "sim/engine/fabric.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <memory>

namespace roce::sim {

/// A named, reproducible experiment on the model.
struct ScenarioInfo {
    QString name;
    QString summary;      ///< one line: what runs
    QString expectation;  ///< one sentence: what the viewer should see, on which counters
    TimeNs defaultDuration = 0;
};

QList<ScenarioInfo> scenarios();
std::optional<ScenarioInfo> scenarioInfo(const QString &name);

struct FlowReport {
    int id = 0;
    QString src, dst;
    QString kind;  ///< "rdma" | "tcp"
    int qosGroup = 0;
    double goodputGbps = 0;  ///< payload delivered in order, over the measurement window
    double wireGbps = 0;     ///< bytes reaching the receiver, over the measurement window
    double currentRateGbps = 0;
    quint64 ceMarks = 0, cnpsSent = 0, cnpsHandled = 0;
    Bytes retransmittedBytes = 0;
};

struct PortReport {
    QString name;
    SwitchPortCounters delta;  ///< counter deltas over the whole run
    double txUtilization = 0;  ///< over the measurement window, 0..1
    QueueStats roceQueue;
};

struct HostReport {
    QString name;
    HostCounters delta;
};

struct LatencyReport {
    QString kind;
    double avgUs = 0, minUs = 0, p50Us = 0, p99Us = 0, p999Us = 0, maxUs = 0;
    int iterations = 0;
};

struct ScenarioReport {
    QString scenario;
    QString topology;
    QString preset;
    QString engine;  ///< "packet" | "fluid"
    std::uint64_t seed = 0;
    TimeNs duration = 0;
    TimeNs warmup = 0;  ///< rates and fairness are measured over [warmup, duration]
    double wallSeconds = 0;
    QList<PortReport> ports;  ///< switch ports that carried traffic
    QList<HostReport> hosts;
    QList<FlowReport> flows;
    double jain = 0;  ///< fairness of the bulk flows' goodput
    double aggregateGbps = 0;
    QList<LatencyReport> latency;
    QList<TrainingIteration> training;
    QJsonObject extra;  ///< scenario-specific figures
    /// What the run used, for writing it out in another simulator's terms.
    DcqcnParams dcqcn;
    WredParams wred;            ///< the first switch's
    QList<RateBps> linkSpeeds;  ///< of the switch ports, fastest first
    QStringList notes;          ///< where an imported configuration runs differently here
};

struct ScenarioOptions {
    TimeNs duration = -1;  ///< -1: the scenario's default
    std::uint64_t seed = 1;
    QString preset;  ///< empty: scenario default ("nvidia")
    FabricEngine engine = FabricEngine::Packet;
    /// A SimAI configuration's text: its DCQCN and ECN parameters replace the scenario's
    /// (for the links of the scenario's hosts).
    QString simaiConf;
};

/// Runs scenario @p name headless, as fast as it can.
Result<ScenarioReport> runScenario(const QString &name, const ScenarioOptions &options);

/// The report as JSON (snake_case keys, stable: scripts depend on them).
QJsonObject reportToJson(const ScenarioReport &report);

/// Counters of a switch port / host by their device names, for JSON and the NX-API/agent
/// look-alikes. Values only for counters the device has.
QJsonObject switchCountersToJson(const SwitchPortCounters &c);
QJsonObject hostCountersToJson(const HostCounters &c);

}  // namespace roce::sim
