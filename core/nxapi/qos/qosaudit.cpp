#include "nxapi/qos/qosaudit.h"

#include "nxapi/qos/qosauditchecks.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace roce::nxapi {

namespace {

using audit::AuditText;

/// One row of the audit: the check's stable id (README) and the function that runs it.
struct AuditCheckSpec {
    const char *id;
    audit::CheckFn run;
};

/// The checks in report order: how RoCE is classified, then PFC, ECN and MTU.
const AuditCheckSpec kChecks[] = {
    {"roce_dscp_no_drop", &audit::checkRoceDscpNoDrop},
    {"pfc_cos_no_drop", &audit::checkPfcCosNoDrop},
    {"pfc_ports", &audit::checkPfcPorts},
    {"pfc_hosts", &audit::checkPfcHosts},
    {"hosts_roce_dscp", &audit::checkHostsRoceDscp},
    {"cnp_strict_priority", &audit::checkCnpStrictPriority},
    {"wred_ecn_roce", &audit::checkWredEcnRoce},
    {"threshold_order", &audit::checkThresholdOrder},
    {"mtu_switch", &audit::checkMtuSwitch},
    {"mtu_hosts", &audit::checkMtuHosts},
    {"pfc_watchdog", &audit::checkPfcWatchdog},
};

}  // namespace

int AuditReport::count(CheckStatus status) const
{
    int n = 0;
    for (const AuditCheck &c : checks)
        n += c.status == status ? 1 : 0;
    return n;
}

QString checkStatusName(CheckStatus status)
{
    switch (status) {
    case CheckStatus::Pass:
        return QStringLiteral("pass");
    case CheckStatus::Fail:
        return QStringLiteral("fail");
    case CheckStatus::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

Result<QList<HostQosFacts>> hostFactsFromJson(const QByteArray &json)
{
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray()) {
        return makeError(ErrorCode::Parse,
                         AuditText::tr("host facts must be a JSON array of objects (%1)")
                             .arg(error.error != QJsonParseError::NoError
                                      ? error.errorString()
                                      : AuditText::tr("not an array")));
    }
    QList<HostQosFacts> out;
    const QJsonArray list = doc.array();
    for (const QJsonValue &v : list) {
        const QJsonObject o = v.toObject();
        HostQosFacts f;
        f.name = o.value(QLatin1String("name")).toString();
        if (f.name.isEmpty()) {
            return makeError(
                ErrorCode::Parse,
                AuditText::tr("host facts entry %1 has no \"name\"").arg(out.size() + 1));
        }
        f.interface = o.value(QLatin1String("interface")).toString();
        if (o.contains(QLatin1String("mtu")))
            f.mtu = o.value(QLatin1String("mtu")).toInt();
        if (o.contains(QLatin1String("pfc_priorities"))) {
            quint8 bits = 0;
            const QJsonArray prios = o.value(QLatin1String("pfc_priorities")).toArray();
            for (const QJsonValue &p : prios) {
                if (p.toInt() >= 0 && p.toInt() < 8)
                    bits |= quint8(1u << p.toInt());
            }
            f.pfcPriorities = bits;
        }
        if (o.contains(QLatin1String("cnp_dscp")))
            f.cnpDscp = o.value(QLatin1String("cnp_dscp")).toInt();
        if (o.contains(QLatin1String("roce_dscp")))
            f.roceDscp = o.value(QLatin1String("roce_dscp")).toInt();
        out.append(f);
    }
    return out;
}
AuditReport auditRoceQos(const QosConfig *config, const SwitchSnapshot &snapshot,
                         const QList<HostQosFacts> &hosts, const RoceRecipe &recipe)
{
    const audit::AuditContext ctx = audit::makeAuditContext(config, snapshot, hosts, recipe);
    AuditReport report;
    report.rocePorts = ctx.rocePorts;
    for (const AuditCheckSpec &spec : kChecks) {
        AuditCheck check = spec.run(ctx);
        check.id = QString::fromLatin1(spec.id);
        report.checks.append(check);
    }
    return report;
}

QJsonObject auditToJson(const AuditReport &report)
{
    QJsonArray checks;
    for (const AuditCheck &c : report.checks) {
        checks.append(
            QJsonObject {{QStringLiteral("id"), c.id},
                         {QStringLiteral("title"), c.title},
                         {QStringLiteral("status"), checkStatusName(c.status)},
                         {QStringLiteral("summary"), c.summary},
                         {QStringLiteral("evidence"), QJsonArray::fromStringList(c.evidence)},
                         {QStringLiteral("fix"), QJsonArray::fromStringList(c.fix)}});
    }
    return QJsonObject {
        {QStringLiteral("checks"), checks},
        {QStringLiteral("roce_ports"), QJsonArray::fromStringList(report.rocePorts)},
        {QStringLiteral("passed"), report.count(CheckStatus::Pass)},
        {QStringLiteral("failed"), report.count(CheckStatus::Fail)},
        {QStringLiteral("unknown"), report.count(CheckStatus::Unknown)}};
}

}  // namespace roce::nxapi
