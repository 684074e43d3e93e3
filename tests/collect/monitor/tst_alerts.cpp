// Alert rules on synthetic switch updates, and the event list model they feed.
#include "collect/monitor/alerts.h"
#include "collect/monitor/nicrates.h"
#include "live/itemmodels/eventlistmodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace roce::monitor;
using roce::model::PortSample;
using roce::model::SourceFrame;
using roce::models::EventListModel;

namespace {

PortSample row(const QString &name, double drops = 0, double txPause = 0, double rxPause = 0,
               double ecn = 0, double outUtil = 50, const QString &state = QStringLiteral("up"))
{
    PortSample p;
    p.id = roce::model::PortId::fromKey(name, roce::model::PortId::Kind::Switch);
    p.state = state;
    p.set(roce::model::Metric::MmuDrops, drops);
    p.set(roce::model::Metric::EgressDrops, 0);
    p.set(roce::model::Metric::TxPause, txPause);
    p.set(roce::model::Metric::RxPause, rxPause);
    p.set(roce::model::Metric::Ecn, ecn);
    p.set(roce::model::Metric::OutUtil, outUtil);
    return p;
}

SourceFrame update(qint64 ms, QList<PortSample> ports)
{
    SourceFrame u;
    u.takenMs = ms;
    u.ports = std::move(ports);
    return u;
}

const Alert *find(const QList<Alert> &list, const QString &rule, const QString &port)
{
    for (const Alert &a : list) {
        if (a.rule == rule && a.port == port)
            return &a;
    }
    return nullptr;
}

}  // namespace

class TestAlerts : public QObject
{
    Q_OBJECT

private slots:
    void dropsRaiseAndClear();
    void pauseStormNeedsSustainedPauses();
    void pausesWithoutEcn();
    void linkDown();
    void memoryFollowsPortsThatMoveOrPause();
    void switchUnreachable();
    void eventListModel();
    void nicRatesFromAgentSamples();
    void nicAlertsAreScopedToTheirHost();
    void nicBufferDiscardsRaiseGenericAlerts();
    void agentUnreachable();
    void clockSkew();
    void samplesGoOnTheConsoleClock();
};

void TestAlerts::dropsRaiseAndClear()
{
    AlertEngine engine;
    auto changes = engine.evaluate(update(
        1000, {row(QStringLiteral("Ethernet1/1/1"), 1.8e6), row(QStringLiteral("Ethernet1/1/2"))}));
    QCOMPARE(changes.size(), 1);
    const Alert *a
        = find(changes, QStringLiteral("lossless_drops"), QStringLiteral("Ethernet1/1/1"));
    QVERIFY(a);
    QCOMPARE(a->severity, Alert::Severity::Critical);
    QVERIFY(a->active);
    QCOMPARE(a->value, 1.8e6);
    QVERIFY(a->check.contains(QLatin1String("rocectl audit")));
    // Held: the same alert, updated, not a new one.
    changes = engine.evaluate(update(2000, {row(QStringLiteral("Ethernet1/1/1"), 1.7e6)}));
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes[0].firstMs, 1000);
    QCOMPARE(changes[0].lastMs, 2000);
    QCOMPARE(engine.active().size(), 1);
    // Drops stop: cleared.
    changes = engine.evaluate(update(3000, {row(QStringLiteral("Ethernet1/1/1"), 0)}));
    QCOMPARE(changes.size(), 1);
    QVERIFY(!changes[0].active);
    QVERIFY(engine.active().isEmpty());
}

