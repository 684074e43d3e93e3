// The flight recorder in the window: the timeline, the annotation dialog, annotations on the
// charts, and a recording opened for replay (banner, title, views driven by the replay,
// annotations written into the file, back to live), offscreen.
#include "annotationdialog.h"
#include "comparisonview.h"
#include "consolerecording.h"
#include "countercharts.h"
#include "live/hub/livefabric.h"
#include "live/itemmodels/porttablemodel.h"
#include "live/recording/recorder.h"
#include "live/recording/recordingreader.h"
#include "live/recording/shapejson.h"
#include "mainwindow.h"
#include "replaysession.h"
#include "replaytimeline.h"
#include "sim/served/embeddedfabric.h"
#include "sim/served/simulatedplan.h"

#include <QCheckBox>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QDir>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

using namespace roce;

namespace {

constexpr qint64 kStart = 1'795'000'000'000;

/// A recording of a small fabric: one switch with 4 ports and 2 hosts, 60 ticks a second
/// apart, the switch's port 1 pausing from tick 20 on, and an annotation.
QString makeRecording(const QString &path)
{
    recording::Recorder::Options options;
    options.file = path;
    options.flushMs = 60'000;
    recording::Recorder recorder(options);
    QString error;
    if (!recorder.start(&error))
        return error;
    models::FabricLayout layout;
    layout.switchName = QStringLiteral("sw1");
    layout.attachments
        = {{QStringLiteral("Ethernet1/1"), {}, {{QStringLiteral("h1"), QStringLiteral("mlx5_0")}}}};
    recorder.record(QStringLiteral("layout"), recording::layoutToJson(layout), kStart);
    recorder.annotate(
        {7, kStart + 30'000, kStart + 30'000, {}, QStringLiteral("WRED min 150 KB"), 1});
    for (int t = 0; t < 60; ++t) {
        const qint64 ms = kStart + t * 1000;
        live::LiveFabric::Input in;
        in.source = QStringLiteral("sw1");
        in.sourceKind = QStringLiteral("switch");
        in.ms = ms;
        in.frame.source = QStringLiteral("sw1");
        in.frame.takenMs = ms;
        for (int p = 1; p <= 4; ++p) {
            model::PortSample s;
            s.id = model::PortId::switchPort(QStringLiteral("sw1"),
                                             QStringLiteral("Ethernet1/%1").arg(p));
            s.state = QStringLiteral("up");
            s.set(model::Metric::InUtil, 10.0 * p);
            s.set(model::Metric::RxPause, p == 1 && t >= 20 ? 5000.0 + t : 0.0);
            in.frame.ports.append(s);
        }
        recorder.recordTick(ms, {in}, {});
    }
    recorder.flush();
    return {};
}

}  // namespace

class TestReplayGui : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void timelineMapsClicksAndSelections();
    void timelineMergesMarksAndTakesKeys();
    void annotationDialogNeedsText();
    void chartsDrawTheAnnotationsOfTheirPort();
    void replayDrivesTheWindowAndBack();
    void embeddedIncastReplaysWithItsAnnotations();

private:
    QTemporaryDir m_dir;
};

void TestReplayGui::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("data")).toUtf8());
}

