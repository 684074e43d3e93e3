#pragma once

#include "inventory/fabricendpoints.h"
#include "inventory/inventory.h"
#include "ssh/agentbootstrap.h"
#include "ssh/sshsession.h"

#include <QDialog>
#include <QHash>
#include <QSet>

#include <functional>
#include <memory>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace roce::inventory {
class SecretStore;
}
namespace roce::models {
class InventoryModel;
}
namespace roce::ssh {
class SshWorker;
}

namespace roce::widgets {

/// Edits what the console monitors: the switch (NX-API URL, user, password, certificate pin,
/// fetched from the switch and trusted on confirmation) and the servers (address, agent port,
/// token, switch port, SSH user), imported from or exported to a file, and servers discovered
/// from the switch's LLDP table. Passwords and tokens go to the keychain only; the saved file
/// and exports never hold them. OK writes the keychain first and the file after, and stays
/// open with the reason when either fails, so nothing typed is lost.
class InventoryDialog : public QDialog
{
    Q_OBJECT

public:
    InventoryDialog(const inventory::Inventory &initial, inventory::SecretStore *secrets,
                    QString savePath, QWidget *parent = nullptr);

    /// The inventory as currently entered.
    inventory::Inventory inventory() const;
    /// Secrets typed or imported and not yet in the keychain (key -> secret).
    const QHash<QString, QString> &pendingSecrets() const { return m_pending; }
    /// The status line: problems, warnings and results of the last action.
    QString statusText() const;

    /// The actions behind the buttons, without their file dialogs (tests call these).
    bool importFrom(const QString &path);
    bool exportTo(const QString &path);
    void setAgentToken(const QString &serverName, const QString &token);
    void discover();
    void fetchPin();

    models::InventoryModel *serverModel() const { return m_model; }

    /// Asks the user to trust a switch certificate (default: a message box showing the
    /// fingerprint). Tests replace it.
    using TrustQuestion = std::function<bool(const QString &fingerprint, const QString &details)>;
    void setTrustQuestion(TrustQuestion question) { m_trust = std::move(question); }
    /// Asks the user to trust an unknown SSH host key (default: a message box with its type
    /// and SHA-256 fingerprint). Tests replace it.
    using HostKeyQuestion = std::function<bool(const ssh::HostKeyInfo &key)>;
    void setHostKeyQuestion(HostKeyQuestion question) { m_trustHost = std::move(question); }

    /// How "Bootstrap via SSH" logs in and installs: @p target's key file, known_hosts and
    /// timeout (host, port and user come from the server's row), and @p options' paths and
    /// agent binary (the listen port comes from the row).
    void setSshDefaults(const ssh::SshTarget &target, const ssh::BootstrapOptions &options);
    /// Installs and starts the agent on the server of @p row over SSH; its token and
    /// certificate pin land in the row (the token goes to the keychain on OK).
    void bootstrapServer(int row);
    /// Logs in to the server of @p row over SSH (asking to trust an unknown host key): what a
    /// server read over SSH ("collector: ssh") needs before the console polls it.
    void checkSsh(int row);

public slots:
    void accept() override;

signals:
    /// The keychain and the file were written; the console reconnects to @p inventory.
    void saved(const roce::inventory::Inventory &inventory);
    /// A discovery or pin fetch finished (tests wait for it).
    void switchQueryFinished();
    /// A bootstrap or SSH check finished, well or not (the status line says which).
    void bootstrapFinished(bool ok);

private:
    void buildUi();
    void setSwitchFields(const inventory::SwitchEntry &entry);
    void addServer();
    void removeSelected();
    void askToken();
    void chooseImport();
    void chooseExport();
    void readKeychainState();
    void setStatus(const QString &text, bool problem);
    nxapi::NxapiEndpoint switchEndpoint() const;
    /// The SSH login of @p server, from the defaults and its row.
    ssh::SshTarget sshTargetFor(const inventory::ServerEntry &server) const;
    /// Runs @p start (a request on the SSH worker); an unknown host key is shown and, once
    /// confirmed, the request is run again with that fingerprint accepted. Other failures end
    /// it with the message. Returns the id holder the caller's success handler checks.
    std::shared_ptr<int> startSsh(ssh::SshTarget target,
                                  std::function<int(const ssh::SshTarget &)> start);
    void finishSsh(bool ok);
    void setBusy(bool busy);

    inventory::SecretStore *m_secrets;
    QString m_savePath;
    models::InventoryModel *m_model;
    QHash<QString, QString> m_pending;
    QSet<QString> m_inKeychain;  ///< keys the keychain is known to hold
    QHash<QString, QString> m_keychainValues;

    QLineEdit *m_switchName = nullptr;
    QLineEdit *m_url = nullptr;
    QLineEdit *m_user = nullptr;
    QLineEdit *m_password = nullptr;
    QLineEdit *m_pin = nullptr;
    QCheckBox *m_allowHttp = nullptr;
    QPushButton *m_fetchPin = nullptr;
    QPushButton *m_discover = nullptr;
    QTableView *m_table = nullptr;
    QLabel *m_status = nullptr;
    QList<QWidget *> m_busyDisabled;
    TrustQuestion m_trust;
    HostKeyQuestion m_trustHost;
    ssh::SshWorker *m_ssh = nullptr;
    ssh::SshTarget m_sshDefaults;
    ssh::BootstrapOptions m_bootstrapDefaults;
    QPushButton *m_bootstrap = nullptr;
    QPushButton *m_checkSsh = nullptr;
};

}  // namespace roce::widgets
