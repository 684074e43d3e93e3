// The flow-level (fluid) model against the packet model on the reference scenarios, its
// determinism whatever the thread count, ECMP with a polarized hash, and faults on a
// 1,024-host rail fabric. The agreement tolerances are stated in kTolerances and in the
// README; the test prints the table it checks.
#include "sim/engine/counterdigest.h"
#include "sim/engine/fabric.h"
#include "sim/engine/fluidfabric.h"
#include "sim/engine/makefabric.h"
#include "sim/scenarios/fabricnames.h"
#include "sim/scenarios/livescenario.h"
#include "sim/scenarios/livesteps.h"
#include "sim/scenarios/scenario.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace roce::sim;

namespace {

/// What a scenario's outcome looks like on the counters an engineer reads.
struct Signature {
    double mmuDrops = 0;                     ///< Ingress MMU drop packets, all ports
    double egressDrops = 0;                  ///< WRED drops of the queues, all ports
    double ackTimeouts = 0;                  ///< local_ack_timeout_err, all hosts
    double pauses = 0;                       ///< PFC frames the switch sent (TxPPP), all ports
    double ceMarks = 0;                      ///< np_ecn_marked_roce_packets, all hosts
    double cnps = 0;                         ///< np_cnp_sent, all hosts
    double queueMeanKb = 0, queueMaxKb = 0;  ///< RoCE queue of the busiest port
    double goodputGbps = 0;
    double jain = 0;
    QList<double> shares;  ///< each bulk flow's share of the goodput
    double allReduceMs = 0;
};

ScenarioReport run(const QString &name, FabricEngine engine, double seconds)
{
    ScenarioOptions o;
    o.engine = engine;
    o.duration = TimeNs(seconds * double(kNsPerSec));
    auto r = runScenario(name, o);
    if (!r.ok())
        qFatal("scenario %s failed: %s", qPrintable(name), qPrintable(r.error().message));
    return std::move(r).value();
}

Signature signatureOf(const ScenarioReport &r)
{
    Signature s;
    for (const PortReport &p : r.ports) {
        s.mmuDrops += double(p.delta.ingressMmuDropPkts);
        for (quint64 d : p.delta.qosDropPkts)
            s.egressDrops += double(d);
        s.pauses += double(p.delta.txPpp);
        s.queueMeanKb = std::max(s.queueMeanKb, p.roceQueue.meanBytes / 1000);
        s.queueMaxKb = std::max(s.queueMaxKb, double(p.roceQueue.maxBytes) / 1000);
    }
    for (const HostReport &h : r.hosts) {
        s.ceMarks += double(h.delta.npEcnMarkedRocePackets);
        s.cnps += double(h.delta.npCnpSent);
        s.ackTimeouts += double(h.delta.localAckTimeoutErr);
    }
    s.goodputGbps = r.aggregateGbps;
    s.jain = r.jain;
    for (const FlowReport &f : r.flows)
        s.shares.append(r.aggregateGbps > 0 ? f.goodputGbps / r.aggregateGbps : 0.0);
    s.allReduceMs = r.extra.value(QStringLiteral("mean_allreduce_ms")).toDouble();
    return s;
}

/// Relative difference, with an absolute floor under which counts are noise.
bool close(double packet, double fluid, double relative, double floor = 0)
{
    if (std::max(packet, fluid) <= floor)
        return true;
    return std::abs(fluid - packet) <= relative * std::max(packet, fluid);
}

/// The stated tolerances of the fluid model against the packet model.
struct Tolerances {
    double drops = 0.05;      ///< Ingress MMU drops, WRED drops
    double timeouts = 0.25;   ///< ACK timeouts (a resend lost: the receiver NAKs a gap once)
    double pauses = 0.30;     ///< PFC frames (the fluid model has no packet granularity)
    double marks = 0.25;      ///< CE marks and CNPs
    double queueMean = 0.15;  ///< mean RoCE queue of the busiest port
    double queueMax = 0.45;   ///< its peak (the start-up burst)
    double goodput = 0.03;    ///< aggregate goodput
    double share = 0.12;      ///< any flow's share (fair-2to1 converges over ~0.5 s)
    double allReduce = 0.05;  ///< mean all-reduce time of the training ring
};
constexpr Tolerances kTolerances;

/// The fluid model as the rail fabrics run it: 10 us steps, dynamic pause thresholds.
ModelParams railParams(bool express = true, int threads = 1)
{
    ModelParams p;
    p.engine = FabricEngine::Fluid;
    p.expressFlows = express;
    p.threads = threads;
    p.timing.dt = 10 * kNsPerUs;
    p.sw.pfcMode = PfcThresholdMode::Dynamic;
    return p;
}

/// An uplink of the leaf of NIC @p nic that has carried traffic; -1 when none has.
int busyUplinkOf(const Fabric &f, int nic)
{
    const FabricSpec &spec = f.spec();
    const int leaf
        = spec.switchPorts[spec.nicPorts[spec.hosts[nic].nicPort].switchPort].switchIndex;
    for (int port = 0; port < spec.switchPorts.size(); ++port) {
        const SwitchPortSpec &sp = spec.switchPorts[port];
        if (sp.switchIndex == leaf && sp.peerKind == PeerKind::SwitchPort
            && f.switchPortCounters(port).txBytes > 0)
            return port;
    }
    return -1;
}

/// The ports of switch @p name that lead to other switches (a leaf's uplinks), in port order.
QList<int> uplinksOf(const FabricSpec &spec, const QString &name)
{
    QList<int> ports;
    for (int port = 0; port < spec.switchPorts.size(); ++port) {
        const SwitchPortSpec &sp = spec.switchPorts[port];
        if (spec.switches[sp.switchIndex].name == name && sp.peerKind == PeerKind::SwitchPort)
            ports.append(port);
    }
    return ports;
}

}  // namespace

