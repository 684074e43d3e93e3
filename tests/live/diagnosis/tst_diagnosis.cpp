// The diagnosis on the live model: synthetic polls and samples through the hub, as sources
// post them, and the findings it names (cause, location, evidence, the alerts it explains);
// the findings' item model. The same engine on real served fabrics: tst_diagnosisserved.
#include "live/diagnosis/diagnosisengine.h"
#include "live/hub/livefabric.h"
#include "live/itemmodels/findingmodel.h"
#include "live/recording/recorder.h"
#include "live/recording/recordingreader.h"
#include "live/recording/replaydriver.h"
#include "sim/engine/makefabric.h"
#include "sim/feeds/largefabricfeed.h"
#include "sim/observe/fabricrows.h"
#include "sim/scenarios/livescenario.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace roce;
using model::Metric;
using model::PortId;

namespace {

using PortFill = std::function<void(model::PortSample &)>;

/// A switch port cabled (LLDP) to @p peer's @p peerPort.
model::PortSample switchPort(const QString &sw, const QString &port, const QString &peer,
                             const QString &peerPort)
{
    model::PortSample s;
    s.id = PortId::switchPort(sw, port);
    s.peer = peer;
    s.peerPort = peerPort;
    s.state = QStringLiteral("up");
    s.set(Metric::InUtil, 10);
    s.set(Metric::OutUtil, 10);
    for (Metric m : {Metric::RxPause, Metric::TxPause, Metric::MmuDrops, Metric::EgressDrops,
                     Metric::WatchdogDrops, Metric::Ecn, Metric::InErrors})
        s.set(m, 0);
    return s;
}

/// NIC mlx5_0 of @p host on netdev ens1.
model::PortSample nic(const QString &host)
{
    model::PortSample s;
    s.id = PortId::nicPort(host, QStringLiteral("mlx5_0"));
    s.peer = QStringLiteral("ens1");
    s.state = QStringLiteral("up");
    s.set(Metric::InUtil, 10);
    s.set(Metric::OutUtil, 10);
    for (Metric m : {Metric::RxPause, Metric::TxPause, Metric::Ecn, Metric::CnpSent,
                     Metric::CnpHandled, Metric::CnpIgnored, Metric::RxDiscardsPhy,
                     Metric::PrioDiscards, Metric::InErrors, Metric::OutOfSeq})
        s.set(m, 0);
    s.set(Metric::RdmaOutBits, 1e9);
    s.set(Metric::LosslessOutBits, 1e9);
    return s;
}

/// One switch "sw1" with servers h1..h4 on Ethernet1/1..4, driven a second at a time.
class SingleSwitch
{
public:
    explicit SingleSwitch(live::LiveFabric &hub) : m_hub(hub)
    {
        m_hub.setClock([this] { return m_now; });
    }
    /// One second: the switch's poll and every NIC's sample, each port shaped by @p fill.
    void second(const std::function<void(model::PortSample &)> &fill = {})
    {
        m_now += 1000;
        model::SourceFrame sw;
        sw.source = QStringLiteral("sw1");
        sw.takenMs = m_now;
        for (int h = 1; h <= 4; ++h) {
            model::PortSample p
                = switchPort(QStringLiteral("sw1"), QStringLiteral("Ethernet1/%1").arg(h),
                             QStringLiteral("h%1").arg(h), QStringLiteral("ens1"));
            if (fill)
                fill(p);
            sw.ports.append(p);
        }
        m_hub.ingest(sw, QStringLiteral("switch"));
        for (int h = 1; h <= 4; ++h) {
            model::SourceFrame f;
            f.source = QStringLiteral("h%1").arg(h);
            f.origin = f.source + QStringLiteral(":18471");
            f.takenMs = m_now;
            model::PortSample n = nic(f.source);
            if (fill)
                fill(n);
            f.ports.append(n);
            m_hub.ingest(f, QStringLiteral("agent"));
        }
        m_hub.tick();
    }
    qint64 now() const { return m_now; }

private:
    live::LiveFabric &m_hub;
    qint64 m_now = 1'700'000'000'000;
};

QList<diagnosis::Finding> aboveInfo(const live::LiveFabric &hub)
{
    QList<diagnosis::Finding> out;
    for (const diagnosis::Finding &f : hub.diagnosis().active()) {
        if (f.severity > diagnosis::Severity::Info)
            out.append(f);
    }
    return out;
}

/// A pingmesh verdict of @p kind on @p subject (a host for "host" and "slow_host", else a
/// port), with @p evidence.
pingmesh::Verdict verdict(const QString &kind, const QString &subject, const QJsonObject &evidence)
{
    pingmesh::Verdict v;
    v.kind = kind;
    if (kind == QLatin1String("host") || kind == QLatin1String("slow_host"))
        v.host = subject;
    else
        v.port = subject;
    v.evidence = evidence;
    return v;
}

QString describe(const QList<diagnosis::Finding> &findings)
{
    QStringList out;
    for (const diagnosis::Finding &f : findings)
        out.append(f.key());
    return out.join(QLatin1String(", "));
}

/// Three seconds of leaf1 (h1 on Ethernet1/1) whose uplinks Ethernet1/31.. to spine1.. send
/// @p uplinkUtil percent each, with the spines' ends of those cables.
void leafWithUplinks(live::LiveFabric &hub, qint64 &now, const QList<double> &uplinkUtil)
{
    for (int s = 0; s < 3; ++s) {
        now += 1000;
        model::SourceFrame leaf;
        leaf.source = QStringLiteral("leaf1");
        leaf.takenMs = now;
        // 100G servers, 16 of them behind 2 non-blocking 800G uplinks.
        auto down = switchPort(QStringLiteral("leaf1"), QStringLiteral("Ethernet1/1"),
                               QStringLiteral("h1"), QStringLiteral("ens1"));
        down.lineBps = 100e9;
        leaf.ports.append(down);
        for (int u = 1; u <= uplinkUtil.size(); ++u) {
            auto up
                = switchPort(QStringLiteral("leaf1"), QStringLiteral("Ethernet1/%1").arg(30 + u),
                             QStringLiteral("spine%1").arg(u), QStringLiteral("Ethernet1/1"));
            up.lineBps = 800e9;
            up.set(Metric::OutUtil, uplinkUtil.at(u - 1));
            up.set(Metric::OutBits, uplinkUtil.at(u - 1) / 100 * 800e9);
            leaf.ports.append(up);
        }
        hub.ingest(leaf, QStringLiteral("switch"));
        for (int u = 1; u <= uplinkUtil.size(); ++u) {
            model::SourceFrame spine;
            spine.source = QStringLiteral("spine%1").arg(u);
            spine.takenMs = now;
            spine.ports.append(switchPort(spine.source, QStringLiteral("Ethernet1/1"),
                                          QStringLiteral("leaf1"),
                                          QStringLiteral("Ethernet1/%1").arg(30 + u)));
            hub.ingest(spine, QStringLiteral("switch"));
        }
        hub.tick();
    }
}

/// After 3 healthy seconds, h2's cable (sw1/Ethernet1/2) is down for 4 s while the pingmesh
/// holds @p verdict, then back up for 5 s: the link is named while it is down, and nothing
/// (not the verdict's host or cable) after.
/// h4 stops draining: it pauses its port without end; the switch's ingress from h1..h3
/// fills and pauses them; they can hardly send.
void stallH4(model::PortSample &p)
{
    const QString id = p.name();
    if (id == QLatin1String("h4/mlx5_0")) {
        p.set(Metric::TxPause, 1500);
    } else if (id == QLatin1String("sw1/Ethernet1/4")) {
        p.set(Metric::RxPause, 1500);
        p.set(Metric::OutUtil, 0.3);
    } else if (p.nic()) {
        p.set(Metric::RxPause, 1200);
        p.set(Metric::OutUtil, 0.5);
    } else {
        p.set(Metric::TxPause, 1200);
    }
}

void takeH2DownWith(live::LiveFabric &hub, SingleSwitch &fabric, const pingmesh::Verdict &verdict)
{
    for (int s = 0; s < 3; ++s)
        fabric.second();
    const auto down = [](model::PortSample &p) {
        if (p.name() == QLatin1String("sw1/Ethernet1/2") || p.name() == QLatin1String("h2/mlx5_0"))
            p.state = QStringLiteral("down");
    };
    hub.raiseFindings(QStringLiteral("pingmesh"), {verdict});
    for (int s = 0; s < 4; ++s)
        fabric.second(down);
    QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("link_down|sw1/Ethernet1/2"));
    for (int s = 0; s < 5; ++s)
        fabric.second();
    QVERIFY2(aboveInfo(hub).isEmpty(), qPrintable(describe(aboveInfo(hub))));
}

}  // namespace

