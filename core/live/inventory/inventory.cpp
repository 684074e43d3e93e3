#include "live/inventory/inventory.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>
#include <QStandardPaths>

namespace roce::inventory {

namespace {

class InventoryText
{
    Q_DECLARE_TR_FUNCTIONS(InventoryText)
};

const QLatin1String kFormat("roce-inventory");
constexpr int kVersion = 2;

/// "leaf1/Ethernet1/7" -> {leaf1, Ethernet1/7}. NX-OS interface names never have a letter
/// right after a '/' (Ethernet1/7, Eth101/1/1, port-channel10), so such a '/' ends a switch
/// name.
std::optional<SwitchPortRef> splitQualified(const QString &switchPort)
{
    const qsizetype slash = switchPort.indexOf(QLatin1Char('/'));
    if (slash <= 0 || slash + 1 >= switchPort.size() || !switchPort.at(slash + 1).isLetter())
        return std::nullopt;
    return SwitchPortRef {switchPort.left(slash), switchPort.mid(slash + 1)};
}

QString switchWhere(const SwitchEntry &sw, qsizetype index)
{
    return sw.name.isEmpty() ? InventoryText::tr("Switch %1").arg(index + 1)
                             : InventoryText::tr("Switch '%1'").arg(sw.name);
}

/// What is wrong with one switch on its own; @p where names it.
QStringList switchProblems(const SwitchEntry &sw, const QString &where)
{
    QStringList problems;
    if (sw.name.isEmpty())
        problems.append(InventoryText::tr("%1: the name is missing").arg(where));
    else if (sw.name.contains(QLatin1Char('/')))
        problems.append(InventoryText::tr("%1: the name must not contain '/' (ports are written "
                                          "as switch/port)")
                            .arg(where));
    if (!sw.isSet()) {
        problems.append(InventoryText::tr("%1: the URL is missing or invalid").arg(where));
    } else {
        const QString scheme = sw.url.scheme();
        if (scheme != QLatin1String("https") && scheme != QLatin1String("http"))
            problems.append(InventoryText::tr("%1: the URL must start with https:// (got '%2')")
                                .arg(where, sw.url.toString()));
        else if (scheme == QLatin1String("http") && !sw.allowHttp)
            problems.append(InventoryText::tr("%1: http:// sends the password in clear; use "
                                              "https:// or allow HTTP explicitly")
                                .arg(where));
        if (sw.url.host().isEmpty())
            problems.append(InventoryText::tr("%1: the URL has no host").arg(where));
    }
    if (sw.user.isEmpty())
        problems.append(InventoryText::tr("%1: the NX-API user is missing").arg(where));
    if (!sw.pinSha256.isEmpty() && !isPinSha256(sw.pinSha256))
        problems.append(InventoryText::tr("%1: the certificate pin must be a SHA-256 in hex (64 "
                                          "digits, colons allowed)")
                            .arg(where));
    if (sw.pollIntervalMs < kMinPollIntervalMs || sw.pollIntervalMs > kMaxPollIntervalMs)
        problems.append(InventoryText::tr("%1: the poll interval must be from %2 to %3 ms")
                            .arg(where)
                            .arg(kMinPollIntervalMs)
                            .arg(kMaxPollIntervalMs));
    return problems;
}

/// Why @p switchPort of a server does not resolve, or empty when it does.
QString switchPortProblem(const Inventory &inventory, const QString &switchPort,
                          const QString &where)
{
    if (switchPort.isEmpty() || resolveSwitchPort(inventory, switchPort))
        return {};
    if (const auto qualified = splitQualified(switchPort))
        return InventoryText::tr("%1: the switch port '%2' names the switch '%3', which the "
                                 "inventory does not have")
            .arg(where, switchPort, qualified->switchName);
    if (inventory.switches.isEmpty())
        return InventoryText::tr("%1: the switch port '%2' needs a switch in the inventory")
            .arg(where, switchPort);
    return InventoryText::tr("%1: the switch port '%2' does not say which switch; write it as "
                             "switch/port (e.g. %3/%2)")
        .arg(where, switchPort, inventory.switches.first().name);
}

bool isHostAddress(const QString &address)
{
    static const QRegularExpression host(QStringLiteral("^[A-Za-z0-9._:\\-\\[\\]%]+$"));
    return host.match(address).hasMatch();
}

/// Reads one object's fields by type, collecting what is wrong with it.
class FieldReader
{
public:
    FieldReader(const QJsonObject &object, QString where, QStringList known)
        : m_object(object), m_where(std::move(where)), m_known(std::move(known))
    { }

