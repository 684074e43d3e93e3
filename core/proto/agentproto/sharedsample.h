#pragma once

#include "proto/agentproto/sample.h"

#include <QByteArray>
#include <QElapsedTimer>

#include <functional>
#include <memory>

namespace roce::agentproto {

/// One sample per tick for everyone who wants one: every subscriber of every connection and
/// every /metrics scrape. Reading sysfs and ethtool is the agent's main cost, so a sample
/// younger than the asked age is reused, and each serialized form (the protocol's sample
/// frame, the text format of /metrics) is built once per sample and shared as bytes.
class SharedSample
{
public:
    using SampleFunction = std::function<AgentSample()>;
    using TextFormat = std::function<QByteArray(const AgentSample &)>;

    struct Snapshot {
        AgentSample sample;
        qint64 takenMs = 0;  ///< on this object's monotonic clock
        quint64 serial = 0;  ///< 1, 2, ...: which sample this is
    };

    /// @p tickMs: a sample younger than this is reused by default.
    explicit SharedSample(SampleFunction sampler, int tickMs = 100);
    ~SharedSample();

    /// How the sample is written for text(), e.g. the Prometheus exposition format.
    void setTextFormat(TextFormat format);

    /// The newest sample if it is younger than @p maxAgeMs (default: one tick), else a new one.
    std::shared_ptr<const Snapshot> current(qint64 maxAgeMs = -1);
    /// The complete "sample" message of the protocol for current(@p maxAgeMs), framed.
    QByteArray sampleFrame(qint64 maxAgeMs = -1);
    /// The same message with `"skipped":N` (samples the client missed), built per call.
    QByteArray sampleFrameWithSkipped(int skipped, qint64 maxAgeMs = -1);
    /// current() in the text format (empty without one).
    QByteArray text(qint64 maxAgeMs = -1);

    int tickMs() const { return m_tickMs; }
    /// Calls of the sampler so far (tests, and the agent's own accounting).
    quint64 samplerCalls() const { return m_calls; }
    /// Milliseconds on the clock current() ages samples by.
    qint64 nowMs() const { return m_clock.elapsed(); }

private:
    QByteArray sampleJson(qint64 maxAgeMs);

    SampleFunction m_sampler;
    TextFormat m_textFormat;
    int m_tickMs;
    QElapsedTimer m_clock;
    std::shared_ptr<const Snapshot> m_current;
    quint64 m_calls = 0;
    // Serialized forms of m_current, built on first use.
    QByteArray m_json;
    QByteArray m_frame;
    QByteArray m_text;
};

}  // namespace roce::agentproto
