// Unit tests of the fabric model: reaction point arithmetic, counters, topologies, faults.
#include "sim/engine/makefabric.h"
#include "sim/engine/packetfabric.h"
#include "sim/engine/reactionpoint.h"

#include <QTest>

#include <type_traits>

using namespace roce::sim;

namespace {
quint64 ce(const Fabric &f, int host)
{
    return f.hostCounters(host).npEcnMarkedRocePackets;
}
}  // namespace

class TestFabric : public QObject
{
    Q_OBJECT

private slots:
    void nvidiaReactionPointCutsByAlphaCappedAtHalf()
    {
        const DcqcnParams p = *dcqcnPreset(QStringLiteral("nvidia"));
        ReactionPoint rp(&p, 100 * kGbps);
        QCOMPARE(rp.currentRate(), 100 * kGbps);
        rp.onCnp(0);
        QCOMPARE(rp.alpha1024(), 1023);
        rp.runTimers(3 * kNsPerUs);
        QCOMPARE(rp.currentRate(), 100 * kGbps);  // the decrease waits for its 4 us period
        rp.runTimers(4 * kNsPerUs);
        // alpha ~ 1 (decayed for 4 us): cut = min(RC*alpha/2, 50 % of RC) ~ 49 %.
        QVERIFY(rp.currentRate() < 52 * kGbps && rp.currentRate() >= 50 * kGbps);
        // Without CNPs alpha decays (G = 1019/1024 every 1 us): ~205 us time constant.
        rp.runTimers(500 * kNsPerUs);
        QVERIFY2(rp.alpha1024() < 120, qPrintable(QString::number(rp.alpha1024())));
        // ... and the rate recovers towards line rate through the increase timer.
        const RateBps before = rp.currentRate();
        rp.runTimers(5 * kNsPerMs);
        QVERIFY(rp.currentRate() > before);
        QVERIFY(rp.currentRate() <= 100 * kGbps);
    }

    void paperReactionPointCutsAtOnce()
    {
        const DcqcnParams p = *dcqcnPreset(QStringLiteral("paper2015"));
        ReactionPoint rp(&p, 40 * kGbps);
        rp.onCnp(0);
        QCOMPARE(rp.currentRate(), 20 * kGbps);  // RC * (1 - alpha/2), alpha = 1
        QCOMPARE(rp.targetRate(), 40 * kGbps);
        rp.onCnp(1 * kNsPerUs);
        QVERIFY(rp.currentRate() < 10100 * kMbps && rp.currentRate() > 9900 * kMbps);
        // Fast recovery halves the distance to RT every 55 us.
        const RateBps rc = rp.currentRate();
        rp.runTimers(1 * kNsPerUs + 55 * kNsPerUs);
        QCOMPARE(rp.currentRate(), (rc + rp.targetRate()) / 2);
    }

    void eachNicRunsItsOwnDcqcn_data()
    {
        QTest::addColumn<int>("engine");
        QTest::addRow("packet") << int(FabricEngine::Packet);
        QTest::addRow("fluid") << int(FabricEngine::Fluid);
    }

    /// A NIC's own reaction point settings drive only the flows it sends.
    void eachNicRunsItsOwnDcqcn()
    {
        QFETCH(int, engine);
        ModelParams p;
        p.engine = FabricEngine(engine);
        p.sw.wred.kmin = 20 * 1000;
        p.sw.wred.kmax = 200 * 1000;
        // Two senders into one receiver; with @p slowHost0, host 0 recovers from a cut ten
        // times slower than host 1. Bytes each delivered in 50 ms.
        auto run = [&](bool slowHost0) {
            const auto fabric = makeFabric(starFabric(3, 100 * kGbps), p);
            if (slowHost0) {
                DcqcnParams slow = fabric->hostDcqcn(0);
                slow.timeReset *= 10;
                fabric->setHostDcqcn(0, slow);
                [&] { QCOMPARE(fabric->hostDcqcn(1).timeReset, p.dcqcn.timeReset); }();
            }
            const int a = fabric->startFlow(0, 2);
            const int b = fabric->startFlow(1, 2);
            fabric->runFor(50 * kNsPerMs);
            return std::make_pair(double(fabric->flowStats(a).goodputBytes),
                                  double(fabric->flowStats(b).goodputBytes));
        };
        const auto alike = run(false);
        const auto apart = run(true);
        const QString figures = QStringLiteral("alike %1 / %2, apart %3 / %4 bytes")
                                    .arg(alike.first)
                                    .arg(alike.second)
                                    .arg(apart.first)
                                    .arg(apart.second);
        // NVIDIA's DCQCN shares unevenly for a while even between alike NICs (REFERENCE-DCQCN
        // §7 S1): the slow NIC's share must fall well below what it is then.
        const double shareAlike = alike.first / alike.second;
        const double shareApart = apart.first / apart.second;
        QVERIFY2(alike.first > 0 && apart.first > 0, qPrintable(figures));
        QVERIFY2(shareApart < 0.85 * shareAlike, qPrintable(figures));
    }