class TestDiagnosis : public QObject
{
    Q_OBJECT

private slots:
    void stalledNicIsTheRootAndItsVictimsAreNamedAsSuch();
    void pauseTreeCrossesTheSpines();
    void downLinkIsRaisedThenClearedWhenItComesBack();
    void healthyIncastGivesNothingAboveInfo();
    void aSwitchThatMarksElsewhereIsNotOneThatNeverMarks();
    void configurationIsEvidenceAtOnce();
    void corruptedFramesNameTheCable();
    void crcErrorsSecondsApartHoldOneFinding();
    void recabledPortsAreWalkedAsTheyAreNow();
    void lostLosslessTrafficWithPausesIsTheWrongCos();
    void rdmaOutsideTheLosslessPriorityNamesTheHost();
    void unevenUplinksNameTheLeaf();
    void slowHostComesFromTheLatencyVerdict();
    void latencyBehindABusyPortIsNotASlowHost();
    void queuedProbesAreCongestionThere();
    void slowHostByItsOwnClockBehindABusyPort();
    void slowRankAmongEquallyBusyPortsIsTheHost();
    void latencyThroughADownLinkIsNotASlowHost();
    void lossThroughADownLinkIsNotABadCable();
    void lossAtAStalledNicIsNotABadCable();
    void theLargeFabricsRowsShowEachFault_data();
    void theLargeFabricsRowsShowEachFault();
    void findingsRoundTripThroughJson();
    void aRecordingReplaysItsFindings();
    void findingModelShowsCausesAndTheirSymptoms();
};

