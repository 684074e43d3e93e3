#pragma once

#include "live/hub/livefabric.h"
#include "live/maplayout/fabriclayout.h"
#include "live/maplayout/leafspinefabric.h"
#include "live/recording/annotation.h"
#include "live/recording/jobevents.h"
#include "live/recording/recordingreader.h"
#include "live/recording/replaydriver.h"
#include "proto/common/result.h"

#include <QObject>

#include <memory>

namespace roce::app {

/// A recording opened for replay: a live model of its own driven by the recording (the live
/// one goes on watching, and recording, meanwhile), the experiments it reached, and its
/// annotations. The window points its views at hub() while it is open.
class ReplaySession : public QObject
{
    Q_OBJECT

public:
    /// Opens @p path (a file, or a directory of recordings); the error says why not.
    static Result<std::unique_ptr<ReplaySession>> open(const QString &path);
    ~ReplaySession() override;

    QString path() const { return m_path; }
    live::LiveFabric &hub() { return *m_hub; }
    recording::ReplayDriver &driver() { return *m_driver; }
    const recording::RecordingReader &reader() const { return *m_reader; }
    /// For work on other threads (clips, summaries) that must not outlive the reader.
    std::shared_ptr<const recording::RecordingReader> readerPtr() const { return m_reader; }
    recording::RecordedJobsModel *jobs() { return &m_jobs; }

    /// The recording's annotations and those added while it is open.
    QList<recording::Annotation> annotations() const { return m_annotations; }
    /// Keeps @p annotation in the recording (appended to its file); when the file cannot be
    /// written, it is kept for this replay only and the error says why.
    Result<void> annotate(const recording::Annotation &annotation);
    /// A directory of recordings is the always-on recorder's: its annotations go through the
    /// recorder (@p directory is its directory), not into a segment it is writing.
    bool isRecorderDirectory(const QString &directory) const;
    void addAnnotation(const recording::Annotation &annotation);

signals:
    /// The map's shape and the scenario, as the replay reaches them (after a seek: those in
    /// force at the target).
    void layoutReached(const roce::models::FabricLayout &layout);
    void leafSpineReached(const roce::models::LeafSpineFabric &fabric);
    void scenarioReached(const QString &name);
    void annotationsChanged();

private:
    ReplaySession() = default;
    void onEvent(const recording::RecordedEvent &event);

    QString m_path;
    std::shared_ptr<const recording::RecordingReader> m_reader;
    std::unique_ptr<live::LiveFabric> m_hub;
    std::unique_ptr<recording::ReplayDriver> m_driver;
    recording::RecordedJobsModel m_jobs;
    QList<recording::Annotation> m_annotations;
};

}  // namespace roce::app
