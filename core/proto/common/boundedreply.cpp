#include "proto/common/boundedreply.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

namespace roce {

namespace {

class BoundedText
{
    Q_DECLARE_TR_FUNCTIONS(BoundedText)
};

// What the reply may buffer ahead of us: the body is taken at every readyRead, so this only
// bounds how far Qt's network thread races a busy event loop.
constexpr qint64 kReplyBufferBytes = 256 * 1024;
constexpr int kMaxRedirects = 5;

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    const int defaultPort = a.scheme() == QLatin1String("https") ? 443 : 80;
    return a.scheme() == b.scheme() && a.host().compare(b.host(), Qt::CaseInsensitive) == 0
        && a.port(defaultPort) == b.port(defaultPort);
}

QString size(qint64 bytes)
{
    if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0)
        return BoundedText::tr("%1 MiB").arg(bytes / (1024 * 1024));
    return BoundedText::tr("%1 bytes").arg(bytes);
}

// A Retry-After beyond this is taken as a misconfiguration, not an instruction.
constexpr qint64 kMaxRetryAfterMs = 3600 * 1000;

}  // namespace

qint64 retryAfterMs(const QByteArray &value, const QDateTime &now)
{
    const QByteArray text = value.trimmed();
    if (text.isEmpty())
        return -1;
    bool ok = false;
    const qint64 seconds = text.toLongLong(&ok);
    if (ok)
        return seconds < 0 ? -1 : std::min(seconds * 1000, kMaxRetryAfterMs);
    // An HTTP date (IMF-fixdate) ends in "GMT", which Qt's RFC 2822 reader wants as +0000.
    QString date = QString::fromLatin1(text);
    if (date.endsWith(QLatin1String(" GMT")))
        date = date.chopped(3) + QLatin1String("+0000");
    const QDateTime when = QDateTime::fromString(date, Qt::RFC2822Date);
    if (!when.isValid())
        return -1;
    return std::clamp(now.msecsTo(when), qint64(0), kMaxRetryAfterMs);
}

void BoundedReply::prepare(QNetworkRequest &request)
{
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::UserVerifiedRedirectPolicy);
    request.setMaximumRedirectsAllowed(kMaxRedirects);
}

BoundedReply *BoundedReply::watch(QNetworkReply *reply, const ReplyBounds &bounds)
{
    return new BoundedReply(reply, bounds);
}

BoundedReply::BoundedReply(QNetworkReply *reply, const ReplyBounds &bounds)
    : QObject(reply),
      m_reply(reply),
      m_bounds(bounds),
      m_origin(reply->request().url()),
      m_pool(bounds.pool ? bounds.pool : std::make_shared<qint64>(0)),
      // Before a redirect: Qt has already turned a redirected POST into a GET when it asks.
      m_posted(reply->operation() == QNetworkAccessManager::PostOperation)
{
    // Qt hands the bound to its network thread by a queued signal, which that thread drops
    // while the request has not started there: set now, it is lost, and the thread then
    // reads whatever the server sends as fast as it comes (GBs in seconds on loopback). So it
    // is set again once the request is on its way, and when the headers are in.
    reply->setReadBufferSize(kReplyBufferBytes);
    const auto bound = [reply] { reply->setReadBufferSize(kReplyBufferBytes); };
    QTimer::singleShot(0, this, bound);
    connect(reply, &QNetworkReply::requestSent, this, bound);
    auto *deadline = new QTimer(this);
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, this, [this] { fail(Failure::TimedOut); });
    deadline->start(bounds.timeoutMs);
    connect(reply, &QNetworkReply::metaDataChanged, this, &BoundedReply::onHeaders);
    connect(reply, &QNetworkReply::readyRead, this, &BoundedReply::onData);
    connect(reply, &QNetworkReply::redirected, this, &BoundedReply::onRedirected);
    connect(reply, &QNetworkReply::finished, deadline, &QTimer::stop);
}

