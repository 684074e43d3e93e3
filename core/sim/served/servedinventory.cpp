#include "sim/served/servedinventory.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace roce::sim {

namespace {
class InventoryText
{
    Q_DECLARE_TR_FUNCTIONS(InventoryText)
};
}  // namespace

QJsonObject servedInventory(const ServedFabricEndpoints &endpoints, int pollIntervalMs)
{
    QJsonArray switches;
    for (const ServedSwitch &sw : endpoints.switches) {
        // The inventory names the switch by its base URL; clients add /ins.
        QUrl base = sw.url;
        base.setPath(QString());
        switches.append(QJsonObject {{QStringLiteral("name"), sw.name},
                                     {QStringLiteral("url"), base.toString()},
                                     {QStringLiteral("user"), endpoints.user},
                                     {QStringLiteral("pin_sha256"), sw.pinSha256},
                                     {QStringLiteral("allow_http"), false},
                                     {QStringLiteral("role"), sw.role},
                                     {QStringLiteral("poll_interval_ms"), pollIntervalMs}});
    }
    QJsonArray servers;
    for (const ServedHost &host : endpoints.hosts) {
        servers.append(QJsonObject {{QStringLiteral("name"), host.name},
                                    {QStringLiteral("address"), host.address},
                                    {QStringLiteral("agent_port"), int(host.agentPort)},
                                    {QStringLiteral("agent_pin_sha256"), host.pinSha256},
                                    {QStringLiteral("switch_port"), host.switchPort},
                                    {QStringLiteral("collector"), QStringLiteral("agent")}});
    }
    return QJsonObject {{QStringLiteral("format"), QStringLiteral("roce-inventory")},
                        {QStringLiteral("version"), 2},
                        {QStringLiteral("switches"), switches},
                        {QStringLiteral("servers"), servers}};
}

Result<void> writeInventoryFile(const QString &path, const QJsonObject &inventory)
{
    QSaveFile file(path);
    // Owner-only from the moment the temporary file exists, not just after the rename.
    if (!file.open(QIODevice::WriteOnly)
        || !file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)) {
        return makeError(
            ErrorCode::Io,
            InventoryText::tr("cannot write the inventory %1: %2").arg(path, file.errorString()));
    }
    file.write(QJsonDocument(inventory).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        return makeError(
            ErrorCode::Io,
            InventoryText::tr("cannot write the inventory %1: %2").arg(path, file.errorString()));
    }
    return {};
}

}  // namespace roce::sim
