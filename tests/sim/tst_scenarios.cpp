// The reference scenarios of REFERENCE-DCQCN §7 against their expected signatures.
// Tolerances are stated next to each check; the [P] figures are the spec's prototype.
#include "sim/engine/packetfabric.h"
#include "sim/scenarios/scenario.h"

#include <QJsonDocument>
#include <QTest>

#include <cmath>

using namespace roce::sim;

namespace {

ScenarioReport run(const QString &name, double seconds = -1, std::uint64_t seed = 1)
{
    ScenarioOptions o;
    o.seed = seed;
    if (seconds > 0)
        o.duration = TimeNs(seconds * double(kNsPerSec));
    auto r = runScenario(name, o);
    if (!r.ok())
        qFatal("scenario %s failed: %s", qPrintable(name), qPrintable(r.error().message));
    return std::move(r).value();
}

template <typename T> quint64 sumHost(const ScenarioReport &r, T HostCounters::*field)
{
    quint64 s = 0;
    for (const auto &h : r.hosts)
        s += h.delta.*field;
    return s;
}

quint64 sumPorts(const ScenarioReport &r, quint64 SwitchPortCounters::*field)
{
    quint64 s = 0;
    for (const auto &p : r.ports)
        s += p.delta.*field;
    return s;
}

const PortReport *port(const ScenarioReport &r, const QString &name)
{
    for (const auto &p : r.ports) {
        if (p.name == name)
            return &p;
    }
    return nullptr;
}

}  // namespace

class TestScenarios : public QObject
{
    Q_OBJECT

private slots:
    void lossyIncastDropsSixSevenths()
    {
        const ScenarioReport r = run(QStringLiteral("lossy-incast"));
        QCOMPARE(sumPorts(r, &SwitchPortCounters::txPpp), 0ull);  // no pauses at all
        QCOMPARE(sumPorts(r, &SwitchPortCounters::rxPpp), 0ull);
        // Offered: 7 senders at line rate. Dropped bytes / offered bytes ~ 6/7 (+-3 %).
        const double seconds = double(r.duration) / kNsPerSec;
        const double offered = 7 * 100e9 / 8 * seconds * (4096.0 + 62) / (4096 + 82);
        const double dropped = double(sumPorts(r, &SwitchPortCounters::ingressMmuDropBytes));
        QVERIFY2(std::abs(dropped / offered - 6.0 / 7.0) < 0.03,
                 qPrintable(QStringLiteral("dropped/offered = %1").arg(dropped / offered)));
        // ~2.6 M pkts/s per ingress port [P] (+-10 %), on every sender port.
        for (int i = 1; i <= 7; ++i) {
            const PortReport *p = port(r, QStringLiteral("Ethernet1/%1").arg(i));
            QVERIFY(p);
            const double rate = double(p->delta.ingressMmuDropPkts) / seconds;
            QVERIFY2(rate > 2.35e6 && rate < 2.85e6, qPrintable(QString::number(rate)));
        }
        // The receiver's port still runs at ~100 %.
        QVERIFY(port(r, QStringLiteral("Ethernet1/8"))->txUtilization > 0.97);
        QCOMPARE(port(r, QStringLiteral("Ethernet1/8"))->delta.ingressMmuDropPkts, 0ull);
        // Loss breaks RC in-order delivery: the receiver sees out-of-sequence packets and
        // the senders receive NAKs (go-back-N).
        QVERIFY(sumHost(r, &HostCounters::outOfSequence) > 1000);
        QVERIFY(sumHost(r, &HostCounters::packetSeqErr) >= 7);
    }

    void pfcIncastIsLosslessAndFair()
    {
        const ScenarioReport r = run(QStringLiteral("pfc-incast"));
        QCOMPARE(sumPorts(r, &SwitchPortCounters::ingressMmuDropPkts), 0ull);
        const double seconds = double(r.duration) / kNsPerSec;
        for (int i = 1; i <= 7; ++i) {
            const PortReport *p = port(r, QStringLiteral("Ethernet1/%1").arg(i));
            QVERIFY(p);
            // ~9.5 k XOFF frames per port per 100 ms with static NX-OS thresholds [P] (+-20 %).
            const double per100ms = double(p->delta.txPpp) / seconds * 0.1;
            QVERIFY2(per100ms > 7600 && per100ms < 11400, qPrintable(QString::number(per100ms)));
            QCOMPARE(p->delta.cosTxPause[3], p->delta.txPpp);  // all on CoS 3
        }
        QCOMPARE(port(r, QStringLiteral("Ethernet1/8"))->delta.rxPpp, 0ull);
        // Fair shares ~ C/7 each (+-5 %) and the link stays full.
        for (const auto &f : r.flows)
            QVERIFY2(std::abs(f.wireGbps - 100.0 / 7) < 0.05 * 100.0 / 7,
                     qPrintable(QString::number(f.wireGbps)));
        QVERIFY(r.jain > 0.99);
        // Senders see the pauses (rx_prio3_pause) and stop, never drop.
        for (const auto &h : r.hosts) {
            if (h.name != QLatin1String("host8"))
                QVERIFY2(h.delta.rxPrioPause[3] > 0, qPrintable(h.name));
        }
        QCOMPARE(sumHost(r, &HostCounters::outOfSequence), 0ull);
    }

