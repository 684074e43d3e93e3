// Agent messages past the frame decoder, as far as they go without a socket: the job request
// of a `job_start` (parseJobSpec, core/proto/agentproto/jobspec.cpp, what AgentServer calls) and a
// `job_result` as the console reads it (jobResultFromJson). AgentServer's session state
// machine itself (hello, auth, dispatch) lives inside agentserver.cpp behind a QTcpSocket and
// is not reached here.
// The input is one frame's JSON payload. Checks: a spec that validates is written back by
// jobSpecToJson() into JSON that validates again to the same spec; job results survive a
// round trip.
#include "fuzzcommon.h"
#include "proto/agentproto/frame.h"
#include "proto/agentproto/jobspec.h"

using namespace roce::agentproto;

namespace {

void checkJobSpec(const QJsonObject &json)
{
    const auto spec = parseJobSpec(json);
    if (!spec) {
        ROCE_FUZZ_CHECK(!spec.error().message.isEmpty());
        return;
    }
    const QJsonObject written = jobSpecToJson(*spec);
    const auto again = parseJobSpec(written);
    if (!again)
        roce::fuzz::fail("a valid job spec, written back, is refused", roce::fuzz::compact(written),
                         again.error().message.toUtf8());
    const QJsonObject rewritten = jobSpecToJson(*again);
    if (rewritten != written)
        roce::fuzz::fail("job spec round trip changed it", roce::fuzz::compact(written),
                         roce::fuzz::compact(rewritten));
    // What the agent will build command lines from.
    ROCE_FUZZ_CHECK(jobTools().contains(again->tool));
    ROCE_FUZZ_CHECK(again->isPerftest() == spec->isPerftest());
}

void checkJobResult(const QJsonObject &json)
{
    const JobResult r = jobResultFromJson(json);
    const JobResult back = jobResultFromJson(jobResultToJson(r));
    ROCE_FUZZ_CHECK(back.jobId == r.jobId && back.state == r.state && back.exitCode == r.exitCode
                    && back.error == r.error && back.parsed == r.parsed);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    // Through the decoder, as the server receives it: it refuses what is not an object with
    // a "type" before anything else sees it.
    FrameDecoder decoder;
    const auto messages = decoder.feed(encodeFramePayload(roce::fuzz::rawBytes(data, size)));
    if (!messages || messages->isEmpty()) {
        // A bare job spec (as rocectl and the experiments build them) has no "type": read it
        // directly.
        const QJsonDocument doc = QJsonDocument::fromJson(roce::fuzz::rawBytes(data, size));
        if (doc.isObject())
            checkJobSpec(doc.object());
        return 0;
    }
    for (const QJsonObject &m : *messages) {
        const QString type = m.value(QStringLiteral("type")).toString();
        if (type == QLatin1String("job_start"))
            checkJobSpec(m.value(QStringLiteral("job")).toObject());
        else if (type == QLatin1String("job_result"))
            checkJobResult(m);
        else
            checkJobSpec(m);
    }
    return 0;
}
