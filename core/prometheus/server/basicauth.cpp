#include "prometheus/server/basicauth.h"

#include <QElapsedTimer>
#include <QMessageAuthenticationCode>
#include <QRandomGenerator>

#include <crypt.h>

#include <memory>

namespace roce::prometheus {

namespace {
bool constantTimeEqual(const QByteArray &a, const QByteArray &b)
{
    // Runs over the longer of the two whatever differs, so timing tells nothing but lengths
    // (which are public: every bcrypt hash is 60 characters).
    const qsizetype n = std::max(a.size(), b.size());
    unsigned char diff = a.size() == b.size() ? 0 : 1;
    for (qsizetype i = 0; i < n; ++i)
        diff |= static_cast<unsigned char>((i < a.size() ? a[i] : 0) ^ (i < b.size() ? b[i] : 0));
    return diff == 0;
}
}  // namespace

BasicAuth::BasicAuth(QHash<QString, QByteArray> users, Limits limits,
                     std::function<qint64()> monotonicMs)
    : m_users(std::move(users)), m_limits(limits), m_clock(std::move(monotonicMs))
{
    if (!m_clock) {
        auto timer = std::make_shared<QElapsedTimer>();
        timer->start();
        m_clock = [timer] { return timer->elapsed(); };
    }
    m_key.resize(32);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(m_key.data()), 8);
}

bool BasicAuth::verify(const QByteArray &password, const QByteArray &hash)
{
    auto data = std::make_unique<crypt_data>();  // ~32 KiB: not on the stack
    const char *out = crypt_r(password.constData(), hash.constData(), data.get());
    // libxcrypt answers an unusable hash with a string starting with '*', never the hash.
    return out && out[0] != '*' && constantTimeEqual(QByteArray(out), hash);
}

QByteArray BasicAuth::hash(const QByteArray &password, int cost)
{
    char salt[CRYPT_GENSALT_OUTPUT_SIZE];
    if (!crypt_gensalt_rn("$2b$", cost, nullptr, 0, salt, sizeof salt))
        return {};
    auto data = std::make_unique<crypt_data>();
    const char *out = crypt_r(password.constData(), salt, data.get());
    return out && out[0] != '*' ? QByteArray(out) : QByteArray();
}

BasicAuth::Bucket &BasicAuth::bucket(const QByteArray &source)
{
    const qint64 now = m_clock();
    const auto refilled = [&](const Bucket &b) {
        return std::min<double>(m_limits.burstMs,
                                b.budgetMs
                                    + double(now - b.refilledMs) * m_limits.msPerSecond / 1000.0);
    };
    auto it = m_buckets.find(source);
    if (it == m_buckets.end()) {
        if (m_buckets.size() >= m_limits.sourcesMax) {
            // A full bucket holds nothing worth keeping: forget those first. Should more
            // sources than that be failing at once, start over; the connection cap still
            // bounds the hashing they can ask for.
            m_buckets.removeIf(
                [&](const auto &entry) { return refilled(entry.value()) >= m_limits.burstMs; });
            if (m_buckets.size() >= m_limits.sourcesMax)
                m_buckets.clear();
        }
        it = m_buckets.insert(source, Bucket {double(m_limits.burstMs), now});
    }
    it->budgetMs = refilled(*it);
    it->refilledMs = now;
    return *it;
}

BasicAuth::Verdict BasicAuth::check(const QByteArray &authorization, const QByteArray &source)
{
    auto first = begin(authorization, source);
    if (const Verdict *verdict = std::get_if<Verdict>(&first))
        return *verdict;
    const Attempt &attempt = std::get<Attempt>(first);
    const qint64 started = m_clock();
    const bool matched = verify(attempt.password, attempt.hash);
    return settle(attempt, matched, m_clock() - started);
}

std::variant<BasicAuth::Verdict, BasicAuth::Attempt>
BasicAuth::begin(const QByteArray &authorization, const QByteArray &source)
{
    const QByteArray value = authorization.trimmed();
    if (m_users.isEmpty() || !value.left(6).toLower().startsWith("basic "))
        return Verdict::Denied;
    const QByteArray decoded = QByteArray::fromBase64(value.mid(6).trimmed());
    const qsizetype colon = decoded.indexOf(':');
    if (colon < 0)
        return Verdict::Denied;
    const QString user = QString::fromUtf8(decoded.left(colon));
    Attempt attempt;
    attempt.password = decoded.mid(colon + 1);
    attempt.remembered = QMessageAuthenticationCode::hash(
        decoded.left(colon) + '\0' + attempt.password, m_key, QCryptographicHash::Sha256);
    if (m_remembered.contains(attempt.remembered) && m_users.contains(user))
        return Verdict::Allowed;
    Bucket &budget = bucket(source);
    if (budget.budgetMs < m_limits.minHashCostMs)
        return Verdict::Throttled;
    // Reserved now, the rest of what it takes charged by settle().
    budget.budgetMs -= m_limits.minHashCostMs;
    // An unknown user costs a hash too (against any configured one), so that timing does not
    // tell which names exist.
    const auto it = m_users.constFind(user);
    attempt.knownUser = it != m_users.constEnd();
    attempt.hash = attempt.knownUser ? *it : m_users.constBegin().value();
    attempt.source = source;
    ++m_hashes;
    return attempt;
}

BasicAuth::Verdict BasicAuth::settle(const Attempt &attempt, bool matched, qint64 tookMs)
{
    // Charged what it took beyond the floor reserved (a slow machine or a high cost runs out
    // sooner). The bucket is looked up again: the table may have started over meanwhile.
    bucket(attempt.source).budgetMs -= double(std::max<qint64>(tookMs - m_limits.minHashCostMs, 0));
    if (!matched || !attempt.knownUser)
        return Verdict::Denied;
    if (m_remembered.size() >= m_limits.rememberedMax)
        m_remembered.clear();
    m_remembered.insert(attempt.remembered);
    return Verdict::Allowed;
}

BasicAuth::Verdict BasicAuth::withdraw(const Attempt &attempt)
{
    Bucket &budget = bucket(attempt.source);
    budget.budgetMs = std::min<double>(m_limits.burstMs, budget.budgetMs + m_limits.minHashCostMs);
    --m_hashes;
    return Verdict::Throttled;
}

}  // namespace roce::prometheus
