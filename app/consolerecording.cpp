#include "consolerecording.h"

#include "annotationdialog.h"
#include "collect/results/comparison.h"
#include "comparisonview.h"
#include "consolewiring.h"
#include "countercharts.h"
#include "experimentspanel.h"
#include "fabricsession.h"
#include "live/hub/livefabric.h"
#include "live/recording/clip.h"
#include "live/recording/jobevents.h"
#include "live/recording/rangesummary.h"
#include "live/recording/shapejson.h"
#include "mainwindow.h"
#include "proto/common/versions.h"
#include "recordedjobsview.h"
#include "recordingsettingsdialog.h"
#include "replaysession.h"
#include "replaytimeline.h"
#include "sim/feeds/largefabricfeed.h"

#include <QDateTime>
#include <QDialog>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QJsonArray>
#include <QLocale>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace roce::app {

namespace {

QString defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
        + QStringLiteral("/recordings");
}

}  // namespace

ConsoleRecording::ConsoleRecording(MainWindow &window, live::LiveFabric &live, QSettings &settings,
                                   QObject *parent)
    : QObject(parent), m_window(window), m_live(live), m_settings(settings)
{
    startRecorder();
    // What was annotated in the kept recordings shows on the live charts too.
    if (auto kept = recording::RecordingReader::open(directory()))
        m_liveAnnotations = (*kept)->annotations();
    showAnnotations();
    m_labelTimer.setInterval(5000);
    connect(&m_labelTimer, &QTimer::timeout, this, &ConsoleRecording::updateRecordingLabel);
    m_labelTimer.start();
    updateRecordingLabel();

    connect(&window, &MainWindow::recordingSettingsRequested, this, [this] {
        auto *dialog
            = new widgets::RecordingSettingsDialog(m_settings, defaultDirectory(), &m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QDialog::accepted, this, [this] {
            m_recorder.reset();
            startRecorder();
            updateRecordingLabel();
        });
        dialog->open();
    });
    connect(&window, &MainWindow::openRecordingRequested, this, [this] {
        const QString path = QFileDialog::getOpenFileName(&m_window, tr("Open recording"),
                                                          directory(), tr("Recordings (*.rfr)"));
        if (!path.isEmpty())
            openReplay(path);
    });
    connect(&window, &MainWindow::replayHistoryRequested, this, [this] {
        if (m_recorder)
            m_recorder->flush();  // the last second too
        openReplay(directory());
    });
    connect(&window, &MainWindow::backToLiveRequested, this, &ConsoleRecording::backToLive);
    connect(&window, &MainWindow::saveClipRequested, this, [this] {
        if (!m_replay)
            return;
        const auto selection = m_timeline ? m_timeline->selection() : std::nullopt;
        if (selection)
            saveClip(selection->first, selection->second);
        else
            saveClip(m_replay->reader().startMs(), m_replay->reader().endMs());
    });
    connect(&window, &MainWindow::annotatePortRequested, this, [this](const QString &port) {
        const qint64 t = now();
        annotate(t, t, port);
    });
}

ConsoleRecording::~ConsoleRecording()
{
    // The window outlives this object: it must not be left showing a replay's models as the
    // replay goes.
    if (m_replay) {
        showLiveFabric(m_window, m_live);
        m_replay.reset();
    }
}

QString ConsoleRecording::directory() const
{
    return m_settings.value(QStringLiteral("recording/directory"), defaultDirectory()).toString();
}

qint64 ConsoleRecording::now() const
{
    return m_replay ? m_replay->driver().position() : QDateTime::currentMSecsSinceEpoch();
}

void ConsoleRecording::startRecorder()
{
    m_recorderError.clear();
    if (!m_settings.value(QStringLiteral("recording/enabled"), true).toBool())
        return;
    recording::Recorder::Options options;
    options.directory = directory();
    options.maxAgeMs
        = qint64(m_settings.value(QStringLiteral("recording/maxHours"), 24).toDouble() * 3.6e6);
    options.maxBytes = qint64(m_settings.value(QStringLiteral("recording/maxGiB"), 2).toDouble()
                              * double(1ll << 30));
    options.meta.insert(QStringLiteral("producer"),
                        QString(QStringLiteral("roce-console ") + applicationVersion()));
    auto recorder = std::make_unique<recording::Recorder>(options);
    QString error;
    if (!recorder->start(&error)) {
        m_recorderError = error;
        m_window.showFabricProblem(tr("The flight recorder could not start: %1").arg(error));
        return;
    }
    connect(recorder.get(), &recording::Recorder::failed, this, [this](const QString &message) {
        m_recorderError = message;
        updateRecordingLabel();
        m_window.showFabricProblem(message);
    });
    recorder->attach(m_live);
    m_recorder = std::move(recorder);
    // A new recorder starts a new segment: it opens with what is in force now.
    if (m_liveLeafSpine)
        m_recorder->record(QStringLiteral("leafspine"),
                           recording::leafSpineToJson(*m_liveLeafSpine), now());
    else if (m_liveLayout)
        m_recorder->record(QStringLiteral("layout"), recording::layoutToJson(*m_liveLayout), now());
}

