// sockperf's summary text (parseSockperf, core/proto/parsers/sockperfparser.cpp) and its JSON.
#include "fuzzcommon.h"
#include "proto/parsers/sockperfparser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto result = roce::parsers::parseSockperf(roce::fuzz::utf8Text(data, size));
    if (!result) {
        ROCE_FUZZ_CHECK(!result.error().message.isEmpty());
        return 0;
    }
    roce::parsers::sockperfToJson(*result);
    return 0;
}
