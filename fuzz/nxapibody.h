// The harness of the NX-API body parsers: one body per input, read the way the poll path
// reads it (json::Value views into a parsed response), with the contract of showparsers.h
// checked.
#pragma once

#include "fuzzcommon.h"
#include "nxapi/parse/jsonreader.h"
#include "nxapi/parse/snapshot.h"

namespace roce::fuzz {

/// Every port is found again by its own name (the snapshot's index and list agree).
inline void checkPorts(const nxapi::SwitchSnapshot &s)
{
    for (const nxapi::PortStatus &p : s.ports) {
        const nxapi::PortStatus *found = s.findPort(p.name);
        if (found != &p)
            fail("a port is not found by its own name", p.name.toUtf8());
    }
}

/// Nothing recorded: what a snapshot holds before any parser ran.
inline bool isEmpty(const nxapi::SwitchSnapshot &s)
{
    return s.ports.isEmpty() && !s.version && !s.lldpReported && s.lldpNeighbors.isEmpty()
        && !s.qosConfig && s.issues.isEmpty();
}

/// What a parse into an empty snapshot must leave: nothing when it failed (with a message),
/// else ports found by their names and a snapshot that serializes.
template <typename Result>
int checkSnapshotParse(const Result &result, const nxapi::SwitchSnapshot &snapshot)
{
    if (!result) {
        ROCE_FUZZ_CHECK(!result.error().message.isEmpty());
        if (!isEmpty(snapshot))
            fail("a failed parse changed the snapshot", compact(nxapi::snapshotToJson(snapshot)));
        return 0;
    }
    checkPorts(snapshot);
    nxapi::snapshotToJson(snapshot);
    return 0;
}

/// Runs @p parse ((json::Value, SwitchSnapshot &) -> Result<void>) over the input as the poll
/// path reads a body. A failed parse must leave the snapshot as it was; every port must be
/// found by its name. (The QJsonObject overloads serialize and call the same parser: the
/// json_reader target checks that conversion.)
template <typename Parse>
int fuzzSnapshotBody(const std::uint8_t *data, std::size_t size, Parse parse)
{
    const auto doc = nxapi::json::Document::parse(rawBytes(data, size), nullptr);
    if (!doc)
        return 0;
    nxapi::SwitchSnapshot snapshot;
    return checkSnapshotParse(parse(doc->root(), snapshot), snapshot);
}

/// The same for a parser of CLI text (cli_show_ascii): the input as UTF-8 text.
template <typename Parse>
int fuzzSnapshotText(const std::uint8_t *data, std::size_t size, Parse parse)
{
    nxapi::SwitchSnapshot snapshot;
    return checkSnapshotParse(parse(utf8Text(data, size), snapshot), snapshot);
}

}  // namespace roce::fuzz
