#include "collect/monitor/alerts.h"

#include "proto/datamodel/sametext.h"

#include <optional>
#include <utility>

#include <QCoreApplication>
#include <QSet>

#include <cmath>

namespace roce::monitor {

namespace {

class AlertText
{
    Q_DECLARE_TR_FUNCTIONS(AlertText)
};

/// An alert of @p rule; where it is raised sets its port and source.
Alert makeAlert(const QString &rule, Alert::Severity severity, const QString &title,
                const QString &meaning, const QString &check, double value)
{
    Alert a;
    a.rule = rule;
    a.severity = severity;
    a.title = title;
    a.meaning = meaning;
    a.check = check;
    a.value = value;
    return a;
}

/// Whether any switch port of @p u counts ECN marks (NICs do not count here).
bool anySwitchMarksEcn(const model::SourceFrame &u)
{
    bool anyEcn = false;
    for (const model::PortSample &p : u.ports)
        anyEcn = anyEcn || (!p.nic() && p.value(model::Metric::Ecn).value_or(0) > 0);
    return anyEcn;
}

std::optional<Alert> losslessDrops(const model::PortSample &p, const AlertThresholds &t)
{
    if (p.value(model::Metric::MmuDrops) && *p.value(model::Metric::MmuDrops) > t.mmuDropsPerSec) {
        return makeAlert(QStringLiteral("lossless_drops"), Alert::Severity::Critical,
                         AlertText::tr("Ingress MMU drops"),
                         AlertText::tr("The ingress buffer overflows: on the lossless class this "
                                       "means PFC is off or its headroom too small, and RoCE "
                                       "retransmits (go-back-N)."),
                         AlertText::tr("rocectl audit (pfc_cos_no_drop, pfc_ports); 'show queuing "
                                       "interface %1': Ingress MMU Drop, PFC Statistics.")
                             .arg(p.name()),
                         *p.value(model::Metric::MmuDrops));
    }
    return std::nullopt;
}

std::optional<Alert> egressDrops(const model::PortSample &p, const AlertThresholds &t)
{
    if (p.value(model::Metric::EgressDrops)
        && *p.value(model::Metric::EgressDrops) > t.egressDropsPerSec) {
        return makeAlert(QStringLiteral("egress_drops"), Alert::Severity::Warning,
                         AlertText::tr("Egress WRED/tail drops"),
                         AlertText::tr("Packets are dropped at the egress queue: WRED without "
                                       "ecn, or RoCE outside the no-drop class."),
                         AlertText::tr("rocectl audit (wred_ecn_roce, roce_dscp_no_drop); the "
                                       "DSCP the hosts send."),
                         *p.value(model::Metric::EgressDrops));
    }
    return std::nullopt;
}

/// @p stormPolls: the polls in a row that looked like a storm, this one counted in.
std::optional<Alert> pauseStorm(const model::PortSample &p, const AlertThresholds &t,
                                int &stormPolls)
{
    // A pause storm: the peer keeps pausing this port while it can hardly send.
    const bool storming = p.value(model::Metric::RxPause).value_or(0) > t.stormPausesPerSec
        && p.value(model::Metric::OutUtil).value_or(100) < t.stormMaxOutUtil;
    const int polls = stormPolls = storming ? stormPolls + 1 : 0;
    if (polls >= t.stormPolls) {
        // A switch port is paused by what is behind it; a NIC by its switch port, which
        // is itself only passing on the pauses of whatever holds it: the NIC's own host is
        // a victim, not a suspect (the diagnosis names the root).
        return makeAlert(
            QStringLiteral("pause_storm"), Alert::Severity::Critical,
            AlertText::tr("PFC pause storm"),
            p.nic() ? AlertText::tr("The switch pauses this NIC continuously: it can hardly "
                                    "send. It is a victim of whatever pauses its switch "
                                    "port, not the cause.")
                    : AlertText::tr("The peer pauses this port continuously while it sends "
                                    "almost nothing: a NIC that stopped draining, and the "
                                    "pauses spread back through the fabric."),
            p.nic() ? AlertText::tr("Follow the pauses upstream from the switch port %1 is "
                                    "cabled to (TxPPP there, RxPPP further on); the "
                                    "Diagnosis view names the root.")
                          .arg(p.name())
                    : AlertText::tr("The device behind %1: a NIC that stopped draining "
                                    "(tx_prio3_pause, a hung driver), or a switch it leads "
                                    "to; the PFC watchdog ('show queuing pfc-queue').")
                          .arg(p.name()),
            *p.value(model::Metric::RxPause));
    }
    return std::nullopt;
}

std::optional<Alert> cnpIgnored(const model::PortSample &p)
{
    if (p.value(model::Metric::CnpIgnored).value_or(0) > 0) {
        return makeAlert(QStringLiteral("cnp_ignored"), Alert::Severity::Warning,
                         AlertText::tr("CNPs ignored"),
                         AlertText::tr("The adapter receives CNPs and ignores them: ECN/DCQCN "
                                       "is off for this priority on the sender, which never "
                                       "slows down and leaves congestion to PFC."),
                         AlertText::tr("/sys/class/net/<if>/ecn/roce_rp/enable/3 on %1 (1 = on); "
                                       "rocectl audit --hosts; rp_cnp_ignored in 'ethtool -S'.")
                             .arg(p.name()),
                         *p.value(model::Metric::CnpIgnored));
    }
    return std::nullopt;
}

std::optional<Alert> cnpWithoutCe(const model::PortSample &p)
{
    if (p.nic() && p.value(model::Metric::CnpSent).value_or(0) > 0 && p.value(model::Metric::Ecn)
        && *p.value(model::Metric::Ecn) == 0) {
        return makeAlert(QStringLiteral("cnp_without_ce"), Alert::Severity::Warning,
                         AlertText::tr("CNPs without CE marks"),
                         AlertText::tr("The NIC sends CNPs but counts no CE-marked RoCE "
                                       "packets: the marks arrive on traffic the counter does "
                                       "not cover, or the NIC's counters disagree, so DCQCN "
                                       "acts on marks the console cannot see."),
                         AlertText::tr("np_ecn_marked_roce_packets and np_cnp_sent on %1; the "
                                       "DSCP and priority of the marked traffic.")
                             .arg(p.name()),
                         *p.value(model::Metric::CnpSent));
    }
    return std::nullopt;
}

std::optional<Alert> clockSkew(const model::PortSample &p, const AlertThresholds &t)
{
    if (p.clockOffsetMs && std::abs(*p.clockOffsetMs) > t.clockSkewMs) {
        return makeAlert(QStringLiteral("clock_skew"), Alert::Severity::Warning,
                         AlertText::tr("Host clock off"),
                         AlertText::tr("This host's clock is %1 ms off the console's: the "
                                       "console still places its counters on its own time "
                                       "axis, but the host's logs and training timestamps "
                                       "will not line up with the fabric's.")
                             .arg(*p.clockOffsetMs, 0, 'f', 0),
                         AlertText::tr("NTP/chrony on the host behind %1 ('chronyc tracking', "
                                       "'timedatectl').")
                             .arg(p.name()),
                         *p.clockOffsetMs);
    }
    return std::nullopt;
}

/// @p anyEcn: whether any switch port of the frame counts ECN marks.
std::optional<Alert> pfcWithoutEcn(const model::PortSample &p, bool anyEcn)
{
    if (!p.nic() && !anyEcn && p.value(model::Metric::TxPause).value_or(0) > 0) {
        return makeAlert(QStringLiteral("pfc_without_ecn"), Alert::Severity::Warning,
                         AlertText::tr("PFC pauses without ECN marks"),
                         AlertText::tr("Congestion is handled by PFC alone: no queue marks ECN, "
                                       "so DCQCN never slows the senders and pauses spread."),
                         AlertText::tr("rocectl audit (wred_ecn_roce, threshold_order); ECN "
                                       "enabled on the adapters (roce_np/roce_rp)."),
                         *p.value(model::Metric::TxPause));
    }
    return std::nullopt;
}

/// Counters the table marks as alerting (buffer and watchdog drops without a rule of
/// their own): one generic alert per metric and port, worded from the table.
QList<Alert> alertingCounters(const model::PortSample &p)
{
    QList<Alert> alerts;
    for (const model::MetricInfo &m : model::metrics()) {
        const auto v = m.alertWhenNonZero ? p.value(m.id) : std::nullopt;
        if (!v || *v <= 0)
            continue;
        const QString source = QLatin1String(p.nic() ? m.nicSource : m.switchSource);
        alerts.append(makeAlert(QLatin1String(m.key).chopped(6),  // without "_per_s"
                                Alert::Severity::Critical, model::metricSeries(m.id),
                                model::metricTooltip(m.id),
                                AlertText::tr("The counter %1 on %2.").arg(source, p.name()), *v));
    }
    return alerts;
}

/// @p lastState: the link state seen last, replaced by this one; @p active: the engine's
/// active alerts, to keep a port that is down already counted as cabled.
std::optional<Alert> linkDown(const model::PortSample &p, QString &lastState,
                              const QHash<QString, Alert> &active)
{
    // A cabled port that is down stops what it carried: critical. Cabled means it was
    // seen up, or it is first seen down with a peer (its description or LLDP neighbour
    // says what is behind it; a NIC always has its netdev); an unused port is neither.
    // Most ports are up and stay up: no string copied, no reference counted, for them.
    if (model::sameText(lastState, p.state) && p.state != QLatin1String("down"))
        return std::nullopt;
    const QString before = std::exchange(lastState, p.state);
    const bool cabled = before == QLatin1String("up") || (before.isEmpty() && !p.peer.isEmpty())
        || active.contains(QStringLiteral("link_down|") + p.name());
    if (p.state == QLatin1String("down") && cabled) {
        return makeAlert(
            QStringLiteral("link_down"), Alert::Severity::Critical, AlertText::tr("Link down"),
            before == QLatin1String("up")
                ? AlertText::tr("The port was up and went down: what it carried stops or "
                                "takes another path.")
                : AlertText::tr("The port is down while something is cabled behind it (%1): "
                                "what it should carry stops or takes another path.")
                      .arg(p.peer),
            AlertText::tr("'show interface %1' (reason), the cable and the server's "
                          "NIC.")
                .arg(p.name()),
            0);
    }
    return std::nullopt;
}

}  // namespace

void AlertEngine::hold(QList<Alert> &changes, Alert candidate, qint64 ms)
{
    const QString key = candidate.key();
    auto it = m_active.find(key);
    if (it == m_active.end()) {
        candidate.firstMs = ms;
        candidate.lastMs = ms;
        candidate.active = true;
        m_active.insert(key, candidate);
        changes.append(candidate);
        return;
    }
    it->lastMs = ms;
    it->value = candidate.value;
    changes.append(*it);
}

void AlertEngine::release(QList<Alert> &changes, const QString &key, qint64 ms)
{
    auto it = m_active.find(key);
    if (it == m_active.end())
        return;
    Alert cleared = *it;
    cleared.active = false;
    cleared.lastMs = ms;
    m_active.erase(it);
    changes.append(cleared);
}

QList<AlertEngine::PortMemory> &AlertEngine::memoryFor(const model::SourceFrame &u)
{
    QList<PortMemory> &memory = m_memory[u.source];
    bool aligned = memory.size() >= u.ports.size();
    for (qsizetype i = 0; aligned && i < u.ports.size(); ++i)
        aligned = model::sameText(memory.at(i).port, u.ports.at(i).name());
    if (!aligned) {
        // The source's ports changed: this frame's ports first, in its order, then the ones
        // it left out (remembered for when they come back).
        QHash<QString, PortMemory> before;
        for (const PortMemory &m : std::as_const(memory))
            before.insert(m.port, m);
        QList<PortMemory> now;
        now.reserve(std::max(memory.size(), u.ports.size()));
        for (const model::PortSample &p : u.ports)
            now.append(before.take(p.name()));
        for (qsizetype i = 0; i < u.ports.size(); ++i)
            now[i].port = u.ports.at(i).name();
        for (const PortMemory &m : std::as_const(memory))
            if (before.contains(m.port))
                now.append(m);
        memory = std::move(now);
    }
    return memory;
}

QList<Alert> AlertEngine::evaluate(const model::SourceFrame &u)
{
    QList<Alert> changes;
    QList<PortMemory> &memory = memoryFor(u);
    QSet<QString> holding;
    const qint64 ms = u.takenMs;
    const bool anyEcn = anySwitchMarksEcn(u);

    for (qsizetype i = 0; i < u.ports.size(); ++i) {
        const model::PortSample &p = u.ports.at(i);
        PortMemory &remembered = memory[i];
        auto raise = [&](std::optional<Alert> a) {
            if (!a)
                return;
            a->port = p.name();
            a->source = u.source;
            holding.insert(a->key());
            hold(changes, *a, ms);
        };
        raise(losslessDrops(p, m_t));
        raise(egressDrops(p, m_t));
        raise(pauseStorm(p, m_t, remembered.stormPolls));
        raise(cnpIgnored(p));
        raise(cnpWithoutCe(p));
        raise(clockSkew(p, m_t));
        raise(pfcWithoutEcn(p, anyEcn));
        for (const Alert &a : alertingCounters(p))
            raise(a);
        raise(linkDown(p, remembered.state, m_active));
    }
    // What this source no longer shows is over; other sources' alerts are theirs to clear.
    // Read in place (a copy of every active key for each of a fleet's thousand frames a
    // tick was a fifth of this), released after.
    QStringList over;
    for (auto it = m_active.cbegin(); it != m_active.cend(); ++it) {
        const Alert &a = it.value();
        if (a.source == u.source && !a.rule.endsWith(QLatin1String("_unreachable"))
            && !holding.contains(it.key()))
            over.append(it.key());
    }
    for (const QString &key : std::as_const(over))
        release(changes, key, ms);
    return changes;
}

QList<Alert> AlertEngine::switchUnreachable(const QString &switchName, const QString &message,
                                            qint64 ms)
{
    QList<Alert> changes;
    Alert a = makeAlert(QStringLiteral("switch_unreachable"), Alert::Severity::Critical,
                        AlertText::tr("Switch unreachable"), message,
                        AlertText::tr("The management network, NX-API ('show nxapi'), the "
                                      "credentials and the certificate pin."),
                        0);
    a.port = a.source = switchName;
    hold(changes, a, ms);
    return changes;
}

QList<Alert> AlertEngine::switchReachable(const QString &switchName, qint64 ms)
{
    QList<Alert> changes;
    release(changes, QStringLiteral("switch_unreachable|") + switchName, ms);
    return changes;
}

QList<Alert> AlertEngine::agentUnreachable(const QString &agent, const QString &message, qint64 ms)
{
    QList<Alert> changes;
    Alert a = makeAlert(
        QStringLiteral("agent_unreachable"), Alert::Severity::Warning,
        AlertText::tr("Agent unreachable"), message,
        AlertText::tr("roce-agent on %1 ('systemctl status roce-agent'), the network path, its "
                      "token and certificate pin. Its NIC counters are stale until it answers; "
                      "the console reconnects with backoff.")
            .arg(agent),
        0);
    a.port = a.source = agent;
    hold(changes, a, ms);
    return changes;
}

QList<Alert> AlertEngine::agentReachable(const QString &agent, qint64 ms)
{
    QList<Alert> changes;
    release(changes, QStringLiteral("agent_unreachable|") + agent, ms);
    return changes;
}

QList<Alert> AlertEngine::storeUnreachable(const QString &store, const QString &message, qint64 ms)
{
    QList<Alert> changes;
    Alert a = makeAlert(QStringLiteral("store_unreachable"), Alert::Severity::Critical,
                        AlertText::tr("Metrics store unreachable"), message,
                        AlertText::tr("The store at %1: is it running, is the path prefix right "
                                      "(/prometheus, /select/0/prometheus), are the user and the "
                                      "token or password right, does its TLS certificate verify. "
                                      "The fleet's rows are stale until it answers.")
                            .arg(store),
                        0);
    a.port = a.source = store;
    hold(changes, a, ms);
    return changes;
}

QList<Alert> AlertEngine::storeReachable(const QString &store, qint64 ms)
{
    QList<Alert> changes;
    release(changes, QStringLiteral("store_unreachable|") + store, ms);
    return changes;
}

QList<Alert> AlertEngine::findings(const QString &source, const QList<Alert> &current, qint64 ms)
{
    QList<Alert> changes;
    QStringList keep;
    for (Alert a : current) {
        a.source = source;
        keep.append(a.key());
        hold(changes, a, ms);
    }
    QStringList gone;
    for (auto it = m_active.cbegin(); it != m_active.cend(); ++it) {
        if (it->source == source && it->rule.startsWith(QLatin1String("pingmesh_"))
            && !keep.contains(it.key()))
            gone.append(it.key());
    }
    for (const QString &key : std::as_const(gone))
        release(changes, key, ms);
    return changes;
}

QList<Alert> AlertEngine::annotate(const QHash<QString, QString> &findingOf,
                                   const QHash<QString, QString> &causeOf)
{
    QList<Alert> changes;
    for (auto it = m_active.begin(); it != m_active.end(); ++it) {
        const QString finding = findingOf.value(it.key());
        const QString cause = causeOf.value(it.key());
        if (it->finding == finding && it->cause == cause)
            continue;
        it->finding = finding;
        it->cause = cause;
        changes.append(*it);
    }
    return changes;
}

QList<Alert> AlertEngine::active() const
{
    return m_active.values();
}

}  // namespace roce::monitor
