// The live model (LiveFabric): frames from any thread batched into one per tick, newest sample
// per port, history and alerts fed, stale ports; and end to end on a served leaf/spine fabric,
// built as the console builds it, where one switch's NX-API endpoint goes away and comes back.
#include "live/hub/historywriter.h"
#include "live/hub/livefabric.h"
#include "live/itemmodels/porttablemodel.h"
#include "sim/served/nxapiserver.h"
#include "sim/served/selfsignedidentity.h"
#include "sim/served/servedfabric.h"
#include "sim/served/simulatedplan.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QSignalSpy>
#include <QtTest>

#include <thread>

using namespace roce;
using model::Metric;
using model::PortId;

namespace {

model::SourceFrame switchFrame(const QString &name, qint64 ms, double mmuDrops)
{
    model::SourceFrame f;
    f.source = name;
    f.takenMs = ms;
    for (int p = 1; p <= 4; ++p) {
        model::PortSample s;
        s.id = PortId::switchPort(name, QStringLiteral("Ethernet1/%1").arg(p));
        s.state = QStringLiteral("up");
        s.set(Metric::InUtil, 10.0 * p);
        s.set(Metric::MmuDrops, p == 1 ? mmuDrops : 0.0);
        f.ports.append(s);
    }
    return f;
}

const QJsonObject *findById(const QJsonArray &ports, const QString &id, QJsonObject *out)
{
    for (const QJsonValue &v : ports)
        if (v.toObject().value(QStringLiteral("id")).toString() == id) {
            *out = v.toObject();
            return out;
        }
    return nullptr;
}

}  // namespace

class TestLiveFabric : public QObject
{
    Q_OBJECT

private slots:
    void framesFromAnyThreadBatchedPerTick();
    void failedSourceMakesItsPortsStale();
    void directFrameEqualsTheJsonObjects();
    void servedSwitchFailsAndRecoversWhileOthersGoOn();
    void refusedPasswordStopsTheSwitchUntilEnteredAgain();
    void historyIsWrittenBesideTheTickInOrder();
    void historyWriterYieldsToTheHubAndBoundsItsQueue();
};

