#include "nxapi/client/response.h"

#include "nxapi/parse/showparsers.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>
#include <limits>
#include <memory>

namespace roce::nxapi {

namespace {

class ResponseText
{
    Q_DECLARE_TR_FUNCTIONS(ResponseText)
};

/// A string member's text; anything else (absent, a number, an object) is empty, as
/// QJsonValue::toString() has it.
QString stringOf(json::Value v)
{
    return v.isString() ? v.toString() : QString();
}

/// An integral JSON number as int, else 0 (QJsonValue::toInt()).
int intOf(json::Value v)
{
    if (!v.isNumber())
        return 0;
    const double d = v.toDouble();
    if (d != std::floor(d) || d < std::numeric_limits<int>::min()
        || d > std::numeric_limits<int>::max())
        return 0;
    return int(d);
}

int codeOf(json::Value v)
{
    if (v.isString())
        return v.toString().toInt();
    return intOf(v);
}

using SharedDocument = std::shared_ptr<const json::Document>;

CommandOutput insApiOutput(const SharedDocument &doc, json::Value o)
{
    CommandOutput out;
    out.input = stringOf(o.member(QLatin1String("input")));
    const json::Value body = o.member(QLatin1String("body"));
    const json::Value code = o.member(QLatin1String("code"));
    // Saved responses sometimes keep only {"output":{"body":...}}: a body without a code
    // is a success.
    out.code = code.isValid() || !body.isValid() ? CommandCode(codeOf(code)) : CommandCode::Success;
    out.msg = stringOf(o.member(QLatin1String("msg")));
    out.body = CommandBody(doc, body);
    out.clierror = stringOf(o.member(QLatin1String("clierror")));
    return out;
}

CommandOutput jsonRpcOutput(const SharedDocument &doc, json::Value o, const QString &command)
{
    CommandOutput out;
    out.input = command;
    if (const json::Value e = o.member(QLatin1String("error")); e.isValid()) {
        const QString data = stringOf(e.member(QLatin1String("data")).member(QLatin1String("msg")));
        out.msg = stringOf(e.member(QLatin1String("message")));
        out.clierror = data.isEmpty() ? out.msg : data;
        // JSON-RPC has no NX-API code: recover the ones the client acts on from the text.
        if (out.clierror.contains(QLatin1String("Structured output unsupported"),
                                  Qt::CaseInsensitive))
            out.code = CommandCode::Unsupported;
        else if (out.clierror.contains(QLatin1String("Max sessions"), Qt::CaseInsensitive))
            out.code = CommandCode::MaxSessions;
        else if (intOf(e.member(QLatin1String("code"))) == -32603)
            out.code = CommandCode(500);
        else
            out.code = CommandCode::CliError;
        return out;
    }
    const json::Value result = o.member(QLatin1String("result"));
    out.code = CommandCode::Success;
    out.msg = QStringLiteral("Success");
    const json::Value body = result.member(QLatin1String("body"));
    out.body = CommandBody(doc, body.isValid() ? body : result.member(QLatin1String("msg")));
    return out;
}

}  // namespace

QByteArray insApiRequest(const QStringList &commands, OutputFormat format)
{
    const QJsonObject insApi {{QStringLiteral("version"), QStringLiteral("1.0")},
                              {QStringLiteral("type"),
                               format == OutputFormat::Ascii ? QStringLiteral("cli_show_ascii")
                                   : format == OutputFormat::Config ? QStringLiteral("cli_conf")
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
    json::ParseError error;
    auto parsed = json::Document::parse(body, &error);
    if (!parsed) {
        return makeError(ErrorCode::Parse,
                         error.code == json::ParseError::UnexpectedEnd
                             ? ResponseText::tr("the response is cut short after %1 bytes (%2)")
                                   .arg(body.size())
                                   .arg(json::Document::describe(error.code))
                             : ResponseText::tr("the response is not JSON: %1 at byte %2")
                                   .arg(json::Document::describe(error.code))
                                   .arg(error.offset));
    }
    // One document for the whole batch; every output's body is a view into it.
    const SharedDocument doc = std::make_shared<const json::Document>(std::move(*parsed));
    const json::Value top = doc->root();
    const json::Value root = top.isObject() ? top : json::Value();
    QList<CommandOutput> outputs;
    // ins_api envelope, or the `outputs` / `output` part of it as saved by some tools.
    json::Value output;
    if (const json::Value insApi = root.member(QLatin1String("ins_api")); insApi.isValid()) {
        output = insApi.member(QLatin1String("outputs")).member(QLatin1String("output"));
        if (!output.isValid()) {
            return makeError(ErrorCode::Parse,
                             ResponseText::tr("ins_api response without outputs.output"));
        }
    } else if (const json::Value outs = root.member(QLatin1String("outputs")); outs.isValid()) {
        output = outs.member(QLatin1String("output"));
    } else {
        output = root.member(QLatin1String("output"));
    }
    if (output.isObject()) {
        outputs.append(insApiOutput(doc, output));
    } else if (output.isArray()) {
        for (const json::Value v : output)
            outputs.append(insApiOutput(doc, v));
    } else if (top.isArray() || root.contains(QLatin1String("jsonrpc"))) {
        // JSON-RPC: a one-command batch answers with a single object (§4.3).
        auto add = [&](json::Value o) {
            // Widened first: id - 1 overflows an int for an id of INT_MIN.
            const qsizetype id = intOf(o.member(QLatin1String("id")));
            outputs.append(jsonRpcOutput(doc, o, sentCommands.value(id - 1)));
        };
        if (top.isArray()) {
            for (const json::Value v : top)
                add(v);
        } else {
            add(root);
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
    // "show interface | include ..." and "... | json": the filter changes how much is printed,
    // not what the lines mean.
    const QString c = command.section(QLatin1Char('|'), 0, 0).simplified().toLower();
    static const QRegularExpression pfc(
        QStringLiteral(R"(^show interface( \S+)? priority-flow-control$)"));
    static const QRegularExpression queuing(QStringLiteral(R"(^show queuing interface( \S+)?$)"));
    static const QRegularExpression tabular(QStringLiteral(R"(^show queuing tabular\b)"));
    static const QRegularExpression interface(QStringLiteral(R"(^show interface( \S+)?$)"));
    static const QRegularExpression counters(
        QStringLiteral(R"(^show interface( \S+)? counters( detailed)?$)"));
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
        snapshot.issues.append(CommandIssue {output.input, code, message, {}});
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
    const QString bodyText = text ? output.body.toString() : QString();
    // A view of the body; keepAlive holds its document for bodies built as QJsonValues.
    std::shared_ptr<const json::Document> keepAlive;
    const json::Value body = text ? json::Value() : output.body.json(keepAlive);
    if (!text && !output.body.isObject()) {
        issue(0, ResponseText::tr("the command succeeded but returned no body"));
        return;
    }
    // Parts a parser could not read are reported by the parser; they are this command's.
    const qsizetype issuesBefore = snapshot.issues.size();
    Result<void> r;
    switch (kind) {
    case ShowCommand::Interface:
        r = text ? parseShowInterfaceText(bodyText, snapshot) : parseShowInterface(body, snapshot);
        break;
    case ShowCommand::InterfaceCounters:
        r = text ? parseShowInterfaceCountersText(bodyText, snapshot)
                 : parseShowInterfaceCounters(body, snapshot);
        break;
    case ShowCommand::InterfaceCountersErrors:
        r = text ? parseShowInterfaceCountersText(bodyText, snapshot)
                 : parseShowInterfaceCountersErrors(body, snapshot);
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
        r = text ? parseShowLldpNeighborsDetailText(bodyText, snapshot)
                 : parseShowLldpNeighborsDetail(body, snapshot);
        break;
    case ShowCommand::Version: {
        const auto v = text ? parseShowVersionText(bodyText) : parseShowVersion(body);
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
    for (qsizetype i = issuesBefore; i < snapshot.issues.size(); ++i) {
        if (snapshot.issues[i].command.isEmpty())
            snapshot.issues[i].command = output.input;
    }
    if (!r)
        issue(0, r.error().message);
}

}  // namespace roce::nxapi
