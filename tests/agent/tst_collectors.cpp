// Collectors on fixture trees in the kernel's layouts, the golden end-to-end output of the
// binary, and the Prometheus exposition.
#include "../common/exposition.h"
#include "collect/monitor/nicrates.h"
#include "collectors/ethtoolsource.h"
#include "collectors/rdmacollector.h"
#include "collectors/sysfs.h"
#include "prometheus.h"
#include "proto/agentproto/sample.h"
#include "sampler.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace roce::agent;
using namespace roce::agentproto;

namespace {
const QString kFixtures = QStringLiteral(FIXTURES);

AgentSample sampleOf(const QString &tree, bool withEthtool = false)
{
    SamplerOptions o;
    o.sysfsRoot = kFixtures + QLatin1Char('/') + tree;
    if (withEthtool)
        o.ethtoolFixtureDir = kFixtures + QStringLiteral("/ethtool");
    o.hostname = QStringLiteral("testhost");
    Sampler s(o);
    return s.sample();
}

/// The binary's JSON with what varies between machines and runs removed.
QJsonObject comparable(QJsonObject o)
{
    o.remove(QStringLiteral("timestamp"));
    QJsonArray collectors;
    for (const QJsonValue &v : o.value(QStringLiteral("collectors")).toArray()) {
        QJsonObject c = v.toObject();
        c.remove(QStringLiteral("duration_us"));
        collectors.append(c);
    }
    o.insert(QStringLiteral("collectors"), collectors);
    QJsonObject host = o.value(QStringLiteral("host")).toObject();
    host.remove(QStringLiteral("kernel"));
    host.remove(QStringLiteral("os"));
    o.insert(QStringLiteral("host"), host);
    return o;
}
}  // namespace

class TestCollectors : public QObject
{
    Q_OBJECT

private slots:
    void counterValuesAndAbsence()
    {
        QCOMPARE(parseCounter("2880761508848\n"), std::optional<quint64>(2880761508848ULL));
        QCOMPARE(parseCounter("18446744073709551615"),
                 std::optional<quint64>(18446744073709551615ULL));
        QVERIFY(!parseCounter("N/A (no PMA)\n"));
        QVERIFY(!parseCounter(""));
        QVERIFY(!parseCounter("-481413250"));  // iproute2 < 5.17 style negatives are not counts
        QCOMPARE(parseRateGbps(QStringLiteral("25 Gb/sec (1X EDR)")), std::optional<double>(25));
        QCOMPARE(parseRateGbps(QStringLiteral("2.5 Gb/sec (1X SDR)")), std::optional<double>(2.5));
        QCOMPARE(parseRateGbps(QStringLiteral("10 Gb/sec (4X)")), std::optional<double>(10));
        QVERIFY(!parseRateGbps(QStringLiteral("garbage")));
        // The allocation-free parser of the sampling path: digits up to a newline or a space.
        auto bytes = [](const char *text) { return parseCounterBytes(text, qstrlen(text)); };
        QCOMPARE(bytes("2880761508848\n"), std::optional<quint64>(2880761508848ULL));
        QCOMPARE(bytes("0\n"), std::optional<quint64>(0));
        QCOMPARE(bytes("7"), std::optional<quint64>(7));
        QCOMPARE(bytes("18446744073709551615\n"), std::optional<quint64>(18446744073709551615ULL));
        QCOMPARE(bytes("1234567890123456789\n"), std::optional<quint64>(1234567890123456789ULL));
        QVERIFY(!bytes("18446744073709551616\n"));   // 2^64: too large, not wrapped
        QVERIFY(!bytes("99999999999999999999\n"));   // 20 digits past 2^64
        QVERIFY(!bytes("123456789012345678901\n"));  // 21 digits
        QCOMPARE(bytes("00000000000000000000042\n"), std::optional<quint64>(42));
        QCOMPARE(bytes("1234567812345678 "), std::optional<quint64>(1234567812345678ULL));
        QVERIFY(!bytes("12345678x\n"));
        QVERIFY(!bytes("N/A (no PMA)\n"));
        QVERIFY(!bytes("-481413250\n"));
        QVERIFY(!bytes("12x\n"));
        QVERIFY(!bytes(""));
        QVERIFY(!bytes("\n"));
    }