    QString text(const QString &key)
    {
        const QJsonValue v = m_object.value(key);
        if (v.isUndefined() || v.isNull())
            return {};
        if (!v.isString())
            m_errors.append(InventoryText::tr("%1: '%2' must be a string").arg(m_where, key));
        return v.toString().trimmed();
    }

    quint16 port(const QString &key, quint16 fallback)
    {
        const QJsonValue v = m_object.value(key);
        if (v.isUndefined() || v.isNull())
            return fallback;
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < 1 || d > 65535 || d != static_cast<int>(d)) {
            m_errors.append(InventoryText::tr("%1: '%2' must be a port number from 1 to 65535")
                                .arg(m_where, key));
            return fallback;
        }
        return static_cast<quint16>(d);
    }

    int integer(const QString &key, int fallback, int min, int max)
    {
        const QJsonValue v = m_object.value(key);
        if (v.isUndefined() || v.isNull())
            return fallback;
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < min || d > max || d != static_cast<int>(d)) {
            m_errors.append(InventoryText::tr("%1: '%2' must be a whole number from %3 to %4")
                                .arg(m_where, key)
                                .arg(min)
                                .arg(max));
            return fallback;
        }
        return static_cast<int>(d);
    }

    void addError(const QString &message) { m_errors.append(message); }

    bool flag(const QString &key)
    {
        const QJsonValue v = m_object.value(key);
        if (!v.isUndefined() && !v.isNull() && !v.isBool())
            m_errors.append(InventoryText::tr("%1: '%2' must be true or false").arg(m_where, key));
        return v.toBool(false);
    }

    QStringList unknownKeys() const
    {
        QStringList unknown;
        for (auto it = m_object.begin(); it != m_object.end(); ++it)
            if (!m_known.contains(it.key()))
                unknown.append(it.key());
        return unknown;
    }

    QStringList errors() const { return m_errors; }
    const QString &where() const { return m_where; }

private:
    QJsonObject m_object;
    QString m_where;
    QStringList m_known;
    QStringList m_errors;
};

void warnUnknown(const FieldReader &reader, QStringList &warnings)
{
    const QStringList unknown = reader.unknownKeys();
    if (!unknown.isEmpty())
        warnings.append(InventoryText::tr("%1: ignored unknown field(s) %2")
                            .arg(reader.where(), unknown.join(QStringLiteral(", "))));
}

}  // namespace

const ServerEntry *Inventory::server(const QString &name) const
{
    for (const ServerEntry &s : servers)
        if (s.name == name)
            return &s;
    return nullptr;
}

const SwitchEntry *Inventory::findSwitch(const QString &name) const
{
    for (const SwitchEntry &s : switches)
        if (s.name == name)
            return &s;
    return nullptr;
}

QString roleName(SwitchRole role)
{
    switch (role) {
    case SwitchRole::Leaf:
        return QStringLiteral("leaf");
    case SwitchRole::Spine:
        return QStringLiteral("spine");
    case SwitchRole::Tor:
        return QStringLiteral("tor");
    case SwitchRole::Border:
        return QStringLiteral("border");
    }
    return QStringLiteral("leaf");
}

std::optional<SwitchRole> roleFromName(const QString &name)
{
    for (SwitchRole role :
         {SwitchRole::Leaf, SwitchRole::Spine, SwitchRole::Tor, SwitchRole::Border})
        if (roleName(role) == name)
            return role;
    return std::nullopt;
}

std::optional<SwitchPortRef> resolveSwitchPort(const Inventory &inventory,
                                               const QString &switchPort)
{
    if (switchPort.isEmpty())
        return std::nullopt;
    if (const auto qualified = splitQualified(switchPort))
        return inventory.findSwitch(qualified->switchName) ? qualified : std::nullopt;
    if (inventory.switches.size() != 1)
        return std::nullopt;
    return SwitchPortRef {inventory.switches.first().name, switchPort};
}

QString qualifiedSwitchPort(const QString &switchName, const QString &port)
{
    return switchName + QLatin1Char('/') + port;
}

