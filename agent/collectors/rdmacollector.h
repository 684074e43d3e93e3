#pragma once

#include "collectors/collector.h"
#include "collectors/sysfs.h"

#include <QElapsedTimer>

#include <memory>
#include <vector>

namespace roce::agent {

/// RDMA devices and ports from sysfs (`class/infiniband`), enriched with libibverbs
/// (port state, active MTU, link layer) when the root is the live /sys: libibverbs decides
/// which devices exist; when it finds none, sysfs alone does, and the sample says which.
///
/// Every file a sample reads stays open between samples. The device and port directories are
/// listed every @p relistMs (and at once after a read finds a file gone) to notice hot-plug;
/// identities, GID tables and libibverbs are read again every 10 s.
class RdmaCollector final : public Collector
{
public:
    /// @p useVerbs: ask libibverbs (only meaningful when @p tree is the real /sys).
    /// @p relistMs: how often to look for added or removed devices and ports (0: every sample).
    RdmaCollector(SysfsTree tree, bool useVerbs, qint64 relistMs = 1000);
    ~RdmaCollector() override;
    QString name() const override { return QStringLiteral("rdma"); }
    Result<void> update(agentproto::AgentSample &sample) override;

private:
    struct Port;
    struct Device;
    void refreshDevices();
    bool layoutChanged() const;
    void readPort(Port &port, const Device &device, agentproto::RdmaPortSample &p);
    void refreshSlowFacts(const QString &device, Port &port);

    SysfsTree m_tree;
    bool m_useVerbs;
    qint64 m_relistMs;
    QElapsedTimer m_clock;
    qint64 m_lastDeviceRefresh = -1;
    qint64 m_lastRelist = -1;
    bool m_relistNow = false;  ///< a file vanished: look at the directories next sample
    QString m_deviceSource;
    QString m_verbsError;
    std::vector<std::unique_ptr<Device>> m_devices;
    /// What sysfs listed at the last refresh: class/infiniband, and each of those devices' ports.
    QStringList m_listedDevices;
    QList<QStringList> m_listedPorts;
};

/// "25 Gb/sec (1X EDR)" -> 25; "2.5 Gb/sec (1X SDR)" -> 2.5; "10 Gb/sec (4X)" -> 10.
std::optional<double> parseRateGbps(const QString &rate);

}  // namespace roce::agent
