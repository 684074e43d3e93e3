#include "monitor/nicrates.h"

#include "nxapi/switchrates.h"

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

SwitchUpdate NicRateTracker::update(const agentproto::AgentSample &sample, qint64 arrivedMs)
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
    SwitchUpdate u;
    u.switchName = sample.hostname;
    u.takenMs = receivedMs;
    for (const agentproto::RdmaDeviceSample &d : sample.devices) {
        for (const agentproto::RdmaPortSample &p : d.ports) {
            PortRow row;
            row.nic = true;
            row.name = sample.hostname + QLatin1Char('/') + d.name;
            row.peer = p.netdev;
            row.state
                = p.state == QLatin1String("ACTIVE") ? QStringLiteral("up") : p.state.toLower();
            const QHash<QString, quint64> now = nicCounters(sample, p);
            const auto it = m_last.constFind(row.name);
            if (it != m_last.constEnd() && receivedMs > it->ms) {
                const double seconds = double(receivedMs - it->ms) / 1000.0;
                const double lineBits = p.rateGbps.value_or(0) * 1e9;
                auto rate = [&](const QString &key, double maxPerSecond) -> std::optional<double> {
                    if (!now.contains(key) || !it->values.contains(key))
                        return std::nullopt;
                    const auto delta = nxapi::counterDelta(it->values.value(key), now.value(key),
                                                           seconds, maxPerSecond);
                    if (!delta) {
                        row.resets.append(key);
                        return std::nullopt;
                    }
                    return double(*delta) / seconds;
                };
                const double maxPkts = lineBits / ((64 + 20) * 8);
                if (const auto rx = rate(QStringLiteral("rx_bytes"), lineBits / 8))
                    row.inBitsPerSec = *rx * 8;
                if (const auto tx = rate(QStringLiteral("tx_bytes"), lineBits / 8))
                    row.outBitsPerSec = *tx * 8;
                if (lineBits > 0 && row.inBitsPerSec)
                    row.inUtilPercent = *row.inBitsPerSec / lineBits * 100;
                if (lineBits > 0 && row.outBitsPerSec)
                    row.outUtilPercent = *row.outBitsPerSec / lineBits * 100;
                row.ecnPerSec = rate(QStringLiteral("ecn"), maxPkts);
                row.cnpSentPerSec = rate(QStringLiteral("cnp_sent"), maxPkts);
                row.cnpHandledPerSec = rate(QStringLiteral("cnp_handled"), maxPkts);
                row.cnpIgnoredPerSec = rate(QStringLiteral("cnp_ignored"), maxPkts);
                row.outOfSequencePerSec = rate(QStringLiteral("oos"), maxPkts);
                row.rxPausesPerSec = rate(QStringLiteral("rx_pause"), maxPkts);
                row.txPausesPerSec = rate(QStringLiteral("tx_pause"), maxPkts);
            }
            if (clock) {
                row.clockOffsetMs = clock->offsetMs;
                row.clockRttMs = clock->rttMs;
            }
            m_last.insert(row.name, Last {receivedMs, now});
            u.ports.append(row);
        }
    }
    return u;
}

}  // namespace roce::monitor