QString switchSecretKey(const SwitchEntry &entry)
{
    return QStringLiteral("switch/") + entry.url.toString(QUrl::RemoveUserInfo) + QLatin1Char('/')
        + entry.user;
}

QString agentSecretKey(const QString &serverName)
{
    return QStringLiteral("agent/") + serverName;
}

bool isPinSha256(const QString &pin)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9A-Fa-f]{64}$"));
    return hex.match(QString(pin).remove(QLatin1Char(':'))).hasMatch();
}

QStringList validateSwitch(const SwitchEntry &entry)
{
    return switchProblems(entry, switchWhere(entry, 0));
}

namespace {

/// The servers' problems, switch ports included (they need the switches).
QStringList serverProblems(const Inventory &inventory)
{
    QStringList problems;
    QSet<QString> names;
    QSet<QString> endpoints;
    for (int i = 0; i < inventory.servers.size(); ++i) {
        const ServerEntry &s = inventory.servers.at(i);
        const QString where = s.name.isEmpty() ? InventoryText::tr("Server %1").arg(i + 1)
                                               : InventoryText::tr("Server '%1'").arg(s.name);
        if (s.name.isEmpty())
            problems.append(InventoryText::tr("%1: the name is missing").arg(where));
        else if (names.contains(s.name))
            problems.append(InventoryText::tr("%1: the name is used twice").arg(where));
        names.insert(s.name);
        if (s.address.isEmpty())
            problems.append(InventoryText::tr("%1: the address is missing").arg(where));
        else if (!isHostAddress(s.address))
            problems.append(InventoryText::tr("%1: '%2' is not a host name or IP address")
                                .arg(where, s.address));
        const QString endpoint = s.address + QLatin1Char(':') + QString::number(s.agentPort);
        if (!s.address.isEmpty() && endpoints.contains(endpoint))
            problems.append(
                InventoryText::tr("%1: another server already uses agent %2").arg(where, endpoint));
        endpoints.insert(endpoint);
        if (s.collectOverSsh && s.sshUser.isEmpty())
            problems.append(
                InventoryText::tr("%1: collecting over SSH needs an SSH user").arg(where));
        if (s.agentPort == 0)
            problems.append(
                InventoryText::tr("%1: the agent port must be from 1 to 65535").arg(where));
        if (!s.agentPinSha256.isEmpty() && !isPinSha256(s.agentPinSha256))
            problems.append(InventoryText::tr("%1: the agent certificate pin must be a SHA-256 in "
                                              "hex (64 digits, colons allowed)")
                                .arg(where));
        if (const QString p = switchPortProblem(inventory, s.switchPort, where); !p.isEmpty())
            problems.append(p);
    }
    return problems;
}

/// Reads one switch object; @p where names it ("lab.json: switches[2]").
SwitchEntry readSwitch(const QJsonObject &object, const QString &where, SwitchRole defaultRole,
                       ImportedInventory &out, QStringList &errors)
{
    FieldReader r(object, where,
                  {QStringLiteral("name"), QStringLiteral("url"), QStringLiteral("user"),
                   QStringLiteral("pin_sha256"), QStringLiteral("allow_http"),
                   QStringLiteral("role"), QStringLiteral("poll_interval_ms"),
                   QStringLiteral("password")});
    SwitchEntry sw;
    sw.name = r.text(QStringLiteral("name"));
    // Without user info: the file is written without it (it may hold a password, and an
    // inventory never holds a secret), so what is loaded must not keep it either.
    sw.url = QUrl(r.text(QStringLiteral("url")), QUrl::StrictMode).adjusted(QUrl::RemoveUserInfo);
    sw.user = r.text(QStringLiteral("user"));
    sw.pinSha256 = r.text(QStringLiteral("pin_sha256"));
    sw.allowHttp = r.flag(QStringLiteral("allow_http"));
    sw.role = defaultRole;
    const QString role = r.text(QStringLiteral("role"));
    if (!role.isEmpty()) {
        if (const auto known = roleFromName(role))
            sw.role = *known;
        else
            r.addError(InventoryText::tr("%1: 'role' must be \"leaf\", \"spine\", \"tor\" or "
                                         "\"border\" (got \"%2\")")
                           .arg(where, role));
    }
    sw.pollIntervalMs = r.integer(QStringLiteral("poll_interval_ms"), kDefaultPollIntervalMs,
                                  kMinPollIntervalMs, kMaxPollIntervalMs);
    const QString password = r.text(QStringLiteral("password"));
    if (!password.isEmpty() && sw.isSet())
        out.secrets.insert(switchSecretKey(sw), password);
    errors.append(r.errors());
    warnUnknown(r, out.warnings);
    return sw;
}

}  // namespace

