#pragma once

#include "common/result.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace roce::inventory {

/// The switch of the fabric as the user entered it. The password is not here: it lives in the
/// OS keychain (see SecretStore), under switchSecretKey().
struct SwitchEntry {
    QString name;  ///< for people; the switch's own host name is learned from `show version`
    QUrl url;      ///< https://switch[:port]
    QString user;
    QString pinSha256;  ///< certificate SHA-256 the user confirmed (hex, colons allowed)
    bool allowHttp = false;

    bool isSet() const { return url.isValid() && !url.isEmpty(); }
    bool operator==(const SwitchEntry &) const = default;
};

/// A server with (or waiting for) a roce-agent. Its token lives in the keychain under
/// agentSecretKey(name).
struct ServerEntry {
    QString name;
    QString address;  ///< host name or IP the console reaches the agent (and SSH) at
    quint16 agentPort = 18471;
    QString agentPinSha256;  ///< agent certificate SHA-256; empty = verified by CA
    QString switchPort;      ///< typed fallback when LLDP says nothing (long or short NX-OS name)
    QString sshUser;         ///< for bootstrap and the SSH fallback collector
    quint16 sshPort = 22;
    /// No agent on this server: its NICs are read over SSH (`rdma statistic`, `ethtool -S`).
    bool collectOverSsh = false;

    bool operator==(const ServerEntry &) const = default;
};

/// What the console monitors. Never holds a secret, so it can be saved, exported and shown.
struct Inventory {
    SwitchEntry fabricSwitch;
    QList<ServerEntry> servers;

    bool isEmpty() const { return !fabricSwitch.isSet() && servers.isEmpty(); }
    const ServerEntry *server(const QString &name) const;
    bool operator==(const Inventory &) const = default;
};

/// An inventory read from a file, with any secrets the file carried (key -> secret). Secrets
/// found in a file are handed over so that the caller moves them to the keychain; they are
/// never written back to a file.
struct ImportedInventory {
    Inventory inventory;
    QHash<QString, QString> secrets;
    QStringList warnings;
};

/// The name that qualifies a switch's ports ("nexus-a/Ethernet1/2/2"): its name, or the
/// host of its URL when the user left the name empty.
QString switchName(const SwitchEntry &entry);

/// Keychain keys: one per switch login, one per agent.
QString switchSecretKey(const SwitchEntry &entry);
QString agentSecretKey(const QString &serverName);

/// Problems that make an inventory unusable, one sentence each, naming the entry and field:
/// missing or duplicate names, addresses, ports out of range, bad URLs or pins. Empty = fine.
QStringList validate(const Inventory &inventory);

/// The file format (`{"format":"roce-inventory","version":1,"switch":{...},"servers":[...]}`).
/// Secrets are never part of it.
QJsonObject toJson(const Inventory &inventory);
QByteArray toFileBytes(const Inventory &inventory);

/// Parses a file's bytes; @p origin names it in errors. Unknown keys are reported as warnings
/// (a newer console may have written them); a wrong type, a missing name or an invalid entry
/// is an error that says where. "password"/"token" fields are accepted once, as secrets.
Result<ImportedInventory> fromFileBytes(const QByteArray &bytes, const QString &origin);

Result<ImportedInventory> loadFile(const QString &path);
/// Writes atomically (QSaveFile) with mode 0600.
Result<void> saveFile(const QString &path, const Inventory &inventory);

/// Where the console keeps its inventory: ~/.config/RoceFabricConsole/roce-console/inventory.json.
QString defaultPath();

}  // namespace roce::inventory

Q_DECLARE_METATYPE(roce::inventory::Inventory)
