// The QJsonObject overloads of the body parsers: bodies built in code (tests, a saved file
// read with QJsonDocument) are serialized once and read like a response body, so every
// parser has one implementation, the one the poll path uses.
#include "nxapi/parse/commandbody.h"
#include "nxapi/parse/showparsers.h"

namespace roce::nxapi {

namespace {

template <typename Fn> auto withReader(const QJsonObject &body, Fn fn)
{
    std::shared_ptr<const json::Document> keepAlive;
    return fn(CommandBody(body).json(keepAlive));
}

}  // namespace

Result<void> parseShowInterface(const QJsonObject &body, SwitchSnapshot &into)
{
    return withReader(body, [&](json::Value v) { return parseShowInterface(v, into); });
}

Result<void> parseShowInterfaceCounters(const QJsonObject &body, SwitchSnapshot &into)
{
    return withReader(body, [&](json::Value v) { return parseShowInterfaceCounters(v, into); });
}

Result<void> parseShowInterfaceCountersErrors(const QJsonObject &body, SwitchSnapshot &into)
{
    return withReader(body,
                      [&](json::Value v) { return parseShowInterfaceCountersErrors(v, into); });
}

Result<void> parseShowPfc(const QJsonObject &body, SwitchSnapshot &into)
{
    return withReader(body, [&](json::Value v) { return parseShowPfc(v, into); });
}

Result<void> parseShowQueuing(const QJsonObject &body, SwitchSnapshot &into)
{
    return withReader(body, [&](json::Value v) { return parseShowQueuing(v, into); });
}

Result<void> parseShowQueuingTabular(const QJsonObject &body, SwitchSnapshot &into)
{
    return withReader(body, [&](json::Value v) { return parseShowQueuingTabular(v, into); });
}

Result<void> parseShowLldpNeighborsDetail(const QJsonObject &body, SwitchSnapshot &into)
{
    return withReader(body, [&](json::Value v) { return parseShowLldpNeighborsDetail(v, into); });
}

Result<SwitchVersion> parseShowVersion(const QJsonObject &body)
{
    return withReader(body, [&](json::Value v) { return parseShowVersion(v); });
}

}  // namespace roce::nxapi
