#pragma once

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace roce::diagnosis {

/// How bad a finding is. Info: working as designed (an incast that DCQCN holds), worth
/// knowing, never an alarm.
enum class Severity : quint8 { Info, Warning, Critical };

/// "info", "warning", "critical".
QString severityName(Severity severity);

/// One measured value a finding rests on, with the id of what it was measured on.
struct Evidence {
    QString id;      ///< "leaf1/Ethernet1/7", "gpu0007/mlx5_1", "leaf1", "gpu0007"
    QString metric;  ///< "tx_pauses_per_s", "audit:pfc_cos_no_drop", "state", ...
    double value = 0;
    QString text;  ///< the value as people read it ("down", "roce_rp/enable/3 = 0")
    QString note;  ///< why it matters, in a few words
};

/// One edge of a pause tree: @p victim receives the pauses that @p pauser sends.
struct PauseEdge {
    QString victim;
    QString pauser;
};

/// A cause the diagnosis names: what, where, how sure, on what evidence, and which alerts it
/// explains (its symptoms, grouped under it).
struct Finding {
    QString kind;      ///< nic_stall, link_down, bad_link, pfc_cos_mismatch, dscp_mismatch,
                       ///< ecn_off_host, ecn_not_marking, slow_host, ecmp_imbalance,
                       ///< congestion, pfc_off
    QString location;  ///< a port or NIC id, a switch, or a host
    Severity severity = Severity::Warning;
    QString summary;             ///< one sentence for people
    QList<Evidence> evidence;    ///< the chain of measured values
    QStringList explains;        ///< keys of the alerts it explains ("rule|port")
    QString whatToCheck;         ///< what to look at next
    QStringList victims;         ///< what it holds back: paused ports and NICs
    QList<PauseEdge> pauseTree;  ///< victim <- pauser edges from the root outward
    qint64 sinceMs = 0;          ///< its evidence first held
    qint64 raisedMs = 0;         ///< it held long enough to be raised
    qint64 lastMs = 0;           ///< it last held (cleared: when it stopped)
    bool active = true;

    QString key() const { return kind + QLatin1Char('|') + location; }
    /// Seconds from the first evidence to the finding being raised.
    double raisedAfterS() const { return double(raisedMs - sinceMs) / 1000.0; }
};

/// {"kind", "location", "severity", "summary", "evidence": [{"id", "metric", "value",
/// "text", "note"}], "explains", "what_to_check", "victims", "pause_tree": [{"victim",
/// "pauser"}], "since_ms", "raised_ms", "last_ms", "raised_after_s", "active"}: keys scripts
/// depend on (`rocectl diagnose`, `rocectl watch` frames).
QJsonObject findingToJson(const Finding &finding);
Finding findingFromJson(const QJsonObject &o);

/// Orders findings as the Diagnosis view lists them: active first, then by severity
/// (critical first), then by when they were raised.
bool findingBefore(const Finding &a, const Finding &b);

}  // namespace roce::diagnosis

Q_DECLARE_METATYPE(roce::diagnosis::Finding)
