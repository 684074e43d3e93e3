// NxapiClient against real servers on loopback: the simulated switch's HTTPS endpoint (a
// self-signed certificate, sessions, 429, 501), and raw TCP servers that hang, cut bodies
// short or answer 500.
#include "../common/testpki.h"
#include "nxapi/client/nxapiclient.h"
#include "sim/served/nxapiserver.h"
#include "sim/served/simservice.h"

#include <QElapsedTimer>
#include <QFile>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSslKey>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

using namespace roce::nxapi;

namespace {

QByteArray resource(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// A TCP server that answers every request with @p response (or never, when empty), and
/// counts the requests and when each arrived.
class RawServer : public QTcpServer
{
public:
    explicit RawServer(QByteArray response) : m_response(std::move(response))
    {
        m_clock.start();
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [this, s] {
                    if (s->readAll().startsWith("POST "))
                        m_arrivals.append(m_clock.elapsed());
                    if (!m_response.isEmpty()) {
                        s->write(m_response);
                        s->disconnectFromHost();
                    }
                });
            }
        });
        listen(QHostAddress::LocalHost, 0);
    }
    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1/ins").arg(serverPort())); }
    void setResponse(const QByteArray &response) { m_response = response; }
    int requests() const { return int(m_arrivals.size()); }
    /// When each request arrived, in ms since the server started.
    QList<qint64> arrivals() const { return m_arrivals; }

private:
    QByteArray m_response;
    QElapsedTimer m_clock;
    QList<qint64> m_arrivals;
};

QByteArray httpResponse(int status, const QByteArray &body)
{
    return "HTTP/1.1 " + QByteArray::number(status)
        + " X\r\nContent-Type: application/json\r\n"
          "Content-Length: "
        + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

struct PollResult {
    std::optional<SwitchSnapshot> snapshot;
    std::optional<NxapiError> error;
};

PollResult poll(NxapiClient &client, int timeoutMs = 15000)
{
    PollResult r;
    QSignalSpy ok(&client, &NxapiClient::snapshotReady);
    QSignalSpy failed(&client, &NxapiClient::pollFailed);
    if (!client.pollNow())
        return r;
    if (ok.isEmpty() && failed.isEmpty())
        (void)QTest::qWaitFor([&] { return !ok.isEmpty() || !failed.isEmpty(); }, timeoutMs);
    if (!ok.isEmpty())
        r.snapshot = ok.first().first().value<SwitchSnapshot>();
    if (!failed.isEmpty())
        r.error = failed.first().first().value<NxapiError>();
    return r;
}

}  // namespace

class TestNxapiClient : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void refusedWithoutPin();
    void acceptedWithPinOneBatchAndCookie();
    void wrongPinRefused();
    void pinBindsEvenWhenTheCaVouches();
    void wrongPassword();
    void plainHttpOnlyWhenAllowed();
    void structuredUnsupportedFallsBackToText();
    void maxSessionsThenRecovers();
    void expiredSessionLogsInAgain();
    void timeoutAndNoStacking();
    void unreachable();
    void malformedAndServerErrors();
    void twoRefusedLoginsStopPolling();
    void serverErrorsBackOffExponentially();
    void retryAfterIsHonoured();
    void retryAfterValues();
    void cleanupTestCase();

private:
    NxapiEndpoint simEndpoint() const;
    std::unique_ptr<roce::sim::SimService> m_sim;
};

void TestNxapiClient::initTestCase()
{
    roce::sim::SimServiceOptions options;
    options.agents = false;
    m_sim = std::make_unique<roce::sim::SimService>(options);
    QVERIFY(m_sim->start());
    QVERIFY(m_sim->startScenario(QStringLiteral("pfc-incast")));
}

void TestNxapiClient::cleanupTestCase()
{
    m_sim.reset();
}

NxapiEndpoint TestNxapiClient::simEndpoint() const
{
    NxapiEndpoint e;
    e.url = m_sim->nxapiHttpsUrl();
    e.user = QStringLiteral("admin");
    e.password = QStringLiteral("admin");
    e.pinnedSha256 = m_sim->certificateFingerprint();
    e.timeoutMs = 5000;
    return e;
}

