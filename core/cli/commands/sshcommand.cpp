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

namespace {

/// What `rocectl ssh` was asked for, as typed.
struct SshArgs {
    QString host;
    int port = 22;
    QString user = qEnvironmentVariable("USER");
    QString identity;
    QString knownHosts;
    QString accept;
    QString pathPrefix;
    QString agentBinary;  ///< not given: defaultAgentBinary()
    QString listen = QStringLiteral("0.0.0.0:18471");
    bool json = false;
};

void declare(OptionTable &t, SshArgs &a, const QString &summary)
{
    t.parser().setApplicationDescription(
        summary + QLatin1Char('\n')
        + SshCommandText::tr("Actions: hostkey, bootstrap, collect. An unknown host key is "
                             "refused with its fingerprint; check it, then pass it to --accept."));
    t.parser().addPositionalArgument(QStringLiteral("action"),
                                     SshCommandText::tr("hostkey, bootstrap "
                                                        "or collect"));
    t.text(QStringLiteral("host"), SshCommandText::tr("host"),
           SshCommandText::tr("Server address."), &a.host)
        .whole(QStringLiteral("port"), SshCommandText::tr("port"),
               SshCommandText::tr("SSH port (22)."), &a.port, {1, 65535})
        .text(QStringLiteral("user"), SshCommandText::tr("name"),
              SshCommandText::tr("Login user (default: $USER)."), &a.user)
        .text(QStringLiteral("identity"), SshCommandText::tr("file"),
              SshCommandText::tr("Private key file (default: ssh-agent and ~/.ssh keys)."),
              &a.identity)
        .text(QStringLiteral("known-hosts"), SshCommandText::tr("file"),
              SshCommandText::tr("known_hosts file "
                                 "(default ~/.ssh/known_hosts)."),
              &a.knownHosts)
        .text(QStringLiteral("accept"), SshCommandText::tr("SHA256:..."),
              SshCommandText::tr("Trust an unknown host key with this SHA256 fingerprint."),
              &a.accept)
        .text(QStringLiteral("path-prefix"), SshCommandText::tr("dir"),
              SshCommandText::tr("collect: directory put first on the remote PATH."), &a.pathPrefix)
        .text(QStringLiteral("agent-binary"), SshCommandText::tr("file"),
              SshCommandText::tr("bootstrap: local roce-agent to install (default: next to "
                                 "rocectl)."),
              &a.agentBinary)
        .text(QStringLiteral("listen"), SshCommandText::tr("address:port"),
              SshCommandText::tr("bootstrap: agent address:port."), &a.listen)
        .flag(QStringLiteral("json"), SshCommandText::tr("Print JSON instead of text."), &a.json);
}

ssh::SshTarget sshTarget(const SshArgs &a)
{
    ssh::SshTarget target;
    target.host = a.host;
    target.port = quint16(a.port);
    target.user = a.user;
    target.privateKeyFile = a.identity;
    target.knownHostsFile = a.knownHosts;
    target.acceptFingerprint = a.accept;
    return target;
}

int showHostKey(ssh::SshSession &session, bool json, CommandIo &io)
{
    auto info = session.probeHostKey();
    if (!info)
        return fail(io, info.error());
    if (json) {
        writeJson(io.out,
                  QJsonDocument(
                      QJsonObject {{QStringLiteral("host"), info->host},
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

/// One row per RDMA port; "-" where the host's tools do not count it.
void printCounters(const agentproto::AgentSample &sample, QTextStream &out)
{
    TextTable table({SshCommandText::tr("DEVICE"), SshCommandText::tr("STATE"),
                     SshCommandText::tr("NETDEV"), SshCommandText::tr("ECN MARKED"),
                     SshCommandText::tr("CNP SENT"), SshCommandText::tr("CNP HANDLED"),
                     SshCommandText::tr("RX PAUSE"), SshCommandText::tr("TX PAUSE")});
    for (const auto &d : sample.devices) {
        for (const auto &p : d.ports) {
            const auto c = monitor::nicCounters(sample, d, p);
            auto cell = [&c](const char *key) {
                const QString k = QLatin1String(key);
                return optional(c.value(k), c.contains(k));
            };
            table.addRow({d.name + QLatin1Char('/') + QString::number(p.port), p.state, p.netdev,
                          cell("ecn"), cell("cnp_sent"), cell("cnp_handled"), cell("rx_pause"),
                          cell("tx_pause")});
        }
    }
    out << table.render();
}

int collectCounters(ssh::SshSession &session, const SshArgs &a, CommandIo &io)
{
    ssh::SshCollector collector(session, {a.pathPrefix, 15000});
    auto sample = collector.collect();
    if (!sample)
        return fail(io, sample.error());
    if (a.json)
        writeJson(io.out, QJsonDocument(agentproto::sampleToJson(*sample)));
    else
        printCounters(*sample, io.out);
    return ExitOk;
}

/// The roce-agent of the build tree rocectl runs from, else the one installed beside it.
QString defaultAgentBinary()
{
    const QDir dir(QCoreApplication::applicationDirPath());
    const QString built = dir.filePath(QStringLiteral("../agent/roce-agent"));
    return QFileInfo::exists(built) ? built : dir.filePath(QStringLiteral("roce-agent"));
}

int bootstrapAgent(ssh::SshSession &session, const SshArgs &a, CommandIo &io)
{
    ssh::BootstrapOptions options;
    options.agentBinary = a.agentBinary;
    options.listen = a.listen;
    auto result = ssh::AgentBootstrap(session, options).run();
    if (!result)
        return fail(io, result.error());
    const QString startedBy = result->startedBy == ssh::StartedBy::Systemd
        ? QStringLiteral("systemd")
        : QStringLiteral("detached");
    if (a.json) {
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

}  // namespace

int SshCommand::run(const QStringList &args, CommandIo &io)
{
    SshArgs a;
    OptionTable table;
    declare(table, a, summary());
    if (const auto early = parseCommandLine(table, args, io, true))
        return *early;
    const QStringList positional = table.parser().positionalArguments();
    const QString action = positional.value(0);
    if (positional.size() != 1
        || !QStringList {QStringLiteral("hostkey"), QStringLiteral("bootstrap"),
                         QStringLiteral("collect")}
                .contains(action)
        || !table.isSet(QStringLiteral("host"))) {
        io.err << SshCommandText::tr("rocectl ssh: give one action (hostkey, bootstrap or "
                                     "collect) and --host; see --help")
               << QLatin1Char('\n');
        return ExitUsage;
    }
    ssh::SshSession session(sshTarget(a));
    if (action == QLatin1String("hostkey"))
        return showHostKey(session, a.json, io);
    if (action == QLatin1String("collect"))
        return collectCounters(session, a, io);
    if (!table.isSet(QStringLiteral("agent-binary")))
        a.agentBinary = defaultAgentBinary();
    return bootstrapAgent(session, a, io);
}

}  // namespace roce::cli