QStringList validate(const Inventory &inventory)
{
    QStringList problems;
    QSet<QString> names;
    for (qsizetype i = 0; i < inventory.switches.size(); ++i) {
        const SwitchEntry &sw = inventory.switches.at(i);
        const QString where = switchWhere(sw, i);
        problems += switchProblems(sw, where);
        if (!sw.name.isEmpty() && names.contains(sw.name))
            problems.append(InventoryText::tr("%1: the name is used twice").arg(where));
        names.insert(sw.name);
    }
    problems += serverProblems(inventory);
    return problems;
}

QJsonObject toJson(const Inventory &inventory)
{
    QJsonObject root {{QStringLiteral("format"), kFormat}, {QStringLiteral("version"), kVersion}};
    QJsonArray switches;
    for (const SwitchEntry &sw : inventory.switches)
        switches.append(QJsonObject {{QStringLiteral("name"), sw.name},
                                     {QStringLiteral("url"), sw.url.toString(QUrl::RemoveUserInfo)},
                                     {QStringLiteral("user"), sw.user},
                                     {QStringLiteral("pin_sha256"), sw.pinSha256},
                                     {QStringLiteral("allow_http"), sw.allowHttp},
                                     {QStringLiteral("role"), roleName(sw.role)},
                                     {QStringLiteral("poll_interval_ms"), sw.pollIntervalMs}});
    root.insert(QStringLiteral("switches"), switches);
    QJsonArray servers;
    for (const ServerEntry &s : inventory.servers) {
        QJsonObject o {{QStringLiteral("name"), s.name},
                       {QStringLiteral("address"), s.address},
                       {QStringLiteral("agent_port"), s.agentPort}};
        if (!s.agentPinSha256.isEmpty())
            o.insert(QStringLiteral("agent_pin_sha256"), s.agentPinSha256);
        if (!s.switchPort.isEmpty())
            o.insert(QStringLiteral("switch_port"), s.switchPort);
        if (!s.sshUser.isEmpty())
            o.insert(QStringLiteral("ssh_user"), s.sshUser);
        if (s.sshPort != 22)
            o.insert(QStringLiteral("ssh_port"), s.sshPort);
        if (s.collectOverSsh)
            o.insert(QStringLiteral("collector"), QStringLiteral("ssh"));
        servers.append(o);
    }
    root.insert(QStringLiteral("servers"), servers);
    return root;
}

QByteArray toFileBytes(const Inventory &inventory)
{
    return QJsonDocument(toJson(inventory)).toJson(QJsonDocument::Indented);
}

namespace {

/// A file's top-level object and the version it says it is.
struct InventoryFile {
    QJsonObject root;
    int version = 0;
};

/// @p bytes as an inventory file: a JSON object in the inventory format, of a version this
/// console reads; or why not.
Result<InventoryFile> readInventoryFile(const QByteArray &bytes, const QString &origin)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return Error {ErrorCode::Parse,
                      InventoryText::tr("%1: not valid JSON at byte %2: %3")
                          .arg(origin)
                          .arg(parseError.offset)
                          .arg(parseError.errorString())};
    if (!doc.isObject())
        return Error {ErrorCode::Parse,
                      InventoryText::tr("%1: an inventory is a JSON object").arg(origin)};
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != kFormat)
        return Error {
            ErrorCode::Parse,
            InventoryText::tr("%1: not a RoCE Fabric Console inventory (\"format\" must be "
                              "\"roce-inventory\")")
                .arg(origin)};
    const int version = root.value(QStringLiteral("version")).toInt(0);
    if (version < 1 || version > kVersion)
        return Error {ErrorCode::Unsupported,
                      InventoryText::tr("%1: inventory version %2 is not supported (this console "
                                        "reads versions 1 and %3)")
                          .arg(origin)
                          .arg(version)
                          .arg(kVersion)};
    return InventoryFile {root, version};
}

