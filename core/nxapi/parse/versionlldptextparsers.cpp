// The text forms of `show version` and `show lldp neighbors detail` (cli_show_ascii, or saved
// from a terminal), into the same fields as their JSON bodies.
#include "nxapi/parse/bodyfields.h"
#include "nxapi/parse/showparsers.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace roce::nxapi {

namespace {

class VersionLldpText
{
    Q_DECLARE_TR_FUNCTIONS(VersionLldpText)
};

/// "311 day(s), 0 hour(s), 27 minute(s), 35 second(s)" -> seconds.
std::optional<qint64> uptimeSeconds(const QString &text)
{
    static const QRegularExpression uptime(
        QStringLiteral(R"((\d+) day\(s\), (\d+) hour\(s\), (\d+) minute\(s\), (\d+) second\(s\))"));
    const auto m = uptime.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    auto part = [&m](int i) -> std::optional<qint64> {
        bool ok = false;
        const qint64 v = m.captured(i).toLongLong(&ok);
        return ok ? std::optional<qint64>(v) : std::nullopt;
    };
    return uptimeFromParts(part(1), part(2), part(3), part(4));
}

/// LLDP's words for "nothing" become empty, as textField() does for JSON.
QString lldpText(const QString &value)
{
    QString v = value.trimmed();
    if (v == QLatin1String("null") || v == QLatin1String("not advertised")
        || v == QLatin1String("N/A"))
        return {};
    return v;
}

}  // namespace

Result<SwitchVersion> parseShowVersionText(const QString &text)
{
    // "  NXOS: version 9.3(3)" (9.x on), "  system:    version 6.2(14)" (before).
    static const QRegularExpression nxos(QStringLiteral(R"(^\s*NXOS:\s+version\s+(.+?)\s*$)"));
    static const QRegularExpression system(QStringLiteral(R"(^\s*system:\s+version\s+(.+?)\s*$)"));
    static const QRegularExpression bios(QStringLiteral(R"(^\s*BIOS:\s+version\s+(.+?)\s*$)"));
    static const QRegularExpression chassis(QStringLiteral(R"(^\s*cisco (.*?Chassis)\b)"));
    static const QRegularExpression serial(QStringLiteral(R"(^\s*Processor Board ID\s+(\S+))"));
    static const QRegularExpression device(QStringLiteral(R"(^\s*Device name:\s*(.+?)\s*$)"));
    static const QRegularExpression reason(QStringLiteral(R"(^\s*Reason:\s*(.+?)\s*$)"));
    static const QRegularExpression uptime(QStringLiteral(R"(^\s*Kernel uptime is (.*)$)"));
    SwitchVersion v;
    QString systemVersion;
    for (QString line : text.split(QLatin1Char('\n'))) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (const auto m = nxos.match(line); m.hasMatch() && v.nxosVersion.isEmpty())
            v.nxosVersion = m.captured(1);
        else if (const auto s = system.match(line); s.hasMatch() && systemVersion.isEmpty())
            systemVersion = s.captured(1);
        else if (const auto b = bios.match(line); b.hasMatch() && v.biosVersion.isEmpty())
            v.biosVersion = b.captured(1);
        else if (const auto c = chassis.match(line); c.hasMatch() && v.chassis.isEmpty())
            v.chassis = c.captured(1);
        else if (const auto p = serial.match(line); p.hasMatch() && v.serial.isEmpty())
            v.serial = p.captured(1);
        else if (const auto d = device.match(line); d.hasMatch() && v.hostName.isEmpty())
            v.hostName = d.captured(1);
        else if (const auto r = reason.match(line); r.hasMatch() && v.lastResetReason.isEmpty())
            v.lastResetReason = r.captured(1);
        else if (const auto u = uptime.match(line); u.hasMatch() && !v.uptimeSeconds)
            v.uptimeSeconds = uptimeSeconds(u.captured(1));
    }
    if (v.nxosVersion.isEmpty())
        v.nxosVersion = systemVersion;
    // "10.6(1) [Feature Release]": JSON has the release type in a key of its own
    // (release_type); "[build 7.3(1)D1(0.10)]" belongs to the version in both.
    static const QRegularExpression releaseType(QStringLiteral(R"(\s+\[[A-Za-z ]+ Release\]$)"));
    v.nxosVersion.remove(releaseType);
    if (v.hostName.isEmpty() && v.nxosVersion.isEmpty()) {
        return makeError(ErrorCode::Parse,
                         VersionLldpText::tr("neither \"Device name:\" nor \"NXOS: version\" / "
                                             "\"system: version\" in the text"));
    }
    return v;
}