void TestLiveFabric::framesFromAnyThreadBatchedPerTick()
{
    live::LiveFabric hub;
    qint64 now = 1'000'000;
    hub.setClock([&now] { return now; });
    QSignalSpy frames(&hub, &live::LiveFabric::frameReady);
    // Two polls of leaf1 from another thread before the tick: one frame, the newest values.
    std::thread producer([&hub] {
        hub.ingest(switchFrame(QStringLiteral("leaf1"), 999'000, 0), QStringLiteral("switch"));
        hub.ingest(switchFrame(QStringLiteral("leaf1"), 1'000'000, 250), QStringLiteral("switch"));
        hub.ingest(switchFrame(QStringLiteral("leaf2"), 1'000'000, 0), QStringLiteral("switch"));
    });
    producer.join();
    hub.tick();
    QCOMPARE(frames.size(), 1);
    const auto frame = frames.first().first().value<live::FabricFrame>();
    QCOMPARE(frame.ports.size(), 8);  // leaf1's 4 ports once, leaf2's 4
    QCOMPARE(frame.ports.first().id.key(), QStringLiteral("leaf1/Ethernet1/1"));
    QCOMPARE(frame.ports.first().value(Metric::MmuDrops), std::optional<double>(250));
    QCOMPARE(frame.sources.size(), 2);
    QCOMPARE(frame.sources.first().state, live::SourceState::State::Ok);
    // The drops raised an alert on that port only; history and the port table have both polls.
    QCOMPARE(frame.alerts.size(), 1);
    QCOMPARE(frame.alerts.first().rule, QStringLiteral("lossless_drops"));
    QCOMPARE(frame.alerts.first().port, QStringLiteral("leaf1/Ethernet1/1"));
    QCOMPARE(hub.history().series(QStringLiteral("leaf1/Ethernet1/1"), Metric::MmuDrops).size(), 2);
    QCOMPARE(hub.ports()->rowCount(), 8);
    const auto *row = hub.ports()->row(QStringLiteral("leaf2/Ethernet1/3"));
    QVERIFY(row);
    QCOMPARE(row->value(Metric::InUtil), std::optional<double>(30));
    // The watch frame: every port with its qualified id, device and kind, metric keys, sources.
    const QJsonObject json = hub.snapshotJson();
    QJsonObject port;
    QVERIFY(findById(json.value(QStringLiteral("ports")).toArray(),
                     QStringLiteral("leaf1/Ethernet1/1"), &port));
    QCOMPARE(port.value(QStringLiteral("device")).toString(), QStringLiteral("leaf1"));
    QCOMPARE(port.value(QStringLiteral("kind")).toString(), QStringLiteral("switch"));
    QCOMPARE(port.value(QStringLiteral("ingress_mmu_drops_per_s")).toDouble(), 250.0);
    QVERIFY(!port.contains(QStringLiteral("cnp_sent_per_s")));  // absent is not zero
    QCOMPARE(json.value(QStringLiteral("sources")).toArray().size(), 2);
    QCOMPARE(json.value(QStringLiteral("alerts")).toArray().size(), 1);
}

void TestLiveFabric::directFrameEqualsTheJsonObjects()
{
    // What `rocectl watch --json` prints (written directly) parses to exactly what
    // snapshotJson() builds: every key and number, on a frame with all kinds of values.
    live::LiveFabric hub;
    qint64 now = 1'700'000'000'123;
    hub.setClock([&now] { return now; });
    model::SourceFrame leaf = switchFrame(QStringLiteral("leaf1"), now, 250.5);
    leaf.ports[1].peer = QStringLiteral("gpu \"01\"\n\u00e9\u4e2d");  // escapes, non-ASCII
    leaf.ports[2].resets = {QStringLiteral("rx_bytes"), QStringLiteral("tx_pause")};
    leaf.ports[2].set(Metric::Ecn, 1.0e-7);
    leaf.ports[3].set(Metric::InBits, 123456.789);
    leaf.ports[3].set(Metric::OutBits, 0.0001);
    leaf.ports[3].state = QStringLiteral("down");
    hub.ingest(leaf, QStringLiteral("switch"));
    hub.ingest(switchFrame(QStringLiteral("leaf2"), now, 0), QStringLiteral("switch"));
    hub.tick();
    hub.fail(QStringLiteral("leaf2"), QStringLiteral("switch"), QStringLiteral("gone: \"why\""));
    now += 7000;  // leaf1's ports age, and go stale
    hub.tick();
    const QJsonObject objects = hub.snapshotJson();
    QVERIFY(!objects.value(QStringLiteral("alerts")).toArray().isEmpty());
    QJsonParseError error;
    const QJsonDocument direct = QJsonDocument::fromJson(hub.snapshotJsonBytes(), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(direct.object(), objects);
    // A replay's annotations go in as they are.
    const QJsonArray notes {QJsonObject {{QStringLiteral("text"), QStringLiteral("x")}}};
    QJsonObject withNotes = objects;
    withNotes.insert(QStringLiteral("annotations"), notes);
    QCOMPARE(QJsonDocument::fromJson(hub.snapshotJsonBytes(notes)).object(), withNotes);
}

void TestLiveFabric::failedSourceMakesItsPortsStale()
{
    live::LiveFabric hub;
    qint64 now = 1'000'000;
    hub.setClock([&now] { return now; });
    hub.ingest(switchFrame(QStringLiteral("leaf1"), now, 0), QStringLiteral("switch"));
    hub.ingest(switchFrame(QStringLiteral("leaf2"), now, 0), QStringLiteral("switch"));
    hub.tick();
    QVERIFY(!hub.isStale(QStringLiteral("leaf1/Ethernet1/1")));
    now += 1000;
    hub.fail(QStringLiteral("leaf1"), QStringLiteral("switch"), QStringLiteral("refused"));
    hub.ingest(switchFrame(QStringLiteral("leaf2"), now, 0), QStringLiteral("switch"));
    QSignalSpy failed(&hub, &live::LiveFabric::sourceFailed);
    hub.tick();
    QCOMPARE(failed.size(), 1);
    QVERIFY(hub.isStale(QStringLiteral("leaf1/Ethernet1/1")));
    QVERIFY(!hub.isStale(QStringLiteral("leaf2/Ethernet1/1")));
    // What judges the fabric now sees leaf2's ports only; latest() still has both.
    QVERIFY(hub.latest().size() > hub.freshLatest().size());
    QVERIFY(!hub.freshLatest().isEmpty());
    for (const model::PortSample &p : hub.freshLatest())
        QCOMPARE(p.id.device(), QStringLiteral("leaf2"));
    bool unreachable = false;
    for (const auto &a : hub.alerts().active())
        unreachable = unreachable
            || (a.rule == QLatin1String("switch_unreachable") && a.port == QLatin1String("leaf1"));
    QVERIFY(unreachable);
    // Back: the alert clears and the ports are fresh again.
    now += 1000;
    hub.ingest(switchFrame(QStringLiteral("leaf1"), now, 0), QStringLiteral("switch"));
    hub.tick();
    QVERIFY(!hub.isStale(QStringLiteral("leaf1/Ethernet1/1")));
    QVERIFY(hub.alerts().active().isEmpty());
    // Data that stops coming goes stale by age too.
    now += 6000;
    QVERIFY(hub.isStale(QStringLiteral("leaf2/Ethernet1/1")));
}

void TestLiveFabric::servedSwitchFailsAndRecoversWhileOthersGoOn()
{
    // A served rail fabric (4 switches, 8 hosts), through its inventory, its endpoints and
    // their certificates, into the hub as the console builds it.
    live::LiveFabric::Options options;
    options.tickMs = 500;
    live::LiveFabric hub(options);
    sim::SimulatedFabricPlan simulated(QStringLiteral("rail:8:2:2:2"), QString());
    QSignalSpy ready(&simulated, &sim::SimulatedFabricPlan::ready);
    connect(&simulated, &sim::SimulatedFabricPlan::ready, &hub, &live::LiveFabric::watch);
    simulated.start();
    QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 20000);
    const auto plan = ready.first().first().value<live::FabricPlan>();
    QCOMPARE(plan.switches.size(), 4);
    QCOMPARE(plan.agents.size(), 8);

    auto sourceState = [&hub](const QString &name) {
        for (const live::SourceState &s : hub.sources())
            if (s.name == name)
                return s.state;
        return live::SourceState::State::Connecting;
    };
    const QString victim = QStringLiteral("rail1-leaf1"), other = QStringLiteral("rail2-leaf1");
    QTRY_VERIFY_WITH_TIMEOUT(sourceState(victim) == live::SourceState::State::Ok
                                 && sourceState(other) == live::SourceState::State::Ok,
                             20000);
    const QString victimPort = victim + QStringLiteral("/Ethernet1/1");
    const QString otherPort = other + QStringLiteral("/Ethernet1/1");
    QVERIFY(hub.ports()->row(victimPort));
    QVERIFY(hub.ports()->row(otherPort));

    QSignalSpy stopped(simulated.served(), &sim::ServedFabric::switchStopped);
    simulated.served()->stopSwitch(victim);
    QTRY_COMPARE_WITH_TIMEOUT(stopped.size(), 1, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(sourceState(victim) == live::SourceState::State::Failed, 20000);
    QVERIFY(hub.isStale(victimPort));
    // The others keep updating meanwhile: two more polls of the other leaf arrive.
    auto lastFrameOf = [&hub](const QString &name) {
        for (const live::SourceState &s : hub.sources())
            if (s.name == name)
                return s.lastFrameMs;
        return qint64(-1);
    };
    const qint64 before = lastFrameOf(other);
    QSignalSpy polls(&hub, &live::LiveFabric::switchPolled);
    QTRY_VERIFY_WITH_TIMEOUT(
        std::count_if(polls.cbegin(), polls.cend(),
                      [&other](const QList<QVariant> &args) {
                          return args.first().value<model::SourceFrame>().source == other;
                      })
            >= 2,
        10000);
    QVERIFY(lastFrameOf(other) > before);
    QVERIFY(!hub.isStale(otherPort));
    QVERIFY(hub.isStale(victimPort));  // still: nothing came from it
    QCOMPARE(sourceState(other), live::SourceState::State::Ok);

    // It comes back by itself once the endpoint answers again.
    QSignalSpy restarted(simulated.served(), &sim::ServedFabric::switchRestarted);
    simulated.served()->restartSwitch(victim);
    QTRY_COMPARE_WITH_TIMEOUT(restarted.size(), 1, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(sourceState(victim) == live::SourceState::State::Ok, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(!hub.isStale(victimPort), 5000);
    hub.stop();
}

void TestLiveFabric::refusedPasswordStopsTheSwitchUntilEnteredAgain()
{
    // A switch whose account has another password than the inventory's: the hub must not
    // keep logging in (a shared account would be locked out), and must say what is needed.
    sim::NxapiServer server(
        [](const QString &command, nxapi::OutputFormat) {
            nxapi::CommandOutput o;
            o.input = command;
            o.body = QJsonObject {{QStringLiteral("host_name"), QStringLiteral("leaf9")}};
            return o;
        },
        QStringLiteral("admin"), QStringLiteral("the-new-password"));
    const auto identity = sim::makeSelfSignedIdentity(QStringLiteral("leaf9"));
    QVERIFY(identity);
    const quint16 port
        = server.listenHttps(QHostAddress::LocalHost, 0, identity->certificate, identity->key);
    QVERIFY(port);
    live::FabricPlan plan;
    monitor::SwitchTarget target;
    target.name = QStringLiteral("leaf9");
    target.endpoint.url = QUrl(QStringLiteral("https://127.0.0.1:%1").arg(port));
    target.endpoint.user = QStringLiteral("admin");
    target.endpoint.password = QStringLiteral("the-old-password");
    target.endpoint.pinnedSha256 = identity->fingerprint();
    target.intervalMs = 1000;
    plan.switches.append(target);

    live::LiveFabric::Options options;
    options.tickMs = 100;
    live::LiveFabric hub(options);
    QSignalSpy needed(&hub, &live::LiveFabric::passwordNeeded);
    QSignalSpy failed(&hub, &live::LiveFabric::sourceFailed);
    hub.watch(plan);
    QVERIFY(needed.wait(20000));
    QCOMPARE(needed.first().at(0).toString(), QStringLiteral("leaf9"));
    QVERIFY2(needed.first().at(1).toString().contains(QLatin1String("enter the password")),
             qPrintable(needed.first().at(1).toString()));
    QCOMPARE(hub.sources().value(0).state, live::SourceState::State::NeedsPassword);
    QCOMPARE(hub.snapshotJson()
                 .value(QStringLiteral("sources"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("state"))
                 .toString(),
             QStringLiteral("needs_password"));
    // Both failures reached the view: the first 401, then the stop.
    QCOMPARE(failed.size(), 2);
    QCOMPARE(failed.last().at(1).toString(), needed.first().at(1).toString());
    QCOMPARE(server.requestCount(), 2);
    QTest::qWait(2500);  // two and a half polling intervals: nothing more is tried
    QCOMPARE(server.requestCount(), 2);
    QCOMPARE(needed.size(), 1);

    // The password the user enters resumes polling.
    hub.resumeSwitch(QStringLiteral("leaf9"), QStringLiteral("the-new-password"));
    QTRY_COMPARE_WITH_TIMEOUT(hub.sources().value(0).state, live::SourceState::State::Ok, 10000);
    QVERIFY(server.requestCount() >= 3);
    hub.stop();
}

void TestLiveFabric::historyIsWrittenBesideTheTickInOrder()
{
    // The tick hands its frames to the history's own thread: every poll lands, in the order
    // the ticks applied them, and history() waits for what was handed over.
    live::LiveFabric hub;
    qint64 now = 1'000'000;
    hub.setClock([&now] { return now; });
    const QString port = QStringLiteral("leaf1/Ethernet1/1");
    for (int i = 0; i < 50; ++i) {
        now += 1000;
        // Two polls a tick for leaf1: both are history, the second is the frame's.
        hub.ingest(switchFrame(QStringLiteral("leaf1"), now - 500, 2.0 * i),
                   QStringLiteral("switch"));
        hub.ingest(switchFrame(QStringLiteral("leaf1"), now, 2.0 * i + 1),
                   QStringLiteral("switch"));
        hub.tick();
    }
    const QList<QPointF> drops = hub.history().series(port, Metric::MmuDrops);
    QCOMPARE(drops.size(), 100);
    for (int k = 0; k < drops.size(); ++k) {
        QCOMPARE(drops.at(k).y(), double(k));
        QCOMPARE(qint64(drops.at(k).x()), 1'000'000 + (k / 2 + 1) * 1000 - (k % 2 ? 0 : 500));
    }
    QCOMPARE(hub.ports()->row(port)->value(Metric::MmuDrops), std::optional<double>(99));

    // A reset forgets what the writer still had queued, not only what it wrote.
    now += 1000;
    hub.ingest(switchFrame(QStringLiteral("leaf1"), now, 1), QStringLiteral("switch"));
    hub.tick();
    hub.reset();
    QCOMPARE(hub.history().pointCount(), 0);
    // And a hub told to keep no history (a replay far behind) writes none.
    hub.setKeepHistory(false);
    now += 1000;
    hub.ingest(switchFrame(QStringLiteral("leaf1"), now, 1), QStringLiteral("switch"));
    hub.tick();
    QCOMPARE(hub.history().pointCount(), 0);
    QVERIFY(hub.ports()->row(port));
}

void TestLiveFabric::historyWriterYieldsToTheHubAndBoundsItsQueue()
{
    // More ticks than the writer may hold queued, handed over as fast as a replay can: the
    // hub waits when it must, nothing is dropped, and the writer runs at a lower priority
    // than the thread that posts (nice + 5, as /proc shows it).
    store::CounterStore history;
    {
        live::HistoryWriter writer(history);
        for (int i = 0; i < 4 * int(live::HistoryWriter::kMaxQueued); ++i)
            writer.post({switchFrame(QStringLiteral("leaf1"), 1'000'000 + i * 1000, i)});
        writer.drain();
        QCOMPARE(history.series(QStringLiteral("leaf1/Ethernet1/1"), Metric::MmuDrops).size(),
                 4 * live::HistoryWriter::kMaxQueued);
        auto niceOf = [](const QString &stat) {
            QFile f(stat);
            if (!f.open(QIODevice::ReadOnly))
                return -100;
            // After the command name in parentheses: field 19 of stat(5) is the nice value.
            const QByteArray text = f.readAll();
            const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
            return fields.size() > 16 ? fields.at(16).toInt() : -100;
        };
        const int mine = niceOf(QStringLiteral("/proc/thread-self/stat"));
        int lowered = 0;
        for (const QString &task :
             QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            if (niceOf(QStringLiteral("/proc/self/task/%1/stat").arg(task))
                == std::min(mine + 5, 19))
                ++lowered;
        }
        QVERIFY2(lowered >= 1, qPrintable(QStringLiteral("no thread at nice %1").arg(mine + 5)));
    }
}

QTEST_GUILESS_MAIN(TestLiveFabric)
#include "tst_livefabric.moc"
