// The real `rocectl exporter` process: scraped over HTTP, linted by promtool, and its series
// checked against NX-API polls of the same simulated switch.
#include "../common/exposition.h"
#include "nxapi/client/nxapiclient.h"
#include "prometheus/server/basicauth.h"
#include "proto/datamodel/metric.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

using namespace roce;
using roce::test::Sample;

namespace {

struct Scrape {
    int status = 0;
    QByteArray body;
    QList<Sample> samples;
};

Scrape scrape(const QUrl &url, const QByteArray &authorization = {})
{
    QNetworkAccessManager nam;
    QNetworkRequest request(url);
    if (!authorization.isEmpty())
        request.setRawHeader("Authorization", authorization);
    QNetworkReply *reply = nam.get(request);
    QSignalSpy done(reply, &QNetworkReply::finished);
    done.wait(20000);
    Scrape s;
    s.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    s.body = reply->readAll();
    s.samples = test::parseExposition(s.body);
    reply->deleteLater();
    return s;
}

/// A port nobody listens on (bound, then released).
quint16 closedPort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    return s.serverPort();
}

/// A rocectl child process (the exporter, or a served simulated fabric), stopped with
/// SIGTERM when it goes out of scope.
class Child
{
public:
    Child() = default;
    Child(const Child &) = delete;
    Child &operator=(const Child &) = delete;
    ~Child()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(10000);
        }
    }

    void start(const QStringList &args, const QProcessEnvironment &env = {})
    {
        if (!env.isEmpty())
            m_process.setProcessEnvironment(env);
        m_process.start(QStringLiteral(ROCECTL_PATH), args);
    }
    /// Everything printed on stdout so far.
    QString out()
    {
        m_out += QString::fromUtf8(m_process.readAllStandardOutput());
        return m_out;
    }
    QString err()
    {
        m_err += QString::fromUtf8(m_process.readAllStandardError());
        return m_err;
    }
    /// SIGTERM, then the exit code (-1 if it did not stop within 30 s).
    int terminate()
    {
        ::kill(pid_t(m_process.processId()), SIGTERM);
        if (!m_process.waitForFinished(30000))
            return -1;
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
    }
    QProcess &process() { return m_process; }

private:
    QProcess m_process;
    QString m_out, m_err;
};

/// The exporter's announced URL, once its "serving" line is out.
QUrl servedUrl(Child &exporter)
{
    static const QRegularExpression line(
        QStringLiteral(R"(^rocectl exporter: serving (https?://\S+/metrics) \((\d+) switch)"),
        QRegularExpression::MultilineOption);
    const auto m = line.match(exporter.out());
    return m.hasMatch() ? QUrl(m.captured(1)) : QUrl();
}

/// The switches whose nxos_up is 1.
int switchesUp(const QList<Sample> &samples)
{
    int up = 0;
    for (const Sample &s : test::select(samples, QStringLiteral("nxos_up")))
        up += s.value == 1;
    return up;
}

/// Each family has one HELP and one TYPE line, and counters end in _total.
void checkFamilies(const QByteArray &body)
{
    QMap<QByteArray, int> help, type;
    for (const QByteArray &line : body.split('\n')) {
        if (line.startsWith("# HELP "))
            ++help[line.split(' ').value(2)];
        if (line.startsWith("# TYPE ")) {
            const QList<QByteArray> parts = line.split(' ');
            ++type[parts.value(2)];
            if (parts.value(3) == "counter")
                QVERIFY2(parts.value(2).endsWith("_total"), line.constData());
            QVERIFY2(parts.value(2).startsWith("nxos_"), line.constData());
        }
    }
    QVERIFY(!type.isEmpty());
    QCOMPARE(help.keys(), type.keys());
    for (auto it = type.cbegin(); it != type.cend(); ++it)
        QVERIFY2(it.value() == 1 && help.value(it.key()) == 1, it.key().constData());
}

/// One NX-API poll of @p endpoint, in this process.
std::optional<nxapi::SwitchSnapshot> pollOnce(const nxapi::NxapiEndpoint &endpoint)
{
    nxapi::NxapiClient client(endpoint);
    QSignalSpy ready(&client, &nxapi::NxapiClient::snapshotReady);
    QSignalSpy failed(&client, &nxapi::NxapiClient::pollFailed);
    client.pollNow();
    if (!ready.wait(20000) || ready.isEmpty())
        return std::nullopt;
    return ready.first().first().value<nxapi::SwitchSnapshot>();
}

/// One series a scrape must show for a port: its name, the labels besides switch and
/// interface, and the value an NX-API poll reports.
struct Expected {
    QString name;
    QMap<QString, QString> labels;
    quint64 value = 0;
};