void TestNxapiClient::refusedWithoutPin()
{
    NxapiEndpoint e = simEndpoint();
    e.pinnedSha256.clear();
    NxapiClient client(e);
    QSignalSpy untrusted(&client, &NxapiClient::certificateUntrusted);
    const PollResult r = poll(client);
    QVERIFY(!r.snapshot);
    QVERIFY(r.error);
    QCOMPARE(r.error->kind, NxapiError::TlsUntrusted);
    // The user is shown the fingerprint to compare and pin.
    QCOMPARE(r.error->fingerprint, m_sim->certificateFingerprint());
    QVERIFY(r.error->message.contains(m_sim->certificateFingerprint()));
    QCOMPARE(untrusted.size(), 1);
}

void TestNxapiClient::acceptedWithPinOneBatchAndCookie()
{
    NxapiEndpoint e = simEndpoint();
    e.pinnedSha256 = e.pinnedSha256.toLower().remove(QLatin1Char(':'));  // any hex spelling
    NxapiClient client(e);
    PollResult r = poll(client);
    QVERIFY2(r.snapshot, r.error ? qPrintable(r.error->message) : "no answer");
    QVERIFY(r.snapshot->issues.isEmpty());
    QVERIFY(r.snapshot->version);
    QCOMPARE(r.snapshot->version->hostName, QStringLiteral("nexus-roce"));
    const PortStatus *p = r.snapshot->findPort(QStringLiteral("Ethernet1/1/1"));
    QVERIFY(p && p->pfc && p->queuing && p->counters.has(PortCounter::InBytes));
    QVERIFY(r.snapshot->lldpNeighbors.size() >= 4);
    // All five commands in ONE request, one Basic login.
    QCOMPARE(client.requestsSent(), 1);
    QCOMPARE(client.basicLogins(), 1);
    // The next poll reuses the nxapi_auth cookie: no new login, no new session.
    r = poll(client);
    QVERIFY(r.snapshot);
    QCOMPARE(client.requestsSent(), 2);
    QCOMPARE(client.basicLogins(), 1);
}

void TestNxapiClient::wrongPinRefused()
{
    NxapiEndpoint e = simEndpoint();
    e.pinnedSha256 = QString(QLatin1Char('a')).repeated(64);
    NxapiClient client(e);
    const PollResult r = poll(client);
    QVERIFY(r.error);
    QVERIFY2(r.error->kind == NxapiError::TlsUntrusted
                 || r.error->kind == NxapiError::TlsPinMismatch,
             qPrintable(r.error->message));
    QCOMPARE(r.error->fingerprint, m_sim->certificateFingerprint());
}

void TestNxapiClient::pinBindsEvenWhenTheCaVouches()
{
    // The switch presents a certificate that a CA this machine trusts issued for 127.0.0.1.
    const roce::testing::TestPki pki;
    QVERIFY2(pki.ok(), qPrintable(pki.error));
    const QSslConfiguration before = QSslConfiguration::defaultConfiguration();
    QSslConfiguration trusting = before;
    trusting.addCaCertificate(pki.ca);
    QSslConfiguration::setDefaultConfiguration(trusting);
    const auto restore
        = qScopeGuard([before] { QSslConfiguration::setDefaultConfiguration(before); });
    auto answer = [](const QByteArray &in) {
        return in.contains("\r\n\r\n") ? httpResponse(500, "recorded") : QByteArray();
    };
    NxapiEndpoint e;
    e.user = QStringLiteral("admin");
    e.password = QStringLiteral("the-switch-password");
    e.timeoutMs = 5000;
    const QByteArray credentials
        = "Authorization: Basic " + QByteArray("admin:the-switch-password").toBase64();

    // Control: not pinned, the CA vouches, and the recorder sees the request and password.
    roce::testing::RecordingTlsServer trusted(pki.leaf, pki.leafKey, answer);
    e.url = QUrl(QStringLiteral("https://127.0.0.1:%1").arg(trusted.serverPort()));
    NxapiClient unpinned(e);
    PollResult r = poll(unpinned);
    QVERIFY(r.error);
    QCOMPARE(r.error->httpStatus, 500);
    QVERIFY2(trusted.received().contains(credentials), trusted.received().constData());

    // Pinned to another certificate: refused, and not one byte of the request went out.
    roce::testing::RecordingTlsServer impostor(pki.leaf, pki.leafKey, answer);
    e.url = QUrl(QStringLiteral("https://127.0.0.1:%1").arg(impostor.serverPort()));
    e.pinnedSha256 = QString(64, QLatin1Char('c'));
    NxapiClient wrongPin(e);
    r = poll(wrongPin);
    QVERIFY(r.error);
    QCOMPARE(r.error->kind, NxapiError::TlsPinMismatch);
    QCOMPARE(r.error->fingerprint, normalizeFingerprint(QString::fromLatin1(pki.leafSha256())));
    QTest::qWait(300);  // anything in flight would have arrived by now
    QCOMPARE(impostor.received(), QByteArray());

    // Pinned to this certificate: accepted.
    e.pinnedSha256 = QString::fromLatin1(pki.leafSha256());
    NxapiClient pinned(e);
    r = poll(pinned);
    QVERIFY(r.error);
    QCOMPARE(r.error->httpStatus, 500);
    QVERIFY(impostor.received().contains(credentials));
}

