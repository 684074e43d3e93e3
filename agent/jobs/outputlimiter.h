#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace roce::agent {

/// Bounds what one job's output costs the agent and the console. Lines longer than
/// maxLineBytes are cut (and marked, the rest up to the newline discarded), so a tool that
/// never prints a newline holds at most one line in memory; lines are streamed within a
/// byte budget (a burst, refilled at a steady rate) and dropped beyond it, counted for the
/// job's result. Tools print far less than the budget (an iperf3 -J report of a minute is
/// ~200 KB at the end); a runaway loop is what it stops. Times are monotonic milliseconds
/// from the caller.
class OutputLimiter
{
public:
    struct Limits {
        int maxLineBytes = 4096;
        qint64 burstBytes = 1024 * 1024;
        qint64 bytesPerSecond = 128 * 1024;
    };
    struct Line {
        QString text;
        bool stream = true;  ///< false: over the budget, not to be sent
    };

    OutputLimiter() : OutputLimiter(Limits {}) { }
    explicit OutputLimiter(Limits limits);

    /// Complete lines of @p channel (0 stdout, 1 stderr) in @p data.
    QList<Line> feed(int channel, const QByteArray &data, qint64 nowMs);
    /// What is left of @p channel without a final newline.
    QList<Line> flush(int channel, qint64 nowMs);

    int droppedLines() const { return m_dropped; }
    int cutLines() const { return m_cut; }
    /// Bytes held for partial lines (both channels).
    qsizetype pendingBytes() const { return m_partial[0].size() + m_partial[1].size(); }

private:
    Line finishLine(int channel, qint64 nowMs);
    bool admit(qint64 cost, qint64 nowMs);

    Limits m_limits;
    QByteArray m_partial[2];
    qint64 m_discarded[2] = {0, 0};  ///< bytes cut from the current line
    double m_tokens;
    qint64 m_lastRefillMs = -1;
    int m_dropped = 0;
    int m_cut = 0;
};

}  // namespace roce::agent
