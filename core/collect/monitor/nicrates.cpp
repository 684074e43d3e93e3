#include "collect/monitor/nicrates.h"

#include "proto/datamodel/counterdelta.h"
#include "proto/datamodel/nicdriver.h"

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

/// One "kind:name" source of @p port: hw_counters/, counters/ or its netdev's ethtool, '*'
/// summing a family ("rx_prio*_pause", "rx_pfc_ena_frames_pri*").
std::optional<quint64> sourceCounter(const agentproto::AgentSample &sample,
                                     const agentproto::RdmaPortSample &port, QLatin1String spec)
{
    const qsizetype colon = spec.indexOf(QLatin1Char(':'));
    if (colon < 0)
        return std::nullopt;
    const QLatin1String kind = spec.left(colon), name = spec.mid(colon + 1);
    auto read = [&name](const QMap<QString, quint64> &m) -> std::optional<quint64> {
        const qsizetype star = name.indexOf(QLatin1Char('*'));
        if (star >= 0)
            return sumPrefixed(m, name.left(star), name.mid(star + 1));
        const auto it = m.constFind(QString(name));
        return it == m.constEnd() ? std::nullopt : std::optional<quint64>(*it);
    };
    if (kind == QLatin1String("hw"))
        return read(port.hwCounters);
    if (kind == QLatin1String("port"))
        return read(port.counters);
    if (kind == QLatin1String("ethtool")) {
        for (const agentproto::NetdevSample &n : sample.netdevs) {
            if (n.name == port.netdev)
                return read(n.ethtool);
        }
    }
    return std::nullopt;
}

}  // namespace

model::NicDriver nicDriver(const agentproto::RdmaDeviceSample &device)
{
    const model::NicDriver reported = model::nicDriverFromKey(device.driver);
    return reported != model::NicDriver::Unknown ? reported
                                                 : model::nicDriverFromDeviceName(device.name);
}

QHash<QString, quint64> nicCounters(const agentproto::AgentSample &sample,
                                    const agentproto::RdmaDeviceSample &device,
                                    const agentproto::RdmaPortSample &port)
{
    const model::NicDriver driver = nicDriver(device);
    QHash<QString, quint64> now;
    for (const auto &[key, metric] : kNicCounterKeys) {
        if (const auto v = nicCounter(sample, port, QLatin1String(nicDriverSource(driver, metric))))
            now.insert(QLatin1String(key), *v);
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
                                  const agentproto::RdmaPortSample &port, QLatin1String source)
{
    // "a|b": the first alternative the host reports (a counter renamed between kernels).
    for (const QLatin1String spec : source.tokenize(QLatin1Char('|'))) {
        if (const auto v = sourceCounter(sample, port, spec))
            return v;
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
        const model::NicDriver driver = nicDriver(d);
        for (const agentproto::RdmaPortSample &p : d.ports) {
            model::PortSample row;
            row.id = model::PortId::nicPort(sample.hostname, d.name);
            row.peer = p.netdev;
            row.state
                = p.state == QLatin1String("ACTIVE") ? QStringLiteral("up") : p.state.toLower();
            Last now {receivedMs, {}};
            for (const model::MetricInfo &m : model::metrics()) {
                const char *source = nicDriverSource(driver, m.id);
                if (source[0] != '\0')
                    now.values[std::size_t(m.id)] = nicCounter(sample, p, QLatin1String(source));
            }
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
                        row.resets.append(model::counterName(nicDriverSource(driver, m.id)));
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