    void mlx5RoceHost()
    {
        const AgentSample s = sampleOf(QStringLiteral("sysfs-mlx5"), true);
        QCOMPARE(s.deviceSource, QStringLiteral("sysfs"));  // fixture root: libibverbs not asked
        QCOMPARE(s.devices.size(), 1);
        const RdmaDeviceSample &d = s.devices[0];
        QCOMPARE(d.name, QStringLiteral("mlx5_0"));
        QCOMPARE(d.fwVer, QStringLiteral("16.35.2000"));
        const RdmaPortSample &p = d.ports[0];
        QCOMPARE(p.state, QStringLiteral("ACTIVE"));
        QCOMPARE(*p.stateId, 4);
        QCOMPARE(*p.physStateId, 5);
        QCOMPARE(*p.rateGbps, 25.0);
        QCOMPARE(p.linkLayer, QStringLiteral("Ethernet"));
        // port_xmit_data counts 4-byte words: bytes are reported, under a name that says so.
        QCOMPARE(p.counters.value(QStringLiteral("port_xmit_data_bytes")), 2880761508848ULL * 4);
        QCOMPARE(p.counters.value(QStringLiteral("port_rcv_data_bytes")),
                 72505381512ULL);  // procfs' expectation
        QVERIFY(!p.counters.contains(QStringLiteral("port_xmit_data")));
        // Every hw_counters file, congestion counters included; "lifespan" is a setting.
        QCOMPARE(p.hwCounters.value(QStringLiteral("np_ecn_marked_roce_packets")), 1921140ULL);
        QCOMPARE(p.hwCounters.value(QStringLiteral("np_cnp_sent")), 1843204ULL);
        QCOMPARE(p.hwCounters.value(QStringLiteral("rp_cnp_handled")), 48211ULL);
        QCOMPARE(p.hwCounters.value(QStringLiteral("out_of_sequence")), 1ULL);
        QCOMPARE(p.hwCounters.size(), 29);
        QVERIFY(!p.hwCounters.contains(QStringLiteral("lifespan")));
        // GID table: unpopulated slots (4..7) skipped; the RoCE v2 IPv4 entry at index 3.
        QCOMPARE(p.gids.size(), 4);
        QCOMPARE(p.gids[3].index, 3);
        QCOMPARE(p.gids[3].type, QStringLiteral("RoCE v2"));
        QCOMPARE(p.gids[3].ipv4, QStringLiteral("192.168.2.225"));
        QCOMPARE(p.netdev, QStringLiteral("ens1f0np0"));
        // The netdev: MTU, ECN settings, ethtool (trailing space of an old name trimmed).
        QCOMPARE(s.netdevs.size(), 1);
        const NetdevSample &n = s.netdevs[0];
        QCOMPARE(*n.mtu, 9000);
        QCOMPARE(n.ecnNp.value(QStringLiteral("enable/3")), QStringLiteral("1"));
        QCOMPARE(n.ecnNp.value(QStringLiteral("cnp_dscp")), QStringLiteral("48"));
        QCOMPARE(n.ecnRp.value(QStringLiteral("rpg_ai_rate")), QStringLiteral("5"));
        QCOMPARE(n.ethtoolSource, QStringLiteral("fixture"));
        QCOMPARE(n.ethtool.value(QStringLiteral("rx_prio3_pause")), 38211ULL);
        QVERIFY(n.ethtool.contains(QStringLiteral("tx_pause_storm_warning_events")));
        QVERIFY(
            !n.ethtool.contains(QStringLiteral("rx_prio4_pause")));  // PFC off there: no counter
        QCOMPARE(s.host.value(QStringLiteral("cpu_governor")), QStringLiteral("performance"));
        for (const CollectorStatus &c : s.collectors)
            QVERIFY2(c.success, qPrintable(c.name + QLatin1String(": ") + c.error));
    }