void TestAlerts::pauseStormNeedsSustainedPauses()
{
    AlertEngine engine;
    // The peer pauses a port that sends almost nothing: a storm after three polls, not before.
    const PortSample storm = row(QStringLiteral("Ethernet1/2/2"), 0, 0, 5000, 1, 0.5);
    QVERIFY(
        !find(engine.evaluate(update(1000, {storm})), QStringLiteral("pause_storm"), storm.name()));
    QVERIFY(
        !find(engine.evaluate(update(2000, {storm})), QStringLiteral("pause_storm"), storm.name()));
    QVERIFY(
        find(engine.evaluate(update(3000, {storm})), QStringLiteral("pause_storm"), storm.name()));
    // Pauses while the port sends at rate are congestion, not a storm.
    AlertEngine busy;
    const PortSample congested = row(QStringLiteral("Ethernet1/2/2"), 0, 0, 5000, 1, 95);
    for (int i = 0; i < 5; ++i)
        QVERIFY(!find(busy.evaluate(update(1000 * i, {congested})), QStringLiteral("pause_storm"),
                      congested.name()));
}

void TestAlerts::pausesWithoutEcn()
{
    AlertEngine engine;
    auto changes = engine.evaluate(update(
        1000,
        {row(QStringLiteral("Ethernet1/1/1"), 0, 20000), row(QStringLiteral("Ethernet1/1/2"))}));
    QVERIFY(find(changes, QStringLiteral("pfc_without_ecn"), QStringLiteral("Ethernet1/1/1")));
    // With ECN marks somewhere on the switch, pauses are DCQCN's backstop: no alert.
    AlertEngine dcqcn;
    changes = dcqcn.evaluate(update(1000,
                                    {row(QStringLiteral("Ethernet1/1/1"), 0, 200),
                                     row(QStringLiteral("Ethernet1/1/2"), 0, 0, 0, 900)}));
    QVERIFY(!find(changes, QStringLiteral("pfc_without_ecn"), QStringLiteral("Ethernet1/1/1")));
}

void TestAlerts::linkDown()
{
    AlertEngine engine;
    QVERIFY(engine
                .evaluate(update(
                    1000,
                    {row(QStringLiteral("Ethernet1/1/3"), 0, 0, 0, 0, 0, QStringLiteral("down"))}))
                .isEmpty());  // down from the start with nothing behind it: an unused port
    // Down from the start with a peer named behind it: a cabled link that does not come up.
    PortSample cabled = row(QStringLiteral("Ethernet1/1/4"), 0, 0, 0, 0, 0, QStringLiteral("down"));
    cabled.peer = QStringLiteral("esxi-a");
    const auto first = engine.evaluate(update(1000, {cabled}));
    const Alert *down = find(first, QStringLiteral("link_down"), QStringLiteral("Ethernet1/1/4"));
    QVERIFY(down);
    QCOMPARE(down->severity, Alert::Severity::Critical);
    QVERIFY2(down->meaning.contains(QStringLiteral("esxi-a")), qPrintable(down->meaning));
    engine.evaluate(update(1000, {row(QStringLiteral("Ethernet1/1/1"))}));
    auto changes = engine.evaluate(update(
        2000, {row(QStringLiteral("Ethernet1/1/1"), 0, 0, 0, 0, 0, QStringLiteral("down"))}));
    QVERIFY(find(changes, QStringLiteral("link_down"), QStringLiteral("Ethernet1/1/1")));
    changes = engine.evaluate(update(
        3000, {row(QStringLiteral("Ethernet1/1/1"), 0, 0, 0, 0, 0, QStringLiteral("down"))}));
    QCOMPARE(changes.size(), 1);
    QVERIFY(changes[0].active);  // held while down
    changes = engine.evaluate(update(4000, {row(QStringLiteral("Ethernet1/1/1"))}));
    QVERIFY(!changes[0].active);
}

