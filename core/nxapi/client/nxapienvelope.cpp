#include "nxapi/client/nxapienvelope.h"

namespace roce::nxapi {

QStringList splitBatch(const QString &input)
{
    QStringList commands;
    const QStringList parts = input.split(QLatin1Char(';'));
    for (const QString &part : parts) {
        const QString command = part.simplified();
        if (!command.isEmpty())
            commands.append(command);
    }
    return commands;
}

QJsonValue nxosRows(const QJsonArray &rows)
{
    if (rows.size() == 1)
        return rows.first();
    return rows;
}

QString codeMessage(CommandCode code)
{
    switch (code) {
    case CommandCode::Success:
        return QStringLiteral("Success");
    case CommandCode::CliError:
        return QStringLiteral("Input CLI command error");
    case CommandCode::MaxSessions:
        return QStringLiteral(
            "Max sessions reached. If you are a new user/client, please try again later.");
    case CommandCode::Unsupported:
        return QStringLiteral("Structured output unsupported");
    }
    return QString();
}

QJsonObject insApiResponse(const QString &type, const QList<CommandOutput> &outputs)
{
    QJsonArray list;
    for (const CommandOutput &o : outputs) {
        QJsonObject out;
        out.insert(QStringLiteral("input"), o.input);
        out.insert(QStringLiteral("msg"), codeMessage(o.code));
        // `code` is a string in every release (§4.2).
        out.insert(QStringLiteral("code"), QString::number(int(o.code)));
        if (o.code == CommandCode::Success)
            out.insert(QStringLiteral("body"), o.body);
        else if (!o.clierror.isEmpty())
            out.insert(QStringLiteral("clierror"), o.clierror);
        list.append(out);
    }
    QJsonObject outputsObject;
    outputsObject.insert(QStringLiteral("output"),
                         list.size() == 1 ? list.first() : QJsonValue(list));
    QJsonObject insApi;
    insApi.insert(QStringLiteral("type"), type);
    insApi.insert(QStringLiteral("version"), QStringLiteral("1.0"));
    insApi.insert(QStringLiteral("sid"), QStringLiteral("eoc"));
    insApi.insert(QStringLiteral("outputs"), outputsObject);
    return QJsonObject {{QStringLiteral("ins_api"), insApi}};
}

QJsonObject jsonRpcResponse(const CommandOutput &output, const QJsonValue &id)
{
    QJsonObject response {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                          {QStringLiteral("id"), id}};
    if (output.code == CommandCode::Success) {
        if (output.body.isString())
            response.insert(QStringLiteral("result"),
                            QJsonObject {{QStringLiteral("msg"), output.body}});
        else
            response.insert(QStringLiteral("result"),
                            QJsonObject {{QStringLiteral("body"), output.body}});
        return response;
    }
    const int rpcCode = output.code == CommandCode::CliError ? -32602 : -32603;
    const QString message = output.code == CommandCode::CliError ? QStringLiteral("Invalid params")
                                                                 : QStringLiteral("Internal error");
    response.insert(QStringLiteral("error"),
                    QJsonObject {{QStringLiteral("code"), rpcCode},
                                 {QStringLiteral("message"), message},
                                 {QStringLiteral("data"),
                                  QJsonObject {{QStringLiteral("msg"),
                                                output.clierror.isEmpty() ? codeMessage(output.code)
                                                                          : output.clierror}}}});
    return response;
}

}  // namespace roce::nxapi
