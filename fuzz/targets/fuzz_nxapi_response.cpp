// A whole NX-API response (core/nxapi/client/response.cpp parseNxapiResponse): the ins_api
// envelope or JSON-RPC, then every output applied to a snapshot, which dispatches to each body
// parser by the command's name. Then the envelope builders (core/nxapi/client/nxapienvelope.cpp,
// what the simulator serves): the outputs, built into an ins_api response and a JSON-RPC
// batch, must read back the same.
#include "fuzzcommon.h"
#include "nxapi/client/response.h"
#include "nxapi/parse/snapshot.h"

#include <QJsonArray>

using namespace roce::nxapi;
using roce::fuzz::compact;

namespace {

/// What the console polls: JSON-RPC results and outputs without `input` take these names.
const QStringList &sentCommands()
{
    static const QStringList commands {QStringLiteral("show version"),
                                       QStringLiteral("show interface"),
                                       QStringLiteral("show interface counters"),
                                       QStringLiteral("show interface counters errors"),
                                       QStringLiteral("show interface priority-flow-control"),
                                       QStringLiteral("show queuing interface"),
                                       QStringLiteral("show queuing tabular"),
                                       QStringLiteral("show lldp neighbors detail"),
                                       QStringLiteral("show running-config ipqos")};
    return commands;
}

QByteArray bodyText(const CommandOutput &o)
{
    return compact(o.body.toJsonValue());
}

void checkInsApiRoundTrip(const QList<CommandOutput> &outputs)
{
    const QByteArray built
        = QJsonDocument(insApiResponse(QStringLiteral("cli_show"), outputs)).toJson();
    const auto back = parseNxapiResponse(built, sentCommands());
    if (!back)
        roce::fuzz::fail("an ins_api response we built does not parse", built,
                         back.error().message.toUtf8());
    ROCE_FUZZ_CHECK(back->size() == outputs.size());
    for (qsizetype i = 0; i < outputs.size(); ++i) {
        const CommandOutput &a = outputs.at(i);
        const CommandOutput &b = back->at(i);
        if (a.input != b.input || a.code != b.code)
            roce::fuzz::fail("ins_api round trip changed an output's input or code",
                             a.input.toUtf8() + ' ' + QByteArray::number(int(a.code)),
                             b.input.toUtf8() + ' ' + QByteArray::number(int(b.code)));
        if (a.code == CommandCode::Success && bodyText(a) != bodyText(b))
            roce::fuzz::fail("ins_api round trip changed a body", bodyText(a), bodyText(b));
        if (a.code != CommandCode::Success && a.clierror != b.clierror)
            roce::fuzz::fail("ins_api round trip changed a CLI error", a.clierror.toUtf8(),
                             b.clierror.toUtf8());
    }
}

void checkJsonRpcRoundTrip(const QList<CommandOutput> &outputs)
{
    QJsonArray batch;
    QStringList inputs;
    for (qsizetype i = 0; i < outputs.size(); ++i) {
        batch.append(jsonRpcResponse(outputs.at(i), int(i + 1)));
        inputs.append(outputs.at(i).input);
    }
    const QByteArray built = QJsonDocument(batch).toJson();
    const auto back = parseNxapiResponse(built, inputs);
    if (outputs.isEmpty())
        return;  // an empty batch is "neither" shape: nothing to compare
    if (!back)
        roce::fuzz::fail("a JSON-RPC batch we built does not parse", built,
                         back.error().message.toUtf8());
    ROCE_FUZZ_CHECK(back->size() == outputs.size());
    for (qsizetype i = 0; i < outputs.size(); ++i) {
        const CommandOutput &a = outputs.at(i);
        const CommandOutput &b = back->at(i);
        ROCE_FUZZ_CHECK(a.input == b.input);
        // JSON-RPC keeps success apart from failure, not every NX-API code.
        ROCE_FUZZ_CHECK((a.code == CommandCode::Success) == (b.code == CommandCode::Success));
        if (a.code == CommandCode::Success && bodyText(a) != bodyText(b))
            roce::fuzz::fail("JSON-RPC round trip changed a body", bodyText(a), bodyText(b));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto outputs = parseNxapiResponse(roce::fuzz::rawBytes(data, size), sentCommands());
    if (!outputs) {
        ROCE_FUZZ_CHECK(!outputs.error().message.isEmpty());
        return 0;
    }
    SwitchSnapshot snapshot;
    for (const CommandOutput &o : *outputs) {
        applyCommandOutput(o, snapshot);
        classifyCommand(o.input);
        splitBatch(o.input);
    }
    for (const PortStatus &p : snapshot.ports)
        ROCE_FUZZ_CHECK(snapshot.findPort(p.name) == &p);
    snapshotToJson(snapshot);
    checkInsApiRoundTrip(*outputs);
    checkJsonRpcRoundTrip(*outputs);
    return 0;
}