void ConsoleRecording::updateRecordingLabel()
{
    if (!m_recorder) {
        m_window.showRecordingState(m_recorderError.isEmpty()
                                        ? tr("Recording off")
                                        : tr("Recording stopped: %1").arg(m_recorderError));
        return;
    }
    const recording::Recorder::Stats stats = m_recorder->stats();
    if (!stats.error.isEmpty()) {
        m_window.showRecordingState(tr("Recording stopped: %1").arg(stats.error));
        return;
    }
    m_window.showRecordingState(
        tr("● REC %1 kept").arg(QLocale().formattedDataSize(stats.bytesKept)));
}

void ConsoleRecording::followFabric(FabricSession &fabric)
{
    auto record = [this](const QString &type, const QJsonObject &body) {
        if (m_recorder)
            m_recorder->record(type, body, QDateTime::currentMSecsSinceEpoch());
    };
    connect(&fabric, &FabricSession::layoutReady, this,
            [this, record](const models::FabricLayout &layout) {
                m_liveLayout = layout;
                m_liveLeafSpine.reset();
                record(QStringLiteral("layout"), recording::layoutToJson(layout));
            });
    connect(&fabric, &FabricSession::leafSpineReady, this,
            [this, record](const models::LeafSpineFabric &f) {
                m_liveLeafSpine = f;
                m_liveLeafSpineIsInventory = true;
                record(QStringLiteral("leafspine"), recording::leafSpineToJson(f));
            });
    connect(&fabric, &FabricSession::scenarioStarted, this, [record](const QString &name) {
        record(QStringLiteral("scenario"), {{QStringLiteral("name"), name}});
    });
}

void ConsoleRecording::followLargeFabric(sim::LargeFabricFeed *feed)
{
    if (!feed)
        return;
    connect(feed, &sim::LargeFabricFeed::fabricReady, this,
            [this](const models::LeafSpineFabric &f) {
                m_liveLeafSpine = f;
                m_liveLeafSpineIsInventory = false;
                if (m_recorder)
                    m_recorder->record(QStringLiteral("leafspine"), recording::leafSpineToJson(f),
                                       QDateTime::currentMSecsSinceEpoch());
            });
}

void ConsoleRecording::followExperiments(experiments::ExperimentQueue &queue,
                                         widgets::ExperimentsPanel *panel)
{
    m_experiments = panel;
    // Through whichever recorder runs (the settings may replace it).
    recording::recordJobs(queue, this,
                          [this](const QString &type, const QJsonObject &body, qint64 ms) {
                              if (m_recorder)
                                  m_recorder->record(type, body, ms);
                          });
}

void ConsoleRecording::showAnnotations()
{
    widgets::CounterCharts *charts = m_window.charts();
    if (!charts)
        return;
    charts->setAnnotations(m_replay ? m_replay->annotations() : m_liveAnnotations);
    connect(charts, &widgets::CounterCharts::annotateRequested, this, &ConsoleRecording::annotate,
            Qt::UniqueConnection);
}

void ConsoleRecording::annotate(qint64 fromMs, qint64 toMs, const QString &port)
{
    auto *dialog = new widgets::AnnotationDialog(fromMs, toMs, port, &m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const recording::Annotation a = dialog->annotation();
        if (m_replay) {
            if (m_replay->isRecorderDirectory(directory()) && m_recorder) {
                m_recorder->annotate(a);
                m_replay->addAnnotation(a);
            } else if (auto ok = m_replay->annotate(a); !ok) {
                m_window.showFabricProblem(
                    tr("The annotation is shown for this replay only: %1").arg(ok.error().message));
            }
            updateMarks();
        } else {
            if (m_recorder)
                m_recorder->annotate(a);
            else
                m_window.showFabricProblem(tr("Recording is off: the annotation is shown until "
                                              "the console quits."));
            m_liveAnnotations.append(a);
        }
        showAnnotations();
    });
    dialog->open();
}

