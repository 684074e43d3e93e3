// perftest's text output (parsePerftest, core/proto/parsers/perftestparser.cpp) and the JSON
// `rocectl decode perftest` prints of it.
#include "fuzzcommon.h"
#include "proto/parsers/perftestparser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace roce::parsers;
    const auto result = parsePerftest(roce::fuzz::utf8Text(data, size));
    if (!result) {
        ROCE_FUZZ_CHECK(!result.error().message.isEmpty());
        return 0;
    }
    ROCE_FUZZ_CHECK(!result->bw.isEmpty() || !result->lat.isEmpty());
    perftestToJson(*result);
    for (const PerftestBwRow &row : result->bw)
        bandwidthToGbps(row.bwAverage, result->bwUnit);
    return 0;
}
