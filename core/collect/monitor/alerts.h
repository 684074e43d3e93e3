#pragma once

#include "proto/datamodel/portsample.h"

#include <QHash>
#include <QList>
#include <QString>

namespace roce::monitor {

/// Thresholds of the alert rules (defaults: what a lossless RoCE fabric should never show).
struct AlertThresholds {
    double mmuDropsPerSec = 0;        ///< any ingress MMU drop is an alert
    double egressDropsPerSec = 0;     ///< any WRED/tail drop
    double stormPausesPerSec = 1000;  ///< RxPPP/s that, with almost no Tx, is a pause storm
    double stormMaxOutUtil = 5;       ///< % out utilization below which pauses are a storm
    int stormPolls = 3;               ///< consecutive polls before a storm is called one
    double clockSkewMs = 200;         ///< an agent's clock this far off the console's
};

/// One alert: what fired, where, what it means and what to check.
struct Alert {
    enum class Severity { Warning, Critical };
    QString rule;    ///< lossless_drops, egress_drops, pause_storm, pfc_without_ecn, link_down,
                     ///< switch_unreachable, cnp_ignored, cnp_without_ce, agent_unreachable,
                     ///< clock_skew, store_unreachable, pingmesh_<verdict kind>
    QString port;    ///< the port id ("leaf3/Ethernet1/7", "host/device"); the switch for
                     ///< switch-wide alerts; HOST:PORT of an agent
    QString source;  ///< the switch or host whose update raised it (and alone clears it)
    Severity severity = Severity::Warning;
    QString title;
    QString meaning;  ///< one sentence for people
    QString check;    ///< what to look at next
    double value = 0;
    qint64 firstMs = 0, lastMs = 0;
    bool active = true;
    /// Set by the diagnosis when it explains this alert: the finding's key ("kind|location")
    /// and who causes it ("paused by leaf1/Ethernet1/7; the cause: ..."): a victim's alert
    /// names its pauser instead of sending people to its own host.
    QString finding;
    QString cause;
    QString key() const { return rule + QLatin1Char('|') + port; }
};

/// Turns switch updates into raised and cleared alerts. An alert is raised once while its
/// condition holds (lastMs and value move along) and cleared when it stops holding.
class AlertEngine
{
public:
    explicit AlertEngine(AlertThresholds thresholds = {}) : m_t(thresholds) { }

    /// The alerts whose state changed with @p update (new, updated or cleared). An update
    /// is a switch poll or one agent's sample: it clears only alerts of its own source.
    QList<Alert> evaluate(const model::SourceFrame &update);
    /// The switch could not be polled (message from the client), or answers again.
    QList<Alert> switchUnreachable(const QString &switchName, const QString &message, qint64 ms);
    QList<Alert> switchReachable(const QString &switchName, qint64 ms);
    /// An agent (HOST:PORT) was lost, or answers again.
    QList<Alert> agentUnreachable(const QString &agent, const QString &message, qint64 ms);
    QList<Alert> agentReachable(const QString &agent, qint64 ms);
    /// The metrics store the fleet is read from (Prometheus, VictoriaMetrics, ...) does not
    /// answer, refuses the credentials or answers errors: every port it feeds goes stale.
    QList<Alert> storeUnreachable(const QString &store, const QString &message, qint64 ms);
    QList<Alert> storeReachable(const QString &store, qint64 ms);

    /// The findings of an analyzer (pingmesh verdicts as alerts of rule "pingmesh_<kind>")
    /// that hold now for @p source: new ones are raised, held ones updated, and the source's
    /// earlier findings that are no longer among them cleared.
    QList<Alert> findings(const QString &source, const QList<Alert> &current, qint64 ms);

    QList<Alert> active() const;
    /// Marks the active alerts the diagnosis explains (@p findingOf: alert key -> finding
    /// key; @p causeOf: alert key -> cause) and clears the marks of those it no longer
    /// explains; returns the alerts whose marks changed.
    QList<Alert> annotate(const QHash<QString, QString> &findingOf,
                          const QHash<QString, QString> &causeOf);

private:
    void hold(QList<Alert> &changes, Alert candidate, qint64 ms);
    void release(QList<Alert> &changes, const QString &key, qint64 ms);

    /// What the engine remembers of a port between its source's frames.
    struct PortMemory {
        QString port;
        QString state;       ///< the link state seen last
        int stormPolls = 0;  ///< polls in a row that looked like a pause storm
    };
    /// @p source's memory, one entry per port of @p update in its order: a source sends its
    /// ports in the same order every time, so a fleet's tick needs no look-up per port.
    QList<PortMemory> &memoryFor(const model::SourceFrame &update);

    AlertThresholds m_t;
    QHash<QString, Alert> m_active;
    QHash<QString, QList<PortMemory>> m_memory;  ///< by source
};

}  // namespace roce::monitor
