#include "inventorydialog.h"

#include "palette.h"

#include "invalidcelldelegate.h"
#include "live/inventory/fabricendpoints.h"
#include "live/inventory/inventoryactions.h"
#include "live/inventory/secretstore.h"
#include "live/itemmodels/inventorymodel.h"
#include "live/itemmodels/switchinventorymodel.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace roce::widgets {

using inventory::Inventory;
using inventory::InventoryActions;
using inventory::ServerEntry;
using inventory::SwitchEntry;
using models::InventoryModel;
using models::SwitchInventoryModel;

namespace {

constexpr int kMinTokenLength = 16;  // the agent refuses shorter tokens

QTableView *makeTable(QAbstractItemModel *model, InvalidCellDelegate *delegate, QWidget *parent)
{
    auto *table = new QTableView(parent);
    table->setModel(model);
    delegate->setParent(table);
    table->setItemDelegate(delegate);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->horizontalHeader()->setStretchLastSection(true);
    table->verticalHeader()->hide();
    table->setWordWrap(false);
    table->setTextElideMode(Qt::ElideMiddle);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    return table;
}

/// The selected rows of @p table, else its current row.
QList<int> chosenRows(QTableView *table)
{
    QList<int> rows;
    for (const QModelIndex &i : table->selectionModel()->selectedRows())
        rows.append(i.row());
    if (rows.isEmpty() && table->currentIndex().isValid())
        rows.append(table->currentIndex().row());
    return rows;
}

}  // namespace

InventoryDialog::InventoryDialog(const Inventory &initial, inventory::SecretStore *secrets,
                                 QString savePath, QWidget *parent)
    : QDialog(parent),
      m_actions(new InventoryActions(secrets, std::move(savePath), this)),
      m_switches(new SwitchInventoryModel(this)),
      m_servers(new InventoryModel(this))
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
    // The servers' typed ports are checked against the switch names as they are edited.
    connect(m_switches, &SwitchInventoryModel::renamed, m_servers, &InventoryModel::renameSwitch);
    connect(m_switches, &SwitchInventoryModel::namesChanged, m_servers,
            &InventoryModel::setSwitchNames);
    // Secrets follow their entries: a renamed server's token, a switch's password when its
    // URL or user is edited.
    connect(m_servers, &InventoryModel::renamed, m_actions,
            [this](const QString &from, const QString &to) {
                m_actions->moveSecret(inventory::agentSecretKey(from),
                                      inventory::agentSecretKey(to));
            });
    connect(m_switches, &SwitchInventoryModel::loginChanged, m_actions,
            [this](const QString &from, const QString &to) {
                m_actions->moveSecret(from, to);
                // A login the keychain may already hold (a switch added again): ask it.
                if (!m_actions->hasSecret(to))
                    m_actions->loadSecrets(inventory());
            });
    buildUi();
    connectActions();
    setInventory(initial);
    m_actions->loadSecrets(initial);
}

QWidget *InventoryDialog::buildSwitchBox()
{
    auto *box = new QGroupBox(tr("Switches (NX-API)"), this);
    auto *layout = new QVBoxLayout(box);
    auto *delegate = new InvalidCellDelegate(SwitchInventoryModel::InvalidRole);
    QStringList roles;
    for (auto role : {inventory::SwitchRole::Leaf, inventory::SwitchRole::Spine,
                      inventory::SwitchRole::Tor, inventory::SwitchRole::Border})
        roles.append(inventory::roleName(role));
    delegate->setChoices(SwitchInventoryModel::Role, roles);
    m_switchTable = makeTable(m_switches, delegate, box);
    m_switchTable->setObjectName(QStringLiteral("switches"));
    // URLs and pins are long; the rest is short words and numbers.
    m_switchTable->setColumnWidth(SwitchInventoryModel::Url, 220);
    m_switchTable->setColumnWidth(SwitchInventoryModel::Pin, 180);
    m_switchTable->setColumnWidth(SwitchInventoryModel::Role, 70);
    m_switchTable->setColumnWidth(SwitchInventoryModel::PollInterval, 80);
    m_switchTable->setColumnWidth(SwitchInventoryModel::AllowHttp, 50);
    layout->addWidget(m_switchTable);

    auto *add = new QPushButton(tr("Add"), box);
    auto *remove = new QPushButton(tr("Remove"), box);
    auto *password = new QPushButton(tr("Set password..."), box);
    auto *fetch = new QPushButton(tr("Fetch pin..."), box);
    fetch->setToolTip(tr("Connects to the selected switch, shows its certificate's SHA-256 and "
                         "pins it once you confirm it matches 'show nxapi' on the switch."));
    add->setObjectName(QStringLiteral("addSwitch"));
    remove->setObjectName(QStringLiteral("removeSwitch"));
    password->setObjectName(QStringLiteral("setSwitchPassword"));
    fetch->setObjectName(QStringLiteral("fetchPin"));
    auto *buttons = new QHBoxLayout;
    for (QPushButton *b : {add, remove, password, fetch})
        buttons->addWidget(b);
    buttons->addStretch();
    layout->addLayout(buttons);

    connect(add, &QPushButton::clicked, this, &InventoryDialog::addSwitch);
    connect(remove, &QPushButton::clicked, this,
            [this] { m_switches->removeSwitches(chosenRows(m_switchTable)); });
    connect(password, &QPushButton::clicked, this, &InventoryDialog::askSwitchPassword);
    connect(fetch, &QPushButton::clicked, this, [this] {
        if (const int row = selectedRow(m_switchTable, tr("Select a switch first.")); row >= 0)
            fetchPin(row);
    });
    m_busyDisabled.append(fetch);
    return box;
}