void TestDiagnosis::stalledNicIsTheRootAndItsVictimsAreNamedAsSuch()
{
    live::LiveFabric hub;
    // The hub's findings model, sorted as the Diagnosis view sorts it, checked all along.
    QAbstractItemModelTester modelTester(hub.findings(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel sorted;
    sorted.setSourceModel(hub.findings());
    sorted.setSortRole(models::FindingModel::SortRole);
    sorted.setDynamicSortFilter(true);
    sorted.sort(0);
    QAbstractItemModelTester proxyTester(&sorted,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    SingleSwitch fabric(hub);
    const auto stall = [](model::PortSample &p) {
        stallH4(p);
        if (p.name() == QLatin1String("h1/mlx5_0"))
            p.clockOffsetMs = 900;  // and h1's clock is off: no stall makes that
    };
    for (int s = 0; s < 5; ++s)
        fabric.second(stall);
    const QList<diagnosis::Finding> found = aboveInfo(hub);
    QCOMPARE(describe(found), QStringLiteral("nic_stall|h4/mlx5_0"));
    const diagnosis::Finding &f = found.first();
    QCOMPARE(f.severity, diagnosis::Severity::Critical);
    QVERIFY(f.raisedMs > f.sinceMs);  // held two evaluations before it was raised
    for (const QString &victim :
         {QStringLiteral("h1/mlx5_0"), QStringLiteral("h2/mlx5_0"), QStringLiteral("h3/mlx5_0")})
        QVERIFY2(f.victims.contains(victim), qPrintable(f.victims.join(QLatin1Char(' '))));
    QVERIFY(!f.victims.contains(QStringLiteral("h4/mlx5_0")));
    bool edge = false;
    for (const diagnosis::PauseEdge &e : f.pauseTree)
        edge = edge
            || (e.victim == QLatin1String("h1/mlx5_0")
                && e.pauser == QLatin1String("sw1/Ethernet1/1"));
    QVERIFY(edge);
    // Every fabric alert is a symptom of it: the victims' pause storms, the pausing ports'
    // pfc_without_ecn, the stalled NIC's port's storm. A victim's clock that is off is not:
    // it stays an alert of its own.
    const QList<monitor::Alert> alerts = hub.alerts().active();
    QVERIFY(alerts.size() >= 6);
    bool clock = false;
    for (const monitor::Alert &a : alerts) {
        if (a.rule == QLatin1String("clock_skew")) {
            clock = true;
            QVERIFY2(!f.explains.contains(a.key()), qPrintable(a.key()));
            QVERIFY(a.finding.isEmpty());
            continue;
        }
        QVERIFY2(f.explains.contains(a.key()), qPrintable(a.key()));
        QCOMPARE(a.finding, f.key());
    }
    QVERIFY(clock);
    // A victim's alert says who pauses it, not "the host behind" it.
    for (const monitor::Alert &a : alerts) {
        if (a.rule == QLatin1String("pause_storm") && a.port == QLatin1String("h1/mlx5_0")) {
            QVERIFY2(a.cause.contains(QStringLiteral("paused by sw1/Ethernet1/1")),
                     qPrintable(a.cause));
            QVERIFY(a.cause.contains(QStringLiteral("h4/mlx5_0")));
            QVERIFY(!a.check.contains(QStringLiteral("The host behind")));
        }
    }
    // The watch frame carries it.
    const QJsonArray findings = hub.snapshotJson().value(QStringLiteral("findings")).toArray();
    QCOMPARE(findings.size(), 1);
    QCOMPARE(findings.first().toObject().value(QStringLiteral("kind")).toString(),
             QStringLiteral("nic_stall"));
}

void TestDiagnosis::pauseTreeCrossesTheSpines()
{
    // h1 on leaf1 stops draining; leaf1's uplink pauses spine1, spine1's port to leaf2 pauses
    // leaf2, whose port pauses h2: one root, the chain of victims through the spine.
    live::LiveFabric hub;
    qint64 now = 1'700'000'000'000;
    hub.setClock([&now] { return now; });
    const auto poll = [&](const QString &sw, QList<model::PortSample> ports) {
        model::SourceFrame f;
        f.source = sw;
        f.takenMs = now;
        f.ports = std::move(ports);
        hub.ingest(f, QStringLiteral("switch"));
    };
    const auto sample = [&](model::PortSample n) {
        model::SourceFrame f;
        f.source = n.id.device();
        f.takenMs = now;
        f.ports = {std::move(n)};
        hub.ingest(f, QStringLiteral("agent"));
    };
    for (int s = 0; s < 4; ++s) {
        now += 1000;
        auto l1n = switchPort(QStringLiteral("leaf1"), QStringLiteral("Ethernet1/1"),
                              QStringLiteral("h1"), QStringLiteral("ens1"));
        l1n.set(Metric::RxPause, 1500);
        auto l1u = switchPort(QStringLiteral("leaf1"), QStringLiteral("Ethernet1/31"),
                              QStringLiteral("spine1"), QStringLiteral("Ethernet1/1"));
        l1u.set(Metric::TxPause, 900);
        auto s1 = switchPort(QStringLiteral("spine1"), QStringLiteral("Ethernet1/1"),
                             QStringLiteral("leaf1"), QStringLiteral("Ethernet1/31"));
        s1.set(Metric::RxPause, 900);
        auto s2 = switchPort(QStringLiteral("spine1"), QStringLiteral("Ethernet1/2"),
                             QStringLiteral("leaf2"), QStringLiteral("Ethernet1/31"));
        s2.set(Metric::TxPause, 900);
        auto l2u = switchPort(QStringLiteral("leaf2"), QStringLiteral("Ethernet1/31"),
                              QStringLiteral("spine1"), QStringLiteral("Ethernet1/2"));
        l2u.set(Metric::RxPause, 900);
        auto l2n = switchPort(QStringLiteral("leaf2"), QStringLiteral("Ethernet1/1"),
                              QStringLiteral("h2"), QStringLiteral("ens1"));
        l2n.set(Metric::TxPause, 800);
        poll(QStringLiteral("leaf1"), {l1n, l1u});
        poll(QStringLiteral("spine1"), {s1, s2});
        poll(QStringLiteral("leaf2"), {l2u, l2n});
        auto h1 = nic(QStringLiteral("h1"));
        h1.set(Metric::TxPause, 1500);
        auto h2 = nic(QStringLiteral("h2"));
        h2.set(Metric::RxPause, 800);
        sample(h1);
        sample(h2);
        hub.tick();
    }
    const QList<diagnosis::Finding> found = aboveInfo(hub);
    QCOMPARE(describe(found), QStringLiteral("nic_stall|h1/mlx5_0"));
    const QStringList victims = found.first().victims;
    for (const QString &v : {QStringLiteral("spine1/Ethernet1/1"),
                             QStringLiteral("leaf2/Ethernet1/31"), QStringLiteral("h2/mlx5_0")})
        QVERIFY2(victims.contains(v), qPrintable(victims.join(QLatin1Char(' '))));
}

void TestDiagnosis::downLinkIsRaisedThenClearedWhenItComesBack()
{
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    for (int s = 0; s < 3; ++s)
        fabric.second();
    QVERIFY(hub.diagnosis().active().isEmpty());
    const auto down = [](model::PortSample &p) {
        if (p.name() == QLatin1String("sw1/Ethernet1/2") || p.name() == QLatin1String("h2/mlx5_0"))
            p.state = QStringLiteral("down");
    };
    fabric.second(down);
    QVERIFY(aboveInfo(hub).isEmpty());  // one evaluation is not enough
    fabric.second(down);
    QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("link_down|sw1/Ethernet1/2"));
    const diagnosis::Finding f = aboveInfo(hub).first();
    QCOMPARE(f.severity, diagnosis::Severity::Critical);
    bool farEnd = false;
    for (const diagnosis::Evidence &e : f.evidence)
        farEnd = farEnd || (e.id == QLatin1String("h2/mlx5_0") && e.text == QLatin1String("down"));
    QVERIFY(farEnd);
    // Up again: cleared after three evaluations without it, and kept as cleared.
    fabric.second();
    fabric.second();
    QCOMPARE(aboveInfo(hub).size(), 1);
    fabric.second();
    QVERIFY(aboveInfo(hub).isEmpty());
    const QList<diagnosis::Finding> all = hub.diagnosis().all();
    QCOMPARE(all.size(), 1);
    QVERIFY(!all.first().active);
    QVERIFY(all.first().lastMs > all.first().raisedMs);
}

void TestDiagnosis::healthyIncastGivesNothingAboveInfo()
{
    // DCQCN at work: h4's port runs at line rate and marks, h4 sends CNPs, the senders handle
    // them; a pause now and then.
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    for (int s = 0; s < 10; ++s) {
        fabric.second([](model::PortSample &p) {
            if (p.name() == QLatin1String("sw1/Ethernet1/4")) {
                p.set(Metric::OutUtil, 99.5);
                p.set(Metric::Ecn, 21000);
            } else if (p.name() == QLatin1String("h4/mlx5_0")) {
                p.set(Metric::Ecn, 21000);
                p.set(Metric::CnpSent, 3100);
            } else if (p.nic()) {
                p.set(Metric::CnpHandled, 1000);
            } else {
                p.set(Metric::TxPause, 12);
            }
        });
    }
    QVERIFY2(aboveInfo(hub).isEmpty(), qPrintable(describe(aboveInfo(hub))));
}

void TestDiagnosis::aSwitchThatMarksElsewhereIsNotOneThatNeverMarks()
{
    // sw1 pauses h1 (its buffer for h1's traffic is full): the incast into h4 congests
    // Ethernet1/4, which marks. Ethernet1/3 carries a flow at 90 % of the line and marks
    // nothing, having no queue to mark at: the switch's ECN works, and nothing is above info.
    const auto busy = [](bool incastMarks) {
        return [incastMarks](model::PortSample &p) {
            if (p.name() == QLatin1String("sw1/Ethernet1/1")) {
                p.set(Metric::TxPause, 300);
            } else if (p.name() == QLatin1String("h1/mlx5_0")) {
                p.set(Metric::RxPause, 300);
            } else if (p.name() == QLatin1String("sw1/Ethernet1/4")) {
                p.set(Metric::OutUtil, 99.5);
                p.set(Metric::Ecn, incastMarks ? 21000 : 0);
            } else if (p.name() == QLatin1String("sw1/Ethernet1/3")) {
                p.set(Metric::OutUtil, 90);
            }
        };
    };
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    for (int s = 0; s < 4; ++s)
        fabric.second(busy(true));
    QVERIFY2(aboveInfo(hub).isEmpty(), qPrintable(describe(aboveInfo(hub))));
    QVERIFY(
        describe(hub.diagnosis().active()).contains(QLatin1String("congestion|sw1/Ethernet1/4")));

    // The same load where no port marks: the switch's ECN is not marking.
    live::LiveFabric other;
    SingleSwitch unmarked(other);
    for (int s = 0; s < 4; ++s)
        unmarked.second(busy(false));
    QCOMPARE(describe(aboveInfo(other)), QStringLiteral("ecn_not_marking|sw1"));
}

void TestDiagnosis::configurationIsEvidenceAtOnce()
{
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    fabric.second();
    // h2's adapter says its reaction point is off for priority 3: seen, not only inferred.
    hub.reportConfig(
        QStringLiteral("h2"), QStringLiteral("agent"),
        QJsonObject {{QStringLiteral("host"), QStringLiteral("h2")},
                     {QStringLiteral("nics"),
                      QJsonArray {QJsonObject {{QStringLiteral("device"), QStringLiteral("mlx5_0")},
                                               {QStringLiteral("ecn_np"), QJsonArray {3}},
                                               {QStringLiteral("ecn_rp"), QJsonArray {}}}}}});
    hub.reportConfig(
        QStringLiteral("sw1"), QStringLiteral("switch"),
        QJsonObject {
            {QStringLiteral("checks"),
             QJsonArray {QJsonObject {{QStringLiteral("id"), QStringLiteral("pfc_cos_no_drop")},
                                      {QStringLiteral("status"), QStringLiteral("fail")},
                                      {QStringLiteral("summary"),
                                       QStringLiteral("pause pfc-cos 4, RoCE on CoS 3")}},
                         QJsonObject {{QStringLiteral("id"), QStringLiteral("wred_ecn_roce")},
                                      {QStringLiteral("status"), QStringLiteral("pass")}}}}});
    fabric.second();
    QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("pfc_cos_mismatch|sw1, ecn_off_host|h2"));
    // An unknown setting (no ecn/ directory) is not "off".
    live::LiveFabric other;
    SingleSwitch second(other);
    other.reportConfig(QStringLiteral("h3"), QStringLiteral("agent"),
                       QJsonObject {{QStringLiteral("nics"),
                                     QJsonArray {QJsonObject {
                                         {QStringLiteral("device"), QStringLiteral("mlx5_0")}}}}});
    second.second();
    second.second();
    QVERIFY(aboveInfo(other).isEmpty());
}

void TestDiagnosis::corruptedFramesNameTheCable()
{
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    for (int s = 0; s < 3; ++s) {
        fabric.second([](model::PortSample &p) {
            if (p.name() == QLatin1String("h3/mlx5_0")) {
                p.set(Metric::InErrors, 310);
                p.set(Metric::OutOfSeq, 290);
            }
        });
    }
    QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("bad_link|sw1/Ethernet1/3"));
}

