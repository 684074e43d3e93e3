#include "nxapi/response.h"

#include "nxapi/showparsers.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>

namespace roce::nxapi {

namespace {

class ResponseText
{
    Q_DECLARE_TR_FUNCTIONS(ResponseText)
};

int codeOf(const QJsonValue &v)
{
    if (v.isString())
        return v.toString().toInt();
    return v.toInt();
}

CommandOutput insApiOutput(const QJsonObject &o)
{
    CommandOutput out;
    out.input = o.value(QLatin1String("input")).toString();
    // Saved responses sometimes keep only {"output":{"body":...}}: a body without a code
    // is a success.
    out.code = o.contains(QLatin1String("code")) || !o.contains(QLatin1String("body"))
        ? CommandCode(codeOf(o.value(QLatin1String("code"))))
        : CommandCode::Success;
    out.msg = o.value(QLatin1String("msg")).toString();
    out.body = o.value(QLatin1String("body"));
    out.clierror = o.value(QLatin1String("clierror")).toString();
    return out;
}

CommandOutput jsonRpcOutput(const QJsonObject &o, const QString &command)
{
    CommandOutput out;
    out.input = command;
    if (o.contains(QLatin1String("error"))) {
        const QJsonObject e = o.value(QLatin1String("error")).toObject();
        const QString data
            = e.value(QLatin1String("data")).toObject().value(QLatin1String("msg")).toString();
        out.msg = e.value(QLatin1String("message")).toString();
        out.clierror = data.isEmpty() ? out.msg : data;
        // JSON-RPC has no NX-API code: recover the ones the client acts on from the text.
        if (out.clierror.contains(QLatin1String("Structured output unsupported"),
                                  Qt::CaseInsensitive))
            out.code = CommandCode::Unsupported;
        else if (out.clierror.contains(QLatin1String("Max sessions"), Qt::CaseInsensitive))
            out.code = CommandCode::MaxSessions;
        else if (e.value(QLatin1String("code")).toInt() == -32603)
            out.code = CommandCode(500);
        else
            out.code = CommandCode::CliError;
        return out;
    }
    const QJsonObject result = o.value(QLatin1String("result")).toObject();
    out.code = CommandCode::Success;
    out.msg = QStringLiteral("Success");
    out.body = result.contains(QLatin1String("body")) ? result.value(QLatin1String("body"))
                                                      : result.value(QLatin1String("msg"));
    return out;
}

}  // namespace

QByteArray insApiRequest(const QStringList &commands, OutputFormat format)
{
    const QJsonObject insApi {{QStringLiteral("version"), QStringLiteral("1.0")},
                              {QStringLiteral("type"),
                               format == OutputFormat::Ascii ? QStringLiteral("cli_show_ascii")
                                                             : QStringLiteral("cli_show")},
                              {QStringLiteral("chunk"), QStringLiteral("0")},
                              {QStringLiteral("sid"), QStringLiteral("1")},
                              {QStringLiteral("input"), commands.join(QLatin1String(" ;"))},
                              {QStringLiteral("output_format"), QStringLiteral("json")}};
    return QJsonDocument(QJsonObject {{QStringLiteral("ins_api"), insApi}})
        .toJson(QJsonDocument::Compact);
}

Result<QList<CommandOutput>> parseNxapiResponse(const QByteArray &body,
                                                const QStringList &sentCommands)
{
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError) {
        const bool truncated = error.error == QJsonParseError::UnterminatedObject
            || error.error == QJsonParseError::UnterminatedArray
            || error.error == QJsonParseError::UnterminatedString
            || (error.error == QJsonParseError::IllegalValue && error.offset >= body.size() - 1);
        return makeError(ErrorCode::Parse,
                         truncated
                             ? ResponseText::tr("the response is cut short after %1 bytes (%2)")
                                   .arg(body.size())
                                   .arg(error.errorString())
                             : ResponseText::tr("the response is not JSON: %1 at byte %2")
                                   .arg(error.errorString())
                                   .arg(error.offset));
    }
    QList<CommandOutput> outputs;
    const QJsonObject root = doc.object();
    // ins_api envelope, or the `outputs` / `output` part of it as saved by some tools.
    QJsonValue output;
    if (root.contains(QLatin1String("ins_api"))) {
        output = root.value(QLatin1String("ins_api"))
                     .toObject()
                     .value(QLatin1String("outputs"))
                     .toObject()
                     .value(QLatin1String("output"));
        if (output.isUndefined()) {
            return makeError(ErrorCode::Parse,
                             ResponseText::tr("ins_api response without outputs.output"));
        }
    } else if (root.contains(QLatin1String("outputs"))) {
        output = root.value(QLatin1String("outputs")).toObject().value(QLatin1String("output"));
    } else if (root.contains(QLatin1String("output"))) {
        output = root.value(QLatin1String("output"));
    }
    if (output.isObject()) {
        outputs.append(insApiOutput(output.toObject()));
    } else if (output.isArray()) {
        const QJsonArray list = output.toArray();
        for (const QJsonValue &v : list)
            outputs.append(insApiOutput(v.toObject()));
    } else if (doc.isArray() || root.contains(QLatin1String("jsonrpc"))) {
        // JSON-RPC: a one-command batch answers with a single object (§4.3).
        const QJsonArray list = doc.isArray() ? doc.array() : QJsonArray {root};
        for (const QJsonValue &v : list) {
            const QJsonObject o = v.toObject();
            const int id = o.value(QLatin1String("id")).toInt();
            outputs.append(jsonRpcOutput(o, sentCommands.value(id - 1)));
        }
    } else {
        return makeError(ErrorCode::Parse,
                         ResponseText::tr("neither an ins_api nor a JSON-RPC response"));
    }
    // Outputs without `input` (some releases omit it) take the command sent at that position.
    for (qsizetype i = 0; i < outputs.size(); ++i) {
        if (outputs[i].input.isEmpty())
            outputs[i].input = sentCommands.value(i);
    }
    return outputs;
}

