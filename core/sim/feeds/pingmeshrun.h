#pragma once

#include "collect/pingmesh/pairmatrix.h"
#include "collect/pingmesh/verdict.h"
#include "proto/common/result.h"
#include "sim/engine/params.h"

#include <QJsonObject>

#include <functional>
#include <memory>
#include <optional>

namespace roce::sim {

/// A pingmesh run on the simulated fabric: its shape, the fault and how long to probe.
struct PingmeshRunOptions {
    QString topology = QStringLiteral("rail:64:2:2:8");  ///< "reference", "starN", "rail:..."
    /// healthy (empty), bad-nic:HOST, bad-link:SWITCH/PORT, hot-uplink, silent-pause,
    /// pfcwd-flap, ecn-not-marking.
    QString scenario;
    double seconds = 10;
    double probesPerSecond = 200;  ///< per NIC
    /// The model; default: fluid on rail fabrics (100G ports and fat uplinks move more in a
    /// packet step than ECN's threshold), packet on the others.
    std::optional<FabricEngine> engine;
    std::uint64_t seed = 1;
};

/// The pingmesh scenarios with one line each on what they do.
QList<std::pair<QString, QString>> pingmeshScenarios();

/// What the faults that take a target could name on the simulated fabric @p topology: a
/// server for bad-nic and the switch port its NIC is cabled to for bad-link ("gpu0005",
/// "rail1-leaf1/Ethernet1/5"). Empty for an unknown topology.
struct PingmeshExamples {
    QString host;
    QString switchPort;
};
PingmeshExamples pingmeshExamples(const QString &topology);

/// What the run found.
struct PingmeshReport {
    PingmeshRunOptions options;
    int endpoints = 0;
    QList<pingmesh::Endpoint> endpointList;
    QList<pingmesh::PingPair> pairs;
    QList<pingmesh::PairSummary> summaries;  ///< over the last window
    qint64 probesSent = 0;
    qint64 probesLost = 0;
    QList<pingmesh::Verdict> verdicts;  ///< raised at the end (firstMs: ms of probing)
    double wallSeconds = 0;
};

/// Progress of a run, once a simulated second.
struct PingmeshSecond {
    double seconds = 0;  ///< of probing so far
    const pingmesh::PairMatrix *matrix = nullptr;
    QList<pingmesh::Verdict> verdicts;  ///< raised now
};

/// A pingmesh scenario on a model of its own, advanced a simulated second at a time (the
/// console paces it to the clock; rocectl runs it as fast as it goes). Not thread-safe: one
/// thread drives it.
class PingmeshSimulation
{
public:
    /// A fresh model with the scenario applied; errors name a bad topology or scenario.
    static Result<std::unique_ptr<PingmeshSimulation>> create(const PingmeshRunOptions &options);
    ~PingmeshSimulation();

    const QList<pingmesh::Endpoint> &endpoints() const;
    const QList<pingmesh::PingPair> &pinglist() const;
    const pingmesh::PairMatrix &matrix() const;
    /// Simulated seconds of probing so far.
    double seconds() const;
    /// Probes, analyses and detects over the next simulated second.
    PingmeshSecond advanceOneSecond();
    PingmeshReport report() const;

private:
    PingmeshSimulation();
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// Runs the scenario on a fresh model as fast as it goes, probing and analysing once a
/// simulated second; @p onSecond sees each second.
Result<PingmeshReport> runPingmesh(const PingmeshRunOptions &options,
                                   const std::function<void(const PingmeshSecond &)> &onSecond
                                   = {});

/// The report as JSON: "matrix" (summary, per switch pair, worst pairs) and "verdicts" (each
/// with kind, the NIC, host or port it names, evidence, raised_after_s). Keys are stable.
QJsonObject pingmeshReportToJson(const PingmeshReport &report);

}  // namespace roce::sim
