#include "collect/monitor/nicrates.h"

#include "proto/datamodel/counterdelta.h"

#include <cmath>

namespace roce::monitor {

namespace {

std::optional<quint64> sumPrefixed(const QMap<QString, quint64> &m, QLatin1String prefix,
                                   QLatin1String suffix)
{
    std::optional<quint64> sum;
    for (auto it = m.cbegin(); it != m.cend(); ++it) {
        if (it.key().startsWith(prefix) && it.key().endsWith(suffix))
            sum = sum.value_or(0) + it.value();
    }
    return sum;
}

}  // namespace

QHash<QString, quint64> nicCounters(const agentproto::AgentSample &sample,
                                    const agentproto::RdmaPortSample &port)
{
    QHash<QString, quint64> now;
    auto put = [&now](const QString &key, std::optional<quint64> v) {
        if (v)
            now.insert(key, *v);
    };
    auto value = [](const QMap<QString, quint64> &m, const char *key) {
        const auto it = m.constFind(QLatin1String(key));
        return it == m.constEnd() ? std::nullopt : std::optional<quint64>(*it);
    };
    put(QStringLiteral("rx_bytes"), value(port.counters, "port_rcv_data_bytes"));
    put(QStringLiteral("tx_bytes"), value(port.counters, "port_xmit_data_bytes"));
    put(QStringLiteral("ecn"), value(port.hwCounters, "np_ecn_marked_roce_packets"));
    put(QStringLiteral("cnp_sent"), value(port.hwCounters, "np_cnp_sent"));
    put(QStringLiteral("cnp_handled"), value(port.hwCounters, "rp_cnp_handled"));
    put(QStringLiteral("cnp_ignored"), value(port.hwCounters, "rp_cnp_ignored"));
    put(QStringLiteral("oos"), value(port.hwCounters, "out_of_sequence"));
    for (const agentproto::NetdevSample &n : sample.netdevs) {
        if (n.name != port.netdev)
            continue;
        put(QStringLiteral("rx_pause"),
            sumPrefixed(n.ethtool, QLatin1String("rx_prio"), QLatin1String("_pause")));
        put(QStringLiteral("tx_pause"),
            sumPrefixed(n.ethtool, QLatin1String("tx_prio"), QLatin1String("_pause")));
    }
    return now;
}

void NicRateTracker::addClockMeasurement(double offsetMs, double rttMs)
{
    m_clock.append({offsetMs, rttMs});
    if (m_clock.size() > 8)
        m_clock.removeFirst();
}

std::optional<quint64> nicCounter(const agentproto::AgentSample &sample,
                                  const agentproto::RdmaPortSample &port, model::Metric metric)
{
    const QLatin1String spec(model::metricInfo(metric).nicSource);
    const qsizetype colon = spec.indexOf(QLatin1Char(':'));
    if (colon < 0)
        return std::nullopt;
    const QLatin1String kind = spec.left(colon), name = spec.mid(colon + 1);
    auto exact = [&name](const QMap<QString, quint64> &m) -> std::optional<quint64> {
        const auto it = m.constFind(QString(name));
        return it == m.constEnd() ? std::nullopt : std::optional<quint64>(*it);
    };
    if (kind == QLatin1String("hw"))
        return exact(port.hwCounters);
    if (kind == QLatin1String("port"))
        return exact(port.counters);
    if (kind == QLatin1String("ethtool")) {
        for (const agentproto::NetdevSample &n : sample.netdevs) {
            if (n.name != port.netdev)
                continue;
            // "rx_prio*_pause": the family summed over its priorities.
            const qsizetype star = name.indexOf(QLatin1Char('*'));
            if (star < 0)
                return exact(n.ethtool);
            return sumPrefixed(n.ethtool, name.left(star), name.mid(star + 1));
        }
    }
    return std::nullopt;
}

model::SourceFrame NicRateTracker::update(const agentproto::AgentSample &sample, qint64 arrivedMs)
{
    // The sample's time on the console clock: the agent's own time, corrected by the best
    // clock estimate (shortest round trip), but never later than its arrival.
    std::optional<ClockMeasurement> clock;
    for (const ClockMeasurement &c : std::as_const(m_clock)) {
        if (!clock || c.rttMs < clock->rttMs)
            clock = c;
    }
    qint64 receivedMs = arrivedMs;
    if (clock && sample.wallMs > 0)
        receivedMs = std::min(arrivedMs, sample.wallMs - qint64(std::llround(clock->offsetMs)));
    model::SourceFrame u;
    u.source = sample.hostname;
    u.takenMs = receivedMs;
    for (const agentproto::RdmaDeviceSample &d : sample.devices) {
        for (const agentproto::RdmaPortSample &p : d.ports) {
            model::PortSample row;
            row.id = model::PortId::nicPort(sample.hostname, d.name);
            row.peer = p.netdev;
            row.state
                = p.state == QLatin1String("ACTIVE") ? QStringLiteral("up") : p.state.toLower();
            Last now {receivedMs, {}};
            for (const model::MetricInfo &m : model::metrics())
                if (m.nicSource[0] != '\0')
                    now.values[std::size_t(m.id)] = nicCounter(sample, p, m.id);
            const auto it = m_last.constFind(row.name());
            if (it != m_last.constEnd() && receivedMs > it->ms) {
                const double seconds = double(receivedMs - it->ms) / 1000.0;
                const double lineBits = p.rateGbps.value_or(0) * 1e9;
                for (const model::MetricInfo &m : model::metrics()) {
                    const std::size_t i = std::size_t(m.id);
                    if (!now.values[i] || !it->values[i])
                        continue;
                    const double bound = m.bound == model::Bound::Bytes ? lineBits / 8
                        : m.bound == model::Bound::Packets              ? lineBits / ((64 + 20) * 8)
                                                                        : 0;
                    const auto delta
                        = model::counterDelta(*it->values[i], *now.values[i], seconds, bound);
                    if (!delta) {
                        row.resets.append(model::counterName(m.nicSource));
                        continue;
                    }
                    row.set(m.id, double(*delta) / seconds * m.sourceScale);
                }
                for (const model::MetricInfo &m : model::metrics()) {
                    if (m.utilizationOf == model::Metric::Count || lineBits <= 0)
                        continue;
                    if (const auto bits = row.value(m.utilizationOf))
                        row.set(m.id, model::utilizationPercent(*bits, lineBits));
                }
            }
            if (clock) {
                row.clockOffsetMs = clock->offsetMs;
                row.clockRttMs = clock->rttMs;
            }
            m_last.insert(row.name(), now);
            u.ports.append(row);
        }
    }
    return u;
}

}  // namespace roce::monitor
