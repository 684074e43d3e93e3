#include "collect/ssh/sshsession.h"

#include "collect/ssh/sshtext.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <libssh/libssh.h>

#include <algorithm>

Q_LOGGING_CATEGORY(lcSsh, "roce.ssh", QtInfoMsg)

namespace roce::ssh {

namespace {

struct SessionDeleter {
    void operator()(ssh_session s) const
    {
        if (ssh_is_connected(s))
            ssh_disconnect(s);
        ssh_free(s);
    }
};
struct ChannelDeleter {
    void operator()(ssh_channel c) const { ssh_channel_free(c); }
};
struct KeyDeleter {
    void operator()(ssh_key k) const { ssh_key_free(k); }
};
using ChannelPtr = std::unique_ptr<ssh_channel_struct, ChannelDeleter>;
using KeyPtr = std::unique_ptr<ssh_key_struct, KeyDeleter>;

/// ssh-keygen's names ("ED25519", "RSA", "ECDSA"), which is what users compare against.
QString keyTypeName(ssh_key key)
{
    const QString name = QString::fromUtf8(ssh_key_type_to_char(ssh_key_type(key)));
    if (name.contains(QLatin1String("ed25519")))
        return QStringLiteral("ED25519");
    if (name.contains(QLatin1String("ecdsa")))
        return QStringLiteral("ECDSA");
    if (name.contains(QLatin1String("rsa")))
        return QStringLiteral("RSA");
    return name.toUpper();
}

QString defaultKnownHosts()
{
    return QDir::homePath() + QStringLiteral("/.ssh/known_hosts");
}

QString trimmedStderr(const QByteArray &bytes)
{
    QString text = QString::fromUtf8(bytes).trimmed();
    if (text.size() > 600)
        text = text.left(600) + QStringLiteral("...");
    return text;
}

}  // namespace

QString shellQuote(const QString &text)
{
    QString quoted = text;
    quoted.replace(QLatin1String("'"), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

struct SshSession::Handle {
    std::unique_ptr<ssh_session_struct, SessionDeleter> session;
};

SshSession::SshSession(SshTarget target) : m_target(std::move(target))
{
    if (m_target.knownHostsFile.isEmpty())
        m_target.knownHostsFile = defaultKnownHosts();
}

SshSession::~SshSession() = default;

QString SshSession::displayName() const
{
    return QStringLiteral("%1@%2:%3").arg(m_target.user, m_target.host).arg(m_target.port);
}

SshFailure SshSession::failure(const Error &error) const
{
    SshFailure f;
    f.code = error.code;
    f.message = error.message;
    // The key travels with the failure only when the failure is about it.
    if (m_hostKey && error.code == ErrorCode::Refused && m_hostKey->status != HostKeyStatus::Known
        && m_hostKey->status != HostKeyStatus::Trusted)
        f.hostKey = *m_hostKey;
    return f;
}

Result<void> SshSession::openTransport()
{
    if (m_handle)
        return {};
    if (m_target.host.isEmpty() || m_target.user.isEmpty())
        return makeError(ErrorCode::InvalidArgument,
                         SshText::tr("SSH needs a host and a user name (host '%1', user '%2').")
                             .arg(m_target.host, m_target.user));
    std::unique_ptr<ssh_session_struct, SessionDeleter> s(ssh_new());
    if (!s)
        return makeError(ErrorCode::Internal, SshText::tr("libssh could not create a session."));
    const QByteArray host = m_target.host.toUtf8();
    const QByteArray user = m_target.user.toUtf8();
    const QByteArray knownHosts = QFile::encodeName(m_target.knownHostsFile);
    unsigned int port = m_target.port;
    long seconds = std::max(1, m_target.timeoutMs) / 1000;
    long usec = (std::max(1, m_target.timeoutMs) % 1000) * 1000L;
    // The inventory says where to connect; a ~/.ssh/config Hostname or Port would silently
    // send us elsewhere while the console shows (and trusts keys for) this host.
    bool processConfig = false;
    ssh_options_set(s.get(), SSH_OPTIONS_PROCESS_CONFIG, &processConfig);
    ssh_options_set(s.get(), SSH_OPTIONS_HOST, host.constData());
    ssh_options_set(s.get(), SSH_OPTIONS_PORT, &port);
    ssh_options_set(s.get(), SSH_OPTIONS_USER, user.constData());
    ssh_options_set(s.get(), SSH_OPTIONS_TIMEOUT, &seconds);
    ssh_options_set(s.get(), SSH_OPTIONS_TIMEOUT_USEC, &usec);
    ssh_options_set(s.get(), SSH_OPTIONS_KNOWNHOSTS, knownHosts.constData());
    // Each exec is a few small request/reply packets: with Nagle against delayed ACKs every
    // one of them waits ~40 ms.
    int noDelay = 1;
    ssh_options_set(s.get(), SSH_OPTIONS_NODELAY, &noDelay);

    if (ssh_connect(s.get()) != SSH_OK) {
        const QString why = QString::fromUtf8(ssh_get_error(s.get()));
        const bool timedOut = why.contains(QLatin1String("timeout"), Qt::CaseInsensitive)
            || why.contains(QLatin1String("timed out"), Qt::CaseInsensitive);
        if (timedOut)
            return makeError(ErrorCode::Timeout,
                             SshText::tr("SSH to %1:%2 timed out after %3 ms (%4). Check that the "
                                         "host is up and that a firewall lets port %2 through.")
                                 .arg(m_target.host)
                                 .arg(m_target.port)
                                 .arg(m_target.timeoutMs)
                                 .arg(why));
        return makeError(ErrorCode::Unreachable,
                         SshText::tr("Cannot connect to the SSH server at %1:%2: %3. Check the "
                                     "address and port, and that sshd runs on the host.")
                             .arg(m_target.host)
                             .arg(m_target.port)
                             .arg(why));
    }
    m_handle = std::make_unique<Handle>();
    m_handle->session = std::move(s);
    return {};
}

Result<HostKeyInfo> SshSession::probeHostKey()
{
    if (auto open = openTransport(); !open)
        return open.error();
    ssh_session s = m_handle->session.get();
    HostKeyInfo info;
    info.host = m_target.host;
    info.port = m_target.port;
    info.knownHostsFile = m_target.knownHostsFile;

    ssh_key raw = nullptr;
    if (ssh_get_server_publickey(s, &raw) != SSH_OK)
        return makeError(ErrorCode::Protocol,
                         SshText::tr("%1:%2 sent no host key (%3).")
                             .arg(m_target.host)
                             .arg(m_target.port)
                             .arg(QString::fromUtf8(ssh_get_error(s))));
    const KeyPtr key(raw);
    info.type = keyTypeName(key.get());
    unsigned char *hash = nullptr;
    size_t hashLen = 0;
    if (ssh_get_publickey_hash(key.get(), SSH_PUBLICKEY_HASH_SHA256, &hash, &hashLen) != 0)
        return makeError(ErrorCode::Internal,
                         SshText::tr("Cannot hash the host key of %1:%2.")
                             .arg(m_target.host)
                             .arg(m_target.port));
    // "SHA256:" + base64 without padding: the form ssh-keygen -lf and ssh print.
    char *text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, hashLen);
    info.fingerprintSha256 = QString::fromUtf8(text);
    ssh_string_free_char(text);
    ssh_clean_pubkey_hash(&hash);

    switch (ssh_session_is_known_server(s)) {
    case SSH_KNOWN_HOSTS_OK:
        info.status = HostKeyStatus::Known;
        break;
    case SSH_KNOWN_HOSTS_CHANGED:
        info.status = HostKeyStatus::Changed;
        break;
    case SSH_KNOWN_HOSTS_OTHER:
        info.status = HostKeyStatus::OtherType;
        break;
    case SSH_KNOWN_HOSTS_NOT_FOUND:  // no known_hosts file yet
    case SSH_KNOWN_HOSTS_UNKNOWN:
        info.status = HostKeyStatus::Unknown;
        break;
    case SSH_KNOWN_HOSTS_ERROR:
        return makeError(ErrorCode::Io,
                         SshText::tr("Cannot check the host key of %1:%2 "
                                     "against %3: %4")
                             .arg(m_target.host)
                             .arg(m_target.port)
                             .arg(m_target.knownHostsFile, QString::fromUtf8(ssh_get_error(s))));
    }
    m_hostKey = info;
    return info;
}

Result<HostKeyInfo> SshSession::connect()
{
    if (m_authenticated)
        return *m_hostKey;
    auto probed = probeHostKey();
    if (!probed)
        return probed.error();
    HostKeyInfo info = *probed;
    const QString where = QStringLiteral("%1:%2").arg(m_target.host).arg(m_target.port);
    const QString entry = m_target.port == 22
        ? m_target.host
        : QStringLiteral("[%1]:%2").arg(m_target.host).arg(m_target.port);
    switch (info.status) {
    case HostKeyStatus::Known:
    case HostKeyStatus::Trusted:
    case HostKeyStatus::NotChecked:
        break;
    case HostKeyStatus::Changed:
    case HostKeyStatus::OtherType:
        // Never overridable from here: the user removes the stale entry deliberately.
        qCWarning(lcSsh) << "host key of" << where << "changed, refused:" << info.type
                         << info.fingerprintSha256;
        return makeError(
            ErrorCode::Refused,
            SshText::tr("The host key of %1 has CHANGED: it now presents %2 %3, which does not "
                        "match the old entry in known_hosts file %4. This can be a "
                        "man-in-the-middle attack, or the host was reinstalled. Verify the new "
                        "key with the host's administrator, then remove the stale entry with "
                        "\"ssh-keygen -R '%5' -f %4\" and connect again.")
                .arg(where, info.type, info.fingerprintSha256, m_target.knownHostsFile, entry));
    case HostKeyStatus::Unknown:
        if (m_target.acceptFingerprint.trimmed() != info.fingerprintSha256)
            return makeError(ErrorCode::Refused,
                             SshText::tr("The host key of %1 is unknown: %2 %3. Trust it only if "
                                         "this is the fingerprint the host's administrator "
                                         "gives you.")
                                 .arg(where, info.type, info.fingerprintSha256));
        QDir().mkpath(QFileInfo(m_target.knownHostsFile).absolutePath());
        if (ssh_session_update_known_hosts(m_handle->session.get()) != SSH_OK)
            return makeError(ErrorCode::Io,
                             SshText::tr("Cannot add the host key of %1 to %2: %3")
                                 .arg(where, m_target.knownHostsFile,
                                      QString::fromUtf8(ssh_get_error(m_handle->session.get()))));
        info.status = HostKeyStatus::Trusted;
        m_hostKey = info;
        qCInfo(lcSsh) << "trusted on confirmation:" << where << info.type << info.fingerprintSha256
                      << "added to" << m_target.knownHostsFile;
        break;
    }
    if (auto auth = authenticate(); !auth)
        return auth.error();
    m_authenticated = true;
    return info;
}

Result<void> SshSession::authenticate()
{
    ssh_session s = m_handle->session.get();
    // "none" first: it returns the methods the server offers, for the error message.
    int rc = ssh_userauth_none(s, nullptr);
    if (rc == SSH_AUTH_SUCCESS)
        return {};
    const int offered = ssh_userauth_list(s, nullptr);
    QStringList tried;
    if (!m_target.privateKeyFile.isEmpty()) {
        tried << SshText::tr("public key %1").arg(m_target.privateKeyFile);
        ssh_key raw = nullptr;
        const QByteArray path = QFile::encodeName(m_target.privateKeyFile);
        if (ssh_pki_import_privkey_file(path.constData(), nullptr, nullptr, nullptr, &raw)
            != SSH_OK)
            return makeError(ErrorCode::InvalidArgument,
                             SshText::tr("Cannot read the private key %1 for %2 (missing, "
                                         "unreadable, or protected by a passphrase).")
                                 .arg(m_target.privateKeyFile, displayName()));
        const KeyPtr key(raw);
        rc = ssh_userauth_publickey(s, nullptr, key.get());
    } else if (m_target.password.isEmpty()) {
        tried << SshText::tr("ssh-agent and default keys in ~/.ssh");
        rc = ssh_userauth_publickey_auto(s, nullptr, nullptr);
    }
    if (rc != SSH_AUTH_SUCCESS && rc != SSH_AUTH_ERROR && !m_target.password.isEmpty()) {
        tried << SshText::tr("password");
        const QByteArray password = m_target.password.toUtf8();
        rc = ssh_userauth_password(s, nullptr, password.constData());
    }
    if (rc == SSH_AUTH_SUCCESS)
        return {};
    if (rc == SSH_AUTH_ERROR)
        return makeError(ErrorCode::Protocol,
                         SshText::tr("SSH authentication with %1 failed: %2")
                             .arg(displayName(), QString::fromUtf8(ssh_get_error(s))));
    QStringList methods;
    if (offered & SSH_AUTH_METHOD_PUBLICKEY)
        methods << QStringLiteral("publickey");
    if (offered & SSH_AUTH_METHOD_PASSWORD)
        methods << QStringLiteral("password");
    if (offered & SSH_AUTH_METHOD_INTERACTIVE)
        methods << QStringLiteral("keyboard-interactive");
    return makeError(ErrorCode::AuthenticationFailed,
                     SshText::tr("%1:%2 refused user '%3' (tried: %4; the server accepts: %5). "
                                 "Check the user name and that the public key is in that user's "
                                 "authorized_keys on the host.")
                         .arg(m_target.host)
                         .arg(m_target.port)
                         .arg(m_target.user, tried.join(QStringLiteral(", ")),
                              methods.isEmpty() ? SshText::tr("nothing we support")
                                                : methods.join(QStringLiteral(", "))));
}

Result<ExecResult> SshSession::exec(const QString &command, int timeoutMs,
                                    const QByteArray &stdinBytes)
{
    if (!m_authenticated) {
        if (auto c = connect(); !c)
            return c.error();
    }
    ssh_session s = m_handle->session.get();
    QElapsedTimer clock;
    clock.start();
    auto sshError = [&](const QString &step) {
        return makeError(
            ErrorCode::Protocol,
            SshText::tr("SSH %1 on %2 failed while running \"%3\": %4")
                .arg(step, displayName(), command, QString::fromUtf8(ssh_get_error(s))));
    };
    const ChannelPtr channel(ssh_channel_new(s));
    if (!channel || ssh_channel_open_session(channel.get()) != SSH_OK)
        return sshError(SshText::tr("channel open"));
    // Closing the channel does not end a command that neither reads nor writes (sleep, a hung
    // NFS read), and sshd refuses "signal" requests for root logins (no privilege separation
    // after a root login). So the host enforces the deadline too: coreutils/busybox timeout,
    // a second after ours so that the client reports Timeout first; plain sh without it.
    const QString limit = QString::number((qint64(timeoutMs) + 1000) / 1000.0, 'f', 3);
    const QString quoted = shellQuote(command);
    const QByteArray cmd = QStringLiteral("command -v timeout >/dev/null 2>&1 && exec timeout -s "
                                          "KILL %1 sh -c %2 || exec sh -c %2")
                               .arg(limit, quoted)
                               .toUtf8();
    if (ssh_channel_request_exec(channel.get(), cmd.constData()) != SSH_OK)
        return sshError(SshText::tr("exec request"));

    auto timedOut = [&]() -> Error {
        // TERM reaches `timeout` (non-root logins), which passes it to the command's process
        // group; for root, timeout's own deadline ends it a second later.
        ssh_channel_request_send_signal(channel.get(), "TERM");
        ssh_channel_close(channel.get());
        return makeError(ErrorCode::Timeout,
                         SshText::tr("\"%1\" on %2 did not finish within %3 ms; it was ended.")
                             .arg(command, displayName())
                             .arg(timeoutMs));
    };

    for (qsizetype sent = 0; sent < stdinBytes.size();) {
        if (clock.elapsed() >= timeoutMs)
            return timedOut();
        const auto chunk = std::min<qsizetype>(stdinBytes.size() - sent, 64 * 1024);
        const int n
            = ssh_channel_write(channel.get(), stdinBytes.constData() + sent, uint32_t(chunk));
        // The command may have ended without reading everything (a failed mkdir): its exit
        // status and stderr below say why, better than a write error.
        if (n == SSH_ERROR)
            break;
        sent += n;
    }
    ssh_channel_send_eof(channel.get());

    ExecResult result;
    char buffer[64 * 1024];
    for (;;) {
        const qint64 left = timeoutMs - clock.elapsed();
        if (left <= 0)
            return timedOut();
        // Short waits on stdout, then whatever stderr has, so neither stream starves and the
        // deadline is checked at least every 100 ms.
        const int n = ssh_channel_read_timeout(channel.get(), buffer, sizeof buffer, 0,
                                               int(std::min<qint64>(left, 100)));
        if (n == SSH_ERROR)
            return sshError(SshText::tr("read"));
        if (n > 0)
            result.stdoutBytes.append(buffer, n);
        const int e = ssh_channel_read_nonblocking(channel.get(), buffer, sizeof buffer, 1);
        if (e > 0)
            result.stderrBytes.append(buffer, e);
        if (n == 0 && e <= 0 && ssh_channel_is_eof(channel.get()))
            break;
    }
    result.exitStatus = ssh_channel_get_exit_status(channel.get());
    ssh_channel_close(channel.get());
    result.elapsedMs = clock.elapsed();
    // The command only: stdin may carry a token.
    qCDebug(lcSsh) << displayName() << command << "exit" << result.exitStatus << "in"
                   << result.elapsedMs << "ms";
    return result;
}

Result<QByteArray> SshSession::run(const QString &command, int timeoutMs,
                                   const QByteArray &stdinBytes)
{
    auto r = exec(command, timeoutMs, stdinBytes);
    if (!r)
        return r.error();
    if (r->exitStatus == 0)
        return r->stdoutBytes;
    const QString err = trimmedStderr(r->stderrBytes);
    if (r->exitStatus == 127)
        return makeError(ErrorCode::NotFound,
                         SshText::tr("\"%1\" on %2: command not found (exit status 127). Install "
                                     "the tool on the host or fix its PATH. %3")
                             .arg(command, displayName(), err));
    return makeError(ErrorCode::ServerError,
                     SshText::tr("\"%1\" on %2 failed with exit status %3: %4")
                         .arg(command, displayName())
                         .arg(r->exitStatus)
                         .arg(err.isEmpty() ? SshText::tr("(no error output)") : err));
}

Result<void> SshSession::upload(const QByteArray &bytes, const QString &remotePath, int mode,
                                int timeoutMs)
{
    if (!remotePath.startsWith(QLatin1Char('/')) || remotePath.endsWith(QLatin1Char('/')))
        return makeError(
            ErrorCode::InvalidArgument,
            SshText::tr("Remote path \"%1\" must be an absolute file path.").arg(remotePath));
    const QString dir = remotePath.left(remotePath.lastIndexOf(QLatin1Char('/')));
    const QString tmp = remotePath + QStringLiteral(".roce-upload");
    // umask 077: the temporary file is never readable by others, even before chmod (tokens,
    // keys). Rename, so a running binary is replaced, not overwritten in place.
    const QString command
        = QStringLiteral("umask 077 && mkdir -p %1 && cat > %2 && chmod %3 %2 && mv -f %2 %4 "
                         "&& wc -c < %4")
              .arg(shellQuote(dir.isEmpty() ? QStringLiteral("/") : dir), shellQuote(tmp),
                   QString::number(mode, 8), shellQuote(remotePath));
    auto out = run(command, timeoutMs, bytes);
    if (!out)
        return out.error();
    bool ok = false;
    const qint64 size = QString::fromUtf8(out->trimmed()).toLongLong(&ok);
    if (!ok || size != bytes.size())
        return makeError(ErrorCode::Io,
                         SshText::tr("Upload to %1 on %2 is incomplete: %3 bytes sent, the "
                                     "file has %4. Check free space on the host.")
                             .arg(remotePath, displayName())
                             .arg(bytes.size())
                             .arg(QString::fromUtf8(out->trimmed())));
    return {};
}

Result<void> SshSession::uploadFile(const QString &localPath, const QString &remotePath, int mode,
                                    int timeoutMs)
{
    QFile file(localPath);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(
            ErrorCode::NotFound,
            SshText::tr("Cannot read %1 to upload it: %2").arg(localPath, file.errorString()));
    return upload(file.readAll(), remotePath, mode, timeoutMs);
}

}  // namespace roce::ssh
