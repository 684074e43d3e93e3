#include "agentoptions.h"

#include "proto/common/optiontable.h"
#include "proto/common/versions.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSettings>
#include <QTextStream>

namespace roce::agent {

namespace {
class AgentOptionsText
{
    Q_DECLARE_TR_FUNCTIONS(AgentOptionsText)
};
}  // namespace

namespace {

void declare(OptionTable &t, AgentOptions &o)
{
    t.text(QStringLiteral("sysfs-root"), AgentOptionsText::tr("dir"),
           AgentOptionsText::tr("Root of the sysfs tree to read (default /sys)."), &o.sysfsRoot)
        .setting(QStringLiteral("sysfs_root"))
        .text(QStringLiteral("counters"), AgentOptionsText::tr("source"),
              AgentOptionsText::tr("Where ports' hardware counters are read: 'netlink' (one "
                                   "RDMA netlink message a port, as 'rdma statistic' reads "
                                   "them), 'sysfs' (the hw_counters files) or 'auto' (netlink "
                                   "where the kernel answers; the default)."),
              &o.counters)
        .setting(QStringLiteral("counters"))
        .flag(QStringLiteral("list-devices"),
              AgentOptionsText::tr("Print the RDMA devices libibverbs finds, then exit."),
              &o.listDevices)
        .text(QStringLiteral("pingmesh"), AgentOptionsText::tr("spec"),
              AgentOptionsText::tr("Run one pingmesh round as the spec file says (JSON: name, "
                                   "device, rendezvous, peers, seconds, rate_per_s, ...): UD "
                                   "probes to the peers' queue pairs and answers to theirs; "
                                   "prints the pairs' RTT and loss as JSON, then exits. \"-\" "
                                   "reads the spec from the first line of standard input."),
              &o.pingmeshSpec)
        .flag(QStringLiteral("once"),
              AgentOptionsText::tr("Take one sample of every device and port, print it and "
                                   "exit."),
              &o.once)
        .flag(QStringLiteral("json"), AgentOptionsText::tr("With --once: print JSON."), &o.json)
        .flag(QStringLiteral("prometheus"),
              AgentOptionsText::tr("With --once: print the Prometheus /metrics text."),
              &o.prometheus)
        .text(QStringLiteral("ethtool-fixture"), AgentOptionsText::tr("dir"),
              AgentOptionsText::tr("Read ethtool statistics from saved 'ethtool -S' files "
                                   "named after each netdev in <dir> (tests, no NIC)."),
              &o.ethtoolFixtureDir)
        .texts(QStringLiteral("netdev"), AgentOptionsText::tr("name"),
               AgentOptionsText::tr("Also sample this netdev (repeatable)."), &o.netdevs)
        .text(QStringLiteral("hostname"), AgentOptionsText::tr("name"),
              AgentOptionsText::tr("Host name to report (default: this host's)."), &o.hostname)
        .setting(QStringLiteral("hostname"))
        .text(QStringLiteral("listen"), AgentOptionsText::tr("address:port"),
              AgentOptionsText::tr("Serve the agent protocol (TLS) on ADDRESS:PORT (default "
                                   "0.0.0.0:18471)."),
              &o.listen)
        .setting(QStringLiteral("listen"))
        .text(QStringLiteral("metrics"), AgentOptionsText::tr("address:port"),
              AgentOptionsText::tr("Serve Prometheus /metrics on ADDRESS:PORT, or 'off' "
                                   "(default 127.0.0.1:9471)."),
              &o.metricsListen)
        .setting(QStringLiteral("metrics"))
        .text(QStringLiteral("web-config"), AgentOptionsText::tr("file"),
              AgentOptionsText::tr("Prometheus exporter web-config.yml for /metrics: TLS "
                                   "(tls_server_config) and basic auth (basic_auth_users, "
                                   "bcrypt)."),
              &o.webConfig)
        .setting(QStringLiteral("web_config"))
        .text(QStringLiteral("token-file"), AgentOptionsText::tr("file"),
              AgentOptionsText::tr("File with the token clients must present (16+ "
                                   "characters)."),
              &o.tokenFile)
        .setting(QStringLiteral("token_file"))
        .text(QStringLiteral("tls-cert"), AgentOptionsText::tr("file"),
              AgentOptionsText::tr("PEM certificate of the agent."), &o.tlsCert)
        .setting(QStringLiteral("tls_cert"))
        .text(QStringLiteral("tls-key"), AgentOptionsText::tr("file"),
              AgentOptionsText::tr("PEM private key of the agent."), &o.tlsKey)
        .setting(QStringLiteral("tls_key"))
        .text(QStringLiteral("client-ca"), AgentOptionsText::tr("file"),
              AgentOptionsText::tr("PEM CA: clients presenting a certificate it signed need no "
                                   "token."),
              &o.clientCa)
        .setting(QStringLiteral("client_ca"))
        .flag(QStringLiteral("plaintext"),
              AgentOptionsText::tr("Serve the protocol without TLS (loopback addresses only)."),
              &o.plaintext)
        .setting(QStringLiteral("plaintext"))
        .whole(QStringLiteral("max-connections"), AgentOptionsText::tr("n"),
               AgentOptionsText::tr("Protocol connections served at once, at most (default "
                                    "256); more are closed at accept and logged."),
               &o.maxConnections, {1})
        .setting(QStringLiteral("max_connections"))
        .text(QStringLiteral("config"), AgentOptionsText::tr("file"),
              AgentOptionsText::tr("INI file with these settings (section [agent]; flags "
                                   "win)."),
              &o.configFile);
}

/// The file's lines, checked before QSettings reads them: it skips a line without '=' and
/// reads an empty value as unset, so a typo left a default in force, unsaid (a line
/// `listen 127.0.0.1:18556` left the agent listening on every interface); and of a key set
/// twice it keeps one.
std::optional<QString> checkConfigLines(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return AgentOptionsText::tr("cannot read config file %1: %2").arg(file, f.errorString());
    QHash<QString, int> firstLine;
    QString section;
    for (int n = 1; !f.atEnd(); ++n) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char(';'))
            || line.startsWith(QLatin1Char('#')))
            continue;
        if (line.startsWith(QLatin1Char('['))) {
            section = line;
            continue;
        }
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        const QString key = line.left(eq).trimmed();
        if (eq <= 0 || key.isEmpty())
            return AgentOptionsText::tr("%1:%2: \"%3\" is not KEY = VALUE")
                .arg(file)
                .arg(n)
                .arg(line);
        if (line.mid(eq + 1).trimmed().isEmpty())
            return AgentOptionsText::tr("%1:%2: %3 has no value").arg(file).arg(n).arg(key);
        const QString where = section + key;
        if (firstLine.contains(where))
            return AgentOptionsText::tr("%1:%2: %3 is set again (first on line %4)")
                .arg(file)
                .arg(n)
                .arg(key)
                .arg(firstLine.value(where));
        firstLine.insert(where, n);
    }
    return std::nullopt;
}