class TestFluidFabric : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithThePacketModel_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<double>("seconds");
        // 0: pause frames within the stated tolerance. Else both engines pause, within this
        // factor: where the queue WRED holds sits at the pause threshold, how often the
        // threshold is crossed is the step's resolution (the band is 3 KB, a step 31 KB).
        QTest::addColumn<double>("pausesWithin");
        QTest::newRow("lossy-incast") << QStringLiteral("lossy-incast") << 0.1 << 0.0;
        QTest::newRow("pfc-incast") << QStringLiteral("pfc-incast") << 0.1 << 0.0;
        QTest::newRow("dcqcn-incast") << QStringLiteral("dcqcn-incast") << 0.1 << 0.0;
        QTest::newRow("fair-2to1") << QStringLiteral("fair-2to1") << 0.1 << 0.0;
        QTest::newRow("training") << QStringLiteral("training") << 1.0 << 0.0;
        QTest::newRow("wred-drop-incast") << QStringLiteral("wred-drop-incast") << 1.0 << 3.0;
        QTest::newRow("static-pause-incast") << QStringLiteral("static-pause-incast") << 1.0 << 0.0;
        QTest::newRow("wred-drop-training") << QStringLiteral("wred-drop-training") << 2.0 << 0.0;
    }

    void agreesWithThePacketModel()
    {
        QFETCH(QString, scenario);
        QFETCH(double, seconds);
        QFETCH(double, pausesWithin);
        const Signature p = signatureOf(run(scenario, FabricEngine::Packet, seconds));
        const Signature f = signatureOf(run(scenario, FabricEngine::Fluid, seconds));
        qInfo("%-13s packet / fluid: drops %.0f / %.0f, WRED drops %.0f / %.0f, ACK timeouts "
              "%.0f / %.0f, TxPPP %.0f / %.0f, CE %.0f / %.0f, "
              "CNP %.0f / %.0f, queue mean %.0f / %.0f KB, max %.0f / %.0f KB, goodput %.2f / "
              "%.2f Gb/s, all-reduce %.1f / %.1f ms",
              qPrintable(scenario), p.mmuDrops, f.mmuDrops, p.egressDrops, f.egressDrops,
              p.ackTimeouts, f.ackTimeouts, p.pauses, f.pauses, p.ceMarks, f.ceMarks, p.cnps,
              f.cnps, p.queueMeanKb, f.queueMeanKb, p.queueMaxKb, f.queueMaxKb, p.goodputGbps,
              f.goodputGbps, p.allReduceMs, f.allReduceMs);
        const Tolerances &t = kTolerances;
        QVERIFY2(close(p.mmuDrops, f.mmuDrops, t.drops, 100), "Ingress MMU drops");
        QVERIFY2(close(p.egressDrops, f.egressDrops, t.drops, 100), "WRED drops");
        QVERIFY2(close(p.ackTimeouts, f.ackTimeouts, t.timeouts, 4), "ACK timeouts");
        if (pausesWithin > 0)
            QVERIFY2(p.pauses > 0 && f.pauses > 0
                         && std::max(p.pauses, f.pauses)
                             <= pausesWithin * std::min(p.pauses, f.pauses),
                     "PFC frames");
        else
            QVERIFY2(close(p.pauses, f.pauses, t.pauses, 20), "PFC frames");
        QVERIFY2(close(p.ceMarks, f.ceMarks, t.marks, 50), "CE marks");
        QVERIFY2(close(p.cnps, f.cnps, t.marks, 50), "CNPs");
        QVERIFY2(close(p.queueMeanKb, f.queueMeanKb, t.queueMean, 5), "mean queue");
        QVERIFY2(close(p.queueMaxKb, f.queueMaxKb, t.queueMax, 5), "peak queue");
        QVERIFY2(close(p.goodputGbps, f.goodputGbps, t.goodput, 1), "aggregate goodput");
        QCOMPARE(f.shares.size(), p.shares.size());
        if (p.goodputGbps > 1 && f.goodputGbps > 1) {
            for (qsizetype i = 0; i < p.shares.size(); ++i)
                QVERIFY2(std::abs(p.shares[i] - f.shares[i]) <= t.share, "a flow's share");
        }
        QVERIFY2(close(p.allReduceMs, f.allReduceMs, t.allReduce), "all-reduce time");
    }

    void sameCountersWhateverTheThreadCount()
    {
        // A 256-host rail fabric with the large demo's workload (training ring and incast)
        // plus 2:1 bulk into half the NICs (every flow steps, over a thousand busy queues: the
        // phases split over the threads), stepped by one thread and by two: every counter
        // must be identical.
        int stepped = 0;
        auto runWith = [&stepped](int threads) {
            const ModelParams p = railParams(true, threads);
            auto f = std::make_unique<FluidFabric>(railFabric(256, 8, 8, 8, 100 * kGbps), p);
            live::startRailWorkload(*f);
            live::startTwoToOneBulk(*f);
            f->runFor(10 * kNsPerMs);
            stepped = f->steppedFlowCount();
            return f;
        };
        const auto one = runWith(1);
        const auto two = runWith(2);
        QCOMPARE(QString::number(counterDigest(*two), 16),
                 QString::number(counterDigest(*one), 16));
        quint64 busyPorts = 0, marks = 0;
        for (int i = 0; i < one->spec().switchPorts.size(); ++i) {
            const SwitchPortCounters c = one->switchPortCounters(i);
            busyPorts += c.txBytes > 0 ? 1 : 0;
            marks += c.qosEcnPkts[ClassRoce];
        }
        // Not vacuous: thousands of flows stepped through many ports, and queues marked.
        QVERIFY2(stepped >= 4096, qPrintable(QString::number(stepped)));
        QVERIFY2(busyPorts > 2000, qPrintable(QString::number(busyPorts)));
        QVERIFY(marks > 1000);
    }

    void expressFlowsCountAsSteppedOnes_data()
    {
        QTest::addColumn<int>("slices");
        QTest::addColumn<bool>("uplinkDown");
        QTest::newRow("one run") << 1 << false;
        // Read between runs: the ring that moves as one catches up its flows mid-chunk.
        QTest::newRow("17 runs, read between them") << 17 << false;
        // The ring's uplink out of the first leaf goes down halfway: its flow moves.
        QTest::newRow("2 runs, an uplink of the ring down between them") << 2 << true;
    }
    void expressFlowsCountAsSteppedOnes()
    {
        // The large demo's workload with and without the express path: flows alone on their
        // path move by arithmetic (the training ring chunk by chunk as one), and every counter
        // and every iteration comes out as if they had stepped.
        QFETCH(int, slices);
        QFETCH(bool, uplinkDown);
        int downed = -1;
        auto runWith = [slices, uplinkDown, &downed](bool express) {
            const ModelParams p = railParams(express);
            auto f = makeFabric(railFabric(256, 8, 8, 8, 100 * kGbps), p);
            live::startRailWorkload(*f);
            const TimeNs span = 60 * kNsPerMs;
            for (int i = 1; i <= slices; ++i) {
                f->runUntil(span * i / slices);
                f->switchPortCounters(0);  // a read between runs
                if (uplinkDown && i == 1) {
                    downed = busyUplinkOf(*f, 31 * 8);
                    f->setLinkUp(downed, false);
                }
            }
            return f;
        };
        const auto stepped = runWith(false);
        const auto express = runWith(true);
        QCOMPARE(downed >= 0, uplinkDown);
        const QList<TrainingIteration> steppedRuns = stepped->trainingIterations(0);
        const QList<TrainingIteration> expressRuns = express->trainingIterations(0);
        QCOMPARE(expressRuns.size(), steppedRuns.size());
        QVERIFY(steppedRuns.size() >= 2);
        for (int i = 0; i < steppedRuns.size(); ++i) {
            QCOMPARE(expressRuns[i].allReduceStart, steppedRuns[i].allReduceStart);
            QCOMPARE(expressRuns[i].end, steppedRuns[i].end);
        }
        for (int id = 0; id < stepped->flowCount(); ++id) {
            QCOMPARE(express->flowStats(id).txBytes, stepped->flowStats(id).txBytes);
            QCOMPARE(express->flowStats(id).rxBytes, stepped->flowStats(id).rxBytes);
        }
        QCOMPARE(QString::number(counterDigest(*express), 16),
                 QString::number(counterDigest(*stepped), 16));
    }

    void sharedExpressGroupsCountAsSteppedOnes()
    {
        // Bulk flows that share NICs and ports without a queue anywhere (every NIC sends two
        // flows and receives two, at half the line each) are a fixed point: they move by
        // arithmetic as a group. An incast that lands on the group later, and flows stopped in
        // it, send it back to stepping. Every counter comes out as if it had stepped all along.
        QFETCH(int, flowsPerNic);
        QFETCH(int, change);
        auto runWith = [&](bool express, int *steppedEarly, int *steppedLate) {
            const ModelParams p = railParams(express);
            auto fabric = std::make_unique<FluidFabric>(railFabric(64, 8, 8, 8, 100 * kGbps), p);
            live::startNeighbourBulk(*fabric, flowsPerNic);
            fabric->runFor(10 * kNsPerMs);
            *steppedEarly = fabric->steppedFlowCount();
            if (change == 1) {
                for (int h = 1; h < 8; ++h)
                    fabric->startFlow(h * 8, 0);  // 7 -> 1 onto NIC 0
            } else if (change == 2) {
                for (int id = 0; id < 120; id += 3)
                    fabric->stopFlow(id);
            }
            fabric->runFor(10 * kNsPerMs);
            *steppedLate = fabric->steppedFlowCount();
            return fabric;
        };
        int early = 0, late = 0, expressEarly = 0, expressLate = 0;
        const auto stepped = runWith(false, &early, &late);
        const auto express = runWith(true, &expressEarly, &expressLate);
        const int flows = stepped->flowCount();
        QCOMPARE(early, 512 * flowsPerNic);  // without the express path, every flow steps
        QVERIFY(late > 0);
        QCOMPARE(expressEarly, 0);  // the whole fabric's load moved by arithmetic
        if (change == 1)
            QVERIFY2(expressLate > 0, "the incast's group steps");
        // Every port's and host's counters, as a digest of them all.
        QCOMPARE(QString::number(counterDigest(*express), 16),
                 QString::number(counterDigest(*stepped), 16));
        double marks = 0, received = 0;
        for (int i = 0; i < stepped->spec().switchPorts.size(); ++i)
            marks += double(stepped->switchPortCounters(i).qosEcnPkts[ClassRoce]);
        for (int h = 0; h < stepped->spec().hosts.size(); ++h)
            received += double(stepped->hostCounters(h).portRcvData) * 4;
        for (int id = 0; id < flows; ++id)
            QCOMPARE(express->flowStats(id).rxBytes, stepped->flowStats(id).rxBytes);
        // Not vacuous: 512 NICs received at line rate for 20 ms, and the incast marked.
        QVERIFY2(received > 0.9 * 512 * 100e9 / 8 * 0.02 * (change == 2 ? 0.9 : 1.0),
                 qPrintable(QString::number(received)));
        if (change == 1)
            QVERIFY(marks > 100);
    }
    void randomLoadsCountAsStepped_data()
    {
        QTest::addColumn<unsigned>("seed");
        for (unsigned seed : {11u, 23u, 47u})
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    }
    void randomLoadsCountAsStepped()
    {
        // Loads not chosen to suit the express path: flows between NICs drawn at random, a
        // third of them sized, in three waves, some stopped, beside bulk between neighbours
        // (groups that can go express until a random flow lands on them). With and without the
        // express path, every counter and every flow's bytes must agree.
        QFETCH(unsigned, seed);
        int expressSome = 0;
        auto runWith = [seed, &expressSome](bool express) {
            const ModelParams p = railParams(express);
            auto f = std::make_unique<FluidFabric>(railFabric(64, 8, 8, 8, 100 * kGbps), p);
            std::mt19937 draw(seed);
            const int nics = int(f->spec().hosts.size());
            live::startNeighbourBulk(*f, 1);
            for (int wave = 0; wave < 3; ++wave) {
                for (int i = 0; i < 40; ++i) {
                    const int src = int(draw() % unsigned(nics));
                    const int dst = (src + 1 + int(draw() % unsigned(nics - 1))) % nics;
                    FlowOptions o;
                    if (draw() % 3 == 0)
                        o.totalBytes = Bytes(100'000 + draw() % 20'000'000);
                    f->startFlow(src, dst, o);
                }
                f->runFor(5 * kNsPerMs);
                if (express && f->steppedFlowCount() < f->flowCount())
                    ++expressSome;
            }
            for (int id = 0; id < f->flowCount(); id += 7)
                f->stopFlow(id);
            f->runFor(5 * kNsPerMs);
            return f;
        };
        const auto stepped = runWith(false);
        const auto express = runWith(true);
        QVERIFY2(expressSome > 0, "some flows moved by arithmetic");
        QCOMPARE(QString::number(counterDigest(*express), 16),
                 QString::number(counterDigest(*stepped), 16));
        for (int id = 0; id < stepped->flowCount(); ++id) {
            QCOMPARE(express->flowStats(id).txBytes, stepped->flowStats(id).txBytes);
            QCOMPARE(express->flowStats(id).rxBytes, stepped->flowStats(id).rxBytes);
        }
    }

    void sharedExpressGroupsCountAsSteppedOnes_data()
    {
        QTest::addColumn<int>("flowsPerNic");
        QTest::addColumn<int>("change");
        QTest::newRow("2 flows a NIC") << 2 << 0;
        QTest::newRow("3 flows a NIC (thirds of the line)") << 3 << 0;
        QTest::newRow("an incast lands on the group") << 2 << 1;
        QTest::newRow("flows stopped in the group") << 2 << 2;
    }

    void polarizedHashMakesOneHotUplink()
    {
        // 16 flows from the servers of one leaf to those of another leaf of the same rail.
        // Hashed per flow they spread over the 8 spines; polarized, one uplink takes them all.
        auto uplinkBytes = [](bool polarized) {
            ModelParams p;
            p.engine = FabricEngine::Fluid;
            p.timing.dt = 10 * kNsPerUs;
            p.sw.pfcMode = PfcThresholdMode::Dynamic;
            auto f = makeFabric(railFabric(64, 1, 1, 8, 100 * kGbps), p);
            f->setEcmpPolarized(polarized);
            for (int i = 0; i < 16; ++i)
                f->startFlow(i, 32 + i);
            f->runFor(20 * kNsPerMs);
            QList<double> bytes;
            for (int port : uplinksOf(f->spec(), QStringLiteral("rail1-leaf1")))
                bytes.append(double(f->switchPortCounters(port).txBytes));
            return bytes;
        };
        const QList<double> spread = uplinkBytes(false);
        const QList<double> polarized = uplinkBytes(true);
        QCOMPARE(spread.size(), 8);
        const auto share = [](const QList<double> &b) {
            double total = 0;
            for (double x : b)
                total += x;
            return *std::max_element(b.begin(), b.end()) / std::max(1.0, total);
        };
        qInfo("busiest uplink's share: per-flow hash %.2f, polarized %.2f", share(spread),
              share(polarized));
        QVERIFY(share(spread) < 0.5);
        QVERIFY(share(polarized) > 0.99);
    }

    void flowsKeepTheUplinkTheyArePlacedOn_data()
    {
        QTest::addColumn<int>("engine");
        QTest::newRow("fluid") << int(FabricEngine::Fluid);
        QTest::newRow("packet") << int(FabricEngine::Packet);
    }

    void flowsKeepTheUplinkTheyArePlacedOn()
    {
        // 8 flows from one leaf to another over 4 spines: hashed, they spread; placed on the
        // third uplink (as a twin places what it saw), all of it goes there, until that uplink
        // goes down and ECMP moves them to the others (the fluid model reroutes).
        QFETCH(int, engine);
        ModelParams p;
        p.engine = FabricEngine(engine);
        p.timing.dt = 10 * kNsPerUs;
        p.sw.pfcMode = PfcThresholdMode::Dynamic;
        auto uplinkBytes = [](const Fabric &f, const QList<int> &uplinks) {
            QList<quint64> bytes;
            for (int port : uplinks)
                bytes.append(f.switchPortCounters(port).txBytes);
            return bytes;
        };
        for (const bool placed : {false, true}) {
            auto f = makeFabric(railFabric(32, 1, 1, 4, 100 * kGbps, 16), p);
            const QList<int> uplinks = uplinksOf(f->spec(), QStringLiteral("rail1-leaf1"));
            QCOMPARE(uplinks.size(), 4);
            FlowOptions options;
            options.uplink = placed ? uplinks[2] : -1;
            for (int i = 0; i < 8; ++i)
                f->startFlow(i, 16 + i, options);
            f->runFor(5 * kNsPerMs);
            const QList<quint64> bytes = uplinkBytes(*f, uplinks);
            const int used
                = int(std::count_if(bytes.begin(), bytes.end(), [](quint64 b) { return b > 0; }));
            if (!placed) {
                QVERIFY2(used >= 2, "hashed flows spread over the spines");
                continue;
            }
            QCOMPARE(used, 1);
            QVERIFY(bytes[2] > 0);
            if (p.engine != FabricEngine::Fluid)
                continue;
            f->setLinkUp(uplinks[2], false);
            f->runFor(5 * kNsPerMs);
            const QList<quint64> after = uplinkBytes(*f, uplinks);
            QCOMPARE(after[2], bytes[2]);  // nothing more over the down uplink
            QVERIFY(after[0] + after[1] + after[3] > bytes[0] + bytes[1] + bytes[3]);
        }
    }

    void faultsOnTheLargeRailFabric()
    {
        ModelParams p;
        p.engine = FabricEngine::Fluid;
        p.timing.dt = 10 * kNsPerUs;
        p.sw.pfcMode = PfcThresholdMode::Dynamic;
        auto f = makeFabric(railFabric(1024, 8, 8, 16, 100 * kGbps), p);
        const FabricSpec &spec = f->spec();
        // A flow from the first server's NIC 0 to a server behind another leaf.
        const int src = 0, dst = 40 * 8;
        const int flow = f->startFlow(src, dst);
        f->runFor(5 * kNsPerMs);
        const Bytes before = f->flowStats(flow).goodputBytes;
        QVERIFY(before > 0);
        // Link down on the uplink it uses: ECMP moves it to another spine, it keeps going.
        int uplink = -1;
        for (int port = 0; port < spec.switchPorts.size() && uplink < 0; ++port) {
            const SwitchPortSpec &sp = spec.switchPorts[port];
            if (sp.switchIndex == spec.switchPorts[spec.nicPorts[0].switchPort].switchIndex
                && sp.peerKind == PeerKind::SwitchPort && f->switchPortCounters(port).txBytes > 0)
                uplink = port;
        }
        QVERIFY(uplink >= 0);
        f->setLinkUp(uplink, false);
        const quint64 upBytes = f->switchPortCounters(uplink).txBytes;
        f->runFor(5 * kNsPerMs);
        QCOMPARE(f->switchPortCounters(uplink).txBytes, upBytes);
        QVERIFY2(f->flowStats(flow).goodputBytes > before + 50'000'000,
                 "the flow moved to another uplink");
        f->setLinkUp(uplink, true);

        // A stalled receiver NIC pauses its leaf port, and the pause reaches the sender.
        f->setNicStalled(spec.hosts[dst].nicPort, true);
        f->runFor(5 * kNsPerMs);
        QVERIFY(f->hostCounters(dst).txPrioPause[3] > 0);
        const int dstPort = spec.nicPorts[spec.hosts[dst].nicPort].switchPort;
        QVERIFY(f->switchPortCounters(dstPort).rxPpp > 0);
        QVERIFY(f->hostCounters(src).rxPrioPause[3] > 0);
        f->setNicStalled(spec.hosts[dst].nicPort, false);

        // PFC on the wrong CoS: the switch pauses CoS 4, the NICs ignore it on priority 3,
        // and a 15:1 incast now drops.
        SwitchQosConfig qos;
        qos.noDropPfcCos = 4;
        f->setQosConfig(qos);
        f->stopAllFlows();
        const int victim = 600 * 8 + 2;
        for (int s = 0; s < 15; ++s)
            f->startFlow((700 + s * 5) * 8 + 2, victim);
        f->runFor(10 * kNsPerMs);
        quint64 drops = 0;
        for (int port = 0; port < spec.switchPorts.size(); ++port)
            drops += f->switchPortCounters(port).ingressMmuDropPkts;
        QVERIFY2(drops > 1000, qPrintable(QString::number(drops)));
    }

    void twoDrawnFaultsLandApart()
    {
        // Two faults drawn in one scenario sit behind different switch ports, on the reference
        // fabric (whose three VMs share one) and on a rail fabric, whatever the seed: neither
        // may hide the other (a host's misconfiguration behind a downed link, a bad cable into
        // a stalled NIC). A target given is taken as given.
        for (const bool rail : {false, true}) {
            auto f = rail ? makeFabric(railFabric(32, 2, 2, 2, 100 * kGbps), ModelParams {})
                          : makeFabric(referenceFabric(), referenceModelParams());
            for (const QString &spec : {QStringLiteral("training+nic-stall+slow-host"),
                                        QStringLiteral("training+link-down+dscp-mismatch"),
                                        QStringLiteral("training+bad-link+nic-stall-watchdog")}) {
                for (std::uint64_t seed = 1; seed <= 24; ++seed) {
                    const auto applied = applyLiveScenario(*f, spec, seed);
                    QVERIFY2(applied.ok(), qPrintable(spec));
                    QCOMPARE(applied->faults.size(), qsizetype(2));
                    const QList<int> &first = applied->faults[0].switchPorts;
                    const QList<int> &second = applied->faults[1].switchPorts;
                    QVERIFY(!first.isEmpty() && !second.isEmpty());
                    for (int port : second)
                        QVERIFY2(!first.contains(port),
                                 qPrintable(QStringLiteral("%1 seed %2: %3 and %4")
                                                .arg(spec)
                                                .arg(seed)
                                                .arg(applied->faults[0].target,
                                                     applied->faults[1].target)));
                }
            }
            // Without a load the first stall brings its own incast, whose senders PFC holds
            // back: the second fault lands away from them too (a second stall landed on the
            // same NIC, a bad cable where no frame crossed it), or, where the incast reaches
            // every cable (the reference fabric's eight VMs), is refused with the reason.
            for (const QString &spec :
                 {QStringLiteral("nic-stall+nic-stall"), QStringLiteral("nic-stall+bad-link")}) {
                for (std::uint64_t seed = 1; seed <= 8; ++seed) {
                    const auto applied = applyLiveScenario(*f, spec, seed);
                    if (!rail) {
                        QVERIFY(!applied.ok());
                        QVERIFY2(applied.error().message.contains(
                                     QStringLiteral("no place is left for fault")),
                                 qPrintable(applied.error().message));
                        continue;
                    }
                    QVERIFY2(applied.ok(), qPrintable(spec));
                    const QList<int> &first = applied->faults[0].switchPorts;
                    QVERIFY(first.size() > 1);  // its port and the senders' it holds back
                    // The second's own port (its senders may be the first's too).
                    QVERIFY2(!first.contains(applied->faults[1].switchPorts.first()),
                             qPrintable(spec));
                }
            }
            const QString at = nicId(f->spec(), 2);
            const auto given
                = applyLiveScenario(*f,
                                    QStringLiteral("training+nic-stall:%1+ecn-off-host:%2")
                                        .arg(at, at.section(QLatin1Char('/'), 0, 0)));
            QVERIFY(given.ok());
            QCOMPARE(given->faults[1].target, at.section(QLatin1Char('/'), 0, 0));
        }
    }

    void aBadUplinkCarriesTraffic()
    {
        // A damaged cable between a leaf and a spine, under training: each rail's ring stays
        // under its leaf, and nothing crossed the cable (no CRC error, no finding). The fault
        // brings traffic across it, spread over every uplink (no uplink left idle).
        ModelParams p;
        p.engine = FabricEngine::Fluid;
        auto f = makeFabric(railFabric(16, 2, 2, 2, 100 * kGbps), p);
        const auto applied
            = applyLiveScenario(*f, QStringLiteral("training+bad-link:spine1/Ethernet1/1"));
        QVERIFY2(applied.ok(), qPrintable(applied.ok() ? QString() : applied.error().message));
        f->runFor(20 * kNsPerMs);
        const FabricSpec &spec = f->spec();
        int uplinks = 0, idle = 0;
        quint64 crc = 0;
        for (int port = 0; port < spec.switchPorts.size(); ++port) {
            const SwitchPortSpec &sp = spec.switchPorts[port];
            if (sp.peerKind != PeerKind::SwitchPort
                || spec.switches[sp.switchIndex].role == QLatin1String("spine"))
                continue;
            const SwitchPortCounters c = f->switchPortCounters(port);
            const SwitchPortCounters far = f->switchPortCounters(sp.peer);
            crc += c.rxCrcErrors + far.rxCrcErrors;
            // The partner leaf's uplinks carry it too; another rail's may stay idle.
            if (sp.name == QLatin1String("Ethernet1/33")
                || sp.name == QLatin1String("Ethernet1/34")) {
                ++uplinks;
                idle += c.txBytes == 0;
            }
        }
        QVERIFY2(crc > 100, qPrintable(QString::number(crc)));
        QVERIFY(uplinks >= 2);
        QVERIFY2(idle < uplinks,
                 qPrintable(QStringLiteral("%1 of %2 idle").arg(idle).arg(uplinks)));
    }

    void leafSpineFaultScenarios()
    {
        // The live leaf/spine fault scenarios on a 256-host rail fabric: each shows on the
        // counters it names.
        auto fabricWith = [](const QString &scenario) {
            ModelParams p;
            p.engine = FabricEngine::Fluid;
            p.timing.dt = 10 * kNsPerUs;
            p.sw.pfcMode = PfcThresholdMode::Dynamic;
            auto f = makeFabric(railFabric(256, 8, 8, 8, 100 * kGbps), p);
            const auto applied = applyLiveScenario(*f, scenario);
            if (!applied)
                qFatal("%s", qPrintable(applied.error().message));
            f->runFor(20 * kNsPerMs);
            return f;
        };
        auto sumPorts = [](const Fabric &f, auto field) {
            quint64 total = 0;
            for (int port = 0; port < f.spec().switchPorts.size(); ++port)
                total += field(f.switchPortCounters(port));
            return total;
        };
        {
            const auto f = fabricWith(QStringLiteral("rail-ecmp-polarized"));
            const int leaf = f->spec().switchPorts[f->spec().nicPorts[1].switchPort].switchIndex;
            quint64 total = 0, busiest = 0, marks = 0;
            for (int port = 0; port < f->spec().switchPorts.size(); ++port) {
                const SwitchPortSpec &sp = f->spec().switchPorts[port];
                if (sp.switchIndex != leaf || sp.peerKind != PeerKind::SwitchPort)
                    continue;
                const SwitchPortCounters c = f->switchPortCounters(port);
                total += c.txBytes;
                if (c.txBytes > busiest) {
                    busiest = c.txBytes;
                    marks = c.qosEcnPkts[ClassRoce];
                }
            }
            QVERIFY2(double(busiest) > 0.95 * double(total), "one hot uplink");
            QVERIFY2(marks > 100, qPrintable(QString::number(marks)));
        }
        {
            const auto f = fabricWith(QStringLiteral("rail-link-down"));
            int down = -1;
            for (int port = 0; port < f->spec().switchPorts.size() && down < 0; ++port) {
                if (!f->switchPortCounters(port).operUp
                    && f->spec().switchPorts[port].peerKind == PeerKind::SwitchPort)
                    down = port;
            }
            QVERIFY(down >= 0);
            const qsizetype before = f->trainingIterations(0).size();
            const quint64 tx = f->switchPortCounters(down).txBytes;
            // The bytes in flight on the cable are lost; the ring's last chunk has nothing
            // behind it to draw a NAK, so it waits out the ACK timeout (67 ms), as a QP does.
            f->runFor(120 * kNsPerMs);
            QCOMPARE(f->switchPortCounters(down).txBytes, tx);
            QVERIFY2(f->trainingIterations(0).size() > before, "the ring keeps going");
        }
        {
            const auto f = fabricWith(QStringLiteral("rail-nic-stall"));
            const int receiver = live::railIncastReceiver(*f);
            QVERIFY(f->hostCounters(receiver).txPrioPause[3] > 0);
            QVERIFY(sumPorts(*f, [](const SwitchPortCounters &c) { return c.rxPpp; }) > 0);
        }
        {
            const auto f = fabricWith(QStringLiteral("rail-pfc-wrong-cos"));
            QVERIFY(sumPorts(*f, [](const SwitchPortCounters &c) { return c.ingressMmuDropPkts; })
                    > 1000);
        }
    }

    void reclassifiedRunningFlowsKeepFlowing()
    {
        // RoCE's DSCP taken out of the class-map while the incast runs (a what-if change
        // lands on a running fabric): its flows move to the lossy default class with their
        // queued bytes, and the receiver's port keeps running at the line, as in the packet
        // model; the excess is tail-dropped.
        struct Outcome {
            double rxGbps = 0;
            double drops = 0;
        };
        auto run = [](FabricEngine engine) {
            ModelParams p = referenceModelParams();
            p.engine = engine;
            auto f = makeFabric(referenceFabric(), p);
            for (int h = 0; h < 7; ++h)
                f->startFlow(h, 7);
            f->runFor(100 * kNsPerMs);
            SwitchQosConfig qos = f->qosConfig();
            qos.dscpToQosGroup[26] = ClassDefault;
            f->setQosConfig(qos);
            f->runFor(20 * kNsPerMs);
            const quint64 rx0 = f->hostCounters(7).portRcvData;
            quint64 drops0 = 0;
            for (int port = 0; port < f->spec().switchPorts.size(); ++port)
                drops0 += f->switchPortCounters(port).qosDropPkts[ClassDefault];
            f->runFor(50 * kNsPerMs);
            Outcome o;
            // port_rcv_data counts 4-byte words.
            o.rxGbps = double(f->hostCounters(7).portRcvData - rx0) * 4 * 8 / 0.05 / 1e9;
            for (int port = 0; port < f->spec().switchPorts.size(); ++port)
                o.drops += double(f->switchPortCounters(port).qosDropPkts[ClassDefault]);
            o.drops -= double(drops0);
            return o;
        };
        const Outcome packet = run(FabricEngine::Packet);
        const Outcome fluid = run(FabricEngine::Fluid);
        qInfo("receiver: packet %.2f Gb/s, fluid %.2f Gb/s; default-class drops: packet %.0f, "
              "fluid %.0f",
              packet.rxGbps, fluid.rxGbps, packet.drops, fluid.drops);
        QVERIFY2(packet.rxGbps > 20, "the packet model's receiver runs near its 25G line");
        QVERIFY(close(packet.rxGbps, fluid.rxGbps, kTolerances.goodput));
        QVERIFY(packet.drops > 0);
        QVERIFY(close(packet.drops, fluid.drops, 0.15));
    }

    void unstalledNicReleasesItsPort()
    {
        // A NIC that stopped draining pauses its switch port; once it drains again it sends
        // XON, even when nothing is sent to it any more.
        ModelParams p;
        p.engine = FabricEngine::Fluid;
        auto f = makeFabric(starFabric(8, 100 * kGbps), p);
        for (int i = 0; i < 7; ++i)
            f->startFlow(i, 7);
        f->setNicStalled(7, true);
        f->runFor(5 * kNsPerMs);
        QVERIFY(f->switchPortCounters(7).cosRxPauseActive[3]);
        f->stopAllFlows();
        f->runFor(5 * kNsPerMs);
        const quint64 frames = f->hostCounters(7).txPrioPause[3];
        f->setNicStalled(7, false);
        f->runFor(5 * kNsPerMs);
        QVERIFY(f->hostCounters(7).txPrioPause[3] > frames);  // the XON
        QVERIFY(!f->switchPortCounters(7).cosRxPauseActive[3]);
    }

    void trainingRingOnTheRailFabricCompletesIterations()
    {
        ModelParams p;
        p.engine = FabricEngine::Fluid;
        p.timing.dt = 10 * kNsPerUs;
        p.sw.pfcMode = PfcThresholdMode::Dynamic;
        auto f = makeFabric(railFabric(1024, 8, 8, 16, 100 * kGbps), p);
        live::startRailWorkload(*f);
        f->runFor(100 * kNsPerMs);
        // 256 ranks, 64 MB gradients: about 28 ms per iteration (2 ms compute).
        const qsizetype iterations = f->trainingIterations(0).size();
        QVERIFY2(iterations >= 2 && iterations <= 6, qPrintable(QString::number(iterations)));
    }
};

QTEST_GUILESS_MAIN(TestFluidFabric)
#include "tst_fluidfabric.moc"
