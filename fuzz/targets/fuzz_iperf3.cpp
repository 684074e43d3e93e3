// iperf3's JSON report (parseIperf3, core/proto/parsers/iperf3parser.cpp) and the JSON
// `rocectl decode iperf3` prints of it.
#include "fuzzcommon.h"
#include "proto/parsers/iperf3parser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto result = roce::parsers::parseIperf3(roce::fuzz::rawBytes(data, size));
    if (!result) {
        ROCE_FUZZ_CHECK(!result.error().message.isEmpty());
        return 0;
    }
    roce::parsers::iperf3ToJson(*result);
    return 0;
}
