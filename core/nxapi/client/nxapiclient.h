#pragma once

#include "nxapi/client/nxapienvelope.h"
#include "nxapi/parse/snapshot.h"
#include "proto/common/boundedreply.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QStringList>
#include <QTimer>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;

namespace roce::nxapi {

/// Where and how to reach one switch.
struct NxapiEndpoint {
    QUrl url;  ///< https://switch[:port][/ins]; http only with allowHttp
    QString user;
    QString password;  ///< from the keychain; never logged
    /// SHA-256 of the switch certificate the user confirmed (hex, colons optional). Accepts
    /// that certificate even though no CA vouches for it (Nexus switches ship self-signed),
    /// and rejects any other certificate, even one a trusted CA issued for the switch's name.
    QString pinnedSha256;
    bool allowHttp = false;  ///< plain HTTP sends the password in clear: only on request
    int timeoutMs = 10000;   ///< one request, its whole answer included
    /// The largest answer read: a 48-port poll is about 1 MiB, a 288-port chassis's about 9;
    /// a switch answering without end must not take the exporter (and every other switch's
    /// metrics) down with it.
    qint64 maxAnswerBytes = 16 * 1024 * 1024;
};

/// What went wrong with a request, typed so that views can say it plainly.
struct NxapiError {
    enum Kind {
        InsecureRefused,  ///< http:// without allowHttp
        Unreachable,      ///< DNS, refused, no route
        Timeout,
        TlsUntrusted,          ///< certificate not trusted and not pinned (fingerprint given)
        TlsPinMismatch,        ///< certificate differs from the pinned one
        AuthenticationFailed,  ///< HTTP 401
        /// A second login in a row refused (HTTP 401): polling stopped so that retries do not
        /// lock out a shared switch account; it resumes with setPassword().
        CredentialsRejected,
        MaxSessions,        ///< HTTP 429 or code 429 "Max sessions reached"
        ServerError,        ///< HTTP 5xx or another non-200 status
        MalformedResponse,  ///< not JSON, cut short, wrong shape
    };
    Kind kind = ServerError;
    QString message;  ///< for people: what, where, and what to do
    int httpStatus = 0;
    QString fingerprint;  ///< TlsUntrusted/TlsPinMismatch: the certificate's SHA-256
};

/// "ab:cd:..." upper-case colon form of a SHA-256 given in any hex spelling.
QString normalizeFingerprint(const QString &hex);

using roce::retryAfterMs;

/// An NX-API client for one switch on QNetworkAccessManager: never blocks its thread.
/// Polls a set of show commands in ONE batched `cli_show` request per interval (NX-API keeps
/// 5 sessions per worker and turns more away); commands the release cannot structure (501)
/// are moved, for good, to a `cli_show_ascii` batch and parsed from text. Authenticates with
/// HTTP Basic once and then reuses the `nxapi_auth` cookie (renewed before its 600 s expiry,
/// or after a 401). A poll that is still running when the next is due is not stacked: the
/// tick is skipped and counted. Errors are typed and polling goes on, but gently: after 429,
/// 5xx and timeouts the next poll waits min(base * 2^(n-1), cap), less up to a fifth of
/// jitter, or the switch's Retry-After when that is longer; a good poll resets it. Two
/// logins refused (HTTP 401) with no good poll between them stop polling altogether, since
/// every further try counts against the account's lockout, until setPassword().
class NxapiClient : public QObject
{
    Q_OBJECT

public:
    explicit NxapiClient(NxapiEndpoint endpoint, QObject *parent = nullptr);
    ~NxapiClient() override;

    const NxapiEndpoint &endpoint() const { return m_endpoint; }
    /// The commands of each poll (default: interface, PFC, queuing, LLDP, version).
    void setCommands(const QStringList &commands);
    QStringList commands() const { return m_commands; }
    static QStringList defaultCommands();
    /// Polling interval; at least 1000 ms.
    void setInterval(int ms);
    int interval() const { return m_timer.interval(); }

    void start();  ///< polls now and then every interval
    void stop();
    /// Polls once now, whatever the backoff; false when a poll is still running (not stacked)
    /// or polling stopped because the credentials were rejected.
    bool pollNow();
    bool busy() const { return !m_pending.isNull() || m_inPoll; }
    /// Sends configuration commands in one `cli_conf` request (NX-API runs them in order and
    /// stops at the first that fails): configured() with one output per command run, or
    /// pollFailed() when the request itself failed. False when a request is still running or
    /// the credentials were rejected. The console never calls it on its own: only a command
    /// a person gave (what-if's --verify, on the simulated fabric) does.
    bool configure(const QStringList &commands);