void TestNxapiClient::wrongPassword()
{
    NxapiEndpoint e = simEndpoint();
    e.password = QStringLiteral("not-the-password");
    NxapiClient client(e);
    const PollResult r = poll(client);
    QVERIFY(r.error);
    QCOMPARE(r.error->kind, NxapiError::AuthenticationFailed);
    QCOMPARE(r.error->httpStatus, 401);
    QVERIFY(r.error->message.contains(QLatin1String("admin")));
    QVERIFY(!r.error->message.contains(QLatin1String("not-the-password")));
}

void TestNxapiClient::plainHttpOnlyWhenAllowed()
{
    NxapiEndpoint e = simEndpoint();
    e.url = m_sim->nxapiHttpUrl();
    NxapiClient refused(e);
    PollResult r = poll(refused);
    QVERIFY(r.error);
    QCOMPARE(r.error->kind, NxapiError::InsecureRefused);
    QCOMPARE(refused.requestsSent(), 0);  // nothing left the machine
    e.allowHttp = true;
    NxapiClient allowed(e);
    r = poll(allowed);
    QVERIFY2(r.snapshot, r.error ? qPrintable(r.error->message) : "no answer");
}

void TestNxapiClient::structuredUnsupportedFallsBackToText()
{
    NxapiClient client(simEndpoint());
    client.setCommands({QStringLiteral("show interface priority-flow-control"),
                        QStringLiteral("show running-config")});
    PollResult r = poll(client);
    QVERIFY2(r.snapshot, r.error ? qPrintable(r.error->message) : "no answer");
    QVERIFY2(r.snapshot->issues.isEmpty(), qPrintable(r.snapshot->issues.value(0).message));
    // 501 on cli_show, then the same command as cli_show_ascii in the same poll.
    QVERIFY(r.snapshot->qosConfig);
    QCOMPARE(r.snapshot->qosConfig->systemNetworkQos, QStringLiteral("QOS_NETWORK"));
    QCOMPARE(client.asciiCommands(), QStringList {QStringLiteral("show running-config")});
    QCOMPARE(client.requestsSent(), 2);
    QVERIFY(r.snapshot->findPort(QStringLiteral("Ethernet1/1/1"))->pfc);
    // Remembered: the next poll asks for text straight away (no 501 round trip).
    r = poll(client);
    QVERIFY(r.snapshot && r.snapshot->qosConfig);
    QCOMPARE(client.requestsSent(), 4);
}

