#include "replaysession.h"

#include "live/recording/recordingfile.h"
#include "live/recording/shapejson.h"

#include <QFileInfo>

namespace roce::app {

Result<std::unique_ptr<ReplaySession>> ReplaySession::open(const QString &path)
{
    auto reader = recording::RecordingReader::open(path);
    if (!reader)
        return reader.error();
    std::unique_ptr<ReplaySession> s(new ReplaySession);
    s->m_path = path;
    s->m_reader = std::move(reader).value();
    // Ticks are applied by the driver, not by a timer; stale ages follow the replay clock.
    s->m_hub = std::make_unique<live::LiveFabric>();
    s->m_driver = std::make_unique<recording::ReplayDriver>(s->m_reader, s->m_hub.get());
    s->m_annotations = s->m_reader->annotations();
    ReplaySession *self = s.get();
    connect(s->m_driver.get(), &recording::ReplayDriver::eventReached, self,
            &ReplaySession::onEvent);
    connect(s->m_driver.get(), &recording::ReplayDriver::restarted, self,
            [self] { self->m_jobs.clear(); });
    return s;
}

ReplaySession::~ReplaySession()
{
    m_driver.reset();  // before the hub whose clock it drives
}

void ReplaySession::onEvent(const recording::RecordedEvent &e)
{
    if (e.type == QLatin1String("layout")) {
        if (auto layout = recording::layoutFromJson(e.body))
            emit layoutReached(*layout);
    } else if (e.type == QLatin1String("leafspine")) {
        if (auto fabric = recording::leafSpineFromJson(e.body))
            emit leafSpineReached(*fabric);
    } else if (e.type == QLatin1String("scenario")) {
        emit scenarioReached(e.body.value(QStringLiteral("name")).toString());
    } else if (e.type.startsWith(QLatin1String("job"))) {
        m_jobs.apply(e);
    }
}

bool ReplaySession::isRecorderDirectory(const QString &directory) const
{
    return !directory.isEmpty() && QFileInfo(m_path).isDir()
        && QFileInfo(m_path).canonicalFilePath() == QFileInfo(directory).canonicalFilePath();
}

void ReplaySession::addAnnotation(const recording::Annotation &annotation)
{
    m_annotations.append(annotation);
    std::sort(m_annotations.begin(), m_annotations.end(),
              [](const recording::Annotation &a, const recording::Annotation &b) {
                  return a.fromMs < b.fromMs;
              });
    emit annotationsChanged();
}

Result<void> ReplaySession::annotate(const recording::Annotation &annotation)
{
    addAnnotation(annotation);
    // A directory's segments: the newest one gets it (each is a recording of its own).
    const QString file = QFileInfo(m_path).isDir() ? m_reader->files().constLast() : m_path;
    auto writer = recording::RecordingFileWriter::append(file);
    if (!writer)
        return writer.error();
    const recording::RecordedEvent event {annotation.fromMs, QStringLiteral("annotation"),
                                          recording::annotationToJson(annotation)};
    if (auto ok = (*writer)->write(recording::BlockType::Events, event.ms, event.ms,
                                   recording::encodeEvents({event}));
        !ok)
        return ok;
    return (*writer)->sync();
}

}  // namespace roce::app
