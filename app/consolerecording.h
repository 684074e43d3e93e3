#pragma once

#include "live/maplayout/fabriclayout.h"
#include "live/maplayout/leafspinefabric.h"
#include "live/recording/recorder.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>
#include <optional>

class QSettings;

namespace roce::experiments {
class ExperimentQueue;
}
namespace roce::live {
class LiveFabric;
}
namespace roce::sim {
class LargeFabricFeed;
}
namespace roce::widgets {
class ExperimentsPanel;
class RecordedJobsView;
class ReplayTimeline;
}  // namespace roce::widgets

namespace roce::app {

class FabricSession;
class MainWindow;
class ReplaySession;

/// The console's flight recorder and its replays. Always on (unless turned off in File >
/// Recording settings...): every input of the live model, its alerts, the map's shape, the
/// scenarios, the experiments and the annotations go into hourly segments in the recordings
/// directory, kept within the size and age set there. File > Open recording... (or
/// --replay) points the window's views at a replay of a recording, with the timeline at the
/// bottom; Back to live points them at the live model again, which never stopped.
class ConsoleRecording : public QObject
{
    Q_OBJECT

public:
    ConsoleRecording(MainWindow &window, live::LiveFabric &live, QSettings &settings,
                     QObject *parent = nullptr);
    ~ConsoleRecording() override;

    /// The live fabric's map shape and scenarios, kept for the recorder and for the way back
    /// from a replay.
    void followFabric(FabricSession &fabric);
    void followLargeFabric(sim::LargeFabricFeed *feed);
    void followExperiments(experiments::ExperimentQueue &queue, widgets::ExperimentsPanel *panel);

    /// Replays @p path in the window; false (and the window says why) when it cannot be read.
    bool openReplay(const QString &path);
    void backToLive();
    bool isReplaying() const { return m_replay != nullptr; }
    ReplaySession *replay() const { return m_replay.get(); }
    recording::Recorder *recorder() const { return m_recorder.get(); }
    /// The recordings directory of the settings.
    QString directory() const;
    /// Adds an annotation where the user asked (the live recording, or the replayed file).
    void annotate(qint64 fromMs, qint64 toMs, const QString &port);

private:
    void startRecorder();
    void updateRecordingLabel();
    void showLiveShape();
    void showAnnotations();
    void updateMarks();
    void saveClip(qint64 fromMs, qint64 toMs);
    void compareRange(bool after, qint64 fromMs, qint64 toMs);
    qint64 now() const;

    MainWindow &m_window;
    live::LiveFabric &m_live;
    QSettings &m_settings;
    std::unique_ptr<recording::Recorder> m_recorder;
    QString m_recorderError;
    QTimer m_labelTimer;
    std::optional<models::FabricLayout> m_liveLayout;
    std::optional<models::LeafSpineFabric> m_liveLeafSpine;
    bool m_liveLeafSpineIsInventory = false;
    QList<recording::Annotation> m_liveAnnotations;
    std::unique_ptr<ReplaySession> m_replay;
    QPointer<widgets::ReplayTimeline> m_timeline;
    QPointer<widgets::ExperimentsPanel> m_experiments;
    std::optional<std::pair<qint64, qint64>> m_before, m_after;
};

}  // namespace roce::app
