#pragma once

#include "collect/ssh/agentbootstrap.h"
#include "collect/ssh/sshcollector.h"
#include "collect/ssh/sshsession.h"
#include "proto/agentproto/sample.h"
#include "proto/common/workerthread.h"

#include <QObject>

#include <memory>

namespace roce::ssh {

/// The GUI's way to SSH: every blocking libssh call runs on one worker thread, in the order
/// asked; answers come back as signals carrying the request id. Collect sessions are kept
/// open between rounds (one handshake per host, not per sample).
class SshWorker : public QObject
{
    Q_OBJECT

public:
    explicit SshWorker(QObject *parent = nullptr);
    ~SshWorker() override;

    /// Connects and reports the host key and its status, trusting and refusing nothing.
    int probeHostKey(const roce::ssh::SshTarget &target);
    /// Connects, applies the host key policy (an unknown key is trusted only when it equals
    /// target.acceptFingerprint) and logs in: what a collector needs before its first round.
    int checkLogin(const roce::ssh::SshTarget &target);
    int bootstrap(const roce::ssh::SshTarget &target, const roce::ssh::BootstrapOptions &options);
    int collect(const roce::ssh::SshTarget &target,
                const roce::ssh::SshCollectorOptions &options = {});

signals:
    void hostKeyProbed(int requestId, const roce::ssh::HostKeyInfo &info);
    /// checkLogin() worked: the host key (Known, or Trusted just now) and an authenticated login.
    void loggedIn(int requestId, const roce::ssh::HostKeyInfo &info);
    void bootstrapped(int requestId, const roce::ssh::BootstrapResult &result);
    void collected(int requestId, const roce::agentproto::AgentSample &sample);
    /// failure.hostKey.status is Unknown for a key to confirm (retry with acceptFingerprint),
    /// Changed/OtherType for a refused key, NotChecked when the failure is not about the key.
    void failed(int requestId, const roce::ssh::SshFailure &failure);

private:
    struct Sessions;
    std::unique_ptr<Sessions> m_sessions;           ///< touched on the worker thread only
    WorkerThread m_thread {QStringLiteral("ssh")};  ///< joined before m_sessions dies
    int m_nextId = 1;
};

}  // namespace roce::ssh

Q_DECLARE_METATYPE(roce::ssh::BootstrapResult)
