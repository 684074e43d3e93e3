#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QUrl>

#include <memory>

class QDateTime;
class QNetworkReply;
class QNetworkRequest;
class QTimer;

namespace roce {

/// An HTTP Retry-After value (delay in seconds, or an HTTP date) as milliseconds from @p now,
/// at most an hour (beyond is taken as a misconfiguration, not an instruction); -1 when
/// absent or unreadable.
qint64 retryAfterMs(const QByteArray &value, const QDateTime &now);

/// What a client accepts of one HTTP answer.
struct ReplyBounds {
    qint64 maxBytes = 16 * 1024 * 1024;  ///< of the body (of all the pool's bodies, with a pool)
    int timeoutMs = 10000;               ///< the whole exchange: connect, headers and body
    /// What the answer is for, in words ("an NX-API poll"): errors name the cap's use.
    QString use;
    /// Bytes held by every answer of a client at once: with one, maxBytes bounds them all
    /// together, so a client's many requests in flight cannot each take the cap.
    std::shared_ptr<qint64> pool;
};

/// Holds one QNetworkReply to its bounds, so that no server can make a client hold more than
/// it meant to, or send its credentials elsewhere:
/// - the whole answer, body included, within timeoutMs;
/// - at most maxBytes of body: refused by its Content-Length as soon as the headers arrive,
///   else cut when the bytes read pass the cap; the body is read as it arrives and the
///   reply's own buffer kept small, so an endless answer costs the cap, not what it sends;
/// - redirects only within the origin (scheme, host and port) the request was made for,
///   since the request's Authorization and Cookie headers go wherever Qt follows; and a POST
///   only through 307 or 308, since 301, 302 and 303 would resend it as a GET without its
///   body.
/// The request must be prepared with prepare() before it is sent. On failure the reply is
/// aborted (its finished() still comes) and failure() says why; message() words it.
class BoundedReply : public QObject
{
    Q_OBJECT

public:
    enum class Failure { None, TooLarge, TimedOut, RedirectRefused };

    /// Lets the reply's redirects be checked here (QNetworkRequest::UserVerifiedRedirectPolicy).
    static void prepare(QNetworkRequest &request);
    /// Bounds @p reply (sent from a prepared request); owned by the reply.
    static BoundedReply *watch(QNetworkReply *reply, const ReplyBounds &bounds);
    ~BoundedReply() override;

    Failure failure() const { return m_failure; }
    /// Why the answer was refused, for people; "%1" in the texts is @p where.
    QString message(const QString &where) const;
    /// The body read so far and whatever the reply still holds.
    QByteArray takeBody();
    qint64 bytesRead() const { return m_held; }

private:
    BoundedReply(QNetworkReply *reply, const ReplyBounds &bounds);
    void onHeaders();
    void onData();
    void onRedirected(const QUrl &target);
    void fail(Failure failure);
    /// Stops counting what this reply held against the cap.
    void release();

    QNetworkReply *m_reply;
    ReplyBounds m_bounds;
    QUrl m_origin;
    QUrl m_redirectTarget;
    int m_redirectStatus = 0;
    qint64 m_announcedBytes = -1;
    QList<QByteArray> m_chunks;      ///< the body so far
    qint64 m_held = 0;               ///< their bytes
    std::shared_ptr<qint64> m_pool;  ///< never null: a pool of its own without a shared one
    bool m_posted;
    Failure m_failure = Failure::None;
};

}  // namespace roce
