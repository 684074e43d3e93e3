#include "live/fleet/fleetrules.h"

namespace roce::fleet {

const QList<RecordedFamily> &recordedFamilies()
{
    static const QList<RecordedFamily> families {
        {QStringLiteral("roce:fleet_switch_rate"), false, false, RowKey::SwitchPort},
        {QStringLiteral("roce:fleet_switch_rate_nonzero"), false, true, RowKey::SwitchPort},
        {QStringLiteral("roce:fleet_nic_rate"), true, false, RowKey::NicPort},
        {QStringLiteral("roce:fleet_nic_rate_nonzero"), true, true, RowKey::NicPort},
        {QStringLiteral("roce:fleet_netdev_rate_nonzero"), true, true, RowKey::Netdev},
    };
    return families;
}

QString recordingRules(const QString &window, int intervalSeconds)
{
    QString yaml;
    yaml += QStringLiteral("# Recording rules of RoCE Fabric Console's fleet source (rocectl fleet "
                           "--print-rules).\n"
                           "# Add this file to the store's rule_files (Prometheus) or to vmalert "
                           "(VictoriaMetrics):\n"
                           "# a refresh then reads these few series instead of every raw counter "
                           "of the fleet.\n"
                           "groups:\n"
                           "  - name: roce-fleet\n"
                           "    interval: %1s\n"
                           "    rules:\n")
                .arg(intervalSeconds);
    for (const RecordedFamily &family : recordedFamilies()) {
        QStringList parts;
        for (const FleetQuery &q : fleetQueries()) {
            if (q.nic != family.nic || q.sparse != family.sparse)
                continue;
            for (const FleetQueryPart &p : q.resolved(window)) {
                if (p.key != family.key)
                    continue;
                parts.append(QStringLiteral("label_replace(%1, \"metric\", \"%2\", \"\", \"\")")
                                 .arg(p.promql, QLatin1String(model::metricInfo(q.metric).key)));
            }
        }
        if (parts.isEmpty())
            continue;
        yaml += QStringLiteral("      - record: %1\n        expr: >-\n          %2\n")
                    .arg(family.name, parts.join(QStringLiteral("\n          or ")));
    }
    yaml += QStringLiteral("      - record: %1\n        expr: max by (switch, interface) "
                           "(nxos_interface_up) == 0\n")
                .arg(kSwitchPortDownRule);
    yaml += QStringLiteral("      - record: %1\n        expr: max by (instance, device, port) "
                           "(node_infiniband_state_id) != 4\n")
                .arg(kNicPortStateRule);
    return yaml;
}

}  // namespace roce::fleet
