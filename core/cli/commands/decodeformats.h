#pragma once

#include "proto/common/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace roce::cli {

/// The formats `rocectl decode` reads, in the order its help lists them.
QStringList decodeFormats();

/// Saved output of a tool or a switch, decoded into the JSON `rocectl decode FORMAT --json`
/// prints (docs/cli/rocectl-decode.md has its keys):
/// - "nxapi": an NX-API response, or a bare body or cli_show_ascii text with @p command;
/// - "perftest", "iperf3", "sockperf": the tool's output;
/// - "ethtool": `ethtool -S` text;
/// - "rdma": `rdma statistic show` or `rdma link show`, text or `-j`; @p command
///   ("statistic" or "link") decides, else the content does.
/// What could not be read is listed in the result ("issues", "refused", "skipped_text"),
/// never dropped in silence.
Result<QJsonObject> decodeCapture(const QString &format, const QByteArray &data,
                                  const QString &command = {});

}  // namespace roce::cli
