#include "collect/ssh/sshcollector.h"

#include "collect/ssh/sshtext.h"
#include "proto/parsers/ethtoolparser.h"
#include "proto/parsers/rdmastatparser.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QSet>

#include <chrono>

namespace roce::ssh {

using agentproto::AgentSample;
using agentproto::CollectorStatus;

SshCollector::SshCollector(SshSession &session, SshCollectorOptions options)
    : m_session(session), m_options(std::move(options))
{ }

QString SshCollector::command(const QString &tool) const
{
    // LC_ALL=C: the tools' text output is parsed, it must not be translated.
    QString prefix = QStringLiteral("LC_ALL=C ");
    if (!m_options.pathPrefix.isEmpty())
        prefix += QStringLiteral("PATH=%1:\"$PATH\" ").arg(shellQuote(m_options.pathPrefix));
    return prefix + tool;
}

Result<QByteArray> SshCollector::runTool(const QString &tool, CollectorStatus &status)
{
    QElapsedTimer clock;
    clock.start();
    auto out = m_session.run(command(tool), m_options.commandTimeoutMs);
    status.durationUs += clock.nsecsElapsed() / 1000;
    if (!out) {
        status.success = false;
        status.error = out.error().message;
    }
    return out;
}

Result<AgentSample> SshCollector::collect()
{
    AgentSample sample;
    sample.wallMs = QDateTime::currentMSecsSinceEpoch();
    sample.monotonicNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
                             std::chrono::steady_clock::now().time_since_epoch())
                             .count();
    sample.deviceSource = QStringLiteral("ssh-rdma-tool");
    CollectorStatus rdma {QStringLiteral("ssh-rdma"), true, 0, {}};
    CollectorStatus ethtool {QStringLiteral("ssh-ethtool"), true, 0, {}};

    if (m_hostname.isEmpty()) {
        auto host = runTool(QStringLiteral("uname -n"), rdma);
        if (!host)
            return host.error();
        m_hostname = QString::fromUtf8(host->trimmed());
    }
    sample.hostname = m_hostname;

    // `rdma -j` first (exact keys); iproute2 builds without JSON fall back to the text forms,
    // which the parser reads by tokens whatever the version's layout.
    QList<parsers::RdmaLinkInfo> links;
    QList<parsers::RdmaLinkCounters> stats;
    if (m_json.value_or(true)) {
        auto linkJson = runTool(QStringLiteral("rdma -j link show"), rdma);
        if (!linkJson && linkJson.error().code == ErrorCode::NotFound)
            return linkJson.error();
        auto parsedLinks = linkJson ? parsers::parseRdmaLinkJson(*linkJson)
                                    : Result<QList<parsers::RdmaLinkInfo>>(linkJson.error());
        auto statJson = parsedLinks ? runTool(QStringLiteral("rdma -j statistic show"), rdma)
                                    : Result<QByteArray>(parsedLinks.error());
        auto parsedStats = statJson ? parsers::parseRdmaStatisticJson(*statJson)
                                    : Result<QList<parsers::RdmaLinkCounters>>(statJson.error());
        // A negative counter is a real answer (old iproute2), not a missing -j.
        if (!parsedStats && parsedStats.error().message.contains(QLatin1String("negative")))
            return makeError(parsedStats.error().code,
                             m_session.displayName() + QStringLiteral(": ")
                                 + parsedStats.error().message);
        m_json = parsedLinks.ok() && parsedStats.ok();
        if (*m_json) {
            links = *parsedLinks;
            stats = *parsedStats;
        }
        rdma.success = true;
        rdma.error.clear();
    }
    if (!*m_json) {
        auto linkText = runTool(QStringLiteral("rdma link show"), rdma);
        if (!linkText)
            return linkText.error();
        auto parsedLinks = parsers::parseRdmaLink(QString::fromUtf8(*linkText));
        if (!parsedLinks)
            return makeError(parsedLinks.error().code,
                             m_session.displayName() + QStringLiteral(": ")
                                 + (parsedLinks.error().message));
        auto statText = runTool(QStringLiteral("rdma statistic show"), rdma);
        if (!statText)
            return statText.error();
        auto parsedStats = parsers::parseRdmaStatistic(QString::fromUtf8(*statText));
        if (!parsedStats)
            return makeError(parsedStats.error().code,
                             m_session.displayName() + QStringLiteral(": ")
                                 + (parsedStats.error().message));
        links = *parsedLinks;
        stats = *parsedStats;
    }
    if (links.isEmpty())
        return makeError(ErrorCode::NotFound,
                         SshText::tr("%1 has no RDMA ports (\"rdma link show\" lists none). Load "
                                     "the RDMA driver (mlx5_ib, rdma_rxe) on the host.")
                             .arg(m_session.displayName()));

    QStringList netdevs;
    for (const parsers::RdmaLinkInfo &link : std::as_const(links)) {
        agentproto::RdmaDeviceSample *device = nullptr;
        for (auto &d : sample.devices) {
            if (d.name == link.device)
                device = &d;
        }
        if (!device) {
            sample.devices.append(agentproto::RdmaDeviceSample {});
            device = &sample.devices.last();
            device->name = link.device;
        }
        agentproto::RdmaPortSample port;
        port.port = link.port;
        port.state = link.state;
        port.physState = link.physicalState;
        port.netdev = link.netdev;
        for (const parsers::RdmaLinkCounters &s : std::as_const(stats)) {
            if (s.device == link.device && s.port == link.port)
                port.hwCounters = s.counters;
        }
        device->ports.append(port);
        if (!link.netdev.isEmpty() && !netdevs.contains(link.netdev))
            netdevs.append(link.netdev);
    }

    for (const QString &name : std::as_const(netdevs)) {
        auto text = runTool(QStringLiteral("ethtool -S %1").arg(shellQuote(name)), ethtool);
        if (!text)
            return text.error();
        agentproto::NetdevSample netdev;
        netdev.name = name;
        netdev.ethtoolSource = QStringLiteral("ssh");
        for (const auto &[key, value] : parsers::parseEthtoolStats(QString::fromUtf8(*text)))
            netdev.ethtool.insert(key, value);
        if (netdev.ethtool.isEmpty())
            return makeError(ErrorCode::Parse,
                             SshText::tr("\"ethtool -S %1\" on %2 printed no statistics.")
                                 .arg(name, m_session.displayName()));
        sample.netdevs.append(netdev);
    }
    sample.collectors = {rdma, ethtool};
    return sample;
}

}  // namespace roce::ssh
