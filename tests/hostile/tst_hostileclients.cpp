// The HTTP clients (NX-API and the fleet's store reader) against servers that answer without
// end, redirect elsewhere, throttle or fail: the real `rocectl exporter`, `rocectl switch` and
// `rocectl fleet` against a scripted peer on loopback.

#include "hostilehttp.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace hostile;

namespace {

const QByteArray kPassword = "switch-secret";
// What the clients may hold against an endless answer: their cap (16 MiB per NX-API poll,
// 64 MiB for a store's answers in flight) plus what Qt's network thread has buffered ahead
// of them by the time they abort, which on loopback (GB/s) is itself ~100 MiB. Before the
// caps, the same peers took rocectl switch to 3.2 GB, the exporter to 1.5 GB and the fleet
// to 2.9 GB.
constexpr double kSwitchBoundMiB = 160;
constexpr double kExporterBoundMiB = 256;
constexpr double kFleetBoundMiB = 400;
const QByteArray kToken = "store-token";

/// A plausible NX-API answer to any batch: every command answered, nothing in it.
Answer emptyNxapi(const Request &r)
{
    const QJsonObject request = QJsonDocument::fromJson(r.body).object();
    const QStringList commands = request.value(QStringLiteral("ins_api"))
                                     .toObject()
                                     .value(QStringLiteral("input"))
                                     .toString()
                                     .split(QStringLiteral(" ;"));
    QJsonArray outputs;
    for (const QString &c : commands)
        outputs.append(QJsonObject {{QStringLiteral("input"), c.trimmed()},
                                    {QStringLiteral("msg"), QStringLiteral("Success")},
                                    {QStringLiteral("code"), QStringLiteral("200")},
                                    {QStringLiteral("body"), QJsonObject {}}});
    const QJsonObject body {{QStringLiteral("ins_api"),
                             QJsonObject {{QStringLiteral("outputs"),
                                           QJsonObject {{QStringLiteral("output"), outputs}}}}}};
    return Answer {Answer::Kind::Fixed,
                   200,
                   "Content-Type: application/json\r\n",
                   QJsonDocument(body).toJson(QJsonDocument::Compact),
                   {}};
}

Answer endless(const Request &)
{
    return Answer {Answer::Kind::Endless, 200, {}, {}, R"({"ins_api":{"outputs":{"output":[)"};
}

/// A store holding one switch with one port, scraped every second: enough for the fleet's
/// discovery and refreshes to succeed.
Answer tinyStore(const Request &r)
{
    const auto json = [](const QByteArray &data) {
        return Answer {Answer::Kind::Fixed,
                       200,
                       "Content-Type: application/json\r\n",
                       R"({"status":"success","data":)" + data + "}",
                       {}};
    };
    if (r.path.contains("/api/v1/series"))
        return json(
            R"([{"__name__":"nxos_switch_info","switch":"sw1","instance":"exp:9"},)"
            R"({"__name__":"nxos_interface_info","switch":"sw1","interface":"Ethernet1/1",)"
            R"("instance":"exp:9"},{"__name__":"nxos_up","switch":"sw1","instance":"exp:9"}])");
    if (r.path.contains("/values"))
        return json(R"(["nxos_up","nxos_switch_info","nxos_interface_info"])");
    const QByteArray query = QByteArray::fromPercentEncoding(r.body);
    const double now = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
    if (query.contains("up{") && query.contains("]&"))
        return json(R"({"resultType":"matrix","result":[{"metric":{},"values":[[)"
                    + QByteArray::number(now - 2, 'f', 3) + R"(,"1"],[)"
                    + QByteArray::number(now - 1, 'f', 3) + R"(,"1"]]}]})");
    return json(R"({"resultType":"vector","result":[]})");
}

QProcessEnvironment environment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("ROCE_NXAPI_PASSWORD"), QString::fromLatin1(kPassword));
    env.insert(QStringLiteral("ROCE_SWITCH_PASSWORD"), QString::fromLatin1(kPassword));
    env.insert(QStringLiteral("ROCE_PROMETHEUS_SECRET"), QString::fromLatin1(kToken));
    return env;
}

QStringList switchArgs(const HostileServer &server)
{
    return {
        QStringLiteral("switch"),    QStringLiteral("--url"),      server.url(),
        QStringLiteral("--user"),    QStringLiteral("admin"),      QStringLiteral("--allow-http"),
        QStringLiteral("--timeout"), QStringLiteral("5"),          QStringLiteral("--count"),
        QStringLiteral("1"),         QStringLiteral("--interval"), QStringLiteral("1")};
}

