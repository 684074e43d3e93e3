// The what-if twin (core/sim/twin): changes as people write them, the figures and their
// errors, and the twin built from a served simulated fabric as the console sees it, then run
// with a change; the change applied to that fabric over NX-API and its agents.
#include "live/experiments/experimentqueue.h"
#include "live/hub/livefabric.h"
#include "sim/served/embeddedfabric.h"
#include "sim/served/simulatedplan.h"
#include "sim/twin/bulkflows.h"
#include "sim/twin/changeapplier.h"
#include "sim/twin/changeform.h"
#include "sim/twin/fabricfigures.h"
#include "sim/twin/launchedtraining.h"
#include "sim/twin/twinchange.h"
#include "sim/twin/twinmodel.h"
#include "sim/twin/twinobservation.h"
#include "sim/twin/twinpreview.h"
#include "sim/twin/uplinkplacement.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

using namespace roce;
using namespace roce::sim::twin;

namespace {

const QString kKminHalf
    = QStringLiteral("! halve the RoCE queue's ECN threshold\n"
                     "policy-map type queuing QOS_EGRESS_PORT\n"
                     "  class type queuing c-out-8q-q3\n"
                     "    random-detect minimum-threshold 75 kbytes maximum-threshold 3000 kbytes "
                     "drop-probability 7 weight 0 ecn\n");

/// A preview short enough for a test: @p warmupMs of load, the change, 100 ms to settle, and
/// a window of @p windowMs.
PreviewOptions shortPreview(int warmupMs, int windowMs)
{
    PreviewOptions preview;
    preview.warmup = warmupMs * sim::kNsPerMs;
    preview.settle = 100 * sim::kNsPerMs;
    preview.window = windowMs * sim::kNsPerMs;
    return preview;
}

}  // namespace

class TestTwin : public QObject
{
    Q_OBJECT

private slots:
    void readsAChange()
    {
        const auto change
            = parseChange(kKminHalf
                          + QStringLiteral("\n# NICs\necn/roce_rp/rpg_time_reset 600\n"
                                           "switch leaf1\ninterface Ethernet1/1\n"
                                           "  priority-flow-control mode off\n"
                                           "switch all\nend\n"));
        QVERIFY(change);
        QCOMPARE(change->switchLines.size(), 6);
        QCOMPARE(change->roceRp.value(QStringLiteral("rpg_time_reset")).toString(),
                 QStringLiteral("600"));
        QVERIFY(change->roceNp.isEmpty());
        // Every switch takes the unscoped lines, leaf1 also its own.
        QCOMPARE(change->commandsFor(QStringLiteral("spine1")).size(), 4);
        const QStringList leaf = change->commandsFor(QStringLiteral("LEAF1"));
        QCOMPARE(leaf.size(), 6);
        QCOMPARE(leaf[3], QStringLiteral("interface Ethernet1/1"));
        QCOMPARE(leaf[5], QStringLiteral("end"));
    }

    void refusesWhatItCannotRead()
    {
        const auto noValue = parseChange(QStringLiteral("ecn/roce_rp/rpg_time_reset\n"));
        QVERIFY(!noValue);
        QVERIFY2(noValue.error().message.contains(QStringLiteral("line 1")),
                 qPrintable(noValue.error().message));
        QVERIFY(!parseChange(QStringLiteral("ecn/dcqcn/rpg_time_reset 5\n")));
        QVERIFY(!parseChange(QStringLiteral("switch\n")));
        const auto empty = parseChange(QStringLiteral("! nothing\n\n"));
        QVERIFY(!empty);
    }

    void relativeErrorsPerFigure()
    {
        FabricFigures predicted, observed;
        predicted.queueMeanKb = 120;
        observed.queueMeanKb = 100;
        predicted.ecnMarksPerS = 0;
        observed.ecnMarksPerS = 0;
        predicted.txPausesPerS = 50;  // the fabric showed none: no ratio
        observed.goodputGbps = 20;
        predicted.goodputGbps = 19;
        const QJsonObject e = relativeErrors(predicted, observed);
        QCOMPARE(e.size(), figureKeys().size());
        QCOMPARE(e.value(QStringLiteral("queue_mean_kb")).toDouble(), 0.2);
        QCOMPARE(e.value(QStringLiteral("ecn_marks_per_s")).toDouble(), 0.0);
        QVERIFY(e.value(QStringLiteral("tx_pauses_per_s")).isNull());
        QCOMPARE(e.value(QStringLiteral("goodput_gbps")).toDouble(), 0.05);
        QVERIFY(dropsAgree(0, 0));
        QVERIFY(!dropsAgree(10, 0));
        QVERIFY(!dropsAgree(0, 10));
        QVERIFY(dropsAgree(15, 10));
        QVERIFY(!dropsAgree(25, 10));
        // The keys scripts read, in order.
        QCOMPARE(figureKeys().first(), QStringLiteral("queue_mean_kb"));
        QVERIFY(figureKeys().contains(QStringLiteral("ingress_mmu_drops_per_s")));
        QCOMPARE(figuresToJson(predicted).value(QStringLiteral("tx_pauses_per_s")).toDouble(),
                 50.0);
    }