void TestNxapiClient::maxSessionsThenRecovers()
{
    roce::sim::NxapiServer server(
        [](const QString &command, OutputFormat) {
            CommandOutput o;
            o.input = command;
            o.body = QJsonObject {{QStringLiteral("host_name"), QStringLiteral("canned")},
                                  {QStringLiteral("nxos_ver_str"), QStringLiteral("10.2(4)")}};
            return o;
        },
        QStringLiteral("admin"), QStringLiteral("admin"));
    const QSslCertificate cert(resource(QStringLiteral(":/sim/nxapi-selfsigned.crt")), QSsl::Pem);
    const QSslKey key(resource(QStringLiteral(":/sim/nxapi-selfsigned.key")), QSsl::Rsa, QSsl::Pem);
    const quint16 port = server.listenHttps(QHostAddress::LocalHost, 0, cert, key);
    QVERIFY(port);
    server.setMaxSessions(0);
    NxapiEndpoint e = simEndpoint();
    e.url = QUrl(QStringLiteral("https://127.0.0.1:%1").arg(port));
    NxapiClient client(e);
    client.setCommands({QStringLiteral("show version")});
    PollResult r = poll(client);
    QVERIFY(r.error);
    QCOMPARE(r.error->kind, NxapiError::MaxSessions);
    // What happened and for how long, not a promise a one-shot command cannot keep.
    QVERIFY2(r.error->message.contains(QLatin1String("max sessions reached"))
                 && r.error->message.contains(QLatin1String("10 minutes")),
             qPrintable(r.error->message));
    // Polling goes on: once a session frees up, the next poll works.
    server.setMaxSessions(5);
    r = poll(client);
    QVERIFY2(r.snapshot, r.error ? qPrintable(r.error->message) : "no answer");
    QCOMPARE(r.snapshot->version->hostName, QStringLiteral("canned"));
}

void TestNxapiClient::expiredSessionLogsInAgain()
{
    roce::sim::NxapiServer server(
        [](const QString &command, OutputFormat) {
            CommandOutput o;
            o.input = command;
            o.body = QJsonObject {{QStringLiteral("host_name"), QStringLiteral("canned")}};
            return o;
        },
        QStringLiteral("admin"), QStringLiteral("admin"));
    const QSslCertificate cert(resource(QStringLiteral(":/sim/nxapi-selfsigned.crt")), QSsl::Pem);
    const QSslKey key(resource(QStringLiteral(":/sim/nxapi-selfsigned.key")), QSsl::Rsa, QSsl::Pem);
    const quint16 port = server.listenHttps(QHostAddress::LocalHost, 0, cert, key);
    server.setSessionLifetime(150);
    NxapiEndpoint e = simEndpoint();
    e.url = QUrl(QStringLiteral("https://127.0.0.1:%1").arg(port));
    NxapiClient client(e);
    client.setCommands({QStringLiteral("show version")});
    QVERIFY(poll(client).snapshot);
    QCOMPARE(client.basicLogins(), 1);
    QTest::qWait(300);
    // The cookie is now unknown to the switch: 401, then one login with the password.
    const PollResult r = poll(client);
    QVERIFY2(r.snapshot, r.error ? qPrintable(r.error->message) : "no answer");
    QCOMPARE(client.basicLogins(), 2);
    QCOMPARE(client.requestsSent(), 3);
}

void TestNxapiClient::timeoutAndNoStacking()
{
    RawServer silent {QByteArray()};
    NxapiEndpoint e;
    e.url = silent.url();
    e.allowHttp = true;
    e.user = QStringLiteral("admin");
    e.timeoutMs = 800;
    NxapiClient client(e);
    QSignalSpy failed(&client, &NxapiClient::pollFailed);
    QVERIFY(client.pollNow());
    // A poll still running is not stacked behind another.
    QVERIFY(!client.pollNow());
    QVERIFY(!client.pollNow());
    QCOMPARE(client.pollsSkipped(), 2);
    QVERIFY(failed.wait(5000));
    const NxapiError err = failed.first().first().value<NxapiError>();
    QCOMPARE(err.kind, NxapiError::Timeout);
    QVERIFY(err.message.contains(QLatin1String("0.8 s")));
    QCOMPARE(client.requestsSent(), 1);
    // And the client is free again afterwards.
    QVERIFY(!client.busy());
}

void TestNxapiClient::unreachable()
{
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close();  // nothing listens there now
    NxapiEndpoint e;
    e.url = QUrl(QStringLiteral("https://127.0.0.1:%1").arg(port));
    NxapiClient client(e);
    const PollResult r = poll(client);
    QVERIFY(r.error);
    QCOMPARE(r.error->kind, NxapiError::Unreachable);
    QVERIFY2(r.error->message.contains(QString::number(port)), qPrintable(r.error->message));
}

