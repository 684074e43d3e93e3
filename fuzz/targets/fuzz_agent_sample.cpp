// An agent sample as the console reads it (sampleFromJson, core/proto/agentproto/sample.cpp), then
// written by both of the agent's writers: sampleToJson() (QJsonObject) and the direct
// sampleToJsonBytes() of the subscription hot path. Checks: the direct writer's bytes are
// valid JSON equal to sampleToJson(), and reading a written sample and writing it again
// changes nothing.
#include "fuzzcommon.h"
#include "proto/agentproto/sample.h"

using namespace roce::agentproto;
using roce::fuzz::compact;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QJsonDocument doc = QJsonDocument::fromJson(roce::fuzz::rawBytes(data, size));
    if (!doc.isObject())
        return 0;
    // The client reads the "sample" member of a message; fixtures are bare samples.
    QJsonObject json = doc.object();
    if (json.value(QStringLiteral("sample")).isObject())
        json = json.value(QStringLiteral("sample")).toObject();
    const auto sample = sampleFromJson(json);
    if (!sample) {
        ROCE_FUZZ_CHECK(!sample.error().message.isEmpty());
        return 0;
    }
    const QJsonObject written = sampleToJson(*sample);
    const QByteArray direct = sampleToJsonBytes(*sample);
    QJsonParseError error {};
    const QJsonDocument directDoc = QJsonDocument::fromJson(direct, &error);
    if (error.error != QJsonParseError::NoError || !directDoc.isObject())
        roce::fuzz::fail("sampleToJsonBytes() wrote invalid JSON", direct,
                         error.errorString().toUtf8());
    if (directDoc.object() != written)
        roce::fuzz::fail("sampleToJsonBytes() and sampleToJson() differ", direct, compact(written));

    const auto reread = sampleFromJson(written);
    if (!reread)
        roce::fuzz::fail("a written sample is refused", compact(written));
    const QJsonObject rewritten = sampleToJson(*reread);
    if (rewritten != written)
        roce::fuzz::fail("sample round trip changed it", compact(written), compact(rewritten));
    return 0;
}
