#include "agentoptions.h"

#include "common/versions.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

namespace roce::agent {

namespace {
class AgentOptionsText
{
    Q_DECLARE_TR_FUNCTIONS(AgentOptionsText)
};
}  // namespace

AgentParse parseAgentOptions(const QStringList &argv)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(AgentOptionsText::tr(
        "roce-agent: RDMA host agent of RoCE Fabric Console. Enumerates RDMA devices, "
        "samples NIC counters and runs perftest, iperf3, sockperf and training jobs for "
        "the console."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    const QCommandLineOption sysfs(
        QStringLiteral("sysfs-root"),
        AgentOptionsText::tr("Root of the sysfs tree to read (default /sys)."),
        AgentOptionsText::tr("dir"), QStringLiteral("/sys"));
    const QCommandLineOption list(
        QStringLiteral("list-devices"),
        AgentOptionsText::tr("Print the RDMA devices libibverbs finds, then exit."));
    const QCommandLineOption once(
        QStringLiteral("once"),
        AgentOptionsText::tr("Take one sample of every device and port, print it and exit."));
    const QCommandLineOption json(QStringLiteral("json"),
                                  AgentOptionsText::tr("With --once: print JSON."));
    const QCommandLineOption prometheus(
        QStringLiteral("prometheus"),
        AgentOptionsText::tr("With --once: print the Prometheus /metrics text."));
    const QCommandLineOption ethtoolFixture(
        QStringLiteral("ethtool-fixture"),
        AgentOptionsText::tr("Read ethtool statistics from saved 'ethtool -S' files "
                             "named after each netdev in <dir> (tests, no NIC)."),
        AgentOptionsText::tr("dir"));
    const QCommandLineOption netdev(QStringLiteral("netdev"),
                                    AgentOptionsText::tr("Also sample this netdev (repeatable)."),
                                    AgentOptionsText::tr("name"));
    const QCommandLineOption hostname(
        QStringLiteral("hostname"),
        AgentOptionsText::tr("Host name to report (default: this host's)."),
        AgentOptionsText::tr("name"));
    parser.addOption(sysfs);
    parser.addOption(list);
    parser.addOptions({once, json, prometheus, ethtoolFixture, netdev, hostname});

    AgentParse result;
    QTextStream err(stderr);
    if (!parser.parse(argv)) {
        err << parser.errorText() << QLatin1Char('\n');
        result.exitCode = 2;
        return result;
    }
    if (parser.isSet(help)) {
        QTextStream(stdout) << parser.helpText();
        return result;
    }
    if (parser.isSet(version)) {
        QTextStream(stdout) << QLatin1String("roce-agent ") << applicationVersion()
                            << QLatin1Char('\n');
        return result;
    }
    if (!parser.positionalArguments().isEmpty()) {
        err << AgentOptionsText::tr("roce-agent: unexpected argument '%1'")
                   .arg(parser.positionalArguments().first())
            << QLatin1Char('\n');
        result.exitCode = 2;
        return result;
    }
    AgentOptions options;
    options.sysfsRoot = parser.value(sysfs);
    options.listDevices = parser.isSet(list);
    options.once = parser.isSet(once);
    options.json = parser.isSet(json);
    options.prometheus = parser.isSet(prometheus);
    options.ethtoolFixtureDir = parser.value(ethtoolFixture);
    options.netdevs = parser.values(netdev);
    options.hostname = parser.value(hostname);
    if (options.once && options.json == options.prometheus) {
        err << AgentOptionsText::tr(
            "roce-agent: --once needs exactly one of --json or --prometheus")
            << QLatin1Char('\n');
        result.exitCode = 2;
        return result;
    }
    result.options = options;
    return result;
}

}  // namespace roce::agent
