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
        NetdevSample n;
        n.name = name;
        bool ok = false;
        const int mtu = m_tree.read(base + QStringLiteral("mtu")).value_or(QString()).toInt(&ok);
        if (ok)
            n.mtu = mtu;
        n.operState = m_tree.read(base + QStringLiteral("operstate")).value_or(QString());
        n.address = m_tree.read(base + QStringLiteral("address")).value_or(QString());
        auto &stats = m_statistics[name];
        if (!stats)
            stats = std::make_shared<CounterDirectory>(
                m_tree.path(base + QStringLiteral("statistics")));
        stats->read(n.statistics);
        readAttributes(m_tree, base + QStringLiteral("ecn/roce_np"), n.ecnNp);
        readAttributes(m_tree, base + QStringLiteral("ecn/roce_rp"), n.ecnRp);
        readAttributes(m_tree, base + QStringLiteral("qos"), n.qos);
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
    sample.host.insert(QStringLiteral("kernel"), QSysInfo::kernelVersion());
    sample.host.insert(QStringLiteral("os"), QSysInfo::prettyProductName());
    if (const auto g
        = m_tree.read(QStringLiteral("devices/system/cpu/cpu0/cpufreq/scaling_governor")))
        sample.host.insert(QStringLiteral("cpu_governor"), *g);
    return {};
}

}  // namespace roce::agent
