// Collectors on fixture trees in the kernel's layouts, the golden end-to-end output of the
// binary, and the Prometheus exposition.
#include "../common/exposition.h"
#include "collect/monitor/nicrates.h"
#include "collectors/countermap.h"
#include "collectors/ethtoolsource.h"
#include "collectors/rdmacollector.h"
#include "collectors/rdmanetlink.h"
#include "collectors/sysfs.h"
#include "prometheus.h"
#include "proto/agentproto/sample.h"
#include "sampler.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <linux/netlink.h>
#include <rdma/rdma_netlink.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

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
/// Netlink messages laid out as the kernel's nla_put*() lay them out (lib/nlattr.c): a 4-byte
/// header per attribute, payloads padded to 4 bytes, nests closed with their total length.
class NetlinkWriter
{
public:
    void begin(quint16 type, quint32 seq)
    {
        m_bytes.clear();
        put<quint32>(0);
        put<quint16>(type);
        put<quint16>(0);
        put<quint32>(seq);
        put<quint32>(4242);  // the requester's port id
    }
    void u32(quint16 type, quint32 v) { attribute(type, &v, sizeof v); }
    void u64(quint16 type, quint64 v, bool pad)
    {
        // nla_put_u64_64bit() puts an empty PAD attribute first where the value would be
        // misaligned on an architecture that needs 8-byte alignment.
        if (pad)
            attribute(RDMA_NLDEV_ATTR_PAD, nullptr, 0);
        attribute(type, &v, sizeof v);
    }
    void string(quint16 type, const char *s) { attribute(type, s, std::strlen(s) + 1); }
    qsizetype open(quint16 type)
    {
        const qsizetype at = m_bytes.size();
        put<quint16>(0);
        put<quint16>(quint16(type | NLA_F_NESTED));
        return at;
    }
    void close(qsizetype at)
    {
        const auto length = quint16(m_bytes.size() - at);
        std::memcpy(m_bytes.data() + at, &length, sizeof length);
    }
    QByteArray end()
    {
        const auto length = quint32(m_bytes.size());
        std::memcpy(m_bytes.data(), &length, sizeof length);
        return m_bytes;
    }

private:
    template <typename T> void put(T v)
    {
        m_bytes.append(reinterpret_cast<const char *>(&v), sizeof v);
    }
    void attribute(quint16 type, const void *data, std::size_t size)
    {
        put<quint16>(quint16(NLA_HDRLEN + size));
        put<quint16>(type);
        if (size > 0)
            m_bytes.append(static_cast<const char *>(data), qsizetype(size));
        while (m_bytes.size() % 4 != 0)
            m_bytes.append('\0');
    }
    QByteArray m_bytes;
};

/// A STAT_GET reply for mlx5_0 port 1 (device index 3) with the given counters.
QByteArray statReply(quint32 seq, const QList<QPair<const char *, quint64>> &counters,
                     bool pad = false)
{
    NetlinkWriter w;
    w.begin(RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_STAT_GET), seq);
    w.u32(RDMA_NLDEV_ATTR_DEV_INDEX, 3);
    w.string(RDMA_NLDEV_ATTR_DEV_NAME, "mlx5_0");
    w.u32(RDMA_NLDEV_ATTR_PORT_INDEX, 1);
    const qsizetype table = w.open(RDMA_NLDEV_ATTR_STAT_HWCOUNTERS);
    for (const auto &[name, value] : counters) {
        const qsizetype entry = w.open(RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);
        w.string(RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME, name);
        w.u64(RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE, value, pad);
        w.close(entry);
    }
    w.close(table);
    return w.end();
}