QStringList fleetArgs(const HostileServer &server, const QStringList &extra = {})
{
    return QStringList {QStringLiteral("fleet"),
                        QStringLiteral("--prometheus"),
                        server.url(),
                        QStringLiteral("--auth"),
                        QStringLiteral("bearer"),
                        QStringLiteral("--timeout"),
                        QStringLiteral("5"),
                        QStringLiteral("--json")}
    + extra;
}

/// The peak memory of `rocectl @p args` against @p server until it exits (or @p ms).
double peakOf(const QStringList &args, int ms, int *exitCode = nullptr, QString *err = nullptr)
{
    Child c;
    c.start(rocectl(), args, environment());
    const double peak = c.watchPeak(ms);
    const int code = c.waitExit(1000);
    if (exitCode)
        *exitCode = code;
    if (err)
        *err = c.err();
    return peak;
}

/// A switches-only inventory of the switch at @p url.
QString inventory(QTemporaryDir &dir, const QString &url)
{
    const QString path = dir.filePath(QStringLiteral("fabric.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QJsonDocument(QJsonObject {{QStringLiteral("format"), QStringLiteral("roce-inventory")},
                                       {QStringLiteral("version"), 2},
                                       {QStringLiteral("switches"),
                                        QJsonArray {QJsonObject {
                                            {QStringLiteral("name"), QStringLiteral("sw1")},
                                            {QStringLiteral("url"), url},
                                            {QStringLiteral("user"), QStringLiteral("admin")},
                                            {QStringLiteral("allow_http"), true}}}}})
                .toJson());
    return path;
}

}  // namespace

class TestHostileClients : public QObject
{
    Q_OBJECT

private slots:
    /// A switch that answers without end: `rocectl switch` stops at the answer cap, says so,
    /// and its memory stays under twice what a normal answer costs it.
    void switchCommandCapsAnEndlessAnswer()
    {
        HostileServer normal(emptyNxapi);
        QVERIFY(normal.listen());
        const double normalPeak = peakOf(switchArgs(normal), 20000);
        HostileServer hostile(endless);
        QVERIFY(hostile.listen());
        int code = 0;
        QString err;
        QElapsedTimer t;
        t.start();
        const double peak = peakOf(switchArgs(hostile), 30000, &code, &err);
        qInfo("rocectl switch: normal peak %.0f MiB, against an endless answer %.0f MiB (%.1f s, "
              "%.0f MiB sent to it); %s",
              normalPeak, peak, double(t.elapsed()) / 1000.0,
              double(hostile.bytesSent()) / 1048576.0, qPrintable(err.trimmed()));
        QCOMPARE(code, 1);
        QVERIFY2(err.contains(QLatin1String("cap of an NX-API poll")), qPrintable(err));
        QVERIFY2(peak < kSwitchBoundMiB, qPrintable(QStringLiteral("%1 MiB").arg(peak)));
    }

    /// The same against the switch exporter: it stays up, serving the switch as down.
    void exporterCapsAnEndlessSwitch()
    {
        QTemporaryDir dir;
        const auto run = [&](HostileServer &server, QString *err) {
            Child exporter;
            exporter.start(rocectl(),
                           {QStringLiteral("exporter"), QStringLiteral("--inventory"),
                            inventory(dir, server.url()), QStringLiteral("--listen"),
                            QStringLiteral("127.0.0.1:0"), QStringLiteral("--interval-ms"),
                            QStringLiteral("1000")},
                           environment());
            const double peak = exporter.watchPeak(4500);
            const bool alive = exporter.process().state() == QProcess::Running;
            if (err)
                *err = exporter.err();
            return alive ? peak : -1.0;
        };
        HostileServer normal(emptyNxapi);
        QVERIFY(normal.listen());
        const double normalPeak = run(normal, nullptr);
        HostileServer hostile(endless);
        QVERIFY(hostile.listen());
        QString err;
        const double peak = run(hostile, &err);
        qInfo("rocectl exporter: normal peak %.0f MiB, against an endless switch %.0f MiB "
              "(%lld polls, %.0f MiB sent to it)",
              normalPeak, peak, qint64(hostile.requests().size()),
              double(hostile.bytesSent()) / 1048576.0);
        QVERIFY2(peak > 0, "the exporter died");
        QVERIFY2(err.contains(QLatin1String("cap of an NX-API poll")), qPrintable(err));
        QVERIFY2(peak < kExporterBoundMiB, qPrintable(QStringLiteral("%1 MiB").arg(peak)));
    }

