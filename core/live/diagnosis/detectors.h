#pragma once

// Internal to the diagnosis: what every detector reads and what it proposes. The public
// entry point is DiagnosisEngine (diagnosisengine.h).

#include "live/diagnosis/diagnosisengine.h"

#include <QCoreApplication>
#include <QSet>

#include <optional>

namespace roce::diagnosis {

/// tr() context of every user-visible string of the diagnosis.
class DiagnosisText
{
    Q_DECLARE_TR_FUNCTIONS(DiagnosisText)
};

/// What the detectors read: the input, the index over it, the thresholds.
struct DetectorContext {
    const DiagnosisInput &in;
    const FabricIndex &index;
    const DiagnosisThresholds &t;
    QHash<QString, bool> &seenUp;

    double rate(qsizetype i, model::Metric m) const { return index.port(i).value(m).value_or(0.0); }
    std::optional<double> maybe(qsizetype i, model::Metric m) const
    {
        return index.port(i).value(m);
    }
    const QString &id(qsizetype i) const { return index.port(i).name(); }
    const QString &device(qsizetype i) const { return index.port(i).id.device(); }
    bool nic(qsizetype i) const { return index.port(i).nic(); }
    bool pausing(qsizetype i) const { return rate(i, model::Metric::TxPause) >= t.pausesPerSec; }
    bool paused(qsizetype i) const { return rate(i, model::Metric::RxPause) >= t.pausesPerSec; }
    Evidence measured(qsizetype i, model::Metric m, const QString &note = {}) const;
};

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
