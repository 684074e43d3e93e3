#pragma once

#include "collect/ssh/agentbootstrap.h"
#include "collect/ssh/sshsession.h"
#include "collect/ssh/sshworker.h"  // Q_DECLARE_METATYPE(BootstrapResult), before a signal uses it
#include "live/inventory/fabricendpoints.h"
#include "live/inventory/inventory.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace roce::inventory {

class SecretStore;

/// What editing an inventory does besides showing it: the secrets typed and those the keychain
/// holds, saving (keychain first, then the file), fetching a switch's certificate pin,
/// discovering servers over every switch's LLDP, and checking or bootstrapping a server over
/// SSH with a host-key confirmation step. Every operation is asynchronous and ends in a result
/// signal or failed(); nothing here asks the user: questions are signals, answers are calls.
/// One operation runs at a time (loadSecrets() aside); busyChanged() says when.
class InventoryActions : public QObject
{
    Q_OBJECT

public:
    enum class Operation { LoadSecrets, Save, FetchPin, Discover, SshCheck, Bootstrap };
    Q_ENUM(Operation)

    /// @p secrets may be null: then no secret can be stored and saving one fails, saying so.
    /// @p savePath empty: save() writes the keychain only.
    InventoryActions(SecretStore *secrets, QString savePath, QObject *parent = nullptr);
    ~InventoryActions() override;

    bool isBusy() const { return m_busy; }

    /// Reads the keychain entries @p inventory needs: secretsLoaded(), or failed(LoadSecrets).
    void loadSecrets(const Inventory &inventory);
    /// True when the keychain holds @p key (as last read) or a secret for it is pending.
    bool hasSecret(const QString &key) const;
    /// Secrets typed, imported or made by a bootstrap and not yet in the keychain.
    const QHash<QString, QString> &pendingSecrets() const { return m_pending; }
    void setPendingSecret(const QString &key, const QString &secret);
    void addPendingSecrets(const QHash<QString, QString> &secrets);
    /// The secret under @p from now belongs to @p to (a renamed server, a switch whose URL or
    /// user changed): pending or read from the keychain, it is written under @p to on save.
    void moveSecret(const QString &from, const QString &to);

    /// Validates @p inventory, writes the pending secrets it still uses to the keychain, then
    /// the file: saved(), or failed(Save) with every problem, keeping everything pending.
    void save(const Inventory &inventory);

    /// Connects to @p entry's URL, ignoring any pin, to see its certificate: pinFetched() with
    /// the SHA-256 to confirm, pinNotNeeded() when a CA vouches for it, or failed(FetchPin).
    void fetchPin(const SwitchEntry &entry);
    /// Reads the LLDP neighbours of every switch of @p inventory that has a password and
    /// proposes the servers @p inventory lacks, their ports written "switch/port":
    /// discovered(), or failed(Discover) when no switch could be read.
    void discoverLldp(const Inventory &inventory);

    /// How SSH logs in and installs: @p target's key file, known_hosts and timeout (host, port
    /// and user come from the server) and @p options' paths and agent binary (the listen port
    /// comes from the server's agent port).
    void setSshDefaults(const ssh::SshTarget &target, const ssh::BootstrapOptions &options);
    /// Logs in to @p server over SSH: sshChecked(), or failed(SshCheck). An unknown host key
    /// is asked about first (hostKeyConfirmationNeeded()).
    void checkSsh(const ServerEntry &server);
    /// Installs and starts roce-agent on @p server over SSH: bootstrapped() (its token is then
    /// pending), or failed(Bootstrap). An unknown host key is asked about first.
    void bootstrap(const ServerEntry &server);
    /// The answer to hostKeyConfirmationNeeded(): trusted, the request runs again accepting
    /// exactly that key (which goes to known_hosts); refused, it ends in failed().
    void answerHostKey(bool trust);

signals:
    void busyChanged(bool busy);
    /// What a running operation is doing, for a status line.
    void progress(const QString &text);
    void failed(roce::inventory::InventoryActions::Operation operation, const QString &message);
    void secretsLoaded();
    /// The keychain and the file were written.
    void saved(const roce::inventory::Inventory &inventory);
    void pinFetched(const QString &switchName, const QString &fingerprint, const QString &details);
    void pinNotNeeded(const QString &switchName);
    /// @p notes: neighbours not proposed and switches not read, one sentence each.
    void discovered(const roce::inventory::Discovery &found, const QStringList &notes);
    /// An SSH server presents a host key known_hosts does not have: answer with answerHostKey().
    void hostKeyConfirmationNeeded(const roce::ssh::HostKeyInfo &key);
    void sshChecked(const roce::ssh::SshTarget &target, const roce::ssh::HostKeyInfo &key);
    void bootstrapped(const QString &serverName, const roce::ssh::BootstrapResult &result);

private:
    struct SshRequest;
    struct DiscoveryRun;

    bool begin(Operation operation);
    void finish();
    void fail(Operation operation, const QString &message);
    QString secret(const QString &key) const;
    nxapi::NxapiEndpoint endpointFor(const SwitchEntry &entry) const;
    ssh::SshTarget sshTargetFor(const ServerEntry &server) const;
    void startSsh(Operation operation, const ServerEntry &server,
                  std::function<int(const ssh::SshTarget &)> start);
    void sshFailed(int id, const ssh::SshFailure &failure);
    void finishDiscovery(const std::shared_ptr<DiscoveryRun> &run);

    SecretStore *m_secrets;
    QString m_savePath;
    QHash<QString, QString> m_pending;
    QHash<QString, QString> m_keychain;  ///< as last read: what a pin fetch or discovery uses
    bool m_busy = false;
    ssh::SshWorker *m_ssh = nullptr;
    ssh::SshTarget m_sshDefaults;
    ssh::BootstrapOptions m_bootstrapDefaults;
    std::unique_ptr<SshRequest> m_request;
};

}  // namespace roce::inventory