    void notAvailableCountersAreAbsent()
    {
        const AgentSample s = sampleOf(QStringLiteral("sysfs-na"));
        const RdmaPortSample &p = s.devices[0].ports[0];
        QVERIFY(p.counters.isEmpty());  // every file reads "N/A (no PMA)"
        QVERIFY(p.hwCounters.isEmpty());
        QCOMPARE(*p.rateGbps, 10.0);
        const QJsonObject j = sampleToJson(s);
        const QJsonObject pj = j.value(QStringLiteral("devices"))
                                   .toArray()[0]
                                   .toObject()
                                   .value(QStringLiteral("ports"))
                                   .toArray()[0]
                                   .toObject();
        QVERIFY(pj.value(QStringLiteral("counters")).toObject().isEmpty());  // absent, not 0
        QVERIFY(!toPrometheus(s).contains("node_infiniband_port_data_transmitted_bytes_total"));
    }

    void softRoceHasNoPmaCounters()
    {
        const AgentSample s = sampleOf(QStringLiteral("sysfs-rxe"));
        const RdmaPortSample &p = s.devices[0].ports[0];
        QCOMPARE(s.devices[0].name, QStringLiteral("rxe0"));
        QVERIFY(p.counters.isEmpty());
        QCOMPARE(p.hwCounters.value(QStringLiteral("sent_pkts")), 14164ULL);
        QCOMPARE(p.hwCounters.value(QStringLiteral("rcvd_pkts")), 644141ULL);
        QCOMPARE(p.gids.size(), 2);
        QCOMPARE(p.gids[1].ipv4,
                 QStringLiteral("10.0.0.1"));  // the IPv4-mapped RoCE v2 GID is index 1
        QCOMPARE(p.netdev, QStringLiteral("veth0"));
    }

    // Each driver family's tree (names from the drivers' own source, see fixtures/README.md)
    // reads into the same metrics; what a driver has no counter for stays absent.
    void driversMapToTheSameMetrics_data()
    {
        QTest::addColumn<QString>("tree");
        QTest::addColumn<QString>("driver");
        QTest::addColumn<QVariantMap>("expected");  // metric key -> raw counter, absent: none
        using M = QVariantMap;
        QTest::newRow("mlx5") << QStringLiteral("sysfs-mlx5") << QStringLiteral("mlx5")
                              << M {{QStringLiteral("in_bits_per_s"), 4 * 18126345378ULL},
                                    {QStringLiteral("out_bits_per_s"), 4 * 2880761508848ULL},
                                    {QStringLiteral("tx_pauses_per_s"), 12ULL},
                                    {QStringLiteral("cnp_handled_per_s"), 48211ULL},
                                    {QStringLiteral("cnp_ignored_per_s"), 0ULL},
                                    {QStringLiteral("out_of_sequence_per_s"), 1ULL},
                                    {QStringLiteral("rx_prio_discards_per_s"), 1523ULL},
                                    {QStringLiteral("in_errors_per_s"), 0ULL},
                                    {QStringLiteral("rdma_out_bits_per_s"), 11523046035392ULL},
                                    {QStringLiteral("lossless_out_bits_per_s"), 11523046035392ULL},
                                    {QStringLiteral("ecn_marks_per_s"), 1921140ULL},
                                    {QStringLiteral("cnp_sent_per_s"), 1843204ULL},
                                    {QStringLiteral("rx_pauses_per_s"), 38211ULL},
                                    {QStringLiteral("rx_discards_phy_per_s"), 1523ULL},
                                    {QStringLiteral("out_of_buffer_per_s"), 347ULL}};
        QTest::newRow("bnxt_re") << QStringLiteral("sysfs-bnxt") << QStringLiteral("bnxt_re")
                                 << M {{QStringLiteral("in_bits_per_s"), 1000000ULL},
                                       {QStringLiteral("out_bits_per_s"), 2000000ULL},
                                       {QStringLiteral("rx_pauses_per_s"), 4201ULL},
                                       {QStringLiteral("tx_pauses_per_s"), 4202ULL},
                                       {QStringLiteral("ecn_marks_per_s"), 4101ULL},
                                       {QStringLiteral("cnp_sent_per_s"), 4102ULL},
                                       {QStringLiteral("cnp_handled_per_s"), 4103ULL},
                                       {QStringLiteral("out_of_sequence_per_s"), 4104ULL},
                                       {QStringLiteral("rx_discards_phy_per_s"), 4203ULL},
                                       {QStringLiteral("out_of_buffer_per_s"), 4105ULL},
                                       {QStringLiteral("rx_prio_discards_per_s"), 4207ULL},
                                       {QStringLiteral("in_errors_per_s"), 4204ULL},
                                       {QStringLiteral("rdma_out_bits_per_s"), 4106000ULL},
                                       {QStringLiteral("lossless_out_bits_per_s"), 4205000ULL}};
        QTest::newRow("irdma") << QStringLiteral("sysfs-irdma") << QStringLiteral("irdma")
                               << M {{QStringLiteral("in_bits_per_s"), 5201000ULL},
                                     {QStringLiteral("out_bits_per_s"), 5202000ULL},
                                     {QStringLiteral("rx_pauses_per_s"), 5203ULL},
                                     {QStringLiteral("tx_pauses_per_s"), 5204ULL},
                                     {QStringLiteral("ecn_marks_per_s"), 5101ULL},
                                     {QStringLiteral("cnp_sent_per_s"), 5102ULL},
                                     {QStringLiteral("cnp_handled_per_s"), 5103ULL},
                                     {QStringLiteral("cnp_ignored_per_s"), 5104ULL},
                                     {QStringLiteral("rx_discards_phy_per_s"), 5205ULL},
                                     {QStringLiteral("in_errors_per_s"), 5206ULL},
                                     {QStringLiteral("rdma_out_bits_per_s"), 5106000ULL}};
        QTest::newRow("ionic") << QStringLiteral("sysfs-ionic") << QStringLiteral("ionic")
                               << M {{QStringLiteral("in_bits_per_s"), 6201000ULL},
                                     {QStringLiteral("out_bits_per_s"), 6202000ULL},
                                     {QStringLiteral("rx_pauses_per_s"), 6203ULL},
                                     {QStringLiteral("tx_pauses_per_s"), 6204ULL},
                                     {QStringLiteral("rx_discards_phy_per_s"), 6205ULL},
                                     {QStringLiteral("in_errors_per_s"), 6206ULL}};
        QTest::newRow("rxe") << QStringLiteral("sysfs-rxe") << QStringLiteral("rxe")
                             << M {{QStringLiteral("out_of_sequence_per_s"), 0ULL},
                                   {QStringLiteral("out_of_buffer_per_s"), 0ULL}};
    }