    /// Few receivers: gravity, each sender spread over them.
    void bulkFlowsByGravity()
    {
        QList<BulkEndpoint> senders, receivers;
        for (int h = 0; h < 7; ++h)
            senders.append({h, 3e9});
        receivers.append({7, 21e9});
        const BulkFlowEstimate e = estimateBulkFlows(senders, receivers);
        QVERIFY(!e.paired);
        QCOMPARE(e.flows.size(), 7);
        for (const EstimatedFlow &f : e.flows) {
            QCOMPARE(f.dst, 7);
            QCOMPARE(f.gbps, 3.0);
        }
        // A sender whose only receiver is itself is said, not modelled.
        const BulkFlowEstimate alone = estimateBulkFlows({{3, 5e9}}, {{3, 5e9}});
        QVERIFY(alone.flows.isEmpty());
        QCOMPARE(alone.unmatched.size(), 1);
        QCOMPARE(alone.unmatched.first().host, 3);
    }

    /// On two leaves, a sender and a receiver under each: gravity alone sends half of each
    /// sender across the spines; the leaves' uplinks say how much really crossed.
    void bulkFlowsFollowWhatTheUplinksCarried()
    {
        const QList<BulkEndpoint> senders {{0, 10e9}, {4, 10e9}};
        const QList<BulkEndpoint> receivers {{1, 10e9}, {5, 10e9}};
        const QHash<int, int> leafOf {{0, 0}, {1, 0}, {4, 1}, {5, 1}};
        const auto flowsOf = [](const BulkFlowEstimate &e) {
            QMap<QPair<int, int>, double> f;
            for (const EstimatedFlow &x : e.flows)
                f[{x.src, x.dst}] += x.gbps;
            return f;
        };
        QCOMPARE(flowsOf(estimateBulkFlows(senders, receivers)).size(), 4);
        // Uplinks idle: everything stays under its leaf.
        const auto local = flowsOf(estimateBulkFlowsByLeaf(
            senders, receivers, leafOf, {{0, LeafUplinks {}}, {1, LeafUplinks {}}}, 1e8));
        QCOMPARE(local.size(), 2);
        QCOMPARE(local.value({0, 1}), 10.0);
        QCOMPARE(local.value({4, 5}), 10.0);
        // Everything crossed: never within a leaf.
        const auto across = flowsOf(estimateBulkFlowsByLeaf(
            senders, receivers, leafOf, {{0, {10e9, 10e9}}, {1, {10e9, 10e9}}}, 1e8));
        QCOMPARE(across.size(), 2);
        QCOMPARE(across.value({0, 5}), 10.0);
        QCOMPARE(across.value({4, 1}), 10.0);
        // A quarter crossed each way.
        const auto quarter = flowsOf(estimateBulkFlowsByLeaf(
            senders, receivers, leafOf, {{0, {2.5e9, 2.5e9}}, {1, {2.5e9, 2.5e9}}}, 1e8));
        QCOMPARE(quarter.size(), 4);
        QCOMPARE(quarter.value({0, 1}), 7.5);
        QCOMPARE(quarter.value({0, 5}), 2.5);
        QCOMPARE(quarter.value({4, 1}), 2.5);
    }

    /// Flows between two leaves go where the uplinks were seen to carry them: all on one
    /// uplink when the fabric stacked them there (its hash, or polarized), two and two when
    /// two uplinks carried half each; the model's own hash where nothing says.
    void bulkFlowsTakeTheUplinksSeenBusy()
    {
        const sim::FabricSpec spec = sim::railFabric(32, 1, 1, 4, 100 * sim::kGbps, 16);
        const UplinkIndex index(spec);
        const QList<int> up = index.toward(4, 5);  // rail1-leaf1 -> rail1-leaf2
        QCOMPARE(up.size(), 4);
        QVERIFY(index.toward(4, 4).isEmpty());
        QCOMPARE(index.toward(5, 4).size(), 4);
        const auto flows = [] {
            QList<EstimatedFlow> f;
            for (int h = 0; h < 4; ++h)
                f.append({h, 16 + h, 10.0 + h});
            f.append({0, 1, 10});  // within the leaf: one path
            return f;
        };
        QHash<int, double> seen;
        for (int u : up)
            seen.insert(u, 0);
        seen[up[1]] = 46e9;
        QList<EstimatedFlow> stacked = flows();
        QCOMPARE(placeOnObservedUplinks(spec, stacked, seen), 4);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(stacked[i].uplink, up[1]);
        QCOMPARE(stacked[4].uplink, -1);

        seen[up[1]] = 0;
        seen[up[0]] = 23e9;
        seen[up[3]] = 23e9;
        QList<EstimatedFlow> halves = flows();
        QCOMPARE(placeOnObservedUplinks(spec, halves, seen), 4);
        // Largest first, each where most is unexplained: 13 -> up[0], 12 -> up[3], 11 ->
        // up[3] (11 left there against 10), 10 -> up[0].
        QCOMPARE(halves[3].uplink, up[0]);
        QCOMPARE(halves[2].uplink, up[3]);
        QCOMPARE(halves[1].uplink, up[3]);
        QCOMPARE(halves[0].uplink, up[0]);

        QList<EstimatedFlow> idle = flows();
        for (int u : up)
            seen[u] = 0;
        QCOMPARE(placeOnObservedUplinks(spec, idle, seen), 0);  // seen idle: the hash
        seen.remove(up[2]);
        seen[up[1]] = 46e9;
        QCOMPARE(placeOnObservedUplinks(spec, idle, seen), 0);  // one not seen: the hash
        QCOMPARE(idle[0].uplink, -1);
    }

