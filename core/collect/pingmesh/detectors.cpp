#include "collect/pingmesh/detectors.h"

#include "proto/common/stats.h"

#include <QCoreApplication>

#include <cmath>

namespace roce::pingmesh {

namespace {

class DetectorText
{
    Q_DECLARE_TR_FUNCTIONS(DetectorText)
};

/// The host of a NIC port id ("host/device"), empty for a switch port.
void nameSubject(Verdict &v, const QString &port, bool nic)
{
    if (nic) {
        v.nic = port;
        v.host = port.section(QLatin1Char('/'), 0, 0);
    } else {
        v.port = port;
    }
}

}  // namespace

QList<Verdict> CounterDetectors::evaluate(qint64 ms, const QList<PauseObservation> &pauses,
                                          const QList<WatchdogObservation> &watchdogs,
                                          const QList<EcnObservation> &ecn)
{
    Q_UNUSED(ms)
    QList<Verdict> out;
    for (const PauseObservation &p : pauses) {
        const QString key = p.port + QLatin1Char('|') + QString::number(p.priority);
        int &seconds = m_pausedSeconds[key];
        seconds = p.pausedShare > m_t.pausedShare ? seconds + 1 : 0;
        if (seconds < m_t.pauseSeconds)
            continue;
        Verdict v;
        v.kind = QStringLiteral("pause_cost");
        nameSubject(v, p.port, !p.estimated);
        v.evidence
            = {{QStringLiteral("paused_pct"), round2(p.pausedShare * 100)},
               {QStringLiteral("priority"), p.priority},
               {QStringLiteral("seconds"), seconds},
               {QStringLiteral("drops_per_s"), round2(p.dropsPerSec)},
               {QStringLiteral("pause_frames_per_s"), round2(p.pausesPerSec)},
               {QStringLiteral("measured"),
                p.estimated ? QStringLiteral("pause frames") : QStringLiteral("pause duration")}};
        v.summary = DetectorText::tr("%1 was paused %2 % of the time on priority %3 for %4 s, "
                                     "with %5 drops/s: pauses, not drops, cost its line rate.")
                        .arg(p.port)
                        .arg(round2(p.pausedShare * 100))
                        .arg(p.priority)
                        .arg(seconds)
                        .arg(round2(p.dropsPerSec));
        v.check = DetectorText::tr(
            "Who sends the pauses: the receiver behind it draining slowly (rx_discards_phy, "
            "out_of_buffer, PCIe), an incast the ECN thresholds let reach XOFF, or a PFC "
            "headroom or threshold misconfiguration.");
        out.append(v);
    }
    for (const WatchdogObservation &w : watchdogs) {
        auto &history = m_watchdogHistory[w.port];
        history.emplace_back(ms, w.restores);
        while (!history.empty() && history.front().first < ms - 60000)
            history.pop_front();
        const quint64 cycles = history.back().second - history.front().second;
        if (w.enabled && cycles > quint64(m_t.watchdogCyclesPerMinute)) {
            Verdict v;
            v.kind = QStringLiteral("pfcwd_flap");
            v.port = w.port;
            v.evidence = {{QStringLiteral("cycles_last_minute"), double(cycles)},
                          {QStringLiteral("shutdowns"), double(w.shutdowns)},
                          {QStringLiteral("restores"), double(w.restores)},
                          {QStringLiteral("paused_pct"), round2(w.pausedShare * 100)}};
            v.summary = DetectorText::tr("The PFC watchdog of %1 shut its no-drop queue and "
                                         "restored it %2 times in the last minute: the storm "
                                         "behind it comes back each time.")
                            .arg(w.port)
                            .arg(cycles);
            v.check = DetectorText::tr(
                "The device behind the port (a NIC that stops draining now and then, its "
                "driver and firmware); every shutdown drops the queue's packets, so fix the "
                "source rather than the watchdog's intervals.");
            out.append(v);
        }
        const quint64 lastShutdowns = m_lastShutdowns.value(w.port, w.shutdowns);
        m_lastShutdowns[w.port] = w.shutdowns;
        int &storm = m_stormSeconds[w.port];
        storm = w.enabled && w.pausedShare >= m_t.stormShare && w.shutdowns == lastShutdowns
            ? storm + 1
            : 0;
        if (storm >= m_t.stormSeconds) {
            Verdict v;
            v.kind = QStringLiteral("pfcwd_missed");
            v.port = w.port;
            v.evidence = {{QStringLiteral("paused_pct"), round2(w.pausedShare * 100)},
                          {QStringLiteral("seconds"), storm},
                          {QStringLiteral("shutdowns"), double(w.shutdowns)}};
            v.summary = DetectorText::tr("%1 has been paused %2 % of the time for %3 s and its "
                                         "enabled PFC watchdog did not act: a storm it missed.")
                            .arg(w.port)
                            .arg(round2(w.pausedShare * 100))
                            .arg(storm);
            v.check = DetectorText::tr("`show queuing pfc-queue interface %1 detail` and the "
                                       "watchdog's interval and "
                                       "multiplier; a queue that still transmits a little between "
                                       "pauses escapes it.")
                          .arg(w.port);
            out.append(v);
        }
    }
    for (const EcnObservation &e : ecn) {
        int &seconds = m_ecnSeconds[e.port];
        seconds = e.ecnConfigured && e.queueBytes > e.markThresholdBytes && e.ceMarkedPerSec == 0
                && e.receiversCePerSec == 0
            ? seconds + 1
            : 0;
        if (seconds < m_t.ecnSeconds)
            continue;
        Verdict v;
        v.kind = QStringLiteral("ecn_not_marking");
        v.port = e.port;
        v.evidence = {{QStringLiteral("queue_bytes"), round2(e.queueBytes)},
                      {QStringLiteral("mark_threshold_bytes"), round2(e.markThresholdBytes)},
                      {QStringLiteral("ce_marked_per_s"), 0},
                      {QStringLiteral("receivers_ce_per_s"), 0},
                      {QStringLiteral("seconds"), seconds}};
        v.summary = DetectorText::tr("ECN is configured on %1 and its queue holds %2 bytes, "
                                     "above the %3-byte marking threshold, yet nothing is "
                                     "marked and no receiver sees CE.")
                        .arg(e.port)
                        .arg(qint64(e.queueBytes))
                        .arg(qint64(e.markThresholdBytes));
        v.check = DetectorText::tr(
            "The DSCP the hosts send (is RoCE in the class with `random-detect ... ecn`?), the "
            "policy applied on the port (`show policy-map interface`), and whether the traffic "
            "is ECN-capable (ECT) at all.");
        out.append(v);
    }
    return out;
}

}  // namespace roce::pingmesh