void TestNxapiClient::malformedAndServerErrors()
{
    const QByteArray truncated
        = R"({"ins_api":{"type":"cli_show","outputs":{"output":{"input":"show version","code":"200","body":{"host_na)";
    RawServer cut {httpResponse(200, truncated)};
    NxapiEndpoint e;
    e.url = cut.url();
    e.allowHttp = true;
    NxapiClient a(e);
    a.setCommands({QStringLiteral("show version")});
    PollResult r = poll(a);
    QVERIFY(r.error);
    QCOMPARE(r.error->kind, NxapiError::MalformedResponse);
    QVERIFY2(r.error->message.contains(QLatin1String("cut short")), qPrintable(r.error->message));

    RawServer broken {httpResponse(500, "<html>Internal Server Error</html>")};
    e.url = broken.url();
    NxapiClient b(e);
    r = poll(b);
    QVERIFY(r.error);
    QCOMPARE(r.error->kind, NxapiError::ServerError);
    QCOMPARE(r.error->httpStatus, 500);
    QVERIFY(r.error->message.contains(QLatin1String("Internal Server Error")));

    RawServer busy {httpResponse(429, "")};
    e.url = busy.url();
    NxapiClient c(e);
    r = poll(c);
    QVERIFY(r.error);
    QCOMPARE(r.error->kind, NxapiError::MaxSessions);
}

namespace {
const QByteArray kVersionAnswer = httpResponse(
    200,
    R"({"ins_api":{"type":"cli_show","version":"1.0","sid":"eoc","outputs":{"output":)"
    R"({"input":"show version","msg":"Success","code":"200","body":{"host_name":"raw"}}}}})");

NxapiEndpoint rawEndpoint(const RawServer &server)
{
    NxapiEndpoint e;
    e.url = server.url();
    e.allowHttp = true;
    e.user = QStringLiteral("admin");
    e.password = QStringLiteral("wrong");
    e.timeoutMs = 5000;
    return e;
}
}  // namespace

void TestNxapiClient::twoRefusedLoginsStopPolling()
{
    RawServer refusing {httpResponse(401, "")};
    NxapiClient client(rawEndpoint(refusing));
    client.setCommands({QStringLiteral("show version")});
    client.setInterval(1000);
    QSignalSpy failed(&client, &NxapiClient::pollFailed);
    QSignalSpy rejected(&client, &NxapiClient::credentialsRejected);
    client.start();
    QVERIFY(rejected.wait(15000));
    QCOMPARE(refusing.requests(), 2);
    QCOMPARE(client.basicLogins(), 2);
    QCOMPARE(failed.size(), 2);
    QCOMPARE(failed.at(0).at(0).value<NxapiError>().kind, NxapiError::AuthenticationFailed);
    const NxapiError stopped = failed.at(1).at(0).value<NxapiError>();
    QCOMPARE(stopped.kind, NxapiError::CredentialsRejected);
    QCOMPARE(stopped.httpStatus, 401);
    QVERIFY2(stopped.message.contains(
                 QLatin1String("credentials rejected twice: polling stopped, enter the password")),
             qPrintable(stopped.message));
    QVERIFY(client.passwordNeeded());
    // Neither the schedule nor an explicit poll sends anything any more.
    QVERIFY(!client.pollNow());
    QTest::qWait(2500);  // two and a half polling intervals
    QCOMPARE(refusing.requests(), 2);
    QCOMPARE(failed.size(), 2);
    // The password the user enters resumes polling at once.
    refusing.setResponse(kVersionAnswer);
    QSignalSpy snapshots(&client, &NxapiClient::snapshotReady);
    client.setPassword(QStringLiteral("right"));
    QVERIFY(snapshots.wait(10000));
    QCOMPARE(refusing.requests(), 3);
    QVERIFY(!client.passwordNeeded());
    QCOMPARE(snapshots.first().at(0).value<SwitchSnapshot>().version->hostName,
             QStringLiteral("raw"));
}

