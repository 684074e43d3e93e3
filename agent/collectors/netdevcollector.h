#pragma once

#include "collectors/collector.h"
#include "collectors/ethtoolsource.h"
#include "collectors/sysfs.h"

#include <QHash>

#include <memory>

namespace roce::agent {

/// The RoCE netdevs (those the RDMA ports name, plus any configured): MTU, state,
/// `statistics/`, ethtool counters and the DCQCN/QoS settings sysfs exposes.
class NetdevCollector final : public Collector
{
public:
    NetdevCollector(SysfsTree tree, std::unique_ptr<EthtoolSource> ethtool,
                    QStringList extraNetdevs = {});
    QString name() const override { return QStringLiteral("netdev"); }
    Result<void> update(agentproto::AgentSample &sample) override;

private:
    struct NetdevCache {
        QString base;  ///< class/net/<name>/
        std::unique_ptr<AttributeFile> mtu, operState;
        quint64 mtuGeneration = ~quint64(0);
        std::optional<int> mtuValue;
        std::unique_ptr<CounterFiles> statistics;
        QString address;
        QMap<QString, QString> ecnNp, ecnRp, qos;
        int lastSlowRefresh = -1000000;
        // ethtool names in the order the source gives them, and where each goes in the
        // sorted map; rebuilt only when the names change (PFC reconfigured, driver reload).
        QStringList ethtoolNames;
        std::vector<int> ethtoolSlots;
        std::vector<quint64> ethtoolValues;
        std::vector<char> ethtoolPresent;
        CounterMapBuffers ethtoolMaps;
    };
    QMap<QString, quint64> ethtoolMap(NetdevCache &cache, const EthtoolStats &stats);
    SysfsTree m_tree;
    std::unique_ptr<EthtoolSource> m_ethtool;
    QStringList m_extra;
    int m_samples = 0;
    QHash<QString, std::shared_ptr<NetdevCache>> m_cache;
};

/// Host facts: hostname, kernel, CPU frequency governor (cpu0).
class HostCollector final : public Collector
{
public:
    explicit HostCollector(SysfsTree tree);
    QString name() const override { return QStringLiteral("host"); }
    Result<void> update(agentproto::AgentSample &sample) override;

private:
    SysfsTree m_tree;
    int m_samples = 0;
    QMap<QString, QString> m_facts;
};

}  // namespace roce::agent
