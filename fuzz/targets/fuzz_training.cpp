// The training script's JSON lines (summarizeTraining, core/proto/parsers/trainingparser.cpp):
// either a summary or an error, never both, never neither.
#include "fuzzcommon.h"
#include "proto/parsers/trainingparser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    QString error;
    const QJsonObject summary
        = roce::parsers::summarizeTraining(roce::fuzz::utf8Text(data, size), &error);
    ROCE_FUZZ_CHECK(summary.isEmpty() != error.isEmpty());
    if (!summary.isEmpty())
        ROCE_FUZZ_CHECK(summary.value(QStringLiteral("iterations")).toInt() >= 1);
    return 0;
}