    void dcqcnIncastMarksThenSlowsDown()
    {
        const ScenarioReport dcqcn = run(QStringLiteral("dcqcn-incast"));
        const ScenarioReport pfc = run(QStringLiteral("pfc-incast"));
        QCOMPARE(sumPorts(dcqcn, &SwitchPortCounters::ingressMmuDropPkts), 0ull);
        const quint64 ce = sumHost(dcqcn, &HostCounters::npEcnMarkedRocePackets);
        const quint64 cnpSent = sumHost(dcqcn, &HostCounters::npCnpSent);
        const quint64 handled = sumHost(dcqcn, &HostCounters::rpCnpHandled);
        QVERIFY(ce > 100);
        QVERIFY(cnpSent > 0);
        QVERIFY(cnpSent <= ce);      // CNPs are coalesced per QP
        QCOMPARE(handled, cnpSent);  // nothing lost or ignored on the way back
        QCOMPARE(sumHost(dcqcn, &HostCounters::rpCnpIgnored), 0ull);
        // The switch's ECN count is the receiver's CE count.
        QCOMPARE(port(dcqcn, QStringLiteral("Ethernet1/8"))->delta.qosEcnPkts[3], ce);
        // Fewer pauses than PFC alone (at least 15 % fewer with static 77 KB xoff).
        const quint64 pausesDcqcn = sumPorts(dcqcn, &SwitchPortCounters::txPpp);
        const quint64 pausesPfc = sumPorts(pfc, &SwitchPortCounters::txPpp);
        QVERIFY2(double(pausesDcqcn) < 0.85 * double(pausesPfc),
                 qPrintable(QStringLiteral("%1 vs %2").arg(pausesDcqcn).arg(pausesPfc)));
        // Senders actually cut their rate below line rate.
        for (const auto &f : dcqcn.flows)
            QVERIFY2(f.currentRateGbps < 90, qPrintable(QString::number(f.currentRateGbps)));
        QVERIFY(dcqcn.aggregateGbps > 95);
    }

    void ecnWithoutPfcDropsOnlyAtStartUp()
    {
        // ECN on, PFC off: drops during the start-up burst only, then DCQCN holds the
        // queue near Kmin ([P]: mean ~330 KB, 12-16 Gb/s per flow). The model's burst
        // lasts ~20 ms (the prototype's ~1 ms); after 30 ms there must be no drop at all.
        PacketFabric f(starFabric(8, 100 * kGbps), ModelParams {});
        f.setPfcEnabled(-1, false);
        for (int i = 0; i < 7; ++i)
            f.startFlow(i, 7);
        auto drops = [&] {
            quint64 d = 0;
            for (int i = 0; i < 8; ++i)
                d += f.switchPortCounters(i).ingressMmuDropPkts;
            return d;
        };
        f.runUntil(30 * kNsPerMs);
        const quint64 startUp = drops();
        QVERIFY(startUp > 0);
        f.resetQueueStats();
        // Wire rate, not goodput: RC go-back-N after a start-up loss waits for the ack timeout
        // (67 ms) when a retransmission is lost too, as on real NICs.
        QList<Bytes> before;
        for (int i = 0; i < 7; ++i)
            before.append(f.flowStats(i).rxBytes);
        f.runUntil(60 * kNsPerMs);
        QCOMPARE(drops(), startUp);
        const double meanQueue = f.queueStats(7).meanBytes;
        QVERIFY2(meanQueue > 150e3 && meanQueue < 500e3, qPrintable(QString::number(meanQueue)));
        for (int i = 0; i < 7; ++i) {
            const double gbps = double(f.flowStats(i).rxBytes - before[i]) * 8 / 30e6;
            QVERIFY2(gbps > 11 && gbps < 17, qPrintable(QString::number(gbps)));
        }
    }

    void twoToOneConvergesFairly()
    {
        const ScenarioReport r = run(QStringLiteral("fair-2to1"), 0.5);
        QCOMPARE(r.flows.size(), 2);
        QVERIFY2(r.jain >= 0.95, qPrintable(QString::number(r.jain)));
        QVERIFY(r.aggregateGbps > 95);
        QCOMPARE(sumPorts(r, &SwitchPortCounters::ingressMmuDropPkts), 0ull);
        // Steady queue just above Kmin (150 KB): [P] mean ~210 KB; accept 130-350 KB.
        const PortReport *rx = port(r, QStringLiteral("Ethernet1/3"));
        QVERIFY(rx);
        QVERIFY2(rx->roceQueue.meanBytes > 130e3 && rx->roceQueue.meanBytes < 350e3,
                 qPrintable(QString::number(rx->roceQueue.meanBytes)));
        // With the Cisco profile most marks get their own CNP: [P] 0.96-0.98; accept >= 0.85.
        const double ratio = double(sumHost(r, &HostCounters::npCnpSent))
            / double(sumHost(r, &HostCounters::npEcnMarkedRocePackets));
        QVERIFY2(ratio >= 0.85 && ratio <= 1.0, qPrintable(QString::number(ratio)));
    }

