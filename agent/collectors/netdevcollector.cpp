#include "collectors/netdevcollector.h"

#include <QCoreApplication>
#include <QSysInfo>

#include <algorithm>
#include <numeric>

namespace roce::agent {

using namespace roce::agentproto;

namespace {
class NetdevCollectorText
{
    Q_DECLARE_TR_FUNCTIONS(NetdevCollectorText)
};

/// Reads every attribute under @p dir (one level of subdirectories, e.g. enable/<prio>)
/// into "name" or "subdir/name" keys.
void readAttributes(const SysfsTree &tree, const QString &dir, QMap<QString, QString> &out)
{
    for (const QString &entry : tree.list(dir)) {
        const QString rel = dir + QLatin1Char('/') + entry;
        const QStringList children = tree.list(rel);
        if (!children.isEmpty()) {
            for (const QString &child : children) {
                if (const auto v = tree.read(rel + QLatin1Char('/') + child))
                    out.insert(entry + QLatin1Char('/') + child, *v);
            }
        } else if (const auto v = tree.read(rel)) {
            out.insert(entry, *v);
        }
    }
}
}  // namespace

NetdevCollector::NetdevCollector(SysfsTree tree, std::unique_ptr<EthtoolSource> ethtool,
                                 QStringList extraNetdevs)
    : m_tree(std::move(tree)), m_ethtool(std::move(ethtool)), m_extra(std::move(extraNetdevs))
{ }

QMap<QString, quint64> NetdevCollector::ethtoolMap(NetdevCache &cache, const EthtoolStats &stats)
{
    bool same = qsizetype(cache.ethtoolNames.size()) == stats.size();
    for (qsizetype i = 0; same && i < stats.size(); ++i)
        same = cache.ethtoolNames[i] == stats[i].first;
    if (!same) {
        cache.ethtoolNames.clear();
        for (const auto &stat : stats)
            cache.ethtoolNames.append(stat.first);
        std::vector<int> order(std::size_t(stats.size()));
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return cache.ethtoolNames[a] < cache.ethtoolNames[b];
        });
        std::vector<QString> keys;
        cache.ethtoolSlots.assign(order.size(), 0);
        for (int i : order) {
            if (keys.empty() || keys.back() != cache.ethtoolNames[i])
                keys.push_back(cache.ethtoolNames[i]);
            cache.ethtoolSlots[std::size_t(i)] = int(keys.size()) - 1;
        }
        cache.ethtoolValues.assign(keys.size(), 0);
        cache.ethtoolPresent.assign(keys.size(), 1);
        cache.ethtoolMaps.setKeys(std::move(keys));
    }
    // In the source's order: of two equal names the later one wins, as a map insertion would.
    for (qsizetype i = 0; i < stats.size(); ++i)
        cache.ethtoolValues[std::size_t(cache.ethtoolSlots[std::size_t(i)])] = stats[i].second;
    return cache.ethtoolMaps.publish(cache.ethtoolValues, cache.ethtoolPresent);
}

Result<void> NetdevCollector::update(AgentSample &sample)
{
    ++m_samples;
    QStringList names = m_extra;
    for (const RdmaDeviceSample &d : std::as_const(sample.devices)) {
        for (const RdmaPortSample &p : d.ports) {
            if (!p.netdev.isEmpty() && !names.contains(p.netdev))
                names.append(p.netdev);
        }
    }
    QStringList errors;
    sample.netdevs.reserve(sample.netdevs.size() + names.size());
    for (const QString &name : std::as_const(names)) {
        auto &cache = m_cache[name];
        if (!cache) {
            cache = std::make_shared<NetdevCache>();
            cache->base = QStringLiteral("class/net/") + name + QLatin1Char('/');
            const QString abs = m_tree.path(cache->base);
            cache->mtu = std::make_unique<AttributeFile>(abs + QStringLiteral("mtu"));
            cache->operState = std::make_unique<AttributeFile>(abs + QStringLiteral("operstate"));
            cache->statistics
                = std::make_unique<CounterFiles>(QStringList {abs + QStringLiteral("statistics")});
        }
        const QString &base = cache->base;
        // Address and DCQCN/QoS settings change rarely: read them every 50 samples.
        if (m_samples - cache->lastSlowRefresh >= 50) {
            cache->lastSlowRefresh = m_samples;
            cache->address = m_tree.read(base + QStringLiteral("address")).value_or(QString());
            cache->ecnNp.clear();
            cache->ecnRp.clear();
            cache->qos.clear();
            readAttributes(m_tree, base + QStringLiteral("ecn/roce_np"), cache->ecnNp);
            readAttributes(m_tree, base + QStringLiteral("ecn/roce_rp"), cache->ecnRp);
            readAttributes(m_tree, base + QStringLiteral("qos"), cache->qos);
        }
        sample.netdevs.emplace_back();
        NetdevSample &n = sample.netdevs.back();
        n.name = name;
        const auto mtu = cache->mtu->read();
        if (cache->mtu->generation() != cache->mtuGeneration) {
            cache->mtuGeneration = cache->mtu->generation();
            bool ok = false;
            const int value = mtu.value_or(QString()).toInt(&ok);
            cache->mtuValue = ok ? std::optional<int>(value) : std::nullopt;
        }
        n.mtu = cache->mtuValue;
        n.operState = cache->operState->read().value_or(QString());
        n.address = cache->address;
        n.statistics = cache->statistics->read();
        n.ecnNp = cache->ecnNp;
        n.ecnRp = cache->ecnRp;
        n.qos = cache->qos;
        if (m_ethtool) {
            n.ethtoolSource = m_ethtool->kind();
            const auto ethtool = m_ethtool->read(name);
            if (ethtool) {
                n.ethtool = ethtoolMap(*cache, *ethtool);
            } else {
                n.ethtoolSource = QStringLiteral("unavailable");
                n.ethtoolError = ethtool.error().message;
                errors.append(ethtool.error().message);
            }
        } else {
            n.ethtoolSource = QStringLiteral("unavailable");
        }
    }
    if (!errors.isEmpty())
        return makeError(ErrorCode::Io, errors.join(QStringLiteral("; ")));
    return {};
}

HostCollector::HostCollector(SysfsTree tree) : m_tree(std::move(tree))
{ }

Result<void> HostCollector::update(AgentSample &sample)
{
    if (m_samples++ % 50 == 0) {
        m_facts.clear();
        m_facts.insert(QStringLiteral("kernel"), QSysInfo::kernelVersion());
        m_facts.insert(QStringLiteral("os"), QSysInfo::prettyProductName());
        if (const auto g
            = m_tree.read(QStringLiteral("devices/system/cpu/cpu0/cpufreq/scaling_governor")))
            m_facts.insert(QStringLiteral("cpu_governor"), *g);
    }
    sample.host = m_facts;
    return {};
}

}  // namespace roce::agent
