#pragma once

#include "proto/common/result.h"
#include "sim/engine/params.h"

#include <QList>
#include <QStringList>

namespace roce::sim {

/// The DCQCN and ECN parameters a SimAI configuration (aliyun/SimAI, `SimAI.conf`, read by
/// its ns-3 network backend) sets, in this model's terms.
struct SimaiParams {
    DcqcnParams dcqcn;
    WredParams wred;
    /// What the file says that this model runs differently, one sentence each.
    QStringList notes;
};

/// Reads the DCQCN and ECN keys of a SimAI.conf (@p text) onto @p base, for links of
/// @p linkSpeed (the ECN maps give thresholds per link speed; one of their speeds must be
/// it). The other keys (files, HPCC, monitoring) are left alone. Refused: a CC_MODE other
/// than 1 (DCQCN), RATE_BOUND 0 (DCQCN then paces nothing), a key without a value, or maps
/// that do not parse.
Result<SimaiParams> readSimaiConf(const QString &text, RateBps linkSpeed, const SimaiParams &base);

/// The DCQCN and ECN keys of a SimAI.conf for @p params, the ECN maps with one entry for
/// each of @p linkSpeeds. Keys SimAI has no equivalent for (the byte counter, a CNP
/// interval) are left out and said in @p notes.
QString writeSimaiConf(const SimaiParams &params, const QList<RateBps> &linkSpeeds,
                       QStringList *notes);

}  // namespace roce::sim
