// The `show interface` text parser (parseShowInterfaceText, core/nxapi/parse/showparsers.h) on CLI
// text as cli_show_ascii returns it. A failed parse must leave the snapshot as it was.
#include "nxapi/parse/showparsers.h"
#include "nxapibody.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return roce::fuzz::fuzzSnapshotText(data, size, [](const QString &text, auto &snapshot) {
        return roce::nxapi::parseShowInterfaceText(text, snapshot);
    });
}
