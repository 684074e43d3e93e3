#include "inventorydialog.h"

#include "inventory/secretstore.h"
#include "models/inventorymodel.h"
#include "nxapi/nxapiclient.h"
#include "palette.h"
#include "ssh/sshworker.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

namespace roce::widgets {

using inventory::Inventory;
using inventory::ServerEntry;
using inventory::SwitchEntry;

namespace {

constexpr int kMinTokenLength = 16;  // the agent refuses shorter tokens

/// Paints cells the model marks invalid with a red tint, so that what blocks OK is visible.
class InvalidCellDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    /// The collector is one of two words: offer them instead of a free text field.
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override
    {
        if (index.column() != models::InventoryModel::Collector)
            return QStyledItemDelegate::createEditor(parent, option, index);
        auto *combo = new QComboBox(parent);
        combo->addItems({QStringLiteral("agent"), QStringLiteral("ssh")});
        return combo;
    }
    void setEditorData(QWidget *editor, const QModelIndex &index) const override
    {
        if (auto *combo = qobject_cast<QComboBox *>(editor))
            combo->setCurrentText(index.data(Qt::EditRole).toString());
        else
            QStyledItemDelegate::setEditorData(editor, index);
    }
    void setModelData(QWidget *editor, QAbstractItemModel *model,
                      const QModelIndex &index) const override
    {
        if (auto *combo = qobject_cast<QComboBox *>(editor))
            model->setData(index, combo->currentText());
        else
            QStyledItemDelegate::setModelData(editor, model, index);
    }

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.data(models::InventoryModel::InvalidRole).toBool())
            option->backgroundBrush = palette::invalidTint();
    }
};

}  // namespace

InventoryDialog::InventoryDialog(const Inventory &initial, inventory::SecretStore *secrets,
                                 QString savePath, QWidget *parent)
    : QDialog(parent),
      m_secrets(secrets),
      m_savePath(std::move(savePath)),
      m_model(new models::InventoryModel(this))
{
    setWindowTitle(tr("Fabric inventory"));
    m_trust = [this](const QString &fingerprint, const QString &details) {
        return QMessageBox::question(
                   this, tr("Trust this switch certificate?"),
                   tr("The switch presents a certificate that no CA vouches for:\n\nSHA-256 "
                      "%1\n\n%2\n\nCompare it with 'show nxapi' on the switch console. Pin it?")
                       .arg(fingerprint, details))
            == QMessageBox::Yes;
    };
    m_trustHost = [this](const ssh::HostKeyInfo &key) {
        return QMessageBox::question(
                   this, tr("Trust this SSH host key?"),
                   tr("%1:%2 presents a host key that is not in %3:\n\n%4 %5\n\nCompare it "
                      "with 'ssh-keygen -lf /etc/ssh/ssh_host_%6_key.pub' on the server. Trust "
                      "it and add it to known_hosts?")
                       .arg(key.host)
                       .arg(key.port)
                       .arg(key.knownHostsFile.isEmpty() ? QStringLiteral("~/.ssh/known_hosts")
                                                         : key.knownHostsFile,
                            key.type, key.fingerprintSha256, key.type.toLower()))
            == QMessageBox::Yes;
    };
    buildUi();
    setSwitchFields(initial.fabricSwitch);
    m_model->setServers(initial.servers);
    connect(m_model, &models::InventoryModel::renamed, this,
            [this](const QString &from, const QString &to) {
                // The token follows the server: typed ones and those read from the keychain.
                const QString oldKey = inventory::agentSecretKey(from);
                const QString newKey = inventory::agentSecretKey(to);
                if (m_pending.contains(oldKey))
                    m_pending.insert(newKey, m_pending.take(oldKey));
                else if (m_keychainValues.contains(oldKey))
                    m_pending.insert(newKey, m_keychainValues.value(oldKey));
            });
    readKeychainState();
}

