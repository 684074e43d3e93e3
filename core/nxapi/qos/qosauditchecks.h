#pragma once

// Internal to the QoS audit: the context every check reads, the helpers they share, and one
// function per check. The public entry point is auditRoceQos() in qosaudit.h.

#include "nxapi/qos/qosaudit.h"

#include <QCoreApplication>

namespace roce::nxapi::audit {

/// tr() context of every user-visible string of the audit.
class AuditText
{
    Q_DECLARE_TR_FUNCTIONS(AuditText)
};

/// The qos-group that a DSCP is classified to, with the lines that say so.
struct Classification {
    std::optional<int> group;
    QString policy;
    QList<ConfigLine> lines;
};

/// What the checks share, worked out once from the inputs of auditRoceQos().
struct AuditContext {
    const QosConfig *config = nullptr;  ///< null when the running-config could not be read
    const SwitchSnapshot &snapshot;
    const QList<HostQosFacts> &hosts;
    const RoceRecipe &recipe;
    QStringList rocePorts;                ///< the recipe's, or the defaults from the snapshot
    QString cos;                          ///< the RoCE CoS as text, as it appears in commands
    Classification roce;                  ///< where the RoCE DSCP lands
    const PolicyClass *noDrop = nullptr;  ///< the network-qos class that pauses the RoCE CoS
    int noDropGroup = -1;
    int roceGroup = -1;                      ///< -1: RoCE is not classified
    const PolicyClass *roceQueue = nullptr;  ///< the RoCE egress queue class (WRED, thresholds)
};

AuditContext makeAuditContext(const QosConfig *config, const SwitchSnapshot &snapshot,
                              const QList<HostQosFacts> &hosts, const RoceRecipe &recipe);

// Helpers shared by the checks (qosauditcontext.cpp).
QString evidenceLine(const ConfigLine &l);
void addLines(QStringList &evidence, const QList<ConfigLine> &lines);
Classification classify(const QosConfig &c, int dscp);
const PolicyClass *systemClassFor(const QosConfig &c, const QString &type, const QString &policy,
                                  int group);
QString bytesText(quint64 b);
AuditCheck unknownWithoutConfig(AuditCheck c);

/// One check: its verdict with evidence and fix. The id comes from the table in qosaudit.cpp.
using CheckFn = AuditCheck (*)(const AuditContext &ctx);

// Classification (qosauditclassification.cpp).
AuditCheck checkRoceDscpNoDrop(const AuditContext &ctx);
AuditCheck checkHostsRoceDscp(const AuditContext &ctx);
AuditCheck checkCnpStrictPriority(const AuditContext &ctx);
// PFC (qosauditpfc.cpp).
AuditCheck checkPfcCosNoDrop(const AuditContext &ctx);
AuditCheck checkPfcPorts(const AuditContext &ctx);
AuditCheck checkPfcHosts(const AuditContext &ctx);
AuditCheck checkPfcWatchdog(const AuditContext &ctx);
// WRED/ECN and buffer thresholds (qosauditwred.cpp).
AuditCheck checkWredEcnRoce(const AuditContext &ctx);
AuditCheck checkThresholdOrder(const AuditContext &ctx);
// MTU (qosauditmtu.cpp).
AuditCheck checkMtuSwitch(const AuditContext &ctx);
AuditCheck checkMtuHosts(const AuditContext &ctx);

}  // namespace roce::nxapi::audit
