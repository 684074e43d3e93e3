// Parsers for `show lldp neighbors detail` and `show version`.
#include "nxapi/parse/bodyfields.h"
#include "nxapi/parse/parsertext.h"
#include "nxapi/parse/showparsers.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QtNumeric>

namespace roce::nxapi {

QString normalizeMac(const QString &text)
{
    static const QRegularExpression mac(QStringLiteral(
        R"(^([0-9a-fA-F]{4})\.([0-9a-fA-F]{4})\.([0-9a-fA-F]{4})$|^([0-9a-fA-F]{2}[:-]){5}[0-9a-fA-F]{2}$)"));
    const QString t = text.trimmed();
    if (!mac.match(t).hasMatch())
        return text;
    QString hex = t;
    hex.remove(QLatin1Char('.')).remove(QLatin1Char(':')).remove(QLatin1Char('-'));
    hex = hex.toLower();
    QString out;
    for (int i = 0; i < 12; i += 2) {
        if (i)
            out += QLatin1Char(':');
        out += hex.mid(i, 2);
    }
    return out;
}

Result<void> parseShowLldpNeighborsDetail(json::Value body, SwitchSnapshot &into)
{
    const TableRows rows = tableRows(body, QLatin1String("nbor_detail"));
    if (rows.isEmpty() && !body.contains(QLatin1String("neigh_count"))) {
        return makeError(ErrorCode::Parse,
                         ParserText::tr("the body has neither TABLE_nbor_detail nor neigh_count"));
    }
    into.lldpReported = true;
    for (const json::Value row : rows) {
        LldpNeighbor n;
        n.localPort = textField(row, QLatin1String("l_port_id"));
        if (n.localPort.isEmpty())
            continue;
        n.localPort = into.port(n.localPort).name;  // long form, and the port exists
        n.chassisId = normalizeMac(textField(row, QLatin1String("chassis_id")));
        n.portId = normalizeMac(textField(row, QLatin1String("port_id")));
        n.portDescription = textField(row, QLatin1String("port_desc"));
        n.systemName = textField(row, QLatin1String("sys_name"));
        n.systemDescription = textField(row, QLatin1String("sys_desc")).trimmed();
        n.managementAddress = textField(row, QLatin1String("mgmt_addr"));
        n.systemCapabilities = textField(row, QLatin1String("system_capability"));
        n.enabledCapabilities = textField(row, QLatin1String("enabled_capability"));
        if (const auto ttl = u64Field(row, QLatin1String("ttl")))
            n.ttl = int(*ttl);
        into.lldpNeighbors.append(n);
    }
    return {};
}

Result<SwitchVersion> parseShowVersion(json::Value body)
{
    SwitchVersion v;
    v.hostName = textField(body, QLatin1String("host_name"));
    v.nxosVersion = textField(body, QLatin1String("nxos_ver_str"));
    if (v.nxosVersion.isEmpty())  // 7.x trains
        v.nxosVersion = textField(body, QLatin1String("sys_ver_str"));
    if (v.nxosVersion.isEmpty())
        v.nxosVersion = textField(body, QLatin1String("kickstart_ver_str"));
    if (v.hostName.isEmpty() && v.nxosVersion.isEmpty()) {
        return makeError(ErrorCode::Parse,
                         ParserText::tr("the body has neither host_name nor a version string"));
    }
    v.chassis = textField(body, QLatin1String("chassis_id"));
    // 10.x says "cisco Nexus9000 C9336C-FX2 Chassis" where 9.x says "Nexus9000 ... Chassis",
    // as the text has always said it after "cisco ".
    if (v.chassis.startsWith(QLatin1String("cisco "), Qt::CaseInsensitive))
        v.chassis = v.chassis.mid(6);
    v.serial = textField(body, QLatin1String("proc_board_id"));
    v.biosVersion = textField(body, QLatin1String("bios_ver_str"));
    v.lastResetReason = textField(body, QLatin1String("rr_reason"));
    v.uptimeSeconds = uptimeFromParts(i64Field(body, QLatin1String("kern_uptm_days")),
                                      i64Field(body, QLatin1String("kern_uptm_hrs")),
                                      i64Field(body, QLatin1String("kern_uptm_mins")),
                                      i64Field(body, QLatin1String("kern_uptm_secs")));
    return v;
}

}  // namespace roce::nxapi