void InventoryDialog::buildUi()
{
    auto *switchBox = new QGroupBox(tr("Switch (NX-API)"), this);
    auto *form = new QFormLayout(switchBox);
    m_switchName = new QLineEdit(switchBox);
    m_switchName->setPlaceholderText(tr("e.g. nexus-a (learned from the switch when empty)"));
    m_url = new QLineEdit(switchBox);
    m_url->setPlaceholderText(QStringLiteral("https://10.0.0.1"));
    m_user = new QLineEdit(switchBox);
    m_password = new QLineEdit(switchBox);
    m_password->setEchoMode(QLineEdit::Password);
    m_pin = new QLineEdit(switchBox);
    m_pin->setPlaceholderText(tr("SHA-256 of the switch certificate (hex)"));
    m_fetchPin = new QPushButton(tr("Fetch from switch..."), switchBox);
    m_fetchPin->setToolTip(tr("Connects to the URL, shows the certificate's SHA-256 and pins it "
                              "once you confirm it matches 'show nxapi' on the switch."));
    auto *pinRow = new QHBoxLayout;
    pinRow->addWidget(m_pin, 1);
    pinRow->addWidget(m_fetchPin);
    m_allowHttp = new QCheckBox(tr("Allow plain HTTP (sends the password in clear)"), switchBox);
    m_switchName->setObjectName(QStringLiteral("switchName"));
    m_url->setObjectName(QStringLiteral("switchUrl"));
    m_user->setObjectName(QStringLiteral("switchUser"));
    m_password->setObjectName(QStringLiteral("switchPassword"));
    m_pin->setObjectName(QStringLiteral("switchPin"));
    m_fetchPin->setObjectName(QStringLiteral("fetchPin"));
    m_allowHttp->setObjectName(QStringLiteral("allowHttp"));
    form->addRow(tr("Name:"), m_switchName);
    form->addRow(tr("URL:"), m_url);
    form->addRow(tr("User:"), m_user);
    form->addRow(tr("Password:"), m_password);
    form->addRow(tr("Certificate:"), pinRow);
    form->addRow(QString(), m_allowHttp);

    auto *serverBox = new QGroupBox(tr("Servers (roce-agent)"), this);
    auto *serverLayout = new QVBoxLayout(serverBox);
    m_table = new QTableView(serverBox);
    m_table->setModel(m_model);
    m_table->setItemDelegate(new InvalidCellDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    serverLayout->addWidget(m_table);
    auto *serverButtons = new QHBoxLayout;
    auto *add = new QPushButton(tr("Add"), serverBox);
    auto *remove = new QPushButton(tr("Remove"), serverBox);
    auto *token = new QPushButton(tr("Set token..."), serverBox);
    m_discover = new QPushButton(tr("Discover (LLDP)"), serverBox);
    m_discover->setToolTip(tr("Reads the switch's LLDP neighbours and adds the servers that are "
                              "not listed yet, with the port they are cabled to."));
    add->setObjectName(QStringLiteral("addServer"));
    remove->setObjectName(QStringLiteral("removeServer"));
    token->setObjectName(QStringLiteral("setToken"));
    m_discover->setObjectName(QStringLiteral("discover"));
    m_bootstrap = new QPushButton(tr("Bootstrap via SSH..."), serverBox);
    m_bootstrap->setObjectName(QStringLiteral("bootstrapServer"));
    m_bootstrap->setToolTip(tr("Copies roce-agent to the selected server over SSH, creates its "
                               "token and TLS certificate, installs and starts its systemd unit."));
    m_checkSsh = new QPushButton(tr("Check SSH..."), serverBox);
    m_checkSsh->setObjectName(QStringLiteral("checkSsh"));
    m_checkSsh->setToolTip(tr("Logs in to the selected server over SSH and, if its host key is "
                              "unknown, shows the fingerprint to trust: needed before a server "
                              "without an agent is read over SSH."));
    m_table->setObjectName(QStringLiteral("servers"));
    for (QPushButton *b : {add, remove, token, m_discover, m_bootstrap, m_checkSsh})
        serverButtons->addWidget(b);
    serverButtons->addStretch();
    serverLayout->addLayout(serverButtons);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("inventoryStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto *importButton = buttons->addButton(tr("Import..."), QDialogButtonBox::ActionRole);
    auto *exportButton = buttons->addButton(tr("Export..."), QDialogButtonBox::ActionRole);
    exportButton->setToolTip(tr("Writes the inventory without passwords or tokens."));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(switchBox);
    layout->addWidget(serverBox, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(880, 560);

    connect(add, &QPushButton::clicked, this, &InventoryDialog::addServer);
    connect(remove, &QPushButton::clicked, this, &InventoryDialog::removeSelected);
    connect(token, &QPushButton::clicked, this, &InventoryDialog::askToken);
    connect(m_discover, &QPushButton::clicked, this, &InventoryDialog::discover);
    connect(m_fetchPin, &QPushButton::clicked, this, &InventoryDialog::fetchPin);
    connect(m_checkSsh, &QPushButton::clicked, this, [this] {
        if (!m_table->currentIndex().isValid())
            setStatus(tr("Select a server first."), true);
        else
            checkSsh(m_table->currentIndex().row());
    });
    connect(m_bootstrap, &QPushButton::clicked, this, [this] {
        if (!m_table->currentIndex().isValid())
            setStatus(tr("Select a server first."), true);
        else
            bootstrapServer(m_table->currentIndex().row());
    });
    connect(importButton, &QPushButton::clicked, this, &InventoryDialog::chooseImport);
    connect(exportButton, &QPushButton::clicked, this, &InventoryDialog::chooseExport);
    connect(buttons, &QDialogButtonBox::accepted, this, &InventoryDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &InventoryDialog::reject);
    m_busyDisabled
        = {buttons, m_fetchPin, m_discover, m_bootstrap, m_checkSsh, importButton, exportButton};
}

void InventoryDialog::setSwitchFields(const SwitchEntry &entry)
{
    m_switchName->setText(entry.name);
    m_url->setText(entry.url.toString());
    m_user->setText(entry.user);
    m_pin->setText(entry.pinSha256);
    m_allowHttp->setChecked(entry.allowHttp);
    m_password->clear();
}

Inventory InventoryDialog::inventory() const
{
    Inventory inv;
    inv.fabricSwitch.name = m_switchName->text().trimmed();
    const QString url = m_url->text().trimmed();
    if (!url.isEmpty())
        inv.fabricSwitch.url = QUrl(url, QUrl::StrictMode);
    inv.fabricSwitch.user = m_user->text().trimmed();
    inv.fabricSwitch.pinSha256 = m_pin->text().trimmed();
    inv.fabricSwitch.allowHttp = m_allowHttp->isChecked();
    inv.servers = m_model->servers();
    return inv;
}

QString InventoryDialog::statusText() const
{
    return m_status->text();
}

void InventoryDialog::setStatus(const QString &text, bool problem)
{
    m_status->setText(text);
    m_status->setStyleSheet(
        problem ? QStringLiteral("color: %1;").arg(palette::criticalText().name()) : QString());
}

void InventoryDialog::setBusy(bool busy)
{
    for (QWidget *w : std::as_const(m_busyDisabled))
        w->setEnabled(!busy);
}

void InventoryDialog::readKeychainState()
{
    if (!m_secrets)
        return;
    const QStringList keys = inventory::secretKeys(inventory());
    m_secrets->readAll(keys, [this, keys](Result<QHash<QString, QString>> r) {
        if (!r) {
            setStatus(r.error().message, true);
            return;
        }
        m_keychainValues = r.value();
        for (auto it = m_keychainValues.begin(); it != m_keychainValues.end(); ++it)
            m_inKeychain.insert(it.key());
        for (const ServerEntry &s : m_model->servers())
            m_model->setTokenPresent(s.name,
                                     m_inKeychain.contains(inventory::agentSecretKey(s.name)));
        if (m_inKeychain.contains(inventory::switchSecretKey(inventory().fabricSwitch)))
            m_password->setPlaceholderText(tr("stored in the keychain; type to replace"));
    });
}

void InventoryDialog::addServer()
{
    ServerEntry s;
    s.name = tr("server%1").arg(m_model->rowCount() + 1);
    const int row = m_model->addServer(s);
    m_table->setCurrentIndex(m_model->index(row, models::InventoryModel::Address));
    m_table->edit(m_table->currentIndex());
}

void InventoryDialog::removeSelected()
{
    QList<int> rows;
    for (const QModelIndex &i : m_table->selectionModel()->selectedRows())
        rows.append(i.row());
    if (rows.isEmpty() && m_table->currentIndex().isValid())
        rows.append(m_table->currentIndex().row());
    m_model->removeServers(rows);
}

void InventoryDialog::setAgentToken(const QString &serverName, const QString &token)
{
    m_pending.insert(inventory::agentSecretKey(serverName), token);
    m_model->setTokenPresent(serverName, true);
}

void InventoryDialog::askToken()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        setStatus(tr("Select a server first."), true);
        return;
    }
    const QString name = m_model->servers().at(current.row()).name;
    bool ok = false;
    const QString token = QInputDialog::getText(
        this, tr("Agent token"),
        tr("Token of the agent on %1 (the content of its --token-file, at least %2 characters):")
            .arg(name)
            .arg(kMinTokenLength),
        QLineEdit::Password, QString(), &ok);
    if (!ok)
        return;
    if (token.trimmed().size() < kMinTokenLength) {
        setStatus(tr("The token of %1 is too short: the agent requires at least %2 characters.")
                      .arg(name)
                      .arg(kMinTokenLength),
                  true);
        return;
    }
    setAgentToken(name, token.trimmed());
    setStatus(tr("The token of %1 will be stored in the keychain when you press OK.").arg(name),
              false);
}

bool InventoryDialog::importFrom(const QString &path)
{
    auto loaded = inventory::loadFile(path);
    if (!loaded) {
        setStatus(loaded.error().message, true);
        return false;
    }
    setSwitchFields(loaded->inventory.fabricSwitch);
    m_model->setServers(loaded->inventory.servers);
    for (auto it = loaded->secrets.begin(); it != loaded->secrets.end(); ++it)
        m_pending.insert(it.key(), it.value());
    for (const ServerEntry &s : loaded->inventory.servers)
        m_model->setTokenPresent(s.name,
                                 m_pending.contains(inventory::agentSecretKey(s.name))
                                     || m_inKeychain.contains(inventory::agentSecretKey(s.name)));
    QStringList lines {tr("Imported %n server(s) from %1.", nullptr,
                          static_cast<int>(loaded->inventory.servers.size()))
                           .arg(QFileInfo(path).fileName())};
    lines += loaded->warnings;
    setStatus(lines.join(QLatin1Char('\n')), !loaded->warnings.isEmpty());
    readKeychainState();
    return true;
}

bool InventoryDialog::exportTo(const QString &path)
{
    auto written = inventory::saveFile(path, inventory());
    if (!written) {
        setStatus(written.error().message, true);
        return false;
    }
    setStatus(tr("Exported to %1 (no passwords or tokens).").arg(QDir::toNativeSeparators(path)),
              false);
    return true;
}

void InventoryDialog::chooseImport()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import inventory"), QString(),
                                                      tr("Inventory (*.json);;All files (*)"));
    if (!path.isEmpty())
        importFrom(path);
}

