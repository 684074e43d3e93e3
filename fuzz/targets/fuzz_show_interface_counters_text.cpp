// The text of `show interface counters [errors]` (parseShowInterfaceCountersText,
// core/nxapi/parse/showparsers.h). A failed parse must leave the snapshot as it was.
#include "nxapi/parse/showparsers.h"
#include "nxapibody.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return roce::fuzz::fuzzSnapshotText(data, size, [](const QString &text, auto &snapshot) {
        return roce::nxapi::parseShowInterfaceCountersText(text, snapshot);
    });
}