    void driversMapToTheSameMetrics()
    {
        QFETCH(QString, tree);
        QFETCH(QString, driver);
        QFETCH(QVariantMap, expected);
        const AgentSample s = sampleOf(tree, true);
        QCOMPARE(s.devices.size(), 1);
        const RdmaDeviceSample &d = s.devices[0];
        QCOMPARE(d.driver, driver);  // told by sysfs, not by the name (irdma's is rocep101s0f0)
        const RdmaPortSample &p = d.ports.value(0);
        const roce::model::NicDriver family = roce::monitor::nicDriver(d);
        QStringList lacks;
        for (const roce::model::MetricInfo &m : roce::model::metrics()) {
            if (m.nicSource[0] == '\0')
                continue;  // a switch metric
            const QString key = QLatin1String(m.key);
            const auto v = roce::monitor::nicCounter(
                s, p, QLatin1String(roce::model::nicDriverSource(family, m.id)));
            if (expected.contains(key)) {
                QVERIFY2(v, qPrintable(key));
                // Bits metrics read bytes: the PMA's 4-byte words are already bytes here.
                QCOMPARE(*v, expected.value(key).toULongLong());
            } else {
                // What the driver has no counter for reads nothing: never another counter,
                // never a zero made up for it.
                QVERIFY2(!v, qPrintable(key));
                lacks.append(key);
            }
        }

        // The per-priority pause time pingmesh reads (microseconds), where the driver has it.
        const roce::model::PriorityPauseNames pause = roce::model::nicPriorityPauseNames(family);
        QMap<QString, quint64> ethtool;
        for (const NetdevSample &n : s.netdevs) {
            if (n.name == p.netdev)
                ethtool = n.ethtool;
        }
        if (pause.durationUs[0] != '\0')
            QVERIFY2(ethtool.contains(QString::fromLatin1(pause.durationUs).arg(3)),
                     pause.durationUs);
        else
            lacks.append(QStringLiteral("pause duration"));
        qInfo("%s lacks: %s", qPrintable(driver),
              lacks.isEmpty() ? "nothing" : qPrintable(lacks.join(QStringLiteral(", "))));
    }