void TestAlerts::memoryFollowsPortsThatMoveOrPause()
{
    // What the engine remembers of a port (storm polls, its last link state) is kept by port,
    // whatever the order a source sends its ports in and whether a frame leaves one out.
    AlertEngine engine;
    const PortSample storm = row(QStringLiteral("Ethernet1/2/2"), 0, 0, 5000, 1, 0.5);
    const PortSample quiet = row(QStringLiteral("Ethernet1/2/1"));
    const PortSample other = row(QStringLiteral("Ethernet1/2/3"));
    QVERIFY(!find(engine.evaluate(update(1000, {storm, quiet})), QStringLiteral("pause_storm"),
                  storm.name()));
    QVERIFY(!find(engine.evaluate(update(2000, {quiet, other, storm})),
                  QStringLiteral("pause_storm"), storm.name()));
    QVERIFY(find(engine.evaluate(update(3000, {other, storm})), QStringLiteral("pause_storm"),
                 storm.name()));
    // Up, then left out of a frame, then back down: still a link that went down.
    engine.evaluate(update(4000, {quiet}));
    auto changes = engine.evaluate(update(
        5000,
        {other, row(QStringLiteral("Ethernet1/2/1"), 0, 0, 0, 0, 0, QStringLiteral("down"))}));
    QVERIFY(find(changes, QStringLiteral("link_down"), QStringLiteral("Ethernet1/2/1")));
    QVERIFY(!find(changes, QStringLiteral("link_down"), QStringLiteral("Ethernet1/2/3")));
}

void TestAlerts::switchUnreachable()
{
    AlertEngine engine;
    auto changes = engine.switchUnreachable(QStringLiteral("leaf1"),
                                            QStringLiteral("https://sw/ins did not answer"), 1000);
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes[0].rule, QStringLiteral("switch_unreachable"));
    QCOMPARE(changes[0].port, QStringLiteral("leaf1"));
    QCOMPARE(changes[0].meaning, QStringLiteral("https://sw/ins did not answer"));
    // Each switch is its own: a second one failing is a second alert.
    QCOMPARE(
        engine.switchUnreachable(QStringLiteral("leaf2"), QStringLiteral("refused"), 1100).size(),
        1);
    QCOMPARE(engine.active().size(), 2);
    // Updates do not clear it; only reaching the switch again does, and only that switch.
    QVERIFY(engine.evaluate(update(1500, {row(QStringLiteral("Ethernet1/1/1"))})).isEmpty());
    changes = engine.switchReachable(QStringLiteral("leaf1"), 2000);
    QCOMPARE(changes.size(), 1);
    QVERIFY(!changes[0].active);
    QCOMPARE(engine.active().size(), 1);
}

void TestAlerts::eventListModel()
{
    EventListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    AlertEngine engine;
    model.applyAlerts(engine.evaluate(update(1000, {row(QStringLiteral("Ethernet1/1/1"), 5)})));
    model.applyAlerts(engine.evaluate(update(
        2000, {row(QStringLiteral("Ethernet1/1/1"), 5), row(QStringLiteral("Ethernet1/2/1"), 7)})));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.activeCount(), 2);
    // Newest first.
    QCOMPARE(model.index(0, EventListModel::Port).data().toString(),
             QStringLiteral("Ethernet1/2/1"));
    QCOMPARE(model.index(0, EventListModel::Event).data().toString(),
             QStringLiteral("Ingress MMU drops"));
    QCOMPARE(model.index(0, EventListModel::State).data().toString(), QStringLiteral("active"));
    QVERIFY(model.index(0, 0)
                .data(EventListModel::DetailRole)
                .toString()
                .contains(QLatin1String("What to check")));
    model.applyAlerts(engine.evaluate(update(
        5000, {row(QStringLiteral("Ethernet1/1/1"), 0), row(QStringLiteral("Ethernet1/2/1"), 7)})));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.activeCount(), 1);
    QCOMPARE(model.index(1, EventListModel::State).data().toString(),
             QStringLiteral("cleared after 4 s"));
    // A new episode on the same port is a new row; the list stays bounded.
    model.setMaximum(2);
    model.applyAlerts(engine.evaluate(update(
        6000, {row(QStringLiteral("Ethernet1/1/1"), 3), row(QStringLiteral("Ethernet1/2/1"), 7)})));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.activeCount(), 2);
}

