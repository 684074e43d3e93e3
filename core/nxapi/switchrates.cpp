#include "nxapi/switchrates.h"

#include "common/jsonfields.h"

#include <QJsonArray>

namespace roce::nxapi {

namespace {

constexpr quint64 k32 = quint64(1) << 32;
// Smallest Ethernet frame on the wire: 64 bytes plus preamble and inter-frame gap.
constexpr double kMinFrameBits = (64 + 20) * 8;
// Slack over line rate before a delta counts as implausible (rounding of poll times).
constexpr double kSlack = 1.25;

std::optional<quint64> sumQueues(const PortStatus &p, QueueCounter c)
{
    if (!p.queuing)
        return std::nullopt;
    std::optional<quint64> sum;
    for (const QosGroupStatus &g : p.queuing->qosGroups) {
        if (const auto v = g.counters.value(c))
            sum = sum.value_or(0) + *v;
    }
    return sum;
}

}  // namespace

std::optional<quint64> counterDelta(quint64 previous, quint64 current, double seconds,
                                    double maxPerSecond)
{
    const double bound = maxPerSecond > 0 ? maxPerSecond * seconds * kSlack : 0;
    auto plausible = [&](quint64 d) { return bound > 0 ? double(d) <= bound : true; };
    if (current >= previous) {
        const quint64 d = current - previous;
        return plausible(d) ? std::optional(d) : std::nullopt;
    }
    // A counter that falls to exactly zero was reset (reload, clear, or a spurious zero),
    // never wrapped. A wrap leaves the counter near its width's top and brings it back near
    // zero: 64-bit (NX-OS) from the upper half, 32-bit (older counters) from the top quarter.
    if (current == 0)
        return std::nullopt;
    const quint64 wrapped64 = current - previous;  // modulo 2^64
    if (previous >= (quint64(1) << 63) && current < (quint64(1) << 62) && plausible(wrapped64))
        return wrapped64;
    if (previous < k32 && previous >= k32 / 4 * 3 && current < k32 / 4) {
        const quint64 wrapped32 = current + k32 - previous;
        if (bound > 0 ? double(wrapped32) <= bound : wrapped32 < k32 / 2)
            return wrapped32;
    }
    return std::nullopt;
}

SwitchRateModel::Reading SwitchRateModel::read(const PortStatus &p)
{
    Reading r;
    const PortCounters &c = p.counters;
    r.values[InBytes] = c.value(PortCounter::InBytes);
    r.values[OutBytes] = c.value(PortCounter::OutBytes);
    r.values[InPkts] = c.value(PortCounter::InPkts);
    r.values[OutPkts] = c.value(PortCounter::OutPkts);
    r.values[InErrors] = c.value(PortCounter::InErrors);
    if (p.queuing) {
        r.values[MmuDrops] = p.queuing->ingressMmuDropPkts;
        r.values[RxPause] = p.queuing->rxPpp;
        r.values[TxPause] = p.queuing->txPpp;
    }
    if (!r.values[RxPause] && p.pfc)
        r.values[RxPause] = p.pfc->rxPpp;
    if (!r.values[TxPause] && p.pfc)
        r.values[TxPause] = p.pfc->txPpp;
    r.values[EgressDrops] = sumQueues(p, QueueCounter::DropPkts);
    if (!r.values[EgressDrops])
        r.values[EgressDrops] = c.value(PortCounter::OutDiscards);
    r.values[Ecn] = sumQueues(p, QueueCounter::EcnPkts);
    r.clearCounters = p.clearCounters;
    return r;
}

QList<PortRates> SwitchRateModel::update(const SwitchSnapshot &snapshot)
{
    QList<PortRates> out;
    const bool first = m_lastMs < 0;
    const double seconds = first ? 0 : double(snapshot.takenMs - m_lastMs) / 1000.0;
    if (!first && seconds <= 0)
        return out;
    static const char *names[TrackedCount]
        = {"in_bytes",         "out_bytes", "in_pkts", "out_pkts", "ingress_mmu_drop_pkts",
           "egress_drop_pkts", "rx_ppp",    "tx_ppp",  "ecn_pkts", "in_errors"};
    for (const PortStatus &p : snapshot.ports) {
        Reading now = read(p);
        const auto it = m_last.constFind(p.name);
        if (first || it == m_last.constEnd()) {
            m_last.insert(p.name, now);
            continue;
        }
        const Reading &before = *it;
        PortRates r;
        r.name = p.name;
        r.intervalSeconds = seconds;
        const double lineBits = p.bandwidthKbit ? double(*p.bandwidthKbit) * 1000 : 0;
        const double maxBytes = lineBits / 8;
        const double maxPkts = lineBits / kMinFrameBits;
        // `clear counters` changes the "last clearing" text: every counter starts again.
        const bool cleared = !before.clearCounters.isEmpty() && !now.clearCounters.isEmpty()
            && before.clearCounters != now.clearCounters;
        std::array<std::optional<double>, TrackedCount> perSecond;
        for (int i = 0; i < TrackedCount; ++i) {
            if (!now.values[i] || !before.values[i])
                continue;
            const double bound = (i == InBytes || i == OutBytes) ? maxBytes : maxPkts;
            const auto d = cleared
                ? std::nullopt
                : counterDelta(*before.values[i], *now.values[i], seconds, bound);
            // After a reset the next reading is measured against the new baseline only if
            // that baseline was not a spurious zero (§4.5 quirk 5): a jump from 0 straight
            // back to the old magnitude would be a spike.
            const bool suspicious = before.afterReset[i] && *before.values[i] == 0 && bound <= 0;
            if (!d || suspicious) {
                r.resets.append(QLatin1String(names[i]));
                now.afterReset[i] = true;
                continue;
            }
            perSecond[i] = double(*d) / seconds;
        }
        if (perSecond[InBytes])
            r.inBitsPerSec = *perSecond[InBytes] * 8;
        if (perSecond[OutBytes])
            r.outBitsPerSec = *perSecond[OutBytes] * 8;
        if (lineBits > 0 && r.inBitsPerSec)
            r.inUtilPercent = *r.inBitsPerSec / lineBits * 100;
        if (lineBits > 0 && r.outBitsPerSec)
            r.outUtilPercent = *r.outBitsPerSec / lineBits * 100;
        r.inPktsPerSec = perSecond[InPkts];
        r.outPktsPerSec = perSecond[OutPkts];
        r.ingressMmuDropsPerSec = perSecond[MmuDrops];
        r.egressDropsPerSec = perSecond[EgressDrops];
        r.rxPausesPerSec = perSecond[RxPause];
        r.txPausesPerSec = perSecond[TxPause];
        r.ecnMarksPerSec = perSecond[Ecn];
        r.inErrorsPerSec = perSecond[InErrors];
        m_last.insert(p.name, now);
        out.append(r);
    }
    m_lastMs = snapshot.takenMs;
    return out;
}

void SwitchRateModel::clear()
{
    m_lastMs = -1;
    m_last.clear();
}

QJsonObject portRatesToJson(const PortRates &r)
{
    QJsonObject o {{QStringLiteral("name"), r.name},
                   {QStringLiteral("interval_s"), r.intervalSeconds}};
    insertIfSet(o, "in_bits_per_s", r.inBitsPerSec);
    insertIfSet(o, "out_bits_per_s", r.outBitsPerSec);
    insertIfSet(o, "in_util_percent", r.inUtilPercent);
    insertIfSet(o, "out_util_percent", r.outUtilPercent);
    insertIfSet(o, "in_pkts_per_s", r.inPktsPerSec);
    insertIfSet(o, "out_pkts_per_s", r.outPktsPerSec);
    insertIfSet(o, "ingress_mmu_drops_per_s", r.ingressMmuDropsPerSec);
    insertIfSet(o, "egress_drops_per_s", r.egressDropsPerSec);
    insertIfSet(o, "rx_pauses_per_s", r.rxPausesPerSec);
    insertIfSet(o, "tx_pauses_per_s", r.txPausesPerSec);
    insertIfSet(o, "ecn_marks_per_s", r.ecnMarksPerSec);
    insertIfSet(o, "in_errors_per_s", r.inErrorsPerSec);
    if (!r.resets.isEmpty())
        o.insert(QStringLiteral("resets"), QJsonArray::fromStringList(r.resets));
    return o;
}

}  // namespace roce::nxapi