void InventoryDialog::chooseExport()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export inventory"), QStringLiteral("inventory.json"), tr("Inventory (*.json)"));
    if (!path.isEmpty())
        exportTo(path);
}

nxapi::NxapiEndpoint InventoryDialog::switchEndpoint() const
{
    const SwitchEntry sw = inventory().fabricSwitch;
    nxapi::NxapiEndpoint e;
    e.url = sw.url;
    e.user = sw.user;
    e.password = m_password->text().isEmpty()
        ? m_pending.value(inventory::switchSecretKey(sw),
                          m_keychainValues.value(inventory::switchSecretKey(sw)))
        : m_password->text();
    e.pinnedSha256 = sw.pinSha256;
    e.allowHttp = sw.allowHttp;
    e.timeoutMs = 8000;
    return e;
}

void InventoryDialog::fetchPin()
{
    nxapi::NxapiEndpoint endpoint = switchEndpoint();
    if (!endpoint.url.isValid() || endpoint.url.host().isEmpty()) {
        setStatus(tr("Enter the switch URL first."), true);
        return;
    }
    endpoint.pinnedSha256.clear();  // show what the switch presents, whatever is pinned now
    auto *client = new nxapi::NxapiClient(endpoint, this);
    client->setCommands({QStringLiteral("show version")});
    setBusy(true);
    setStatus(tr("Connecting to %1...").arg(endpoint.url.host()), false);
    auto finish = [this, client] {
        client->disconnect(this);
        client->deleteLater();
        setBusy(false);
        emit switchQueryFinished();
    };
    connect(client, &nxapi::NxapiClient::certificateUntrusted, this,
            [this, finish](const QString &fingerprint, const QString &details) {
                finish();
                if (m_trust(fingerprint, details)) {
                    m_pin->setText(fingerprint);
                    setStatus(tr("Certificate pinned: SHA-256 %1").arg(fingerprint), false);
                } else {
                    setStatus(tr("Certificate not trusted; nothing was pinned."), true);
                }
            });
    connect(client, &nxapi::NxapiClient::snapshotReady, this, [this, finish] {
        finish();
        setStatus(tr("The switch certificate is verified by a trusted CA: no pin is needed."),
                  false);
    });
    connect(client, &nxapi::NxapiClient::pollFailed, this,
            [this, finish](const nxapi::NxapiError &error) {
                finish();
                setStatus(error.message, true);
            });
    client->pollNow();
}