const QList<QPair<const char *, quint64>> kMlx5Counters {
    {"rx_write_requests", 81234},
    {"out_of_sequence", 12},
    {"rp_cnp_handled", 1843100},
    {"np_ecn_marked_roce_packets", 2204817},
    {"np_cnp_sent", 1843204},
    {"roce_adp_retrans", 0},
    // Past 2^53: a double would round it.
    {"rx_icrc_encapsulated", 18446744073709551615ULL}};

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

        // A driver with statistics: a veth pair, where this machine lets us make one. Its
        // peer_ifindex is a value we can check against sysfs.
        const QString a
            = QStringLiteral("rocetst%1a").arg(QCoreApplication::applicationPid() % 10000);
        const QString b
            = QStringLiteral("rocetst%1b").arg(QCoreApplication::applicationPid() % 10000);
        if (QProcess::execute(QStringLiteral("ip"),
                              {QStringLiteral("link"), QStringLiteral("add"), a,
                               QStringLiteral("type"), QStringLiteral("veth"),
                               QStringLiteral("peer"), QStringLiteral("name"), b})
            != 0)
            QSKIP("cannot create a veth pair here (needs CAP_NET_ADMIN): only lo was read");
        const auto cleanup = qScopeGuard([&] {
            QProcess::execute(QStringLiteral("ip"),
                              {QStringLiteral("link"), QStringLiteral("del"), a});
        });
        const auto veth = ioctl.read(a);
        QVERIFY2(veth.ok(), veth.ok() ? "" : qPrintable(veth.error().message));
        QFile peerIndex(QStringLiteral("/sys/class/net/%1/ifindex").arg(b));
        QVERIFY(peerIndex.open(QIODevice::ReadOnly));
        const quint64 expected = peerIndex.readAll().trimmed().toULongLong();
        bool found = false;
        for (const auto &[name, value] : *veth) {
            if (name == QLatin1String("peer_ifindex")) {
                QCOMPARE(value, expected);
                found = true;
            }
        }
        QVERIFY2(found,
                 qPrintable(QStringLiteral("%1 statistics, no peer_ifindex").arg(veth->size())));
        // Read again: the names come from the cache, the values are asked anew.
        QVERIFY(ioctl.read(a).ok());
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

    // Broadcom's, Intel's and AMD's per-priority PFC counts under the metrics mlx5's go by:
    // what a fleet read from a metrics store looks for (they were node_ethtool_* names no
    // query reads, and promtool linted bnxt's *_duration_us).
    void prometheusPausesOfEveryDriver_data()
    {
        QTest::addColumn<QString>("tree");
        QTest::addColumn<QStringList>("lines");
        QTest::newRow("bnxt")
            << QStringLiteral("sysfs-bnxt")
            << QStringList {QStringLiteral("roce_priority_pause_frames_received_total{"
                                           "device=\"enp101s0f0np0\",priority=\"3\"} 4201"),
                            QStringLiteral("roce_priority_pause_frames_transmitted_total{"
                                           "device=\"enp101s0f0np0\",priority=\"3\"} 4202"),
                            QStringLiteral("roce_priority_pause_received_seconds_total{"
                                           "device=\"enp101s0f0np0\",priority=\"3\"} 0.009")};
        QTest::newRow("ice") << QStringLiteral("sysfs-irdma")
                             << QStringList {QStringLiteral(
                                    "roce_priority_pause_frames_received_total{device=\"ens801f0\","
                                    "priority=\"3\"} 5203")};
        QTest::newRow("ionic") << QStringLiteral("sysfs-ionic")
                               << QStringList {QStringLiteral(
                                      "roce_priority_pause_received_seconds_total{device="
                                      "\"enp33s0np0\",priority=\"3\"} 0.0063")};
    }

    void prometheusPausesOfEveryDriver()
    {
        QFETCH(QString, tree);
        QFETCH(QStringList, lines);
        QString error;
        const QString text = roce::test::agentOnceExposition(QStringLiteral(ROCE_AGENT_PATH),
                                                             kFixtures, tree, &error);
        QVERIFY2(!text.isEmpty(), qPrintable(error));
        QCOMPARE(roce::test::promtoolProblems(text.toUtf8()), QString());
        for (const QString &line : lines)
            QVERIFY2(text.contains(line + QLatin1Char('\n')), qPrintable(line));
        QVERIFY(!text.contains(QStringLiteral("node_ethtool_pfc_pri")));
        QVERIFY(!text.contains(QStringLiteral("node_ethtool_rx_priority_3_xoff")));
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

    void netlinkStatReplyParses_data()
    {
        QTest::addColumn<bool>("pad");
        QTest::newRow("x86_64: values unpadded") << false;
        QTest::newRow("strict alignment: PAD before each value") << true;
    }

    void netlinkStatReplyParses()
    {
        QFETCH(bool, pad);
        // Two replies in one datagram, as a batch can come back.
        const QByteArray datagram
            = statReply(7, kMlx5Counters, pad) + statReply(8, {{"np_cnp_sent", 5}}, pad);
        const auto messages
            = rdmanl::splitMessages(datagram.constData(), std::size_t(datagram.size()));
        QVERIFY2(messages.ok(), messages.ok() ? "" : qPrintable(messages.error().message));
        QCOMPARE(messages->size(), std::size_t(2));
        QCOMPARE((*messages)[0].kind, rdmanl::MessageKind::StatReply);
        QCOMPARE((*messages)[0].seq, 7U);
        QCOMPARE((*messages)[1].seq, 8U);
        NetlinkPortStats stats;
        QVERIFY(rdmanl::parseStatReply((*messages)[0], stats).ok());
        QCOMPARE(stats.device, 3U);
        QCOMPARE(stats.port, 1U);
        QCOMPARE(stats.deviceName, QStringLiteral("mlx5_0"));
        QCOMPARE(stats.count, std::size_t(kMlx5Counters.size()));
        for (qsizetype i = 0; i < kMlx5Counters.size(); ++i) {
            QCOMPARE(stats.counters[std::size_t(i)].first, std::string(kMlx5Counters[i].first));
            QCOMPARE(stats.counters[std::size_t(i)].second, kMlx5Counters[i].second);
        }
        // The same object parses the next reply: fewer counters, the rest not counted.
        QVERIFY(rdmanl::parseStatReply((*messages)[1], stats).ok());
        QCOMPARE(stats.count, std::size_t(1));
        QCOMPARE(stats.counters[0].first, std::string("np_cnp_sent"));
        QCOMPARE(stats.counters[0].second, 5ULL);
    }

    void netlinkRefusalsAndBadBytes()
    {
        // The kernel's refusal of one port: an NLMSG_ERROR for its sequence carrying -ENODEV,
        // then (NETLINK_CAP_ACK) the request's header only.
        NetlinkWriter w;
        w.begin(NLMSG_ERROR, 9);
        QByteArray bare = w.end();
        const int code = -19;
        bare.append(reinterpret_cast<const char *>(&code), sizeof code);
        bare.append(QByteArray(NLMSG_HDRLEN, '\0'));
        quint32 length = quint32(bare.size());
        std::memcpy(bare.data(), &length, sizeof length);
        auto messages = rdmanl::splitMessages(bare.constData(), std::size_t(bare.size()));
        QVERIFY(messages.ok());
        QCOMPARE((*messages)[0].kind, rdmanl::MessageKind::Error);
        QCOMPARE((*messages)[0].error, -19);
        QCOMPARE((*messages)[0].seq, 9U);

        // Every truncation of a good reply is an error or a shorter message, never a read
        // past the bytes (the sanitizer build runs this too).
        const QByteArray good = statReply(1, kMlx5Counters);
        for (qsizetype cut = 0; cut < good.size(); ++cut) {
            const auto split = rdmanl::splitMessages(good.constData(), std::size_t(cut));
            QVERIFY2(cut == 0 ? split.ok() : !split.ok(), qPrintable(QString::number(cut)));
        }
        // A message whose attributes are cut short while its header claims them all.
        for (qsizetype cut = NLMSG_HDRLEN + 1; cut < good.size(); ++cut) {
            QByteArray truncated = good.left(cut);
            length = quint32(cut);
            std::memcpy(truncated.data(), &length, sizeof length);
            const auto split
                = rdmanl::splitMessages(truncated.constData(), std::size_t(truncated.size()));
            QVERIFY(split.ok());
            NetlinkPortStats stats;
            const auto parsed = rdmanl::parseStatReply((*split)[0], stats);
            QVERIFY2(!parsed.ok(), qPrintable(QString::number(cut)));
            QVERIFY(parsed.error().message.contains(QStringLiteral("malformed RDMA netlink")));
        }
        // An entry with a name and no value.
        NetlinkWriter noValue;
        noValue.begin(RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_STAT_GET), 2);
        noValue.u32(RDMA_NLDEV_ATTR_DEV_INDEX, 0);
        noValue.u32(RDMA_NLDEV_ATTR_PORT_INDEX, 1);
        const qsizetype table = noValue.open(RDMA_NLDEV_ATTR_STAT_HWCOUNTERS);
        const qsizetype entry = noValue.open(RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);
        noValue.string(RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME, "np_cnp_sent");
        noValue.close(entry);
        noValue.close(table);
        const QByteArray bad = noValue.end();
        messages = rdmanl::splitMessages(bad.constData(), std::size_t(bad.size()));
        QVERIFY(messages.ok());
        NetlinkPortStats stats;
        const auto parsed = rdmanl::parseStatReply((*messages)[0], stats);
        QVERIFY(!parsed.ok());
        QVERIFY2(parsed.error().message.contains(QStringLiteral("without a name or value")),
                 qPrintable(parsed.error().message));
    }

    void netlinkDeviceDumpParses()
    {
        NetlinkWriter w;
        w.begin(RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_GET), 4);
        w.u32(RDMA_NLDEV_ATTR_DEV_INDEX, 2);
        w.string(RDMA_NLDEV_ATTR_DEV_NAME, "rxe0");
        w.u32(RDMA_NLDEV_ATTR_PORT_INDEX, 1);  // other attributes the dump carries
        QByteArray datagram = w.end();
        NetlinkWriter done;
        done.begin(NLMSG_DONE, 4);
        done.u32(0, 0);
        datagram += done.end();
        const auto messages
            = rdmanl::splitMessages(datagram.constData(), std::size_t(datagram.size()));
        QVERIFY(messages.ok());
        QCOMPARE(messages->size(), std::size_t(2));
        const auto device = rdmanl::parseDeviceReply((*messages)[0]);
        QVERIFY(device.ok());
        QCOMPARE(device->first, 2U);
        QCOMPARE(device->second, QStringLiteral("rxe0"));
        QCOMPARE((*messages)[1].kind, rdmanl::MessageKind::Done);
        // And the requests are what the kernel's policy accepts: header, then two u32s.
        QByteArray request;
        rdmanl::appendStatGet(request, 11, 2, 1);
        QCOMPARE(request.size(), NLMSG_HDRLEN + 2 * 8);
        quint16 type = 0;
        std::memcpy(&type, request.constData() + 4, sizeof type);
        QCOMPARE(type, quint16(RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_STAT_GET)));
        quint32 port = 0;
        std::memcpy(&port, request.constData() + NLMSG_HDRLEN + 12, sizeof port);
        QCOMPARE(port, 1U);
    }

    void netlinkQueriesAreMatchedToTheirReplies()
    {
        // The other end of a socket pair plays the kernel: it answers each request of a batch
        // with its own datagram, refuses device 5 port 2 (-ENODEV), and first sends a stray
        // answer to a sequence nobody asked for.
        int ends[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, ends), 0);
        const timeval timeout {5, 0};
        for (int fd : ends)
            ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
        auto netlink = RdmaNetlink::adopt(ends[0]);
        QList<int> batchSizes;
        std::thread kernel([&, fd = ends[1]] {
            char request[4096];
            for (int batch = 0; batch < 2; ++batch) {
                const ssize_t n = ::recv(fd, request, sizeof request, 0);
                if (n <= 0)
                    return;
                const QByteArray stray = statReply(999, {{"np_cnp_sent", 1}});
                ::send(fd, stray.constData(), std::size_t(stray.size()), 0);
                const auto messages = rdmanl::splitMessages(request, std::size_t(n));
                batchSizes.append(int(messages->size()));
                for (const rdmanl::Message &m : *messages) {
                    quint32 device = 0, port = 0;
                    std::memcpy(&device, m.payload + 4, sizeof device);
                    std::memcpy(&port, m.payload + 12, sizeof port);
                    QByteArray reply;
                    if (device == 5 && port == 2) {
                        NetlinkWriter w;
                        w.begin(NLMSG_ERROR, m.seq);
                        reply = w.end();
                        const int code = -ENODEV;
                        reply.append(reinterpret_cast<const char *>(&code), sizeof code);
                        reply.append(QByteArray(NLMSG_HDRLEN, '\0'));
                        const auto length = quint32(reply.size());
                        std::memcpy(reply.data(), &length, sizeof length);
                    } else {
                        reply = statReply(
                            m.seq, {{"np_cnp_sent", device * 100 + port}, {"rp_cnp_handled", 7}});
                    }
                    ::send(fd, reply.constData(), std::size_t(reply.size()), 0);
                }
            }
        });
        // Eleven ports: a batch of eight, then three.
        std::vector<RdmaNetlink::Query> queries;
        for (quint32 device = 1; device <= 6; ++device) {
            for (quint32 port = 1; port <= (device == 6 ? 1U : 2U); ++port) {
                RdmaNetlink::Query q;
                q.device = device;
                q.port = port;
                queries.push_back(q);
            }
        }
        netlink->statGet(queries);
        kernel.join();
        ::close(ends[1]);
        QCOMPARE(batchSizes, (QList<int> {8, 3}));
        for (const RdmaNetlink::Query &q : queries) {
            const QString name = QStringLiteral("%1/%2").arg(q.device).arg(q.port);
            if (q.device == 5 && q.port == 2) {
                QVERIFY2(!q.answered, qPrintable(name));
                QCOMPARE(q.error, QString::fromLocal8Bit(std::strerror(ENODEV)));
                QCOMPARE(q.errorCode, -ENODEV);
                continue;
            }
            QVERIFY2(q.answered, qPrintable(name + QLatin1Char(' ') + q.error));
            QCOMPARE(q.stats.count, std::size_t(2));
            QCOMPARE(q.stats.counters[0].second, quint64(q.device * 100 + q.port));
        }
    }

    void netlinkCountersBecomeTheSampleMap()
    {
        NamedCounterMap map;
        std::vector<std::pair<std::string, quint64>> counters {
            {"rp_cnp_handled", 5}, {"lifespan", 10}, {"np_cnp_sent", 7}, {"out_of_sequence", 1}};
        const QStringList skip {QStringLiteral("lifespan")};
        QMap<QString, quint64> a = map.publish(counters, counters.size(), skip);
        QCOMPARE(a.keys(),
                 (QStringList {QStringLiteral("np_cnp_sent"), QStringLiteral("out_of_sequence"),
                               QStringLiteral("rp_cnp_handled")}));
        QCOMPARE(a.value(QStringLiteral("np_cnp_sent")), 7ULL);
        // The next reply: values move, the map held by the previous sample does not.
        counters[2].second = 9;
        const QMap<QString, quint64> b = map.publish(counters, counters.size(), skip);
        QCOMPARE(b.value(QStringLiteral("np_cnp_sent")), 9ULL);
        QCOMPARE(a.value(QStringLiteral("np_cnp_sent")), 7ULL);
        // Only the first entries count; a counter gone is absent, not stale.
        const QMap<QString, quint64> c = map.publish(counters, 1, skip);
        QCOMPARE(c.keys(), QStringList {QStringLiteral("rp_cnp_handled")});
        // A repeated name: the later entry wins, as in a map insert.
        counters.push_back({"rp_cnp_handled", 99});
        const QMap<QString, quint64> d = map.publish(counters, counters.size(), skip);
        QCOMPARE(d.value(QStringLiteral("rp_cnp_handled")), 99ULL);
        QCOMPARE(d.size(), 3);
    }

    void netlinkIsRefusedOnAFixtureTree()
    {
        // Asked for by name on a tree that is not this kernel's: an error that says so, and
        // the counters still come from the files (nothing lost).
        RdmaCollector collector(SysfsTree(kFixtures + QStringLiteral("/sysfs-mlx5")), false, 1000,
                                CounterSource::Netlink);
        AgentSample s;
        const auto result = collector.update(s);
        QVERIFY(!result.ok());
        QVERIFY2(result.error().message.contains(QStringLiteral("running kernel")),
                 qPrintable(result.error().message));
        QCOMPARE(s.counterSource, QStringLiteral("sysfs"));
        QCOMPARE(s.devices[0].ports[0].hwCounters.value(QStringLiteral("np_cnp_sent")), 1843204ULL);
        // auto on the same tree: the files, without an error.
        RdmaCollector automatic(SysfsTree(kFixtures + QStringLiteral("/sysfs-mlx5")), false);
        AgentSample t;
        QVERIFY(automatic.update(t).ok());
        QCOMPARE(t.counterSource, QStringLiteral("sysfs"));
        // And the command line refuses it before sampling.
        QProcess p;
        p.start(QStringLiteral(ROCE_AGENT_PATH),
                {QStringLiteral("--sysfs-root"), kFixtures + QStringLiteral("/sysfs-mlx5"),
                 QStringLiteral("--counters"), QStringLiteral("netlink"), QStringLiteral("--once"),
                 QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("--counters netlink reads the running kernel"));
        p.start(QStringLiteral(ROCE_AGENT_PATH),
                {QStringLiteral("--counters"), QStringLiteral("procfs"), QStringLiteral("--once"),
                 QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("auto, netlink or sysfs, not 'procfs'"));
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
