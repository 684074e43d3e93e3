#include "collectors/netdevcollector.h"

#include <QCoreApplication>
#include <QSysInfo>

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
    for (const QString &name : std::as_const(names)) {
        const QString base = QStringLiteral("class/net/") + name + QLatin1Char('/');
        auto &cache = m_cache[name];
        if (!cache) {
            cache = std::make_shared<NetdevCache>();
            cache->mtu = std::make_unique<AttributeFile>(m_tree.path(base + QStringLiteral("mtu")));
            cache->operState
                = std::make_unique<AttributeFile>(m_tree.path(base + QStringLiteral("operstate")));
            cache->statistics = std::make_unique<CounterDirectory>(
                m_tree.path(base + QStringLiteral("statistics")));
        }
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
        NetdevSample n;
        n.name = name;
        bool ok = false;
        const int mtu = cache->mtu->read().value_or(QString()).toInt(&ok);
        if (ok)
            n.mtu = mtu;
        n.operState = cache->operState->read().value_or(QString());
        n.address = cache->address;
        cache->statistics->read(n.statistics);
        n.ecnNp = cache->ecnNp;
        n.ecnRp = cache->ecnRp;
        n.qos = cache->qos;
        if (m_ethtool) {
            n.ethtoolSource = m_ethtool->kind();
            const auto ethtool = m_ethtool->read(name);
            if (ethtool) {
                for (const auto &[key, value] : *ethtool)
                    n.ethtool.insert(key, value);
            } else {
                n.ethtoolSource = QStringLiteral("unavailable");
                n.ethtoolError = ethtool.error().message;
                errors.append(ethtool.error().message);
            }
        } else {
            n.ethtoolSource = QStringLiteral("unavailable");
        }
        sample.netdevs.append(n);
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