Result<void> parseShowLldpNeighborsDetailText(const QString &text, SwitchSnapshot &into)
{
    static const QRegularExpression field(QStringLiteral(R"(^([A-Z][A-Za-z0-9 ]*?)\s*:\s?(.*)$)"));
    static const QRegularExpression seconds(QStringLiteral(R"(^(\d+) seconds?$)"));
    // Fields of a neighbour; any other line continues the one before (System Description
    // spans lines: "Copyright (c) ...", "TAC support: http://...").
    static const QStringList known {QStringLiteral("Chassis id"),
                                    QStringLiteral("Port id"),
                                    QStringLiteral("Local Port id"),
                                    QStringLiteral("Port Description"),
                                    QStringLiteral("System Name"),
                                    QStringLiteral("System Description"),
                                    QStringLiteral("Time remaining"),
                                    QStringLiteral("System Capabilities"),
                                    QStringLiteral("Enabled Capabilities"),
                                    QStringLiteral("Management Address"),
                                    QStringLiteral("Management Address IPV6"),
                                    QStringLiteral("Vlan ID"),
                                    QStringLiteral("Max Frame Size"),
                                    QStringLiteral("Vlan Name TLV"),
                                    QStringLiteral("Link Aggregation TLV"),
                                    QStringLiteral("Total entries displayed")};
    const qsizetype issuesBefore = into.issues.size();
    QList<LldpNeighbor> found;
    std::optional<LldpNeighbor> n;
    QString localPort, last;
    auto finish = [&]() {
        if (n && !localPort.isEmpty()) {
            n->localPort = into.port(localPort).name;  // long form, and the port exists
            found.append(*n);
        } else if (n) {
            into.issues.append(CommandIssue {
                QString(), 0,
                VersionLldpText::tr("the neighbour with chassis id %1 has no \"Local Port id\": "
                                    "it is not attributed to a port")
                    .arg(n->chassisId),
                n->chassisId});
        }
        n.reset();
        localPort.clear();
    };
    bool sawTable = false;
    for (QString line : text.split(QLatin1Char('\n'))) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        const auto m = field.match(line);
        const QString key = m.hasMatch() ? m.captured(1) : QString();
        if (!m.hasMatch() || !known.contains(key)) {
            if (n && last == QLatin1String("System Description") && !line.trimmed().isEmpty())
                n->systemDescription += QLatin1Char('\n') + line.trimmed();
            continue;
        }
        const QString value = m.captured(2);
        last = key;
        if (key == QLatin1String("Total entries displayed")) {
            sawTable = true;
            continue;
        }
        if (key == QLatin1String("Chassis id")) {
            finish();
            n = LldpNeighbor {};
            n->chassisId = normalizeMac(lldpText(value));
            sawTable = true;
            continue;
        }
        if (!n)
            continue;
        if (key == QLatin1String("Port id"))
            n->portId = normalizeMac(lldpText(value));
        else if (key == QLatin1String("Local Port id"))
            localPort = value.trimmed();
        else if (key == QLatin1String("Port Description"))
            n->portDescription = lldpText(value);
        else if (key == QLatin1String("System Name"))
            n->systemName = lldpText(value);
        else if (key == QLatin1String("System Description"))
            n->systemDescription = lldpText(value);
        else if (key == QLatin1String("System Capabilities"))
            n->systemCapabilities = lldpText(value);
        else if (key == QLatin1String("Enabled Capabilities"))
            n->enabledCapabilities = lldpText(value);
        else if (key == QLatin1String("Management Address"))
            n->managementAddress = lldpText(value);
        else if (key == QLatin1String("Time remaining")) {
            if (const auto s = seconds.match(value.trimmed()); s.hasMatch())
                n->ttl = s.captured(1).toInt();
        }
    }
    finish();
    if (!sawTable && !text.contains(QLatin1String("Capability codes"))) {
        into.issues.resize(issuesBefore);  // a failed parse changes nothing
        return makeError(ErrorCode::Parse,
                         VersionLldpText::tr("no \"Chassis id:\" neighbour block and no LLDP "
                                             "table header in the text"));
    }
    into.lldpReported = true;
    into.lldpNeighbors.append(found);
    return {};
}

}  // namespace roce::nxapi
