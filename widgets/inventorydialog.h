#pragma once

#include "collect/ssh/agentbootstrap.h"
#include "collect/ssh/sshsession.h"
#include "live/inventory/inventory.h"

#include <QDialog>
#include <QHash>

#include <functional>

class QLabel;
class QTableView;

namespace roce::inventory {
class InventoryActions;
class SecretStore;
struct Discovery;
}  // namespace roce::inventory
namespace roce::models {
class InventoryModel;
class SwitchInventoryModel;
}  // namespace roce::models

namespace roce::widgets {

/// Shows and edits what the console monitors: the switches (name, NX-API URL, user, role,
/// poll interval, certificate pin, allow-HTTP; password set or not) and the servers (address,
/// agent port, token, switch port, SSH user, collector), imported from or exported to a file.
/// It only shows and asks: saving, the keychain, pin fetches, LLDP discovery and SSH are
/// InventoryActions' work. Passwords and tokens go to the keychain only; OK writes the keychain
/// first and the file after, and stays open with the reason when either fails, so nothing
/// typed is lost.
class InventoryDialog : public QDialog
{
    Q_OBJECT

public:
    InventoryDialog(const inventory::Inventory &initial, inventory::SecretStore *secrets,
                    QString savePath, QWidget *parent = nullptr);

    /// The inventory as currently entered.
    inventory::Inventory inventory() const;
    /// Secrets typed or imported and not yet in the keychain (key -> secret).
    const QHash<QString, QString> &pendingSecrets() const;
    /// The status line: problems, warnings and results of the last action.
    QString statusText() const;

    /// The actions behind the buttons, without their file and input dialogs (tests call these).
    bool importFrom(const QString &path);
    bool exportTo(const QString &path);
    void setAgentToken(const QString &serverName, const QString &token);
    /// The NX-API password of the switch of @p row, stored in the keychain on OK.
    void setSwitchPassword(int row, const QString &password);
    /// Reads LLDP from every switch that has a password and adds the servers not listed yet.
    void discover();
    /// Shows the certificate of the switch of @p row and pins it once the user trusts it.
    void fetchPin(int row);

    models::InventoryModel *serverModel() const { return m_servers; }
    models::SwitchInventoryModel *switchModel() const { return m_switches; }
    inventory::InventoryActions *actions() const { return m_actions; }

    /// Asks the user to trust a switch certificate (default: a message box showing the
    /// fingerprint). Tests replace it.
    using TrustQuestion = std::function<bool(const QString &fingerprint, const QString &details)>;
    void setTrustQuestion(TrustQuestion question) { m_trust = std::move(question); }
    /// Asks the user to trust an unknown SSH host key (default: a message box with its type
    /// and SHA-256 fingerprint). Tests replace it.
    using HostKeyQuestion = std::function<bool(const ssh::HostKeyInfo &key)>;
    void setHostKeyQuestion(HostKeyQuestion question) { m_trustHost = std::move(question); }

    /// How "Bootstrap via SSH" and "Check SSH" log in and install (see
    /// InventoryActions::setSshDefaults()).
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
    QWidget *buildSwitchBox();
    QWidget *buildServerBox();
    void connectActions();
    void setInventory(const inventory::Inventory &inventory);
    /// The password and token columns, from what the keychain holds and what is pending.
    void showSecretState();
    void addSwitch();
    void addServer();
    void askSwitchPassword();
    void askToken();
    void chooseImport();
    void chooseExport();
    void pinFetched(const QString &switchName, const QString &fingerprint, const QString &details);
    void showDiscovery(const inventory::Discovery &found, const QStringList &notes);
    void showBootstrap(const QString &serverName, const ssh::BootstrapResult &result);
    void setStatus(const QString &text, bool problem);
    void setBusy(bool busy);
    /// The row of @p table the buttons act on; -1 (and the status says so) when none.
    int selectedRow(QTableView *table, const QString &what);

    inventory::InventoryActions *m_actions;
    models::SwitchInventoryModel *m_switches;
    models::InventoryModel *m_servers;
    QTableView *m_switchTable = nullptr;
    QTableView *m_serverTable = nullptr;
    QLabel *m_status = nullptr;
    QList<QWidget *> m_busyDisabled;
    TrustQuestion m_trust;
    HostKeyQuestion m_trustHost;
};

}  // namespace roce::widgets
