// The JSON forms, `rdma -j statistic show` and `rdma -j link show`
// (core/proto/parsers/rdmastatparser.cpp): each input goes through both parsers.
#include "fuzzcommon.h"
#include "proto/parsers/rdmastatparser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace roce::parsers;
    const QByteArray json = roce::fuzz::rawBytes(data, size);
    if (const auto stats = parseRdmaStatisticJson(json); stats) {
        for (const RdmaLinkCounters &link : *stats)
            ROCE_FUZZ_CHECK(!link.device.isEmpty() && link.port >= 0);
    } else {
        ROCE_FUZZ_CHECK(!stats.error().message.isEmpty());
    }
    if (const auto links = parseRdmaLinkJson(json); links) {
        for (const RdmaLinkInfo &link : *links)
            ROCE_FUZZ_CHECK(!link.device.isEmpty() && link.port >= 0);
    } else {
        ROCE_FUZZ_CHECK(!links.error().message.isEmpty());
    }
    return 0;
}