void TestDiagnosis::crcErrorsSecondsApartHoldOneFinding()
{
    // A cable corrupting 3 % of its frames slows its RoCE flow to a crawl (go-back-N, ACK
    // timeouts): what still crosses it gives a CRC error every second or three. That is one
    // bad cable for as long as it lasts, not a finding raised and cleared at every quiet spell.
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    for (int s = 0; s < 3; ++s)
        fabric.second();
    const auto error = [](model::PortSample &p) {
        if (p.name() == QLatin1String("h3/mlx5_0")) {
            p.set(Metric::InErrors, 1);
            p.set(Metric::OutOfSeq, 18);
        }
    };
    // Errors in seconds 0, 2, 5, 9, 12 and 15: never two in a row, quiet spells up to three.
    const QList<int> withErrors {0, 2, 5, 9, 12, 15};
    for (int s = 0; s <= 15; ++s) {
        fabric.second(withErrors.contains(s) ? PortFill(error) : PortFill());
        if (s >= 2)
            QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("bad_link|sw1/Ethernet1/3"));
    }
    const diagnosis::Finding raised = aboveInfo(hub).first();
    QCOMPARE(raised.evidence.at(1).id, QStringLiteral("h3/mlx5_0"));
    QCOMPARE(raised.evidence.at(1).value, 1.0);  // the last sighting's, not a quiet second's
    // Replaced: 20 quiet seconds clear it, once.
    for (int s = 0; s < 19; ++s)
        fabric.second();
    QCOMPARE(aboveInfo(hub).size(), 1);
    fabric.second();
    QVERIFY(aboveInfo(hub).isEmpty());
    QCOMPARE(hub.diagnosis().all().size(), 1);

    // A corrupting cable that then goes down is the down link's finding: its CRC errors do
    // not linger beside it for the sparse finding's memory.
    live::LiveFabric other;
    SingleSwitch flapping(other);
    for (int s = 0; s < 3; ++s)
        flapping.second();
    flapping.second(error);
    flapping.second(error);
    QCOMPARE(describe(aboveInfo(other)), QStringLiteral("bad_link|sw1/Ethernet1/3"));
    const auto down = [](model::PortSample &p) {
        if (p.name() == QLatin1String("sw1/Ethernet1/3") || p.name() == QLatin1String("h3/mlx5_0"))
            p.state = QStringLiteral("down");
    };
    for (int s = 0; s < 3; ++s)
        flapping.second(down);
    QCOMPARE(describe(aboveInfo(other)), QStringLiteral("link_down|sw1/Ethernet1/3"));
}

