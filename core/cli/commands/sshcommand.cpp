#include "cli/commands/sshcommand.h"

#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "collect/monitor/nicrates.h"
#include "collect/ssh/agentbootstrap.h"
#include "collect/ssh/sshcollector.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonObject>

namespace roce::cli {

namespace {

class SshCommandText
{
    Q_DECLARE_TR_FUNCTIONS(SshCommandText)
};

QString statusName(ssh::HostKeyStatus status)
{
    switch (status) {
    case ssh::HostKeyStatus::NotChecked:
        return QStringLiteral("not_checked");
    case ssh::HostKeyStatus::Known:
        return QStringLiteral("known");
    case ssh::HostKeyStatus::Unknown:
        return QStringLiteral("unknown");
    case ssh::HostKeyStatus::Changed:
        return QStringLiteral("changed");
    case ssh::HostKeyStatus::OtherType:
        return QStringLiteral("other_type");
    case ssh::HostKeyStatus::Trusted:
        return QStringLiteral("trusted");
    }
    return {};
}

int fail(CommandIo &io, const Error &error)
{
    io.err << QStringLiteral("rocectl ssh: ") << error.message << QLatin1Char('\n');
    return ExitFailure;
}

QString optional(quint64 value, bool present)
{
    return present ? QString::number(value) : QStringLiteral("-");
}

}  // namespace

QString SshCommand::name() const
{
    return QStringLiteral("ssh");
}

QString SshCommand::summary() const
{
    return SshCommandText::tr("Over SSH: show a host key, install the agent, or collect "
                              "counters with rdma/ethtool on a host without an agent");
}

// NOLINTNEXTLINE(readability-function-size): predates the limit
int SshCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        summary() + QLatin1Char('\n')
        + SshCommandText::tr("Actions: hostkey, bootstrap, collect. An unknown host key is "
                             "refused with its fingerprint; check it, then pass it to --accept."));
    parser.addPositionalArgument(QStringLiteral("action"),
                                 SshCommandText::tr("hostkey, bootstrap "
                                                    "or collect"));
    const QCommandLineOption host(QStringLiteral("host"), SshCommandText::tr("Server address."),
                                  SshCommandText::tr("host"));
    const QCommandLineOption port(QStringLiteral("port"), SshCommandText::tr("SSH port (22)."),
                                  SshCommandText::tr("port"), QStringLiteral("22"));
    const QCommandLineOption user(QStringLiteral("user"),
                                  SshCommandText::tr("Login user (default: $USER)."),
                                  SshCommandText::tr("name"));
    const QCommandLineOption identity(
        QStringLiteral("identity"),
        SshCommandText::tr("Private key file (default: ssh-agent and ~/.ssh keys)."),
        SshCommandText::tr("file"));
    const QCommandLineOption knownHosts(QStringLiteral("known-hosts"),
                                        SshCommandText::tr("known_hosts file "
                                                           "(default ~/.ssh/known_hosts)."),
                                        SshCommandText::tr("file"));
    const QCommandLineOption accept(
        QStringLiteral("accept"),
        SshCommandText::tr("Trust an unknown host key with this SHA256 fingerprint."),
        SshCommandText::tr("SHA256:..."));
    const QCommandLineOption pathPrefix(
        QStringLiteral("path-prefix"),
        SshCommandText::tr("collect: directory put first on the remote PATH."),
        SshCommandText::tr("dir"));
    const QCommandLineOption agentBinary(
        QStringLiteral("agent-binary"),
        SshCommandText::tr("bootstrap: local roce-agent to install (default: next to rocectl)."),
        SshCommandText::tr("file"));
    const QCommandLineOption listen(
        QStringLiteral("listen"), SshCommandText::tr("bootstrap: agent address:port."),
        SshCommandText::tr("address:port"), QStringLiteral("0.0.0.0:18471"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  SshCommandText::tr("Print JSON instead of text."));
    parser.addOptions(
        {host, port, user, identity, knownHosts, accept, pathPrefix, agentBinary, listen, json});
    if (const auto early = parseCommandLine(parser, args, io, true))
        return *early;
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.value(0);
    if (positional.size() != 1
        || !QStringList {QStringLiteral("hostkey"), QStringLiteral("bootstrap"),
                         QStringLiteral("collect")}
                .contains(action)
        || !parser.isSet(host)) {
        io.err << SshCommandText::tr("rocectl ssh: give one action (hostkey, bootstrap or "
                                     "collect) and --host; see --help")
               << QLatin1Char('\n');
        return ExitUsage;
    }
    bool portOk = false;
    const uint portValue = parser.value(port).toUInt(&portOk);
    if (!portOk || portValue == 0 || portValue > 65535) {
        io.err << SshCommandText::tr("rocectl ssh: --port must be 1..65535") << QLatin1Char('\n');
        return ExitUsage;
    }
    ssh::SshTarget target;
    target.host = parser.value(host);
    target.port = quint16(portValue);
    target.user = parser.isSet(user) ? parser.value(user) : qEnvironmentVariable("USER");
    target.privateKeyFile = parser.value(identity);
    target.knownHostsFile = parser.value(knownHosts);
    target.acceptFingerprint = parser.value(accept);
    ssh::SshSession session(target);

    if (action == QLatin1String("hostkey")) {
        auto info = session.probeHostKey();
        if (!info)
            return fail(io, info.error());
        if (parser.isSet(json)) {
            writeJson(io.out,
                      QJsonDocument(QJsonObject {
                          {QStringLiteral("host"), info->host},
                          {QStringLiteral("port"), info->port},
                          {QStringLiteral("type"), info->type},
                          {QStringLiteral("fingerprint_sha256"), info->fingerprintSha256},
                          {QStringLiteral("status"), statusName(info->status)},
                          {QStringLiteral("known_hosts"), info->knownHostsFile}}));
        } else {
            io.out << QStringLiteral("%1:%2 %3 %4 %5\n")
                          .arg(info->host)
                          .arg(info->port)
                          .arg(info->type, info->fingerprintSha256, statusName(info->status));
        }
        return ExitOk;
    }

    if (action == QLatin1String("collect")) {
        ssh::SshCollector collector(session, {parser.value(pathPrefix), 15000});
        auto sample = collector.collect();
        if (!sample)
            return fail(io, sample.error());
        if (parser.isSet(json)) {
            writeJson(io.out, QJsonDocument(agentproto::sampleToJson(*sample)));
            return ExitOk;
        }
        TextTable table({SshCommandText::tr("DEVICE"), SshCommandText::tr("STATE"),
                         SshCommandText::tr("NETDEV"), SshCommandText::tr("ECN MARKED"),
                         SshCommandText::tr("CNP SENT"), SshCommandText::tr("CNP HANDLED"),
                         SshCommandText::tr("RX PAUSE"), SshCommandText::tr("TX PAUSE")});
        for (const auto &d : sample->devices) {
            for (const auto &p : d.ports) {
                const auto c = monitor::nicCounters(*sample, p);
                auto cell = [&c](const char *key) {
                    const QString k = QLatin1String(key);
                    return optional(c.value(k), c.contains(k));
                };
                table.addRow({d.name + QLatin1Char('/') + QString::number(p.port), p.state,
                              p.netdev, cell("ecn"), cell("cnp_sent"), cell("cnp_handled"),
                              cell("rx_pause"), cell("tx_pause")});
            }
        }
        io.out << table.render();
        return ExitOk;
    }

    ssh::BootstrapOptions options;
    options.agentBinary = parser.isSet(agentBinary)
        ? parser.value(agentBinary)
        : QDir(QCoreApplication::applicationDirPath())
              .filePath(QStringLiteral("../agent/roce-agent"));
    if (!parser.isSet(agentBinary) && !QFileInfo::exists(options.agentBinary))
        options.agentBinary
            = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("roce-agent"));
    options.listen = parser.value(listen);
    auto result = ssh::AgentBootstrap(session, options).run();
    if (!result)
        return fail(io, result.error());
    const QString startedBy = result->startedBy == ssh::StartedBy::Systemd
        ? QStringLiteral("systemd")
        : QStringLiteral("detached");
    if (parser.isSet(json)) {
        writeJson(io.out,
                  QJsonDocument(QJsonObject {{QStringLiteral("host"), result->endpoint.host},
                                             {QStringLiteral("port"), result->endpoint.port},
                                             {QStringLiteral("token"), result->token},
                                             {QStringLiteral("tls_sha256"), result->tlsSha256},
                                             {QStringLiteral("unit"), result->unitPath},
                                             {QStringLiteral("started_by"), startedBy},
                                             {QStringLiteral("pid"), result->pid},
                                             {QStringLiteral("note"), result->note},
                                             {QStringLiteral("elapsed_ms"), result->elapsedMs}}));
        return ExitOk;
    }
    io.out << SshCommandText::tr("roce-agent runs on %1:%2 (started by %3).")
                  .arg(result->endpoint.host)
                  .arg(result->endpoint.port)
                  .arg(startedBy)
           << QLatin1Char('\n');
    if (!result->note.isEmpty())
        io.out << result->note << QLatin1Char('\n');
    io.out
        << SshCommandText::tr("Token (store it in the console's keychain): %1").arg(result->token)
        << QLatin1Char('\n')
        << SshCommandText::tr("Certificate SHA-256 to pin: %1").arg(result->tlsSha256)
        << QLatin1Char('\n');
    return ExitOk;
}

}  // namespace roce::cli