void InventoryDialog::discover()
{
    const nxapi::NxapiEndpoint endpoint = switchEndpoint();
    if (!endpoint.url.isValid() || endpoint.url.host().isEmpty()) {
        setStatus(tr("Enter the switch URL first."), true);
        return;
    }
    auto *client = new nxapi::NxapiClient(endpoint, this);
    client->setCommands(
        {QStringLiteral("show version"), QStringLiteral("show lldp neighbors detail")});
    setBusy(true);
    setStatus(tr("Reading LLDP neighbours from %1...").arg(endpoint.url.host()), false);
    auto finish = [this, client] {
        client->disconnect(this);
        client->deleteLater();
        setBusy(false);
        emit switchQueryFinished();
    };
    connect(
        client, &nxapi::NxapiClient::snapshotReady, this,
        [this, finish](const nxapi::SwitchSnapshot &snapshot) {
            finish();
            if (!snapshot.lldpReported) {
                setStatus(tr("The switch did not return its LLDP table (is 'feature lldp' "
                             "enabled?)."),
                          true);
                return;
            }
            const inventory::Discovery found = inventory::discoverServers(snapshot, inventory());
            for (const ServerEntry &s : found.servers)
                m_model->addServer(s);
            QStringList lines {tr("LLDP: added %n server(s); set their tokens, or bootstrap them.",
                                  nullptr, static_cast<int>(found.servers.size()))};
            if (!found.skipped.isEmpty())
                lines.append(tr("Not added: %1").arg(found.skipped.join(QStringLiteral("; "))));
            setStatus(lines.join(QLatin1Char('\n')), false);
        });
    connect(client, &nxapi::NxapiClient::pollFailed, this,
            [this, finish](const nxapi::NxapiError &error) {
                finish();
                setStatus(error.message, true);
            });
    client->pollNow();
}

