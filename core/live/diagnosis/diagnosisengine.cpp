#include "live/diagnosis/diagnosisengine.h"

#include "live/diagnosis/detectors.h"

#include <algorithm>

namespace roce::diagnosis {

namespace {

/// Evaluations a finding must hold before it is raised, and be gone before it is cleared:
/// one noisy second neither raises nor clears one.
constexpr int kRaiseAfter = 2;
constexpr int kClearAfter = 3;
/// Evaluations a sparse finding (Candidate::sparse) is remembered without a sighting: a cable
/// whose corrupted frames have slowed its flow to a crawl counts an error every second or
/// three, and clearing it at each quiet spell would raise it again and again.
constexpr int kSparseMemory = 20;
constexpr qsizetype kClearedKept = 256;
/// How long after a link was last seen down its loss is still its own.
constexpr qint64 kDownLinkLossMs = 30'000;

/// The candidates of one evaluation, one per cause: two detectors naming the same cause
/// (the pause tree's congestion at a polarized uplink, the ECMP detector's leaf) add up.
QList<Candidate> mergeByKey(const QList<Candidate> &list)
{
    QList<Candidate> merged;
    QHash<QString, qsizetype> at;
    for (const Candidate &c : list) {
        const QString key = c.finding.key();
        const auto it = at.constFind(key);
        if (it == at.constEnd()) {
            at.insert(key, merged.size());
            merged.append(c);
            continue;
        }
        Candidate &m = merged[*it];
        m.finding.severity = std::max(m.finding.severity, c.finding.severity);
        m.finding.evidence += c.finding.evidence;
        m.finding.victims += c.finding.victims;
        m.finding.pauseTree += c.finding.pauseTree;
        m.involved += c.involved;
        m.immediate = m.immediate || c.immediate;
        m.sparse = m.sparse || c.sparse;
        m.switchScopes.unite(c.switchScopes);
        m.anySwitch = m.anySwitch || c.anySwitch;
        m.rules += c.rules;
        for (auto cause = c.causeFor.cbegin(); cause != c.causeFor.cend(); ++cause)
            m.causeFor.insert(cause.key(), cause.value());
    }
    return merged;
}

/// Alerts no fabric fault causes: a host's clock, a device or store the console cannot reach
/// (management network). They stay alerts of their own even on a victim of a finding.
bool neverASymptom(const QString &rule)
{
    return rule == QLatin1String("clock_skew") || rule == QLatin1String("switch_unreachable")
        || rule == QLatin1String("store_unreachable");
}

QList<Candidate> detect(const DetectorContext &ctx)
{
    QList<Candidate> list;
    detectLinks(ctx, list);
    detectPauseTrees(ctx, list);
    detectEcmp(ctx, list);
    detectEcnLedger(ctx, list);
    detectLosslessDrops(ctx, list);
    detectDscp(ctx, list);
    detectLatency(ctx, list);
    detectSwitchConfig(ctx, list);
    return mergeByKey(list);
}

}  // namespace

DiagnosisEngine::DiagnosisEngine(DiagnosisThresholds thresholds)
    : m_t(thresholds), m_seenUp(std::make_unique<SeenUp>())
{ }
DiagnosisEngine::~DiagnosisEngine() = default;

QList<Finding> DiagnosisEngine::candidates(const DiagnosisInput &input)
{
    m_index.update(input.ports, input.placement, input.shapeKey);
    m_seenUp->sync(m_index);
    const DetectorContext ctx {input, m_index, m_t, *m_seenUp, m_queues, m_downAt};
    QList<Finding> out;
    for (const Candidate &c : detect(ctx))
        out.append(c.finding);
    return out;
}

QList<Candidate> DiagnosisEngine::withoutLossOfDownLinks(QList<Candidate> found, qint64 now)
{
    // A link that is down, or was a moment ago, loses every probe through it (the pingmesh's
    // windows outlast the outage by some seconds): that loss is the down link's, and naming
    // a bad cable for it would be a second cause for one fault.
    for (const Candidate &c : std::as_const(found)) {
        if (c.finding.kind != QLatin1String("link_down"))
            continue;
        m_downAt.insert(c.finding.location, now);
        for (const QString &id : c.involved)
            m_downAt.insert(id, now);
    }
    for (auto it = m_downAt.begin(); it != m_downAt.end();)
        it = now - it.value() > kDownLinkLossMs ? m_downAt.erase(it) : std::next(it);
    // Only the probes' loss: CRC errors a cable counts once it is back up are its own (a link
    // that flaps and comes back corrupting frames is a bad cable twice over).
    const auto onlyProbeLoss = [](const Finding &f) {
        return std::all_of(f.evidence.cbegin(), f.evidence.cend(), [](const Evidence &e) {
            return e.metric.startsWith(QLatin1String("pingmesh_"));
        });
    };
    found.removeIf([&](const Candidate &c) {
        return c.finding.kind == QLatin1String("bad_link") && m_downAt.contains(c.finding.location)
            && onlyProbeLoss(c.finding);
    });
    return found;
}

QList<Candidate> DiagnosisEngine::withoutLossOfStalledNics(QList<Candidate> found)
{
    // A NIC that stopped draining discards what reaches it once its buffer is full: probes to
    // it are lost like the traffic. That loss is the stall's, and a bad cable named for it
    // would be a second cause for one fault (a cable's own CRC errors still name it).
    QSet<QString> stalled;
    for (const Candidate &c : std::as_const(found)) {
        if (c.finding.kind != QLatin1String("nic_stall"))
            continue;
        stalled.insert(c.finding.location);
        for (const QString &id : c.involved)
            stalled.insert(id);
    }
    if (stalled.isEmpty())
        return found;
    const auto probeLossAtAStall = [&stalled](const Candidate &c) {
        if (c.finding.kind != QLatin1String("bad_link"))
            return false;
        bool atStall = stalled.contains(c.finding.location);
        for (const Evidence &e : c.finding.evidence) {
            if (!e.metric.startsWith(QLatin1String("pingmesh_")))
                return false;
            atStall = atStall || stalled.contains(e.id);
        }
        return atStall;
    };
    // The stall explains the probe loss's alerts instead.
    for (Candidate &stall : found) {
        if (stall.finding.kind != QLatin1String("nic_stall"))
            continue;
        for (const Candidate &c : std::as_const(found)) {
            if (!probeLossAtAStall(c))
                continue;
            for (const Evidence &e : c.finding.evidence) {
                if (!stall.involved.contains(e.id))
                    stall.involved.append(e.id);
            }
        }
    }
    found.removeIf(probeLossAtAStall);
    return found;
}

QList<Finding> DiagnosisEngine::evaluate(const DiagnosisInput &input)
{
    m_index.update(input.ports, input.placement, input.shapeKey);
    m_seenUp->sync(m_index);
    const DetectorContext ctx {input, m_index, m_t, *m_seenUp, m_queues, m_downAt};
    const qint64 now = input.nowMs;
    const QList<Candidate> found
        = withoutLossOfStalledNics(withoutLossOfDownLinks(detect(ctx), now));

    QList<Finding> changes;
    QSet<QString> present;
    for (const Candidate &c : found) {
        const QString key = c.finding.key();
        present.insert(key);
        auto it = m_tracked.find(key);
        if (it == m_tracked.end()) {
            it = m_tracked.insert(key, Tracked {c, 0, 0, false});
            it->candidate.finding.sinceMs = now;
        }
        Tracked &t = *it;
        const Finding before = t.candidate.finding;
        // What a cause held back while it lasted stays its symptom: a victim whose pauses
        // let up a moment before its alert clears is still explained by it.
        QStringList involved = t.candidate.involved;
        for (const QString &id : c.involved) {
            if (!involved.contains(id))
                involved.append(id);
        }
        QHash<QString, QString> causes = t.candidate.causeFor;
        causes.insert(c.causeFor);
        t.candidate = c;
        t.candidate.involved = involved;
        t.candidate.causeFor = causes;
        Finding &f = t.candidate.finding;
        f.sinceMs = before.sinceMs;
        f.raisedMs = before.raisedMs;
        f.lastMs = now;
        f.active = true;
        ++t.held;
        t.absent = 0;
        if (!t.raised && (t.held >= kRaiseAfter || c.immediate)) {
            t.raised = true;
            f.raisedMs = now;
        }
    }
    for (auto it = m_tracked.begin(); it != m_tracked.end();) {
        if (present.contains(it.key())) {
            ++it;
            continue;
        }
        // A sparse cause is remembered through its quiet spells, raised or not (its sightings
        // need not be consecutive), unless its link went down: that is the down link's finding
        // now, and a cable pulled to be replaced is not corrupting frames.
        const Candidate &c = it->candidate;
        const bool remembered = c.sparse && !m_downAt.contains(c.finding.location);
        if ((!it->raised && !remembered)
            || ++it->absent >= (remembered ? kSparseMemory : kClearAfter)) {
            if (it->raised) {
                Finding cleared = it->candidate.finding;
                cleared.active = false;
                cleared.lastMs = now;
                changes.append(cleared);
                m_cleared.append(cleared);
                if (m_cleared.size() > kClearedKept)
                    m_cleared.removeFirst();
            }
            it = m_tracked.erase(it);
            continue;
        }
        ++it;
    }
    explain(input.alerts);
    for (const Tracked &t : std::as_const(m_tracked)) {
        if (t.raised)
            changes.append(t.candidate.finding);
    }
    std::sort(changes.begin(), changes.end(), findingBefore);
    return changes;
}

void DiagnosisEngine::explain(const QList<monitor::Alert> &alerts)
{
    m_explained.clear();
    m_causes.clear();
    // Who may explain what: the ids a raised finding involves, its switch and rules.
    QHash<QString, QList<Tracked *>> byId;
    QHash<QString, QList<Tracked *>> bySwitch;
    QList<Tracked *> anywhere;
    for (Tracked &t : m_tracked) {
        t.candidate.finding.explains.clear();
        if (!t.raised)
            continue;
        for (const QString &id : std::as_const(t.candidate.involved))
            byId[id].append(&t);
        for (const QString &sw : std::as_const(t.candidate.switchScopes))
            bySwitch[sw].append(&t);
        if (t.candidate.anySwitch)
            anywhere.append(&t);
    }
    for (const monitor::Alert &a : alerts) {
        if (!a.active || neverASymptom(a.rule))
            continue;
        Tracked *best = nullptr;
        const auto consider = [&](Tracked *t) {
            if (!best || t->candidate.finding.severity > best->candidate.finding.severity)
                best = t;
        };
        for (Tracked *t : byId.value(a.port))
            consider(t);
        for (Tracked *t : bySwitch.value(a.port.section(QLatin1Char('/'), 0, 0))) {
            if (t->candidate.rules.contains(a.rule))
                consider(t);
        }
        // Fabric-wide causes explain a switch port's alert only when nothing nearer does.
        if (!best && !a.port.isEmpty()) {
            for (Tracked *t : std::as_const(anywhere)) {
                if (t->candidate.rules.contains(a.rule))
                    consider(t);
            }
        }
        if (!best)
            continue;
        best->candidate.finding.explains.append(a.key());
        m_explained.insert(a.key(), best->candidate.finding.key());
        const QString cause = best->candidate.causeFor.value(a.port);
        if (!cause.isEmpty())
            m_causes.insert(a.key(), cause);
    }
}

QList<Finding> DiagnosisEngine::active() const
{
    QList<Finding> out;
    for (const Tracked &t : m_tracked) {
        if (t.raised)
            out.append(t.candidate.finding);
    }
    std::sort(out.begin(), out.end(), findingBefore);
    return out;
}

QList<Finding> DiagnosisEngine::all() const
{
    QList<Finding> out = active();
    out += m_cleared;
    std::sort(out.begin(), out.end(), findingBefore);
    return out;
}

void DiagnosisEngine::reset()
{
    m_tracked.clear();
    m_cleared.clear();
    m_explained.clear();
    m_causes.clear();
    m_downAt.clear();
    m_queues.clear();
    *m_seenUp = {};
}

}  // namespace roce::diagnosis