void TestReplayGui::timelineMapsClicksAndSelections()
{
    widgets::ReplayTimeline timeline;
    timeline.resize(900, 40);
    timeline.setRange(kStart, kStart + 3'600'000);
    timeline.show();
    QVERIFY(QTest::qWaitForWindowExposed(&timeline));
    QWidget *track = timeline.track();
    QSignalSpy seek(&timeline, &widgets::ReplayTimeline::seekRequested);
    const int x = track->width() / 4;
    QTest::mouseClick(track, Qt::LeftButton, {}, QPoint(x, track->height() / 2));
    QCOMPARE(seek.size(), 1);
    const qint64 expected = timeline.timeAt(x);
    QCOMPARE(seek.first().first().toLongLong(), expected);
    const qint64 pixel = 3'600'000 / (track->width() - 1) + 1;
    QVERIFY(qAbs(expected - (kStart + qint64(double(x) / (track->width() - 1) * 3'600'000)))
            <= pixel);
    // Shift-drag: a range, no seek.
    QTest::mousePress(track, Qt::LeftButton, Qt::ShiftModifier, QPoint(100, 10));
    QMouseEvent move(QEvent::MouseMove, QPointF(300, 10), track->mapToGlobal(QPointF(300, 10)),
                     Qt::NoButton, Qt::LeftButton, Qt::ShiftModifier);
    QApplication::sendEvent(track, &move);
    QTest::mouseRelease(track, Qt::LeftButton, Qt::ShiftModifier, QPoint(300, 10));
    QCOMPARE(seek.size(), 1);
    QVERIFY(timeline.selection());
    QCOMPARE(timeline.selection()->first, timeline.timeAt(100));
    QCOMPARE(timeline.selection()->second, timeline.timeAt(300));
    QTest::keyClick(&timeline, Qt::Key_Escape);
    QVERIFY(!timeline.selection());
}

void TestReplayGui::timelineMergesMarksAndTakesKeys()
{
    widgets::ReplayTimeline timeline;
    timeline.resize(800, 40);
    timeline.setRange(kStart, kStart + 86'400'000);
    timeline.show();
    QVERIFY(QTest::qWaitForWindowExposed(&timeline));
    // 2,000 alerts a second apart fall on a few pixels: drawn as one band, not 2,000.
    QList<widgets::TimelineMark> marks;
    for (int i = 0; i < 2000; ++i)
        marks.append({kStart + i * 1000, kStart + i * 1000 + 500,
                      widgets::TimelineMark::Kind::Alert, QStringLiteral("alert %1").arg(i)});
    marks.append({kStart + 43'200'000, kStart + 43'200'000, widgets::TimelineMark::Kind::Annotation,
                  QStringLiteral("noon")});
    timeline.setMarks(marks);
    QCOMPARE(timeline.drawnMarkCount(), 2);
    QSignalSpy play(&timeline, &widgets::ReplayTimeline::playRequested);
    QSignalSpy step(&timeline, &widgets::ReplayTimeline::stepRequested);
    QSignalSpy seek(&timeline, &widgets::ReplayTimeline::seekRequested);
    timeline.setFocus();
    QTest::keyClick(&timeline, Qt::Key_Space);
    QCOMPARE(play.size(), 1);
    QCOMPARE(play.first().first().toBool(), true);
    timeline.setPlaying(true);
    QTest::keyClick(&timeline, Qt::Key_Space);
    QCOMPARE(play.last().first().toBool(), false);
    QTest::keyClick(&timeline, Qt::Key_Right);
    QCOMPARE(step.size(), 1);
    QTest::keyClick(&timeline, Qt::Key_End);
    QCOMPARE(seek.last().first().toLongLong(), kStart + 86'400'000);
    QTest::keyClick(&timeline, Qt::Key_Home);
    QCOMPARE(seek.last().first().toLongLong(), kStart);
    timeline.setSpeed(60);
    QCOMPARE(timeline.speed(), 60.0);
}

