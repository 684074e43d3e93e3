#pragma once

#include "nxapi/parse/qosconfig.h"
#include "nxapi/parse/snapshot.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace roce::nxapi {

/// What a host says about its RoCE settings (from its agent, or typed in). Absent: unknown.
struct HostQosFacts {
    QString name;
    QString interface;
    std::optional<int> mtu;
    std::optional<quint8> pfcPriorities;  ///< bit N: PFC enabled on priority N
    std::optional<quint8> ecnNpPriorities;
    std::optional<int> cnpDscp;
    std::optional<int> roceDscp;  ///< DSCP the host marks RoCE with (traffic_class >> 2)
};

/// `[{"name":..., "interface":..., "mtu":9000, "pfc_priorities":[3], "roce_dscp":26,
/// "cnp_dscp":48}, ...]`.
Result<QList<HostQosFacts>> hostFactsFromJson(const QByteArray &json);

/// The lossless RoCE recipe the audit checks against (DESIGN.md §2).
struct RoceRecipe {
    int roceDscp = 26;
    int cnpDscp = 48;
    int roceCos = 3;
    int switchMtu = 9216;
    int hostMtu = 9000;
    QStringList rocePorts;  ///< empty: front ports that are up and have an LLDP neighbour
};

enum class CheckStatus { Pass, Fail, Unknown };

/// One audit check: its verdict, what it read, and how to fix it.
struct AuditCheck {
    QString id;  ///< stable: "roce_dscp_no_drop", "pfc_ports", ... (README)
    QString title;
    CheckStatus status = CheckStatus::Unknown;
    QString summary;       ///< one sentence: why this verdict
    QStringList evidence;  ///< config lines ("line 12: pause pfc-cos 3") and counters read
    QStringList fix;       ///< NX-OS or host commands; empty when it passes
};

struct AuditReport {
    QList<AuditCheck> checks;
    QStringList rocePorts;
    int count(CheckStatus status) const;
};

/// Checks @p config (the switch's running-config; null when it could not be read) and
/// @p snapshot (PFC, queuing, interfaces, LLDP) and @p hosts against @p recipe.
AuditReport auditRoceQos(const QosConfig *config, const SwitchSnapshot &snapshot,
                         const QList<HostQosFacts> &hosts, const RoceRecipe &recipe = {});

QString checkStatusName(CheckStatus status);  ///< "pass", "fail", "unknown"
QJsonObject auditToJson(const AuditReport &report);

}  // namespace roce::nxapi