ShowCommand classifyCommand(const QString &command)
{
    const QString c = command.simplified().toLower();
    static const QRegularExpression pfc(
        QStringLiteral(R"(^show interface( \S+)? priority-flow-control$)"));
    static const QRegularExpression queuing(QStringLiteral(R"(^show queuing interface( \S+)?$)"));
    static const QRegularExpression tabular(QStringLiteral(R"(^show queuing tabular\b)"));
    static const QRegularExpression interface(QStringLiteral(R"(^show interface( \S+)?$)"));
    static const QRegularExpression counters(QStringLiteral(R"(^show interface( \S+)? counters$)"));
    static const QRegularExpression errors(
        QStringLiteral(R"(^show interface( \S+)? counters errors$)"));
    if (c == QLatin1String("show version"))
        return ShowCommand::Version;
    if (c == QLatin1String("show lldp neighbors detail"))
        return ShowCommand::LldpNeighborsDetail;
    if (c.startsWith(QLatin1String("show running-config")))
        return ShowCommand::RunningConfig;
    if (pfc.match(c).hasMatch())
        return ShowCommand::Pfc;
    if (tabular.match(c).hasMatch())
        return ShowCommand::QueuingTabular;
    if (queuing.match(c).hasMatch())
        return ShowCommand::Queuing;
    if (counters.match(c).hasMatch())
        return ShowCommand::InterfaceCounters;
    if (errors.match(c).hasMatch())
        return ShowCommand::InterfaceCountersErrors;
    if (interface.match(c).hasMatch())
        return ShowCommand::Interface;
    return ShowCommand::Other;
}

void applyCommandOutput(const CommandOutput &output, SwitchSnapshot &snapshot)
{
    auto issue = [&](int code, const QString &message) {
        snapshot.issues.append(CommandIssue {output.input, code, message});
    };
    if (output.code != CommandCode::Success) {
        QString message = output.clierror.trimmed();
        if (message.isEmpty())
            message = output.msg.isEmpty() ? codeMessage(output.code) : output.msg;
        issue(int(output.code), message);
        return;
    }
    const ShowCommand kind = classifyCommand(output.input);
    const bool text = output.body.isString();
    const QString bodyText = output.body.toString();
    const QJsonObject body = output.body.toObject();
    if (!text && !output.body.isObject()) {
        issue(0, ResponseText::tr("the command succeeded but returned no body"));
        return;
    }
    Result<void> r;
    switch (kind) {
    case ShowCommand::Interface:
        r = text ? parseShowInterfaceText(bodyText, snapshot) : parseShowInterface(body, snapshot);
        break;
    case ShowCommand::InterfaceCounters:
        r = parseShowInterfaceCounters(body, snapshot);
        break;
    case ShowCommand::InterfaceCountersErrors:
        r = parseShowInterfaceCountersErrors(body, snapshot);
        break;
    case ShowCommand::Pfc:
        r = text ? parseShowPfcText(bodyText, snapshot) : parseShowPfc(body, snapshot);
        break;
    case ShowCommand::Queuing:
        r = text ? parseShowQueuingText(bodyText, snapshot) : parseShowQueuing(body, snapshot);
        break;
    case ShowCommand::QueuingTabular:
        r = parseShowQueuingTabular(body, snapshot);
        break;
    case ShowCommand::LldpNeighborsDetail:
        r = parseShowLldpNeighborsDetail(body, snapshot);
        break;
    case ShowCommand::Version: {
        const auto v = parseShowVersion(body);
        if (v)
            snapshot.version = *v;
        else
            r = v.error();
        break;
    }
    case ShowCommand::RunningConfig: {
        const auto c = parseRunningConfigQos(bodyText);
        if (!c)
            r = c.error();
        else
            snapshot.qosConfig = *c;
        break;
    }
    case ShowCommand::Other:
        r = makeError(ErrorCode::Unsupported,
                      ResponseText::tr("no parser for this command; its output is ignored"));
        break;
    }
    if (!r)
        issue(0, r.error().message);
}

}  // namespace roce::nxapi
