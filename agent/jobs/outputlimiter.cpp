#include "jobs/outputlimiter.h"

#include <QCoreApplication>

#include <algorithm>

namespace roce::agent {

namespace {
class OutputLimiterText
{
    Q_DECLARE_TR_FUNCTIONS(OutputLimiterText)
};

/// What a streamed line costs beyond its text: the job_output frame around it.
constexpr qint64 kFrameOverhead = 64;
}  // namespace

OutputLimiter::OutputLimiter(Limits limits) : m_limits(limits), m_tokens(double(limits.burstBytes))
{ }

bool OutputLimiter::admit(qint64 cost, qint64 nowMs)
{
    if (m_lastRefillMs >= 0 && nowMs > m_lastRefillMs) {
        m_tokens = std::min(
            double(m_limits.burstBytes),
            m_tokens + double(nowMs - m_lastRefillMs) * double(m_limits.bytesPerSecond) / 1000.0);
    }
    m_lastRefillMs = nowMs;
    if (m_tokens < double(cost))
        return false;
    m_tokens -= double(cost);
    return true;
}

OutputLimiter::Line OutputLimiter::finishLine(int channel, qint64 nowMs)
{
    Line line;
    line.text = QString::fromUtf8(m_partial[channel]);
    line.text.remove(QLatin1Char('\r'));
    if (m_discarded[channel] > 0) {
        ++m_cut;
        line.text += OutputLimiterText::tr(" […line cut: %1 more bytes]").arg(m_discarded[channel]);
    }
    m_partial[channel].clear();
    m_discarded[channel] = 0;
    line.stream = admit(line.text.size() + kFrameOverhead, nowMs);
    if (!line.stream)
        ++m_dropped;
    return line;
}

QList<OutputLimiter::Line> OutputLimiter::feed(int channel, const QByteArray &data, qint64 nowMs)
{
    QList<Line> lines;
    qsizetype pos = 0;
    while (pos < data.size()) {
        const qsizetype nl = data.indexOf('\n', pos);
        const qsizetype end = nl < 0 ? data.size() : nl;
        // Keep at most maxLineBytes of the line; count the rest.
        const qsizetype room
            = std::max<qsizetype>(0, m_limits.maxLineBytes - m_partial[channel].size());
        const qsizetype keep = std::min(room, end - pos);
        m_partial[channel].append(data.constData() + pos, keep);
        m_discarded[channel] += (end - pos) - keep;
        if (nl < 0)
            break;
        lines.append(finishLine(channel, nowMs));
        pos = nl + 1;
    }
    return lines;
}

QList<OutputLimiter::Line> OutputLimiter::flush(int channel, qint64 nowMs)
{
    if (m_partial[channel].isEmpty() && m_discarded[channel] == 0)
        return {};
    return {finishLine(channel, nowMs)};
}

}  // namespace roce::agent
