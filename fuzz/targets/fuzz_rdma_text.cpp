// The text forms of `rdma statistic show` and `rdma link show`
// (core/proto/parsers/rdmastatparser.cpp): both parsers read the same token stream, so each input
// goes through both.
#include "fuzzcommon.h"
#include "proto/parsers/rdmastatparser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace roce::parsers;
    const QString text = roce::fuzz::utf8Text(data, size);
    if (const auto stats = parseRdmaStatistic(text); stats) {
        for (const RdmaLinkCounters &link : *stats)
            ROCE_FUZZ_CHECK(link.port >= 0);
    } else {
        ROCE_FUZZ_CHECK(!stats.error().message.isEmpty());
    }
    if (const auto links = parseRdmaLink(text); !links)
        ROCE_FUZZ_CHECK(!links.error().message.isEmpty());
    return 0;
}