void TestDiagnosis::recabledPortsAreWalkedAsTheyAreNow()
{
    // The hub tells the diagnosis when the fabric's shape changed rather than having it hash
    // every port's cables each second: two cables swapped between two seconds (LLDP now names
    // h4 on Ethernet1/3) must be walked as they are now, so h4's corrupted frames name the
    // port it is cabled to now.
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    for (int s = 0; s < 3; ++s)
        fabric.second();
    for (int s = 0; s < 3; ++s) {
        fabric.second([](model::PortSample &p) {
            if (p.name() == QLatin1String("sw1/Ethernet1/3"))
                p.peer = QStringLiteral("h4");
            else if (p.name() == QLatin1String("sw1/Ethernet1/4"))
                p.peer = QStringLiteral("h3");
            if (p.name() == QLatin1String("h4/mlx5_0")) {
                p.set(Metric::InErrors, 310);
                p.set(Metric::OutOfSeq, 290);
            }
        });
    }
    QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("bad_link|sw1/Ethernet1/3"));
}

void TestDiagnosis::lostLosslessTrafficWithPausesIsTheWrongCos()
{
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    for (int s = 0; s < 3; ++s) {
        fabric.second([](model::PortSample &p) {
            if (!p.nic() && p.name() != QLatin1String("sw1/Ethernet1/4")) {
                p.set(Metric::MmuDrops, 40000);
                p.set(Metric::TxPause, 900);
            }
        });
    }
    QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("pfc_cos_mismatch|sw1"));
    // Every lossless_drops alert of the switch is its symptom.
    const diagnosis::Finding f = aboveInfo(hub).first();
    QVERIFY(f.explains.contains(QStringLiteral("lossless_drops|sw1/Ethernet1/1")));
}

void TestDiagnosis::rdmaOutsideTheLosslessPriorityNamesTheHost()
{
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    for (int s = 0; s < 3; ++s) {
        fabric.second([](model::PortSample &p) {
            if (p.name() == QLatin1String("h1/mlx5_0")) {
                p.set(Metric::RdmaOutBits, 22e9);
                p.set(Metric::LosslessOutBits, 0.1e9);
            }
        });
    }
    QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("dscp_mismatch|h1"));
}

void TestDiagnosis::unevenUplinksNameTheLeaf()
{
    live::LiveFabric hub;
    qint64 now = 1'700'000'000'000;
    hub.setClock([&now] { return now; });
    leafWithUplinks(hub, now, {1.5, 97.0, 1.5, 1.5});
    QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("ecmp_imbalance|leaf1"));
    // Even uplinks are ECMP working: nothing.
    live::LiveFabric even;
    now += 10000;
    even.setClock([&now] { return now; });
    leafWithUplinks(even, now, {92.0, 78.0});
    QVERIFY(aboveInfo(even).isEmpty());
    // Under a training job the polarized flows share their NICs with it: the hot uplink is far
    // from full, but carries three servers' worth while the other carries nothing.
    live::LiveFabric shared;
    now += 10000;
    shared.setClock([&now] { return now; });
    leafWithUplinks(shared, now, {40.0, 0.0});
    QCOMPARE(describe(aboveInfo(shared)), QStringLiteral("ecmp_imbalance|leaf1"));
    // One flow (a fraction of one server's port) cannot be spread by any hash: nothing.
    live::LiveFabric single;
    now += 10000;
    single.setClock([&now] { return now; });
    leafWithUplinks(single, now, {4.0, 0.0});
    QVERIFY(aboveInfo(single).isEmpty());
}

void TestDiagnosis::slowHostComesFromTheLatencyVerdict()
{
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    fabric.second();
    pingmesh::Verdict v = verdict(QStringLiteral("host"), QStringLiteral("h3"),
                                  QJsonObject {{QStringLiteral("rtt_p50_us"), 118.0}});
    v.summary = QStringLiteral("h3 is slow on every pair");
    hub.raiseFindings(QStringLiteral("pingmesh"), {v});
    fabric.second();
    fabric.second();
    QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("slow_host|h3"));
    QVERIFY(aboveInfo(hub).first().explains.contains(QStringLiteral("pingmesh_host|h3")));
    // The analyzer that reported is a working source, not one still "connecting".
    const QList<live::SourceState> sources = hub.sources();
    const auto pingmesh
        = std::find_if(sources.cbegin(), sources.cend(), [](const live::SourceState &src) {
              return src.name == QLatin1String("pingmesh");
          });
    QVERIFY(pingmesh != sources.cend());
    QCOMPARE(pingmesh->kind, QStringLiteral("analyzer"));
    QCOMPARE(pingmesh->state, live::SourceState::State::Ok);
    QVERIFY(pingmesh->lastFrameMs > 0);
}

void TestDiagnosis::latencyBehindABusyPortIsNotASlowHost()
{
    // h4's port runs at line rate (an incast into h4): probes to h4 wait in its queue like
    // the traffic. The pingmesh finds h4 slow; the host is not what is slow.
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    const auto busy = [](model::PortSample &p) {
        if (p.name() == QLatin1String("sw1/Ethernet1/4"))
            p.set(Metric::OutUtil, 99.0);
    };
    fabric.second(busy);
    pingmesh::Verdict v = verdict(QStringLiteral("host"), QStringLiteral("h4"),
                                  QJsonObject {{QStringLiteral("rtt_p50_us"), 140.0}});
    hub.raiseFindings(QStringLiteral("pingmesh"), {v});
    for (int s = 0; s < 4; ++s)
        fabric.second(busy);
    QVERIFY2(aboveInfo(hub).isEmpty(), qPrintable(describe(aboveInfo(hub))));
    // The verdict outlasts the queue by its window: still the port's a few seconds later.
    for (int s = 0; s < 5; ++s)
        fabric.second();
    QVERIFY2(aboveInfo(hub).isEmpty(), qPrintable(describe(aboveInfo(hub))));
    // The same verdict with the port long quiet: the host.
    for (int s = 0; s < 8; ++s)
        fabric.second();
    QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("slow_host|h4"));
}

