// The `show interface counters errors` body parser (parseShowInterfaceCountersErrors,
// core/nxapi/parse/showparsers.h) on one JSON body, as the poll path reads it; see nxapibody.h for
// the checks.
#include "nxapi/parse/showparsers.h"
#include "nxapibody.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return roce::fuzz::fuzzSnapshotBody(
        data, size, [](roce::nxapi::json::Value body, roce::nxapi::SwitchSnapshot &snapshot) {
            return roce::nxapi::parseShowInterfaceCountersErrors(body, snapshot);
        });
}
