// The `show version` body parser (parseShowVersion, core/nxapi/parse/showparsers.h) as the poll
// path reads it, and the snapshot JSON it ends up in.
#include "nxapi/parse/showparsers.h"
#include "nxapibody.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace roce::nxapi;
    const auto doc = json::Document::parse(roce::fuzz::rawBytes(data, size), nullptr);
    if (!doc)
        return 0;
    const auto version = parseShowVersion(doc->root());
    if (!version) {
        ROCE_FUZZ_CHECK(!version.error().message.isEmpty());
        return 0;
    }
    ROCE_FUZZ_CHECK(!version->hostName.isEmpty() || !version->nxosVersion.isEmpty());
    SwitchSnapshot snapshot;
    snapshot.version = *version;
    snapshotToJson(snapshot);
    return 0;
}