    /// A store that answers without end: `rocectl fleet` fails with the cap named, and
    /// within its timeout.
    void fleetCapsAnEndlessStore()
    {
        HostileServer normal(tinyStore);
        QVERIFY(normal.listen());
        const double normalPeak
            = peakOf(fleetArgs(normal, {QStringLiteral("--count"), QStringLiteral("2")}), 30000);
        HostileServer hostile(endless);
        QVERIFY(hostile.listen());
        int code = 0;
        QString err;
        QElapsedTimer t;
        t.start();
        const double peak
            = peakOf(fleetArgs(hostile, {QStringLiteral("--count"), QStringLiteral("1")}), 30000,
                     &code, &err);
        const qint64 took = t.elapsed();
        qInfo("rocectl fleet: normal peak %.0f MiB, against an endless store %.0f MiB in %.1f s "
              "(%.0f MiB sent to it)",
              normalPeak, peak, double(took) / 1000.0, double(hostile.bytesSent()) / 1048576.0);
        QCOMPARE(code, 1);
        QVERIFY2(err.contains(QLatin1String("the cap of the store's answers")), qPrintable(err));
        QVERIFY(took < 8000);
        QVERIFY2(peak < kFleetBoundMiB, qPrintable(QStringLiteral("%1 MiB").arg(peak)));
    }

    /// A redirect to another address: neither the switch password nor the store's token goes
    /// there, and both commands fail saying why.
    void redirectsKeepCredentialsHome()
    {
        HostileServer elsewhere([](const Request &) {
            return Answer {Answer::Kind::Fixed, 200, {}, "{}", {}};
        });
        QVERIFY(elsewhere.listen(QHostAddress(QStringLiteral("127.0.0.2"))));
        const QByteArray location = "Location: " + elsewhere.url().toLatin1() + "/ins\r\n";
        HostileServer redirecting([location](const Request &) {
            return Answer {Answer::Kind::Fixed, 302, location, {}, {}};
        });
        QVERIFY(redirecting.listen());
        int code = 0;
        QString err;
        peakOf(switchArgs(redirecting), 20000, &code, &err);
        QCOMPARE(code, 1);
        QVERIFY2(err.contains(QLatin1String("another origin")), qPrintable(err));
        peakOf(fleetArgs(redirecting, {QStringLiteral("--count"), QStringLiteral("1")}), 20000,
               &code, &err);
        QCOMPARE(code, 1);
        QVERIFY2(err.contains(QLatin1String("another origin")), qPrintable(err));
        for (const Request &r : elsewhere.requests())
            QVERIFY2(r.authorization.isEmpty() && r.cookie.isEmpty(), r.authorization.constData());
        QCOMPARE(elsewhere.requests().size(), 0);
    }

    /// A POST redirected with 302 within the store would come back a GET without its query:
    /// the fleet fails saying so, instead of reading whatever the GET returns.
    void fleetRefusesAQueryTurnedIntoAGet()
    {
        HostileServer store([](const Request &r) {
            if (r.method == "POST")
                return Answer {
                    Answer::Kind::Fixed, 302, "Location: /moved" + r.path + "\r\n", {}, {}};
            return tinyStore(r);
        });
        QVERIFY(store.listen());
        int code = 0;
        QString err;
        peakOf(fleetArgs(store, {QStringLiteral("--count"), QStringLiteral("1")}), 20000, &code,
               &err);
        QCOMPARE(code, 1);
        QVERIFY2(err.contains(QLatin1String("as a GET")), qPrintable(err));
        for (const Request &r : store.requests())
            QVERIFY2(!r.path.startsWith("/moved"), r.path.constData());
    }

