#pragma once

// Internal to the diagnosis: what every detector reads and what it proposes. The public
// entry point is DiagnosisEngine (diagnosisengine.h).

#include "live/diagnosis/diagnosisengine.h"

#include <QCoreApplication>
#include <QSet>

#include <optional>
#include <vector>

namespace roce::diagnosis {

/// tr() context of every user-visible string of the diagnosis.
class DiagnosisText
{
    Q_DECLARE_TR_FUNCTIONS(DiagnosisText)
};

/// Ports and NICs seen up (a down one that was up is a fault, not an unused port): by name
/// across index rebuilds, by index within one (no string hashing for every port each tick).
struct SeenUp {
    QSet<QString> names;
    std::vector<char> byIndex;
    size_t signature = 0;

    /// Re-keys the by-index view after @p index was rebuilt.
    void sync(const FabricIndex &index);
    void mark(qsizetype i, const QString &name)
    {
        if (byIndex[std::size_t(i)])
            return;
        byIndex[std::size_t(i)] = 1;
        names.insert(name);
    }
    bool contains(qsizetype i) const { return byIndex[std::size_t(i)] != 0; }
};

/// What the detectors read: the input, the index over it, the thresholds.
struct DetectorContext {
    const DiagnosisInput &in;
    const FabricIndex &index;
    const DiagnosisThresholds &t;
    SeenUp &seenUp;
    /// Host -> the queue in front of its NICs (latency verdicts outlast the queue that caused
    /// them by their window).
    QHash<QString, HostQueue> &queues;
    /// Port or NIC -> when its link was last seen down.
    const QHash<QString, qint64> &downAt;

    double rate(qsizetype i, model::Metric m) const { return index.value(i, m).value_or(0.0); }
    std::optional<double> maybe(qsizetype i, model::Metric m) const { return index.value(i, m); }
    const QString &id(qsizetype i) const { return index.port(i).name(); }
    const QString &device(qsizetype i) const { return index.port(i).id.device(); }
    bool nic(qsizetype i) const { return index.port(i).nic(); }
    bool pausing(qsizetype i) const { return rate(i, model::Metric::TxPause) >= t.pausesPerSec; }
    bool paused(qsizetype i) const { return rate(i, model::Metric::RxPause) >= t.pausesPerSec; }
    Evidence measured(qsizetype i, model::Metric m, const QString &note = {}) const;
};

/// A port's link state (model::linkStateDown, model::linkStateUp).
inline bool isDown(const model::PortSample &p)
{
    return model::linkStateDown(p.state);
}
inline bool isUp(const model::PortSample &p)
{
    return model::linkStateUp(p.state);
}

void detectLinks(const DetectorContext &ctx, QList<Candidate> &out);
void detectPauseTrees(const DetectorContext &ctx, QList<Candidate> &out);
void detectEcmp(const DetectorContext &ctx, QList<Candidate> &out);
void detectEcnLedger(const DetectorContext &ctx, QList<Candidate> &out);
void detectLosslessDrops(const DetectorContext &ctx, QList<Candidate> &out);
void detectDscp(const DetectorContext &ctx, QList<Candidate> &out);
void detectLatency(const DetectorContext &ctx, QList<Candidate> &out);
void detectSwitchConfig(const DetectorContext &ctx, QList<Candidate> &out);

/// The status of audit check @p check in switch @p name's last audit ("pass", "fail",
/// "unknown"; empty when none arrived), and its summary.
std::pair<QString, QString> auditCheck(const DiagnosisInput &in, const QString &name,
                                       const QString &check);

}  // namespace roce::diagnosis
