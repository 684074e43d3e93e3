// The text of `show interface counters [errors]` (parseShowInterfaceCountersText,
// core/nxapi/parse/showparsers.h). A failed parse must leave the snapshot as it was.
#include "nxapi/parse/showparsers.h"
#include "nxapibody.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace roce::nxapi;
    SwitchSnapshot snapshot;
    const auto result = parseShowInterfaceCountersText(roce::fuzz::utf8Text(data, size), snapshot);
    if (!result) {
        if (!roce::fuzz::isEmpty(snapshot))
            roce::fuzz::fail("a failed parse changed the snapshot",
                             roce::fuzz::compact(snapshotToJson(snapshot)));
        return 0;
    }
    roce::fuzz::checkPorts(snapshot);
    snapshotToJson(snapshot);
    return 0;
}