void ConsoleRecording::updateMarks()
{
    if (!m_replay || !m_timeline)
        return;
    QList<widgets::TimelineMark> marks;
    const recording::RecordingReader &reader = m_replay->reader();
    // An alert is a band from raised to cleared (or to the end).
    QHash<QString, qsizetype> open;
    for (const recording::RecordedEvent &e : reader.events()) {
        if (e.type == QLatin1String("alert")) {
            const QString key = e.body.value(QStringLiteral("rule")).toString() + QLatin1Char('|')
                + e.body.value(QStringLiteral("port")).toString();
            if (e.body.value(QStringLiteral("active")).toBool()) {
                open.insert(key, marks.size());
                marks.append({e.ms, reader.endMs(), widgets::TimelineMark::Kind::Alert,
                              tr("%1 on %2")
                                  .arg(e.body.value(QStringLiteral("title")).toString(),
                                       e.body.value(QStringLiteral("port")).toString())});
            } else if (open.contains(key)) {
                marks[open.take(key)].toMs = e.ms;
            }
        } else if (e.type == QLatin1String("scenario")) {
            marks.append({e.ms, e.ms, widgets::TimelineMark::Kind::Scenario,
                          tr("Scenario %1").arg(e.body.value(QStringLiteral("name")).toString())});
        }
    }
    for (const recording::Annotation &a : m_replay->annotations())
        marks.append({a.fromMs, a.toMs, widgets::TimelineMark::Kind::Annotation,
                      a.port.isEmpty() ? a.text : tr("%1 (%2)").arg(a.text, a.port)});
    for (const recording::Damage &d : reader.damage())
        if (d.afterMs > 0)
            marks.append({d.afterMs, d.resumeMs > 0 ? d.resumeMs : reader.endMs(),
                          widgets::TimelineMark::Kind::Gap, d.describe()});
    m_timeline->setMarks(marks);
}

bool ConsoleRecording::openReplay(const QString &path)
{
    if (m_replay)
        backToLive();
    auto opened = ReplaySession::open(path);
    if (!opened) {
        m_window.showFabricProblem(tr("Cannot replay %1: %2").arg(path, opened.error().message));
        return false;
    }
    m_replay = std::move(opened).value();
    ReplaySession *replay = m_replay.get();
    if (replay->reader().isEmpty()) {
        m_window.showFabricProblem(tr("%1 holds nothing to replay.").arg(path));
        m_replay.reset();
        return false;
    }
    live::LiveFabric &hub = replay->hub();
    recording::ReplayDriver &driver = replay->driver();
    // The views follow the replay's live model, exactly as they follow the live one.
    m_window.showPorts(hub.ports());
    m_window.showTopology(hub.ports());
    m_window.showEvents(hub.events());
    m_window.showCharts(&hub.history());
    followDiagnosis(m_window, hub, true);
    if (widgets::CounterCharts *charts = m_window.charts())
        charts->setClock([replay] { return replay->driver().position(); });
    connect(replay, &ReplaySession::layoutReached, this,
            [this, replay](const models::FabricLayout &l) {
                m_window.showTopology(replay->hub().ports());
                m_window.setFabricLayout(l);
            });
    connect(replay, &ReplaySession::leafSpineReached, this,
            [this, replay](const models::LeafSpineFabric &f) {
                m_window.showLeafSpine(replay->hub().ports(), f);
            });
    connect(replay, &ReplaySession::scenarioReached, &m_window, &MainWindow::showScenario);
    connect(replay, &ReplaySession::annotationsChanged, this, [this] {
        showAnnotations();
        updateMarks();
    });
    auto *jobs = new widgets::RecordedJobsView(replay->jobs());
    connect(jobs, &widgets::RecordedJobsView::seekRequested, &driver,
            &recording::ReplayDriver::seek);
    // The live Experiments panel waits for the way back; anything else there (the empty
    // state, a previous replay's jobs) is done with.
    if (QWidget *old = m_window.replaceRunsPanel(jobs); old && old != m_experiments)
        old->deleteLater();

    auto *timeline = new widgets::ReplayTimeline;
    m_timeline = timeline;
    timeline->setRange(replay->reader().startMs(), replay->reader().endMs());
    timeline->setSpeed(driver.speed());
    connect(timeline, &widgets::ReplayTimeline::seekRequested, &driver,
            &recording::ReplayDriver::seek);
    connect(timeline, &widgets::ReplayTimeline::playRequested, &driver,
            [&driver](bool play) { play ? driver.play() : driver.pause(); });
    connect(timeline, &widgets::ReplayTimeline::stepRequested, &driver,
            &recording::ReplayDriver::step);
    connect(timeline, &widgets::ReplayTimeline::speedRequested, &driver,
            &recording::ReplayDriver::setSpeed);
    connect(timeline, &widgets::ReplayTimeline::annotateRequested, this,
            [this](qint64 from, qint64 to) { annotate(from, to, {}); });
    connect(timeline, &widgets::ReplayTimeline::clipRequested, this, &ConsoleRecording::saveClip);
    connect(timeline, &widgets::ReplayTimeline::compareRangeMarked, this,
            &ConsoleRecording::compareRange);
    connect(&driver, &recording::ReplayDriver::positionChanged, timeline,
            &widgets::ReplayTimeline::setPosition);
    connect(&driver, &recording::ReplayDriver::playingChanged, timeline,
            &widgets::ReplayTimeline::setPlaying);
    m_window.showReplay(path, replay->reader().startMs(), timeline);
    // At the first tick: the fabric as the recording first saw it.
    driver.seek(replay->reader().tickBlockCount() > 0 ? replay->reader().tickBlockLastMs(0)
                                                      : replay->reader().startMs());
    updateMarks();
    showAnnotations();
    const QList<recording::Damage> damage = replay->reader().damage();
    if (!damage.isEmpty()) {
        QStringList lines;
        for (const recording::Damage &d : damage)
            lines.append(d.describe());
        m_window.showFabricProblem(
            tr("Parts of this recording could not be read; the rest replays.\n\n%1")
                .arg(lines.join(QLatin1Char('\n'))));
    }
    return true;
}

