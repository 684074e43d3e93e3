#include "cli/commands/decodecommand.h"

#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "nxapi/client/response.h"
#include "proto/parsers/iperf3parser.h"
#include "proto/parsers/perftestparser.h"
#include "proto/parsers/sockperfparser.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>

namespace roce::cli {

namespace {

class DecodeCommandText
{
    Q_DECLARE_TR_FUNCTIONS(DecodeCommandText)
};

/// A saved NX-API response (ins_api envelope, its `output` part, or JSON-RPC) decoded into
/// the normalized snapshot; the command comes from the response's `input`. A bare body (the
/// JSON of one command, or its cli_show_ascii text) needs @p command.
Result<QJsonObject> decodeNxapi(const QByteArray &data, const QString &command)
{
    QList<nxapi::CommandOutput> outputs;
    const auto parsed = nxapi::parseNxapiResponse(
        data, command.isEmpty() ? QStringList {} : QStringList {command});
    const QJsonDocument doc = QJsonDocument::fromJson(data);
    if (parsed && !parsed->isEmpty() && !parsed->first().input.isEmpty()) {
        outputs = *parsed;
    } else if (!command.isEmpty()) {
        nxapi::CommandOutput o;
        o.input = command;
        o.body = doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(QString::fromUtf8(data));
        outputs.append(o);
    } else if (!parsed && !doc.isObject()) {
        return parsed.error();
    } else {
        return makeError(ErrorCode::InvalidArgument,
                         DecodeCommandText::tr("this is a bare command body or names no command "
                                               "(no \"input\"): give it with --command"));
    }
    nxapi::SwitchSnapshot snapshot;
    for (const nxapi::CommandOutput &o : std::as_const(outputs))
        nxapi::applyCommandOutput(o, snapshot);
    QJsonObject json = nxapi::snapshotToJson(snapshot);
    QJsonArray commands;
    for (const nxapi::CommandOutput &o : std::as_const(outputs))
        commands.append(o.input);
    json.insert(QStringLiteral("commands"), commands);
    return json;
}

QString num(double v, int decimals = 2)
{
    return QString::number(v, 'f', decimals);
}

/// A flat "key  value" table of a decoded JSON object, for people.
void printFlat(const QJsonObject &o, QTextStream &out, const QString &prefix = {})
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key();
        const QJsonValue v = it.value();
        if (v.isObject()) {
            printFlat(v.toObject(), out, key);
        } else if (v.isArray()) {
            const QJsonArray a = v.toArray();
            for (int i = 0; i < a.size(); ++i) {
                if (a[i].isObject())
                    printFlat(a[i].toObject(), out, QStringLiteral("%1[%2]").arg(key).arg(i));
                else
                    out << key << QLatin1Char('[') << i << QLatin1String("]  ")
                        << a[i].toVariant().toString() << QLatin1Char('\n');
            }
        } else if (v.isDouble()) {
            const double d = v.toDouble();
            out << key << QLatin1String("  ")
                << (d == double(qint64(d)) ? QString::number(qint64(d)) : num(d, 6))
                << QLatin1Char('\n');
        } else {
            out << key << QLatin1String("  ") << v.toVariant().toString() << QLatin1Char('\n');
        }
    }
}

}  // namespace

QString DecodeCommand::name() const
{
    return QStringLiteral("decode");
}

QString DecodeCommand::summary() const
{
    return DecodeCommandText::tr("Parse saved perftest, iperf3, sockperf or NX-API output");
}

int DecodeCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(summary());
    parser.addPositionalArgument(QStringLiteral("format"),
                                 DecodeCommandText::tr("perftest, iperf3, sockperf or nxapi"));
    parser.addPositionalArgument(QStringLiteral("file"),
                                 DecodeCommandText::tr("Saved output ('-' for standard input)."));
    const QCommandLineOption json(QStringLiteral("json"), DecodeCommandText::tr("Print JSON."));
    const QCommandLineOption command(
        QStringLiteral("command"),
        DecodeCommandText::tr("nxapi: the show command, for a bare body without \"input\"."),
        QStringLiteral("show-command"));
    parser.addOption(json);
    parser.addOption(command);
    if (const auto early = parseCommandLine(parser, args, io, true))
        return *early;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2) {
        io.err << DecodeCommandText::tr(
            "rocectl decode: expected a format and a file, e.g. 'rocectl decode "
            "perftest out.txt'")
               << QLatin1Char('\n');
        return ExitUsage;
    }
    const QString &format = pos[0];
    const QString &path = pos[1];
    static const QStringList formats {QStringLiteral("perftest"), QStringLiteral("iperf3"),
                                      QStringLiteral("sockperf"), QStringLiteral("nxapi")};
    if (!formats.contains(format)) {
        io.err << DecodeCommandText::tr(
                      "rocectl decode: unknown format '%1' (perftest, iperf3, sockperf, nxapi)")
                      .arg(format)
               << QLatin1Char('\n');
        return ExitUsage;
    }
    QFile file;
    bool opened = false;
    if (path == QLatin1String("-")) {
        opened = file.open(stdin, QIODevice::ReadOnly);
    } else {
        file.setFileName(path);
        opened = file.open(QIODevice::ReadOnly);
    }
    if (!opened) {
        io.err << DecodeCommandText::tr("rocectl decode: cannot read %1: %2")
                      .arg(path, file.errorString())
               << QLatin1Char('\n');
        return ExitFailure;
    }
    const QByteArray data = file.readAll();

    Result<QJsonObject> decoded = makeError(ErrorCode::InvalidArgument, QString());
    if (format == QLatin1String("perftest")) {
        const auto r = parsers::parsePerftest(QString::fromUtf8(data));
        decoded
            = r ? Result<QJsonObject>(parsers::perftestToJson(*r)) : Result<QJsonObject>(r.error());
    } else if (format == QLatin1String("nxapi")) {
        decoded = decodeNxapi(data, parser.value(command));
    } else if (format == QLatin1String("iperf3")) {
        const auto r = parsers::parseIperf3(data);
        decoded
            = r ? Result<QJsonObject>(parsers::iperf3ToJson(*r)) : Result<QJsonObject>(r.error());
    } else {
        const auto r = parsers::parseSockperf(QString::fromUtf8(data));
        decoded
            = r ? Result<QJsonObject>(parsers::sockperfToJson(*r)) : Result<QJsonObject>(r.error());
    }
    if (!decoded) {
        io.err << DecodeCommandText::tr("rocectl decode: %1: %2").arg(path, decoded.error().message)
               << QLatin1Char('\n');
        return ExitFailure;
    }
    if (parser.isSet(json))
        writeJson(io.out, QJsonDocument(*decoded));
    else
        printFlat(*decoded, io.out);
    return ExitOk;
}

}  // namespace roce::cli