BoundedReply::~BoundedReply()
{
    release();
}

void BoundedReply::release()
{
    *m_pool -= m_held;
    m_held = 0;
    m_chunks.clear();
}

void BoundedReply::onHeaders()
{
    m_reply->setReadBufferSize(kReplyBufferBytes);
    const QVariant length = m_reply->header(QNetworkRequest::ContentLengthHeader);
    m_announcedBytes = length.isValid() ? length.toLongLong() : -1;
    if (m_announcedBytes > m_bounds.maxBytes)
        fail(Failure::TooLarge);
}

void BoundedReply::onData()
{
    if (m_failure != Failure::None)
        return;
    // What arrived (at most the reply's small buffer), counted before it is kept, and read
    // straight into the body: no chunk copies for the allocator to scatter.
    const qint64 available = m_reply->bytesAvailable();
    if (available <= 0)
        return;
    if (*m_pool + available > m_bounds.maxBytes) {
        fail(Failure::TooLarge);
        return;
    }
    // Kept as the pieces Qt hands over (at most its small buffer each): a body grown in one
    // array would be copied as it grows, and the allocator keeps the large blocks a refused
    // answer leaves behind; pieces this size are reused by the next answer instead.
    QByteArray chunk = m_reply->read(available);
    *m_pool += chunk.size();
    m_held += chunk.size();
    m_chunks.append(std::move(chunk));
}

void BoundedReply::onRedirected(const QUrl &target)
{
    m_redirectTarget = target;
    m_redirectStatus = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const bool keepsMethod = m_redirectStatus == 307 || m_redirectStatus == 308;
    if (!sameOrigin(m_origin, target) || (m_posted && !keepsMethod)) {
        fail(Failure::RedirectRefused);
        return;
    }
    emit m_reply->redirectAllowed();
}

void BoundedReply::fail(Failure failure)
{
    if (m_failure != Failure::None)
        return;
    m_failure = failure;
    release();
    m_reply->abort();
}

QByteArray BoundedReply::takeBody()
{
    onData();
    if (m_failure != Failure::None)
        return {};
    QByteArray body;
    if (m_chunks.size() == 1) {
        body = m_chunks.first();  // shared, not copied
    } else {
        body.reserve(m_held);
        for (const QByteArray &chunk : std::as_const(m_chunks))
            body += chunk;
    }
    release();
    return body;
}

QString BoundedReply::message(const QString &where) const
{
    switch (m_failure) {
    case Failure::None:
        return {};
    case Failure::TimedOut:
        return BoundedText::tr("%1 did not answer within %2 s")
            .arg(where)
            .arg(m_bounds.timeoutMs / 1000.0);
    case Failure::TooLarge:
        if (m_announcedBytes > m_bounds.maxBytes)
            return BoundedText::tr("%1 announced an answer of %2, over the %3 cap of %4; not "
                                   "read")
                .arg(where, size(m_announcedBytes), size(m_bounds.maxBytes), m_bounds.use);
        return BoundedText::tr("%1 sent more than %2, the cap of %3; the rest was not read")
            .arg(where, size(m_bounds.maxBytes), m_bounds.use);
    case Failure::RedirectRefused: {
        const QString target = m_redirectTarget.toDisplayString(QUrl::RemoveUserInfo);
        if (!sameOrigin(m_origin, m_redirectTarget))
            return BoundedText::tr("%1 redirected to %2, another origin: not followed, so the "
                                   "credentials stay with %3; if the service moved, use its new "
                                   "address")
                .arg(where, target,
                     m_origin.toDisplayString(QUrl::RemoveUserInfo | QUrl::RemovePath
                                              | QUrl::RemoveQuery));
        return BoundedText::tr("%1 redirected the request with HTTP %2 to %3, which would resend "
                               "it as a GET without its body: not followed; use that address")
            .arg(where)
            .arg(m_redirectStatus)
            .arg(target);
    }
    }
    return {};
}

}  // namespace roce