/// Applies the [agent] section of @p file under the flags; why it cannot, if it cannot.
std::optional<QString> applyConfigFile(OptionTable &table, const QString &file)
{
    if (!QFile::exists(file))
        return AgentOptionsText::tr("config file %1 does not exist").arg(file);
    if (auto problem = checkConfigLines(file))
        return problem;
    QSettings ini(file, QSettings::IniFormat);
    if (ini.status() != QSettings::NoError)
        return AgentOptionsText::tr("cannot parse config file %1").arg(file);
    for (const QString &key : ini.allKeys()) {
        if (!key.startsWith(QLatin1String("agent/")))
            return AgentOptionsText::tr("%1: \"%2\" is outside the [agent] section").arg(file, key);
    }
    ini.beginGroup(QStringLiteral("agent"));
    if (auto error = table.applySettings(ini))
        return QStringLiteral("%1: %2").arg(file, *error);
    return std::nullopt;
}

AgentParse usage(const QString &message)
{
    QTextStream(stderr) << QLatin1String("roce-agent: ") << message << QLatin1Char('\n');
    AgentParse result;
    result.exitCode = 2;
    return result;
}

}  // namespace

AgentParse parseAgentOptions(const QStringList &argv)
{
    AgentOptions options;
    OptionTable table;
    QCommandLineParser &parser = table.parser();
    parser.setApplicationDescription(AgentOptionsText::tr(
        "roce-agent: RDMA host agent of RoCE Fabric Console. Enumerates RDMA devices, "
        "samples NIC counters and runs perftest, iperf3, sockperf and training jobs for "
        "the console."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    declare(table, options);

    AgentParse result;
    if (!parser.parse(argv)) {
        QTextStream(stderr) << parser.errorText() << QLatin1Char('\n');
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
    if (!parser.positionalArguments().isEmpty())
        return usage(AgentOptionsText::tr("unexpected argument '%1'")
                         .arg(parser.positionalArguments().first()));
    if (auto error = table.take())
        return usage(*error);
    if (!options.configFile.isEmpty()) {
        if (auto error = applyConfigFile(table, options.configFile))
            return usage(*error);
    }
    if (options.counters != QLatin1String("auto") && options.counters != QLatin1String("netlink")
        && options.counters != QLatin1String("sysfs"))
        return usage(AgentOptionsText::tr("--counters must be auto, netlink or sysfs, not '%1'")
                         .arg(options.counters));
    // A tree that is not there is a mistake, not a host without RDMA devices.
    if (!QFileInfo(options.sysfsRoot).isDir())
        return usage(
            AgentOptionsText::tr("--sysfs-root %1 is not a directory").arg(options.sysfsRoot));
    if (options.counters == QLatin1String("netlink") && options.sysfsRoot != QLatin1String("/sys"))
        return usage(AgentOptionsText::tr("--counters netlink reads the running kernel; it "
                                          "cannot describe the tree under --sysfs-root %1")
                         .arg(options.sysfsRoot));
    if (options.once && options.json == options.prometheus)
        return usage(AgentOptionsText::tr("--once needs exactly one of --json or --prometheus"));
    result.options = options;
    return result;
}

}  // namespace roce::agent
