#pragma once

#include "collectors/collector.h"
#include "collectors/rdmanetlink.h"
#include "collectors/sysfs.h"

#include <QElapsedTimer>
#include <QHash>

#include <memory>
#include <vector>

namespace roce::agent {

/// Where ports' hardware counters are read (`roce-agent --counters`).
enum class CounterSource {
    Auto,     ///< RDMA netlink on the live kernel, sysfs where it cannot answer
    Netlink,  ///< RDMA netlink; a port it cannot answer is an error (then read from sysfs)
    Sysfs,    ///< the `hw_counters/` files, one read per counter
};
std::optional<CounterSource> parseCounterSource(const QString &text);

/// RDMA devices and ports from sysfs (`class/infiniband`), enriched with libibverbs
/// (port state, active MTU, link layer) when the root is the live /sys: libibverbs decides
/// which devices exist; when it finds none, sysfs alone does, and the sample says which.
///
/// Every file a sample reads stays open between samples. The device and port directories are
/// listed every @p relistMs (and at once after a read finds a file gone) to notice hot-plug;
/// identities, GID tables and libibverbs are read again every 10 s.
///
/// On the live kernel, ports' hardware counters come over RDMA netlink (one message a port,
/// as `rdma statistic show` reads them) unless told otherwise; the sample's `counter_source`
/// says which source gave them.
class RdmaCollector final : public Collector
{
public:
    /// @p useVerbs: ask libibverbs (only meaningful when @p tree is the real /sys).
    /// @p relistMs: how often to look for added or removed devices and ports (0: every sample).
    /// @p counters: netlink is asked only when @p useVerbs (the live kernel); a fixture tree
    /// is read from its files.
    RdmaCollector(SysfsTree tree, bool useVerbs, qint64 relistMs = 1000,
                  CounterSource counters = CounterSource::Auto);
    ~RdmaCollector() override;
    QString name() const override { return QStringLiteral("rdma"); }
    Result<void> update(agentproto::AgentSample &sample) override;

private:
    struct Port;
    struct Device;
    void refreshDevices();
    bool layoutChanged() const;
    void readPort(Port &port, const Device &device, agentproto::RdmaPortSample &p,
                  const RdmaNetlink::Query *query);
    void refreshNetlinkDevices();
    void askNetlink();
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
    // Hardware counters over netlink.
    CounterSource m_counterSource;
    std::unique_ptr<RdmaNetlink> m_netlink;
    QString m_netlinkError;  ///< why netlink is not used (or failed) this sample
    bool m_netlinkDevicesStale = true;
    QHash<QString, quint32> m_netlinkDevices;  ///< name -> kernel device index
    std::vector<RdmaNetlink::Query> m_queries;
    bool m_usedNetlink = false, m_usedSysfs = false;
    QStringList m_portErrors;  ///< netlink refusals this sample ("rxe0/1: ...")
};

/// "25 Gb/sec (1X EDR)" -> 25; "2.5 Gb/sec (1X SDR)" -> 2.5; "10 Gb/sec (4X)" -> 10.
std::optional<double> parseRateGbps(const QString &rate);

}  // namespace roce::agent
