#pragma once

#include "proto/common/result.h"

#include <QByteArray>
#include <QMetaType>
#include <QString>

#include <memory>
#include <optional>

namespace roce::ssh {

/// Where to log in and how. The password is kept in memory only and never logged.
struct SshTarget {
    QString host;
    quint16 port = 22;
    QString user;
    QString privateKeyFile;  ///< empty: ssh-agent and the default ~/.ssh keys
    QString password;        ///< empty: no password authentication
    QString knownHostsFile;  ///< empty: ~/.ssh/known_hosts
    int timeoutMs = 10000;   ///< connect and per-packet timeout
    /// "SHA256:..." the user confirmed for an unknown host key. Honoured (and written to
    /// known_hosts) only if it equals the key the server presents; a changed key is never
    /// accepted this way.
    QString acceptFingerprint;
};

enum class HostKeyStatus {
    NotChecked,  ///< no key seen (the connection failed before)
    Known,       ///< matches known_hosts
    Unknown,     ///< no entry for this host: ask the user
    Changed,     ///< known_hosts has another key for this host: refused
    OtherType,   ///< known_hosts has a key of another type only: refused like Changed
    Trusted,     ///< was unknown, accepted by acceptFingerprint and written to known_hosts
};

/// The server's host key as `ssh-keygen -lf` shows it.
struct HostKeyInfo {
    QString host;
    quint16 port = 22;
    QString type;               ///< "ED25519", "RSA", "ECDSA"
    QString fingerprintSha256;  ///< "SHA256:<base64 without padding>"
    HostKeyStatus status = HostKeyStatus::NotChecked;
    QString knownHostsFile;
};

/// An SSH failure for the GUI: the error, and the host key when the failure is about it
/// (status Unknown: offer to trust it; Changed/OtherType: refused).
struct SshFailure {
    ErrorCode code = ErrorCode::Internal;
    QString message;
    HostKeyInfo hostKey;
};

struct ExecResult {
    int exitStatus = -1;  ///< -1 when the remote side sent none (killed by a signal)
    QByteArray stdoutBytes;
    QByteArray stderrBytes;
    qint64 elapsedMs = 0;
};

/// One blocking libssh session (libssh 0.10). Not thread-safe; use it from one thread, and
/// never from the GUI thread (see SshWorker).
class SshSession
{
public:
    explicit SshSession(SshTarget target);
    ~SshSession();
    SshSession(const SshSession &) = delete;
    SshSession &operator=(const SshSession &) = delete;

    /// Connects (if not yet) and classifies the host key without trusting or refusing it.
    Result<HostKeyInfo> probeHostKey();
    /// Connects, applies the host key policy (unknown: Refused unless acceptFingerprint
    /// matches; changed: always Refused) and authenticates.
    Result<HostKeyInfo> connect();
    bool isAuthenticated() const { return m_authenticated; }
    /// The host key seen by the last probe or connect.
    const std::optional<HostKeyInfo> &hostKey() const { return m_hostKey; }
    /// The failure of @p error with the host key attached when it is about the key.
    SshFailure failure(const Error &error) const;

    /// Runs @p command (through the login shell), feeds it @p stdinBytes, and ends it after
    /// @p timeoutMs (Timeout naming the command).
    Result<ExecResult> exec(const QString &command, int timeoutMs,
                            const QByteArray &stdinBytes = {});
    /// exec() that fails unless the exit status is 0; the error names host, command, exit
    /// status and stderr. Returns stdout.
    Result<QByteArray> run(const QString &command, int timeoutMs,
                           const QByteArray &stdinBytes = {});
    /// Writes @p bytes to @p remotePath (absolute) with @p mode, atomically (temp + rename),
    /// creating the directory; verifies the size written.
    Result<void> upload(const QByteArray &bytes, const QString &remotePath, int mode,
                        int timeoutMs = 120000);
    Result<void> uploadFile(const QString &localPath, const QString &remotePath, int mode,
                            int timeoutMs = 120000);

    /// "user@host:port" for messages.
    QString displayName() const;
    const SshTarget &target() const { return m_target; }

private:
    Result<void> openTransport();
    Result<void> authenticate();

    struct Handle;
    SshTarget m_target;
    std::unique_ptr<Handle> m_handle;
    std::optional<HostKeyInfo> m_hostKey;
    bool m_authenticated = false;
};

/// 'text' quoted for a POSIX shell.
QString shellQuote(const QString &text);

}  // namespace roce::ssh

Q_DECLARE_METATYPE(roce::ssh::SshTarget)
Q_DECLARE_METATYPE(roce::ssh::HostKeyInfo)
Q_DECLARE_METATYPE(roce::ssh::SshFailure)