    void paperQueueGrowsWithFlowsAsFluidModelSays()
    {
        // Fluid fixed point (REFERENCE-DCQCN §1.3), packet units: 40G, 1 KB, Kmin 5 KB,
        // Kmax 200 KB, Pmax 1 %, R_AI 40 Mb/s, tau' = T = 55 us, B = 10 MB.
        auto fluidQueue = [](int n) {
            const double c = 40e9 / 8 / 1024, rai = 40e6 / 8 / 1024, tau = 55e-6, t = 55e-6;
            const double b = 10e6 / 1024;
            const double p
                = std::cbrt(rai * n * n / (tau * c * c) * std::pow(1 / b + n / (t * c), 2));
            return p / 0.01 * (200e3 - 5e3) + 5e3;
        };
        const ScenarioReport two = run(QStringLiteral("paper-2to1"), 0.3);
        const ScenarioReport ten = run(QStringLiteral("paper-10to1"), 0.3);
        const double q2 = port(two, QStringLiteral("Ethernet1/3"))->roceQueue.meanBytes;
        const double q10 = port(ten, QStringLiteral("Ethernet1/11"))->roceQueue.meanBytes;
        // [P]: 18 KB (fluid 23 KB) and 77 KB (fluid 160 KB).
        QVERIFY2(q10 > 2.5 * q2, qPrintable(QStringLiteral("%1 vs %2").arg(q10).arg(q2)));
        QVERIFY2(q2 > 0.4 * fluidQueue(2) && q2 < 1.5 * fluidQueue(2),
                 qPrintable(QString::number(q2)));
        QVERIFY2(q10 > 0.3 * fluidQueue(10) && q10 < 1.5 * fluidQueue(10),
                 qPrintable(QString::number(q10)));
        QVERIFY(two.jain > 0.98);
        QVERIFY(ten.jain > 0.95);
        // CNP/CE falls as marking density rises: [P] 0.68 for 2 flows, 0.23 for 10.
        auto ratio = [](const ScenarioReport &r) {
            return double(sumHost(r, &HostCounters::npCnpSent))
                / double(sumHost(r, &HostCounters::npEcnMarkedRocePackets));
        };
        QVERIFY2(ratio(two) > 0.5 && ratio(two) < 0.9, qPrintable(QString::number(ratio(two))));
        QVERIFY2(ratio(ten) > 0.15 && ratio(ten) < 0.35, qPrintable(QString::number(ratio(ten))));
    }

    void rdmaAgainstTcpOn10G()
    {
        const ScenarioReport r = run(QStringLiteral("rdma-vs-tcp"));
        const double rdma = r.extra.value(QStringLiteral("rdma_gbps")).toDouble();
        const double tcp = r.extra.value(QStringLiteral("tcp_gbps")).toDouble();
        // The seeds: 9.23 vs 4.67 Gb/s; 14.37 vs 161 us.
        QVERIFY2(rdma > 9.0 && rdma < 9.4, qPrintable(QString::number(rdma)));
        QVERIFY2(tcp > 4.4 && tcp < 5.0, qPrintable(QString::number(tcp)));
        QCOMPARE(r.latency.size(), 2);
        QVERIFY2(r.latency[0].avgUs > 13 && r.latency[0].avgUs < 16,
                 qPrintable(QString::number(r.latency[0].avgUs)));
        QVERIFY2(r.latency[1].avgUs > 150 && r.latency[1].avgUs < 170,
                 qPrintable(QString::number(r.latency[1].avgUs)));
        QVERIFY(r.latency[0].iterations >= 100);
    }

    void sameSeedSameCounters()
    {
        auto strip = [](ScenarioReport r) {
            QJsonObject o = reportToJson(r);
            o.remove(QStringLiteral("wall_seconds"));
            return QJsonDocument(o).toJson(QJsonDocument::Compact);
        };
        const QByteArray a = strip(run(QStringLiteral("dcqcn-incast"), 0.01, 7));
        const QByteArray b = strip(run(QStringLiteral("dcqcn-incast"), 0.01, 7));
        QCOMPARE(a, b);
        const QByteArray c = strip(run(QStringLiteral("dcqcn-incast"), 0.01, 8));
        QVERIFY(a != c);  // the seed drives the marking RNG
    }

    void unknownScenarioAndPresetAreErrors()
    {
        ScenarioOptions o;
        auto r = runScenario(QStringLiteral("nope"), o);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, roce::ErrorCode::NotFound);
        QVERIFY(r.error().message.contains(QStringLiteral("pfc-incast")));
        o.preset = QStringLiteral("mellanox");
        r = runScenario(QStringLiteral("pfc-incast"), o);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, roce::ErrorCode::InvalidArgument);
    }
};

QTEST_GUILESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