/// The counters of @p p as the README's metric table says, read straight from an NX-API
/// snapshot (written out here independently of the renderer), in a fixed order.
QList<Expected> countersOf(const nxapi::PortStatus &p)
{
    QList<Expected> out;
    auto put = [&out](const char *name, std::optional<quint64> v,
                      const QMap<QString, QString> &labels = {}) {
        if (v)
            out.append({QLatin1String(name), labels, *v});
    };
    auto firstOf = [](std::optional<quint64> a, std::optional<quint64> b) { return a ? a : b; };
    using nxapi::PortCounter;
    put("nxos_interface_receive_bytes_total", p.counters.value(PortCounter::InBytes));
    put("nxos_interface_transmit_bytes_total", p.counters.value(PortCounter::OutBytes));
    put("nxos_interface_receive_packets_total", p.counters.value(PortCounter::InPkts));
    put("nxos_interface_transmit_packets_total", p.counters.value(PortCounter::OutPkts));
    put("nxos_interface_receive_errors_total", p.counters.value(PortCounter::InErrors));
    put("nxos_interface_transmit_errors_total", p.counters.value(PortCounter::OutErrors));
    put("nxos_interface_receive_discards_total", p.counters.value(PortCounter::InDiscards));
    put("nxos_interface_transmit_discards_total", p.counters.value(PortCounter::OutDiscards));
    put("nxos_interface_crc_errors_total",
        firstOf(p.counters.value(PortCounter::Crc), p.counters.value(PortCounter::FcsErrors)));
    put("nxos_interface_receive_pause_frames_total", p.counters.value(PortCounter::InPause));
    put("nxos_interface_transmit_pause_frames_total", p.counters.value(PortCounter::OutPause));
    const auto pfcRx = p.pfc ? p.pfc->rxPpp : std::nullopt;
    const auto pfcTx = p.pfc ? p.pfc->txPpp : std::nullopt;
    put("nxos_pfc_received_frames_total", firstOf(p.queuing ? p.queuing->rxPpp : pfcRx, pfcRx));
    put("nxos_pfc_transmitted_frames_total", firstOf(p.queuing ? p.queuing->txPpp : pfcTx, pfcTx));
    if (!p.queuing)
        return out;
    put("nxos_ingress_mmu_dropped_packets_total", p.queuing->ingressMmuDropPkts);
    put("nxos_ingress_mmu_dropped_bytes_total", p.queuing->ingressMmuDropBytes);
    using nxapi::QueueCounter;
    for (const nxapi::QosGroupStatus &g : p.queuing->qosGroups) {
        const QMap<QString, QString> group {{QStringLiteral("qos_group"), g.group}};
        put("nxos_queue_transmitted_packets_total", g.counters.value(QueueCounter::TxPkts), group);
        put("nxos_queue_transmitted_bytes_total", g.counters.value(QueueCounter::TxBytes), group);
        put("nxos_queue_dropped_packets_total", g.counters.value(QueueCounter::DropPkts), group);
        put("nxos_queue_dropped_bytes_total", g.counters.value(QueueCounter::DropBytes), group);
        put("nxos_queue_ecn_marked_packets_total", g.counters.value(QueueCounter::EcnPkts), group);
        put("nxos_queue_ecn_marked_bytes_total", g.counters.value(QueueCounter::EcnBytes), group);
        put("nxos_queue_watchdog_dropped_packets_total",
            g.counters.value(QueueCounter::WatchdogDropPkts), group);
    }
    for (const nxapi::PfcCosStatus &c : p.queuing->pfcCos) {
        const QString cos = QString::number(c.cos);
        put("nxos_pfc_cos_frames_total", c.rxPauseCount,
            {{QStringLiteral("cos"), cos},
             {QStringLiteral("direction"), QStringLiteral("received")}});
        put("nxos_pfc_cos_frames_total", c.txPauseCount,
            {{QStringLiteral("cos"), cos},
             {QStringLiteral("direction"), QStringLiteral("transmitted")}});
    }
    return out;
}

/// The value of the one sample @p name with @p labels; -1 when there is none.
double valueOr(const QList<Sample> &samples, const QString &name,
               const QMap<QString, QString> &labels)
{
    return test::valueOf(samples, name, labels).value_or(-1);
}

