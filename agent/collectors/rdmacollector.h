#pragma once

#include "collectors/collector.h"
#include "collectors/sysfs.h"

#include <QElapsedTimer>
#include <QHash>

#include <memory>

namespace roce::agent {

/// RDMA devices and ports from sysfs (`class/infiniband`), enriched with libibverbs
/// (port state, active MTU, link layer) when the root is the live /sys: libibverbs decides
/// which devices exist; when it finds none, sysfs alone does, and the sample says which.
class RdmaCollector final : public Collector
{
public:
    /// @p useVerbs: ask libibverbs (only meaningful when @p tree is the real /sys).
    RdmaCollector(SysfsTree tree, bool useVerbs);
    ~RdmaCollector() override;
    QString name() const override { return QStringLiteral("rdma"); }
    Result<void> update(agentproto::AgentSample &sample) override;

private:
    struct PortCache;
    PortCache &cacheFor(const QString &device, int port);
    void refreshSlowFacts(const QString &device, int port, agentproto::RdmaPortSample &out,
                          PortCache &cache);

    void refreshDevices();

    SysfsTree m_tree;
    bool m_useVerbs;
    int m_samples = 0;
    QElapsedTimer m_clock;
    qint64 m_lastDeviceRefresh = -1;
    QString m_deviceSource;
    QString m_verbsError;
    QList<agentproto::RdmaDeviceSample> m_devices;  ///< identity and port list, refreshed slowly
    QHash<QString, QList<int>> m_verbsMtu;  ///< device -> active MTU per port (index port-1)
    QHash<QString, std::shared_ptr<PortCache>> m_ports;
    QHash<QString, std::shared_ptr<CounterDirectory>> m_deviceCounters;
};

/// "25 Gb/sec (1X EDR)" -> 25; "2.5 Gb/sec (1X SDR)" -> 2.5; "10 Gb/sec (4X)" -> 10.
std::optional<double> parseRateGbps(const QString &rate);

}  // namespace roce::agent