    /// A store that answers 429 with Retry-After: the fleet sends nothing more until then,
    /// and says the store is limiting it (not "is the path prefix right?").
    void fleetHonoursRetryAfter()
    {
        // 6 s here; the issue's figure is for 60 (ROCE_HOSTILE_RETRY_AFTER_S=60).
        const int kRetryAfterS = qEnvironmentVariableIntValue("ROCE_HOSTILE_RETRY_AFTER_S") > 0
            ? qEnvironmentVariableIntValue("ROCE_HOSTILE_RETRY_AFTER_S")
            : 6;
        qint64 throttleFromMs = -1;
        HostileServer store([&, kRetryAfterS](const Request &r) {
            if (throttleFromMs < 0 || r.atMs < throttleFromMs)
                return tinyStore(r);
            return Answer {
                Answer::Kind::Fixed,
                429,
                "Retry-After: " + QByteArray::number(kRetryAfterS) + "\r\n",
                R"({"status":"error","errorType":"too_many_requests","error":"slow down"})",
                {}};
        });
        QVERIFY(store.listen());
        Child fleet;
        fleet.start(rocectl(),
                    fleetArgs(store, {QStringLiteral("--interval"), QStringLiteral("1")}),
                    environment());
        QTRY_VERIFY_WITH_TIMEOUT(fleet.out().count(QLatin1Char('\n')) >= 2, 20000);
        throttleFromMs = store.elapsedMs();
        QTRY_VERIFY_WITH_TIMEOUT(fleet.err().contains(QLatin1String("HTTP 429")), 10000);
        // The first 429 reached the client: from a moment later (the rest of that round was
        // already on its way), count what is sent before the Retry-After runs out.
        qint64 first429 = -1;
        for (const Request &r : store.requests())
            if (r.atMs >= throttleFromMs) {
                first429 = r.atMs;
                break;
            }
        QVERIFY(first429 >= 0);
        QTest::qWait(kRetryAfterS * 1000 + 1500);
        int during = 0;
        int after = 0;
        for (const Request &r : store.requests()) {
            if (r.atMs > first429 + 300 && r.atMs < first429 + kRetryAfterS * 1000 - 200)
                ++during;
            else if (r.atMs >= first429 + kRetryAfterS * 1000)
                ++after;
        }
        qInfo("requests within the %d s of Retry-After: %d; after it: %d; said: %s", kRetryAfterS,
              during, after, qPrintable(fleet.err().section(QLatin1Char('\n'), -2).trimmed()));
        QVERIFY2(during <= 2, qPrintable(QString::number(during)));
        QVERIFY2(after >= 1, "the fleet never asked again");
        QVERIFY2(!fleet.err().contains(QLatin1String("path prefix")), qPrintable(fleet.err()));
        QVERIFY(fleet.err().contains(QLatin1String("limiting")));
    }

    /// A store that stops answering: the fleet's ports are stale in the next frame, not a
    /// minute later.
    void fleetPortsGoStaleWithTheStore()
    {
        bool failing = false;
        HostileServer store([&](const Request &r) {
            if (failing)
                return Answer {Answer::Kind::Fixed, 500, {}, "down", {}};
            return tinyStore(r);
        });
        QVERIFY(store.listen());
        Child fleet;
        fleet.start(rocectl(),
                    fleetArgs(store, {QStringLiteral("--interval"), QStringLiteral("1")}),
                    environment());
        const auto lastFrame = [&] {
            const QStringList lines = fleet.out().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            return lines.isEmpty() ? QJsonObject()
                                   : QJsonDocument::fromJson(lines.last().toUtf8()).object();
        };
        const auto ports = [](const QJsonObject &frame) {
            return frame.value(QStringLiteral("ports")).toArray();
        };
        QTRY_VERIFY_WITH_TIMEOUT(!ports(lastFrame()).isEmpty(), 20000);
        QVERIFY(!ports(lastFrame()).first().toObject().value(QStringLiteral("stale")).toBool());
        failing = true;
        QElapsedTimer t;
        t.start();
        QTRY_VERIFY_WITH_TIMEOUT(
            !ports(lastFrame()).isEmpty()
                && ports(lastFrame()).first().toObject().value(QStringLiteral("stale")).toBool(),
            8000);
        qInfo("ports stale %.1f s after the store failed", double(t.elapsed()) / 1000.0);
    }

    /// A switch whose every answer holds no interface: `rocectl switch` says so, not just
    /// exit 1.
    void switchCommandSaysWhyNothingPrinted()
    {
        HostileServer server(emptyNxapi);
        QVERIFY(server.listen());
        int code = 0;
        QString err;
        peakOf(switchArgs(server), 20000, &code, &err);
        QCOMPARE(code, 1);
        QVERIFY2(err.contains(QLatin1String("no interface")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestHostileClients)
#include "tst_hostileclients.moc"
