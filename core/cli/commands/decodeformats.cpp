#include "cli/commands/decodeformats.h"

#include "nxapi/client/response.h"
#include "proto/parsers/ethtoolparser.h"
#include "proto/parsers/iperf3parser.h"
#include "proto/parsers/perftestparser.h"
#include "proto/parsers/rdmastatparser.h"
#include "proto/parsers/sockperfparser.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace roce::cli {

namespace {

class DecodeFormatsText
{
    Q_DECLARE_TR_FUNCTIONS(DecodeFormatsText)
};

/// A saved NX-API response (ins_api envelope, its `output` part, or JSON-RPC) decoded into
/// the normalized snapshot; the command comes from the response's `input`. A bare body (the
/// JSON of one command, or its cli_show_ascii text) needs @p command.
Result<QJsonObject> decodeNxapi(const QByteArray &data, const QString &command)
{
    QList<nxapi::CommandOutput> outputs;
    // "show hostname ; show version": NX-API's chained form names a batch's commands.
    QStringList sent;
    for (const QString &c : command.split(QLatin1Char(';'), Qt::SkipEmptyParts))
        sent.append(c.trimmed());
    const auto parsed = nxapi::parseNxapiResponse(data, sent);
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
                         DecodeFormatsText::tr("this is a bare command body or names no command "
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

QJsonObject ethtoolToJson(const parsers::EthtoolStats &stats)
{
    QJsonObject counters;
    for (const auto &[name, value] : stats.counters)
        counters.insert(name, double(value));
    QJsonObject o {{QStringLiteral("tool"), QStringLiteral("ethtool")},
                   {QStringLiteral("counters"), counters}};
    if (!stats.refused.isEmpty()) {
        QJsonArray refused;
        for (const parsers::EthtoolRefusedLine &r : stats.refused)
            refused.append(QJsonObject {{QStringLiteral("line"), r.line},
                                        {QStringLiteral("text"), r.text},
                                        {QStringLiteral("why"), r.why}});
        o.insert(QStringLiteral("refused"), refused);
    }
    return o;
}

Result<QJsonObject> decodeEthtool(const QByteArray &data)
{
    const parsers::EthtoolStats stats = parsers::parseEthtoolStatsReport(QString::fromUtf8(data));
    if (stats.counters.isEmpty()) {
        return makeError(ErrorCode::Parse,
                         DecodeFormatsText::tr("no \"name: value\" statistic in the text; is "
                                               "it the output of ethtool -S?"));
    }
    return ethtoolToJson(stats);
}

/// `rdma link show` rather than `rdma statistic show`: its links have a state.
bool looksLikeRdmaLink(const QByteArray &data, bool json)
{
    if (json)
        return data.contains("\"physical_state\"") || data.contains("\"state\"");
    static const QRegularExpression state(QStringLiteral(R"(\sstate\s+\S+\s)"));
    return state.match(QString::fromUtf8(data)).hasMatch();
}

Result<QJsonObject> decodeRdma(const QByteArray &data, const QString &command)
{
    const bool json = data.trimmed().startsWith('[');
    bool link = looksLikeRdmaLink(data, json);
    if (command == QLatin1String("link"))
        link = true;
    else if (command == QLatin1String("statistic"))
        link = false;
    else if (!command.isEmpty())
        return makeError(ErrorCode::InvalidArgument,
                         DecodeFormatsText::tr("rdma: --command is \"statistic\" or \"link\", "
                                               "not \"%1\"")
                             .arg(command));
    QJsonArray links;
    QStringList skipped;
    if (link) {
        const auto parsed = json ? parsers::parseRdmaLinkJson(data)
                                 : parsers::parseRdmaLink(QString::fromUtf8(data), &skipped);
        if (!parsed)
            return parsed.error();
        for (const parsers::RdmaLinkInfo &l : *parsed) {
            QJsonObject o {{QStringLiteral("device"), l.device}, {QStringLiteral("port"), l.port}};
            if (!l.state.isEmpty())
                o.insert(QStringLiteral("state"), l.state);
            if (!l.physicalState.isEmpty())
                o.insert(QStringLiteral("physical_state"), l.physicalState);
            if (!l.netdev.isEmpty())
                o.insert(QStringLiteral("netdev"), l.netdev);
            links.append(o);
        }
    } else {
        const auto parsed = json ? parsers::parseRdmaStatisticJson(data)
                                 : parsers::parseRdmaStatistic(QString::fromUtf8(data), &skipped);
        if (!parsed)
            return parsed.error();
        for (const parsers::RdmaLinkCounters &l : *parsed) {
            QJsonObject counters;
            for (auto it = l.counters.cbegin(); it != l.counters.cend(); ++it)
                counters.insert(it.key(), double(it.value()));
            QJsonObject o {{QStringLiteral("device"), l.device},
                           {QStringLiteral("port"), l.port},
                           {QStringLiteral("counters"), counters}};
            if (!l.attributes.isEmpty()) {
                QJsonObject attributes;
                for (auto it = l.attributes.cbegin(); it != l.attributes.cend(); ++it)
                    attributes.insert(it.key(), it.value());
                o.insert(QStringLiteral("attributes"), attributes);
            }
            links.append(o);
        }
    }
    if (links.isEmpty())
        return makeError(ErrorCode::Parse, DecodeFormatsText::tr("rdma: no link in the output"));
    QJsonObject o {
        {QStringLiteral("tool"), QStringLiteral("rdma")},
        {QStringLiteral("command"), link ? QStringLiteral("link") : QStringLiteral("statistic")},
        {QStringLiteral("links"), links}};
    if (!skipped.isEmpty())
        o.insert(QStringLiteral("skipped_text"), QJsonArray::fromStringList(skipped));
    return o;
}

template <typename T, typename ToJson>
Result<QJsonObject> toJsonResult(const Result<T> &r, ToJson toJson)
{
    if (!r)
        return r.error();
    return toJson(*r);
}

}  // namespace

QStringList decodeFormats()
{
    return {QStringLiteral("perftest"), QStringLiteral("iperf3"),  QStringLiteral("sockperf"),
            QStringLiteral("nxapi"),    QStringLiteral("ethtool"), QStringLiteral("rdma")};
}

Result<QJsonObject> decodeCapture(const QString &format, const QByteArray &data,
                                  const QString &command)
{
    if (format == QLatin1String("perftest"))
        return toJsonResult(parsers::parsePerftest(QString::fromUtf8(data)),
                            parsers::perftestToJson);
    if (format == QLatin1String("iperf3"))
        return toJsonResult(parsers::parseIperf3(data), parsers::iperf3ToJson);
    if (format == QLatin1String("sockperf"))
        return toJsonResult(parsers::parseSockperf(QString::fromUtf8(data)),
                            parsers::sockperfToJson);
    if (format == QLatin1String("nxapi"))
        return decodeNxapi(data, command);
    if (format == QLatin1String("ethtool"))
        return decodeEthtool(data);
    if (format == QLatin1String("rdma"))
        return decodeRdma(data, command);
    return makeError(ErrorCode::InvalidArgument,
                     DecodeFormatsText::tr("unknown format \"%1\" (%2)")
                         .arg(format, decodeFormats().join(QStringLiteral(", "))));
}

}  // namespace roce::cli