/// Every switch metric of the console (core/proto/datamodel/metric.h) as PromQL over the exporter's
/// series, `$w` standing for the rate window: the table of the README ("rocectl exporter"),
/// which the console's Prometheus fleet source reads by.
const QList<std::pair<const char *, const char *>> kConsoleMetricsAsPromQL = {
    {"in_util_percent",
     "100 * rate(nxos_interface_receive_bytes_total[$w]) / nxos_interface_speed_bytes"},
    {"out_util_percent",
     "100 * rate(nxos_interface_transmit_bytes_total[$w]) / nxos_interface_speed_bytes"},
    {"in_bits_per_s", "8 * rate(nxos_interface_receive_bytes_total[$w])"},
    {"out_bits_per_s", "8 * rate(nxos_interface_transmit_bytes_total[$w])"},
    {"ingress_mmu_drops_per_s", "rate(nxos_ingress_mmu_dropped_packets_total[$w])"},
    {"egress_drops_per_s",
     "sum by (switch, interface) (rate(nxos_queue_dropped_packets_total[$w])) or sum by (switch, "
     "interface) (rate(nxos_interface_transmit_discards_total[$w]))"},
    {"pfc_watchdog_drops_per_s",
     "sum by (switch, interface) (rate(nxos_queue_watchdog_dropped_packets_total[$w]))"},
    {"rx_pauses_per_s", "rate(nxos_pfc_received_frames_total[$w])"},
    {"tx_pauses_per_s", "rate(nxos_pfc_transmitted_frames_total[$w])"},
    {"ecn_marks_per_s",
     "sum by (switch, interface) (rate(nxos_queue_ecn_marked_packets_total[$w]))"},
    {"in_pkts_per_s", "rate(nxos_interface_receive_packets_total[$w])"},
    {"out_pkts_per_s", "rate(nxos_interface_transmit_packets_total[$w])"},
    {"in_errors_per_s", "rate(nxos_interface_receive_errors_total[$w])"},
};

/// Debian's Prometheus server scraping one target every second, for as long as it lives.
class PrometheusServer
{
public:
    bool start(const QUrl &target)
    {
        const QString binary = QStandardPaths::findExecutable(QStringLiteral("prometheus"));
        if (binary.isEmpty())
            return false;  // a declared dependency: scripts/setup-debian.sh installs it
        QFile config(m_dir.filePath(QStringLiteral("prometheus.yml")));
        if (!config.open(QIODevice::WriteOnly))
            return false;
        config.write(QStringLiteral("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n"
                                    "scrape_configs:\n  - job_name: roce-switch-exporter\n"
                                    "    static_configs:\n      - targets: ['%1:%2']\n")
                         .arg(target.host())
                         .arg(target.port())
                         .toUtf8());
        config.close();
        m_port = closedPort();
        // Its log is not read: unread, it would fill the pipe and stall the server.
        m_process.setStandardOutputFile(QProcess::nullDevice());
        m_process.setStandardErrorFile(QProcess::nullDevice());
        m_process.start(
            binary,
            {QStringLiteral("--config.file=") + config.fileName(),
             QStringLiteral("--storage.tsdb.path=") + m_dir.filePath(QStringLiteral("data")),
             QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(m_port)});
        return m_process.waitForStarted(10000);
    }
    ~PrometheusServer()
    {
        m_process.terminate();
        if (!m_process.waitForFinished(10000))
            m_process.kill();
    }
    /// An instant query: its status and result vector.
    std::pair<QString, QJsonArray> query(const QString &promql)
    {
        QUrl url(QStringLiteral("http://127.0.0.1:%1/api/v1/query").arg(m_port));
        url.setQuery(QStringLiteral("query=")
                         + QString::fromLatin1(QUrl::toPercentEncoding(promql)),
                     QUrl::StrictMode);
        QNetworkAccessManager nam;
        QNetworkReply *reply = nam.get(QNetworkRequest(url));
        QSignalSpy done(reply, &QNetworkReply::finished);
        done.wait(20000);
        const QJsonObject o = QJsonDocument::fromJson(reply->readAll()).object();
        reply->deleteLater();
        return {
            o.value(QStringLiteral("status")).toString()
                + o.value(QStringLiteral("error")).toString(),
            o.value(QStringLiteral("data")).toObject().value(QStringLiteral("result")).toArray()};
    }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
};

const QString kRocectl = QStringLiteral(ROCECTL_PATH);

}  // namespace

