#include "proto/agentproto/authbackoff.h"

#include <algorithm>

namespace roce::agentproto {

namespace {
/// Addresses remembered at most: a scan from many addresses must not grow the table
/// without bound (each entry is a few dozen bytes; stale ones go first).
constexpr qsizetype kMaxTracked = 4096;
/// An address whose last failure is older than this starts again from no delay: a console
/// with a mistyped token that is later fixed is not slowed down forever.
constexpr qint64 kForgetAfterMs = 10 * 60 * 1000;
}  // namespace

qint64 AuthBackoff::delayFor(int failures) const
{
    if (failures <= 0)
        return 0;
    qint64 delay = m_baseMs;
    for (int i = 1; i < failures && delay < m_capMs; ++i)
        delay *= 2;
    return std::min(delay, m_capMs);
}

qint64 AuthBackoff::delayMs(const QHostAddress &peer) const
{
    const auto it = m_peers.constFind(peer);
    return it == m_peers.constEnd() ? 0 : delayFor(it->failures);
}

qint64 AuthBackoff::reserve(const QHostAddress &peer, qint64 nowMs)
{
    const auto it = m_peers.find(peer);
    if (it == m_peers.end())
        return nowMs;
    if (nowMs - it->lastFailureMs > kForgetAfterMs && nowMs >= it->nextServeMs) {
        m_peers.erase(it);
        return nowMs;
    }
    const qint64 at = std::max(nowMs, it->nextServeMs);
    it->nextServeMs = at + delayFor(it->failures);
    return at;
}

std::optional<qint64> AuthBackoff::reserveBy(const QHostAddress &peer, qint64 nowMs,
                                             qint64 latestMs)
{
    if (nextTurnMs(peer, nowMs) > latestMs)
        return std::nullopt;
    return reserve(peer, nowMs);
}

qint64 AuthBackoff::nextTurnMs(const QHostAddress &peer, qint64 nowMs) const
{
    const auto it = m_peers.constFind(peer);
    return it == m_peers.constEnd() ? nowMs : std::max(nowMs, it->nextServeMs);
}

void AuthBackoff::failed(const QHostAddress &peer, qint64 nowMs)
{
    if (!m_peers.contains(peer) && m_peers.size() >= kMaxTracked)
        forgetStale(nowMs);
    Peer &p = m_peers[peer];
    if (p.failures > 0 && nowMs - p.lastFailureMs > kForgetAfterMs)
        p.failures = 0;
    ++p.failures;
    p.lastFailureMs = nowMs;
    p.nextServeMs = std::max(p.nextServeMs, nowMs + delayFor(p.failures));
}

void AuthBackoff::succeeded(const QHostAddress &peer)
{
    m_peers.remove(peer);
}

void AuthBackoff::forgetStale(qint64 nowMs)
{
    // Addresses quiet for longer than the longest delay have served their time.
    for (auto it = m_peers.begin(); it != m_peers.end();) {
        if (nowMs - it->lastFailureMs > m_capMs && nowMs >= it->nextServeMs)
            it = m_peers.erase(it);
        else
            ++it;
    }
    // Still full: an attacker owns that many addresses; drop the oldest failure.
    if (m_peers.size() >= kMaxTracked) {
        auto oldest
            = std::min_element(m_peers.begin(), m_peers.end(), [](const Peer &a, const Peer &b) {
                  return a.lastFailureMs < b.lastFailureMs;
              });
        m_peers.erase(oldest);
    }
}

}  // namespace roce::agentproto
