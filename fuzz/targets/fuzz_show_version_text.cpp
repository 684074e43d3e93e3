// The text of `show version` (parseShowVersionText, core/nxapi/parse/showparsers.h): a result
// always names the switch or its release, and its uptime is never negative.
#include "nxapi/parse/showparsers.h"
#include "nxapibody.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace roce::nxapi;
    const auto version = parseShowVersionText(roce::fuzz::utf8Text(data, size));
    if (!version) {
        ROCE_FUZZ_CHECK(!version.error().message.isEmpty());
        return 0;
    }
    ROCE_FUZZ_CHECK(!version->hostName.isEmpty() || !version->nxosVersion.isEmpty());
    ROCE_FUZZ_CHECK(!version->uptimeSeconds || *version->uptimeSeconds >= 0);
    SwitchSnapshot snapshot;
    snapshot.version = *version;
    snapshotToJson(snapshot);
    return 0;
}