/// What fromFileBytes collects from a file's sections: the inventory with its secrets and
/// warnings, and the errors that make the file unusable, in the order they were found.
struct FileRead {
    QString origin;  ///< names the file in messages
    ImportedInventory out;
    QStringList errors;
};

/// The "switch" object of a version 1 file.
void readVersion1Switch(const QJsonValue &swValue, FileRead &f)
{
    // Version 1 had one optional switch: it becomes the only one, a top-of-rack switch.
    // A name was optional then; the URL's host stands in for a missing one.
    if (swValue.isObject()) {
        SwitchEntry sw
            = readSwitch(swValue.toObject(), InventoryText::tr("%1: switch").arg(f.origin),
                         SwitchRole::Tor, f.out, f.errors);
        if (sw.name.isEmpty())
            sw.name = sw.url.host();
        f.out.inventory.switches.append(sw);
    } else if (!swValue.isUndefined() && !swValue.isNull()) {
        f.errors.append(InventoryText::tr("%1: 'switch' must be an object").arg(f.origin));
    }
    f.out.warnings.append(InventoryText::tr("%1 is an inventory of version 1 (one switch); it "
                                            "will be written as version 2 on the next save.")
                              .arg(f.origin));
}

/// The "switches" array of a version 2 file.
void readSwitchArray(const QJsonValue &switchesValue, FileRead &f)
{
    if (!switchesValue.isUndefined() && !switchesValue.isArray())
        f.errors.append(InventoryText::tr("%1: 'switches' must be an array").arg(f.origin));
    const QJsonArray switches = switchesValue.toArray();
    QHash<QString, qsizetype> firstByName;
    for (qsizetype i = 0; i < switches.size(); ++i) {
        const QString where = InventoryText::tr("%1: switches[%2]").arg(f.origin).arg(i);
        if (!switches.at(i).isObject()) {
            f.errors.append(InventoryText::tr("%1 must be an object").arg(where));
            continue;
        }
        const SwitchEntry sw
            = readSwitch(switches.at(i).toObject(), where, SwitchRole::Leaf, f.out, f.errors);
        if (!sw.name.isEmpty() && firstByName.contains(sw.name))
            f.errors.append(InventoryText::tr("%1: 'name' \"%2\" is already used by switches[%3]")
                                .arg(where, sw.name)
                                .arg(firstByName.value(sw.name)));
        firstByName.insert(sw.name, i);
        f.out.inventory.switches.append(sw);
    }
}

/// The problems of each switch read from a file of @p version.
void checkSwitches(int version, FileRead &f)
{
    // Each switch is checked on its own, named by its place in the file (once its fields
    // could be read at all).
    const bool switchesRead = f.errors.isEmpty();
    for (qsizetype i = 0; switchesRead && i < f.out.inventory.switches.size(); ++i)
        f.errors += switchProblems(
            f.out.inventory.switches.at(i),
            version == 1 ? InventoryText::tr("%1: switch").arg(f.origin)
                         : InventoryText::tr("%1: switches[%2]").arg(f.origin).arg(i));
}

/// Reads one server object; @p where names it ("lab.json: servers[2]").
ServerEntry readServer(const QJsonObject &object, const QString &where, ImportedInventory &out,
                       QStringList &errors)
{
    FieldReader r(object, where,
                  {QStringLiteral("name"), QStringLiteral("address"), QStringLiteral("agent_port"),
                   QStringLiteral("agent_pin_sha256"), QStringLiteral("switch_port"),
                   QStringLiteral("ssh_user"), QStringLiteral("ssh_port"),
                   QStringLiteral("collector"), QStringLiteral("token")});
    ServerEntry s;
    s.name = r.text(QStringLiteral("name"));
    s.address = r.text(QStringLiteral("address"));
    s.agentPort = r.port(QStringLiteral("agent_port"), s.agentPort);
    s.agentPinSha256 = r.text(QStringLiteral("agent_pin_sha256"));
    s.switchPort = r.text(QStringLiteral("switch_port"));
    s.sshUser = r.text(QStringLiteral("ssh_user"));
    s.sshPort = r.port(QStringLiteral("ssh_port"), s.sshPort);
    const QString collector = r.text(QStringLiteral("collector"));
    if (!collector.isEmpty() && collector != QLatin1String("agent")
        && collector != QLatin1String("ssh"))
        errors.append(InventoryText::tr("%1: 'collector' must be \"agent\" or \"ssh\"").arg(where));
    s.collectOverSsh = collector == QLatin1String("ssh");
    const QString token = r.text(QStringLiteral("token"));
    if (!token.isEmpty() && !s.name.isEmpty())
        out.secrets.insert(agentSecretKey(s.name), token);
    errors.append(r.errors());
    warnUnknown(r, out.warnings);
    return s;
}

