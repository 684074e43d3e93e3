#include "sampler.h"

#include "collectors/netdevcollector.h"
#include "collectors/rdmacollector.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHostInfo>

#include <ctime>

namespace roce::agent {

Sampler::Sampler(SamplerOptions options) : m_options(std::move(options))
{
    const SysfsTree tree(m_options.sysfsRoot);
    // libibverbs reads the live /sys; with a fixture root it would describe another machine.
    const bool liveSysfs = tree.root() == QLatin1String("/sys");
    m_collectors.push_back(
        std::make_unique<RdmaCollector>(tree, liveSysfs, 1000, m_options.counters));
    std::unique_ptr<EthtoolSource> ethtool;
    if (!m_options.ethtoolFixtureDir.isEmpty())
        ethtool = std::make_unique<FixtureEthtoolSource>(m_options.ethtoolFixtureDir);
    else if (liveSysfs)
        ethtool = std::make_unique<IoctlEthtoolSource>();
    m_collectors.push_back(
        std::make_unique<NetdevCollector>(tree, std::move(ethtool), m_options.extraNetdevs));
    m_collectors.push_back(std::make_unique<HostCollector>(tree));
    if (m_options.hostname.isEmpty())
        m_options.hostname = QHostInfo::localHostName();
}

Sampler::~Sampler() = default;

agentproto::AgentSample Sampler::sample()
{
    agentproto::AgentSample s;
    s.hostname = m_options.hostname;
    timespec ts {};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    s.monotonicNs = qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
    s.wallMs = QDateTime::currentMSecsSinceEpoch();
    for (const auto &c : m_collectors) {
        QElapsedTimer timer;
        timer.start();
        const auto result = c->update(s);
        agentproto::CollectorStatus status;
        status.name = c->name();
        status.success = result.ok();
        status.durationUs = timer.nsecsElapsed() / 1000;
        if (!result.ok())
            status.error = result.error().message;
        s.collectors.append(status);
    }
    return s;
}

}  // namespace roce::agent