void InventoryDialog::accept()
{
    const Inventory inv = inventory();
    const QStringList problems = inventory::validate(inv);
    if (!problems.isEmpty()) {
        setStatus(problems.join(QLatin1Char('\n')), true);
        return;
    }
    QHash<QString, QString> toWrite = m_pending;
    if (inv.fabricSwitch.isSet()) {
        const QString key = inventory::switchSecretKey(inv.fabricSwitch);
        if (!m_password->text().isEmpty())
            toWrite.insert(key, m_password->text());
        else if (!m_keychainValues.contains(key)) {
            // URL or user changed: the password typed for the old login still applies.
            for (auto it = m_keychainValues.begin(); it != m_keychainValues.end(); ++it)
                if (it.key().startsWith(QLatin1String("switch/")))
                    toWrite.insert(key, it.value());
        }
    }
    // Only the servers still listed keep a token.
    for (auto it = toWrite.begin(); it != toWrite.end();) {
        const bool agent = it.key().startsWith(QLatin1String("agent/"));
        if (agent && !inv.server(it.key().mid(6)))
            it = toWrite.erase(it);
        else
            ++it;
    }
    auto save = [this, inv](Result<void> r) {
        setBusy(false);
        if (!r) {
            setStatus(r.error().message, true);  // the dialog stays open: nothing is lost
            return;
        }
        m_pending.clear();
        if (!m_savePath.isEmpty()) {
            auto written = inventory::saveFile(m_savePath, inv);
            if (!written) {
                setStatus(written.error().message, true);
                return;
            }
        }
        emit saved(inv);
        QDialog::accept();
    };
    setBusy(true);
    if (toWrite.isEmpty() || !m_secrets) {
        if (!toWrite.isEmpty() && !m_secrets) {
            setBusy(false);
            setStatus(tr("No keychain is available: passwords and tokens cannot be stored."), true);
            return;
        }
        save({});
        return;
    }
    setStatus(
        tr("Storing %n secret(s) in the keychain...", nullptr, static_cast<int>(toWrite.size())),
        false);
    m_secrets->writeAll(toWrite, save);
}