void TestDiagnosis::queuedProbesAreCongestionThere()
{
    // The pingmesh finds probes through sw1/Ethernet1/4 queued (an all-reduce's burst into
    // it): congestion at that port, info, explaining the verdict's alert, though no port
    // pauses (the pause tree names congestion only where someone is paused).
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    fabric.second();
    pingmesh::Verdict v = verdict(QStringLiteral("congestion"), QStringLiteral("sw1/Ethernet1/4"),
                                  QJsonObject {{QStringLiteral("rtt_p50_us"), 41.0}});
    hub.raiseFindings(QStringLiteral("pingmesh"), {v});
    const auto busy = [](model::PortSample &p) {
        if (p.name() == QLatin1String("sw1/Ethernet1/4")) {
            p.set(Metric::OutUtil, 80.0);
            p.set(Metric::Ecn, 900);
        }
    };
    fabric.second(busy);
    fabric.second(busy);
    QVERIFY2(aboveInfo(hub).isEmpty(), qPrintable(describe(aboveInfo(hub))));
    const QList<diagnosis::Finding> active = hub.diagnosis().active();
    QCOMPARE(describe(active), QStringLiteral("congestion|sw1/Ethernet1/4"));
    QCOMPARE(active.first().severity, diagnosis::Severity::Info);
    QVERIFY(
        active.first().explains.contains(QStringLiteral("pingmesh_congestion|sw1/Ethernet1/4")));
    QCOMPARE(active.first().evidence.size(), 3);  // the verdict, the port's load and its marks
    QCOMPARE(active.first().evidence.at(2).value, 900.0);
}

void TestDiagnosis::slowHostByItsOwnClockBehindABusyPort()
{
    // The same busy port in front of h4, but the pingmesh's verdict is h4's own turnaround
    // (request in to reply out, by its own clock): no queue is in it, so the busy port does
    // not explain it and it need not hold longer. Named after two evaluations, as any cause.
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    const auto busy = [](model::PortSample &p) {
        if (p.name() == QLatin1String("sw1/Ethernet1/4")) {
            p.set(Metric::OutUtil, 99.0);
            p.set(Metric::Ecn, 25000.0);
        }
    };
    fabric.second(busy);
    pingmesh::Verdict v = verdict(QStringLiteral("slow_host"), QStringLiteral("h4"),
                                  QJsonObject {{QStringLiteral("turnaround_p50_us"), 88.4},
                                               {QStringLiteral("baseline_turnaround_us"), 1.7}});
    hub.raiseFindings(QStringLiteral("pingmesh"), {v});
    fabric.second(busy);
    fabric.second(busy);
    QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("slow_host|h4"));
    const diagnosis::Finding f = aboveInfo(hub).first();
    QVERIFY(f.explains.contains(QStringLiteral("pingmesh_slow_host|h4")));
    QCOMPARE(f.evidence.first().metric, QStringLiteral("pingmesh_slow_host"));
    QCOMPARE(f.evidence.first().value, 88.4);
}

void TestDiagnosis::slowRankAmongEquallyBusyPortsIsTheHost()
{
    // A training job loads every rank's port alike (busy, marking a little): h3 alone answers
    // late. Queues as loaded leave h1, h2 and h4 on time, so h3's queue does not explain it.
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    const auto training = [](model::PortSample &p) {
        if (!p.nic()) {
            p.set(Metric::OutUtil, 90.0);
            p.set(Metric::Ecn, 2500.0);
        }
    };
    fabric.second(training);
    pingmesh::Verdict v = verdict(QStringLiteral("host"), QStringLiteral("h3"),
                                  QJsonObject {{QStringLiteral("rtt_p50_us"), 160.0}});
    hub.raiseFindings(QStringLiteral("pingmesh"), {v});
    // Behind a busy queue a moment's lateness is no slow host: the verdict must hold.
    for (int s = 0; s < 3; ++s)
        fabric.second(training);
    QVERIFY2(aboveInfo(hub).isEmpty(), qPrintable(describe(aboveInfo(hub))));
    for (int s = 0; s < 7; ++s)
        fabric.second(training);
    QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("slow_host|h3"));

    // The same verdict while h3's queue marks ten times what the others do (an incast into
    // h3): its queue is deeper than any on-time host's, and explains it.
    live::LiveFabric incast;
    SingleSwitch fabric2(incast);
    const auto deeper = [](model::PortSample &p) {
        if (!p.nic()) {
            p.set(Metric::OutUtil, 90.0);
            p.set(Metric::Ecn, p.name() == QLatin1String("sw1/Ethernet1/3") ? 25000.0 : 2500.0);
        }
    };
    fabric2.second(deeper);
    incast.raiseFindings(QStringLiteral("pingmesh"), {v});
    for (int s = 0; s < 10; ++s)
        fabric2.second(deeper);
    QVERIFY2(aboveInfo(incast).isEmpty(), qPrintable(describe(aboveInfo(incast))));
}

void TestDiagnosis::latencyThroughADownLinkIsNotASlowHost()
{
    // h2's cable goes down: the pingmesh finds h2 late or unreachable on every pair, during
    // the outage and for its window after. That is the link's finding, not a slow host.
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    pingmesh::Verdict v = verdict(QStringLiteral("host"), QStringLiteral("h2"),
                                  QJsonObject {{QStringLiteral("rtt_p50_us"), 900.0}});
    takeH2DownWith(hub, fabric, v);
}

