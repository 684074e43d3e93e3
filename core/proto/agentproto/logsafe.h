#pragma once

#include <QString>
#include <QStringView>

namespace roce::agentproto {

/// @p text as it may go into a log line: control characters become `\n`, `\r`, `\t` or
/// `\xNN`, line and paragraph separators `\u2028`-style, a backslash `\\`, and the result is
/// cut to @p maxChars characters (marked "…(+N)"). Whatever a peer sends then stays on one
/// line of its own connection's entry: it cannot forge a log line.
QString escapeForLog(QStringView text, int maxChars = 120);

/// At most `limit` warnings per window for one source (one connection, or the listener);
/// the rest are counted and reported in one "N warnings suppressed" line. Times are
/// monotonic milliseconds from the caller, so tests need no real clock.
class WarningLimiter
{
public:
    explicit WarningLimiter(int limit = 5, qint64 windowMs = 10000)
        : m_limit(limit), m_windowMs(windowMs)
    { }

    /// True when a warning at @p nowMs may be logged. Opening a new window first reports
    /// the previous window's suppressed count through takeSuppressed().
    bool allow(qint64 nowMs);
    /// Warnings suppressed and not yet reported; resets the count.
    int takeSuppressed();
    /// takeSuppressed() once the window they were suppressed in is over, else 0: for a
    /// periodic flush, so a burst is summed up even when no warning follows it.
    int takeSuppressedAfterWindow(qint64 nowMs);
    int suppressedTotal() const { return m_suppressedTotal; }

private:
    int m_limit;
    qint64 m_windowMs;
    qint64 m_windowStart = -1;
    int m_inWindow = 0;
    int m_suppressed = 0;
    int m_suppressedTotal = 0;
};

}  // namespace roce::agentproto