    /// The backoff's first delay (0 = the polling interval) and its ceiling.
    void setBackoff(int baseMs, int capMs);
    /// The delay before the next poll while backing off; 0 when polling on schedule.
    int backoffMs() const { return m_backoffMs; }
    /// True after two refused logins: nothing is sent until setPassword().
    bool passwordNeeded() const { return m_passwordNeeded; }
    /// A new password (the user typed it): clears the stop and, if started, polls at once.
    void setPassword(const QString &password);

    /// How long the last poll took, good or failed: from its request being sent to its
    /// snapshot parsed (or the failure known), in nanoseconds; 0 before the first.
    qint64 lastPollDurationNs() const { return m_lastPollNs; }
    int pollsSkipped() const { return m_skipped; }
    int requestsSent() const { return m_requests; }
    int basicLogins() const { return m_logins; }
    /// Commands answered with 501 and now fetched as text.
    QStringList asciiCommands() const { return QStringList(m_ascii.begin(), m_ascii.end()); }

signals:
    /// A poll finished; per-command failures are in snapshot.issues.
    void snapshotReady(const roce::nxapi::SwitchSnapshot &snapshot);
    void pollFailed(const roce::nxapi::NxapiError &error);
    /// The certificate is not trusted: show @p fingerprint and let the user pin it.
    void certificateUntrusted(const QString &fingerprint, const QString &details);
    void pollSkipped();
    /// The outputs of configure()'s commands, the last one the failure if one failed.
    void configured(const QList<roce::nxapi::CommandOutput> &outputs);
    /// Polling stopped after two refused logins (also reported through pollFailed with
    /// kind CredentialsRejected): ask the user for the password and call setPassword().
    void credentialsRejected(const roce::nxapi::NxapiError &error);
    /// The next poll waits @p delayMs (backoff after 429, 5xx or a timeout).
    void backingOff(int delayMs, const roce::nxapi::NxapiError &reason);

private:
    void startPoll();
    void send(const QStringList &commands, OutputFormat format);
    void onFinished(QNetworkReply *reply, const QStringList &commands, OutputFormat format,
                    bool usedCookie);
    struct FinishedReply;
    /// Timeout, pin mismatch or untrusted certificate: fails the poll and returns true.
    bool failedInTransport(const FinishedReply &finished);
    /// Any status but 200: fails the poll (or, after an expired session, logs in again) and
    /// returns true.
    bool handledHttpStatus(const FinishedReply &finished);
    void storeSessionCookie(QNetworkReply *reply);
    /// Applies the answers to the snapshot; commands answered 501 move to this poll's ASCII round.
    void applyOutputs(const QList<CommandOutput> &outputs, OutputFormat format);
    void finishPoll();
    void failPoll(NxapiError error);
    void scheduleRetry(const NxapiError &reason);
    QUrl insUrl() const;

    NxapiEndpoint m_endpoint;
    QNetworkAccessManager *m_network;
    QTimer m_timer;
    QTimer m_retryTimer;  ///< the next poll while backing off (m_timer stopped meanwhile)
    bool m_started = false;
    int m_backoffBaseMs = 0;
    int m_backoffCapMs = 60 * 1000;
    int m_backoffMs = 0;
    int m_failuresInRow = 0;     ///< 429/5xx/timeouts since the last good poll
    qint64 m_retryAfterMs = -1;  ///< the failed answer's Retry-After, if any
    int m_refusedLogins = 0;     ///< 401s to the password since the last good poll
    bool m_passwordNeeded = false;
    QStringList m_commands;
    QSet<QString> m_ascii;
    QPointer<QNetworkReply> m_pending;
    bool m_inPoll = false;
    QStringList m_asciiRound;   ///< commands still to fetch as text in this poll
    QElapsedTimer m_pollClock;  ///< since the current poll started
    qint64 m_lastPollNs = 0;
    SwitchSnapshot m_snapshot;
    QByteArray m_cookie;
    QElapsedTimer m_cookieAge;
    QString m_tlsFingerprint;
    QString m_tlsErrors;
    bool m_pinMismatch = false;
    int m_skipped = 0;
    int m_requests = 0;
    int m_logins = 0;
};

}  // namespace roce::nxapi

Q_DECLARE_METATYPE(roce::nxapi::SwitchSnapshot)
Q_DECLARE_METATYPE(roce::nxapi::NxapiError)