void TestDiagnosis::lossThroughADownLinkIsNotABadCable()
{
    // Every probe through the cable is lost, and the pingmesh says so (for a while after
    // the cable is back, too: its windows outlast the outage).
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    pingmesh::Verdict v = verdict(QStringLiteral("link"), QStringLiteral("sw1/Ethernet1/2"),
                                  QJsonObject {{QStringLiteral("loss_pct"), 100.0}});
    takeH2DownWith(hub, fabric, v);
    if (QTest::currentTestFailed())
        return;
    // Back up, the cable corrupts frames: CRC errors are the cable's own evidence, named at
    // once although the link was down a moment ago.
    const auto crc = [](model::PortSample &p) {
        if (p.name() == QLatin1String("sw1/Ethernet1/2"))
            p.set(Metric::InErrors, 250.0);
    };
    for (int s = 0; s < 3; ++s)
        fabric.second(crc);
    QCOMPARE(describe(aboveInfo(hub)), QStringLiteral("bad_link|sw1/Ethernet1/2"));
}

void TestDiagnosis::lossAtAStalledNicIsNotABadCable()
{
    // h4 stops draining: it pauses its port without end and discards what still reaches it,
    // so the pingmesh loses probes to it on every pair. That loss is the stall's: one cause.
    live::LiveFabric hub;
    SingleSwitch fabric(hub);
    pingmesh::Verdict lossy;
    lossy.kind = QStringLiteral("nic");
    lossy.host = QStringLiteral("h4");
    lossy.nic = QStringLiteral("h4/mlx5_0");
    lossy.evidence = QJsonObject {{QStringLiteral("loss_pct"), 2.7}};
    hub.raiseFindings(QStringLiteral("pingmesh"), {lossy});
    for (int s = 0; s < 5; ++s)
        fabric.second(stallH4);
    const QList<diagnosis::Finding> found = aboveInfo(hub);
    QCOMPARE(describe(found), QStringLiteral("nic_stall|h4/mlx5_0"));
    bool explained = false;
    for (const monitor::Alert &a : hub.alerts().active()) {
        if (a.rule == QLatin1String("pingmesh_nic")) {
            explained = found.first().explains.contains(a.key());
            QCOMPARE(a.finding, found.first().key());
        }
    }
    QVERIFY(explained);

    // A cable's own evidence still names it beside the stall: CRC errors on another port.
    const auto stallAndCrc = [](model::PortSample &p) {
        stallH4(p);
        if (p.name() == QLatin1String("sw1/Ethernet1/2"))
            p.set(Metric::InErrors, 250.0);
    };
    for (int s = 0; s < 3; ++s)
        fabric.second(stallAndCrc);
    QCOMPARE(describe(aboveInfo(hub)),
             QStringLiteral("nic_stall|h4/mlx5_0, bad_link|sw1/Ethernet1/2"));
}

void TestDiagnosis::theLargeFabricsRowsShowEachFault_data()
{
    QTest::addColumn<QString>("background");
    QTest::addColumn<QString>("fault");
    QTest::newRow("bad cable") << QStringLiteral("training")
                               << QStringLiteral("bad-link:rail1-leaf1/Ethernet1/3");
    QTest::newRow("stalled NIC, PFC watchdog on")
        << QStringLiteral("training") << QStringLiteral("nic-stall-watchdog:gpu0007/mlx5_1");
    QTest::newRow("ECN off on a host, under an incast")
        << QStringLiteral("dcqcn-incast") << QStringLiteral("ecn-off-host");
    // Where no marks reach (gpu0002 is outside rail-training's ring and incast), only the
    // adapter's own setting tells.
    QTest::newRow("ECN off on a host no marks reach")
        << QStringLiteral("rail-training") << QStringLiteral("ecn-off-host:gpu0002");
    QTest::newRow("DSCP mismatch")
        << QStringLiteral("training") << QStringLiteral("dscp-mismatch:gpu0012");
    // gpu0003 sends into the incast from both NICs, each on another rail's leaf: its tail drops
    // land on the first rail's leaf, where the receiver is.
    QTest::newRow("DSCP mismatch, an incast's sender")
        << QStringLiteral("dcqcn-incast") << QStringLiteral("dscp-mismatch:gpu0003");
    // gpu0001 receives the incast on mlx5_0 and sends into it from mlx5_1, on the other rail:
    // its traffic is tail-dropped on a leaf its sending NIC is not on.
    QTest::newRow("DSCP mismatch, the incast's receiver")
        << QStringLiteral("dcqcn-incast") << QStringLiteral("dscp-mismatch:gpu0001");
    QTest::newRow("down link") << QStringLiteral("training")
                               << QStringLiteral("link-down:rail2-leaf1/Ethernet1/20");
}

void TestDiagnosis::theLargeFabricsRowsShowEachFault()
{
    // The console's large simulated fabrics (--topology rail:...) feed the live model rows
    // straight from the model, not through agents and NX-API: those rows must carry what
    // each fault shows (CRC errors, discards, ignored CNPs, RDMA outside priority 3), and the
    // adapters' settings reported as agents report them, or the diagnosis names nothing there.
    QFETCH(QString, background);
    QFETCH(QString, fault);
    const auto fabric = sim::makeFabric(sim::railFabric(32, 2, 2, 2, 100 * sim::kGbps),
                                        sim::leafSpineModelParams());
    sim::FabricRowSampler rows(*fabric);
    live::LiveFabric hub;
    qint64 now = 1'700'000'000'000;
    hub.setClock([&now] { return now; });
    const auto second = [&] {
        fabric->runFor(sim::kNsPerSec);
        now += 1000;
        hub.ingest(rows.sample(now), QStringLiteral("sim"));
        hub.tick();
    };
    // Healthy first (the diagnosis sees the links up), then the fault.
    QVERIFY(sim::applyLiveScenario(*fabric, background).ok());
    for (int s = 0; s < 3; ++s)
        second();
    QVERIFY2(aboveInfo(hub).isEmpty(), qPrintable(describe(aboveInfo(hub))));
    const auto applied = sim::applyLiveScenario(*fabric, background + u'+' + fault);
    QVERIFY2(applied.ok(), qPrintable(applied.ok() ? QString() : applied.error().message));
    for (const auto &[host, facts] : sim::adapterConfigs(*fabric))  // as LargeFabricFeed does
        hub.reportConfig(host, QStringLiteral("agent"), facts);
    QCOMPARE(applied->faults.size(), 1);
    const sim::InjectedFault &injected = applied->faults.first();
    for (int s = 0; s < 6; ++s)
        second();
    QCOMPARE(describe(aboveInfo(hub)), injected.kind + u'|' + injected.location);
    // Every symptom is the fault's.
    for (const monitor::Alert &a : hub.alerts().active())
        QVERIFY2(hub.diagnosis().explained().contains(a.key()), qPrintable(a.key()));
}

