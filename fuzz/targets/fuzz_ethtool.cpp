// `ethtool -S` text (parseEthtoolStats, core/proto/parsers/ethtoolparser.cpp): every statistic it
// returns has a name, and the name appears in the text.
#include "fuzzcommon.h"
#include "proto/parsers/ethtoolparser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString text = roce::fuzz::utf8Text(data, size);
    for (const auto &[name, value] : roce::parsers::parseEthtoolStats(text)) {
        Q_UNUSED(value);
        ROCE_FUZZ_CHECK(!name.isEmpty() && text.contains(name));
    }
    return 0;
}