QWidget *InventoryDialog::buildServerBox()
{
    auto *box = new QGroupBox(tr("Servers (roce-agent)"), this);
    auto *layout = new QVBoxLayout(box);
    auto *delegate = new InvalidCellDelegate(InventoryModel::InvalidRole);
    delegate->setChoices(InventoryModel::Collector,
                         {QStringLiteral("agent"), QStringLiteral("ssh")});
    m_serverTable = makeTable(m_servers, delegate, box);
    m_serverTable->setObjectName(QStringLiteral("servers"));
    m_serverTable->setColumnWidth(InventoryModel::SwitchPort, 170);
    layout->addWidget(m_serverTable);

    auto *add = new QPushButton(tr("Add"), box);
    auto *remove = new QPushButton(tr("Remove"), box);
    auto *token = new QPushButton(tr("Set token..."), box);
    auto *discover = new QPushButton(tr("Discover (LLDP)"), box);
    discover->setToolTip(tr("Reads the LLDP neighbours of every switch with a password and adds "
                            "the servers that are not listed yet, with the switch and port they "
                            "are cabled to."));
    auto *bootstrap = new QPushButton(tr("Bootstrap via SSH..."), box);
    bootstrap->setToolTip(tr("Copies roce-agent to the selected server over SSH, creates its "
                             "token and TLS certificate, installs and starts its systemd unit."));
    auto *check = new QPushButton(tr("Check SSH..."), box);
    check->setToolTip(tr("Logs in to the selected server over SSH and, if its host key is "
                         "unknown, shows the fingerprint to trust: needed before a server "
                         "without an agent is read over SSH."));
    add->setObjectName(QStringLiteral("addServer"));
    remove->setObjectName(QStringLiteral("removeServer"));
    token->setObjectName(QStringLiteral("setToken"));
    discover->setObjectName(QStringLiteral("discover"));
    bootstrap->setObjectName(QStringLiteral("bootstrapServer"));
    check->setObjectName(QStringLiteral("checkSsh"));
    auto *buttons = new QHBoxLayout;
    for (QPushButton *b : {add, remove, token, discover, bootstrap, check})
        buttons->addWidget(b);
    buttons->addStretch();
    layout->addLayout(buttons);

    connect(add, &QPushButton::clicked, this, &InventoryDialog::addServer);
    connect(remove, &QPushButton::clicked, this,
            [this] { m_servers->removeServers(chosenRows(m_serverTable)); });
    connect(token, &QPushButton::clicked, this, &InventoryDialog::askToken);
    connect(discover, &QPushButton::clicked, this, &InventoryDialog::discover);
    connect(check, &QPushButton::clicked, this, [this] {
        if (const int row = selectedRow(m_serverTable, tr("Select a server first.")); row >= 0)
            checkSsh(row);
    });
    connect(bootstrap, &QPushButton::clicked, this, [this] {
        if (const int row = selectedRow(m_serverTable, tr("Select a server first.")); row >= 0)
            bootstrapServer(row);
    });
    m_busyDisabled += {discover, bootstrap, check};
    return box;
}

