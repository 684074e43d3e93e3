#include "live/experiments/fabricwatch.h"

#include "collect/monitor/nicrates.h"
#include "nxapi/rates/switchrates.h"

#include <QJsonArray>

#include <algorithm>

namespace roce::experiments {

void FabricWatch::add(const agentproto::AgentSample &sample, qint64 receivedMs)
{
    Reading r;
    r.ms = receivedMs;
    for (const agentproto::RdmaDeviceSample &d : sample.devices) {
        for (const agentproto::RdmaPortSample &p : d.ports) {
            r.ports.insert(sample.hostname + QLatin1Char('/') + d.name + QLatin1Char('/')
                               + QString::number(p.port),
                           monitor::nicCounters(sample, d, p));
        }
    }
    auto it = m_hosts.find(sample.hostname);
    if (it == m_hosts.end())
        m_hosts.insert(sample.hostname, Host {r, r});
    else
        it->last = std::move(r);
}

bool FabricWatch::allSampledSince(qint64 ms) const
{
    return std::all_of(m_hosts.cbegin(), m_hosts.cend(),
                       [ms](const Host &h) { return h.last.ms >= ms; });
}

QJsonObject FabricWatch::summary() const
{
    QHash<QString, qint64> totals;
    QJsonObject ports;
    QJsonArray resets;
    double seconds = 0;
    for (const Host &h : m_hosts) {
        const double s = double(h.last.ms - h.first.ms) / 1000.0;
        seconds = std::max(seconds, s);
        for (auto p = h.last.ports.cbegin(); p != h.last.ports.cend(); ++p) {
            const auto before = h.first.ports.constFind(p.key());
            if (before == h.first.ports.cend())
                continue;
            QJsonObject port;
            for (auto c = p->cbegin(); c != p->cend(); ++c) {
                const auto old = before->constFind(c.key());
                if (old == before->cend())
                    continue;
                const auto delta = model::counterDelta(*old, c.value(), std::max(s, 0.001), 0);
                if (!delta) {
                    resets.append(QString(p.key() + QLatin1Char(':') + c.key()));
                    continue;
                }
                port.insert(c.key(), double(*delta));
                totals[c.key()] += qint64(*delta);
            }
            ports.insert(p.key(), port);
        }
    }
    QJsonObject total;
    for (auto it = totals.cbegin(); it != totals.cend(); ++it)
        total.insert(it.key(), double(it.value()));
    QJsonObject o {{QStringLiteral("seconds"), seconds},
                   {QStringLiteral("totals"), total},
                   {QStringLiteral("ports"), ports}};
    if (!resets.isEmpty())
        o.insert(QStringLiteral("resets"), resets);
    return o;
}

}  // namespace roce::experiments
