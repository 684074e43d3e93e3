#include "nxapi/nxapiclient.h"

#include "nxapi/response.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QNetworkAccessManager>
#include <QNetworkCookie>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslError>

namespace roce::nxapi {

namespace {

class ClientText
{
    Q_DECLARE_TR_FUNCTIONS(ClientText)
};

// NX-OS expires nxapi_auth after 600 s; renew a minute early rather than eat a 401.
constexpr qint64 kCookieLifetimeMs = 540 * 1000;

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

void NxapiClient::start()
{
    m_timer.start();
    pollNow();
}

void NxapiClient::stop()
{
    m_timer.stop();
}

bool NxapiClient::pollNow()
{
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
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::NoLessSafeRedirectPolicy);
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
    m_tlsFingerprint.clear();
    m_tlsErrors.clear();
    m_pinMismatch = false;
    ++m_requests;
    QNetworkReply *reply = m_network->post(request, insApiRequest(commands, format));
    m_pending = reply;

    const QString pin = normalizeFingerprint(m_endpoint.pinnedSha256);
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
        });
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
    auto *timeout = new QTimer(reply);
    timeout->setSingleShot(true);
    connect(timeout, &QTimer::timeout, reply, [reply] {
        reply->setProperty("roceTimedOut", true);
        reply->abort();
    });
    timeout->start(m_endpoint.timeoutMs);
    connect(reply, &QNetworkReply::finished, this, [this, reply, commands, format, useCookie] {
        onFinished(reply, commands, format, useCookie);
    });
}

void NxapiClient::onFinished(QNetworkReply *reply, const QStringList &commands, OutputFormat format,
                             bool usedCookie)
{
    reply->deleteLater();
    m_pending = nullptr;
    const QString where = insUrl().toDisplayString();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();

    if (reply->property("roceTimedOut").toBool()) {
        failPoll(NxapiError {NxapiError::Timeout,
                             ClientText::tr("%1 did not answer within %2 s")
                                 .arg(where)
                                 .arg(m_endpoint.timeoutMs / 1000.0),
                             0,
                             {}});
        return;
    }
    if (m_pinMismatch) {
        failPoll(NxapiError {
            NxapiError::TlsPinMismatch,
            ClientText::tr("%1 presented certificate %2, not the pinned %3. "
                           "If the switch was re-keyed, confirm the new "
                           "fingerprint; otherwise something is in between.")
                .arg(where, m_tlsFingerprint, normalizeFingerprint(m_endpoint.pinnedSha256)),
            0, m_tlsFingerprint});
        return;
    }
    if (reply->error() == QNetworkReply::SslHandshakeFailedError
        || (!m_tlsErrors.isEmpty() && status == 0)) {
        NxapiError e {NxapiError::TlsUntrusted,
                      ClientText::tr("%1: certificate not trusted (%2). SHA-256 fingerprint %3: "
                                     "compare it with 'show nxapi' on the switch console and "
                                     "pin it if it matches.")
                          .arg(where, m_tlsErrors.isEmpty() ? reply->errorString() : m_tlsErrors,
                               m_tlsFingerprint),
                      0, m_tlsFingerprint};
        emit certificateUntrusted(m_tlsFingerprint, m_tlsErrors);
        failPoll(e);
        return;
    }
    if (status == 401) {
        if (usedCookie) {
            // The session expired on the switch (reload, or another client's logout): log in
            // again once, with the password.
            m_cookie.clear();
            send(commands, format);
            return;
        }
        failPoll(NxapiError {NxapiError::AuthenticationFailed,
                             ClientText::tr("%1 refused user '%2' (HTTP 401): wrong user name "
                                            "or password, or the role lacks NX-API access.")
                                 .arg(where, m_endpoint.user),
                             401,
                             {}});
        return;
    }
    if (status == 0) {
        failPoll(
            NxapiError {NxapiError::Unreachable,
                        ClientText::tr("%1 is unreachable: %2").arg(where, reply->errorString()),
                        0,
                        {}});
        return;
    }
    if (status == 429) {
        failPoll(NxapiError {NxapiError::MaxSessions,
                             ClientText::tr("%1 has no free NX-API session (HTTP 429); retrying "
                                            "at the next poll.")
                                 .arg(where),
                             429,
                             {}});
        return;
    }
    if (status != 200) {
        const QString detail = QString::fromUtf8(body.left(200)).simplified();
        failPoll(NxapiError {NxapiError::ServerError,
                             ClientText::tr("%1 answered HTTP %2%3")
                                 .arg(where)
                                 .arg(status)
                                 .arg(detail.isEmpty() ? QString() : QStringLiteral(": ") + detail),
                             status,
                             {}});
        return;
    }
    // A new session cookie, if the switch handed one out.
    const QList<QNetworkCookie> cookies
        = reply->header(QNetworkRequest::SetCookieHeader).value<QList<QNetworkCookie>>();
    for (const QNetworkCookie &c : cookies) {
        if (c.name() == "nxapi_auth") {
            m_cookie = c.value();
            m_cookieAge.start();
        }
    }

    const auto outputs = parseNxapiResponse(body, commands);
    if (!outputs) {
        failPoll(NxapiError {NxapiError::MalformedResponse,
                             ClientText::tr("%1: %2").arg(where, outputs.error().message),
                             status,
                             {}});
        return;
    }
    bool allMaxSessions = !outputs->isEmpty();
    for (const CommandOutput &o : *outputs) {
        allMaxSessions = allMaxSessions && o.code == CommandCode::MaxSessions;
        if (o.code == CommandCode::Unsupported && format == OutputFormat::Structured) {
            m_ascii.insert(o.input);
            m_asciiRound.append(o.input);
            continue;
        }
        applyCommandOutput(o, m_snapshot);
    }
    if (allMaxSessions) {
        m_cookie.clear();
        failPoll(NxapiError {NxapiError::MaxSessions,
                             ClientText::tr("%1: max sessions reached (NX-API code 429); "
                                            "retrying at the next poll.")
                                 .arg(where),
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

void NxapiClient::finishPoll()
{
    m_inPoll = false;
    m_snapshot.takenMs = QDateTime::currentMSecsSinceEpoch();
    emit snapshotReady(m_snapshot);
}

void NxapiClient::failPoll(NxapiError error)
{
    m_inPoll = false;
    m_asciiRound.clear();
    emit pollFailed(error);
}

}  // namespace roce::nxapi
