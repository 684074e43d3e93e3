#include "proto/agentproto/sharedsample.h"

#include "proto/agentproto/frame.h"

namespace roce::agentproto {

SharedSample::SharedSample(SampleFunction sampler, int tickMs)
    : m_sampler(std::move(sampler)), m_tickMs(tickMs)
{
    m_clock.start();
}

SharedSample::~SharedSample() = default;

void SharedSample::setTextFormat(TextFormat format)
{
    m_textFormat = std::move(format);
    m_text.clear();
}

std::shared_ptr<const SharedSample::Snapshot> SharedSample::current(qint64 maxAgeMs)
{
    if (maxAgeMs < 0)
        maxAgeMs = m_tickMs;
    const qint64 now = m_clock.elapsed();
    if (m_current && now - m_current->takenMs < maxAgeMs)
        return m_current;
    auto next = std::make_shared<Snapshot>();
    next->sample = m_sampler();
    next->takenMs = m_clock.elapsed();
    next->serial = ++m_calls;
    m_current = std::move(next);
    m_json.clear();
    m_frame.clear();
    m_text.clear();
    return m_current;
}

QByteArray SharedSample::sampleJson(qint64 maxAgeMs)
{
    current(maxAgeMs);
    if (m_json.isEmpty())
        m_json = sampleToJsonBytes(m_current->sample);
    return m_json;
}

QByteArray SharedSample::sampleFrame(qint64 maxAgeMs)
{
    const QByteArray json = sampleJson(maxAgeMs);
    if (m_frame.isEmpty())
        m_frame = encodeFramePayload("{\"sample\":" + json + ",\"type\":\"sample\"}");
    return m_frame;  // implicitly shared: every subscriber's socket gets the same bytes
}

QByteArray SharedSample::sampleFrameWithSkipped(int skipped, qint64 maxAgeMs)
{
    return encodeFramePayload("{\"sample\":" + sampleJson(maxAgeMs) + ",\"skipped\":"
                              + QByteArray::number(skipped) + ",\"type\":\"sample\"}");
}

QByteArray SharedSample::text(qint64 maxAgeMs)
{
    current(maxAgeMs);
    if (m_text.isEmpty() && m_textFormat)
        m_text = m_textFormat(m_current->sample);
    return m_text;
}

}  // namespace roce::agentproto
