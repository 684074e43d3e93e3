// The fleet read from a Prometheus-compatible store. Unit tests of the query API client's
// pieces (range plans, endpoints, answers) and of the fleet's shape and frames; then end to end
// against Debian's real `prometheus` and `victoria-metrics`, scraping real roce-agent daemons
// on fixture sysfs trees whose counters move at a known rate (and, with --sim, the switch
// exporter): `rocectl fleet` and the console's fleet source must show those rates, agree with
// the agents' own stream, and say plainly when the store is down, behind a wrong prefix or
// refuses the credentials.
#include "../../common/exposition.h"
#include "../../common/metricsstore.h"

#include "live/fleet/fleetqueries.h"
#include "live/fleet/fleetshape.h"
#include "live/fleet/fleetsource.h"
#include "live/hub/livefabric.h"
#include "live/itemmodels/porttablemodel.h"
#include "prometheus/query/promclient.h"
#include "prometheus/query/vectorscanner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <cmath>
#include <thread>

using namespace roce;
using roce::testing::MetricsStore;

namespace {

const QString kFixtures = QStringLiteral(FIXTURES);

/// Writes ever-growing values into a fixture tree's counter files from a thread of its own,
/// at a fixed rate per second, so that whoever samples them sees exactly that rate.
class CounterPump
{
public:
    struct Counter {
        QString path;
        quint64 base = 0;
        double perSecond = 0;
    };
    explicit CounterPump(QList<Counter> counters) : m_counters(std::move(counters))
    {
        m_thread = std::thread([this] {
            const auto start = std::chrono::steady_clock::now();
            while (!m_stop) {
                const double s
                    = std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                          .count();
                for (const Counter &c : m_counters) {
                    QFile f(c.path);
                    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
                        f.write(QByteArray::number(c.base + quint64(c.perSecond * s)) + '\n');
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
        });
    }
    ~CounterPump()
    {
        m_stop = true;
        m_thread.join();
    }

private:
    QList<Counter> m_counters;
    std::atomic<bool> m_stop {false};
    std::thread m_thread;
};

/// A real roce-agent on a copy of the mlx5 fixture tree, /metrics on a free port.
struct FixtureAgent {
    QTemporaryDir dir;
    QProcess process;
    quint16 metricsPort = 0;
    quint16 protocolPort = 0;
    QString host;
    QByteArray output;

    QString root() const { return dir.filePath(QStringLiteral("sys")); }
    QString counter(const QString &kind, const QString &name) const
    {
        return root() + QStringLiteral("/class/infiniband/mlx5_0/ports/1/") + kind
            + QLatin1Char('/') + name;
    }

    bool start(const QString &hostname)
    {
        host = hostname;
        if (QProcess::execute(
                QStringLiteral("cp"),
                {QStringLiteral("-r"), kFixtures + QStringLiteral("/sysfs-mlx5"), root()})
            != 0)
            return false;
        QFile token(dir.filePath(QStringLiteral("token")));
        token.open(QIODevice::WriteOnly);
        token.write("fleet-test-token-0123456789\n");
        token.close();
        token.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        metricsPort = roce::testing::freeLoopbackPort();
        protocolPort = roce::testing::freeLoopbackPort();
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(QStringLiteral(ROCE_AGENT_PATH),
                      {QStringLiteral("--sysfs-root"), root(), QStringLiteral("--ethtool-fixture"),
                       kFixtures + QStringLiteral("/ethtool"), QStringLiteral("--hostname"), host,
                       QStringLiteral("--metrics"), QStringLiteral("127.0.0.1:%1").arg(metricsPort),
                       QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(protocolPort),
                       QStringLiteral("--plaintext"), QStringLiteral("--token-file"),
                       token.fileName()});
        if (!process.waitForStarted(5000))
            return false;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 10000 && !output.contains("listening")) {
            process.waitForReadyRead(200);
            output += process.readAll();
        }
        return output.contains("listening");
    }
    QString target() const { return QStringLiteral("127.0.0.1:%1").arg(metricsPort); }
    ~FixtureAgent()
    {
        process.terminate();
        process.waitForFinished(5000);
    }
};

/// `rocectl fleet ... --json`: its frames, its stderr and its exit code.
struct FleetRun {
    QList<QJsonObject> frames;
    QString err;
    int exitCode = -1;
};

FleetRun runFleet(const QStringList &args, const QProcessEnvironment &env = {})
{
    QProcess p;
    if (!env.isEmpty())
        p.setProcessEnvironment(env);
    p.start(QStringLiteral(ROCECTL_PATH), QStringList {QStringLiteral("fleet")} + args);
    FleetRun run;
    if (!p.waitForFinished(90000)) {
        p.kill();
        p.waitForFinished();
    }
    run.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    run.err = QString::fromUtf8(p.readAllStandardError());
    for (const QByteArray &line : p.readAllStandardOutput().split('\n'))
        if (!line.trimmed().isEmpty())
            run.frames.append(QJsonDocument::fromJson(line).object());
    return run;
}

QJsonObject portOf(const QJsonObject &frame, const QString &id)
{
    for (const QJsonValue &p : frame.value(QStringLiteral("ports")).toArray())
        if (p.toObject().value(QStringLiteral("id")).toString() == id)
            return p.toObject();
    return {};
}

prom::PromSample sample(QStringList labels, double value)
{
    return {std::move(labels), value, 0};
}

}  // namespace

class TestFleet : public QObject
{
    Q_OBJECT

private slots:
    // --- pieces -------------------------------------------------------------------------------
    void rangePlansAreStepAlignedAndWithinTheLimit()
    {
        // 24 h at 5 s = 17,281 points: two requests, aligned, contiguous, none over 11,000.
        const qint64 from = 1'700'000'001'234, to = from + 24 * 3600 * 1000;
        const QList<prom::RangeWindow> plan = prom::planRange(from, to, 5000);
        QCOMPARE(plan.size(), 2);
        QCOMPARE(plan.first().startMs % 5000, 0);
        QVERIFY(plan.first().startMs <= from);
        QVERIFY(plan.last().endMs >= to);
        QCOMPARE(plan.last().endMs % 5000, 0);
        for (const prom::RangeWindow &w : plan)
            QVERIFY(w.points() <= prom::kMaxPointsPerSeries);
        QCOMPARE(plan.at(1).startMs, plan.at(0).endMs + 5000);
        QCOMPARE(plan.at(0).points() + plan.at(1).points(),
                 (plan.last().endMs - plan.first().startMs) / 5000 + 1);
        // A short range is one request.
        QCOMPARE(prom::planRange(from, from + 60000, 1000).size(), 1);
        QVERIFY(prom::planRange(to, from, 1000).isEmpty());
    }