    void countersFollowTheFiles()
    {
        // Counters are re-read from open files: a change on disk shows in the next sample,
        // and a counter that appears later is picked up.
        QTemporaryDir dir;
        const QString counters = dir.filePath(QStringLiteral("hw_counters"));
        QDir().mkpath(counters);
        auto write = [&](const char *name, const char *value) {
            QFile f(counters + QLatin1Char('/') + QLatin1String(name));
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(value);
        };
        write("np_cnp_sent", "5\n");
        CounterDirectory cd(counters, {}, 3);
        QMap<QString, quint64> m;
        QVERIFY(cd.read(m));
        QCOMPARE(m.value(QStringLiteral("np_cnp_sent")), 5ULL);
        write("np_cnp_sent", "4294967301\n");  // past 2^32: 64-bit
        write("rp_cnp_handled", "7\n");
        m.clear();
        QVERIFY(cd.read(m));
        QCOMPARE(m.value(QStringLiteral("np_cnp_sent")), 4294967301ULL);
        m.clear();
        QVERIFY(cd.read(m));  // third read: directory listed again
        QCOMPARE(m.value(QStringLiteral("rp_cnp_handled")), 7ULL);
        CounterDirectory missing(dir.filePath(QStringLiteral("nope")));
        QVERIFY(!missing.read(m));
    }

    void hotPlugOfPortsAndDevices()
    {
        // A port removed between two samples is gone from the next one, and one added (a new
        // device, a port back) shows up with its counters, without waiting for the periodic
        // refresh of identities.
        QTemporaryDir dir;
        const QString root = dir.filePath(QStringLiteral("sys"));
        QVERIFY(QProcess::execute(
                    QStringLiteral("cp"),
                    {QStringLiteral("-r"), kFixtures + QStringLiteral("/sysfs-mlx5"), root})
                == 0);
        const QString ib = root + QStringLiteral("/class/infiniband/");
        RdmaCollector collector(SysfsTree(root), false, 0);
        auto sample = [&] {
            AgentSample s;
            const auto result = collector.update(s);
            if (!result.ok())
                qWarning() << result.error().message;
            return s;
        };
        AgentSample s = sample();
        QCOMPARE(s.devices.size(), 1);
        QCOMPARE(s.devices[0].ports.size(), 1);
        const quint64 cnps = s.devices[0].ports[0].hwCounters.value(QStringLiteral("np_cnp_sent"));
        QCOMPARE(cnps, 1843204ULL);

        // A second device appears.
        QVERIFY(QProcess::execute(QStringLiteral("cp"),
                                  {QStringLiteral("-r"), ib + QStringLiteral("mlx5_0"),
                                   ib + QStringLiteral("mlx5_1")})
                == 0);
        s = sample();
        QCOMPARE(s.devices.size(), 2);
        QCOMPARE(s.devices[1].name, QStringLiteral("mlx5_1"));
        QCOMPARE(s.devices[1].ports[0].hwCounters.value(QStringLiteral("np_cnp_sent")), cnps);

        // Its port goes away, then comes back with other values.
        const QString port = ib + QStringLiteral("mlx5_1/ports/1");
        QVERIFY(QDir(port).removeRecursively());
        s = sample();
        QCOMPARE(s.devices.size(), 2);
        QVERIFY(s.devices[1].ports.isEmpty());
        QCOMPARE(s.devices[0].ports.size(), 1);
        QVERIFY(
            QProcess::execute(QStringLiteral("cp"),
                              {QStringLiteral("-r"), ib + QStringLiteral("mlx5_0/ports/1"), port})
            == 0);
        QFile counter(port + QStringLiteral("/hw_counters/np_cnp_sent"));
        QVERIFY(counter.open(QIODevice::WriteOnly | QIODevice::Truncate));
        counter.write("99\n");
        counter.close();
        s = sample();
        QCOMPARE(s.devices[1].ports.size(), 1);
        QCOMPARE(s.devices[1].ports[0].hwCounters.value(QStringLiteral("np_cnp_sent")), 99ULL);
        QCOMPARE(s.devices[1].ports[0].state, QStringLiteral("ACTIVE"));

        // The whole device goes away.
        QVERIFY(QDir(ib + QStringLiteral("mlx5_1")).removeRecursively());
        s = sample();
        QCOMPARE(s.devices.size(), 1);
        QCOMPARE(s.devices[0].name, QStringLiteral("mlx5_0"));
        QCOMPARE(s.devices[0].ports[0].hwCounters.value(QStringLiteral("np_cnp_sent")), cnps);
    }