void TestDiagnosis::findingsRoundTripThroughJson()
{
    diagnosis::Finding f;
    f.kind = QStringLiteral("nic_stall");
    f.location = QStringLiteral("gpu0007/mlx5_1");
    f.severity = diagnosis::Severity::Critical;
    f.summary = QStringLiteral("s");
    f.evidence = {{QStringLiteral("gpu0007/mlx5_1"),
                   QStringLiteral("tx_pauses_per_s"),
                   1474.256,
                   {},
                   QStringLiteral("n")}};
    f.explains = {QStringLiteral("pause_storm|gpu0001/mlx5_1")};
    f.victims = {QStringLiteral("gpu0001/mlx5_1")};
    f.pauseTree = {{QStringLiteral("gpu0001/mlx5_1"), QStringLiteral("leaf/Ethernet1/1")}};
    f.sinceMs = 1000;
    f.raisedMs = 3000;
    f.lastMs = 9000;
    const QJsonObject json = diagnosis::findingToJson(f);
    QCOMPARE(json.value(QStringLiteral("raised_after_s")).toDouble(), 2.0);
    QCOMPARE(json.value(QStringLiteral("severity")).toString(), QStringLiteral("critical"));
    QCOMPARE(json.value(QStringLiteral("evidence"))
                 .toArray()
                 .first()
                 .toObject()
                 .value(QStringLiteral("value"))
                 .toDouble(),
             1474.26);
    const diagnosis::Finding back = diagnosis::findingFromJson(json);
    QCOMPARE(back.key(), f.key());
    QCOMPARE(back.explains, f.explains);
    QCOMPARE(back.pauseTree.size(), 1);
    QCOMPARE(back.pauseTree.first().pauser, QStringLiteral("leaf/Ethernet1/1"));
    QCOMPARE(back.lastMs, f.lastMs);
}

void TestDiagnosis::aRecordingReplaysItsFindings()
{
    // What the hub applied (samples, and the configuration reports) is recorded; the replayed
    // hub names the same causes at the same times.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("diagnosis.rfr"));
    QList<diagnosis::Finding> live;
    {
        live::LiveFabric hub;
        recording::Recorder::Options options;
        options.file = path;
        recording::Recorder recorder(options);
        QString error;
        QVERIFY2(recorder.start(&error), qPrintable(error));
        recorder.attach(hub);
        SingleSwitch fabric(hub);
        fabric.second();
        hub.reportConfig(QStringLiteral("h2"), QStringLiteral("agent"),
                         QJsonObject {{QStringLiteral("nics"),
                                       QJsonArray {QJsonObject {
                                           {QStringLiteral("device"), QStringLiteral("mlx5_0")},
                                           {QStringLiteral("ecn_rp"), QJsonArray {}}}}}});
        for (int s = 0; s < 4; ++s) {
            fabric.second([](model::PortSample &p) {
                if (p.name() == QLatin1String("sw1/Ethernet1/3")
                    || p.name() == QLatin1String("h3/mlx5_0"))
                    p.state = QStringLiteral("down");
            });
        }
        recorder.flush();
        live = hub.diagnosis().all();
    }
    QCOMPARE(describe(live), QStringLiteral("link_down|sw1/Ethernet1/3, ecn_off_host|h2"));
    auto opened = recording::RecordingReader::open(path);
    QVERIFY(opened);
    std::shared_ptr<const recording::RecordingReader> reader = std::move(opened).value();
    live::LiveFabric replayed;
    recording::ReplayDriver driver(reader, &replayed);
    driver.advanceTo(reader->endMs());
    const QList<diagnosis::Finding> again = replayed.diagnosis().all();
    QCOMPARE(describe(again), describe(live));
    for (qsizetype i = 0; i < again.size(); ++i)
        QCOMPARE(again[i].raisedMs, live[i].raisedMs);
}

void TestDiagnosis::findingModelShowsCausesAndTheirSymptoms()
{
    models::FindingModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    diagnosis::Finding stall;
    stall.kind = QStringLiteral("nic_stall");
    stall.location = QStringLiteral("h4/mlx5_0");
    stall.severity = diagnosis::Severity::Critical;
    stall.evidence
        = {{QStringLiteral("h4/mlx5_0"), QStringLiteral("tx_pauses_per_s"), 1500, {}, {}}};
    stall.explains
        = {QStringLiteral("pause_storm|h1/mlx5_0"), QStringLiteral("pause_storm|h2/mlx5_0")};
    diagnosis::Finding audit;
    audit.kind = QStringLiteral("pfc_cos_mismatch");
    audit.location = QStringLiteral("sw1");
    audit.evidence = {
        {QStringLiteral("sw1"),
         QStringLiteral("audit:pfc_cos_no_drop"),
         0,
         QStringLiteral("cos 4"),
         {}},
        {QStringLiteral("sw1/Ethernet1/1"), QStringLiteral("ingress_mmu_drops_per_s"), 9, {}, {}}};
    model.setFindings(
        {stall, audit},
        {{QStringLiteral("pause_storm|h1/mlx5_0"), QStringLiteral("PFC pause storm")}});
    QCOMPARE(model.rowCount(), 2);
    const QModelIndex first = model.indexOfKey(stall.key());
    QCOMPARE(model.rowCount(first), 3);  // one evidence, two symptoms
    QCOMPARE(model.data(model.index(1, models::FindingModel::SummaryColumn, first), Qt::DisplayRole)
                 .toString(),
             QStringLiteral("PFC pause storm on h1/mlx5_0"));
    QCOMPARE(model.data(model.index(2, 0, first), models::FindingModel::PortRole).toString(),
             QStringLiteral("h2/mlx5_0"));
    // A switch's finding points at the first port of its evidence.
    QCOMPARE(model.data(model.indexOfKey(audit.key()), models::FindingModel::PortRole).toString(),
             QStringLiteral("sw1/Ethernet1/1"));
    // Updated in place: evidence grows, a symptom goes, the other finding clears.
    stall.evidence.append(
        {QStringLiteral("sw1/Ethernet1/4"), QStringLiteral("rx_pauses_per_s"), 1500, {}, {}});
    stall.explains.removeLast();
    model.setFindings({stall});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.rowCount(model.indexOfKey(stall.key())), 3);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

QTEST_GUILESS_MAIN(TestDiagnosis)
#include "tst_diagnosis.moc"
