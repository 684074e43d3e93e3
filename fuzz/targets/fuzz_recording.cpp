// A recording file as the console and `rocectl replay` read it (core/recording/): the input is
// written to a file and opened with RecordingReader, every tick block is decoded, and the
// annotations and damage are read. The input is also fed to the codec directly: as a block
// header with its payload, and as raw ticks and events payloads. Checks: nothing crashes,
// hangs or reads out of bounds; a block that decodes encodes back to the same ticks; damage
// always says where and what.
#include "fuzzcommon.h"
#include "live/recording/recordingreader.h"

#include <QFile>
#include <QTemporaryDir>

using namespace roce::recording;

namespace {

/// Ticks decoded from a payload encode back to a payload that decodes to the same ticks.
void checkTicksRoundTrip(const QList<RecordedTick> &ticks)
{
    const QByteArray again = encodeTicks(ticks);
    const auto reread = decodeTicks(again);
    if (!reread)
        roce::fuzz::fail("encoded ticks do not decode", again);
    if (reread->size() != ticks.size())
        roce::fuzz::fail("ticks changed their count through encode/decode", again);
    for (qsizetype i = 0; i < ticks.size(); ++i) {
        if (reread->at(i).ms != ticks.at(i).ms
            || reread->at(i).inputs.size() != ticks.at(i).inputs.size())
            roce::fuzz::fail("a tick changed through encode/decode", again);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes = roce::fuzz::rawBytes(data, size);

    // The codec alone.
    if (const auto ticks = decodeTicks(bytes))
        checkTicksRoundTrip(*ticks);
    (void)decodeEvents(bytes);
    if (const auto header = parseBlockHeader(bytes)) {
        const QByteArrayView stored = QByteArrayView(bytes).sliced(
            std::min<qsizetype>(bytes.size(), format::kBlockHeaderBytes));
        if (const auto raw = blockPayload(*header, stored))
            if (header->type == BlockType::Ticks)
                if (const auto ticks = decodeTicks(*raw))
                    checkTicksRoundTrip(*ticks);
    }

    // The whole reader on a file: a valid file header in front, so that the blocks are read.
    static QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("input.rfr"));
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            abort();
        file.write(fileHeader());
        file.write(bytes);
    }
    auto reader = RecordingReader::open(path);
    if (!reader) {
        ROCE_FUZZ_CHECK(!reader.error().message.isEmpty());
        return 0;
    }
    for (int b = 0; b < (*reader)->tickBlockCount(); ++b)
        (void)(*reader)->tickBlock(b);
    (void)(*reader)->annotations();
    for (const Damage &d : (*reader)->damage()) {
        ROCE_FUZZ_CHECK(d.offset >= 0 && d.bytes >= 0);
        ROCE_FUZZ_CHECK(!d.describe().isEmpty());
    }
    return 0;
}