    void samplesKeepTheirValues()
    {
        // Counter maps are reused between samples: one a caller still holds never changes
        // under it when later samples read new values.
        QTemporaryDir dir;
        const QString counters = dir.filePath(QStringLiteral("hw_counters"));
        QDir().mkpath(counters);
        auto write = [&](const char *value) {
            QFile f(counters + QStringLiteral("/np_cnp_sent"));
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(value);
        };
        write("1\n");
        CounterFiles files({counters});
        const QMap<QString, quint64> first = files.read();
        write("2\n");
        const QMap<QString, quint64> second = files.read();
        write("3\n");
        const QMap<QString, quint64> third = files.read();
        write("4\n");
        QMap<QString, quint64> fourth = files.read();
        QCOMPARE(first.value(QStringLiteral("np_cnp_sent")), 1ULL);
        QCOMPARE(second.value(QStringLiteral("np_cnp_sent")), 2ULL);
        QCOMPARE(third.value(QStringLiteral("np_cnp_sent")), 3ULL);
        QCOMPARE(fourth.value(QStringLiteral("np_cnp_sent")), 4ULL);
        write("N/A (no PMA)\n");  // absent now: the key goes, the held maps keep theirs
        fourth = files.read();
        QVERIFY(fourth.isEmpty());
        QCOMPARE(third.value(QStringLiteral("np_cnp_sent")), 3ULL);
    }