    /// Many receivers (a 200-NIC ring seen as port rates): spread over all of them each share
    /// is 0.5 %, and gravity would keep nothing. Paired instead, every NIC sends and receives
    /// what it was seen to, never to itself, and alike NICs make a ring.
    void bulkFlowsPairedWhenGravityWouldLeaveOutTheLoad()
    {
        QList<BulkEndpoint> ring;
        for (int h = 0; h < 200; ++h)
            ring.append({h, 10e9});
        const BulkFlowEstimate e = estimateBulkFlows(ring, ring);
        QVERIFY(e.paired);
        QCOMPARE(e.flows.size(), 200);
        QHash<int, int> next;
        QSet<int> receivers;
        for (const EstimatedFlow &f : e.flows) {
            QVERIFY(f.src != f.dst);
            QVERIFY(qAbs(f.gbps - 10.0) < 1e-9);
            QVERIFY(!next.contains(f.src));
            next.insert(f.src, f.dst);
            receivers.insert(f.dst);
        }
        QCOMPARE(receivers.size(), 200);
        int h = 0, steps = 0;
        do {
            h = next.value(h);
            ++steps;
        } while (h != 0 && steps <= 200);
        QCOMPARE(steps, 200);  // one cycle through every NIC

        // A 15:1 incast beside a 64-NIC ring: gravity would keep a quarter of the traffic.
        QList<BulkEndpoint> senders, receivers2;
        for (int h2 = 0; h2 < 15; ++h2)
            senders.append({100 + h2, 100e9 / 15});
        receivers2.append({200, 100e9});
        for (int h2 = 0; h2 < 64; ++h2) {
            senders.append({h2, 5e9});
            receivers2.append({h2, 5e9});
        }
        const BulkFlowEstimate mixed = estimateBulkFlows(senders, receivers2);
        QVERIFY(mixed.paired);
        QVERIFY(mixed.flows.size() < senders.size() + receivers2.size());
        QHash<int, double> out, in;
        for (const EstimatedFlow &f : mixed.flows) {
            QVERIFY(f.src != f.dst);
            out[f.src] += f.gbps;
            in[f.dst] += f.gbps;
        }
        for (const BulkEndpoint &s : std::as_const(senders))
            QVERIFY2(qAbs(out.value(s.host) - s.bps / 1e9) < 1e-6,
                     qPrintable(QString::number(s.host)));
        for (const BulkEndpoint &r : std::as_const(receivers2))
            QVERIFY2(qAbs(in.value(r.host) - r.bps / 1e9) < 1e-6,
                     qPrintable(QString::number(r.host)));
    }

