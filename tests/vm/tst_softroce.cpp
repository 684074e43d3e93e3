// The Soft-RoCE tier: roce-agent and rocectl inside a qemu VM running Debian's own kernel with
// two rdma_rxe devices over a veth pair (tests/vm/*.sh, REFERENCE-SOFTROCE.md). The VM prints
// machine-readable lines on its serial console; each test asserts on the real values in them.
#include "collect/pingmesh/analyzer.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#ifndef BENCH_AGENT_PATH
#define BENCH_AGENT_PATH ""  // built without benchmarks: the guest does not measure
#endif

namespace {

const QStringList kRxeCounters {
    QStringLiteral("ack_deferred"),       QStringLiteral("completer_retry_err"),
    QStringLiteral("duplicate_request"),  QStringLiteral("link_downed"),
    QStringLiteral("out_of_seq_request"), QStringLiteral("rcvd_pkts"),
    QStringLiteral("rcvd_rnr_err"),       QStringLiteral("rcvd_seq_err"),
    QStringLiteral("rdma_recvs"),         QStringLiteral("rdma_sends"),
    QStringLiteral("retry_exceeded_err"), QStringLiteral("retry_rnr_exceeded_err"),
    QStringLiteral("send_err"),           QStringLiteral("send_rnr_err"),
    QStringLiteral("sent_pkts")};

QJsonObject portOf(const QJsonObject &sample, const QString &device)
{
    for (const QJsonValue &d : sample.value(QStringLiteral("devices")).toArray()) {
        if (d.toObject().value(QStringLiteral("name")).toString() == device)
            return d.toObject().value(QStringLiteral("ports")).toArray().first().toObject();
    }
    return {};
}

qint64 hw(const QJsonObject &sample, const QString &device, const QString &counter)
{
    return portOf(sample, device)
        .value(QStringLiteral("hw_counters"))
        .toObject()
        .value(counter)
        .toInteger(-1);
}

}  // namespace

class TestSoftRoce : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void agentReportsRxeDevicesFromVerbs();
    void bandwidthJobMovesTheCounters();
    void netlinkCountersEqualSysfs();
    void cancelLeavesNoPerftest();
    void toolErrorsReachTheUser();
    void pingmeshProbesThreeRxeEndpoints();
    void pingmeshNamesTheImpairedEndpoint();
    void pingmeshSustainsAThousandProbesASecond();
    void pingmeshThroughTheAgentNamesTheImpairedEndpoint();

private:
    void parseConsole(const QString &path);
    QString line(const QString &key) const { return m_lines.value(key); }
    QHash<QString, QString> m_lines;
    QHash<QString, QJsonObject> m_json;
};