void InventoryDialog::setSshDefaults(const ssh::SshTarget &target,
                                     const ssh::BootstrapOptions &options)
{
    m_sshDefaults = target;
    m_bootstrapDefaults = options;
}

ssh::SshTarget InventoryDialog::sshTargetFor(const ServerEntry &server) const
{
    ssh::SshTarget target = m_sshDefaults;
    target.host = server.address;
    target.port = server.sshPort;
    target.user = server.sshUser.isEmpty() ? QStringLiteral("root") : server.sshUser;
    return target;
}

void InventoryDialog::finishSsh(bool ok)
{
    if (m_ssh)
        m_ssh->disconnect(this);
    setBusy(false);
    emit bootstrapFinished(ok);
}

std::shared_ptr<int> InventoryDialog::startSsh(ssh::SshTarget target,
                                               std::function<int(const ssh::SshTarget &)> start)
{
    if (!m_ssh)
        m_ssh = new ssh::SshWorker(this);
    setBusy(true);
    auto attempt = std::make_shared<int>(start(target));
    connect(m_ssh, &ssh::SshWorker::failed, this,
            [this, target, start, attempt](int id, const ssh::SshFailure &failure) mutable {
                if (id != *attempt)
                    return;
                if (failure.hostKey.status == ssh::HostKeyStatus::Unknown
                    && target.acceptFingerprint.isEmpty()) {
                    if (m_trustHost(failure.hostKey)) {
                        target.acceptFingerprint = failure.hostKey.fingerprintSha256;
                        *attempt = start(target);
                        return;
                    }
                    finishSsh(false);
                    setStatus(tr("Host key of %1 not trusted; nothing was done.").arg(target.host),
                              true);
                    return;
                }
                finishSsh(false);
                setStatus(failure.message, true);
            });
    return attempt;
}