/// The "servers" array.
void readServerArray(const QJsonValue &serversValue, FileRead &f)
{
    if (!serversValue.isUndefined() && !serversValue.isArray())
        f.errors.append(InventoryText::tr("%1: 'servers' must be an array").arg(f.origin));
    const QJsonArray servers = serversValue.toArray();
    for (qsizetype i = 0; i < servers.size(); ++i) {
        const QString where = InventoryText::tr("%1: servers[%2]").arg(f.origin).arg(i);
        if (!servers.at(i).isObject()) {
            f.errors.append(InventoryText::tr("%1 must be an object").arg(where));
            continue;
        }
        const ServerEntry s = readServer(servers.at(i).toObject(), where, f.out, f.errors);
        f.out.inventory.servers.append(s);
    }
}

/// Whether each server's switch port names a switch of the file.
void checkServerSwitchPorts(FileRead &f)
{
    // The switch port needs the switches: checked here, where the server's place is known.
    for (qsizetype i = 0; i < f.out.inventory.servers.size(); ++i) {
        const QString where = InventoryText::tr("%1: servers[%2]").arg(f.origin).arg(i);
        if (const QString p
            = switchPortProblem(f.out.inventory, f.out.inventory.servers.at(i).switchPort, where);
            !p.isEmpty())
            f.errors.append(p);
    }
}

}  // namespace

Result<ImportedInventory> fromFileBytes(const QByteArray &bytes, const QString &origin)
{
    const Result<InventoryFile> file = readInventoryFile(bytes, origin);
    if (!file)
        return file.error();
    const QJsonObject &root = file->root;
    const int version = file->version;

    FileRead f {origin, {}, {}};
    const QString switchesKey
        = version == 1 ? QStringLiteral("switch") : QStringLiteral("switches");
    FieldReader top(root, origin,
                    {QStringLiteral("format"), QStringLiteral("version"), switchesKey,
                     QStringLiteral("servers")});
    warnUnknown(top, f.out.warnings);

    if (version == 1)
        readVersion1Switch(root.value(QStringLiteral("switch")), f);
    else
        readSwitchArray(root.value(QStringLiteral("switches")), f);
    checkSwitches(version, f);
    readServerArray(root.value(QStringLiteral("servers")), f);
    checkServerSwitchPorts(f);
    if (f.errors.isEmpty())
        for (const QString &problem : serverProblems(f.out.inventory))
            f.errors.append(origin + QStringLiteral(": ") + problem);
    if (!f.errors.isEmpty())
        return Error {ErrorCode::Parse, f.errors.join(QLatin1Char('\n'))};
    if (!f.out.secrets.isEmpty())
        f.out.warnings.append(
            InventoryText::tr("%1 holds %n secret(s) in clear; they go to the keychain and are "
                              "never written to a file again. Delete or protect this file.",
                              nullptr, static_cast<int>(f.out.secrets.size()))
                .arg(origin));
    return std::move(f.out);
}

Result<ImportedInventory> loadFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error {file.exists() ? ErrorCode::Io : ErrorCode::NotFound,
                      InventoryText::tr("Cannot read the inventory %1: %2")
                          .arg(QDir::toNativeSeparators(path), file.errorString())};
    return fromFileBytes(file.readAll(), QDir::toNativeSeparators(path));
}

Result<void> saveFile(const QString &path, const Inventory &inventory)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error {ErrorCode::Io,
                      InventoryText::tr("Cannot write the inventory %1: %2")
                          .arg(QDir::toNativeSeparators(path), file.errorString())};
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    file.write(toFileBytes(inventory));
    if (!file.commit())
        return Error {ErrorCode::Io,
                      InventoryText::tr("Cannot write the inventory %1: %2")
                          .arg(QDir::toNativeSeparators(path), file.errorString())};
    return {};
}

QString defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)
        + QStringLiteral("/inventory.json");
}

}  // namespace roce::inventory