void TestSoftRoce::parseConsole(const QString &path)
{
    QFile console(path);
    QVERIFY(console.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = console.readAll().split('\n');
    for (QByteArray l : lines) {
        // The first line carries the terminal set-up qemu writes: start at the marker.
        const qsizetype marker = l.indexOf("ROCE-VM");
        if (marker < 0)
            continue;
        l = l.mid(marker).trimmed();
        if (l.startsWith("ROCE-VM-JSON ")) {
            const QByteArray rest = l.mid(13);
            const qsizetype space = rest.indexOf(' ');
            m_json.insert(QString::fromUtf8(rest.left(space)),
                          QJsonDocument::fromJson(rest.mid(space + 1)).object());
        } else if (l.startsWith("ROCE-VM ")) {
            const QString rest = QString::fromUtf8(l.mid(8));
            const qsizetype space = rest.indexOf(QLatin1Char(' '));
            const QString key = space < 0 ? rest : rest.left(space);
            const QString value = space < 0 ? QString() : rest.mid(space + 1);
            // Keys that repeat (gid, rdma_link) keep every value.
            m_lines[key] = m_lines.contains(key) ? m_lines[key] + QLatin1Char('\n') + value : value;
        }
    }
}

void TestSoftRoce::initTestCase()
{
    const QString work = QStringLiteral(ROCE_BINARY_DIR "/vm-tier");
    // softroce_pingmesh reads the console of the run tst_softroce just made.
    const QString reuse = qEnvironmentVariable("ROCE_VM_CONSOLE");
    if (!reuse.isEmpty()) {
        if (!QFile::exists(reuse))
            QSKIP(qPrintable(
                QStringLiteral("no VM tier console at %1 (was tst_softroce skipped?)").arg(reuse)));
        parseConsole(reuse);
        QVERIFY2(line(QStringLiteral("done")) == QLatin1String("ok"),
                 qPrintable(QStringLiteral("the VM did not finish its scenarios: ")
                            + line(QStringLiteral("done"))));
        return;
    }
    QProcess run;
    run.setProcessChannelMode(QProcess::SeparateChannels);
    run.start(QStringLiteral(ROCE_SOURCE_DIR "/tests/vm/run-vm-tier.sh"),
              {QStringLiteral(ROCE_AGENT_PATH), QStringLiteral(ROCECTL_PATH), work,
               QStringLiteral(BENCH_AGENT_PATH)});
    QVERIFY(run.waitForStarted());
    QVERIFY2(run.waitForFinished(540 * 1000), "the VM tier did not finish within 9 minutes");
    const QString err = QString::fromUtf8(run.readAllStandardError());
    if (run.exitCode() == 77)
        QSKIP(qPrintable(err.trimmed()));
    QVERIFY2(
        run.exitCode() == 0,
        qPrintable(
            QStringLiteral("run-vm-tier.sh exit %1: %2").arg(run.exitCode()).arg(err.right(2000))));
    qInfo().noquote() << err.trimmed();
    parseConsole(work + QStringLiteral("/console.log"));
    QVERIFY2(line(QStringLiteral("done")) == QLatin1String("ok"),
             qPrintable(QStringLiteral("the VM did not finish its scenarios: ")
                        + line(QStringLiteral("done"))));
    QVERIFY2(!m_lines.contains(QStringLiteral("module_failed")),
             qPrintable(line(QStringLiteral("module_failed"))));
    qInfo().noquote() << "guest kernel" << line(QStringLiteral("boot"));
}

void TestSoftRoce::agentReportsRxeDevicesFromVerbs()
{
    QCOMPARE(line(QStringLiteral("once_exit")), QStringLiteral("0"));
    const QJsonObject once = m_json.value(QStringLiteral("once"));
    QCOMPARE(once.value(QStringLiteral("device_source")).toString(), QStringLiteral("libibverbs"));
    const struct {
        const char *device, *netdev, *ipv4;
    } expected[] = {{"rxe0", "veth0", "10.0.0.1"}, {"rxe1", "veth1", "10.0.0.2"}};
    for (const auto &e : expected) {
        const QJsonObject port = portOf(once, QLatin1String(e.device));
        QVERIFY2(!port.isEmpty(), e.device);
        QCOMPARE(port.value(QStringLiteral("state")).toString(), QStringLiteral("ACTIVE"));
        QCOMPARE(port.value(QStringLiteral("link_layer")).toString(), QStringLiteral("Ethernet"));
        QCOMPARE(port.value(QStringLiteral("netdev")).toString(), QLatin1String(e.netdev));
        // The IPv4-mapped RoCE v2 GID at index 1, with its netdev.
        QJsonObject gid1;
        for (const QJsonValue &g : port.value(QStringLiteral("gids")).toArray()) {
            if (g.toObject().value(QStringLiteral("index")).toInt() == 1)
                gid1 = g.toObject();
        }
        QCOMPARE(gid1.value(QStringLiteral("type")).toString(), QStringLiteral("RoCE v2"));
        QCOMPARE(gid1.value(QStringLiteral("ipv4")).toString(), QLatin1String(e.ipv4));
        QCOMPARE(gid1.value(QStringLiteral("netdev")).toString(), QLatin1String(e.netdev));
        // Every rxe hw_counters file (lifespan is the refresh setting, not a counter).
        const QJsonObject counters = port.value(QStringLiteral("hw_counters")).toObject();
        for (const QString &c : kRxeCounters)
            QVERIFY2(counters.contains(c),
                     qPrintable(QLatin1String(e.device) + QLatin1Char(' ') + c));
        QCOMPARE(counters.size(), kRxeCounters.size());
    }
}

void TestSoftRoce::bandwidthJobMovesTheCounters()
{
    QCOMPARE(line(QStringLiteral("bw_client_exit")), QStringLiteral("0"));
    QCOMPARE(line(QStringLiteral("bw_server_exit")), QStringLiteral("0"));
    const QJsonObject client = m_json.value(QStringLiteral("bw_client"));
    QCOMPARE(client.value(QStringLiteral("state")).toString(), QStringLiteral("succeeded"));
    const QJsonObject result = client.value(QStringLiteral("result")).toObject();
    QCOMPARE(result.value(QStringLiteral("device")).toString(), QStringLiteral("rxe1"));
    QCOMPARE(result.value(QStringLiteral("gid_index")).toInt(), 1);
    const QJsonObject row = result.value(QStringLiteral("results")).toArray().first().toObject();
    QCOMPARE(row.value(QStringLiteral("bytes")).toInt(), 65536);
    QCOMPARE(row.value(QStringLiteral("iterations")).toInt(), 1000);
    const double gbps = row.value(QStringLiteral("bw_average_gbps")).toDouble();
    qInfo() << "ib_write_bw rxe1 -> rxe0 under emulation:" << gbps << "Gb/s";
    QVERIFY2(gbps > 0.01, qPrintable(QString::number(gbps)));

    // The traffic as the counters saw it: the client's packets arrive at the server.
    const QJsonObject before = m_json.value(QStringLiteral("before"));
    const QJsonObject after = m_json.value(QStringLiteral("after"));
    const qint64 sent = hw(after, QStringLiteral("rxe1"), QStringLiteral("sent_pkts"))
        - hw(before, QStringLiteral("rxe1"), QStringLiteral("sent_pkts"));
    const qint64 rcvd = hw(after, QStringLiteral("rxe0"), QStringLiteral("rcvd_pkts"))
        - hw(before, QStringLiteral("rxe0"), QStringLiteral("rcvd_pkts"));
    qInfo() << "rxe1 sent_pkts" << sent << "rxe0 rcvd_pkts" << rcvd;
    // 1000 x 64 KiB at MTU 1024 is at least 64000 packets.
    QVERIFY2(sent >= 64000, qPrintable(QString::number(sent)));
    QVERIFY2(rcvd >= sent * 95 / 100 && rcvd <= sent,
             qPrintable(QStringLiteral("%1 / %2").arg(rcvd).arg(sent)));
    // And the acknowledgements the other way.
    const qint64 acks = hw(after, QStringLiteral("rxe0"), QStringLiteral("sent_pkts"))
        - hw(before, QStringLiteral("rxe0"), QStringLiteral("sent_pkts"));
    QVERIFY2(acks > 0, qPrintable(QString::number(acks)));
    for (const QString &device : {QStringLiteral("rxe0"), QStringLiteral("rxe1")}) {
        for (const QString &c :
             {QStringLiteral("retry_exceeded_err"), QStringLiteral("send_err")}) {
            QCOMPARE(hw(after, device, c) - hw(before, device, c), qint64(0));
        }
    }
}

void TestSoftRoce::netlinkCountersEqualSysfs()
{
    // The default (auto) read the rxe ports' counters over RDMA netlink.
    QCOMPARE(
        m_json.value(QStringLiteral("once")).value(QStringLiteral("counter_source")).toString(),
        QStringLiteral("netlink"));
    QCOMPARE(line(QStringLiteral("counters_sysfs_exit")), QStringLiteral("0"));
    QCOMPARE(line(QStringLiteral("counters_netlink_exit")), QStringLiteral("0"));
    const QJsonObject sysfs = m_json.value(QStringLiteral("counters_sysfs"));
    const QJsonObject netlink = m_json.value(QStringLiteral("counters_netlink"));
    QCOMPARE(sysfs.value(QStringLiteral("counter_source")).toString(), QStringLiteral("sysfs"));
    QCOMPARE(netlink.value(QStringLiteral("counter_source")).toString(), QStringLiteral("netlink"));
    // Every collector, ethtool on the veth pair included (its statistics are real).
    for (const QJsonValue &c : netlink.value(QStringLiteral("collectors")).toArray()) {
        QVERIFY2(c.toObject().value(QStringLiteral("success")).toBool(),
                 qPrintable(c.toObject().value(QStringLiteral("error")).toString()));
    }
    // Idle ports: the same names and the same values either way, after traffic moved them.
    for (const QString &device : {QStringLiteral("rxe0"), QStringLiteral("rxe1")}) {
        const QJsonObject a = portOf(sysfs, device).value(QStringLiteral("hw_counters")).toObject();
        const QJsonObject b
            = portOf(netlink, device).value(QStringLiteral("hw_counters")).toObject();
        QCOMPARE(a.keys(), kRxeCounters);
        QCOMPARE(b.keys(), kRxeCounters);
        for (const QString &c : kRxeCounters)
            QCOMPARE(b.value(c).toInteger(-1), a.value(c).toInteger(-2));
        // The bandwidth test's packets: sent by rxe1, received by rxe0.
        const qint64 moved = b.value(QStringLiteral("sent_pkts")).toInteger()
            + b.value(QStringLiteral("rcvd_pkts")).toInteger();
        QVERIFY2(moved >= 64000, qPrintable(device + QLatin1Char(' ') + QString::number(moved)));
    }
    if (QByteArray(BENCH_AGENT_PATH).isEmpty())
        QSKIP("built without benchmarks: the guest measured nothing");
    QVERIFY2(line(QStringLiteral("counter_cost_exit")) == QLatin1String("0"),
             qPrintable(line(QStringLiteral("counter_cost_report"))));
    const QJsonObject cost = m_json.value(QStringLiteral("counter_cost"));
    QCOMPARE(cost.value(QStringLiteral("live_ports")).toInt(), 2);
    QCOMPARE(cost.value(QStringLiteral("live_hw_counters_equal")).toInt(),
             cost.value(QStringLiteral("live_hw_counters")).toInt());
    // The figures are the benchmark's (docs/dev/benchmarks.md), reported, not asserted here.
    qInfo().noquote() << "hardware counters of 2 rxe ports under emulation: sysfs"
                      << cost.value(QStringLiteral("live_hw_counters_us_sysfs")).toDouble()
                      << "us, netlink"
                      << cost.value(QStringLiteral("live_hw_counters_us_netlink")).toDouble()
                      << "us; whole sample: sysfs"
                      << cost.value(QStringLiteral("live_sample_us_sysfs")).toDouble()
                      << "us, netlink"
                      << cost.value(QStringLiteral("live_sample_us_netlink")).toDouble() << "us";
}

void TestSoftRoce::cancelLeavesNoPerftest()
{
    // Both sides were running when the cancel came (2 processes), none is left after.
    QCOMPARE(line(QStringLiteral("cancel_running")), QStringLiteral("2"));
    QCOMPARE(line(QStringLiteral("cancel_client_exit")), QStringLiteral("0"));
    QCOMPARE(
        m_json.value(QStringLiteral("cancel_client")).value(QStringLiteral("state")).toString(),
        QStringLiteral("cancelled"));
    QCOMPARE(line(QStringLiteral("cancel_leftover")), QStringLiteral("0"));
    QCOMPARE(line(QStringLiteral("final_leftover")), QStringLiteral("0"));
}

void TestSoftRoce::toolErrorsReachTheUser()
{
    // A wrong GID index: perftest runs and fails; the job carries perftest's own words.
    QCOMPARE(line(QStringLiteral("gid_client_exit")), QStringLiteral("1"));
    const QJsonObject gid = m_json.value(QStringLiteral("gid_client"));
    QCOMPARE(gid.value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
    const QString error = gid.value(QStringLiteral("error")).toString();
    QVERIFY2(error.contains(QLatin1String("Incompatibility issue with GID types")),
             qPrintable(error));
    // A device the host does not have: refused before anything runs, naming what exists.
    QCOMPARE(line(QStringLiteral("nodev_exit")), QStringLiteral("1"));
    const QString nodev = line(QStringLiteral("nodev_err"));
    QVERIFY2(nodev.contains(
                 QLatin1String("RDMA device 'rxe9' not found on this host (devices: rxe0, rxe1)")),
             qPrintable(nodev));
}

void TestSoftRoce::pingmeshProbesThreeRxeEndpoints()
{
    // Three rxe endpoints on a bridge, each roce-agent --pingmesh; c sits behind netem
    // (10 % loss and 2 ms each way).
    QCOMPARE(line(QStringLiteral("netem")).contains(QStringLiteral("delay 2ms loss 10%")), true);
    QHash<QString, QHash<QString, QJsonObject>> pairs;  // src -> dst -> pair
    for (const QString &e : {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}) {
        QCOMPARE(line(QStringLiteral("pingmesh_exit_") + e), QStringLiteral("0"));
        const QJsonObject r = m_json.value(QStringLiteral("pingmesh_") + e);
        QCOMPARE(r.value(QStringLiteral("endpoint")).toString(), e);
        QCOMPARE(r.value(QStringLiteral("device")).toString(), QStringLiteral("rxe") + e);
        QCOMPARE(r.value(QStringLiteral("timestamps")).toString(), QStringLiteral("sw"));
        QVERIFY(r.value(QStringLiteral("gid"))
                    .toString()
                    .startsWith(QStringLiteral("00:00:00:00:00:00:00:00:00:00:ff:ff:0a:00:01:")));
        QCOMPARE(r.value(QStringLiteral("send_errors")).toInt(-1), 0);
        QVERIFY2(r.value(QStringLiteral("answered")).toInt() > 0, qPrintable(e));
        const QJsonArray list = r.value(QStringLiteral("pairs")).toArray();
        QCOMPARE(list.size(), 2);
        for (const QJsonValue &v : list) {
            const QJsonObject p = v.toObject();
            // 40/s for 8 s over 2 peers; a peer is probed once its address handle is made,
            // which waits for ARP while probes are answered: up to a second under emulation,
            // two and more on a loaded machine (119 seen, 2026-11-27).
            const int sent = p.value(QStringLiteral("sent")).toInt();
            QVERIFY2(sent >= 100 && sent <= 160, qPrintable(QString::number(sent)));
            const int lost = p.value(QStringLiteral("lost")).toInt();
            const bool throughNetem
                = e == u"c" || p.value(QStringLiteral("dst")).toString() == u"c";
            // netem drops 10 % each way: about 19 % of round trips (19 to 30 of 100 to 160). The
            // healthy pair loses none on a quiet machine, but the emulated VM under the whole
            // suite's load answers a few probes after their 200 ms timeout (5 of 159 seen,
            // 2026-11-27); the two bounds still do not meet.
            QVERIFY2(throughNetem ? lost >= 8 && lost <= 64 : lost <= 6,
                     qPrintable(QStringLiteral("%1->%2 lost %3 of %4")
                                    .arg(e, p.value(QStringLiteral("dst")).toString())
                                    .arg(lost)
                                    .arg(sent)));
            pairs[e][p.value(QStringLiteral("dst")).toString()] = p;
        }
    }
    // Every pair through netem waits 4 ms more a round trip than the healthy pair.
    auto p50 = [&](const char *s, const char *d) {
        return pairs[QLatin1String(s)][QLatin1String(d)]
            .value(QStringLiteral("rtt_p50_us"))
            .toDouble();
    };
    const double healthy = std::max(p50("a", "b"), p50("b", "a"));
    QVERIFY(healthy > 0);
    for (const auto &[s, d] : {std::pair {"a", "c"}, {"b", "c"}, {"c", "a"}, {"c", "b"}}) {
        QVERIFY2(p50(s, d) > healthy + 2000,
                 qPrintable(QStringLiteral("%1->%2 p50 %3 us, healthy %4 us")
                                .arg(QLatin1String(s), QLatin1String(d))
                                .arg(p50(s, d))
                                .arg(healthy)));
    }
}

void TestSoftRoce::pingmeshNamesTheImpairedEndpoint()
{
    // The analyzer the console runs, on the pair matrix the three agents measured.
    QList<roce::pingmesh::Endpoint> endpoints;
    const QStringList names {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    for (const QString &e : names)
        endpoints.append({e, QStringLiteral("rxe") + e, QString(), QString()});
    QList<roce::pingmesh::PingPair> pairs;
    QList<roce::pingmesh::PairSummary> summaries;
    for (int s = 0; s < names.size(); ++s) {
        const QJsonObject r = m_json.value(QStringLiteral("pingmesh_") + names[s]);
        QVERIFY2(!r.isEmpty(), qPrintable(names[s]));
        for (const QJsonValue &v : r.value(QStringLiteral("pairs")).toArray()) {
            const QJsonObject p = v.toObject();
            pairs.append({s, int(names.indexOf(p.value(QStringLiteral("dst")).toString()))});
            roce::pingmesh::PairSummary sum;
            sum.sent = p.value(QStringLiteral("sent")).toInt();
            sum.lost = p.value(QStringLiteral("lost")).toInt();
            sum.p50Us = p.value(QStringLiteral("rtt_p50_us")).toDouble();
            sum.p99Us = p.value(QStringLiteral("rtt_p99_us")).toDouble();
            sum.timestamps = roce::pingmesh::TimestampSource::Software;
            summaries.append(sum);
        }
    }
    QCOMPARE(pairs.size(), 6);
    const roce::pingmesh::PairMatrix matrix(endpoints, pairs);
    const roce::pingmesh::PairAnalyzer analyzer(matrix, {});
    const QList<roce::pingmesh::Verdict> verdicts = analyzer.evaluate(summaries, {});
    QStringList seen;
    for (const auto &v : verdicts)
        seen.append(v.kind + QLatin1Char(' ') + v.subject());
    QCOMPARE(seen, QStringList {QStringLiteral("nic c/rxec")});
    QVERIFY(verdicts.first().evidence.value(QStringLiteral("loss_pct")).toDouble() > 5);
}

void TestSoftRoce::pingmeshSustainsAThousandProbesASecond()
{
    // a and b probe each other at 1000 probes a second for 5 s (and answer each other).
    for (const QString &e : {QStringLiteral("a"), QStringLiteral("b")}) {
        QCOMPARE(line(QStringLiteral("pingmesh_rate_exit_") + e), QStringLiteral("0"));
        const QJsonObject r = m_json.value(QStringLiteral("pingmesh_rate_") + e);
        const QJsonObject pair = r.value(QStringLiteral("pairs")).toArray().first().toObject();
        const int sent = pair.value(QStringLiteral("sent")).toInt();
        const int lost = pair.value(QStringLiteral("lost")).toInt();
        const double cpu = r.value(QStringLiteral("cpu_seconds")).toDouble(-1);
        qInfo("pingmesh %s: %d probes in 5 s, %d lost, p50 %.0f us, p99 %.0f us, %.2f CPU s "
              "(7 s of probing and answering, under emulation)",
              qPrintable(e), sent, lost, pair.value(QStringLiteral("rtt_p50_us")).toDouble(),
              pair.value(QStringLiteral("rtt_p99_us")).toDouble(), cpu);
        // The pace is kept (a loaded CI machine may delay the last probes past the round).
        QVERIFY2(sent >= 4000, qPrintable(QString::number(sent)));
        QVERIFY2(lost < sent / 2, qPrintable(QString::number(lost)));
        QVERIFY(cpu >= 0);
    }
}

void TestSoftRoce::pingmeshThroughTheAgentNamesTheImpairedEndpoint()
{
    // rocectl pingmesh --agent: the agent's pingmesh jobs on real verbs, their probes streamed
    // over the agent protocol into the console's matrix and analyzer.
    QVERIFY2(line(QStringLiteral("pingmesh_agent_exit")) == QLatin1String("0"),
             qPrintable(line(QStringLiteral("pingmesh_agent_err"))));
    const QJsonObject r = m_json.value(QStringLiteral("pingmesh_agent"));
    const QJsonObject m = r.value(QStringLiteral("matrix")).toObject();
    QCOMPARE(m.value(QStringLiteral("endpoints")).toInt(), 3);
    QCOMPARE(m.value(QStringLiteral("pairs")).toInt(), 6);
    QCOMPARE(m.value(QStringLiteral("timestamps")).toString(), QStringLiteral("sw"));
    QVERIFY(m.value(QStringLiteral("probes_sent_total")).toInt() >= 3 * 40 * 8 * 8 / 10);
    // The summary is of the last window with probing in it, not of the lingering after it
    // (which holds none). That window is judged up to 2 s after the last probe line (lines
    // come once a second), so it holds at least the last second of probing: 120 probes at
    // 40 a second from 3 endpoints, about half that when the emulated guest shares the
    // machine's two cores with another test.
    QVERIFY2(m.value(QStringLiteral("probes_in_window")).toInt() >= 60,
             QJsonDocument(m).toJson().constData());
    const QJsonArray results = r.value(QStringLiteral("endpoint_results")).toArray();
    QCOMPARE(results.size(), 3);
    QCOMPARE(results[0].toObject().value(QStringLiteral("udp_sports")).toArray().size(), 8);
    QStringList seen;
    for (const QJsonValue &v : r.value(QStringLiteral("verdicts")).toArray()) {
        const QJsonObject o = v.toObject();
        seen.append(o.value(QStringLiteral("kind")).toString() + QLatin1Char(' ')
                    + o.value(QStringLiteral("nic")).toString().section(QLatin1Char('/'), 1));
    }
    QCOMPARE(seen, QStringList {QStringLiteral("nic rxec")});
    qInfo("pingmesh through the agent: %d probes, %.1f %% lost in the last window, p50 %.0f us",
          m.value(QStringLiteral("probes_sent_total")).toInt(),
          m.value(QStringLiteral("loss_pct")).toDouble(),
          m.value(QStringLiteral("rtt_p50_us")).toDouble());
}

QTEST_GUILESS_MAIN(TestSoftRoce)
#include "tst_softroce.moc"