    void counterWidthsFollowTheDevices()
    {
        // mlx5 Q counters are 32-bit (wrap at 2^32); congestion and PMA counters 64-bit.
        static_assert(std::is_same_v<decltype(HostCounters::outOfSequence), quint32>);
        static_assert(std::is_same_v<decltype(HostCounters::packetSeqErr), quint32>);
        static_assert(std::is_same_v<decltype(HostCounters::npCnpSent), quint64>);
        static_assert(std::is_same_v<decltype(HostCounters::portXmitData), quint64>);
        PacketFabric f(starFabric(2, 25 * kGbps), ModelParams {});
        f.startFlow(0, 1);
        f.runFor(2 * kNsPerMs);
        const HostCounters tx = f.hostCounters(0);
        // port_xmit_data counts 4-byte words (REFERENCE-FORMATS §1.2).
        QVERIFY(tx.portXmitData > 0);
        QVERIFY(qAbs(qint64(tx.portXmitData * 4) - qint64(tx.txVportRdmaUnicastBytes)) < 4);
        // 25G for 2 ms of frames: ~6.2 MB (+-3 %).
        QVERIFY(qAbs(double(tx.txVportRdmaUnicastBytes) - 25e9 / 8 * 2e-3 * 4158 / 4178)
                < 0.03 * 6.2e6);
        const HostCounters rx = f.hostCounters(1);
        QVERIFY(rx.portRcvPackets > 0);
        QVERIFY(rx.portRcvPackets <= tx.portXmitPackets);
    }

    void referenceFabricSharesHypervisorUplinks()
    {
        const FabricSpec spec = referenceFabric();
        QCOMPARE(spec.hosts.size(), 8);
        QCOMPARE(spec.switches.size(), 1);
        auto portOf = [&](const char *host) {
            const int nic = spec.hosts[spec.hostIndex(QLatin1String(host))].nicPort;
            return spec.switchPorts[spec.nicPorts[nic].switchPort].name;
        };
        QCOMPARE(portOf("ubunturdma1"), QStringLiteral("Ethernet1/2/2"));
        QCOMPARE(portOf("ubunturdma2"), QStringLiteral("Ethernet1/2/1"));
        QCOMPARE(portOf("ubunturdma5"), QStringLiteral("Ethernet1/1/1"));
        QCOMPARE(portOf("ubunturdma6"), QStringLiteral("Ethernet1/1/2"));
        QCOMPARE(portOf("ubunturdma8"), QStringLiteral("Ethernet1/1/1"));
        const int b1 = spec.hosts[spec.hostIndex(QStringLiteral("ubunturdma5"))].nicPort;
        QCOMPARE(spec.hostsOnNicPort(b1).size(), 3);  // 5, 7 and 8 behind one ESXi uplink
        QCOMPARE(spec.hosts[0].rdmaDevice, QStringLiteral("rocep19s0"));
        QCOMPARE(spec.hosts[1].netdev, QStringLiteral("ens192"));
    }

    void railFabricRoutesThroughSpines()
    {
        const FabricSpec spec = railFabric(64, 2, 2, 2, 100 * kGbps, 32);
        QCOMPARE(spec.hosts.size(), 128);
        QCOMPARE(spec.switches.size(), 2 + 2 * 2);  // 2 spines, 2 rails x 2 leaves
        PacketFabric f(spec, ModelParams {});
        // gpu0001-nic0 -> gpu0040-nic0: same rail, different leaf: via a spine (3 hops).
        const int a = spec.hostIndex(QStringLiteral("gpu0001-nic0"));
        const int b = spec.hostIndex(QStringLiteral("gpu0040-nic0"));
        QVERIFY(a >= 0 && b >= 0);
        const int flow = f.startFlow(a, b);
        const int local = f.startFlow(spec.hostIndex(QStringLiteral("gpu0002-nic1")),
                                      spec.hostIndex(QStringLiteral("gpu0003-nic1")));
        f.runFor(1 * kNsPerMs);
        QVERIFY(f.flowStats(flow).goodputBytes > 10'000'000);
        QVERIFY(f.flowStats(local).goodputBytes > 10'000'000);
        quint64 spineTx = 0;
        for (int p = 0; p < spec.switchPorts.size(); ++p) {
            if (spec.switches[spec.switchPorts[p].switchIndex].role == QLatin1String("spine"))
                spineTx += f.switchPortCounters(p).txBytes;
        }
        QVERIFY(spineTx > 10'000'000);
    }