void ConsoleRecording::showLiveShape()
{
    if (m_liveLeafSpine) {
        if (m_liveLeafSpineIsInventory)
            m_window.showInventoryLeafSpine(m_live.ports(), *m_liveLeafSpine);
        else
            m_window.showLeafSpine(m_live.ports(), *m_liveLeafSpine);
    } else if (m_liveLayout) {
        m_window.setFabricLayout(*m_liveLayout);
    }
}

void ConsoleRecording::backToLive()
{
    if (!m_replay)
        return;
    m_replay->driver().pause();
    showLiveFabric(m_window, m_live);
    showLiveShape();
    if (m_experiments) {
        if (QWidget *replayed = m_window.replaceRunsPanel(m_experiments))
            replayed->deleteLater();  // the replay's jobs view
    }
    m_window.showLive();
    m_before.reset();
    m_after.reset();
    // The views that showed the replay are gone or going (deleteLater): the replay goes
    // after them.
    m_replay.release()->deleteLater();
    showAnnotations();
}

void ConsoleRecording::saveClip(qint64 fromMs, qint64 toMs)
{
    if (!m_replay)
        return;
    const QString suggested
        = QDir(directory())
              .filePath(QStringLiteral("clip-%1.rfr")
                            .arg(QDateTime::fromMSecsSinceEpoch(fromMs).toString(
                                QStringLiteral("yyyyMMdd-HHmmss"))));
    const QString path = QFileDialog::getSaveFileName(&m_window, tr("Save clip"), suggested,
                                                      tr("Recordings (*.rfr)"));
    if (path.isEmpty())
        return;
    // A long range takes a while to copy: not on the GUI thread.
    std::shared_ptr<const recording::RecordingReader> reader = m_replay->readerPtr();
    auto *watcher = new QFutureWatcher<Result<recording::ClipStats>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path] {
        const Result<recording::ClipStats> done = watcher->result();
        watcher->deleteLater();
        if (!done)
            m_window.showFabricProblem(tr("The clip was not saved: %1").arg(done.error().message));
        else
            m_window.statusBar()->showMessage(
                tr("Clip saved: %1 (%2)").arg(path, QLocale().formattedDataSize(done->bytes)),
                8000);
    });
    watcher->setFuture(QtConcurrent::run([reader, fromMs, toMs, path] {
        return recording::writeClip(*reader, fromMs, toMs, path);
    }));
}

void ConsoleRecording::compareRange(bool after, qint64 fromMs, qint64 toMs)
{
    if (!m_replay)
        return;
    (after ? m_after : m_before) = std::make_pair(fromMs, toMs);
    if (!m_before || !m_after) {
        m_window.statusBar()->showMessage(
            after ? tr("\"After\" marked: now mark the range before the change.")
                  : tr("\"Before\" marked: now mark the range after the change."),
            8000);
        return;
    }
    const auto before = *m_before, afterRange = *m_after;
    std::shared_ptr<const recording::RecordingReader> reader = m_replay->readerPtr();
    auto *watcher = new QFutureWatcher<results::Comparison>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        const results::Comparison comparison = watcher->result();
        watcher->deleteLater();
        auto *dialog = new QDialog(&m_window);
        dialog->setObjectName(QStringLiteral("rangeComparisonDialog"));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setWindowTitle(tr("Before and after"));
        auto *view = new widgets::ComparisonView(dialog);
        view->setComparison(comparison);
        auto *layout = new QVBoxLayout(dialog);
        layout->addWidget(view);
        dialog->resize(900, 640);
        dialog->open();
    });
    const QString beforeLabel = tr("before"), afterLabel = tr("after");
    watcher->setFuture(QtConcurrent::run([reader, before, afterRange, beforeLabel, afterLabel] {
        return results::compareRuns(
            {recording::summarize(*reader, before.first, before.second).asRun(beforeLabel, 1),
             recording::summarize(*reader, afterRange.first, afterRange.second)
                 .asRun(afterLabel, 2)});
    }));
    m_before.reset();
    m_after.reset();
}

}  // namespace roce::app