void InventoryDialog::buildUi()
{
    QWidget *switchBox = buildSwitchBox();
    QWidget *serverBox = buildServerBox();

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("inventoryStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto *importButton = buttons->addButton(tr("Import..."), QDialogButtonBox::ActionRole);
    auto *exportButton = buttons->addButton(tr("Export..."), QDialogButtonBox::ActionRole);
    exportButton->setToolTip(tr("Writes the inventory without passwords or tokens."));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(switchBox, 2);
    layout->addWidget(serverBox, 3);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(960, 640);

    connect(importButton, &QPushButton::clicked, this, &InventoryDialog::chooseImport);
    connect(exportButton, &QPushButton::clicked, this, &InventoryDialog::chooseExport);
    connect(buttons, &QDialogButtonBox::accepted, this, &InventoryDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &InventoryDialog::reject);
    m_busyDisabled += {buttons, importButton, exportButton};
}

void InventoryDialog::connectActions()
{
    connect(m_actions, &InventoryActions::busyChanged, this, &InventoryDialog::setBusy);
    connect(m_actions, &InventoryActions::progress, this,
            [this](const QString &text) { setStatus(text, false); });
    connect(m_actions, &InventoryActions::failed, this,
            [this](InventoryActions::Operation operation, const QString &message) {
                setStatus(message, true);
                switch (operation) {
                case InventoryActions::Operation::FetchPin:
                case InventoryActions::Operation::Discover:
                    emit switchQueryFinished();
                    break;
                case InventoryActions::Operation::SshCheck:
                case InventoryActions::Operation::Bootstrap:
                    emit bootstrapFinished(false);
                    break;
                case InventoryActions::Operation::LoadSecrets:
                case InventoryActions::Operation::Save:
                    break;  // the dialog stays open: nothing is lost
                }
            });
    connect(m_actions, &InventoryActions::secretsLoaded, this, &InventoryDialog::showSecretState);
    connect(m_actions, &InventoryActions::saved, this, [this](const Inventory &inv) {
        emit saved(inv);
        QDialog::accept();
    });
    connect(m_actions, &InventoryActions::pinFetched, this, &InventoryDialog::pinFetched);
    connect(m_actions, &InventoryActions::pinNotNeeded, this, [this] {
        setStatus(tr("The switch certificate is verified by a trusted CA: no pin is needed."),
                  false);
        emit switchQueryFinished();
    });
    connect(m_actions, &InventoryActions::discovered, this, &InventoryDialog::showDiscovery);
    connect(m_actions, &InventoryActions::hostKeyConfirmationNeeded, this,
            [this](const ssh::HostKeyInfo &key) { m_actions->answerHostKey(m_trustHost(key)); });
    connect(m_actions, &InventoryActions::sshChecked, this,
            [this](const ssh::SshTarget &target, const ssh::HostKeyInfo &key) {
                setStatus(tr("SSH to %1@%2:%3 works; host key %4 %5 (%6).")
                              .arg(target.user, target.host)
                              .arg(target.port)
                              .arg(key.type, key.fingerprintSha256,
                                   key.status == ssh::HostKeyStatus::Trusted
                                       ? tr("trusted now, added to known_hosts")
                                       : tr("known")),
                          false);
                emit bootstrapFinished(true);
            });
    connect(m_actions, &InventoryActions::bootstrapped, this, &InventoryDialog::showBootstrap);
}

void InventoryDialog::setInventory(const Inventory &inventory)
{
    m_switches->setSwitches(inventory.switches);
    m_servers->setServers(inventory.servers);
    showSecretState();
}

Inventory InventoryDialog::inventory() const
{
    Inventory inv;
    inv.switches = m_switches->switches();
    inv.servers = m_servers->servers();
    return inv;
}

const QHash<QString, QString> &InventoryDialog::pendingSecrets() const
{
    return m_actions->pendingSecrets();
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

int InventoryDialog::selectedRow(QTableView *table, const QString &what)
{
    if (!table->currentIndex().isValid()) {
        setStatus(what, true);
        return -1;
    }
    return table->currentIndex().row();
}

void InventoryDialog::showSecretState()
{
    for (const SwitchEntry &sw : m_switches->switches()) {
        const QString key = inventory::switchSecretKey(sw);
        m_switches->setPasswordPresent(key, m_actions->hasSecret(key));
    }
    for (const ServerEntry &s : m_servers->servers())
        m_servers->setTokenPresent(s.name, m_actions->hasSecret(inventory::agentSecretKey(s.name)));
}

void InventoryDialog::addSwitch()
{
    SwitchEntry sw;
    sw.name = tr("switch%1").arg(m_switches->rowCount() + 1);
    const int row = m_switches->addSwitch(sw);
    m_switchTable->setCurrentIndex(m_switches->index(row, SwitchInventoryModel::Url));
    m_switchTable->edit(m_switchTable->currentIndex());
}

void InventoryDialog::addServer()
{
    ServerEntry s;
    s.name = tr("server%1").arg(m_servers->rowCount() + 1);
    const int row = m_servers->addServer(s);
    m_serverTable->setCurrentIndex(m_servers->index(row, InventoryModel::Address));
    m_serverTable->edit(m_serverTable->currentIndex());
}

void InventoryDialog::setSwitchPassword(int row, const QString &password)
{
    if (row < 0 || row >= m_switches->rowCount())
        return;
    const QString key = inventory::switchSecretKey(m_switches->switches().at(row));
    m_actions->setPendingSecret(key, password);
    m_switches->setPasswordPresent(key, true);
}

void InventoryDialog::askSwitchPassword()
{
    const int row = selectedRow(m_switchTable, tr("Select a switch first."));
    if (row < 0)
        return;
    const SwitchEntry sw = m_switches->switches().at(row);
    bool ok = false;
    const QString password = QInputDialog::getText(
        this, tr("Switch password"), tr("NX-API password of %1 on %2:").arg(sw.user, sw.name),
        QLineEdit::Password, QString(), &ok);
    if (!ok || password.isEmpty())
        return;
    setSwitchPassword(row, password);
    setStatus(
        tr("The password of %1 will be stored in the keychain when you press OK.").arg(sw.name),
        false);
}

void InventoryDialog::setAgentToken(const QString &serverName, const QString &token)
{
    m_actions->setPendingSecret(inventory::agentSecretKey(serverName), token);
    m_servers->setTokenPresent(serverName, true);
}

void InventoryDialog::askToken()
{
    const int row = selectedRow(m_serverTable, tr("Select a server first."));
    if (row < 0)
        return;
    const QString name = m_servers->servers().at(row).name;
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
    m_actions->addPendingSecrets(loaded->secrets);
    setInventory(loaded->inventory);
    QStringList lines {tr("Imported %n server(s) from %1.", nullptr,
                          static_cast<int>(loaded->inventory.servers.size()))
                           .arg(QFileInfo(path).fileName())};
    lines += loaded->warnings;
    setStatus(lines.join(QLatin1Char('\n')), !loaded->warnings.isEmpty());
    m_actions->loadSecrets(loaded->inventory);
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

void InventoryDialog::fetchPin(int row)
{
    if (row < 0 || row >= m_switches->rowCount())
        return;
    m_actions->fetchPin(m_switches->switches().at(row));
}

void InventoryDialog::pinFetched(const QString &switchName, const QString &fingerprint,
                                 const QString &details)
{
    if (m_trust(fingerprint, details)) {
        // The row is found again by name: it may have moved while the switch answered.
        for (int row = 0; row < m_switches->rowCount(); ++row)
            if (m_switches->switches().at(row).name == switchName)
                m_switches->setData(m_switches->index(row, SwitchInventoryModel::Pin), fingerprint);
        setStatus(tr("Certificate pinned: SHA-256 %1").arg(fingerprint), false);
    } else {
        setStatus(tr("Certificate not trusted; nothing was pinned."), true);
    }
    emit switchQueryFinished();
}

void InventoryDialog::discover()
{
    m_actions->discoverLldp(inventory());
}

void InventoryDialog::showDiscovery(const inventory::Discovery &found, const QStringList &notes)
{
    for (const ServerEntry &s : found.servers)
        m_servers->addServer(s);
    QStringList lines {tr("LLDP: added %n server(s); set their tokens, or bootstrap them.", nullptr,
                          static_cast<int>(found.servers.size()))};
    if (!found.skipped.isEmpty())
        lines.append(tr("Not added: %1").arg(found.skipped.join(QStringLiteral("; "))));
    lines += notes;
    setStatus(lines.join(QLatin1Char('\n')), !notes.isEmpty());
    emit switchQueryFinished();
}

void InventoryDialog::setSshDefaults(const ssh::SshTarget &target,
                                     const ssh::BootstrapOptions &options)
{
    m_actions->setSshDefaults(target, options);
}

void InventoryDialog::checkSsh(int row)
{
    if (row >= 0 && row < m_servers->rowCount())
        m_actions->checkSsh(m_servers->servers().at(row));
}

void InventoryDialog::bootstrapServer(int row)
{
    if (row >= 0 && row < m_servers->rowCount())
        m_actions->bootstrap(m_servers->servers().at(row));
}

void InventoryDialog::showBootstrap(const QString &name, const ssh::BootstrapResult &result)
{
    // The server may have been renamed or moved while we waited: find it again.
    for (int r = 0; r < m_servers->rowCount(); ++r) {
        if (m_servers->servers().at(r).name != name)
            continue;
        m_servers->setData(m_servers->index(r, InventoryModel::AgentPin), result.tlsSha256);
        m_servers->setData(m_servers->index(r, InventoryModel::AgentPort),
                           QString::number(result.endpoint.port));
    }
    m_servers->setTokenPresent(name, true);  // the token is pending in the actions
    const QString how = result.startedBy == ssh::StartedBy::Systemd
        ? tr("started by systemd (%1)").arg(result.unitPath)
        : tr("started detached, pid %1: %2").arg(result.pid).arg(result.note);
    setStatus(tr("%1: roce-agent installed and %2 in %3 ms; its token goes to the "
                 "keychain when you press OK.")
                  .arg(name, how)
                  .arg(result.elapsedMs),
              false);
    emit bootstrapFinished(true);
}

void InventoryDialog::accept()
{
    m_actions->save(inventory());
}

}  // namespace roce::widgets
