#pragma once

#include "nxapi/client/nxapienvelope.h"
#include "nxapi/parse/snapshot.h"
#include "proto/common/result.h"

#include <QByteArray>
#include <QStringList>

namespace roce::nxapi {

/// The ins_api request body for @p commands in one batch (`"cmd1 ;cmd2"`, §4.2).
QByteArray insApiRequest(const QStringList &commands, OutputFormat format);

/// Splits an NX-API response body into per-command outputs, in command order. Accepts the
/// ins_api envelope (one output as an object, several as an array; `code` string or number)
/// and JSON-RPC 2.0 (one element as an object or a batch array; results matched to
/// @p sentCommands by id). A body that is not JSON, is cut short or has neither shape is a
/// Parse error that says what was wrong and where.
Result<QList<CommandOutput>> parseNxapiResponse(const QByteArray &body,
                                                const QStringList &sentCommands = {});

/// The commands the console polls, normalized for dispatch ("show interface eth1/1" ->
/// Interface). Unknown commands are Other.
enum class ShowCommand {
    Interface,
    InterfaceCounters,
    InterfaceCountersErrors,
    Pfc,
    Queuing,
    QueuingTabular,
    LldpNeighborsDetail,
    Version,
    RunningConfig,
    Other
};
ShowCommand classifyCommand(const QString &command);

/// Applies one command's output to @p snapshot: a successful body goes through its parser; a
/// failed command or a body that does not parse is recorded in snapshot.issues with the
/// switch's message, and nothing else changes.
void applyCommandOutput(const CommandOutput &output, SwitchSnapshot &snapshot);

}  // namespace roce::nxapi