    void trainingMarksDuringAllReduceOnly()
    {
        ModelParams p;
        p.roceMtu = 1024;
        p.sw.pfcMode = PfcThresholdMode::Dynamic;
        PacketFabric f(referenceFabric(), p);
        TrainingOptions t;
        t.ranks = {0, 1, 2, 3, 4, 5, 6, 7};
        t.gradientBytes = 40LL * 1000 * 1000;
        t.computeTime = 30 * kNsPerMs;
        t.iterations = 2;
        const int job = f.startTraining(t);
        auto totalCe = [&] {
            quint64 s = 0;
            for (int h = 0; h < 8; ++h)
                s += ce(f, h);
            return s;
        };
        // Compute phase of iteration 0: no traffic, no marks.
        f.runUntil(29 * kNsPerMs);
        QCOMPARE(totalCe(), 0ull);
        while (!f.trainingFinished(job) && f.now() < 2 * kNsPerSec)
            f.runFor(1 * kNsPerMs);
        QVERIFY(f.trainingFinished(job));
        const auto its = f.trainingIterations(job);
        QCOMPARE(its.size(), 2);
        const quint64 afterRun = totalCe();
        QVERIFY2(afterRun > 0, "all-reduce through the shared uplink must be ECN-marked");
        QCOMPARE(its[1].allReduceStart - its[1].start, 30 * kNsPerMs);
        QVERIFY(its[1].end > its[1].allReduceStart);
        // Idle afterwards: marks stop.
        f.runFor(10 * kNsPerMs);
        QCOMPARE(totalCe(), afterRun);
    }

