#pragma once

#include <QByteArray>
#include <QHash>
#include <QSet>
#include <QString>

#include <functional>

namespace roce::prometheus {

/// HTTP basic auth against bcrypt hashes (exporter-toolkit's basic_auth_users).
///
/// bcrypt is slow on purpose (cost 10: ~70 ms of CPU on the server's one thread), so a
/// verified user and password is remembered, as a keyed hash, and the next scrape costs a
/// SHA-256; and the time spent hashing is rationed (a bucket of milliseconds), so that a
/// stream of wrong passwords (or names) takes at most a fifth of the thread after a first
/// second's burst, and then gets "429, retry later" without a hash. A remembered login is
/// never rationed.
class BasicAuth
{
public:
    enum class Verdict { Allowed, Denied, Throttled };
    struct Limits {
        int burstMs = 1000;       ///< hashing time that may be spent back to back
        int msPerSecond = 200;    ///< and then this much every second
        int minHashCostMs = 50;   ///< what a hash is charged at least (clocks are coarse)
        int rememberedMax = 256;  ///< remembered logins before the memory starts over
    };
    /// @p monotonicMs: the clock of the bucket (tests inject their own).
    explicit BasicAuth(QHash<QString, QByteArray> users, Limits limits,
                       std::function<qint64()> monotonicMs = {});
    BasicAuth(QHash<QString, QByteArray> users)  // NOLINT(google-explicit-constructor)
        : BasicAuth(std::move(users), Limits {})
    { }

    /// Checks an Authorization header's value ("Basic base64(user:password)").
    Verdict check(const QByteArray &authorization);
    int hashesComputed() const { return m_hashes; }

    /// True when @p password hashes to @p hash (libxcrypt; $2a$/$2b$/$2y$), compared in
    /// constant time.
    static bool verify(const QByteArray &password, const QByteArray &hash);
    /// A bcrypt hash of @p password at @p cost (tests and tooling).
    static QByteArray hash(const QByteArray &password, int cost);

private:
    void refill();

    QHash<QString, QByteArray> m_users;
    Limits m_limits;
    std::function<qint64()> m_clock;
    QByteArray m_key;  ///< random per process: the remembered digests are useless elsewhere
    QSet<QByteArray> m_remembered;
    double m_budgetMs = 0;
    qint64 m_refilledMs = 0;
    int m_hashes = 0;
};

}  // namespace roce::prometheus
