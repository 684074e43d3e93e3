#pragma once

#include <QByteArray>
#include <QHash>
#include <QSet>
#include <QString>

#include <functional>
#include <variant>

namespace roce::prometheus {

/// HTTP basic auth against bcrypt hashes (exporter-toolkit's basic_auth_users).
///
/// bcrypt is slow on purpose (cost 10: ~70 ms of CPU; the server runs it off its own thread,
/// through begin() and settle()), so a
/// verified user and password is remembered, as a keyed hash, and the next scrape costs a
/// SHA-256; and the time spent hashing is rationed (a bucket of milliseconds), so that a
/// stream of wrong passwords (or names) takes at most a fifth of the thread after a first
/// second's burst, and then gets "429, retry later" without a hash. The ration is kept per
/// source (peerSource(): an address, or an IPv6 /64), so a flood of wrong passwords from one
/// source never throttles another one's scrapes. A remembered login is never rationed.
class BasicAuth
{
public:
    enum class Verdict { Allowed, Denied, Throttled };
    struct Limits {
        int burstMs = 1000;       ///< hashing time that may be spent back to back
        int msPerSecond = 200;    ///< and then this much every second
        int minHashCostMs = 50;   ///< what a hash is charged at least (clocks are coarse)
        int rememberedMax = 256;  ///< remembered logins before the memory starts over
        int sourcesMax = 4096;    ///< sources rationed at once (idle ones are forgotten first)
    };
    /// @p monotonicMs: the clock of the bucket (tests inject their own).
    explicit BasicAuth(QHash<QString, QByteArray> users, Limits limits,
                       std::function<qint64()> monotonicMs = {});
    BasicAuth(QHash<QString, QByteArray> users)  // NOLINT(google-explicit-constructor)
        : BasicAuth(std::move(users), Limits {})
    { }

    /// A login that needs a bcrypt hash: what to hash (verify(password, hash)), and what
    /// settle() needs to know of it afterwards.
    struct Attempt {
        QByteArray password, hash;
        QByteArray remembered;  ///< the login's keyed digest
        QByteArray source;
        bool knownUser = false;
    };
    /// Checks an Authorization header's value ("Basic base64(user:password)") sent from
    /// @p source (peerSource(); empty: one source for every caller), hashing here.
    Verdict check(const QByteArray &authorization, const QByteArray &source = {});
    /// The first half of check(): a verdict at once (remembered, malformed, throttled), or
    /// the hash to compute, which may then run on another thread (verify() is reentrant).
    /// Its ration is reserved here, so hashes pending at once cannot overdraw it.
    std::variant<Verdict, Attempt> begin(const QByteArray &authorization,
                                         const QByteArray &source = {});
    /// The second half: what the hash found (@p matched) after @p tookMs, charged to the
    /// attempt's source and, when it is let in, remembered.
    Verdict settle(const Attempt &attempt, bool matched, qint64 tookMs);
    /// An attempt that will not be hashed after all (the server has too many waiting): its
    /// reservation given back, and Throttled.
    Verdict withdraw(const Attempt &attempt);
    int hashesComputed() const { return m_hashes; }
    qsizetype sourcesRationed() const { return m_buckets.size(); }

    /// True when @p password hashes to @p hash (libxcrypt; $2a$/$2b$/$2y$), compared in
    /// constant time.
    static bool verify(const QByteArray &password, const QByteArray &hash);
    /// A bcrypt hash of @p password at @p cost (tests and tooling).
    static QByteArray hash(const QByteArray &password, int cost);

private:
    /// One source's hashing time left, in ms, and when it was last topped up.
    struct Bucket {
        double budgetMs = 0;
        qint64 refilledMs = 0;
    };
    /// @p source's bucket, topped up to now (a new source starts with a full burst).
    Bucket &bucket(const QByteArray &source);

    QHash<QString, QByteArray> m_users;
    Limits m_limits;
    std::function<qint64()> m_clock;
    QByteArray m_key;  ///< random per process: the remembered digests are useless elsewhere
    QSet<QByteArray> m_remembered;
    QHash<QByteArray, Bucket> m_buckets;
    int m_hashes = 0;
};

}  // namespace roce::prometheus