    void realEthtoolIoctl()
    {
        // The loopback device exists everywhere and has no driver statistics; an unknown
        // device is a clear "not found".
        IoctlEthtoolSource ioctl;
        const auto lo = ioctl.read(QStringLiteral("lo"));
        QVERIFY2(lo.ok(), lo.ok() ? "" : qPrintable(lo.error().message));
        const auto missing = ioctl.read(QStringLiteral("nosuchdev0"));
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().code, roce::ErrorCode::NotFound);
        QVERIFY(missing.error().message.contains(QStringLiteral("nosuchdev0")));
    }

    void goldenOutputOfTheBinary()
    {
        QProcess p;
        p.start(QStringLiteral(ROCE_AGENT_PATH),
                {QStringLiteral("--sysfs-root"), kFixtures + QStringLiteral("/sysfs-mlx5"),
                 QStringLiteral("--ethtool-fixture"), kFixtures + QStringLiteral("/ethtool"),
                 QStringLiteral("--hostname"), QStringLiteral("testhost"), QStringLiteral("--once"),
                 QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonDocument actual = QJsonDocument::fromJson(p.readAllStandardOutput());
        QVERIFY(actual.isObject());
        QFile golden(kFixtures + QStringLiteral("/golden-mlx5.json"));
        QVERIFY(golden.open(QIODevice::ReadOnly));
        const QJsonDocument expected = QJsonDocument::fromJson(golden.readAll());
        QCOMPARE(QJsonDocument(comparable(actual.object())).toJson(), expected.toJson());
        // And the sample survives the round trip through its JSON form.
        const auto back = sampleFromJson(actual.object());
        QVERIFY(back.ok());
        QCOMPARE(back->devices[0].ports[0].hwCounters.value(QStringLiteral("np_cnp_sent")),
                 1843204ULL);
    }

    void prometheusExposition()
    {
        QProcess p;
        p.start(QStringLiteral(ROCE_AGENT_PATH),
                {QStringLiteral("--sysfs-root"), kFixtures + QStringLiteral("/sysfs-mlx5"),
                 QStringLiteral("--ethtool-fixture"), kFixtures + QStringLiteral("/ethtool"),
                 QStringLiteral("--hostname"), QStringLiteral("h1"), QStringLiteral("--once"),
                 QStringLiteral("--prometheus")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray text = p.readAllStandardOutput();
        // Prometheus's own lint: names, types, HELP (Debian's promtool, a declared dependency).
        QCOMPARE(roce::test::promtoolProblems(text), QString());
        for (const char *line :
             {"node_infiniband_port_data_transmitted_bytes_total{device=\"mlx5_0\",port=\"1\"} "
              "11523046035392",
              "node_infiniband_port_data_received_bytes_total{device=\"mlx5_0\",port=\"1\"} "
              "72505381512",
              "node_infiniband_np_cnp_packets_sent_total{device=\"mlx5_0\",port=\"1\"} 1843204",
              "node_infiniband_np_ecn_marked_roce_packets_received_total{device=\"mlx5_0\",port="
              "\"1\"} 1921140",
              "node_infiniband_rp_cnp_packets_handled_total{device=\"mlx5_0\",port=\"1\"} 48211",
              "node_infiniband_rate_bytes_per_second{device=\"mlx5_0\",port=\"1\"} 3125000000",
              "node_infiniband_state_id{device=\"mlx5_0\",port=\"1\"} 4",
              "roce_priority_pause_frames_received_total{device=\"ens1f0np0\",priority=\"3\"} "
              "38211",
              "roce_priority_pause_received_seconds_total{device=\"ens1f0np0\",priority=\"3\"} "
              "9.127731",
              "node_network_mtu_bytes{device=\"ens1f0np0\"} 9000",
              "node_ethtool_rx_discards_phy{device=\"ens1f0np0\"} 1523",
              "node_infiniband_out_of_buffer_drops_total{device=\"mlx5_0\",port=\"1\"} 347",
              "roce_priority_discards_received_total{device=\"ens1f0np0\",priority=\"3\"} "
              "1523",
              "# TYPE node_infiniband_np_cnp_packets_sent_total counter",
              "roce_agent_collector_success{collector=\"rdma\"} 1",
              // The host as the agent names it, and the RDMA port's netdev, which the switch's
              // LLDP neighbour port names: how a fleet view joins a switch port to its NIC.
              "roce_agent_info{hostname=\"h1\",version=\"",
              "roce_infiniband_port_netdev_info{device=\"mlx5_0\",port=\"1\",netdev="
              "\"ens1f0np0\"} 1",
              // Counters without a node_exporter name, by name under one family each.
              "roce_infiniband_hw_stat_total{device=\"mlx5_0\",port=\"1\",counter=\""})
            QVERIFY2(text.contains(line), line);
        // Every metric family is declared once, every sample line has a value.
        QCOMPARE(text.count("# TYPE node_infiniband_np_cnp_packets_sent_total"), 1);
        QCOMPARE(text.count("# TYPE roce_infiniband_hw_stat_total counter"), 1);
        QVERIFY(!text.contains("_counter_total"));  // promtool: no type in a metric name
        for (const QByteArray &line : text.split('\n')) {
            if (line.isEmpty() || line.startsWith('#'))
                continue;
            const QList<QByteArray> parts = line.split(' ');
            bool ok = false;
            parts.last().toDouble(&ok);
            QVERIFY2(ok, line.constData());
        }
    }

    void directJsonEqualsQtJson()
    {
        AgentSample s = sampleOf(QStringLiteral("sysfs-mlx5"), true);
        // Awkward values: a counter beyond 2^53, characters that need escaping.
        s.devices[0].ports[0].hwCounters.insert(QStringLiteral("np_cnp_sent"),
                                                18446744073709551615ULL);
        s.host.insert(QStringLiteral("note"),
                      QStringLiteral("tab\there \"quoted\" \\ and \x01 ünicode"));
        s.collectors[0].error = QStringLiteral("line1\nline2");
        QJsonParseError error {};
        const QJsonDocument direct = QJsonDocument::fromJson(sampleToJsonBytes(s), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(direct.object(), sampleToJson(s));
        QCOMPARE(sampleFromJson(direct.object())
                     ->devices[0]
                     .ports[0]
                     .hwCounters.value(QStringLiteral("np_cnp_sent")),
                 18446744073709551615ULL);
    }

    void directJsonKeepsLoneSurrogates()
    {
        // Found by fuzzing: toUtf8() turned a lone UTF-16 surrogate into '?', while
        // sampleToJson() (QJsonDocument) writes it as an escape: the two writers differed.
        AgentSample s = sampleOf(QStringLiteral("sysfs-mlx5"), true);
        const QString lone = QStringLiteral("a") + QChar(0xd800) + QStringLiteral("b");
        const QString pair = QStringLiteral("x") + QChar(0xd83d) + QChar(0xde00);  // U+1F600
        const QString lowFirst = QChar(0xdc00) + QString(QChar(0xd800));
        s.host.insert(lone, pair);
        s.host.insert(QStringLiteral("reversed"), lowFirst);
        s.hostname = QString(QChar(0xdfff));
        QJsonParseError error {};
        const QJsonDocument direct = QJsonDocument::fromJson(sampleToJsonBytes(s), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(direct.object(), sampleToJson(s));
        QCOMPARE(direct.object().value(QStringLiteral("host")).toObject().value(lone).toString(),
                 pair);
        QVERIFY(sampleToJsonBytes(s).contains("\\udfff"));
    }

    void clocksBeyond2p53StayExact()
    {
        // Found by fuzzing: sampleToJson() wrote the clocks and durations as doubles, which
        // round past 2^53 (a monotonic clock in ns gets there after 104 days of uptime), while
        // sampleToJsonBytes() wrote them exactly: the two writers gave different numbers.
        AgentSample s = sampleOf(QStringLiteral("sysfs-mlx5"), true);
        s.monotonicNs = (qint64(1) << 53) + 1;
        s.wallMs = (qint64(1) << 62) + 3;
        s.collectors[0].durationUs = (qint64(1) << 53) + 7;
        const QJsonObject qt = sampleToJson(s);
        QCOMPARE(QJsonDocument::fromJson(sampleToJsonBytes(s)).object(), qt);
        const auto back = sampleFromJson(QJsonDocument::fromJson(sampleToJsonBytes(s)).object());
        QVERIFY(back.ok());
        QCOMPARE(back->monotonicNs, (qint64(1) << 53) + 1);
        QCOMPARE(back->wallMs, (qint64(1) << 62) + 3);
        QCOMPARE(back->collectors[0].durationUs, (qint64(1) << 53) + 7);
    }

    void sampleNumbersOutOfRange()
    {
        // Found by fuzzing (the counter) and reading the code (the clocks): doubles beyond
        // 64 bits were converted to integers, undefined behaviour. Such a counter is absent,
        // such a clock 0.
        const auto s = sampleFromJson(QJsonDocument::fromJson(R"json({"devices":[],
            "timestamp":{"wall_ms":1e300,"monotonic_ns":-1e300},
            "netdevs":[{"name":"eth0","statistics":{"rx_bytes":3.5e21,"tx_bytes":12,
                        "rx_packets":18446744073709551615}}],
            "collectors":[{"name":"sysfs","duration_us":1e200}]})json")
                                          .object());
        QVERIFY(s.ok());
        QCOMPARE(s->wallMs, 0);
        QCOMPARE(s->monotonicNs, 0);
        QCOMPARE(s->collectors.first().durationUs, 0);
        const QMap<QString, quint64> &stats = s->netdevs.first().statistics;
        QVERIFY(!stats.contains(QStringLiteral("rx_bytes")));
        QCOMPARE(stats.value(QStringLiteral("tx_bytes")), 12ULL);
        QVERIFY(!stats.contains(QStringLiteral("rx_packets")));  // a double: 2^64 exactly
    }

    void badArguments()
    {
        QProcess p;
        p.start(QStringLiteral(ROCE_AGENT_PATH), {QStringLiteral("--once")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("--json or --prometheus"));
    }
};

QTEST_GUILESS_MAIN(TestCollectors)
#include "tst_collectors.moc"
