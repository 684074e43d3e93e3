// The agent protocol's frame decoder (core/proto/agentproto/frame.cpp) fed a byte stream cut at
// points the fuzzer chooses, as TCP delivers it. Besides memory errors it checks that the
// cuts do not matter: fed in pieces or at once, the decoder yields the same messages and
// fails on the same streams.
#include "fuzzcommon.h"
#include "proto/agentproto/frame.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <vector>

using roce::agentproto::FrameDecoder;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    FuzzedDataProvider input(data, size);
    // The controls come from the end of the input, so the stream starts at byte 0 and the
    // seeds are plain frames followed by a few control bytes.
    const int limits[] = {roce::agentproto::kDefaultMaxFrame, 1, 64, 4096};
    const int maxFrame = limits[input.ConsumeIntegralInRange<int>(0, 3)];
    std::vector<std::size_t> cuts(input.ConsumeIntegralInRange<std::size_t>(0, 16));
    for (std::size_t &cut : cuts)
        cut = input.ConsumeIntegral<std::uint16_t>();
    const std::vector<std::uint8_t> stream = input.ConsumeRemainingBytes<std::uint8_t>();
    for (std::size_t &cut : cuts)
        cut %= stream.size() + 1;
    std::sort(cuts.begin(), cuts.end());
    cuts.push_back(stream.size());

    FrameDecoder whole(maxFrame);
    const auto all = whole.feed(roce::fuzz::rawBytes(stream.data(), stream.size()));

    FrameDecoder pieces(maxFrame);
    QList<QJsonObject> received;
    bool failed = false;
    std::size_t from = 0;
    for (const std::size_t to : cuts) {
        // A copy of exactly the piece: a read past it is an ASan report.
        std::vector<std::uint8_t> piece(stream.begin() + qsizetype(from),
                                        stream.begin() + qsizetype(to));
        const auto got = pieces.feed(roce::fuzz::rawBytes(piece.data(), piece.size()));
        from = to;
        if (!got) {
            ROCE_FUZZ_CHECK(!got.error().message.isEmpty());
            failed = true;
            break;
        }
        received += *got;
        ROCE_FUZZ_CHECK(pieces.pending() >= 0 && pieces.pending() <= qsizetype(from));
    }

    ROCE_FUZZ_CHECK(failed == !all);
    if (all) {
        ROCE_FUZZ_CHECK(received == *all);
        ROCE_FUZZ_CHECK(pieces.pending() == whole.pending());
        for (const QJsonObject &m : *all)
            ROCE_FUZZ_CHECK(m.value(QStringLiteral("type")).isString());
        // What the decoder accepted, encoded again, decodes to the same messages.
        QByteArray again;
        for (const QJsonObject &m : *all)
            again += roce::agentproto::encodeFrame(m);
        FrameDecoder reread;
        const auto back = reread.feed(again);
        ROCE_FUZZ_CHECK(back && *back == *all && reread.pending() == 0);
    }
    return 0;
}
