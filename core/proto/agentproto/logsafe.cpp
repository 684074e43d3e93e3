#include "proto/agentproto/logsafe.h"

#include <algorithm>
#include <utility>

namespace roce::agentproto {

QString escapeForLog(QStringView text, int maxChars)
{
    QString out;
    out.reserve(std::min<qsizetype>(text.size(), maxChars) + 8);
    qsizetype used = 0;
    for (; used < text.size() && out.size() < maxChars; ++used) {
        const QChar c = text[used];
        const char16_t u = c.unicode();
        if (u == u'\n')
            out += QLatin1String("\\n");
        else if (u == u'\r')
            out += QLatin1String("\\r");
        else if (u == u'\t')
            out += QLatin1String("\\t");
        else if (u == u'\\')
            out += QLatin1String("\\\\");
        else if (u < 0x20 || u == 0x7f || (u >= 0x80 && u < 0xa0))  // C0, DEL, C1 (NEL)
            out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        else if (u == 0x2028 || u == 0x2029 || c.isSurrogate() || u == 0xfeff)
            // Separators some log viewers break lines on; lone surrogates would turn into
            // replacement characters and hide what was sent.
            out += QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    if (used < text.size())
        out += QStringLiteral("…(+%1)").arg(text.size() - used);
    return out;
}

bool WarningLimiter::allow(qint64 nowMs)
{
    if (m_windowStart < 0 || nowMs - m_windowStart >= m_windowMs) {
        m_windowStart = nowMs;
        m_inWindow = 0;
    }
    if (m_inWindow < m_limit) {
        ++m_inWindow;
        return true;
    }
    ++m_suppressed;
    ++m_suppressedTotal;
    return false;
}

int WarningLimiter::takeSuppressed()
{
    return std::exchange(m_suppressed, 0);
}

int WarningLimiter::takeSuppressedAfterWindow(qint64 nowMs)
{
    if (m_suppressed == 0 || (m_windowStart >= 0 && nowMs - m_windowStart < m_windowMs))
        return 0;
    return takeSuppressed();
}

}  // namespace roce::agentproto