void TestReplayGui::annotationDialogNeedsText()
{
    widgets::AnnotationDialog moment(kStart, kStart, QStringLiteral("sw1/Ethernet1/1"));
    QPushButton *ok = moment.buttons()->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled());
    moment.textEdit()->setText(QStringLiteral("   "));
    QVERIFY(!ok->isEnabled());
    moment.textEdit()->setText(QStringLiteral("PFC on CoS 3 enabled"));
    QVERIFY(ok->isEnabled());
    moment.untilBox()->setChecked(true);
    moment.untilEdit()->setDateTime(QDateTime::fromMSecsSinceEpoch(kStart + 120'000));
    const recording::Annotation a = moment.annotation();
    QCOMPARE(a.fromMs, kStart);
    QCOMPARE(a.toMs, kStart + 120'000);
    QCOMPARE(a.port, QStringLiteral("sw1/Ethernet1/1"));  // the port it was asked on
    QCOMPARE(a.text, QStringLiteral("PFC on CoS 3 enabled"));
    QVERIFY(a.id > 0);
    widgets::AnnotationDialog range(kStart, kStart + 5000, {});
    range.textEdit()->setText(QStringLiteral("incast"));
    QCOMPARE(range.annotation().toMs, kStart + 5000);
    QVERIFY(range.annotation().port.isEmpty());
    QVERIFY(!range.portChoice()->isVisible());
}

void TestReplayGui::chartsDrawTheAnnotationsOfTheirPort()
{
    store::CounterStore store;
    qint64 now = kStart + 300'000;
    for (qint64 t = kStart; t <= now; t += 1000) {
        store.append(QStringLiteral("sw1/Ethernet1/1"), model::Metric::RxPause, t, 10);
        store.append(QStringLiteral("sw1/Ethernet1/2"), model::Metric::RxPause, t, 20);
    }
    widgets::CounterCharts charts(&store);
    charts.resize(600, 800);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    charts.setClock([&now] { return now; });
    charts.setPort(QStringLiteral("sw1/Ethernet1/1"));
    charts.setAnnotations(
        {{1, kStart + 100'000, kStart + 100'000, {}, QStringLiteral("fabric"), 0},
         {2, kStart + 200'000, kStart + 250'000, QStringLiteral("sw1/Ethernet1/1"),
          QStringLiteral("this port"), 0},
         {3, kStart + 150'000, kStart + 150'000, QStringLiteral("sw1/Ethernet1/2"),
          QStringLiteral("another port"), 0},
         {4, kStart - 900'000, kStart - 800'000, {}, QStringLiteral("before"), 0}});
    // The window follows the injected clock: the last 5 minutes.
    QCOMPARE(charts.visibleRange().second, now);
    QCOMPARE(charts.visibleAnnotationIds(), (QList<qint64> {1, 2}));
    charts.setPort(QStringLiteral("sw1/Ethernet1/2"));
    QCOMPARE(charts.visibleAnnotationIds(), (QList<qint64> {1, 3}));
    // The CSV export says what was annotated in its window.
    const QString csv = charts.toCsv();
    QVERIFY(csv.contains(QStringLiteral("# annotation: ")));
    QVERIFY(csv.contains(QStringLiteral("another port")));
    QVERIFY(!csv.contains(QStringLiteral("this port")));
    now += 3'600'000;  // an hour later nothing is in the window
    charts.refresh();
    QVERIFY(charts.visibleAnnotationIds().isEmpty());
}

void TestReplayGui::replayDrivesTheWindowAndBack()
{
    const QString path = m_dir.filePath(QStringLiteral("small.rfr"));
    QCOMPARE(makeRecording(path), QString());
    QSettings settings(m_dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("recording/directory"), m_dir.filePath(QStringLiteral("rec")));
    app::MainWindow window(settings, false);
    live::LiveFabric live;
    window.showPorts(live.ports());
    window.showTopology(live.ports());
    window.showCharts(&live.history());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    app::ConsoleRecording recording(window, live, settings);
    QVERIFY(recording.recorder());  // always on by default
    const QString liveTitle = window.windowTitle();

    QVERIFY(recording.openReplay(path));
    QVERIFY(window.isReplay());
    QVERIFY(window.windowTitle().startsWith(QStringLiteral("[Replay]")));
    auto *banner = window.findChild<QToolBar *>(QStringLiteral("replayBanner"));
    QVERIFY(banner && banner->isVisible());
    auto *timeline = window.findChild<widgets::ReplayTimeline *>();
    QVERIFY(timeline && timeline->isVisible());
    QCOMPARE(timeline->startMs(), kStart);
    QCOMPARE(timeline->endMs(), kStart + 59'000);
    // Marks: the annotation (the recording has no alerts).
    QCOMPARE(timeline->marks().size(), 1);
    QCOMPARE(timeline->marks().first().kind, widgets::TimelineMark::Kind::Annotation);

    // The window's port table is the replay's: seeking changes what it shows.
    app::ReplaySession *replay = recording.replay();
    models::PortTableModel *ports = replay->hub().ports();
    QCOMPARE(ports->rowCount(), 4);
    emit timeline->seekRequested(kStart + 10'000);
    QCOMPARE(replay->driver().position(), kStart + 10'000);
    QCOMPARE(timeline->position(), kStart + 10'000);
    QCOMPARE(replay->hub().latest().first().value(model::Metric::RxPause).value(), 0.0);
    emit timeline->seekRequested(kStart + 40'000);
    QCOMPARE(replay->hub().latest().first().value(model::Metric::RxPause).value(), 5040.0);
    emit timeline->stepRequested();
    QCOMPARE(replay->driver().position(), kStart + 41'000);
    QCOMPARE(replay->hub().latest().first().value(model::Metric::RxPause).value(), 5041.0);
    // The charts follow the replay's clock.
    QCOMPARE(window.charts()->visibleRange().second, kStart + 41'000);
    // Play at 60x reaches the end and stops.
    emit timeline->speedRequested(60);
    emit timeline->playRequested(true);
    QVERIFY(timeline->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(!replay->driver().isPlaying(), 5000);
    QCOMPARE(replay->driver().position(), kStart + 59'000);
    QCOMPARE(replay->hub().latest().first().value(model::Metric::RxPause).value(), 5059.0);

    // An annotation written during the replay goes into the file.
    recording::Annotation note {
        recording::nextAnnotationId(),     kStart + 45'000,         kStart + 45'000,
        QStringLiteral("sw1/Ethernet1/1"), QStringLiteral("after"), 0};
    QVERIFY(replay->annotate(note));
    QCOMPARE(timeline->marks().size(), 2);
    auto reread = recording::RecordingReader::open(path);
    QVERIFY(reread);
    QCOMPARE((*reread)->annotations().size(), 2);
    QCOMPARE((*reread)->annotations().last().text, QStringLiteral("after"));
    QVERIFY((*reread)->damage().isEmpty());

    // Before and after: two ranges of the timeline side by side in the comparison view, with
    // the switch's pause totals of each.
    emit timeline->compareRangeMarked(false, kStart, kStart + 19'000);
    emit timeline->compareRangeMarked(true, kStart + 20'000, kStart + 59'000);
    QDialog *compared = nullptr;
    QTRY_VERIFY((compared = window.findChild<QDialog *>(QStringLiteral("rangeComparisonDialog"))));
    auto *view = compared->findChild<widgets::ComparisonView *>();
    QVERIFY(view);
    QCOMPARE(view->comparison().runs.size(), 2);
    const double pausesBefore = view->comparison()
                                    .runs.at(0)
                                    .fabric.value(QStringLiteral("switch"))
                                    .toObject()
                                    .value(QStringLiteral("totals"))
                                    .toObject()
                                    .value(QStringLiteral("rx_pauses_per_s"))
                                    .toDouble();
    const double pausesAfter = view->comparison()
                                   .runs.at(1)
                                   .fabric.value(QStringLiteral("switch"))
                                   .toObject()
                                   .value(QStringLiteral("totals"))
                                   .toObject()
                                   .value(QStringLiteral("rx_pauses_per_s"))
                                   .toDouble();
    QCOMPARE(pausesBefore, 0.0);
    // Every sample applied in the range counts for its own second: ticks 20..59, 5020 + ... +
    // 5059 pauses.
    QCOMPARE(pausesAfter, 40 * 5039.5);
    compared->close();

    recording.backToLive();
    QVERIFY(!window.isReplay());
    QCOMPARE(window.windowTitle(), liveTitle);
    QTRY_VERIFY(!window.findChild<QToolBar *>(QStringLiteral("replayBanner")));
    QVERIFY(!recording.isReplaying());
    QCOMPARE(window.charts()->visibleRange().second / 10'000,
             QDateTime::currentMSecsSinceEpoch() / 10'000);  // the wall clock again

    // A file that is not a recording is refused with the reason, and nothing changes.
    const QString bogus = m_dir.filePath(QStringLiteral("bogus.rfr"));
    QFile b(bogus);
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write("not a recording");
    b.close();
    QVERIFY(!recording.openReplay(bogus));
    QVERIFY(!window.isReplay());
}

void TestReplayGui::embeddedIncastReplaysWithItsAnnotations()
{
    // A real recording: the embedded fabric through a DCQCN incast, as the console records
    // it; then annotated and replayed in the window (ROCE_SCREENSHOT_DIR keeps a picture).
    const QString path = m_dir.filePath(QStringLiteral("incast.rfr"));
    qint64 firstMs = 0, lastMs = 0;
    {
        live::LiveFabric hub;
        recording::Recorder::Options options;
        options.file = path;
        recording::Recorder recorder(options);
        QVERIFY(recorder.start());
        recorder.attach(hub);
        sim::SimulatedFabricPlan simulated(QString(), QStringLiteral("dcqcn-incast"));
        connect(simulated.embedded(), &sim::EmbeddedFabric::layoutReady, &recorder,
                [&recorder](const models::FabricLayout &l) {
                    recorder.record(QStringLiteral("layout"), recording::layoutToJson(l),
                                    QDateTime::currentMSecsSinceEpoch());
                });
        connect(
            &hub, &live::LiveFabric::inputsApplied, this,
            [&](qint64 ms, const QList<live::LiveFabric::Input> &, const QList<monitor::Alert> &) {
                firstMs = firstMs ? firstMs : ms;
                lastMs = ms;
            });
        connect(&simulated, &sim::SimulatedFabricPlan::ready, &hub, &live::LiveFabric::watch);
        simulated.start();
        QTRY_VERIFY_WITH_TIMEOUT(lastMs - firstMs > 14'000, 45'000);
        hub.stop();
        recorder.annotate({recording::nextAnnotationId(),
                           firstMs + 4000,
                           firstMs + 4000,
                           {},
                           QStringLiteral("incast starts"),
                           0});
        recorder.annotate({recording::nextAnnotationId(), firstMs + 7000, firstMs + 11'000,
                           QStringLiteral("nexus-roce/Ethernet1/1/2"),
                           QStringLiteral("WRED min 150 KB from here"), 0});
    }
    QSettings settings(m_dir.filePath(QStringLiteral("settings2.ini")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("recording/enabled"), false);
    app::MainWindow window(settings, false);
    live::LiveFabric live;
    window.showPorts(live.ports());
    window.showTopology(live.ports());
    window.showCharts(&live.history());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    app::ConsoleRecording recording(window, live, settings);
    QVERIFY(!recording.recorder());  // turned off in the settings
    QVERIFY(recording.openReplay(path));
    app::ReplaySession *replay = recording.replay();
    QCOMPARE(replay->annotations().size(), 2);
    emit window.findChild<widgets::ReplayTimeline *>()->seekRequested(lastMs);
    QCOMPARE(replay->hub().ports()->rowCount(), 16);  // 8 switch ports, 8 NICs
    window.charts()->setPort(QStringLiteral("nexus-roce/Ethernet1/1/2"));
    QCOMPARE(window.charts()->visibleAnnotationIds().size(), 2);
    // The incast's receiver port marked ECN in the replay as it did live.
    const auto ecn = replay->hub().history().series(QStringLiteral("nexus-roce/Ethernet1/1/2"),
                                                    model::Metric::Ecn, firstMs);
    QVERIFY(std::any_of(ecn.cbegin(), ecn.cend(), [](const QPointF &p) { return p.y() > 0; }));
    const QString dir = qEnvironmentVariable("ROCE_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        QVERIFY(QDir().mkpath(dir));
        QTest::qWait(300);  // charts lay themselves out on the next turns of the event loop
        window.charts()->refresh();
        QVERIFY(window.grab().save(dir + QStringLiteral("/replay-annotations.png"), "PNG"));
    }
}

QTEST_MAIN(TestReplayGui)
#include "tst_replaygui.moc"