void InventoryDialog::checkSsh(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    const ServerEntry server = m_model->servers().at(row);
    if (server.address.isEmpty()) {
        setStatus(tr("Give the server an address first."), true);
        return;
    }
    const ssh::SshTarget target = sshTargetFor(server);
    setStatus(tr("Logging in to %1@%2:%3...").arg(target.user, target.host).arg(target.port),
              false);
    auto attempt
        = startSsh(target, [this](const ssh::SshTarget &t) { return m_ssh->checkLogin(t); });
    connect(m_ssh, &ssh::SshWorker::loggedIn, this,
            [this, target, attempt](int id, const ssh::HostKeyInfo &key) {
                if (id != *attempt)
                    return;
                finishSsh(true);
                setStatus(tr("SSH to %1@%2:%3 works; host key %4 %5 (%6).")
                              .arg(target.user, target.host)
                              .arg(target.port)
                              .arg(key.type, key.fingerprintSha256,
                                   key.status == ssh::HostKeyStatus::Trusted
                                       ? tr("trusted now, added to known_hosts")
                                       : tr("known")),
                          false);
            });
}

void InventoryDialog::bootstrapServer(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    const ServerEntry server = m_model->servers().at(row);
    if (server.address.isEmpty() || server.name.isEmpty()) {
        setStatus(tr("Give the server a name and an address first."), true);
        return;
    }
    if (m_bootstrapDefaults.agentBinary.isEmpty()
        || !QFileInfo(m_bootstrapDefaults.agentBinary).isExecutable()) {
        setStatus(tr("No roce-agent binary to install was found next to the console."), true);
        return;
    }
    const ssh::SshTarget target = sshTargetFor(server);
    ssh::BootstrapOptions options = m_bootstrapDefaults;
    const QString listenHost = options.listen.section(QLatin1Char(':'), 0, 0);
    options.listen = (listenHost.isEmpty() ? QStringLiteral("0.0.0.0") : listenHost)
        + QLatin1Char(':') + QString::number(server.agentPort);
    setStatus(tr("Bootstrapping %1 over SSH (%2@%3:%4)...")
                  .arg(server.name, target.user, target.host)
                  .arg(target.port),
              false);
    const QString name = server.name;
    auto attempt = startSsh(
        target, [this, options](const ssh::SshTarget &t) { return m_ssh->bootstrap(t, options); });
    connect(m_ssh, &ssh::SshWorker::bootstrapped, this,
            [this, name, attempt](int id, const ssh::BootstrapResult &result) {
                if (id != *attempt)
                    return;
                finishSsh(true);
                // The server may have been renamed or moved while we waited: find it again.
                for (int r = 0; r < m_model->rowCount(); ++r) {
                    if (m_model->servers().at(r).name != name)
                        continue;
                    m_model->setData(m_model->index(r, models::InventoryModel::AgentPin),
                                     result.tlsSha256);
                    m_model->setData(m_model->index(r, models::InventoryModel::AgentPort),
                                     QString::number(result.endpoint.port));
                }
                setAgentToken(name, result.token);
                const QString how = result.startedBy == ssh::StartedBy::Systemd
                    ? tr("started by systemd (%1)").arg(result.unitPath)
                    : tr("started detached, pid %1: %2").arg(result.pid).arg(result.note);
                setStatus(tr("%1: roce-agent installed and %2 in %3 ms; its token goes to the "
                             "keychain when you press OK.")
                              .arg(name, how)
                              .arg(result.elapsedMs),
                          false);
            });
}

}  // namespace roce::widgets