    void endpointsAreReadAsPeopleTypeThem()
    {
        auto vm = prom::parsePromEndpoint(QStringLiteral("http://vm:8481/select/0/prometheus/"));
        QVERIFY(vm);
        QCOMPARE(vm->pathPrefix, QStringLiteral("/select/0/prometheus"));
        QCOMPARE(vm->apiUrl(QStringLiteral("query")).toString(),
                 QStringLiteral("http://vm:8481/select/0/prometheus/api/v1/query"));
        auto mimir = prom::parsePromEndpoint(QStringLiteral("https://mimir.example"),
                                             QStringLiteral("prometheus"));
        QVERIFY(mimir);
        QCOMPARE(mimir->apiUrl(QStringLiteral("series")).toString(),
                 QStringLiteral("https://mimir.example/prometheus/api/v1/series"));
        auto pasted = prom::parsePromEndpoint(QStringLiteral("http://prom:9090/api/v1"));
        QVERIFY(pasted);
        QCOMPARE(pasted->pathPrefix, QString());
        const auto secret = prom::parsePromEndpoint(QStringLiteral("http://u:p@prom:9090"));
        QVERIFY(!secret);
        QVERIFY(secret.error().message.contains(QStringLiteral("credentials")));
        QVERIFY(!secret.error().message.contains(QStringLiteral(":p@")));
        QVERIFY(!prom::parsePromEndpoint(QStringLiteral("ftp://prom")));
        QVERIFY(!prom::parsePromEndpoint(QString()));
        QVERIFY(!prom::parseAuth(QStringLiteral("token")));
    }

