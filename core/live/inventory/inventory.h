#pragma once

#include "proto/common/result.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace roce::inventory {

/// What a switch is in the fabric; the map and the live-data hub group switches by it.
enum class SwitchRole {
    Leaf,
    Spine,
    Tor,  ///< the single top-of-rack switch of a small fabric (what a version 1 file had)
    Border,
};

/// The file's word for @p role: "leaf", "spine", "tor", "border".
QString roleName(SwitchRole role);
/// The role a file's word names, or empty for any other word.
std::optional<SwitchRole> roleFromName(const QString &name);

/// Bounds and default of a switch's NX-API poll interval, in milliseconds.
inline constexpr int kMinPollIntervalMs = 200;
inline constexpr int kMaxPollIntervalMs = 60000;
inline constexpr int kDefaultPollIntervalMs = 1000;

/// One switch of the fabric as the user entered it. The password is not here: it lives in the
/// OS keychain (see SecretStore), under switchSecretKey().
struct SwitchEntry {
    /// Unique in the inventory, not empty, no '/': ports are addressed as "name/port".
    QString name;
    QUrl url;  ///< https://switch[:port]
    QString user;
    QString pinSha256;  ///< certificate SHA-256 the user confirmed (hex, colons allowed)
    bool allowHttp = false;
    SwitchRole role = SwitchRole::Leaf;
    int pollIntervalMs = kDefaultPollIntervalMs;  ///< kMinPollIntervalMs..kMaxPollIntervalMs

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
    /// Typed fallback when LLDP says nothing: "switch/port" (e.g. "leaf1/Ethernet1/7"), or the
    /// bare port (long or short NX-OS name) when the inventory has exactly one switch.
    QString switchPort;
    QString sshUser;  ///< for bootstrap and the SSH fallback collector
    quint16 sshPort = 22;
    /// No agent on this server: its NICs are read over SSH (`rdma statistic`, `ethtool -S`).
    bool collectOverSsh = false;

    bool operator==(const ServerEntry &) const = default;
};

/// What the console monitors. Never holds a secret, so it can be saved, exported and shown.
struct Inventory {
    QList<SwitchEntry> switches;
    QList<ServerEntry> servers;

    bool isEmpty() const { return switches.isEmpty() && servers.isEmpty(); }
    const ServerEntry *server(const QString &name) const;
    const SwitchEntry *findSwitch(const QString &name) const;
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

/// A server's typed switch port, split: the switch it names and the port on it.
struct SwitchPortRef {
    QString switchName;
    QString port;
    bool operator==(const SwitchPortRef &) const = default;
};

/// Splits @p switchPort ("leaf1/Ethernet1/7" -> leaf1, Ethernet1/7). A bare port ("Eth1/7":
/// no letter follows a '/' in NX-OS interface names) means the only switch. Empty when
/// @p switchPort is empty, names a switch the inventory does not have, or is bare while the
/// inventory has no switch or several.
std::optional<SwitchPortRef> resolveSwitchPort(const Inventory &inventory,
                                               const QString &switchPort);
/// "switch/port": how discovery writes the ports it finds.
QString qualifiedSwitchPort(const QString &switchName, const QString &port);

/// Keychain keys: one per switch login, one per agent.
QString switchSecretKey(const SwitchEntry &entry);
QString agentSecretKey(const QString &serverName);

/// Problems that make an inventory unusable, one sentence each, naming the entry and field:
/// missing, duplicate or slashed names, addresses, ports out of range, bad URLs, pins or poll
/// intervals, switch ports that do not say which switch. Empty = fine.
QStringList validate(const Inventory &inventory);
/// The problems of one switch alone (its URL, user, pin, poll interval, name characters);
/// validate() adds those that need the whole inventory (duplicate names).
QStringList validateSwitch(const SwitchEntry &entry);
/// A certificate pin as the inventory accepts it: 64 hex digits, colons allowed.
bool isPinSha256(const QString &pin);

/// The file format, version 2 (`{"format":"roce-inventory","version":2,"switches":[...],
/// "servers":[...]}`). Secrets are never part of it. Version 1 files (one "switch" object) are
/// read and migrated; files are always written as version 2.
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
