#pragma once

#include "nxapi/parse/commandbody.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace roce::nxapi {

/// How a command's output is requested: structured (`cli_show`, JSON-RPC `cli`) or as the
/// CLI text (`cli_show_ascii`, JSON-RPC `cli_ascii`); Config sends configuration commands
/// (`cli_conf`).
enum class OutputFormat { Structured, Ascii, Config };

/// Result codes NX-API puts in `outputs.output.code` (REFERENCE-FORMATS §4.4).
enum class CommandCode { Success = 200, CliError = 400, MaxSessions = 429, Unsupported = 501 };

/// One command's outcome as a switch reports it.
struct CommandOutput {
    QString input;
    CommandCode code = CommandCode::Success;
    CommandBody body;  ///< object (structured) or string (ascii); empty on error
    QString clierror;  ///< CLI error text when code != Success
    QString msg;       ///< the switch's `msg` ("Success", "Structured output unsupported", ...)
};

/// `show a ;show b` -> {"show a", "show b"} (NX-API separates batched commands with ";").
QStringList splitBatch(const QString &input);

/// NX-OS bodies give one row as an object and several as an array (§4.5 quirk 1): the
/// simulator reproduces it, parsers must undo it.
QJsonValue nxosRows(const QJsonArray &rows);

/// The ins_api response envelope for @p outputs (one output is an object, several an array).
QJsonObject insApiResponse(const QString &type, const QList<CommandOutput> &outputs);

/// A JSON-RPC 2.0 response element for @p output with request id @p id.
QJsonObject jsonRpcResponse(const CommandOutput &output, const QJsonValue &id);

/// Message text NX-API uses for @p code ("Success", "Structured output unsupported", ...).
QString codeMessage(CommandCode code);

}  // namespace roce::nxapi