    void answersAndErrorsAreRead()
    {
        const QByteArray vector = R"({"status":"success","data":{"resultType":"vector","result":[
            {"metric":{"switch":"leaf1","interface":"Ethernet1/1"},"value":[1700000000.5,"12.5"]},
            {"metric":{"switch":"leaf1"},"value":[1700000000.5,"NaN"]}]}})";
        const auto v
            = prom::parseVector(vector, {QStringLiteral("switch"), QStringLiteral("interface")});
        QVERIFY(v);
        QCOMPARE(v->size(), 1);  // NaN is not a value
        QCOMPARE(v->first().labels,
                 QStringList({QStringLiteral("leaf1"), QStringLiteral("Ethernet1/1")}));
        QCOMPARE(v->first().value, 12.5);
        QCOMPARE(v->first().ms, qint64(1700000000500));
        const QByteArray matrix = R"({"status":"success","data":{"resultType":"matrix","result":[
            {"metric":{"a":"x"},"values":[[1,"1"],[2,"2.5"]]}]}})";
        const auto m = prom::parseMatrix(matrix, {QStringLiteral("a")});
        QVERIFY(m);
        QCOMPARE(m->first().points.size(), 2);
        QCOMPARE(m->first().points.at(1), QPointF(2000, 2.5));
        const QByteArray error
            = R"({"status":"error","errorType":"bad_data","error":"parse error at char 3"})";
        const auto e = prom::parseVector(error, {});
        QVERIFY(!e);
        QVERIFY(e.error().message.contains(QStringLiteral("parse error at char 3")));
        QCOMPARE(e.error().code, ErrorCode::ServerError);
        const auto html = prom::parseVector("<html>404</html>", {});
        QVERIFY(!html);
        QCOMPARE(html.error().code, ErrorCode::Parse);
        QVERIFY(html.error().message.contains(QStringLiteral("prefix")));
        // What a broken or hostile store sends back reaches the terminal escaped: no NUL, no
        // escape sequence.
        const auto garbage = prom::parseVector(QByteArray("\x00\xff\x1b[2Jgarbage{{{", 16), {});
        QVERIFY(!garbage);
        QVERIFY2(garbage.error().message.contains(QStringLiteral("\\x00"))
                     && garbage.error().message.contains(QStringLiteral("\\x1b[2Jgarbage")),
                 qPrintable(garbage.error().message));
        for (const QChar c : garbage.error().message)
            QVERIFY2(c.isPrint() || c == QLatin1Char(' '), qPrintable(garbage.error().message));
        QVERIFY(!prom::parseVector(matrix, {}));  // a matrix is not a vector
        QVERIFY(!prom::parseVector(
            R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1]}]}})",
            {}));
        const auto busy = prom::responseError(error, 503);
        QCOMPARE(busy.code, ErrorCode::Busy);
    }

    void theFastReaderAgreesWithTheThoroughOne()
    {
        const QStringList labels {QStringLiteral("switch"), QStringLiteral("interface")};
        const QList<QByteArray> bodies {
            R"({"status":"success","data":{"resultType":"vector","result":[]}})",
            // Whitespace, extra keys, labels in any order, escapes, a stats block, NaN.
            "{ \"status\" : \"success\", \"data\" : { \"resultType\" : \"vector\", \"result\" : [\n"
            " {\"value\":[1700000000.123,\"1e3\"],\"metric\":{\"interface\":\"Ethernet1/"
            "1\",\"switch\":\"le\\\"af\\\\1\"}},\n"
            " {\"metric\":{\"switch\":\"s\",\"x\":\"y\"},\"value\":[1,\"NaN\"]},\n"
            " {\"metric\":{},\"value\":[2,\"-0.5\"]}], \"stats\": {\"a\": [1, {\"b\": null}]}},"
            " \"warnings\": [\"w\"] }",
        };
        for (const QByteArray &body : bodies) {
            const auto fast = prom::scanVector(body, labels);
            const auto thorough = prom::parseVectorThoroughly(body, labels);
            QVERIFY2(fast.has_value(), body.constData());
            QVERIFY(thorough);
            QCOMPARE(fast->size(), thorough->size());
            for (qsizetype i = 0; i < fast->size(); ++i) {
                QCOMPARE(fast->at(i).labels, thorough->at(i).labels);
                QCOMPARE(fast->at(i).value, thorough->at(i).value);
                QCOMPARE(fast->at(i).ms, thorough->at(i).ms);
            }
        }
        QCOMPARE(prom::scanVector(bodies.at(1), labels)->first().labels.first(),
                 QStringLiteral("le\"af\\1"));
        // What it does not expect goes to the thorough reader, which says what is wrong.
        for (
            const QByteArray &odd :
            {QByteArray(R"({"status":"error","errorType":"bad_data","error":"x"})"),
             QByteArray(R"({"status":"success","data":{"resultType":"matrix","result":[]}})"),
             QByteArray(
                 R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{"a":"\u00e9"},"value":[1,"2"]}]}})"),
             QByteArray(
                 R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{}}]}})"),
             QByteArray("{\"status\":\"success\""), QByteArray()})
            QVERIFY2(!prom::scanVector(odd, labels), odd.constData());
        const auto unicode = prom::parseVector(
            R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{"switch":"\u00e9"},"value":[1,"2"]}]}})",
            labels);
        QVERIFY(unicode);
        QCOMPARE(unicode->first().labels.first(), QStringLiteral("é"));
    }

    void shapeNamesHostsAndFollowsTheCabling()
    {
        auto ls = [](std::initializer_list<std::pair<const char *, const char *>> l) {
            prom::LabelSet s;
            for (const auto &[k, v] : l)
                s.insert(QString::fromLatin1(k), QString::fromLatin1(v));
            return s;
        };
        const QList<prom::LabelSet> series {
            ls({{"__name__", "nxos_switch_info"}, {"switch", "rail1-leaf1"}, {"role", "leaf"}}),
            ls({{"__name__", "nxos_switch_info"}, {"switch", "spine1"}, {"role", "spine"}}),
            ls({{"__name__", "nxos_interface_info"},
                {"switch", "rail1-leaf1"},
                {"interface", "Ethernet1/10"}}),
            ls({{"__name__", "nxos_interface_info"},
                {"switch", "rail1-leaf1"},
                {"interface", "Ethernet1/2"}}),
            ls({{"__name__", "nxos_interface_info"},
                {"switch", "spine1"},
                {"interface", "Ethernet1/1"}}),
            ls({{"__name__", "nxos_lldp_neighbor_info"},
                {"switch", "rail1-leaf1"},
                {"interface", "Ethernet1/2"},
                {"neighbor", "gpu01"},
                {"neighbor_port", "ens1f0np0"}}),
            ls({{"__name__", "nxos_lldp_neighbor_info"},
                {"switch", "rail1-leaf1"},
                {"interface", "Ethernet1/10"},
                {"neighbor", "spine1"},
                {"neighbor_port", "Ethernet1/1"}}),
            ls({{"__name__", "nxos_lldp_neighbor_info"},
                {"switch", "spine1"},
                {"interface", "Ethernet1/1"},
                {"neighbor", "rail1-leaf1"},
                {"neighbor_port", "Ethernet1/10"}}),
            ls({{"__name__", "roce_agent_info"},
                {"instance", "10.0.0.1:9471"},
                {"hostname", "gpu01"}}),
            ls({{"__name__", "roce_infiniband_port_netdev_info"},
                {"instance", "10.0.0.1:9471"},
                {"device", "mlx5_0"},
                {"port", "1"},
                {"netdev", "ens1f0np0"}}),
            ls({{"__name__", "node_infiniband_state_id"},
                {"instance", "10.0.0.1:9471"},
                {"device", "mlx5_0"},
                {"port", "1"}}),
            // node_exporter only: named by its nodename; no netdev known.
            ls({{"__name__", "node_uname_info"},
                {"instance", "10.0.0.2:9100"},
                {"nodename", "gpu02"}}),
            ls({{"__name__", "node_infiniband_state_id"},
                {"instance", "10.0.0.2:9100"},
                {"device", "mlx5_1"},
                {"port", "1"}}),
            // rdma_exporter only: named by its target.
            ls({{"__name__", "rdma_port_info"},
                {"instance", "10.0.0.3:9879"},
                {"device", "mlx5_0"},
                {"port", "1"},
                {"netdev", "eth0"}}),
        };
        fleet::FleetShape shape = fleet::shapeFromSeries(series);
        QCOMPARE(shape.switches.size(), 2);
        QCOMPARE(shape.switchPorts.size(), 3);
        QCOMPARE(shape.switchPorts.at(0).interface, QStringLiteral("Ethernet1/2"));  // 2 before 10
        QCOMPARE(shape.switchPorts.at(0).neighbor, QStringLiteral("gpu01"));
        QCOMPARE(shape.nicPorts.size(), 3);
        QCOMPARE(shape.nicPorts.at(0).host, QStringLiteral("10.0.0.3"));
        QCOMPARE(shape.nicPorts.at(0).netdev, QStringLiteral("eth0"));
        QCOMPARE(shape.nicPorts.at(1).host, QStringLiteral("gpu01"));
        QCOMPARE(shape.nicPorts.at(1).netdev, QStringLiteral("ens1f0np0"));
        QCOMPARE(shape.nicPorts.at(2).host, QStringLiteral("gpu02"));
        QCOMPARE(shape.hostCount(), 3);
        const models::LeafSpineFabric map = fleet::leafSpineOfShape(shape, QStringLiteral("store"));
        QCOMPARE(map.spines.size(), 1);
        QCOMPARE(map.leaves.size(), 1);
        QCOMPARE(map.leaves.first().group, QStringLiteral("rail1"));
        QCOMPARE(map.uplinks.size(), 1);
        QCOMPARE(map.uplinks.first().spinePortRow, QStringLiteral("spine1/Ethernet1/1"));
        QCOMPARE(map.nics.size(), 1);
        QCOMPARE(map.nics.first().nicRow, QStringLiteral("gpu01/mlx5_0"));
        QCOMPARE(map.nics.first().leafPortRow, QStringLiteral("rail1-leaf1/Ethernet1/2"));
        const size_t before = shape.signature();
        shape.switchPorts[0].neighbor = QStringLiteral("gpu09");
        QVERIFY(shape.signature() != before);
    }

    void framesCarryRatesZerosOnlyWhereReportedAndStates()
    {
        fleet::FleetShape shape;
        shape.switches = {{QStringLiteral("leaf1"), QStringLiteral("tor")}};
        shape.switchPorts = {{QStringLiteral("leaf1"),
                              QStringLiteral("Ethernet1/1"),
                              {},
                              QStringLiteral("gpu01"),
                              QStringLiteral("ens1"),
                              false,
                              100e9},
                             {QStringLiteral("leaf1"),
                              QStringLiteral("Ethernet1/2"),
                              QStringLiteral("to gpu02"),
                              {},
                              {},
                              false,
                              0}};
        shape.nicPorts
            = {{QStringLiteral("h1:9471"), QStringLiteral("gpu01"), QStringLiteral("mlx5_0"),
                QStringLiteral("1"), QStringLiteral("ens1"), 25e9},
               {QStringLiteral("h2:9471"), QStringLiteral("gpu02"), QStringLiteral("mlx5_0"),
                QStringLiteral("1"), QStringLiteral("ens1"), 25e9}};
        shape.hostOfInstance = {{QStringLiteral("h1:9471"), QStringLiteral("gpu01")},
                                {QStringLiteral("h2:9471"), QStringLiteral("gpu02")}};
        fleet::applyFamilies(shape,
                             {QStringLiteral("nxos_queue_ecn_marked_packets_total"),
                              QStringLiteral("roce_priority_pause_frames_received_total"),
                              QStringLiteral("roce_priority_pause_frames_transmitted_total")});
        const QList<fleet::FleetQuery> &queries = fleet::fleetQueries();
        fleet::FleetAnswers answers;
        answers.metrics.resize(queries.size());
        for (qsizetype q = 0; q < queries.size(); ++q) {
            answers.metrics[q].resize(queries.at(q).parts.size());
            const fleet::FleetQuery &query = queries.at(q);
            if (!query.nic && query.metric == model::Metric::InBits)
                answers.metrics[q][0]
                    = {sample({QStringLiteral("leaf1"), QStringLiteral("Ethernet1/1")}, 50e9)};
            if (query.nic && query.metric == model::Metric::InBits)
                answers.metrics[q][0] = {sample(
                    {QStringLiteral("h1:9471"), QStringLiteral("mlx5_0"), QStringLiteral("1")},
                    5e9)};
            if (query.nic && query.metric == model::Metric::RxPause)  // per netdev
                answers.metrics[q][0]
                    = {sample({QStringLiteral("h1:9471"), QStringLiteral("ens1")}, 42)};
        }
        answers.switchPortsDown
            = {sample({QStringLiteral("leaf1"), QStringLiteral("Ethernet1/2")}, 0)};
        answers.nicPortsDown = {
            sample({QStringLiteral("h1:9471"), QStringLiteral("mlx5_0"), QStringLiteral("1")}, 1)};
        const QList<model::SourceFrame> frames
            = fleet::framesFromAnswers(shape, answers, 1234, {QStringLiteral("gpu02")});
        QCOMPARE(frames.size(), 2);  // leaf1 and gpu01; gpu02 streams directly
        const model::SourceFrame &sw = frames.at(0);
        QCOMPARE(sw.source, QStringLiteral("leaf1"));
        QCOMPARE(sw.takenMs, qint64(1234));
        QCOMPARE(sw.ports.size(), 2);
        const model::PortSample &e11 = sw.ports.at(0);
        QCOMPARE(e11.name(), QStringLiteral("leaf1/Ethernet1/1"));
        QCOMPARE(e11.peer, QStringLiteral("gpu01"));
        QCOMPARE(e11.state, QStringLiteral("up"));
        QCOMPARE(*e11.value(model::Metric::InBits), 50e9);
        QCOMPARE(*e11.value(model::Metric::InUtil), 50.0);
        QCOMPARE(*e11.value(model::Metric::Ecn), 0.0);  // reported, not in the answer
        QVERIFY(!e11.value(model::Metric::MmuDrops));   // not reported: absent
        QVERIFY(!e11.value(model::Metric::OutBits));    // dense, no answer: absent
        QCOMPARE(sw.ports.at(1).state, QStringLiteral("down"));
        QCOMPARE(sw.ports.at(1).peer, QStringLiteral("to gpu02"));  // no LLDP: the description
        QVERIFY(!sw.ports.at(1).value(model::Metric::InUtil));      // no line rate: no util
        const model::SourceFrame &host = frames.at(1);
        QCOMPARE(host.source, QStringLiteral("gpu01"));
        QCOMPARE(host.origin, QStringLiteral("h1:9471"));
        const model::PortSample &nic = host.ports.first();
        QCOMPARE(nic.name(), QStringLiteral("gpu01/mlx5_0"));
        QCOMPARE(nic.peer, QStringLiteral("ens1"));
        QCOMPARE(nic.state, QStringLiteral("down"));
        QCOMPARE(*nic.value(model::Metric::InUtil), 20.0);
        QCOMPARE(*nic.value(model::Metric::RxPause), 42.0);  // joined through the netdev
        QCOMPARE(*nic.value(model::Metric::TxPause), 0.0);   // same family reported
        QVERIFY(!nic.value(model::Metric::Ecn));
        // A switch the exporter cannot poll has no frame.
        answers.switchesDown = {QStringLiteral("leaf1")};
        QCOMPARE(fleet::framesFromAnswers(shape, answers, 1, {}).size(), 2);
        QCOMPARE(fleet::framesFromAnswers(shape, answers, 1, {}).first().source,
                 QStringLiteral("gpu01"));
    }

    void everyQueryNamesItsFamilies()
    {
        for (const fleet::FleetQuery &q : fleet::fleetQueries()) {
            QVERIFY(!q.parts.isEmpty());
            QVERIFY(!q.families.isEmpty());
            for (const fleet::FleetQueryPart &p : q.resolved(QStringLiteral("4s"))) {
                QVERIFY2(!p.promql.contains(QLatin1String("%W")), qPrintable(p.promql));
                QCOMPARE(p.promql.endsWith(QLatin1String("> 0")), q.sparse);
            }
        }
        QVERIFY(fleet::familyRegex(false).contains(
            QLatin1String("nxos_queue_ecn_marked_packets_total")));
        QVERIFY(fleet::familyRegex(true).contains(
            QLatin1String("node_infiniband_np_cnp_packets_sent_total")));
    }

    // The NIC's receive-buffer drops of every driver the console maps are read from a store,
    // under the name roce-agent exports (and node_exporter's ethtool collector would): the
    // query read mlx5's rx_discards_phy alone.
    void discardsOfEveryDriverAreRead_data()
    {
        QTest::addColumn<QString>("tree");
        QTest::addColumn<QString>("value");  // the fixture's count of the driver's counter
        QTest::newRow("mlx5") << QStringLiteral("sysfs-mlx5") << QStringLiteral("1523");
        QTest::newRow("bnxt") << QStringLiteral("sysfs-bnxt") << QStringLiteral("4203");
        QTest::newRow("ice") << QStringLiteral("sysfs-irdma") << QStringLiteral("5205");
        QTest::newRow("ionic") << QStringLiteral("sysfs-ionic") << QStringLiteral("6205");
    }

    void discardsOfEveryDriverAreRead()
    {
        QFETCH(QString, tree);
        QFETCH(QString, value);
        QString error;
        const QString text = roce::test::agentOnceExposition(QStringLiteral(ROCE_AGENT_PATH),
                                                             kFixtures, tree, &error);
        QVERIFY2(!text.isEmpty(), qPrintable(error));
        const QRegularExpression line(
            QStringLiteral("^node_ethtool_(\\w+)\\{device=\"[^\"]+\"\\} %1$").arg(value),
            QRegularExpression::MultilineOption);
        const QRegularExpressionMatch exported = line.match(text);
        QVERIFY2(exported.hasMatch(), qPrintable(text));
        const QString ours = QStringLiteral("node_ethtool_") + exported.captured(1);
        // node_exporter's ethtool collector spells the rx and tx words out.
        QString node = exported.captured(1);
        node.replace(QRegularExpression(QStringLiteral("(^|_)rx(_|$)")),
                     QStringLiteral("\\1received\\2"));
        node.prepend(QStringLiteral("node_ethtool_"));
        const auto &queries = fleet::fleetQueries();
        const auto query
            = std::find_if(queries.cbegin(), queries.cend(), [](const fleet::FleetQuery &q) {
                  return q.metric == model::Metric::RxDiscardsPhy;
              });
        QVERIFY(query != queries.cend());
        for (const QString &name : {ours, node}) {
            const bool read = std::any_of(
                query->families.cbegin(), query->families.cend(), [&name](const QString &f) {
                    return QRegularExpression(QRegularExpression::anchoredPattern(f))
                        .match(name)
                        .hasMatch();
                });
            QVERIFY2(read,
                     qPrintable(name + QStringLiteral(" not in ")
                                + query->families.join(QLatin1Char(' '))));
        }
        // Asked for by name pattern, not as a literal name.
        const QString promql = query->resolved(QStringLiteral("4s")).first().promql;
        QVERIFY2(promql.contains(QStringLiteral("__name__=~\"node_ethtool_(")), qPrintable(promql));
        QVERIFY(!fleet::familyRegex(true).isEmpty());
    }

    // --- end to end ---------------------------------------------------------------------------
    void storeShowsTheAgentsRates_data()
    {
        QTest::addColumn<int>("engine");
        QTest::addColumn<QStringList>("flags");
        QTest::newRow("prometheus") << int(MetricsStore::Engine::Prometheus) << QStringList();
        QTest::newRow("victoria-metrics")
            << int(MetricsStore::Engine::VictoriaMetrics) << QStringList();
        // /api/v1/series answers at most this many series (30,000 by default, fewer than a
        // 2,048-host fleet's info series): discovery asks family by family, each under it.
        QTest::newRow("victoria-metrics, series limit below the fleet's")
            << int(MetricsStore::Engine::VictoriaMetrics)
            << QStringList {QStringLiteral("-search.maxSeries=4")};
    }

    void storeShowsTheAgentsRates()
    {
        QFETCH(int, engine);
        QFETCH(QStringList, flags);
        FixtureAgent busy, idle;
        QVERIFY(busy.start(QStringLiteral("gpu01")));
        QVERIFY(idle.start(QStringLiteral("gpu02")));
        // 4 Gb/s in (port_rcv_data counts 4-byte words), 1,000 CE marks/s, 200 CNPs/s.
        constexpr double kWordsPerS = 125e6, kEcnPerS = 1000, kCnpPerS = 200;
        CounterPump pump(
            {{busy.counter(QStringLiteral("counters"), QStringLiteral("port_rcv_data")),
              18126345378ull, kWordsPerS},
             {busy.counter(QStringLiteral("hw_counters"),
                           QStringLiteral("np_ecn_marked_roce_packets")),
              1921140, kEcnPerS},
             {busy.counter(QStringLiteral("hw_counters"), QStringLiteral("np_cnp_sent")), 1843204,
              kCnpPerS}});
        MetricsStore store {MetricsStore::Engine(engine)};
        store.setExtraArguments(flags);
        const QString started = store.start({busy.target(), idle.target()});
        QVERIFY2(started.isEmpty(), qPrintable(started));
        QVERIFY2(store.waitForScrapes(4, 60000), qPrintable(store.log()));

        const FleetRun run
            = runFleet({QStringLiteral("--prometheus"), store.url().toString(),
                        QStringLiteral("--count"), QStringLiteral("2"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(run.frames.size(), 2);
        const QJsonObject frame = run.frames.last();
        const QJsonObject nic = portOf(frame, QStringLiteral("gpu01/mlx5_0"));
        QVERIFY2(!nic.isEmpty(), QJsonDocument(frame).toJson().constData());
        QCOMPARE(nic.value(QStringLiteral("device")).toString(), QStringLiteral("gpu01"));
        QCOMPARE(nic.value(QStringLiteral("kind")).toString(), QStringLiteral("nic"));
        QCOMPARE(nic.value(QStringLiteral("peer")).toString(), QStringLiteral("ens1f0np0"));
        const double inBits = nic.value(QStringLiteral("in_bits_per_s")).toDouble();
        QVERIFY2(std::abs(inBits - kWordsPerS * 32) < 0.25 * kWordsPerS * 32,
                 qPrintable(QString::number(inBits)));
        const double ecn = nic.value(QStringLiteral("ecn_marks_per_s")).toDouble();
        QVERIFY2(std::abs(ecn - kEcnPerS) < 0.25 * kEcnPerS, qPrintable(QString::number(ecn)));
        QVERIFY(std::abs(nic.value(QStringLiteral("cnp_sent_per_s")).toDouble() - kCnpPerS)
                < 0.25 * kCnpPerS);
        QVERIFY(nic.value(QStringLiteral("in_util_percent")).toDouble() > 10);  // 4 of 25 Gb/s
        const QJsonObject quiet = portOf(frame, QStringLiteral("gpu02/mlx5_0"));
        QCOMPARE(quiet.value(QStringLiteral("in_bits_per_s")).toDouble(-1), 0.0);
        QCOMPARE(quiet.value(QStringLiteral("ecn_marks_per_s")).toDouble(-1), 0.0);
        QVERIFY(!frame.value(QStringLiteral("sources")).toArray().isEmpty());

        // The same rates as the console's direct path: the agents' own stream.
        live::LiveFabric direct;
        live::FabricPlan plan;
        agentproto::AgentEndpoint ep;
        ep.host = QStringLiteral("127.0.0.1");
        ep.port = busy.protocolPort;
        ep.token = QStringLiteral("fleet-test-token-0123456789");
        ep.plaintext = true;
        plan.agents = {ep};
        direct.watch(plan);
        std::optional<double> streamed;
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
                                     for (const model::PortSample &p : direct.latest())
                                         if (p.name() == QLatin1String("gpu01/mlx5_0")
                                             && p.value(model::Metric::InBits))
                                             streamed = p.value(model::Metric::InBits);
                                     return streamed.has_value();
                                 }()),
                                 20000);
        QVERIFY2(std::abs(*streamed - inBits) < 0.3 * *streamed,
                 qPrintable(QStringLiteral("store %1, stream %2").arg(inBits).arg(*streamed)));
        direct.stop();
    }

    void switchPortsComeFromTheExporter_data()
    {
        QTest::addColumn<int>("engine");
        QTest::newRow("prometheus") << int(MetricsStore::Engine::Prometheus);
        QTest::newRow("victoria-metrics") << int(MetricsStore::Engine::VictoriaMetrics);
    }

    /// Done when: `rocectl fleet` against both stores prints switch ports (with ECN marks
    /// during dcqcn-incast) and agent NIC ports.
    void switchPortsComeFromTheExporter()
    {
        QFETCH(int, engine);
        QProcess exporter;
        exporter.start(QStringLiteral(ROCECTL_PATH),
                       {QStringLiteral("exporter"), QStringLiteral("--sim"),
                        QStringLiteral("--scenario"), QStringLiteral("dcqcn-incast"),
                        QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
        QByteArray banner;
        QTRY_VERIFY_WITH_TIMEOUT((banner += exporter.readAllStandardOutput()).contains("/metrics"),
                                 30000);
        const QRegularExpression served(QStringLiteral("http://(127\\.0\\.0\\.1:\\d+)/metrics"));
        const QString exporterTarget = served.match(QString::fromUtf8(banner)).captured(1);
        QVERIFY2(!exporterTarget.isEmpty(), banner.constData());
        FixtureAgent agent;
        QVERIFY(agent.start(QStringLiteral("gpu05")));
        MetricsStore store {MetricsStore::Engine(engine)};
        QVERIFY(store.start({exporterTarget, agent.target()}).isEmpty());
        QVERIFY2(store.waitForScrapes(4, 60000), qPrintable(store.log()));
        QJsonObject frame;
        int switchPorts = 0;
        double ecn = 0;
        // The incast's marks show within a few scrapes.
        QTRY_VERIFY_WITH_TIMEOUT(
            ([&] {
                const FleetRun run = runFleet({QStringLiteral("--prometheus"),
                                               store.url().toString(), QStringLiteral("--count"),
                                               QStringLiteral("1"), QStringLiteral("--json")});
                if (run.exitCode != 0 || run.frames.isEmpty())
                    return false;
                frame = run.frames.last();
                switchPorts = 0;
                ecn = 0;
                for (const QJsonValue &v : frame.value(QStringLiteral("ports")).toArray()) {
                    const QJsonObject p = v.toObject();
                    if (p.value(QStringLiteral("kind")).toString() != QLatin1String("switch"))
                        continue;
                    ++switchPorts;
                    ecn += p.value(QStringLiteral("ecn_marks_per_s")).toDouble();
                }
                return switchPorts > 0 && ecn > 0;
            }()),
            60000);
        QVERIFY(switchPorts >= 4);
        QVERIFY2(ecn > 100, qPrintable(QString::number(ecn)));
        QVERIFY(!portOf(frame, QStringLiteral("gpu05/mlx5_0")).isEmpty());
        // LLDP names the servers behind the switch's ports.
        bool peers = false;
        for (const QJsonValue &v : frame.value(QStringLiteral("ports")).toArray())
            peers |= v.toObject()
                         .value(QStringLiteral("peer"))
                         .toString()
                         .startsWith(QLatin1String("esxi"))
                || v.toObject()
                       .value(QStringLiteral("peer"))
                       .toString()
                       .startsWith(QLatin1String("ubuntu"));
        QVERIFY2(peers, QJsonDocument(frame).toJson().left(2000).constData());
        exporter.terminate();
        exporter.waitForFinished(10000);
    }

    void storeFailuresAreShownAndRecovered()
    {
        FixtureAgent agent;
        QVERIFY(agent.start(QStringLiteral("gpu07")));
        MetricsStore store(MetricsStore::Engine::Prometheus);
        QVERIFY(store.start({agent.target()}).isEmpty());
        QVERIFY2(store.waitForScrapes(3, 60000), qPrintable(store.log()));

        live::LiveFabric hub;
        fleet::FleetOptions options;
        options.endpoint = *prom::parsePromEndpoint(store.url().toString());
        options.endpoint.timeoutMs = 3000;
        options.intervalMs = 1000;
        fleet::FleetSource *source = fleet::watchFleet(hub, options);
        QSignalSpy refreshed(source, &fleet::FleetSource::refreshed);
        QSignalSpy failed(source, &fleet::FleetSource::failed);
        QSignalSpy recovered(source, &fleet::FleetSource::recovered);
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.size() >= 1, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(hub.ports()->rowCount() >= 1, 5000);

        store.stop();
        QTRY_VERIFY_WITH_TIMEOUT(failed.size() >= 1, 15000);
        const QString message = failed.last().at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("refused")), qPrintable(message));
        hub.tick();
        bool alerted = false;
        for (const monitor::Alert &a : hub.alerts().active())
            alerted |= a.rule == QLatin1String("store_unreachable");
        QVERIFY(alerted);
        QVERIFY(hub.snapshotJson().value(QStringLiteral("sources")).toArray().size() >= 2);

        QVERIFY(store.restart().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(recovered.size() >= 1, 30000);
        hub.tick();
        for (const monitor::Alert &a : hub.alerts().active())
            QVERIFY(a.rule != QLatin1String("store_unreachable"));
        hub.stop();
    }

    void drillDownStreamsChosenHostsFromTheirAgents()
    {
        FixtureAgent direct, onStore;
        QVERIFY(direct.start(QStringLiteral("gpu11")));
        QVERIFY(onStore.start(QStringLiteral("gpu12")));
        MetricsStore store(MetricsStore::Engine::Prometheus);
        QVERIFY(store.start({direct.target(), onStore.target()}).isEmpty());
        QVERIFY2(store.waitForScrapes(3, 60000), qPrintable(store.log()));
        live::LiveFabric hub;
        fleet::FleetOptions options;
        options.endpoint = *prom::parsePromEndpoint(store.url().toString());
        options.intervalMs = 1000;
        fleet::FleetSource *source = fleet::watchFleet(hub, options);
        QSignalSpy refreshed(source, &fleet::FleetSource::refreshed);
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.size() >= 1, 30000);
        auto sourceOf = [&hub](const QString &name) -> std::optional<live::SourceState> {
            hub.tick();
            for (const live::SourceState &s : hub.sources())
                if (s.name == name)
                    return s;
            return std::nullopt;
        };
        QTRY_VERIFY_WITH_TIMEOUT(sourceOf(direct.target()).has_value(), 10000);  // on the store

        agentproto::AgentEndpoint ep;
        ep.host = QStringLiteral("127.0.0.1");
        ep.port = direct.protocolPort;
        ep.token = QStringLiteral("fleet-test-token-0123456789");
        ep.plaintext = true;
        source->setDirectHosts({QStringLiteral("gpu11")});
        hub.streamAgents({ep}, 1000);
        const QString agentSource = QStringLiteral("127.0.0.1:%1").arg(direct.protocolPort);
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
                                     const auto s = sourceOf(agentSource);
                                     return s && s->state == live::SourceState::State::Ok
                                         && s->ports.contains(QStringLiteral("gpu11/mlx5_0"));
                                 }()),
                                 20000);
        // The store no longer feeds gpu11, and still feeds gpu12.
        const qint64 storeLast = sourceOf(direct.target())->lastFrameMs;
        const qint64 otherLast = sourceOf(onStore.target())->lastFrameMs;
        const int before = int(refreshed.size());
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.size() >= before + 2, 20000);
        QCOMPARE(sourceOf(direct.target())->lastFrameMs, storeLast);
        QVERIFY(sourceOf(onStore.target())->lastFrameMs > otherLast);
        // Back on the store.
        source->setDirectHosts({});
        hub.streamAgents({});
        QTRY_VERIFY_WITH_TIMEOUT(sourceOf(direct.target())->lastFrameMs > storeLast, 20000);
        hub.stop();
    }

    void wrongPrefixAndCredentialsAreSaidPlainly()
    {
        FixtureAgent agent;
        QVERIFY(agent.start(QStringLiteral("gpu08")));
        MetricsStore store(MetricsStore::Engine::VictoriaMetrics);
        store.setBasicAuth(QStringLiteral("fleet"), QStringLiteral("right-password"));
        QVERIFY(store.start({agent.target()}).isEmpty());
        const QString url = store.url().toString();
        // No store behind the prefix.
        FleetRun run
            = runFleet({QStringLiteral("--prometheus"), url + QStringLiteral("/nope/prometheus"),
                        QStringLiteral("--count"), QStringLiteral("1"), QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("prefix"))
                     || run.err.contains(QStringLiteral("credentials")),
                 qPrintable(run.err));
        // Wrong password.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("ROCE_PROMETHEUS_SECRET"), QStringLiteral("wrong-password"));
        run = runFleet({QStringLiteral("--prometheus"), url, QStringLiteral("--auth"),
                        QStringLiteral("basic"), QStringLiteral("--user"), QStringLiteral("fleet"),
                        QStringLiteral("--count"), QStringLiteral("1")},
                       env);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("refused the credentials")), qPrintable(run.err));
        QVERIFY(!run.err.contains(QStringLiteral("wrong-password")));
        // Right password: frames.
        env.insert(QStringLiteral("ROCE_PROMETHEUS_SECRET"), QStringLiteral("right-password"));
        QTRY_VERIFY_WITH_TIMEOUT(
            ([&] {
                run = runFleet({QStringLiteral("--prometheus"), url, QStringLiteral("--auth"),
                                QStringLiteral("basic"), QStringLiteral("--user"),
                                QStringLiteral("fleet"), QStringLiteral("--count"),
                                QStringLiteral("1"), QStringLiteral("--json")},
                               env);
                return run.exitCode == 0
                    && !portOf(run.frames.value(0), QStringLiteral("gpu08/mlx5_0")).isEmpty();
            }()),
            60000);
        // Usage errors.
        QCOMPARE(runFleet({}).exitCode, 2);
        QCOMPARE(
            runFleet({QStringLiteral("--prometheus"), QStringLiteral("http://u:p@x")}).exitCode, 2);
        QCOMPARE(runFleet({QStringLiteral("--prometheus"), url, QStringLiteral("--auth"),
                           QStringLiteral("basic")})
                     .exitCode,
                 2);
    }
};

QTEST_GUILESS_MAIN(TestFleet)
#include "tst_fleet.moc"
