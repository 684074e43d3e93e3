#pragma once

#include "collect/ssh/sshsession.h"
#include "proto/agentproto/agentclient.h"

namespace roce::ssh {

enum class StartMode {
    Auto,      ///< systemd when it runs on the host, detached otherwise
    Systemd,   ///< systemd or fail
    Detached,  ///< setsid nohup, even where systemd runs
};

/// Where everything goes on the host. Every path is absolute and configurable (the test
/// bootstraps into a temporary directory as an ordinary user). Started by systemd, the agent
/// runs as the user roce-agent in the unit's sandbox, which hides /home, /root and /run/user:
/// its files must live elsewhere.
struct BootstrapOptions {
    QString agentBinary;  ///< local roce-agent to upload
    QString remoteBinary = QStringLiteral("/usr/local/bin/roce-agent");
    QString tokenFile = QStringLiteral("/etc/roce-agent/token");
    QString configFile = QStringLiteral("/etc/roce-agent/roce-agent.conf");
    QString tlsCert = QStringLiteral("/etc/roce-agent/agent.crt");
    QString tlsKey = QStringLiteral("/etc/roce-agent/agent.key");
    QString unitPath = QStringLiteral("/etc/systemd/system/roce-agent.service");
    QString pidFile = QStringLiteral("/run/roce-agent.pid");      ///< detached start only
    QString logFile = QStringLiteral("/var/log/roce-agent.log");  ///< detached start only
    QString listen = QStringLiteral("0.0.0.0:18471");
    QString metrics = QStringLiteral("127.0.0.1:9471");  ///< or "off"; loopback as the agent's
    /// No TLS: for loopback tests only. Otherwise a self-signed certificate is made with
    /// openssl on the host (kept if present) and its fingerprint pinned.
    bool plaintext = false;
    StartMode startMode = StartMode::Auto;
    QString agentHost;  ///< how the console reaches the agent; empty: the SSH host
    int startTimeoutMs = 15000;
};

enum class StartedBy { Systemd, Detached };

struct BootstrapResult {
    QString token;
    QString unitPath;
    StartedBy startedBy = StartedBy::Systemd;
    QString note;       ///< why it was started detached, for the user
    qint64 pid = 0;     ///< detached start: the agent's pid (also in pidFile)
    QString tlsSha256;  ///< the agent certificate's SHA-256 (hex with colons), pinned
    agentproto::AgentEndpoint endpoint;  ///< ready for AgentClient
    qint64 elapsedMs = 0;
};

/// Installs and starts roce-agent on a host over an authenticated SshSession: binary, token
/// (0600), TLS pair, INI config, systemd unit (and its user roce-agent); systemctl enable
/// --now, or a detached start where systemd does not run (containers); then waits until the
/// agent's port answers. Blocking.
class AgentBootstrap
{
public:
    AgentBootstrap(SshSession &session, BootstrapOptions options);
    Result<BootstrapResult> run();

    /// 40 characters from QRandomGenerator::system() (~238 bits).
    static QString generateToken();
    /// resources/agent/roce-agent.service with the options' binary and file paths.
    static QString unitText(const BootstrapOptions &options);
    static QString configText(const BootstrapOptions &options);

private:
    Result<QString> makeTlsPair();
    Result<void> prepareServiceUser();
    Result<qint64> startDetached();
    Result<void> waitForPort(const BootstrapResult &result);

    SshSession &m_session;
    BootstrapOptions m_options;
};

}  // namespace roce::ssh
