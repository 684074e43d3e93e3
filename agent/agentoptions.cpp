#include "agentoptions.h"

#include "proto/common/versions.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QSettings>
#include <QTextStream>

#include <cstdio>

namespace roce::agent {

namespace {
class AgentOptionsText
{
    Q_DECLARE_TR_FUNCTIONS(AgentOptionsText)
};
}  // namespace

// NOLINTNEXTLINE(readability-function-size): predates the limit
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
    const QCommandLineOption listen(
        QStringLiteral("listen"),
        AgentOptionsText::tr(
            "Serve the agent protocol (TLS) on ADDRESS:PORT (default 0.0.0.0:18471)."),
        AgentOptionsText::tr("address:port"));
    const QCommandLineOption metrics(
        QStringLiteral("metrics"),
        AgentOptionsText::tr(
            "Serve Prometheus /metrics on ADDRESS:PORT, or 'off' (default 127.0.0.1:9471)."),
        AgentOptionsText::tr("address:port"));
    const QCommandLineOption webConfig(
        QStringLiteral("web-config"),
        AgentOptionsText::tr("Prometheus exporter web-config.yml for /metrics: TLS "
                             "(tls_server_config) and basic auth (basic_auth_users, bcrypt)."),
        AgentOptionsText::tr("file"));
    const QCommandLineOption tokenFile(
        QStringLiteral("token-file"),
        AgentOptionsText::tr("File with the token clients must present (16+ characters)."),
        AgentOptionsText::tr("file"));
    const QCommandLineOption tlsCert(QStringLiteral("tls-cert"),
                                     AgentOptionsText::tr("PEM certificate of the agent."),
                                     AgentOptionsText::tr("file"));
    const QCommandLineOption tlsKey(QStringLiteral("tls-key"),
                                    AgentOptionsText::tr("PEM private key of the agent."),
                                    AgentOptionsText::tr("file"));
    const QCommandLineOption clientCa(
        QStringLiteral("client-ca"),
        AgentOptionsText::tr("PEM CA: clients presenting a certificate it signed need no token."),
        AgentOptionsText::tr("file"));
    const QCommandLineOption plaintext(
        QStringLiteral("plaintext"),
        AgentOptionsText::tr("Serve the protocol without TLS (loopback addresses only)."));
    const QCommandLineOption maxConnections(
        QStringLiteral("max-connections"),
        AgentOptionsText::tr("Protocol connections served at once, at most (default 256); "
                             "more are closed at accept and logged."),
        AgentOptionsText::tr("n"));
    const QCommandLineOption config(
        QStringLiteral("config"),
        AgentOptionsText::tr("INI file with these settings (section [agent]; flags win)."),
        AgentOptionsText::tr("file"));
    const QCommandLineOption pingmesh(
        QStringLiteral("pingmesh"),
        AgentOptionsText::tr("Run one pingmesh round as the spec file says (JSON: name, device, "
                             "rendezvous, peers, seconds, rate_per_s, ...): UD probes to the "
                             "peers' queue pairs and answers to theirs; prints the pairs' RTT "
                             "and loss as JSON, then exits. \"-\" reads the spec from the first "
                             "line of standard input."),
        AgentOptionsText::tr("spec"));
    parser.addOption(pingmesh);
    parser.addOptions({once, json, prometheus, ethtoolFixture, netdev, hostname, listen, metrics,
                       webConfig, tokenFile, tlsCert, tlsKey, clientCa, plaintext, maxConnections,
                       config});

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
    options.pingmeshSpec = parser.value(pingmesh);
    options.json = parser.isSet(json);
    options.prometheus = parser.isSet(prometheus);
    options.ethtoolFixtureDir = parser.value(ethtoolFixture);
    options.netdevs = parser.values(netdev);
    options.hostname = parser.value(hostname);
    options.configFile = parser.value(config);
    if (!options.configFile.isEmpty()) {
        if (!QFile::exists(options.configFile)) {
            err << AgentOptionsText::tr("roce-agent: config file %1 does not exist")
                       .arg(options.configFile)
                << QLatin1Char('\n');
            result.exitCode = 2;
            return result;
        }
        QSettings ini(options.configFile, QSettings::IniFormat);
        if (ini.status() != QSettings::NoError) {
            err << AgentOptionsText::tr("roce-agent: cannot parse config file %1")
                       .arg(options.configFile)
                << QLatin1Char('\n');
            result.exitCode = 2;
            return result;
        }
        // A misspelt key would otherwise be ignored and the agent run with a default the
        // operator did not choose (for example TLS files from the wrong place).
        const QStringList known
            = {QStringLiteral("agent/listen"),         QStringLiteral("agent/metrics"),
               QStringLiteral("agent/token_file"),     QStringLiteral("agent/tls_cert"),
               QStringLiteral("agent/tls_key"),        QStringLiteral("agent/client_ca"),
               QStringLiteral("agent/sysfs_root"),     QStringLiteral("agent/hostname"),
               QStringLiteral("agent/plaintext"),      QStringLiteral("agent/web_config"),
               QStringLiteral("agent/max_connections")};
        for (const QString &key : ini.allKeys()) {
            if (!known.contains(key)) {
                err << AgentOptionsText::tr("roce-agent: %1: unknown setting \"%2\" (known: %3)")
                           .arg(options.configFile, key, known.join(QStringLiteral(", ")))
                    << QLatin1Char('\n');
                result.exitCode = 2;
                return result;
            }
        }
        ini.beginGroup(QStringLiteral("agent"));
        auto take = [&](const char *key, QString &target) {
            const QString v = ini.value(QLatin1String(key)).toString();
            if (!v.isEmpty())
                target = v;
        };
        take("listen", options.listen);
        take("metrics", options.metricsListen);
        take("web_config", options.webConfig);
        take("token_file", options.tokenFile);
        take("tls_cert", options.tlsCert);
        take("tls_key", options.tlsKey);
        take("client_ca", options.clientCa);
        take("sysfs_root", options.sysfsRoot);
        take("hostname", options.hostname);
        const QString plain = ini.value(QStringLiteral("plaintext")).toString().toLower();
        if (plain == QLatin1String("true") || plain == QLatin1String("1")) {
            options.plaintext = true;
        } else if (!plain.isEmpty() && plain != QLatin1String("false")
                   && plain != QLatin1String("0")) {
            err << AgentOptionsText::tr("roce-agent: %1: plaintext must be true or false, not %2")
                       .arg(options.configFile, plain)
                << QLatin1Char('\n');
            result.exitCode = 2;
            return result;
        }
        if (const QString max = ini.value(QStringLiteral("max_connections")).toString();
            !max.isEmpty()) {
            options.maxConnections = max.toInt();
            if (options.maxConnections < 1) {
                err << AgentOptionsText::tr(
                           "roce-agent: %1: max_connections must be a positive number, not %2")
                           .arg(options.configFile, max)
                    << QLatin1Char('\n');
                result.exitCode = 2;
                return result;
            }
        }
    }
    auto flag = [&](const QCommandLineOption &o, QString &target) {
        if (parser.isSet(o))
            target = parser.value(o);
    };
    flag(listen, options.listen);
    flag(metrics, options.metricsListen);
    flag(webConfig, options.webConfig);
    flag(tokenFile, options.tokenFile);
    flag(tlsCert, options.tlsCert);
    flag(tlsKey, options.tlsKey);
    flag(clientCa, options.clientCa);
    if (parser.isSet(sysfs))
        options.sysfsRoot = parser.value(sysfs);
    if (parser.isSet(plaintext))
        options.plaintext = true;
    if (parser.isSet(maxConnections)) {
        bool ok = false;
        options.maxConnections = parser.value(maxConnections).toInt(&ok);
        if (!ok || options.maxConnections < 1) {
            err << AgentOptionsText::tr(
                       "roce-agent: --max-connections must be a positive number, not %1")
                       .arg(parser.value(maxConnections))
                << QLatin1Char('\n');
            result.exitCode = 2;
            return result;
        }
    }
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