void TestAlerts::nicRatesFromAgentSamples()
{
    auto sample = [](quint64 rxBytes, quint64 cnpSent, quint64 oos, quint64 rxPause3) {
        roce::agentproto::AgentSample s;
        s.hostname = QStringLiteral("ubunturdma2");
        roce::agentproto::RdmaDeviceSample d;
        d.name = QStringLiteral("rocep11s0");
        roce::agentproto::RdmaPortSample p;
        p.state = QStringLiteral("ACTIVE");
        p.netdev = QStringLiteral("ens192");
        p.rateGbps = 25;
        p.counters.insert(QStringLiteral("port_rcv_data_bytes"), rxBytes);
        p.hwCounters.insert(QStringLiteral("np_cnp_sent"), cnpSent);
        p.hwCounters.insert(QStringLiteral("out_of_sequence"), oos);
        d.ports.append(p);
        s.devices.append(d);
        roce::agentproto::NetdevSample n;
        n.name = QStringLiteral("ens192");
        n.ethtool.insert(QStringLiteral("rx_prio3_pause"), rxPause3);
        n.ethtool.insert(QStringLiteral("rx_prio0_pause"), 1);
        s.netdevs.append(n);
        return s;
    };
    NicRateTracker t;
    SourceFrame u = t.update(sample(1'000'000'000, 0xFFFFFF00u, 10, 100), 1000);
    QCOMPARE(u.ports.size(), 1);
    QCOMPARE(u.ports[0].name(), QStringLiteral("ubunturdma2/rocep11s0"));
    QVERIFY(u.ports[0].nic());
    QVERIFY(!u.ports[0].value(roce::model::Metric::InBits));  // first sample: no rate yet
    // 1 s later: 1.25 GB in (10 Gb/s, 40 %), the 32-bit CNP counter wrapped (+0x200),
    // out-of-sequence reset to 0 (driver reload): no rate for it, and it is named.
    u = t.update(sample(2'250'000'000, 0x100, 0, 300), 2000);
    QCOMPARE(*u.ports[0].value(roce::model::Metric::InBits), 10e9);
    QCOMPARE(*u.ports[0].value(roce::model::Metric::InUtil), 40.0);
    QCOMPARE(*u.ports[0].value(roce::model::Metric::CnpSent), double(0x200));
    QVERIFY(!u.ports[0].value(roce::model::Metric::OutOfSeq));
    QVERIFY(u.ports[0].resets.contains(QStringLiteral("out_of_sequence")));
    QCOMPARE(*u.ports[0].value(roce::model::Metric::RxPause), 200.0);  // all priorities summed
}

void TestAlerts::nicAlertsAreScopedToTheirHost()
{
    AlertEngine engine;
    PortSample nic;
    nic.id = roce::model::PortId::fromKey(QStringLiteral("host3/mlx5_0"),
                                          roce::model::PortId::Kind::Nic);
    nic.state = QStringLiteral("up");
    nic.set(roce::model::Metric::CnpIgnored,
            1200);  // ECN off on the sender: CNPs arrive and are ignored
    nic.set(roce::model::Metric::CnpSent, 0);
    nic.set(roce::model::Metric::Ecn, 0);
    SourceFrame host = update(1000, {nic});
    host.source = QStringLiteral("host3");
    QList<Alert> changes = engine.evaluate(host);
    const Alert *ignored = find(changes, QStringLiteral("cnp_ignored"), nic.name());
    QVERIFY(ignored);
    QCOMPARE(ignored->source, QStringLiteral("host3"));
    QCOMPARE(ignored->value, 1200.0);
    QVERIFY(ignored->check.contains(QStringLiteral("roce_rp/enable/3")));

    // A switch poll, or another host's sample, says nothing about host3: the alert stays.
    SourceFrame sw = update(2000, {row(QStringLiteral("Ethernet1/1"))});
    sw.source = QStringLiteral("nexus");
    QVERIFY(!find(engine.evaluate(sw), QStringLiteral("cnp_ignored"), nic.name()));
    SourceFrame other = update(2100, {});
    other.source = QStringLiteral("host4");
    QVERIFY(engine.evaluate(other).isEmpty());
    QCOMPARE(engine.active().size(), 1);

    // CNPs sent while no CE mark is counted: the other NIC rule.
    nic.set(roce::model::Metric::CnpIgnored, 0);
    nic.set(roce::model::Metric::CnpSent, 300);
    host = update(3000, {nic});
    host.source = QStringLiteral("host3");
    changes = engine.evaluate(host);
    const Alert *cleared = find(changes, QStringLiteral("cnp_ignored"), nic.name());
    QVERIFY(cleared && !cleared->active);
    QVERIFY(find(changes, QStringLiteral("cnp_without_ce"), nic.name()));
    // With CE marks counted, sending CNPs is what DCQCN should do: no alert.
    nic.set(roce::model::Metric::Ecn, 350);
    host = update(4000, {nic});
    host.source = QStringLiteral("host3");
    changes = engine.evaluate(host);
    QVERIFY(!find(changes, QStringLiteral("cnp_without_ce"), nic.name())->active);
    QVERIFY(engine.active().isEmpty());
    // A NIC that sends pauses is not "PFC without ECN" (that rule reads the switch's queues).
    nic.set(roce::model::Metric::TxPause, 500);
    host = update(5000, {nic});
    host.source = QStringLiteral("host3");
    QVERIFY(engine.evaluate(host).isEmpty());
}

void TestAlerts::nicBufferDiscardsRaiseGenericAlerts()
{
    // A receiver that does not drain its NIC: rx_discards_phy (and the per-priority
    // rx_prio3_discards) rise between two agent samples, out_of_buffer does not. The metric
    // table marks the three as alerting, so the generic rule raises one alert per rising
    // counter, named by the metric's key and worded from the table.
    auto sample = [](quint64 discardsPhy, quint64 prio3Discards, quint64 outOfBuffer) {
        roce::agentproto::AgentSample s;
        s.hostname = QStringLiteral("ubunturdma6");
        roce::agentproto::RdmaDeviceSample d;
        d.name = QStringLiteral("mlx5_0");
        roce::agentproto::RdmaPortSample p;
        p.state = QStringLiteral("ACTIVE");
        p.netdev = QStringLiteral("ens1f0np0");
        p.rateGbps = 25;
        p.hwCounters.insert(QStringLiteral("out_of_buffer"), outOfBuffer);
        d.ports.append(p);
        s.devices.append(d);
        roce::agentproto::NetdevSample n;
        n.name = QStringLiteral("ens1f0np0");
        n.ethtool.insert(QStringLiteral("rx_discards_phy"), discardsPhy);
        n.ethtool.insert(QStringLiteral("rx_prio3_discards"), prio3Discards);
        n.ethtool.insert(QStringLiteral("rx_prio0_discards"), 7);
        s.netdevs.append(n);
        return s;
    };
    using roce::model::Metric;
    NicRateTracker tracker;
    AlertEngine engine;
    SourceFrame u = tracker.update(sample(100, 100, 35), 1000);
    QVERIFY(engine.evaluate(u).isEmpty());  // first sample: no rates, no alerts
    u = tracker.update(sample(1600, 1600, 35), 2000);
    QCOMPARE(u.ports.size(), 1);
    const PortSample &nic = u.ports[0];
    QCOMPARE(*nic.value(Metric::RxDiscardsPhy), 1500.0);
    QCOMPARE(*nic.value(Metric::PrioDiscards), 1500.0);  // rx_prio*_discards summed
    QCOMPARE(*nic.value(Metric::OutOfBuffer), 0.0);
    QList<Alert> changes = engine.evaluate(u);
    const Alert *phy = find(changes, QStringLiteral("rx_discards_phy"), nic.name());
    QVERIFY(phy);
    QVERIFY(phy->active);
    QCOMPARE(phy->severity, Alert::Severity::Critical);
    QCOMPARE(phy->source, QStringLiteral("ubunturdma6"));
    QCOMPARE(phy->value, 1500.0);
    QCOMPARE(phy->title, roce::model::metricSeries(Metric::RxDiscardsPhy));
    QVERIFY(phy->check.contains(QLatin1String("ethtool:rx_discards_phy")));
    QVERIFY(find(changes, QStringLiteral("rx_prio_discards"), nic.name()));
    QVERIFY(!find(changes, QStringLiteral("out_of_buffer"), nic.name()));
    QCOMPARE(engine.active().size(), 2);
    // The discards stop: both alerts clear. (`nic` refers into the frame replaced here.)
    const QString nicName = nic.name();
    u = tracker.update(sample(1600, 1600, 35), 3000);
    changes = engine.evaluate(u);
    const Alert *cleared = find(changes, QStringLiteral("rx_discards_phy"), nicName);
    QVERIFY(cleared && !cleared->active);
    QVERIFY(engine.active().isEmpty());
}

void TestAlerts::agentUnreachable()
{
    AlertEngine engine;
    QList<Alert> changes = engine.agentUnreachable(QStringLiteral("10.0.0.3:9443"),
                                                   QStringLiteral("Connection refused"), 1000);
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes.first().rule, QStringLiteral("agent_unreachable"));
    QCOMPARE(changes.first().meaning, QStringLiteral("Connection refused"));
    QVERIFY(changes.first().check.contains(QStringLiteral("10.0.0.3:9443")));
    // Samples from other sources do not clear it; the agent answering again does.
    SourceFrame sw = update(2000, {row(QStringLiteral("Ethernet1/1"))});
    sw.source = QStringLiteral("nexus");
    engine.evaluate(sw);
    QCOMPARE(engine.active().size(), 1);
    changes = engine.agentReachable(QStringLiteral("10.0.0.3:9443"), 3000);
    QCOMPARE(changes.size(), 1);
    QVERIFY(!changes.first().active);
    QVERIFY(engine.active().isEmpty());
}

void TestAlerts::clockSkew()
{
    AlertEngine engine;
    PortSample nic;
    nic.id = roce::model::PortId::fromKey(QStringLiteral("host8/mlx5_0"),
                                          roce::model::PortId::Kind::Nic);
    nic.state = QStringLiteral("up");
    nic.clockOffsetMs = 150;  // within the default 200 ms: no alert
    SourceFrame u = update(1000, {nic});
    u.source = QStringLiteral("host8");
    QVERIFY(engine.evaluate(u).isEmpty());
    nic.clockOffsetMs = -340;
    u = update(2000, {nic});
    u.source = QStringLiteral("host8");
    const QList<Alert> changes = engine.evaluate(u);
    const Alert *skew = find(changes, QStringLiteral("clock_skew"), nic.name());
    QVERIFY(skew);
    QVERIFY(skew->meaning.contains(QStringLiteral("-340 ms")));
}

void TestAlerts::samplesGoOnTheConsoleClock()
{
    // An agent 340 ms ahead: once its clock is measured, its samples are placed at its own
    // time minus the offset, not at their (jittery) arrival; never after the arrival.
    roce::agentproto::AgentSample s;
    s.hostname = QStringLiteral("host8");
    NicRateTracker tracker;
    s.wallMs = 100'340;
    QCOMPARE(tracker.update(s, 100'050).takenMs, 100'050);  // no estimate yet: arrival
    tracker.addClockMeasurement(360, 40);                   // a slow round trip: a poorer estimate
    tracker.addClockMeasurement(340, 2);                    // the best: kept
    tracker.addClockMeasurement(300, 30);
    QCOMPARE(tracker.update(s, 100'050).takenMs, 100'000);
    s.wallMs = 100'500;
    QCOMPARE(tracker.update(s, 100'120).takenMs, 100'120);  // would be in the future: arrival
}

QTEST_GUILESS_MAIN(TestAlerts)
#include "tst_alerts.moc"
