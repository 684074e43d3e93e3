#include "nxapi/client/nxapiclient.h"

#include "nxapi/client/response.h"
#include "proto/common/boundedreply.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QNetworkAccessManager>
#include <QNetworkCookie>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslError>

#include <algorithm>

namespace roce::nxapi {

namespace {

class ClientText
{
    Q_DECLARE_TR_FUNCTIONS(ClientText)
};

// NX-OS expires nxapi_auth after 600 s; renew a minute early rather than eat a 401.
constexpr qint64 kCookieLifetimeMs = 540 * 1000;
// The second refused login stops polling: the first may be a password changed a moment ago
// on the switch, the second is a wrong password that further tries would only lock out.
constexpr int kRefusedLoginsBeforeStop = 2;

bool backsOff(const NxapiError &error)
{
    return error.kind == NxapiError::MaxSessions || error.kind == NxapiError::Timeout
        || (error.kind == NxapiError::ServerError && error.httpStatus >= 500);
}

// Every command of the answer turned away with NX-API code 429 (none at all is not that).
bool allMaxSessions(const QList<CommandOutput> &outputs)
{
    return !outputs.isEmpty()
        && std::all_of(outputs.begin(), outputs.end(),
                       [](const CommandOutput &o) { return o.code == CommandCode::MaxSessions; });
}

}  // namespace

QString normalizeFingerprint(const QString &hex)
{
    QString digits;
    for (const QChar c : hex) {
        if (c.isLetterOrNumber())
            digits.append(c.toUpper());
    }
    QString out;
    for (qsizetype i = 0; i < digits.size(); i += 2) {
        if (i)
            out.append(QLatin1Char(':'));
        out.append(digits.mid(i, 2));
    }
    return out;
}

NxapiClient::NxapiClient(NxapiEndpoint endpoint, QObject *parent)
    : QObject(parent),
      m_endpoint(std::move(endpoint)),
      m_network(new QNetworkAccessManager(this)),
      m_commands(defaultCommands())
{
    qRegisterMetaType<roce::nxapi::SwitchSnapshot>();
    qRegisterMetaType<roce::nxapi::NxapiError>();
    m_network->setCookieJar(nullptr);  // nxapi_auth is handled explicitly below
    m_timer.setInterval(2000);
    connect(&m_timer, &QTimer::timeout, this, [this] { pollNow(); });
    m_retryTimer.setSingleShot(true);
    m_retryTimer.setTimerType(Qt::PreciseTimer);  // never sooner than announced
    connect(&m_retryTimer, &QTimer::timeout, this, [this] { pollNow(); });
}

NxapiClient::~NxapiClient()
{
    // Going away is not a failed poll: nobody should hear about the aborted request.
    if (m_pending) {
        m_pending->disconnect(this);
        m_pending->abort();
    }
}

QStringList NxapiClient::defaultCommands()
{
    return {QStringLiteral("show version"), QStringLiteral("show interface"),
            QStringLiteral("show interface priority-flow-control"),
            QStringLiteral("show queuing interface"), QStringLiteral("show lldp neighbors detail")};
}

void NxapiClient::setCommands(const QStringList &commands)
{
    m_commands = commands;
}

void NxapiClient::setInterval(int ms)
{
    m_timer.setInterval(std::max(1000, ms));
}

void NxapiClient::setBackoff(int baseMs, int capMs)
{
    m_backoffBaseMs = std::max(0, baseMs);
    m_backoffCapMs = std::max(1, capMs);
}

void NxapiClient::setPassword(const QString &password)
{
    m_endpoint.password = password;
    m_cookie.clear();
    m_refusedLogins = 0;
    const bool wasStopped = std::exchange(m_passwordNeeded, false);
    if (wasStopped && m_started)
        start();
}

void NxapiClient::start()
{
    m_started = true;
    if (m_passwordNeeded)
        return;  // only a new password resumes
    m_retryTimer.stop();
    m_timer.start();
    pollNow();
}

void NxapiClient::stop()
{
    m_started = false;
    m_timer.stop();
    m_retryTimer.stop();
}

bool NxapiClient::pollNow()
{
    if (m_passwordNeeded)
        return false;
    if (busy()) {
        ++m_skipped;
        emit pollSkipped();
        return false;
    }
    startPoll();
    return true;
}

QUrl NxapiClient::insUrl() const
{
    QUrl url = m_endpoint.url;
    if (url.path().isEmpty() || url.path() == QLatin1String("/"))
        url.setPath(QStringLiteral("/ins"));
    return url;
}

void NxapiClient::startPoll()
{
    m_pollClock.start();
    const QUrl url = insUrl();
    if (url.scheme() == QLatin1String("http") && !m_endpoint.allowHttp) {
        failPoll(NxapiError {NxapiError::InsecureRefused,
                             ClientText::tr("%1 is plain HTTP: the password would cross the "
                                            "network in clear. Use https://, or allow HTTP "
                                            "explicitly for this switch.")
                                 .arg(url.toDisplayString()),
                             0,
                             {}});
        return;
    }
    if (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) {
        failPoll(NxapiError {
            NxapiError::Unreachable,
            ClientText::tr("%1 is not an http:// or https:// URL").arg(url.toDisplayString()),
            0,
            {}});
        return;
    }
    m_inPoll = true;
    m_snapshot = SwitchSnapshot {};
    QStringList structured;
    m_asciiRound.clear();
    for (const QString &c : std::as_const(m_commands)) {
        if (m_ascii.contains(c))
            m_asciiRound.append(c);
        else
            structured.append(c);
    }
    if (!structured.isEmpty()) {
        send(structured, OutputFormat::Structured);
    } else {
        const QStringList ascii = std::exchange(m_asciiRound, {});
        send(ascii, OutputFormat::Ascii);
    }
}

void NxapiClient::send(const QStringList &commands, OutputFormat format)
{
    QNetworkRequest request(insUrl());
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    // Redirects stay within the switch: the password and the session cookie go where Qt follows.
    BoundedReply::prepare(request);
    const bool useCookie
        = !m_cookie.isEmpty() && m_cookieAge.isValid() && m_cookieAge.elapsed() < kCookieLifetimeMs;
    if (useCookie) {
        request.setRawHeader(QByteArrayLiteral("Cookie"),
                             QByteArrayLiteral("nxapi_auth=") + m_cookie);
    } else {
        m_cookie.clear();
        const QByteArray credentials
            = (m_endpoint.user + QLatin1Char(':') + m_endpoint.password).toUtf8().toBase64();
        request.setRawHeader(QByteArrayLiteral("Authorization"),
                             QByteArrayLiteral("Basic ") + credentials);
        ++m_logins;
    }
    const QString pin = normalizeFingerprint(m_endpoint.pinnedSha256);
    if (!pin.isEmpty()) {
        // A pinned switch is trusted for its fingerprint alone: no CA may vouch for another
        // certificate. With no CA to check against every certificate raises sslErrors, which
        // Qt delivers during the handshake, before the request (and its Authorization header)
        // is written; only the pinned one is let through there.
        QSslConfiguration tls = request.sslConfiguration();
        tls.setCaCertificates({});
        request.setSslConfiguration(tls);
    }
    m_tlsFingerprint.clear();
    m_tlsErrors.clear();
    m_pinMismatch = false;
    ++m_requests;
    QNetworkReply *reply = m_network->post(request, insApiRequest(commands, format));
    m_pending = reply;

    connect(
        reply, &QNetworkReply::sslErrors, this, [this, reply, pin](const QList<QSslError> &errors) {
            const QString fp
                = normalizeFingerprint(QString::fromLatin1(reply->sslConfiguration()
                                                               .peerCertificate()
                                                               .digest(QCryptographicHash::Sha256)
                                                               .toHex()));
            m_tlsFingerprint = fp;
            QStringList texts;
            for (const QSslError &e : errors)
                texts.append(e.errorString());
            m_tlsErrors = texts.join(QLatin1String("; "));
            if (!pin.isEmpty() && fp == pin)
                reply->ignoreSslErrors(errors);  // the user confirmed exactly this certificate
            else if (!pin.isEmpty())
                m_pinMismatch = true;
        });
    // Second line of defence, should a CA ever be consulted after all: QNetworkReply
    // documents that nothing has been sent when encrypted() is emitted.
    connect(reply, &QNetworkReply::encrypted, this, [this, reply, pin] {
        const QString fp
            = normalizeFingerprint(QString::fromLatin1(reply->sslConfiguration()
                                                           .peerCertificate()
                                                           .digest(QCryptographicHash::Sha256)
                                                           .toHex()));
        m_tlsFingerprint = fp;
        if (!pin.isEmpty() && fp != pin) {
            m_pinMismatch = true;
            reply->abort();
        }
    });
    BoundedReply::watch(
        reply,
        {m_endpoint.maxAnswerBytes, m_endpoint.timeoutMs, ClientText::tr("an NX-API poll"), {}});
    connect(reply, &QNetworkReply::finished, this, [this, reply, commands, format, useCookie] {
        onFinished(reply, commands, format, useCookie);
    });
}

// One finished request, as onFinished() reads it once for all its checks.
struct NxapiClient::FinishedReply {
    QNetworkReply *reply;
    const QStringList &commands;
    OutputFormat format;
    bool usedCookie;
    QString where;
    int status;
    QByteArray body;
};

bool NxapiClient::configure(const QStringList &commands)
{
    if (busy() || m_passwordNeeded)
        return false;
    m_inPoll = true;
    m_pollClock.start();
    send(commands, OutputFormat::Config);
    return true;
}

void NxapiClient::onFinished(QNetworkReply *reply, const QStringList &commands, OutputFormat format,
                             bool usedCookie)
{
    reply->deleteLater();
    m_pending = nullptr;
    auto *bounded = reply->findChild<BoundedReply *>();
    const FinishedReply finished {
        reply,
        commands,
        format,
        usedCookie,
        insUrl().toDisplayString(),
        reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
        bounded ? bounded->takeBody() : QByteArray()};
    m_retryAfterMs = retryAfterMs(reply->rawHeader(QByteArrayLiteral("Retry-After")),
                                  QDateTime::currentDateTimeUtc());

    if (failedInTransport(finished) || handledHttpStatus(finished))
        return;
    storeSessionCookie(reply);

    const auto outputs = parseNxapiResponse(finished.body, commands);
    if (!outputs) {
        failPoll(NxapiError {NxapiError::MalformedResponse,
                             ClientText::tr("%1: %2").arg(finished.where, outputs.error().message),
                             finished.status,
                             {}});
        return;
    }
    if (format == OutputFormat::Config) {
        m_inPoll = false;
        m_refusedLogins = 0;
        emit configured(*outputs);
        return;
    }
    applyOutputs(*outputs, format);
    if (allMaxSessions(*outputs)) {
        m_cookie.clear();
        failPoll(NxapiError {NxapiError::MaxSessions,
                             // Said the same to a poller (which tries again at its next
                             // poll) and to a one-shot command (which ends here).
                             ClientText::tr("%1: max sessions reached (NX-API code 429): the "
                                            "switch has no NX-API session free for a new client "
                                            "(a session lasts 10 minutes after its last use)")
                                 .arg(finished.where),
                             200,
                             {}});
        return;
    }
    if (!m_asciiRound.isEmpty()) {
        const QStringList ascii = std::exchange(m_asciiRound, {});
        send(ascii, OutputFormat::Ascii);
        return;
    }
    finishPoll();
}

bool NxapiClient::failedInTransport(const FinishedReply &finished)
{
    const QString &where = finished.where;
    const auto *bounded = finished.reply->findChild<BoundedReply *>();
    if (bounded && bounded->failure() != BoundedReply::Failure::None) {
        static constexpr auto kinds = [](BoundedReply::Failure f) {
            switch (f) {
            case BoundedReply::Failure::TimedOut:
                return NxapiError::Timeout;
            case BoundedReply::Failure::TooLarge:
                return NxapiError::MalformedResponse;
            case BoundedReply::Failure::None:
            case BoundedReply::Failure::RedirectRefused:
                break;
            }
            return NxapiError::ServerError;
        };
        failPoll(NxapiError {kinds(bounded->failure()), bounded->message(where), 0, {}});
        return true;
    }
    if (m_pinMismatch) {
        failPoll(NxapiError {
            NxapiError::TlsPinMismatch,
            ClientText::tr("%1 presented certificate %2, not the pinned %3. "
                           "If the switch was re-keyed, confirm the new "
                           "fingerprint; otherwise something is in between.")
                .arg(where, m_tlsFingerprint, normalizeFingerprint(m_endpoint.pinnedSha256)),
            0, m_tlsFingerprint});
        return true;
    }
    if (finished.reply->error() == QNetworkReply::SslHandshakeFailedError
        || (!m_tlsErrors.isEmpty() && finished.status == 0)) {
        NxapiError e {NxapiError::TlsUntrusted,
                      ClientText::tr("%1: certificate not trusted (%2). SHA-256 fingerprint %3: "
                                     "compare it with 'show nxapi' on the switch console and "
                                     "pin it if it matches.")
                          .arg(where,
                               m_tlsErrors.isEmpty() ? finished.reply->errorString() : m_tlsErrors,
                               m_tlsFingerprint),
                      0, m_tlsFingerprint};
        emit certificateUntrusted(m_tlsFingerprint, m_tlsErrors);
        failPoll(e);
        return true;
    }
    return false;
}

bool NxapiClient::handledHttpStatus(const FinishedReply &finished)
{
    const QString &where = finished.where;
    const int status = finished.status;
    if (status == 401) {
        if (finished.usedCookie) {
            // The session expired on the switch (reload, or another client's logout): log in
            // again once, with the password.
            m_cookie.clear();
            send(finished.commands, finished.format);
            return true;
        }
        failPoll(NxapiError {NxapiError::AuthenticationFailed,
                             ClientText::tr("%1 refused user '%2' (HTTP 401): wrong user name "
                                            "or password, or the role lacks NX-API access.")
                                 .arg(where, m_endpoint.user),
                             401,
                             {}});
        return true;
    }
    if (status == 0) {
        failPoll(NxapiError {
            NxapiError::Unreachable,
            ClientText::tr("%1 is unreachable: %2").arg(where, finished.reply->errorString()),
            0,
            {}});
        return true;
    }
    if (status == 429) {
        failPoll(NxapiError {NxapiError::MaxSessions,
                             ClientText::tr("%1 has no free NX-API session (HTTP 429); retrying "
                                            "at the next poll.")
                                 .arg(where),
                             429,
                             {}});
        return true;
    }
    if (status != 200) {
        const QString detail = QString::fromUtf8(finished.body.left(200)).simplified();
        failPoll(NxapiError {NxapiError::ServerError,
                             ClientText::tr("%1 answered HTTP %2%3")
                                 .arg(where)
                                 .arg(status)
                                 .arg(detail.isEmpty() ? QString() : QStringLiteral(": ") + detail),
                             status,
                             {}});
        return true;
    }
    return false;
}

// A new session cookie, if the switch handed one out.
void NxapiClient::storeSessionCookie(QNetworkReply *reply)
{
    const QList<QNetworkCookie> cookies
        = reply->header(QNetworkRequest::SetCookieHeader).value<QList<QNetworkCookie>>();
    for (const QNetworkCookie &c : cookies) {
        if (c.name() == "nxapi_auth") {
            m_cookie = c.value();
            m_cookieAge.start();
        }
    }
}

void NxapiClient::applyOutputs(const QList<CommandOutput> &outputs, OutputFormat format)
{
    bool applied = false;
    for (const CommandOutput &o : outputs) {
        if (o.code == CommandCode::Unsupported && format == OutputFormat::Structured) {
            m_ascii.insert(o.input);
            m_asciiRound.append(o.input);
            continue;
        }
        applyCommandOutput(o, m_snapshot);
        applied = true;
    }
    // The counters are as old as the first answer that carried them: an ASCII round after it
    // must not stretch the interval rates are measured over.
    if (applied && m_snapshot.takenMs == 0)
        m_snapshot.takenMs = QDateTime::currentMSecsSinceEpoch();
}

void NxapiClient::finishPoll()
{
    m_lastPollNs = m_pollClock.nsecsElapsed();
    m_inPoll = false;
    m_refusedLogins = 0;
    m_failuresInRow = 0;
    m_backoffMs = 0;
    if (m_started && !m_timer.isActive()) {
        m_retryTimer.stop();
        m_timer.start();  // back on schedule
    }
    if (m_snapshot.takenMs == 0)
        m_snapshot.takenMs = QDateTime::currentMSecsSinceEpoch();
    emit snapshotReady(m_snapshot);
}

void NxapiClient::failPoll(NxapiError error)
{
    m_lastPollNs = m_pollClock.isValid() ? m_pollClock.nsecsElapsed() : 0;
    m_inPoll = false;
    m_asciiRound.clear();
    if (error.kind == NxapiError::AuthenticationFailed
        && ++m_refusedLogins >= kRefusedLoginsBeforeStop) {
        m_passwordNeeded = true;
        m_timer.stop();
        m_retryTimer.stop();
        error.kind = NxapiError::CredentialsRejected;
        error.message = ClientText::tr("%1 refused user '%2' twice (HTTP 401): credentials "
                                       "rejected twice: polling stopped, enter the password.")
                            .arg(insUrl().toDisplayString(), m_endpoint.user);
        emit pollFailed(error);
        emit credentialsRejected(error);
        return;
    }
    if (backsOff(error))
        scheduleRetry(error);
    emit pollFailed(error);
}

void NxapiClient::scheduleRetry(const NxapiError &reason)
{
    const qint64 base = m_backoffBaseMs > 0 ? m_backoffBaseMs : m_timer.interval();
    const int doublings = std::min(m_failuresInRow++, 30);
    const qint64 nominal = std::min(base << std::min(doublings, 20), qint64(m_backoffCapMs));
    // Up to a fifth less, so that consoles which failed together do not retry in step; never
    // more, so that each delay still exceeds the one before until the cap.
    qint64 delay = nominal - qint64(QRandomGenerator::global()->bounded(quint32(nominal / 5 + 1)));
    delay = std::max<qint64>(delay, m_retryAfterMs);
    m_backoffMs = int(std::max<qint64>(1, delay));
    if (m_started) {
        m_timer.stop();
        m_retryTimer.start(m_backoffMs);
    }
    emit backingOff(m_backoffMs, reason);
}

}  // namespace roce::nxapi