class TestExporter : public QObject
{
    Q_OBJECT

private slots:
    void badFlagsAreUsageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        const QString listen = QStringLiteral("127.0.0.1:0");
        QTest::newRow("no fabric")
            << QStringList {QStringLiteral("--listen"), listen} << "give --inventory FILE or --sim";
        QTest::newRow("both fabrics")
            << QStringList {QStringLiteral("--sim"), QStringLiteral("--inventory"),
                            QStringLiteral("x.json"), QStringLiteral("--listen"), listen}
            << "give --inventory FILE or --sim";
        QTest::newRow("topology without --sim")
            << QStringList {QStringLiteral("--inventory"), QStringLiteral("x.json"),
                            QStringLiteral("--topology"),  QStringLiteral("rail:8:2:2:2"),
                            QStringLiteral("--listen"),    listen}
            << "--topology, --scenario and --seed go with --sim";
        QTest::newRow("no --listen") << QStringList {QStringLiteral("--sim")} << "--listen";
        QTest::newRow("bad --listen")
            << QStringList {QStringLiteral("--sim"), QStringLiteral("--listen"),
                            QStringLiteral("localhost")}
            << "'localhost' is not ADDRESS:PORT";
        QTest::newRow("bad address")
            << QStringList {QStringLiteral("--sim"), QStringLiteral("--listen"),
                            QStringLiteral("nowhere:9472")}
            << "'nowhere' is not an IP address";
        QTest::newRow("interval too short")
            << QStringList {QStringLiteral("--sim"), QStringLiteral("--listen"), listen,
                            QStringLiteral("--interval-ms"), QStringLiteral("200")}
            << "--interval-ms must be a whole number from 1000 to 60000, not '200'";
        QTest::newRow("missing web config")
            << QStringList {QStringLiteral("--sim"), QStringLiteral("--listen"), listen,
                            QStringLiteral("--web-config"), QStringLiteral("/nonexistent/web.yml")}
            << "/nonexistent/web.yml";
        QTest::newRow("unknown option")
            << QStringList {QStringLiteral("--sim"), QStringLiteral("--listen"), listen,
                            QStringLiteral("--frobnicate")}
            << "Unknown option 'frobnicate'";
        QTest::newRow("stray argument")
            << QStringList {QStringLiteral("--sim"), QStringLiteral("--listen"), listen,
                            QStringLiteral("extra")}
            << "unexpected argument 'extra'";
    }

    void badFlagsAreUsageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        QProcess p;
        p.start(kRocectl, QStringList {QStringLiteral("exporter")} + args);
        QVERIFY(p.waitForFinished(30000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(err.startsWith(QLatin1String("rocectl exporter: ")), qPrintable(err));
        QVERIFY2(err.contains(says), qPrintable(err));
        QVERIFY(p.readAllStandardOutput().isEmpty());  // nothing was served
    }

    void helpNamesEveryOption()
    {
        QProcess p;
        p.start(kRocectl, {QStringLiteral("exporter"), QStringLiteral("--help")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray out = p.readAllStandardOutput();
        for (const char *option : {"--inventory", "--sim", "--topology", "--scenario", "--listen",
                                   "--interval-ms", "--web-config", "ROCE_SWITCH_PASSWORD"})
            QVERIFY2(out.contains(option), option);
    }

    void referenceFabricBehindBasicAuth()
    {
        // The web-config of node_exporter's format: a scraper without the password gets 401.
        QTemporaryDir dir;
        QFile web(dir.filePath(QStringLiteral("web.yml")));
        QVERIFY(web.open(QIODevice::WriteOnly));
        web.write("basic_auth_users:\n  prometheus: " + prometheus::BasicAuth::hash("scrape", 4)
                  + "\n");
        web.close();
        Child exporter;
        exporter.start({QStringLiteral("exporter"), QStringLiteral("--sim"),
                        QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                        QStringLiteral("--web-config"), web.fileName()});
        QTRY_VERIFY_WITH_TIMEOUT(servedUrl(exporter).isValid(), 60000);
        QVERIFY2(exporter.out().contains(QLatin1String("(1 switch)")), qPrintable(exporter.out()));
        const QUrl url = servedUrl(exporter);
        QCOMPARE(scrape(url).status, 401);
        const QByteArray auth = "Basic " + QByteArray("prometheus:scrape").toBase64();
        Scrape s;
        QTRY_VERIFY_WITH_TIMEOUT((s = scrape(url, auth), switchesUp(s.samples) == 1), 30000);
        QCOMPARE(s.status, 200);
        QCOMPARE(test::promtoolProblems(s.body), QString());
        checkFamilies(s.body);

        // The reference switch, a top-of-rack switch, with its ports, PFC and queues.
        const QList<Sample> info = test::select(s.samples, QStringLiteral("nxos_switch_info"));
        QCOMPARE(info.size(), 1);
        const QString name = info.first().labels.value(QStringLiteral("switch"));
        QVERIFY(!name.isEmpty());
        QCOMPARE(info.first().labels.value(QStringLiteral("role")), QStringLiteral("tor"));
        QVERIFY(!info.first().labels.value(QStringLiteral("nxos_version")).isEmpty());
        QVERIFY(!info.first().labels.value(QStringLiteral("hostname")).isEmpty());
        const QMap<QString, QString> port {
            {QStringLiteral("switch"), name},
            {QStringLiteral("interface"), QStringLiteral("Ethernet1/1/1")}};
        QCOMPARE(valueOr(s.samples, QStringLiteral("nxos_interface_up"), port), 1.0);
        // A 25G breakout port: 25,000,000 Kbit/s is 3.125e9 bytes/s.
        QCOMPARE(valueOr(s.samples, QStringLiteral("nxos_interface_speed_bytes"), port),
                 3125000000.0);
        QCOMPARE(valueOr(s.samples, QStringLiteral("nxos_interface_mtu_bytes"), port), 9216.0);
        QCOMPARE(valueOr(s.samples, QStringLiteral("nxos_pfc_enabled"), port), 1.0);
        QVERIFY(
            test::valueOf(s.samples, QStringLiteral("nxos_interface_receive_bytes_total"), port));
        QVERIFY(!test::select(s.samples, QStringLiteral("nxos_queue_transmitted_bytes_total"),
                              {{QStringLiteral("interface"), QStringLiteral("Ethernet1/1/1")},
                               {QStringLiteral("qos_group"), QStringLiteral("3")}})
                     .isEmpty());
        QCOMPARE(test::select(s.samples, QStringLiteral("nxos_pfc_cos_frames_total"),
                              {{QStringLiteral("interface"), QStringLiteral("Ethernet1/1/1")},
                               {QStringLiteral("cos"), QStringLiteral("3")}})
                     .size(),
                 2);  // received and transmitted
        // The reference fabric's servers sit behind two ESXi hosts, which LLDP names.
        QSet<QString> neighbors;
        for (const Sample &n : test::select(s.samples, QStringLiteral("nxos_lldp_neighbor_info")))
            neighbors.insert(n.labels.value(QStringLiteral("neighbor")));
        QCOMPARE(neighbors, (QSet<QString> {QStringLiteral("esxi-a"), QStringLiteral("esxi-b")}));
        // Only fabric ports: no mgmt0.
        for (const Sample &i : test::select(s.samples, QStringLiteral("nxos_interface_info")))
            QVERIFY(i.labels.value(QStringLiteral("interface")).startsWith(u"Ethernet")
                    || i.labels.value(QStringLiteral("interface")).startsWith(u"ii"));
        QCOMPARE(exporter.terminate(), 0);
    }

    void railFabricNamesItsServers()
    {
        Child exporter;
        exporter.start({QStringLiteral("exporter"), QStringLiteral("--sim"),
                        QStringLiteral("--topology"), QStringLiteral("rail:8:2:2:2"),
                        QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
        QTRY_VERIFY_WITH_TIMEOUT(servedUrl(exporter).isValid(), 60000);
        QVERIFY2(exporter.out().contains(QLatin1String("(4 switches)")),
                 qPrintable(exporter.out()));
        Scrape s;
        QTRY_VERIFY_WITH_TIMEOUT((s = scrape(servedUrl(exporter)), switchesUp(s.samples) == 4),
                                 30000);
        QCOMPARE(test::promtoolProblems(s.body), QString());
        checkFamilies(s.body);
        QMap<QString, QString> roles;
        for (const Sample &i : test::select(s.samples, QStringLiteral("nxos_switch_info")))
            roles.insert(i.labels.value(QStringLiteral("switch")),
                         i.labels.value(QStringLiteral("role")));
        const QString leafRole = QStringLiteral("leaf"), spineRole = QStringLiteral("spine");
        QCOMPARE(roles,
                 (QMap<QString, QString> {{QStringLiteral("rail1-leaf1"), leafRole},
                                          {QStringLiteral("rail2-leaf1"), leafRole},
                                          {QStringLiteral("spine1"), spineRole},
                                          {QStringLiteral("spine2"), spineRole}}));
        // Each leaf sees the 8 servers on its downlinks, each by the netdev lldpd announces
        // for the NIC of its rail, and the two spines on its uplinks.
        for (const QString &leaf : {QStringLiteral("rail1-leaf1"), QStringLiteral("rail2-leaf1")}) {
            QSet<QString> servers, spines;
            for (const Sample &n :
                 test::select(s.samples, QStringLiteral("nxos_lldp_neighbor_info"),
                              {{QStringLiteral("switch"), leaf}})) {
                const QString neighbor = n.labels.value(QStringLiteral("neighbor"));
                if (neighbor.startsWith(u"gpu")) {
                    servers.insert(neighbor);
                    QVERIFY2(!n.labels.value(QStringLiteral("neighbor_port")).isEmpty(),
                             qPrintable(neighbor));
                    QCOMPARE(n.labels.value(QStringLiteral("management_address")),
                             QStringLiteral("127.0.0.1"));
                } else {
                    spines.insert(neighbor);
                }
            }
            QCOMPARE(servers.size(), 8);
            QVERIFY(servers.contains(QStringLiteral("gpu0001")));
            QCOMPARE(spines, (QSet<QString> {QStringLiteral("spine1"), QStringLiteral("spine2")}));
        }
        QCOMPARE(exporter.terminate(), 0);
    }

    void ecnMarksRiseUnderDcqcnIncast()
    {
        Child exporter;
        exporter.start({QStringLiteral("exporter"), QStringLiteral("--sim"),
                        QStringLiteral("--scenario"), QStringLiteral("dcqcn-incast"),
                        QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
        QTRY_VERIFY_WITH_TIMEOUT(servedUrl(exporter).isValid(), 60000);
        auto ecnMarks = [&exporter] {
            const Scrape s = scrape(servedUrl(exporter));
            double sum = 0;
            for (const Sample &m :
                 test::select(s.samples, QStringLiteral("nxos_queue_ecn_marked_packets_total"),
                              {{QStringLiteral("qos_group"), QStringLiteral("3")}}))
                sum += m.value;
            return sum;
        };
        double first = 0;
        QTRY_VERIFY_WITH_TIMEOUT((first = ecnMarks()) > 0, 30000);
        // The marks keep rising while the incast runs: on the receiver's port, in the RoCE
        // queue (QoS group 3).
        QTRY_VERIFY_WITH_TIMEOUT(ecnMarks() > first, 30000);
        QCOMPARE(exporter.terminate(), 0);
    }

    void everyConsoleSwitchMetricHasItsPromQL()
    {
        // Adding a switch metric to the console's table needs its PromQL here (and in the
        // README's table) and, if it reads a field the exporter does not export, the series.
        QSet<QString> mapped;
        for (const auto &[key, promql] : kConsoleMetricsAsPromQL)
            mapped.insert(QLatin1String(key));
        for (const model::MetricInfo &m : model::metrics()) {
            const bool switchMetric = m.switchSource[0] != '\0'
                || (m.utilizationOf != model::Metric::Count
                    && model::metricInfo(m.utilizationOf).switchSource[0] != '\0');
            if (switchMetric)
                QVERIFY2(mapped.contains(QLatin1String(m.key)), m.key);
        }
    }

    void prometheusComputesTheConsoleMetrics()
    {
        // The rail fabric under incast, scraped by Debian's Prometheus every second: every
        // console metric's PromQL runs, and the incast shows where the console shows it.
        Child exporter;
        exporter.start({QStringLiteral("exporter"), QStringLiteral("--sim"),
                        QStringLiteral("--topology"), QStringLiteral("rail:8:2:2:2"),
                        QStringLiteral("--scenario"), QStringLiteral("dcqcn-incast"),
                        QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
        QTRY_VERIFY_WITH_TIMEOUT(servedUrl(exporter).isValid(), 60000);
        PrometheusServer prometheus;
        QVERIFY2(prometheus.start(servedUrl(exporter)),
                 "Debian's prometheus is not installed (scripts/setup-debian.sh installs it)");
        auto scalar = [&prometheus](const QString &promql) {
            const QJsonArray result = prometheus.query(promql).second;
            return result.size() == 1
                ? result[0].toObject().value(QStringLiteral("value")).toArray()[1].toString()
                : QString();
        };
        QTRY_COMPARE_WITH_TIMEOUT(scalar(QStringLiteral("count(nxos_up == 1)")),
                                  QStringLiteral("4"), 60000);
        QCOMPARE(scalar(QStringLiteral("count(nxos_lldp_neighbor_info{neighbor=~\"gpu.*\"})")),
                 QStringLiteral("16"));
        QCOMPARE(scalar(QStringLiteral("count(nxos_interface_info)")), QStringLiteral("24"));
        // Rates need two samples in the window: wait until the slowest has them.
        const QString ecn = QString::fromLatin1(kConsoleMetricsAsPromQL[9].second)
                                .replace(QLatin1String("$w"), QLatin1String("10s"));
        QCOMPARE(QLatin1String(kConsoleMetricsAsPromQL[9].first), QLatin1String("ecn_marks_per_s"));
        auto maxOf = [](const QJsonArray &result) {
            double top = -1;
            for (const QJsonValue &v : result)
                top = std::max(
                    top,
                    v.toObject().value(QStringLiteral("value")).toArray()[1].toString().toDouble());
            return top;
        };
        QTRY_VERIFY_WITH_TIMEOUT(maxOf(prometheus.query(ecn).second) > 0, 60000);
        for (const auto &[key, promql] : kConsoleMetricsAsPromQL) {
            const QString expression
                = QString::fromLatin1(promql).replace(QLatin1String("$w"), QLatin1String("10s"));
            const auto [status, result] = prometheus.query(expression);
            QVERIFY2(status == QLatin1String("success"), qPrintable(QLatin1String(key) + status));
            // Every fabric port of the four switches has it (the simulated switches report
            // every counter the console reads): 2 leaves x (8 servers + 2 spines), 2 spines x 2.
            QVERIFY2(
                result.size() == 24,
                qPrintable(
                    QStringLiteral("%1: %2 series").arg(QLatin1String(key)).arg(result.size())));
            for (const QJsonValue &v : result) {
                const QJsonObject labels = v.toObject().value(QStringLiteral("metric")).toObject();
                QVERIFY(!labels.value(QStringLiteral("switch")).toString().isEmpty());
                QVERIFY(!labels.value(QStringLiteral("interface")).toString().isEmpty());
            }
            if (QLatin1String(key).endsWith(QLatin1String("util_percent")))
                QVERIFY2(maxOf(result) > 0 && maxOf(result) < 101, key);
        }
        QCOMPARE(exporter.terminate(), 0);
    }

    void seriesEqualAnNxapiPollAndFailuresGoStale()
    {
        // A served simulated switch under load, and a switch on a closed port, in one
        // inventory.
        Child sim;
        sim.start({QStringLiteral("sim"), QStringLiteral("--serve"), QStringLiteral("--scenario"),
                   QStringLiteral("pfc-incast"), QStringLiteral("--no-https"),
                   QStringLiteral("--json")});
        QTRY_VERIFY_WITH_TIMEOUT(sim.out().contains(QLatin1Char('\n')), 60000);
        const QJsonObject served
            = QJsonDocument::fromJson(sim.out().section(QLatin1Char('\n'), 0, 0).toUtf8()).object();
        const QString nxapiUrl = served.value(QStringLiteral("nxapi_http")).toString();
        QVERIFY2(nxapiUrl.startsWith(QLatin1String("http://")), qPrintable(sim.out()));
        const QString deadUrl = QStringLiteral("http://127.0.0.1:%1").arg(closedPort());
        auto entry = [](const QString &name, const QString &url) {
            return QJsonObject {{QStringLiteral("name"), name},
                                {QStringLiteral("url"), url},
                                {QStringLiteral("user"), QStringLiteral("admin")},
                                {QStringLiteral("allow_http"), true},
                                {QStringLiteral("role"), QStringLiteral("leaf")},
                                {QStringLiteral("poll_interval_ms"), 1000}};
        };
        const QJsonObject inventory {{QStringLiteral("format"), QStringLiteral("roce-inventory")},
                                     {QStringLiteral("version"), 2},
                                     {QStringLiteral("switches"),
                                      QJsonArray {entry(QStringLiteral("nexus"), nxapiUrl),
                                                  entry(QStringLiteral("dead"), deadUrl)}},
                                     {QStringLiteral("servers"), QJsonArray {}}};
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("inventory.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(inventory).toJson());
        file.close();

        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("ROCE_SWITCH_PASSWORD"), QStringLiteral("admin"));
        Child exporter;
        exporter.start({QStringLiteral("exporter"), QStringLiteral("--inventory"), file.fileName(),
                        QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                        QStringLiteral("--interval-ms"), QStringLiteral("1000")},
                       env);
        QTRY_VERIFY_WITH_TIMEOUT(servedUrl(exporter).isValid(), 30000);
        QVERIFY2(exporter.out().contains(QLatin1String("(2 switches)")),
                 qPrintable(exporter.out()));
        const QUrl url = servedUrl(exporter);
        const QMap<QString, QString> nexus {{QStringLiteral("switch"), QStringLiteral("nexus")}};
        const QMap<QString, QString> dead {{QStringLiteral("switch"), QStringLiteral("dead")}};
        Scrape s;
        QTRY_VERIFY_WITH_TIMEOUT(
            (s = scrape(url),
             test::valueOf(s.samples, QStringLiteral("nxos_up"), nexus) == 1.0
                 && test::valueOf(s.samples, QStringLiteral("nxos_scrape_duration_seconds"), dead)),
            30000);
        QCOMPARE(test::promtoolProblems(s.body), QString());

        // The dead switch answers with nxos_up 0 and its last poll's duration, nothing else.
        QCOMPARE(valueOr(s.samples, QStringLiteral("nxos_up"), dead), 0.0);
        for (const Sample &sample : s.samples) {
            if (sample.labels.value(QStringLiteral("switch")) == QLatin1String("dead"))
                QVERIFY2(sample.name == QLatin1String("nxos_up")
                             || sample.name == QLatin1String("nxos_scrape_duration_seconds"),
                         qPrintable(sample.name));
        }
        QVERIFY2(exporter.err().contains(QLatin1String("dead does not answer")),
                 qPrintable(exporter.err()));

        // Every fabric port's counters between two NX-API polls of the same switch taken
        // before and after the exporter's own poll: A <= exported <= B.
        nxapi::NxapiEndpoint endpoint;
        endpoint.url = QUrl(nxapiUrl);
        endpoint.user = QStringLiteral("admin");
        endpoint.password = QStringLiteral("admin");
        endpoint.allowHttp = true;
        const auto before = pollOnce(endpoint);
        QVERIFY(before);
        // The exporter's poll must have been sent after ours was answered: its snapshot
        // arrived more than a poll interval later.
        QTRY_VERIFY_WITH_TIMEOUT(
            (s = scrape(url),
             test::valueOf(s.samples, QStringLiteral("nxos_last_scrape_timestamp_seconds"), nexus)
                     .value_or(0)
                 > double(before->takenMs + 1500) / 1000.0),
            30000);
        const auto after = pollOnce(endpoint);
        QVERIFY(after);
        int compared = 0, moving = 0;
        for (const nxapi::PortStatus &a : before->ports) {
            if (!a.isFabricPort())
                continue;
            const nxapi::PortStatus *b = after->findPort(a.name);
            QVERIFY(b);
            const QList<Expected> low = countersOf(a), high = countersOf(*b);
            QCOMPARE(low.size(), high.size());
            for (qsizetype i = 0; i < low.size(); ++i) {
                QCOMPARE(high[i].name, low[i].name);
                QMap<QString, QString> labels = low[i].labels;
                labels.insert(QStringLiteral("switch"), QStringLiteral("nexus"));
                labels.insert(QStringLiteral("interface"), a.name);
                const double exported = valueOr(s.samples, low[i].name, labels);
                const QString what
                    = QStringLiteral("%1{%2}: %3 <= %4 <= %5")
                          .arg(low[i].name, QStringList(labels.values()).join(QLatin1Char(',')))
                          .arg(low[i].value)
                          .arg(exported, 0, 'f', 0)
                          .arg(high[i].value);
                QVERIFY2(double(low[i].value) <= exported && exported <= double(high[i].value),
                         qPrintable(what));
                ++compared;
                moving += high[i].value > low[i].value;
            }
            // Gauges as the switch says.
            const QMap<QString, QString> port {{QStringLiteral("switch"), QStringLiteral("nexus")},
                                               {QStringLiteral("interface"), a.name}};
            QCOMPARE(valueOr(s.samples, QStringLiteral("nxos_interface_mtu_bytes"), port),
                     double(b->mtu.value_or(-1)));
            QCOMPARE(valueOr(s.samples, QStringLiteral("nxos_interface_speed_bytes"), port),
                     double(b->bandwidthKbit.value_or(0)) * 125);
            QCOMPARE(valueOr(s.samples, QStringLiteral("nxos_interface_up"), port),
                     b->state == QLatin1String("up") ? 1.0 : 0.0);
        }
        QVERIFY(compared > 100);
        QVERIFY2(moving > 10, "the incast moves the counters between the two polls");

        // The switch stops answering: nxos_up 0 and its counters are gone, its last good
        // poll's time stays.
        sim.terminate();  // (`sim --serve` of the reference fabric dies of the signal)
        QVERIFY(sim.process().state() == QProcess::NotRunning);
        QTRY_VERIFY_WITH_TIMEOUT(
            (s = scrape(url), test::valueOf(s.samples, QStringLiteral("nxos_up"), nexus) == 0.0),
            30000);
        QVERIFY(test::select(s.samples, QStringLiteral("nxos_interface_receive_bytes_total"), nexus)
                    .isEmpty());
        QVERIFY(test::select(s.samples, QStringLiteral("nxos_switch_info"), nexus).isEmpty());
        QVERIFY(
            test::valueOf(s.samples, QStringLiteral("nxos_last_scrape_timestamp_seconds"), nexus));
        QCOMPARE(test::promtoolProblems(s.body), QString());
        QCOMPARE(exporter.terminate(), 0);
    }
};

QTEST_GUILESS_MAIN(TestExporter)
#include "tst_exporter.moc"