    void linkDownStallsFlowsAndTimesOut()
    {
        ModelParams p;
        p.timing.ackTimeout = 1 * kNsPerMs;  // shorter than the default 67 ms, for the test
        PacketFabric f(starFabric(2, 25 * kGbps), p);
        const int flow = f.startFlow(0, 1);
        f.runFor(1 * kNsPerMs);
        const Bytes before = f.flowStats(flow).goodputBytes;
        f.setLinkUp(1, false);  // the receiver's cable
        QVERIFY(!f.switchPortCounters(1).operUp);
        QVERIFY(!f.hostCounters(1).linkUp);
        QCOMPARE(f.hostCounters(1).linkDowned, 1ull);
        f.runFor(5 * kNsPerMs);
        QVERIFY(f.flowStats(flow).goodputBytes - before < 20'000);  // at most what was in flight
        QVERIFY(f.hostCounters(0).localAckTimeoutErr >= 3);
        f.setLinkUp(1, true);
        f.runFor(5 * kNsPerMs);
        QVERIFY(f.flowStats(flow).goodputBytes - before > 5'000'000);  // recovered
    }

    void stalledNicPausesTheSwitch()
    {
        PacketFabric f(starFabric(3, 25 * kGbps), ModelParams {});
        f.startFlow(0, 2);
        f.runFor(1 * kNsPerMs);
        const int nic = f.spec().hosts[2].nicPort;
        f.setNicStalled(nic, true);
        f.runFor(10 * kNsPerMs);
        const SwitchPortCounters toStalled = f.switchPortCounters(2);
        QVERIFY2(toStalled.rxPpp > 10,
                 qPrintable(QString::number(toStalled.rxPpp)));  // NIC -> switch
        QVERIFY(f.hostCounters(2).txPrioPause[3] > 10);
        // The storm spreads: the sender's ingress port pauses the sender.
        QVERIFY(f.switchPortCounters(0).txPpp > 0);
        QVERIFY(f.hostCounters(0).rxPrioPause[3] > 0);
    }

    void pauseDurationCountsEachPauseOnce()
    {
        // 7 -> 1 with PFC and no ECN: every sender is paused most of the time. Its
        // rx_prio3_pause_duration must stay within the time that passed (each XOFF..XON
        // counted once), and both models count it the same way.
        for (FabricEngine engine : {FabricEngine::Packet, FabricEngine::Fluid}) {
            ModelParams p;
            p.engine = engine;
            p.sw.wred.enabled = false;
            auto f = makeFabric(starFabric(8, 100 * kGbps), p);
            for (int i = 0; i < 7; ++i)
                f->startFlow(i, 7);
            const TimeNs run = 50 * kNsPerMs;
            f->runFor(run);
            for (int i = 0; i < 7; ++i) {
                const quint64 pausedUs = f->hostCounters(i).rxPrioPauseDurationUs[3];
                QVERIFY2(pausedUs > quint64(run / kNsPerUs) / 4,
                         qPrintable(QString::number(pausedUs)));
                QVERIFY2(pausedUs <= quint64(run / kNsPerUs),
                         qPrintable(QString::number(pausedUs)));
            }
        }
    }

    void pfcOnWrongCosIsNotLossless()
    {
        PacketFabric f(starFabric(8, 100 * kGbps), ModelParams {});
        SwitchQosConfig q = f.qosConfig();
        q.noDropPfcCos = 4;  // `pause pfc-cos 4` while RoCE rides priority 3
        f.setQosConfig(q);
        for (int i = 0; i < 7; ++i)
            f.startFlow(i, 7);
        f.runFor(5 * kNsPerMs);
        quint64 drops = 0, pauses = 0, hostPauses = 0, ctrl = 0;
        for (int i = 0; i < 7; ++i) {
            drops += f.switchPortCounters(i).ingressMmuDropPkts;
            pauses += f.switchPortCounters(i).cosTxPause[4];
            hostPauses += f.hostCounters(i).rxPrioPause[3];
            ctrl += f.hostCounters(i).rxPauseCtrlPhy;
        }
        QVERIFY(pauses > 0);         // the switch does send PFC, for CoS 4
        QVERIFY(ctrl > 0);           // the NICs receive the frames ...
        QCOMPARE(hostPauses, 0ull);  // ... but do not pause priority 3
        QVERIFY(drops > 1000);       // so the headroom overflows: MMU drops despite "PFC on"
    }

    void dscpMismatchLandsInTheLossyClass()
    {
        PacketFabric f(starFabric(8, 100 * kGbps), ModelParams {});
        for (int h = 0; h < 8; ++h) {
            HostConfig c = f.hostConfig(h);
            c.roceDscp = 34;  // the switch class-map matches 24/26 only
            f.setHostConfig(h, c);
        }
        for (int i = 0; i < 7; ++i)
            f.startFlow(i, 7);
        f.runFor(5 * kNsPerMs);
        QCOMPARE(f.flowStats(0).qosGroup, 0);
        const SwitchPortCounters rx = f.switchPortCounters(7);
        QVERIFY(rx.qosDropPkts[0] > 1000);  // tail drops in the default class
        QCOMPARE(rx.qosTxPkts[3], 0ull);
        quint64 pauses = 0;
        for (int i = 0; i < 7; ++i)
            pauses += f.switchPortCounters(i).txPpp;
        QCOMPARE(pauses, 0ull);  // no PFC protection at all
    }

    void ecnOffOnAdapterIgnoresCnps()
    {
        PacketFabric f(starFabric(8, 100 * kGbps), ModelParams {});
        HostConfig c = f.hostConfig(0);
        c.ecnRpPrios = 0;  // roce_rp disabled on host1
        f.setHostConfig(0, c);
        for (int i = 0; i < 7; ++i)
            f.startFlow(i, 7);
        f.runFor(10 * kNsPerMs);
        QVERIFY(f.hostCounters(0).rpCnpIgnored > 0);
        QCOMPARE(f.hostCounters(0).rpCnpHandled, 0ull);
        QVERIFY(f.hostCounters(1).rpCnpHandled > 0);
        QCOMPARE(f.flowStats(0).currentRate, 100 * kGbps);  // never slowed down
    }

    void queueMeanIsATimeMean_data()
    {
        QTest::addColumn<int>("engine");
        QTest::addRow("packet") << int(FabricEngine::Packet);
        QTest::addRow("fluid") << int(FabricEngine::Fluid);
    }

    void queueMeanIsATimeMean()
    {
        // 10 ms idle (both engines jump over it), then 1 ms of a 2:1 incast: the mean is
        // over all 1,100 steps, not only the ones that were stepped.
        QFETCH(int, engine);
        ModelParams p;
        p.engine = FabricEngine(engine);
        p.timing.dt = 10 * kNsPerUs;
        auto f = makeFabric(starFabric(3, 25 * kGbps), p);
        f->runFor(10 * kNsPerMs);
        f->startFlow(0, 2);
        f->startFlow(1, 2);
        f->runFor(1 * kNsPerMs);
        const QueueStats q = f->queueStats(2);
        QCOMPARE(q.samples, qint64(1100));
        QVERIFY(q.maxBytes > 0);
        QVERIFY(q.meanBytes > 0 && q.meanBytes < double(q.maxBytes) / 5);
    }

    void pfcWatchdogBreaksAStorm()
    {
        PacketFabric f(starFabric(3, 25 * kGbps), ModelParams {});
        f.setPfcWatchdog(true);
        f.startFlow(0, 2);
        f.runFor(1 * kNsPerMs);
        f.setNicStalled(f.spec().hosts[2].nicPort, true);
        f.runFor(300 * kNsPerMs);
        const SwitchPortCounters c = f.switchPortCounters(2);
        QVERIFY(c.watchdogShutdowns >= 1);
        QVERIFY(c.watchdogDroppedPkts > 0);
    }
};

QTEST_GUILESS_MAIN(TestFabric)
#include "tst_fabric.moc"
