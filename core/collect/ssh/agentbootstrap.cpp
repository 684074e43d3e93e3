#include "collect/ssh/agentbootstrap.h"

#include "collect/ssh/sshtext.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTcpSocket>
#include <QThread>

namespace roce::ssh {

namespace {

constexpr int kCommandMs = 30000;
/// User= of resources/agent/roce-agent.service.
constexpr char kServiceUser[] = "roce-agent";

quint16 listenPort(const QString &listen)
{
    return quint16(listen.mid(listen.lastIndexOf(QLatin1Char(':')) + 1).toUInt());
}

QString dirOf(const QString &path)
{
    return path.left(std::max<qsizetype>(1, path.lastIndexOf(QLatin1Char('/'))));
}

}  // namespace

AgentBootstrap::AgentBootstrap(SshSession &session, BootstrapOptions options)
    : m_session(session), m_options(std::move(options))
{ }

QString AgentBootstrap::generateToken()
{
    static const QLatin1String alphabet(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
    QString token;
    for (int i = 0; i < 40; ++i)
        token.append(
            QChar(alphabet[int(QRandomGenerator::system()->bounded(quint32(alphabet.size())))]));
    return token;
}

QString AgentBootstrap::configText(const BootstrapOptions &o)
{
    QString text = QStringLiteral("; Written by RoCE Fabric Console (SSH bootstrap).\n[agent]\n"
                                  "listen=%1\nmetrics=%2\ntoken_file=%3\n")
                       .arg(o.listen, o.metrics, o.tokenFile);
    if (o.plaintext)
        text += QStringLiteral("plaintext=true\n");
    else
        text += QStringLiteral("tls_cert=%1\ntls_key=%2\nplaintext=false\n")
                    .arg(o.tlsCert, o.tlsKey);
    return text;
}

QString AgentBootstrap::unitText(const BootstrapOptions &o)
{
    // The packaged unit (resources/agent/roce-agent.service, embedded) with this bootstrap's
    // paths put in: one sandbox for both ways of installing the agent. "%" starts a systemd
    // specifier, so a literal one in a path is doubled.
    QFile file(QStringLiteral(":/ssh/roce-agent.service"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    auto escaped = [](const QString &path) {
        return QString(path).replace(QLatin1Char('%'), QStringLiteral("%%"));
    };
    return QString::fromUtf8(file.readAll())
        .replace(QStringLiteral("ExecStart=/usr/bin/roce-agent "),
                 QStringLiteral("ExecStart=%1 ").arg(escaped(o.remoteBinary)))
        .replace(QStringLiteral("/etc/roce-agent/roce-agent.conf"), escaped(o.configFile))
        .replace(QStringLiteral("/etc/roce-agent/token"), escaped(o.tokenFile))
        .replace(QStringLiteral("/etc/roce-agent/agent.key"), escaped(o.tlsKey))
        .replace(QStringLiteral("/etc/roce-agent/agent.crt"), escaped(o.tlsCert));
}

Result<BootstrapResult> AgentBootstrap::run()
{
    QElapsedTimer clock;
    clock.start();
    const QStringList paths
        = {m_options.remoteBinary, m_options.tokenFile, m_options.configFile, m_options.tlsCert,
           m_options.tlsKey,       m_options.unitPath,  m_options.pidFile,    m_options.logFile};
    for (const QString &p : paths) {
        if (!p.startsWith(QLatin1Char('/')))
            return makeError(ErrorCode::InvalidArgument,
                             SshText::tr("Bootstrap path \"%1\" must be absolute.").arg(p));
    }
    if (!QFileInfo(m_options.agentBinary).isFile())
        return makeError(ErrorCode::NotFound,
                         SshText::tr("The roce-agent binary to install (%1) does not exist.")
                             .arg(m_options.agentBinary));
    if (listenPort(m_options.listen) == 0)
        return makeError(
            ErrorCode::InvalidArgument,
            SshText::tr("Agent listen address \"%1\" has no port.").arg(m_options.listen));
    if (auto c = m_session.connect(); !c)
        return c.error();

    BootstrapResult result;
    result.unitPath = m_options.unitPath;
    if (auto up = m_session.uploadFile(m_options.agentBinary, m_options.remoteBinary, 0755); !up)
        return up.error();
    result.token = generateToken();
    if (auto up = m_session.upload(result.token.toUtf8() + '\n', m_options.tokenFile, 0600); !up)
        return up.error();
    if (!m_options.plaintext) {
        auto fingerprint = makeTlsPair();
        if (!fingerprint)
            return fingerprint.error();
        result.tlsSha256 = *fingerprint;
    }
    // 0644: no secret in it (only paths), and the unit's service user must read it.
    if (auto up = m_session.upload(configText(m_options).toUtf8(), m_options.configFile, 0644); !up)
        return up.error();
    if (auto up = m_session.upload(unitText(m_options).toUtf8(), m_options.unitPath, 0644); !up)
        return up.error();

    bool systemd = m_options.startMode == StartMode::Systemd;
    if (m_options.startMode == StartMode::Auto) {
        // sd_booted()'s own test: /run/systemd/system exists only when systemd is PID 1.
        // (is-system-running alone would fail a merely "degraded" host.)
        auto probe = m_session.exec(
            QStringLiteral("command -v systemctl >/dev/null 2>&1 && test -d /run/systemd/system"),
            kCommandMs);
        if (!probe)
            return probe.error();
        systemd = probe->exitStatus == 0;
        if (!systemd)
            result.note = SshText::tr("systemd does not run on %1 (no systemctl or no "
                                      "/run/systemd/system: a container?). The unit was written "
                                      "to %2 but the agent was started detached (setsid nohup); "
                                      "it will not be restarted after a crash or a reboot.")
                              .arg(m_session.target().host, m_options.unitPath);
    }
    if (systemd) {
        if (auto user = prepareServiceUser(); !user)
            return user.error();
        const QString unit = QFileInfo(m_options.unitPath).fileName();
        auto started = m_session.run(
            QStringLiteral("systemctl daemon-reload && systemctl enable %1 && systemctl restart %1")
                .arg(shellQuote(unit)),
            kCommandMs);
        if (!started)
            return started.error();
        result.startedBy = StartedBy::Systemd;
    } else {
        auto pid = startDetached();
        if (!pid)
            return pid.error();
        result.pid = *pid;
        result.startedBy = StartedBy::Detached;
    }

    result.endpoint.host
        = m_options.agentHost.isEmpty() ? m_session.target().host : m_options.agentHost;
    result.endpoint.port = listenPort(m_options.listen);
    result.endpoint.token = result.token;
    result.endpoint.plaintext = m_options.plaintext;
    result.endpoint.pinnedSha256 = result.tlsSha256.toLatin1();
    if (auto up = waitForPort(result); !up)
        return up.error();
    result.elapsedMs = clock.elapsed();
    return result;
}

Result<QString> AgentBootstrap::makeTlsPair()
{
    const QString crt = shellQuote(m_options.tlsCert);
    const QString key = shellQuote(m_options.tlsKey);
    // Kept when present, so a re-bootstrap does not invalidate the pin consoles already hold.
    const QString command
        = QStringLiteral(
              "umask 077 && mkdir -p %1 %2 && { test -s %3 && test -s %4 || openssl req -x509 "
              "-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout %4 -out %3 "
              "-days 3650 -subj \"/CN=$(uname -n)\" >/dev/null 2>&1; } && chmod 600 %4 && chmod "
              "644 %3 && openssl x509 -in %3 -noout -fingerprint -sha256")
              .arg(shellQuote(dirOf(m_options.tlsCert)), shellQuote(dirOf(m_options.tlsKey)), crt,
                   key);
    auto out = m_session.run(command, kCommandMs);
    if (!out)
        return out.error();
    // "sha256 Fingerprint=AB:CD:..." (OpenSSL 3) or "SHA256 Fingerprint=..." (1.1).
    const QString text = QString::fromUtf8(out->trimmed());
    const qsizetype eq = text.indexOf(QLatin1Char('='));
    if (eq < 0)
        return makeError(
            ErrorCode::Parse,
            SshText::tr("Unexpected openssl output on %1: %2").arg(m_session.displayName(), text));
    return text.mid(eq + 1).trimmed();
}

Result<void> AgentBootstrap::prepareServiceUser()
{
    // The Debian package's postinst makes the same user. A static user rather than
    // DynamicUser=: the token and the key exist before the first start and must belong to the
    // service's user then (the unit's first step hands them over), which a UID allocated only
    // while the unit runs cannot own. Uploads create missing directories as 0700 (root's
    // umask 077): the user needs to pass through them.
    QStringList dirs;
    for (const QString &path : {m_options.remoteBinary, m_options.configFile, m_options.tokenFile,
                                m_options.tlsCert, m_options.tlsKey})
        dirs << shellQuote(dirOf(path));
    dirs.removeDuplicates();
    const QString command
        = QStringLiteral("getent passwd %1 >/dev/null || useradd --system --user-group "
                         "--home-dir /var/lib/%1 --no-create-home --shell /usr/sbin/nologin %1; "
                         "chmod go+x %2")
              .arg(QLatin1String(kServiceUser), dirs.join(QLatin1Char(' ')));
    auto out = m_session.run(command, kCommandMs);
    if (!out)
        return out.error();
    return {};
}

Result<qint64> AgentBootstrap::startDetached()
{
    const QString pid = shellQuote(m_options.pidFile);
    // A previous detached agent holds the port: end it and wait until it is gone. setsid and
    // nohup exec in place (a background job of a non-interactive shell is no group leader),
    // so $! is the agent's own pid. Only the agent goes to the background, with every stream
    // redirected: a backgrounded list would keep the channel's stdout open for its lifetime.
    const QString command
        = QStringLiteral(
              "if test -s %1 && kill -0 \"$(cat %1)\" 2>/dev/null; then kill \"$(cat %1)\"; "
              "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do "
              "kill -0 \"$(cat %1)\" 2>/dev/null || break; sleep 0.1; done; fi; "
              "mkdir -p %2 %3 || exit 1; cd / || exit 1; "
              "setsid nohup %4 --config %5 >>%6 2>&1 </dev/null & "
              "echo $! > %1 && echo $!")
              .arg(pid, shellQuote(dirOf(m_options.pidFile)), shellQuote(dirOf(m_options.logFile)),
                   shellQuote(m_options.remoteBinary), shellQuote(m_options.configFile),
                   shellQuote(m_options.logFile));
    auto out = m_session.run(command, kCommandMs);
    if (!out)
        return out.error();
    bool ok = false;
    const qint64 value = QString::fromUtf8(out->trimmed()).toLongLong(&ok);
    if (!ok || value <= 0)
        return makeError(ErrorCode::ServerError,
                         SshText::tr("Starting roce-agent on %1 gave no pid (\"%2\").")
                             .arg(m_session.displayName(), QString::fromUtf8(out->trimmed())));
    return value;
}

Result<void> AgentBootstrap::waitForPort(const BootstrapResult &result)
{
    QElapsedTimer clock;
    clock.start();
    const QString where
        = QStringLiteral("%1:%2").arg(result.endpoint.host).arg(result.endpoint.port);
    auto logTail = [&] {
        const QString cmd = result.startedBy == StartedBy::Detached
            ? QStringLiteral("tail -n 15 %1").arg(shellQuote(m_options.logFile))
            : QStringLiteral("journalctl -u %1 -n 15 --no-pager")
                  .arg(shellQuote(QFileInfo(m_options.unitPath).fileName()));
        auto out = m_session.exec(cmd, kCommandMs);
        return out ? QString::fromUtf8(out->stdoutBytes + out->stderrBytes).trimmed() : QString();
    };
    while (clock.elapsed() < m_options.startTimeoutMs) {
        QTcpSocket socket;
        socket.connectToHost(result.endpoint.host, result.endpoint.port);
        if (socket.waitForConnected(500))
            return {};
        if (result.startedBy == StartedBy::Detached) {
            auto alive = m_session.exec(QStringLiteral("kill -0 %1").arg(result.pid), kCommandMs);
            if (alive && alive->exitStatus != 0)
                return makeError(ErrorCode::ServerError,
                                 SshText::tr("roce-agent on %1 exited right after it started. "
                                             "Its log (%2) says:\n%3")
                                     .arg(m_session.target().host, m_options.logFile, logTail()));
        }
        // Refused at once while the agent starts up: do not spin.
        QThread::msleep(100);
    }
    return makeError(ErrorCode::Timeout,
                     SshText::tr("roce-agent was started on %1 but %2 did not answer within %3 ms. "
                                 "Check a firewall between the console and the host. Log:\n%4")
                         .arg(m_session.target().host, where)
                         .arg(m_options.startTimeoutMs)
                         .arg(logTail()));
}

}  // namespace roce::ssh
