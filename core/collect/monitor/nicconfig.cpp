#include "collect/monitor/nicconfig.h"

#include <QJsonArray>

namespace roce::monitor {

namespace {

/// The priorities "enable/<prio>" = 1 of an ecn/roce_np or roce_rp directory; null when the
/// directory holds no enable file at all (unknown).
QJsonValue enabledPriorities(const QMap<QString, QString> &attributes)
{
    QJsonArray enabled;
    bool any = false;
    for (int prio = 0; prio < 8; ++prio) {
        const auto it = attributes.constFind(QStringLiteral("enable/") + QString::number(prio));
        if (it == attributes.constEnd())
            continue;
        any = true;
        if (it->trimmed() == QLatin1String("1"))
            enabled.append(prio);
    }
    return any ? QJsonValue(enabled) : QJsonValue();
}

QJsonObject filesOf(const QMap<QString, QString> &files)
{
    QJsonObject out;
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        out.insert(it.key(), it.value().trimmed());
    return out;
}

}  // namespace

QJsonObject nicConfigFromSample(const agentproto::AgentSample &sample)
{
    QHash<QString, const agentproto::NetdevSample *> netdevs;
    for (const agentproto::NetdevSample &n : sample.netdevs)
        netdevs.insert(n.name, &n);
    QJsonArray nics;
    for (const agentproto::RdmaDeviceSample &d : sample.devices) {
        for (const agentproto::RdmaPortSample &p : d.ports) {
            QJsonObject nic {{QStringLiteral("device"), d.name},
                             {QStringLiteral("netdev"), p.netdev}};
            if (p.activeMtu)
                nic.insert(QStringLiteral("active_mtu"), *p.activeMtu);
            const agentproto::NetdevSample *n = netdevs.value(p.netdev);
            if (n) {
                if (n->mtu)
                    nic.insert(QStringLiteral("mtu"), *n->mtu);
                const QJsonValue np = enabledPriorities(n->ecnNp);
                if (!np.isNull())
                    nic.insert(QStringLiteral("ecn_np"), np);
                const QJsonValue rp = enabledPriorities(n->ecnRp);
                if (!rp.isNull())
                    nic.insert(QStringLiteral("ecn_rp"), rp);
                bool ok = false;
                const int cnp = n->ecnNp.value(QStringLiteral("cnp_dscp")).toInt(&ok);
                if (ok)
                    nic.insert(QStringLiteral("cnp_dscp"), cnp);
                // Every congestion-control file as read: what a model of the NIC's DCQCN
                // (the what-if twin) is built from.
                if (!n->ecnNp.isEmpty())
                    nic.insert(QStringLiteral("roce_np"), filesOf(n->ecnNp));
                if (!n->ecnRp.isEmpty())
                    nic.insert(QStringLiteral("roce_rp"), filesOf(n->ecnRp));
            }
            nics.append(nic);
        }
    }
    QJsonObject facts {{QStringLiteral("host"), sample.hostname}, {QStringLiteral("nics"), nics}};
    const QString governor = sample.host.value(QStringLiteral("cpu_governor"));
    if (!governor.isEmpty())
        facts.insert(QStringLiteral("cpu_governor"), governor);
    return facts;
}

}  // namespace roce::monitor
