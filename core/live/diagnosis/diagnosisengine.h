#pragma once

#include "collect/monitor/alerts.h"
#include "live/diagnosis/candidate.h"
#include "live/diagnosis/fabricindex.h"
#include "live/diagnosis/finding.h"
#include "proto/datamodel/portsample.h"

#include <QHash>
#include <QJsonObject>
#include <QList>

#include <memory>
#include <optional>

namespace roce::diagnosis {

/// What the diagnosis reads, and nothing else: what the devices expose as the live model
/// holds it. Never the simulator's ground truth.
struct SeenUp;

struct DiagnosisInput {
    qint64 nowMs = 0;
    /// Every port whose source is fresh (a silent switch's last rates judge nothing).
    QList<const model::PortSample *> ports;
    /// The alerts that hold now.
    QList<monitor::Alert> alerts;
    /// Each device's last configuration report: a switch's QoS audit ({"checks": [...]}), a
    /// host's NIC settings ({"nics": [{"device", "ecn_np", "ecn_rp", ...}]}).
    QHash<QString, QJsonObject> configs;
    /// Server or NIC id -> "switch/port", where LLDP cannot say (the inventory's).
    QHash<QString, QString> placement;
    /// Set by a caller that knows when the fabric's shape changed: a key that changes
    /// whenever which ports are fresh, their order, what they announce by LLDP or the
    /// placement changed. The index then trusts it instead of hashing every port's name and
    /// cables at each evaluation (a third of it at 11,264 ports). Unset: it hashes them.
    std::optional<size_t> shapeKey;
};

/// Thresholds of the diagnosis: what counts as pausing, congested, dropping.
struct DiagnosisThresholds {
    double pausesPerSec = 50;       ///< PFC frames a second that pause (either way)
    double congestedPercent = 85;   ///< egress utilization of a congested port
    double hotUplinkPercent = 70;   ///< an uplink this busy ...
    double coldUplinkShare = 0.25;  ///< ... while a sibling carries less than this share of it
    double errorsPerSec = 1;        ///< CRC errors, drops, discards, ignored CNPs a second
    double rdmaBitsPerSec = 0.5e9;  ///< RDMA out of a NIC worth judging its priority
    double losslessShare = 0.5;     ///< of its RDMA bits, the least that should ride prio 3
};

/// The load of the queue in front of a host's NICs at one tick.
struct QueueLoad {
    qint64 ms = 0;
    double utilPercent = 0;   ///< toward the host
    double ecnPerSec = 0;     ///< marks at that port
    double pausesPerSec = 0;  ///< PFC frames either way on the host's links
};

/// The queue in front of a host's NICs, as the latency verdicts need it: when it was last
/// busy, and its loads within the verdicts' memory.
struct HostQueue {
    qint64 busyAtMs = -1;
    QList<QueueLoad> recent;
};

/// Names the cause behind the symptoms: a PFC wait-for graph from pausers to the paused
/// along LLDP's cables, an ECN ledger from the switch's marks to the senders' reactions,
/// drops by class, link state and errors, latency verdicts, and each device's configuration
/// as evidence. One finding per cause, with the alerts it explains grouped under it. Runs on
/// the hub's thread, once a second; its findings are raised after holding two evaluations
/// in a row (configuration at once: it does not flicker) and cleared after three without.
class DiagnosisEngine
{
public:
    explicit DiagnosisEngine(DiagnosisThresholds thresholds = {});
    ~DiagnosisEngine();

    /// Evaluates @p input; returns the findings whose state changed (raised, updated with
    /// new evidence or alerts, cleared).
    QList<Finding> evaluate(const DiagnosisInput &input);
    /// The findings that hold now, in findingBefore() order.
    QList<Finding> active() const;
    /// Active and cleared findings (the last 256 cleared), in findingBefore() order.
    QList<Finding> all() const;
    /// Alert key -> the key of the active finding that explains it.
    const QHash<QString, QString> &explained() const { return m_explained; }
    /// Alert key -> who causes it, in words, for an alert's text ("paused by ...").
    const QHash<QString, QString> &causes() const { return m_causes; }
    /// Forgets every finding (a replay that seeks).
    void reset();

    /// One evaluation's candidates before debouncing (for tests and benchmarks).
    QList<Finding> candidates(const DiagnosisInput &input);

private:
    /// A candidate followed across evaluations.
    struct Tracked {
        Candidate candidate;
        int held = 0;
        int absent = 0;
        bool raised = false;
    };
    void explain(const QList<monitor::Alert> &alerts);
    QList<Candidate> withoutLossOfDownLinks(QList<Candidate> found, qint64 now);
    static QList<Candidate> withoutLossOfStalledNics(QList<Candidate> found);

    DiagnosisThresholds m_t;
    FabricIndex m_index;
    QHash<QString, Tracked> m_tracked;
    QList<Finding> m_cleared;
    QHash<QString, QString> m_explained;
    QHash<QString, QString> m_causes;
    QHash<QString, qint64> m_downAt;     ///< where a link was last seen down, and when
    QHash<QString, HostQueue> m_queues;  ///< host -> its port's queue, lately
    std::unique_ptr<SeenUp> m_seenUp;    ///< ports and NICs seen up: a down one that was is a fault
};

}  // namespace roce::diagnosis
