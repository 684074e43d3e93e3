#include "live/inventory/inventoryactions.h"

#include "collect/ssh/sshworker.h"
#include "live/inventory/secretstore.h"
#include "nxapi/client/nxapiclient.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSet>

#include <optional>

namespace roce::inventory {

namespace {

// A plain context name: lupdate and InventoryActionsText::tr() agree on it whatever the
// namespace.
class InventoryActionsText
{
    Q_DECLARE_TR_FUNCTIONS(InventoryActionsText)
};

// The switch queries of the inventory dialog give up sooner than the poller: a person waits.
constexpr int kQueryTimeoutMs = 8000;

}  // namespace

/// The SSH request running: it is started again, with the key accepted, once the user trusts
/// an unknown host key.
struct InventoryActions::SshRequest {
    Operation operation = Operation::SshCheck;
    QString serverName;
    ssh::SshTarget target;
    std::function<int(const ssh::SshTarget &)> start;
    int id = 0;
    std::optional<ssh::HostKeyInfo> unknownKey;  ///< asked about, not answered yet
};

/// One discovery over several switches: the answers are merged once all are in, in inventory
/// order, so that the result does not depend on which switch answers first.
struct InventoryActions::DiscoveryRun {
    Inventory inventory;
    QList<SwitchEntry> asked;
    QList<std::optional<nxapi::SwitchSnapshot>> snapshots;
    QStringList errors;  ///< per asked switch; empty when it answered
    QStringList notAsked;
    int outstanding = 0;
};

InventoryActions::InventoryActions(SecretStore *secrets, QString savePath, QObject *parent)
    : QObject(parent), m_secrets(secrets), m_savePath(std::move(savePath))
{ }

InventoryActions::~InventoryActions() = default;

bool InventoryActions::begin(Operation operation)
{
    if (m_busy) {
        emit failed(operation, InventoryActionsText::tr("Wait for the running action to finish."));
        return false;
    }
    m_busy = true;
    emit busyChanged(true);
    return true;
}

void InventoryActions::finish()
{
    m_busy = false;
    emit busyChanged(false);
}

void InventoryActions::fail(Operation operation, const QString &message)
{
    finish();
    emit failed(operation, message);
}

// --- secrets -------------------------------------------------------------------------------

void InventoryActions::loadSecrets(const Inventory &inventory)
{
    if (!m_secrets)
        return;
    m_secrets->readAll(secretKeys(inventory), [this](const Result<QHash<QString, QString>> &r) {
        if (!r) {
            emit failed(Operation::LoadSecrets, r.error().message);
            return;
        }
        for (auto it = r->begin(); it != r->end(); ++it)
            m_keychain.insert(it.key(), it.value());
        emit secretsLoaded();
    });
}

bool InventoryActions::hasSecret(const QString &key) const
{
    return m_pending.contains(key) || m_keychain.contains(key);
}

QString InventoryActions::secret(const QString &key) const
{
    return m_pending.value(key, m_keychain.value(key));
}

void InventoryActions::setPendingSecret(const QString &key, const QString &secret)
{
    m_pending.insert(key, secret);
}

void InventoryActions::addPendingSecrets(const QHash<QString, QString> &secrets)
{
    for (auto it = secrets.begin(); it != secrets.end(); ++it)
        m_pending.insert(it.key(), it.value());
}

void InventoryActions::moveSecret(const QString &from, const QString &to)
{
    if (from == to)
        return;
    if (m_pending.contains(from))
        m_pending.insert(to, m_pending.take(from));
    else if (m_keychain.contains(from))
        m_pending.insert(to, m_keychain.value(from));
}

// --- save ----------------------------------------------------------------------------------

void InventoryActions::save(const Inventory &inventory)
{
    const QStringList problems = validate(inventory);
    if (!problems.isEmpty()) {
        emit failed(Operation::Save, problems.join(QLatin1Char('\n')));
        return;
    }
    // Only what the inventory still lists is stored: a removed server's token, the password of
    // a switch login that was changed since, stay out of the keychain. A server read over SSH
    // keeps its token, for when it is switched back to its agent.
    QSet<QString> listed;
    for (const SwitchEntry &sw : inventory.switches)
        listed.insert(switchSecretKey(sw));
    for (const ServerEntry &s : inventory.servers)
        listed.insert(agentSecretKey(s.name));
    QHash<QString, QString> toWrite;
    for (auto it = m_pending.begin(); it != m_pending.end(); ++it)
        if (listed.contains(it.key()))
            toWrite.insert(it.key(), it.value());
    if (!toWrite.isEmpty() && !m_secrets) {
        emit failed(Operation::Save,
                    InventoryActionsText::tr(
                        "No keychain is available: passwords and tokens cannot be stored."));
        return;
    }
    if (!begin(Operation::Save))
        return;
    auto writeFile = [this, inventory, toWrite](const Result<void> &r) {
        if (!r) {
            fail(Operation::Save, r.error().message);  // nothing pending is dropped
            return;
        }
        // In the keychain now: known there, no longer pending.
        for (auto it = toWrite.begin(); it != toWrite.end(); ++it) {
            m_keychain.insert(it.key(), it.value());
            m_pending.remove(it.key());
        }
        if (!m_savePath.isEmpty()) {
            auto written = saveFile(m_savePath, inventory);
            if (!written) {
                fail(Operation::Save, written.error().message);
                return;
            }
        }
        finish();
        emit saved(inventory);
    };
    if (toWrite.isEmpty()) {
        writeFile({});
        return;
    }
    emit progress(InventoryActionsText::tr("Storing %n secret(s) in the keychain...", nullptr,
                                           static_cast<int>(toWrite.size())));
    m_secrets->writeAll(toWrite, writeFile);
}

// --- switches ------------------------------------------------------------------------------

nxapi::NxapiEndpoint InventoryActions::endpointFor(const SwitchEntry &entry) const
{
    nxapi::NxapiEndpoint e;
    e.url = entry.url;
    e.user = entry.user;
    e.password = secret(switchSecretKey(entry));
    e.pinnedSha256 = entry.pinSha256;
    e.allowHttp = entry.allowHttp;
    e.timeoutMs = kQueryTimeoutMs;
    return e;
}

void InventoryActions::fetchPin(const SwitchEntry &entry)
{
    nxapi::NxapiEndpoint endpoint = endpointFor(entry);
    if (!endpoint.url.isValid() || endpoint.url.host().isEmpty()) {
        emit failed(Operation::FetchPin, InventoryActionsText::tr("Enter the switch URL first."));
        return;
    }
    if (!begin(Operation::FetchPin))
        return;
    endpoint.pinnedSha256.clear();  // show what the switch presents, whatever is pinned now
    auto *client = new nxapi::NxapiClient(endpoint, this);
    client->setCommands({QStringLiteral("show version")});
    emit progress(InventoryActionsText::tr("Connecting to %1...").arg(endpoint.url.host()));
    const QString name = entry.name;
    auto done = [this, client] {
        client->disconnect(this);
        client->deleteLater();
        finish();
    };
    connect(client, &nxapi::NxapiClient::certificateUntrusted, this,
            [this, done, name](const QString &fingerprint, const QString &details) {
                done();
                emit pinFetched(name, fingerprint, details);
            });
    connect(client, &nxapi::NxapiClient::snapshotReady, this, [this, done, name] {
        done();
        emit pinNotNeeded(name);
    });
    connect(client, &nxapi::NxapiClient::pollFailed, this,
            [this, done](const nxapi::NxapiError &error) {
                done();
                emit failed(Operation::FetchPin, error.message);
            });
    client->pollNow();
}

void InventoryActions::discoverLldp(const Inventory &inventory)
{
    auto run = std::make_shared<DiscoveryRun>();
    run->inventory = inventory;
    for (const SwitchEntry &sw : inventory.switches) {
        if (sw.isSet() && !sw.url.host().isEmpty() && !secret(switchSecretKey(sw)).isEmpty())
            run->asked.append(sw);
        else
            run->notAsked.append(sw.name);
    }
    if (inventory.switches.isEmpty()) {
        emit failed(Operation::Discover, InventoryActionsText::tr("Add a switch first."));
        return;
    }
    if (run->asked.isEmpty()) {
        emit failed(Operation::Discover,
                    InventoryActionsText::tr(
                        "No switch has a URL and a password to read LLDP with: set them first."));
        return;
    }
    if (!begin(Operation::Discover))
        return;
    run->snapshots.resize(run->asked.size());
    run->errors.resize(run->asked.size());
    run->outstanding = static_cast<int>(run->asked.size());
    QStringList hosts;
    for (const SwitchEntry &sw : std::as_const(run->asked))
        hosts.append(sw.url.host());
    emit progress(InventoryActionsText::tr("Reading LLDP neighbours from %1...")
                      .arg(hosts.join(QStringLiteral(", "))));
    for (qsizetype i = 0; i < run->asked.size(); ++i) {
        auto *client = new nxapi::NxapiClient(endpointFor(run->asked.at(i)), this);
        client->setCommands(
            {QStringLiteral("show version"), QStringLiteral("show lldp neighbors detail")});
        auto done = [this, client, run] {
            client->disconnect(this);
            client->deleteLater();
            if (--run->outstanding == 0)
                finishDiscovery(run);
        };
        connect(client, &nxapi::NxapiClient::snapshotReady, this,
                [run, i, done](const nxapi::SwitchSnapshot &snapshot) {
                    run->snapshots[i] = snapshot;
                    done();
                });
        connect(client, &nxapi::NxapiClient::pollFailed, this,
                [run, i, done](const nxapi::NxapiError &error) {
                    run->errors[i] = error.message;
                    done();
                });
        client->pollNow();
    }
}

void InventoryActions::finishDiscovery(const std::shared_ptr<DiscoveryRun> &run)
{
    // With one switch the notes read as before; with several each says which switch.
    const bool several = run->asked.size() > 1;
    auto about = [several](const SwitchEntry &sw, const QString &text) {
        return several ? InventoryActionsText::tr("%1: %2").arg(sw.name, text) : text;
    };
    Discovery found;
    QStringList notes;
    QStringList failures;
    Inventory known = run->inventory;
    for (qsizetype i = 0; i < run->asked.size(); ++i) {
        const SwitchEntry &sw = run->asked.at(i);
        if (!run->snapshots.at(i)) {
            failures.append(about(sw, run->errors.at(i)));
            continue;
        }
        const nxapi::SwitchSnapshot &snapshot = *run->snapshots.at(i);
        if (!snapshot.lldpReported) {
            failures.append(about(
                sw,
                InventoryActionsText::tr("The switch did not return its LLDP table (is 'feature "
                                         "lldp' enabled?).")));
            continue;
        }
        // A server seen by two switches (dual-homed) is proposed once, on the first.
        const Discovery here = discoverServers(snapshot, known, sw.name);
        known.servers += here.servers;
        found.servers += here.servers;
        for (const QString &skipped : here.skipped)
            found.skipped.append(about(sw, skipped));
    }
    for (const QString &name : std::as_const(run->notAsked))
        notes.append(
            InventoryActionsText::tr("%1 was not asked: it has no URL or no password.").arg(name));
    finish();
    if (failures.size() == run->asked.size()) {
        emit failed(Operation::Discover, (failures + notes).join(QLatin1Char('\n')));
        return;
    }
    emit discovered(found, failures + notes);
}

// --- SSH -----------------------------------------------------------------------------------

void InventoryActions::setSshDefaults(const ssh::SshTarget &target,
                                      const ssh::BootstrapOptions &options)
{
    m_sshDefaults = target;
    m_bootstrapDefaults = options;
}

ssh::SshTarget InventoryActions::sshTargetFor(const ServerEntry &server) const
{
    ssh::SshTarget target = m_sshDefaults;
    target.host = server.address;
    target.port = server.sshPort;
    target.user = server.sshUser.isEmpty() ? QStringLiteral("root") : server.sshUser;
    return target;
}

void InventoryActions::startSsh(Operation operation, const ServerEntry &server,
                                std::function<int(const ssh::SshTarget &)> start)
{
    if (!m_ssh) {
        m_ssh = new ssh::SshWorker(this);
        connect(m_ssh, &ssh::SshWorker::failed, this, &InventoryActions::sshFailed);
        connect(m_ssh, &ssh::SshWorker::loggedIn, this,
                [this](int id, const ssh::HostKeyInfo &key) {
                    if (!m_request || id != m_request->id)
                        return;
                    const ssh::SshTarget target = m_request->target;
                    m_request.reset();
                    finish();
                    emit sshChecked(target, key);
                });
        connect(m_ssh, &ssh::SshWorker::bootstrapped, this,
                [this](int id, const ssh::BootstrapResult &result) {
                    if (!m_request || id != m_request->id)
                        return;
                    const QString name = m_request->serverName;
                    m_request.reset();
                    m_pending.insert(agentSecretKey(name), result.token);
                    finish();
                    emit bootstrapped(name, result);
                });
    }
    m_request = std::make_unique<SshRequest>();
    m_request->operation = operation;
    m_request->serverName = server.name;
    m_request->target = sshTargetFor(server);
    m_request->start = std::move(start);
    m_request->id = m_request->start(m_request->target);
}

void InventoryActions::sshFailed(int id, const ssh::SshFailure &failure)
{
    if (!m_request || id != m_request->id)
        return;
    if (failure.hostKey.status == ssh::HostKeyStatus::Unknown
        && m_request->target.acceptFingerprint.isEmpty()) {
        m_request->unknownKey = failure.hostKey;
        // The answer may come at once (answerHostKey() from a slot): nothing after this emit.
        emit hostKeyConfirmationNeeded(failure.hostKey);
        return;
    }
    const Operation operation = m_request->operation;
    m_request.reset();
    fail(operation, failure.message);
}

void InventoryActions::answerHostKey(bool trust)
{
    if (!m_request || !m_request->unknownKey)
        return;
    const ssh::HostKeyInfo key = *m_request->unknownKey;
    m_request->unknownKey.reset();
    if (!trust) {
        const Operation operation = m_request->operation;
        const QString host = m_request->target.host;
        m_request.reset();
        fail(operation,
             InventoryActionsText::tr("Host key of %1 not trusted; nothing was done.").arg(host));
        return;
    }
    m_request->target.acceptFingerprint = key.fingerprintSha256;
    m_request->id = m_request->start(m_request->target);
}

void InventoryActions::checkSsh(const ServerEntry &server)
{
    if (server.address.isEmpty()) {
        emit failed(Operation::SshCheck,
                    InventoryActionsText::tr("Give the server an address first."));
        return;
    }
    if (!begin(Operation::SshCheck))
        return;
    const ssh::SshTarget target = sshTargetFor(server);
    emit progress(InventoryActionsText::tr("Logging in to %1@%2:%3...")
                      .arg(target.user, target.host)
                      .arg(target.port));
    startSsh(Operation::SshCheck, server,
             [this](const ssh::SshTarget &t) { return m_ssh->checkLogin(t); });
}

void InventoryActions::bootstrap(const ServerEntry &server)
{
    if (server.address.isEmpty() || server.name.isEmpty()) {
        emit failed(Operation::Bootstrap,
                    InventoryActionsText::tr("Give the server a name and an address first."));
        return;
    }
    if (m_bootstrapDefaults.agentBinary.isEmpty()
        || !QFileInfo(m_bootstrapDefaults.agentBinary).isExecutable()) {
        emit failed(Operation::Bootstrap,
                    InventoryActionsText::tr(
                        "No roce-agent binary to install was found next to the console."));
        return;
    }
    if (!begin(Operation::Bootstrap))
        return;
    const ssh::SshTarget target = sshTargetFor(server);
    ssh::BootstrapOptions options = m_bootstrapDefaults;
    const QString listenHost = options.listen.section(QLatin1Char(':'), 0, 0);
    options.listen = (listenHost.isEmpty() ? QStringLiteral("0.0.0.0") : listenHost)
        + QLatin1Char(':') + QString::number(server.agentPort);
    emit progress(InventoryActionsText::tr("Bootstrapping %1 over SSH (%2@%3:%4)...")
                      .arg(server.name, target.user, target.host)
                      .arg(target.port));
    startSsh(Operation::Bootstrap, server,
             [this, options](const ssh::SshTarget &t) { return m_ssh->bootstrap(t, options); });
}

}  // namespace roce::inventory