void TestNxapiClient::serverErrorsBackOffExponentially()
{
    RawServer failing {httpResponse(503, "busy")};
    NxapiClient client(rawEndpoint(failing));
    client.setCommands({QStringLiteral("show version")});
    client.setInterval(1000);
    client.setBackoff(100, 800);
    QSignalSpy backing(&client, &NxapiClient::backingOff);
    client.start();
    QTRY_VERIFY_WITH_TIMEOUT(backing.size() >= 6, 30000);
    QList<int> delays;
    for (const auto &args : std::as_const(backing))
        delays.append(args.at(0).toInt());
    // 100, 200, 400, 800, then the cap, each up to a fifth less.
    const QList<int> nominal {100, 200, 400, 800, 800, 800};
    for (qsizetype i = 0; i < nominal.size(); ++i) {
        QVERIFY2(delays[i] <= nominal[i] && delays[i] >= nominal[i] * 4 / 5,
                 qPrintable(QStringLiteral("delay %1 = %2 ms").arg(i).arg(delays[i])));
        QCOMPARE(backing.at(i).at(1).value<NxapiError>().httpStatus, 503);
    }
    for (qsizetype i = 0; i + 1 < 4; ++i)
        QVERIFY(delays[i + 1] > delays[i]);
    // The switch saw the requests no sooner than announced (the schedule's 1 s interval is
    // suspended meanwhile: the first retries come well before it).
    const QList<qint64> at = failing.arrivals();
    QVERIFY(at.size() >= 6);
    for (qsizetype i = 0; i + 1 < 6; ++i)
        QVERIFY2(at[i + 1] - at[i] >= delays[i] - 2,
                 qPrintable(QStringLiteral("gap %1 = %2 ms, delay %3 ms")
                                .arg(i)
                                .arg(at[i + 1] - at[i])
                                .arg(delays[i])));
    // A good poll resets the backoff: the next failure starts from the base again.
    failing.setResponse(kVersionAnswer);
    QSignalSpy snapshots(&client, &NxapiClient::snapshotReady);
    QVERIFY(snapshots.wait(10000));
    QCOMPARE(client.backoffMs(), 0);
    failing.setResponse(httpResponse(503, "busy"));
    backing.clear();
    QVERIFY(backing.wait(10000));
    QVERIFY2(backing.first().at(0).toInt() <= 100,
             qPrintable(QString::number(backing.first().at(0).toInt())));
    client.stop();
}

void TestNxapiClient::retryAfterIsHonoured()
{
    RawServer busy {"HTTP/1.1 429 Too Many Requests\r\nRetry-After: 1\r\nContent-Length: 0\r\n"
                    "Connection: close\r\n\r\n"};
    NxapiClient client(rawEndpoint(busy));
    client.setCommands({QStringLiteral("show version")});
    client.setInterval(1000);
    client.setBackoff(100, 800);  // the switch asks for longer than the backoff would wait
    QSignalSpy backing(&client, &NxapiClient::backingOff);
    client.start();
    QTRY_VERIFY_WITH_TIMEOUT(busy.requests() >= 3, 20000);
    client.stop();
    QVERIFY(backing.size() >= 2);
    for (qsizetype i = 0; i < 2; ++i) {
        QCOMPARE(backing.at(i).at(0).toInt(), 1000);
        QCOMPARE(backing.at(i).at(1).value<NxapiError>().kind, NxapiError::MaxSessions);
    }
    const QList<qint64> at = busy.arrivals();
    for (qsizetype i = 0; i + 1 < 3; ++i)
        QVERIFY2(at[i + 1] - at[i] >= 998, qPrintable(QString::number(at[i + 1] - at[i])));
}

void TestNxapiClient::retryAfterValues()
{
    const QDateTime now(QDate(2015, 10, 21), QTime(7, 27, 0), Qt::UTC);
    QCOMPARE(retryAfterMs("120", now), 120000);
    QCOMPARE(retryAfterMs(" 0 ", now), 0);
    QCOMPARE(retryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT", now), 60000);
    QCOMPARE(retryAfterMs("Wed, 21 Oct 2015 07:20:00 GMT", now), 0);  // already past
    QCOMPARE(retryAfterMs("999999", now), 3600 * 1000);               // capped at an hour
    QCOMPARE(retryAfterMs("", now), -1);
    QCOMPARE(retryAfterMs("-5", now), -1);
    QCOMPARE(retryAfterMs("soon", now), -1);
}

QTEST_GUILESS_MAIN(TestNxapiClient)
#include "tst_nxapiclient.moc"
