#include "nxapi/rates/switchrates.h"

#include "proto/common/jsonfields.h"

#include <QJsonArray>

namespace roce::nxapi {

using model::counterDelta;

namespace {

// Smallest Ethernet frame on the wire: 64 bytes plus preamble and inter-frame gap.
constexpr double kMinFrameBits = (64 + 20) * 8;

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

namespace {

using model::Metric;
using model::MetricInfo;

/// One field of a snapshot port that a metric may read.
using FieldReader = std::optional<quint64> (*)(const PortStatus &);

template <PortCounter C> std::optional<quint64> portField(const PortStatus &p)
{
    return p.counters.value(C);
}
template <QueueCounter C> std::optional<quint64> queueSum(const PortStatus &p)
{
    return sumQueues(p, C);
}
std::optional<quint64> mmuDrops(const PortStatus &p)
{
    return p.queuing ? p.queuing->ingressMmuDropPkts : std::nullopt;
}
std::optional<quint64> queuingRxPpp(const PortStatus &p)
{
    return p.queuing ? p.queuing->rxPpp : std::nullopt;
}
std::optional<quint64> queuingTxPpp(const PortStatus &p)
{
    return p.queuing ? p.queuing->txPpp : std::nullopt;
}
std::optional<quint64> pfcRxPpp(const PortStatus &p)
{
    return p.pfc ? p.pfc->rxPpp : std::nullopt;
}
std::optional<quint64> pfcTxPpp(const PortStatus &p)
{
    return p.pfc ? p.pfc->txPpp : std::nullopt;
}

template <std::size_t... I>
constexpr std::array<FieldReader, sizeof...(I)> portReaders(std::index_sequence<I...>)
{
    return {&portField<PortCounter(I)>...};
}
template <std::size_t... I>
constexpr std::array<FieldReader, sizeof...(I)> queueReaders(std::index_sequence<I...>)
{
    return {&queueSum<QueueCounter(I)>...};
}

/// "port:<counter key>", "qos:<queue counter key>" (summed over the QoS groups),
/// "queuing:ingress_mmu_drop_pkts|rx_ppp|tx_ppp", "pfc:rx_ppp|tx_ppp".
FieldReader fieldReader(QStringView field)
{
    static const auto ports = portReaders(std::make_index_sequence<PortCounters::Size>());
    static const auto queues = queueReaders(std::make_index_sequence<QueueCounters::Size>());
    const qsizetype colon = field.indexOf(QLatin1Char(':'));
    const QStringView kind = field.left(colon), name = field.mid(colon + 1);
    if (kind == QLatin1String("port")) {
        for (std::size_t i = 0; i < ports.size(); ++i)
            if (name == QLatin1String(portCounterKey(PortCounter(i))))
                return ports[i];
    } else if (kind == QLatin1String("qos")) {
        for (std::size_t i = 0; i < queues.size(); ++i)
            if (name == QLatin1String(queueCounterKey(QueueCounter(i))))
                return queues[i];
    } else if (kind == QLatin1String("queuing")) {
        if (name == QLatin1String("ingress_mmu_drop_pkts"))
            return &mmuDrops;
        if (name == QLatin1String("rx_ppp"))
            return &queuingRxPpp;
        if (name == QLatin1String("tx_ppp"))
            return &queuingTxPpp;
    } else if (kind == QLatin1String("pfc")) {
        if (name == QLatin1String("rx_ppp"))
            return &pfcRxPpp;
        if (name == QLatin1String("tx_ppp"))
            return &pfcTxPpp;
    }
    qFatal("metric table: unknown switch field '%s'", qPrintable(field.toString()));
}

/// Each metric's readers, resolved once from the table's switchSource.
const std::array<QList<FieldReader>, model::kMetricCount> &metricReaders()
{
    static const auto readers = [] {
        std::array<QList<FieldReader>, model::kMetricCount> r;
        for (const MetricInfo &m : model::metrics()) {
            const QString spec = QString::fromLatin1(m.switchSource);
            if (spec.isEmpty())
                continue;
            for (const QString &field : spec.split(QLatin1Char('|')))
                r[std::size_t(m.id)].append(fieldReader(field));
        }
        return r;
    }();
    return readers;
}

}  // namespace

std::optional<quint64> switchCounter(const PortStatus &port, Metric metric)
{
    for (FieldReader read : metricReaders()[std::size_t(metric)])
        if (const auto v = read(port))
            return v;
    return std::nullopt;
}

SwitchRateModel::Reading SwitchRateModel::read(const PortStatus &p)
{
    Reading r;
    for (const MetricInfo &m : model::metrics())
        r.values[std::size_t(m.id)] = switchCounter(p, m.id);
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
        // `clear counters` changes the "last clearing" text: every counter starts again.
        const bool cleared = !before.clearCounters.isEmpty() && !now.clearCounters.isEmpty()
            && before.clearCounters != now.clearCounters;
        for (const MetricInfo &m : model::metrics()) {
            const std::size_t i = std::size_t(m.id);
            if (!now.values[i] || !before.values[i])
                continue;
            const double bound = m.bound == model::Bound::Bytes ? lineBits / 8
                : m.bound == model::Bound::Packets              ? lineBits / kMinFrameBits
                                                                : 0;
            const auto d = cleared
                ? std::nullopt
                : counterDelta(*before.values[i], *now.values[i], seconds, bound);
            // After a reset the next reading is measured against the new baseline only if
            // that baseline was not a spurious zero (§4.5 quirk 5): a jump from 0 straight
            // back to the old magnitude would be a spike.
            const bool suspicious = before.afterReset[i] && *before.values[i] == 0 && bound <= 0;
            if (!d || suspicious) {
                r.resets.append(model::counterName(m.switchSource));
                now.afterReset[i] = true;
                continue;
            }
            r.rates.set(m.id, double(*d) / seconds * m.sourceScale);
        }
        for (const MetricInfo &m : model::metrics()) {
            if (m.utilizationOf == Metric::Count || lineBits <= 0)
                continue;
            if (const auto bits = r.rates.value(m.utilizationOf))
                r.rates.set(m.id, model::utilizationPercent(*bits, lineBits));
        }
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
    for (const MetricInfo &m : model::metrics()) {
        if (const auto v = r.rates.value(m.id))
            o.insert(QLatin1String(m.key), *v);
    }
    if (!r.resets.isEmpty())
        o.insert(QStringLiteral("resets"), QJsonArray::fromStringList(r.resets));
    return o;
}

}  // namespace roce::nxapi