    /// A switch that never answers: what the twin saw says so, once, however often it was
    /// polled (the previewer names it when there is nothing to model).
    void unreachableSwitchIsNamedOnce()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close();  // nothing listens there now: connections are refused
        live::FabricPlan plan;
        monitor::SwitchTarget target;
        target.name = QStringLiteral("gone");
        target.endpoint.url = QUrl(QStringLiteral("http://127.0.0.1:%1/ins").arg(port));
        target.endpoint.allowHttp = true;
        target.endpoint.user = QStringLiteral("admin");
        target.endpoint.password = QStringLiteral("x");
        plan.switches.append(target);
        live::LiveFabric hub;
        hub.watch(plan);
        TwinObserver observer(hub, plan);
        observer.start();
        QTest::qWait(1500);
        observer.stop();
        // Its running-config will not come: waiting longer for it is pointless.
        QVERIFY(!observer.configsRead());
        QVERIFY(observer.configsSettled());
        const TwinObservation seen = observer.observation();
        hub.stop();
        QVERIFY2(seen.problems.size() == 1 && seen.problems.first().startsWith(u"gone: ")
                     && seen.problems.first().contains(u"refused"),
                 qPrintable(seen.problems.join(u'\n')));
        const auto built = buildTwin(seen, {});
        QVERIFY(!built);
        QVERIFY(built.error().message.startsWith(u"nothing to model yet"));
    }

    /// The reference fabric under an incast, served and watched as a real one (once, for the
    /// tests below): what the console saw of it over 4 s.
    void initTestCase()
    {
        live::LiveFabric::Options options;
        options.tickMs = 250;
        m_hub = std::make_unique<live::LiveFabric>(options);
        m_simulated
            = std::make_unique<sim::SimulatedFabricPlan>(QString(), QStringLiteral("dcqcn-incast"));
        connect(m_simulated->embedded(), &sim::EmbeddedFabric::agentsStarted, this,
                [this](const QList<experiments::ExperimentHost> &hosts) { m_agentHosts = hosts; });
        QSignalSpy ready(m_simulated.get(), &sim::SimulatedFabricPlan::ready);
        connect(m_simulated.get(), &sim::SimulatedFabricPlan::ready, m_hub.get(),
                &live::LiveFabric::watch);
        m_simulated->start();
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 30000);
        m_plan = ready.first().first().value<live::FabricPlan>();
        QTRY_VERIFY_WITH_TIMEOUT(m_hub->everySourceAnswered(), 30000);
        QTest::qWait(2000);
        m_observer = std::make_unique<TwinObserver>(*m_hub, m_plan);
        m_observer->start();
        QTest::qWait(4000);
        QTRY_VERIFY_WITH_TIMEOUT(m_observer->configsRead(), 20000);
        m_observer->stop();
        m_seen = m_observer->observation();
        auto built = buildTwin(m_seen, {});
        QVERIFY2(built, built ? "" : qPrintable(built.error().message));
        m_twin = std::move(built).value();
    }

    void cleanupTestCase() { m_hub->stop(); }

    /// The twin has its switch, its eight servers behind their hypervisors' uplinks, its
    /// queuing and the incast's seven flows, from the fabric's figures.
    void twinOfTheServedReferenceFabric()
    {
        const TwinObservation &seen = m_seen;
        const FabricFigures figures = seen.figures();
        QVERIFY2(figures.ecnMarksPerS > 1000, qPrintable(QString::number(figures.ecnMarksPerS)));
        QVERIFY(figures.queueMeanKb > 10);
        QVERIFY(figures.goodputGbps > 20);
        const TwinModel &twin = m_twin;
        QCOMPARE(twin.spec.switches.size(), 1);
        QCOMPARE(twin.spec.hosts.size(), 8);
        // Two hypervisors' uplinks carry three servers each; two servers are bare metal.
        int shared = 0;
        for (const sim::NicPortSpec &nic : twin.spec.nicPorts)
            shared += nic.hypervisor.isEmpty() ? 0 : 1;
        QVERIFY2(shared >= 2, qPrintable(QString::number(shared)));
        QCOMPARE(twin.queuing.size(), 1);
        QCOMPARE(twin.queuing[0].wred.kmin, sim::Bytes(150 * 1000));
        QVERIFY(twin.queuing[0].wred.ecn);
        QVERIFY(!twin.switchFaults[0].ecnNotApplied);
        QCOMPARE(twin.params.roceMtu, sim::Bytes(1024));
        QVERIFY(!twin.nicEcn[0].roceRp.value(QStringLiteral("rpg_time_reset")).isEmpty());
        // Seven senders, one receiver: every flow into it.
        QCOMPARE(twin.flows.size(), 7);
        for (const EstimatedFlow &f : twin.flows)
            QCOMPARE(f.dst, twin.flows.first().dst);
    }

    /// A cable seen corrupting frames: the incast receiver's NIC counting CRC errors at 3 % of
    /// what its switch port sends it, in the watch of the served fabric. The twin's cable loses
    /// as many, and go-back-N costs every flow of the incast; the clean twin loses nothing.
    void cableSeenCorruptingFramesLosesThemInTheTwin()
    {
        QVERIFY(m_twin.linkErrors.isEmpty());
        TwinObservation seen = m_seen;
        const int receiver = m_twin.flows.first().dst;
        const int port = m_twin.spec.nicPorts[m_twin.spec.hosts[receiver].nicPort].switchPort;
        const QString portId
            = m_twin.spec.switches[0].name + QLatin1Char('/') + m_twin.spec.switchPorts[port].name;
        const ObservedPort *switchEnd
            = seen.find(m_twin.spec.switches[0].name, m_twin.spec.switchPorts[port].name);
        QVERIFY(switchEnd);
        const double sent = switchEnd->mean(model::Metric::OutPkts).value_or(0);
        QVERIFY2(sent > 1e5, qPrintable(QString::number(sent)));
        bool found = false;
        for (ObservedPort &p : seen.ports) {
            if (p.key() != nicRowOf(m_twin.spec, receiver))
                continue;
            p.sum[std::size_t(model::Metric::InErrors)] = sent * 0.03 / 0.97;
            p.samples[std::size_t(model::Metric::InErrors)] = 1;
            found = true;
        }
        QVERIFY(found);
        auto built = buildTwin(seen, {});
        QVERIFY(built);
        QCOMPARE(built->linkErrors.size(), 1);
        QVERIFY(built->linkErrors.contains(port));
        QVERIFY(std::abs(built->linkErrors.value(port) - 0.03) < 1e-9);
        QVERIFY(built->notes.join(u'\n').contains(portId));

        // The twin's receiver sees the errors the fabric's did, as a share of what its switch
        // port sends it; the clean twin's none.
        const auto crcShare = [&](const TwinModel &twin) {
            QStringList refusals;
            auto f = twin.instantiate(sim::FabricEngine::Fluid, &refusals);
            f->runFor(300 * sim::kNsPerMs);
            return double(f->hostCounters(receiver).rxCrcErrorsPhy)
                / std::max(1.0, double(f->switchPortCounters(port).txPkts));
        };
        const double clean = crcShare(m_twin);
        const double lossy = crcShare(*built);
        qInfo("CRC errors at the twin's receiver: clean cables %.4f, the cable seen bad %.4f of "
              "the frames sent to it",
              clean, lossy);
        QCOMPARE(clean, 0.0);
        QVERIFY2(lossy > 0.02 && lossy < 0.04, qPrintable(QString::number(lossy)));
    }

    /// A cabled port seen down without `shutdown` in its config is down in the twin too; a
    /// port with nothing cabled to it, down as unused ports are, is left alone.
    void linkSeenDownIsDownInTheTwin()
    {
        const int receiver = m_twin.flows.first().dst;
        const int cabled = m_twin.spec.nicPorts[m_twin.spec.hosts[receiver].nicPort].switchPort;
        int unused = -1;
        for (int p = 0; p < m_twin.spec.switchPorts.size() && unused < 0; ++p) {
            if (m_twin.spec.switchPorts[p].peerKind == sim::PeerKind::None
                && !m_twin.shutDown.contains(p))
                unused = p;
        }
        QVERIFY(!m_twin.shutDown.contains(cabled));
        TwinObservation seen = m_seen;
        int marked = 0;
        for (ObservedPort &p : seen.ports) {
            for (int port : {cabled, unused}) {
                if (port >= 0 && p.device == m_twin.spec.switches[0].name
                    && p.port == m_twin.spec.switchPorts[port].name) {
                    p.state = QStringLiteral("down");
                    ++marked;
                }
            }
        }
        QCOMPARE(marked, unused >= 0 ? 2 : 1);
        auto built = buildTwin(seen, {});
        QVERIFY(built);
        QList<int> added = built->shutDown;  // beyond the ports the config shuts down
        added.removeIf([&](int p) { return m_twin.shutDown.contains(p); });
        QCOMPARE(added, QList<int> {cabled});
        QVERIFY(built->notes.join(u'\n').contains(QStringLiteral("is down: the twin")));
    }

    /// Halving the ECN threshold shortens the twin's queue; the form writes the lines the twin
    /// takes; a class the model has not, or a switch the fabric has not, is refused.
    void previewOfAChange()
    {
        const TwinModel &twin = m_twin;
        const FabricFigures figures = m_seen.figures();
        const auto change = parseChange(kKminHalf);
        QVERIFY(change);
        const PreviewOptions preview = shortPreview(300, 2000);
        const auto predicted = previewChange(twin, *change, preview);
        QVERIFY2(predicted, predicted ? "" : qPrintable(predicted.error().message));
        QVERIFY2(predicted->uncertain.isEmpty(), qPrintable(predicted->uncertain.join(u'\n')));
        QVERIFY(predicted->current.figures.ecnMarksPerS > 1000);
        QVERIFY2(predicted->proposed.figures.queueMeanKb
                     < predicted->current.figures.queueMeanKb * 0.95,
                 qPrintable(QStringLiteral("%1 -> %2")
                                .arg(predicted->current.figures.queueMeanKb)
                                .arg(predicted->proposed.figures.queueMeanKb)));
        // Calibration: the twin's current run against what the fabric showed.
        const double marks = predicted->current.figures.ecnMarksPerS;
        QVERIFY2(std::abs(marks - figures.ecnMarksPerS) < 0.35 * figures.ecnMarksPerS,
                 qPrintable(QStringLiteral("%1 against %2").arg(marks).arg(figures.ecnMarksPerS)));

        // The form: what is in force, and the lines that change it (accepted by the twin).
        const ChangeForm now = formOf(twin);
        QCOMPARE(now.wredMinKb, 150);
        QCOMPARE(now.wredMaxKb, 3000);
        QCOMPARE(now.dropProbability, 7);
        QVERIFY(now.wred && now.ecn && now.pfc && !now.staticPause);
        QCOMPARE(now.rpgTimeResetUs, 300);
        QVERIFY(composeChange(twin, now, now).isEmpty());
        ChangeForm wanted = now;
        wanted.wredMinKb = 75;
        QCOMPARE(composeChange(twin, now, wanted), kKminHalf.section(QLatin1Char('\n'), 1));
        wanted = now;
        wanted.pfc = false;
        wanted.staticPause = true;
        wanted.pauseKb = 30;
        wanted.resumeKb = 28;
        wanted.bufferKb = 130;
        wanted.rpgTimeResetUs = 1200;
        const QString lines = composeChange(twin, now, wanted);
        QVERIFY2(
            lines.contains(
                QStringLiteral("switch %1\ninterface Ethernet1/").arg(twin.spec.switches[0].name))
                && lines.contains(QStringLiteral("priority-flow-control mode off"))
                && lines.contains(QStringLiteral("pause buffer-size 130000 pause-threshold "
                                                 "30000 resume-threshold 28000"))
                && lines.endsWith(QStringLiteral("ecn/roce_rp/rpg_time_reset 1200\n")),
            qPrintable(lines));
        const auto composed = parseChange(lines);
        QVERIFY(composed);
        QVERIFY(applyChange(*twin.instantiate(sim::FabricEngine::Fluid, nullptr), twin, *composed));

        const auto refused
            = previewChange(twin,
                            *parseChange(QStringLiteral("policy-map type queuing QOS_EGRESS_PORT\n"
                                                        "  class type queuing c-out-8q-q5\n")),
                            preview);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(twin.spec.switches[0].name)
                     && refused.error().message.contains(QStringLiteral("c-out-8q-q5")),
                 qPrintable(refused.error().message));
        const auto unknownSwitch = previewChange(
            twin, *parseChange(QStringLiteral("switch nowhere\ninterface Ethernet1/1/1\n")),
            preview);
        QVERIFY(!unknownSwitch);
    }

    /// RoCE's DSCP taken out of the class-map while the incast runs: it lands in the lossy
    /// default class, which tail-drops two thirds of it, and the receiver's port still runs
    /// at the line. Both engines say so alike (the fluid one used to leave the bytes queued in
    /// the RoCE class stuck for good, and tail-drop everything behind them: nothing arrived).
    void roceMovedToTheLossyClassIsTailDropped()
    {
        const auto change = parseChange(QStringLiteral("class-map type qos match-all ROCE\n"
                                                       "  no match dscp 26\n"));
        QVERIFY(change);
        const PreviewOptions preview = shortPreview(300, 500);
        PreviewOptions packet = preview;
        packet.engine = sim::FabricEngine::Packet;
        for (const PreviewOptions &options : {preview, packet}) {
            const auto predicted = previewChange(m_twin, *change, options);
            QVERIFY2(predicted, predicted ? "" : qPrintable(predicted.error().message));
            const FabricFigures &now = predicted->current.figures;
            const FabricFigures &then = predicted->proposed.figures;
            qInfo("%s: received %.2f -> %.2f Gb/s, egress drops %.0f -> %.0f/s, marks %.0f -> "
                  "%.0f",
                  options.engine == sim::FabricEngine::Packet ? "packet" : "fluid", now.goodputGbps,
                  then.goodputGbps, now.egressDropsPerS, then.egressDropsPerS, now.ecnMarksPerS,
                  then.ecnMarksPerS);
            QVERIFY(now.goodputGbps > 20);
            QVERIFY2(then.goodputGbps > 20, qPrintable(QString::number(then.goodputGbps)));
            // Seven senders behind three 25G uplinks into one 25G port: some 50 Gb/s of
            // 1 KB packets are dropped, about 6 million a second.
            QVERIFY2(then.egressDropsPerS > 4e6 && then.egressDropsPerS < 7e6,
                     qPrintable(QString::number(then.egressDropsPerS)));
            QCOMPARE(now.egressDropsPerS, 0.0);
            QCOMPARE(then.ecnMarksPerS, 0.0);
            // The preview says which traffic the class-map line moved, and where.
            QVERIFY2(!predicted->notes.isEmpty()
                         && predicted->notes.first().startsWith(
                             QStringLiteral("The change moves RoCE (DSCP 26; servers marking "
                                            "it: 8) from qos-group 3, no-drop, to qos-group 0, "
                                            "which is lossy")),
                     qPrintable(predicted->notes.join(u'\n')));
            // ... and that how much gets through then is not a forecast.
            QVERIFY2(predicted->uncertain.join(u'\n').contains(
                         QStringLiteral("RoCE dropped in a lossy class")),
                     qPrintable(predicted->uncertain.join(u'\n')));
        }
        // A change that leaves the classification alone says nothing of it.
        const auto kmin = previewChange(m_twin, *parseChange(kKminHalf), preview);
        QVERIFY(kmin);
        for (const QString &note : kmin->notes + kmin->uncertain)
            QVERIFY2(!note.contains(QStringLiteral("moves RoCE"))
                         && !note.contains(QStringLiteral("RoCE dropped in a lossy class")),
                     qPrintable(note));
    }

    /// Pause and resume thresholds closer than a port moves in one step: the twin says its
    /// pause count is the model's resolution, naming the switch, the band and the step.
    void pauseBandFinerThanAStepIsSaid()
    {
        const auto change
            = parseChange(QStringLiteral("policy-map type network-qos QOS_NETWORK\n"
                                         "  class type network-qos c-8q-nq3\n"
                                         "    pause buffer-size 130000 pause-threshold 30000 "
                                         "resume-threshold 28000\n"));
        QVERIFY(change);
        const PreviewOptions preview = shortPreview(100, 200);
        const auto predicted = previewChange(m_twin, *change, preview);
        QVERIFY2(predicted, predicted ? "" : qPrintable(predicted.error().message));
        QCOMPARE(predicted->uncertain.size(), 1);
        const QString said = predicted->uncertain.first();
        QVERIFY2(said.startsWith(m_twin.spec.switches[0].name + QLatin1Char(':'))
                     && said.contains(QStringLiteral("2.0 KB apart"))
                     && said.contains(QStringLiteral("31 KB a 25G port"))
                     && said.contains(QStringLiteral("10 us step")),
                 qPrintable(said));
        // The fluid twin's queue at such a band depends on when the change lands: it says so
        // and names the engine that does not.
        QVERIFY2(said.contains(QStringLiteral("--engine packet")), qPrintable(said));
        QVERIFY(predicted->proposed.figures.txPausesPerS > 1000);
        QCOMPARE(predicted->current.figures.txPausesPerS, 0.0);

        PreviewOptions packet = preview;
        packet.engine = sim::FabricEngine::Packet;
        const auto byPackets = previewChange(m_twin, *change, packet);
        QVERIFY2(byPackets, byPackets ? "" : qPrintable(byPackets.error().message));
        QCOMPARE(byPackets->engine, sim::FabricEngine::Packet);
        QCOMPARE(predicted->engine, sim::FabricEngine::Fluid);
        QCOMPARE(byPackets->uncertain.size(), 1);
        QVERIFY2(byPackets->uncertain.first().contains(QStringLiteral("2.0 KB apart"))
                     && !byPackets->uncertain.first().contains(QStringLiteral("--engine")),
                 qPrintable(byPackets->uncertain.first()));
    }

    /// A training run launched from the console becomes the twin's job: its ranks (servers,
    /// with the job's device or alone), rank 0's gradient bytes and median compute time.
    void launchedTrainingIsTheTwinsJob()
    {
        experiments::ExperimentQueue queue(nullptr);
        LaunchedTraining launched(queue);
        experiments::ExperimentRequest request;
        request.kind = experiments::ExperimentKind::Training;
        request.job.backend = QStringLiteral("nccl");
        for (const char *name : {"ubunturdma1", "ubunturdma3", "ubunturdma5"}) {
            experiments::ExperimentHost host;
            host.name = QLatin1String(name);
            request.hosts.append(host);
        }
        launched.started(request);
        QVERIFY(!launched.job());  // no iteration yet: nothing is known of its size
        QCOMPARE(launched.notes().size(), 1);
        const auto iteration = [](double step, double reduce) {
            return QJsonObject {{QStringLiteral("step_ms"), step},
                                {QStringLiteral("allreduce_ms"), reduce},
                                {QStringLiteral("grad_bytes"), 64e6}};
        };
        launched.iteration(0, iteration(70, 30));
        launched.iteration(0, iteration(300, 30));  // one slow step: the median rides over it
        launched.iteration(0, iteration(72, 30));
        launched.iteration(1, iteration(900, 10));  // another rank's report is not rank 0's
        const auto job = launched.job();
        QVERIFY(job);
        QCOMPARE(job->ranks,
                 (QStringList {QStringLiteral("ubunturdma1"), QStringLiteral("ubunturdma3"),
                               QStringLiteral("ubunturdma5")}));
        QCOMPARE(job->gradientBytes, sim::Bytes(64000000));
        QCOMPARE(job->computeTime, 42 * sim::kNsPerMs);
        QVERIFY(launched.notes().isEmpty());

        // The twin takes a rank named by its server alone.
        const auto built = buildTwin(m_seen, {*job});
        QVERIFY2(built, built ? "" : qPrintable(built.error().message));
        QCOMPARE(built->jobs.size(), 1);
        QCOMPARE(built->jobs.first().ranks.size(), 3);
        QCOMPARE(built->spec.hosts[built->jobs.first().ranks[1]].name,
                 QStringLiteral("ubunturdma3"));
        QCOMPARE(built->jobs.first().computeTime, 42 * sim::kNsPerMs);

        request.job.backend = QStringLiteral("gloo");
        launched.started(request);
        launched.iteration(0, iteration(70, 30));
        QVERIFY(launched.job());
        QVERIFY(launched.notes().value(0).contains(QStringLiteral("gloo")));
        launched.finished();
        QVERIFY(!launched.job());
    }

    /// A training run launched through the agents, beside the incast: the twin takes it as
    /// its job (and what its ranks send beside it as bulk flows), and its all-reduce time runs
    /// within 25 % of what the ranks report.
    void launchedTrainingAllReduceIsPredicted()
    {
        QVERIFY(m_agentHosts.size() >= 8);
        experiments::ExperimentQueue queue(nullptr);
        LaunchedTraining launched(queue);
        QList<double> allReduceMs;  // rank 0's reports
        connect(&queue, &experiments::ExperimentQueue::trainingIteration, this,
                [&allReduceMs](int rank, const QString &, const QJsonObject &it) {
                    if (rank == 0)
                        allReduceMs.append(it.value(QStringLiteral("allreduce_ms")).toDouble());
                });
        experiments::ExperimentRequest request;
        request.kind = experiments::ExperimentKind::Training;
        request.job.tool = QStringLiteral("train");
        request.job.backend = QStringLiteral("nccl");
        request.job.modelMb = 32;
        request.job.trainIterations = 100000;
        for (const experiments::ExperimentHost &h : std::as_const(m_agentHosts)) {
            if (h.name == QLatin1String("ubunturdma1") || h.name == QLatin1String("ubunturdma3")
                || h.name == QLatin1String("ubunturdma5") || h.name == QLatin1String("ubunturdma7"))
                request.hosts.append(h);
        }
        QCOMPARE(request.hosts.size(), 4);
        queue.enqueue({request});
        QTRY_VERIFY_WITH_TIMEOUT(allReduceMs.size() >= 4, 30000);
        const auto job = launched.job();
        QVERIFY(job);
        QCOMPARE(job->ranks.size(), 4);
        QVERIFY2(job->stepTime > job->computeTime, qPrintable(QString::number(job->stepTime)));

        // Watch with the job running; what the ranks report meanwhile is the truth.
        const qsizetype before = allReduceMs.size();
        m_observer->start();
        QTest::qWait(4000);
        QTRY_VERIFY_WITH_TIMEOUT(m_observer->configsRead(), 20000);
        m_observer->stop();
        const QList<double> during = allReduceMs.mid(before);
        queue.cancel();
        QVERIFY(during.size() >= 3);
        double observed = 0;
        for (double ms : during)
            observed += ms / double(during.size());

        const auto built = buildTwin(m_observer->observation(), {*launched.job()});
        QVERIFY2(built, built ? "" : qPrintable(built.error().message));
        QCOMPARE(built->jobs.size(), 1);
        // The incast's senders among the ranks still send beside the job.
        QVERIFY2(built->flows.size() >= 5, qPrintable(QString::number(built->flows.size())));
        const PreviewOptions preview = shortPreview(500, 3000);
        const auto predicted = previewChange(*built, *parseChange(kKminHalf), preview);
        QVERIFY2(predicted, predicted ? "" : qPrintable(predicted.error().message));
        const double twin = predicted->current.allReduceMs.value(0);
        qInfo("all-reduce: reported %.1f ms (%lld iterations), twin %.1f ms, with the change "
              "%.1f ms",
              observed, qlonglong(during.size()), twin, predicted->proposed.allReduceMs.value(0));
        QVERIFY2(std::abs(twin - observed) <= 0.25 * observed,
                 qPrintable(QStringLiteral("%1 against %2").arg(twin).arg(observed)));
        QTRY_VERIFY_WITH_TIMEOUT(!queue.busy(), 20000);
    }

    /// The change applied to the served fabric (the closed loop of --verify).
    void changeAppliedThroughTheFabric()
    {
        live::LiveFabric &hub = *m_hub;
        const live::FabricPlan &plan = m_plan;
        TwinObserver &observer = *m_observer;
        const TwinObservation &seen = m_seen;
        // The change applied to the served fabric: its switch over cli_conf, every NIC through
        // its agent; the running-config and the agents' files then say so.
        ChangeApplier applier;
        QSignalSpy finished(&applier, &ChangeApplier::finished);
        auto withNic = parseChange(kKminHalf + QStringLiteral("ecn/roce_rp/rpg_time_reset 600\n"));
        QVERIFY(withNic);
        applier.apply(plan, *withNic, seen.nicConfigs);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
        QVERIFY2(finished.first().at(0).toStringList().isEmpty(),
                 qPrintable(finished.first().at(0).toStringList().join(QLatin1Char('\n'))));
        QCOMPARE(finished.first().at(1).toInt(), 1);
        QCOMPARE(finished.first().at(2).toInt(), 8);
        // The same observer again: a Nexus holds 5 NX-API sessions, the live model has two.
        observer.start();
        QTRY_VERIFY2_WITH_TIMEOUT(
            observer.configsRead(),
            qPrintable(observer.observation().problems.join(QLatin1Char('\n'))), 20000);
        // Its running-config is read at once, the ports' rates with the next frames.
        const auto kminNow = [&observer]() -> sim::Bytes {
            const auto after = buildTwin(observer.observation(), {});
            return after ? after->queuing[0].wred.kmin : -1;
        };
        QTRY_COMPARE_WITH_TIMEOUT(kminNow(), sim::Bytes(75 * 1000), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(hub.configs()
                                         .value(QStringLiteral("ubunturdma1"))
                                         .value(QStringLiteral("nics"))
                                         .toArray()
                                         .first()
                                         .toObject()
                                         .value(QStringLiteral("roce_rp"))
                                         .toObject()
                                         .value(QStringLiteral("rpg_time_reset"))
                                         .toString()
                                     == QStringLiteral("600"),
                                 20000);

        // A line the switch refuses comes back in its words; nothing is counted as changed.
        ChangeApplier refusing;
        QSignalSpy refusedSpy(&refusing, &ChangeApplier::finished);
        refusing.apply(plan, *parseChange(QStringLiteral("frobnicate the queues\n")), {});
        QTRY_COMPARE_WITH_TIMEOUT(refusedSpy.size(), 1, 20000);
        const QStringList errors = refusedSpy.first().at(0).toStringList();
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().contains(QStringLiteral("Invalid command")),
                 qPrintable(errors.first()));
        QCOMPARE(refusedSpy.first().at(1).toInt(), 0);
    }

private:
    std::unique_ptr<live::LiveFabric> m_hub;
    std::unique_ptr<sim::SimulatedFabricPlan> m_simulated;
    live::FabricPlan m_plan;
    std::unique_ptr<TwinObserver> m_observer;
    TwinObservation m_seen;
    TwinModel m_twin;
    QList<experiments::ExperimentHost> m_agentHosts;  ///< the served agents, to launch jobs
};

QTEST_GUILESS_MAIN(TestTwin)
#include "tst_twin.moc"
