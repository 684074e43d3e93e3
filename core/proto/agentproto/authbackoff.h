#pragma once

#include <QHash>
#include <QHostAddress>

#include <optional>

namespace roce::agentproto {

/// Slows down token guessing: after a failed authentication from an address, the next
/// attempt from that address is served only after a delay that doubles with every failure
/// (capped), and attempts waiting at the same time are served one delay apart, so opening
/// more connections does not buy more guesses. A success forgets the address. Times are
/// monotonic milliseconds from the caller.
class AuthBackoff
{
public:
    explicit AuthBackoff(qint64 baseMs = 500, qint64 capMs = 30000)
        : m_baseMs(baseMs), m_capMs(capMs)
    { }

    /// When (>= @p nowMs) an attempt from @p peer that arrives at @p nowMs may be served;
    /// reserves that moment, so the next waiting attempt is served one delay later.
    qint64 reserve(const QHostAddress &peer, qint64 nowMs);
    /// The same for an attempt that gives up at @p latestMs (its connection's deadline): when
    /// its turn would come later, nothing is reserved and nothing returned. It is refused at
    /// once, and the turns after it do not move: an attempt kept waiting past its deadline
    /// used to push every later one further away, which locked out the right token too.
    std::optional<qint64> reserveBy(const QHostAddress &peer, qint64 nowMs, qint64 latestMs);
    /// The earliest an attempt from @p peer arriving at @p nowMs could be served.
    qint64 nextTurnMs(const QHostAddress &peer, qint64 nowMs) const;
    void failed(const QHostAddress &peer, qint64 nowMs);
    void succeeded(const QHostAddress &peer);
    /// The delay the next failure from @p peer has earned (0: none failed lately).
    qint64 delayMs(const QHostAddress &peer) const;
    qsizetype trackedAddresses() const { return m_peers.size(); }

private:
    struct Peer {
        int failures = 0;
        qint64 nextServeMs = 0;
        qint64 lastFailureMs = 0;
    };
    qint64 delayFor(int failures) const;
    void forgetStale(qint64 nowMs);

    qint64 m_baseMs;
    qint64 m_capMs;
    QHash<QHostAddress, Peer> m_peers;
};

}  // namespace roce::agentproto
