#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace roce::pingmesh {

/// A finding of the analyzer or a detector: what is wrong, what it names, the evidence and
/// what to check. Raised as an alert of rule "pingmesh_<kind>" in the console.
struct Verdict {
    /// nic, host, link, congestion (from the pair matrix); pause_cost, pfcwd_flap,
    /// pfcwd_missed, ecn_not_marking (detectors).
    QString kind;
    QString host;          ///< the server it names, if any
    QString nic;           ///< "host/device" it names, if any
    QString port;          ///< "switch/port" it names, if any
    QString summary;       ///< one sentence for people
    QString check;         ///< what to look at next
    QJsonObject evidence;  ///< the figures it rests on (stable snake_case keys)
    qint64 firstMs = 0;    ///< when it was first raised
    qint64 lastMs = 0;     ///< when it last held
    qint64 raisedMs = 0;   ///< when it held long enough to be raised

    /// What it names, for de-duplication and alert keys: its port, else its NIC, else its host.
    QString subject() const;
    QString key() const { return kind + QLatin1Char('|') + subject(); }
};

/// {"kind", "host", "nic", "port", "summary", "check", "evidence", "since_ms"}: keys scripts
/// depend on; empty names are left out.
QJsonObject verdictToJson(const Verdict &verdict);

/// Keeps verdicts that hold in consecutive evaluations: a candidate is raised once it held
/// @p raiseAfter evaluations in a row and cleared once it was absent @p clearAfter in a row,
/// so one noisy second neither raises nor clears one.
class VerdictDebouncer
{
public:
    explicit VerdictDebouncer(int raiseAfter = 2, int clearAfter = 5)
        : m_raiseAfter(raiseAfter), m_clearAfter(clearAfter)
    { }
    /// Feeds one evaluation's candidates; returns every raised verdict not yet cleared.
    QList<Verdict> update(const QList<Verdict> &candidates, qint64 ms);

private:
    struct State {
        Verdict verdict;
        int held = 0;
        int absent = 0;
        bool raised = false;
    };
    int m_raiseAfter, m_clearAfter;
    QList<State> m_states;
};

}  // namespace roce::pingmesh
