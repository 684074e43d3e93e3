#pragma once

#include "live/hub/livefabric.h"
#include "live/recording/annotation.h"
#include "live/recording/recordformat.h"
#include "proto/common/workerthread.h"

#include <QJsonObject>
#include <QObject>
#include <QSet>
#include <QTimer>

#include <memory>

namespace roce::recording {

/// The flight recorder: keeps every input of a live model (each source's frames with their
/// own timestamps, failures, returns) tick by tick, the alerts raised and cleared, and what
/// the console adds (scenarios, experiment jobs and their output, the map's layout,
/// annotations), on one time axis. The hub's thread only collects; once a second a writer
/// thread encodes, compresses, appends and syncs one block, so a crash or a power cut loses
/// at most the last second.
///
/// Into one file (`rocectl record`, clips), or always-on into a directory of hourly segments
/// kept within a size and an age (the oldest segments go first).
class Recorder : public QObject
{
    Q_OBJECT

public:
    struct Options {
        QString file;                          ///< record into this new file ...
        QString directory;                     ///< ... or into segments in this directory
        qint64 maxBytes = 2ll << 30;           ///< directory: segments kept within ...
        qint64 maxAgeMs = 24ll * 3600 * 1000;  ///< ... and this age
        qint64 segmentMs = 3600 * 1000;        ///< a new segment every hour ...
        qint64 segmentBytes = 256ll << 20;     ///< ... or at this size
        int flushMs = 1000;                    ///< the most a crash can lose
        QJsonObject meta;  ///< written at the head of every file ({"fabric": ..., ...})
    };
    struct Stats {
        qint64 ticks = 0;         ///< ticks recorded
        qint64 bytesWritten = 0;  ///< since the recorder started
        qint64 bytesKept = 0;     ///< directory: all segments on disk; file: its size
        int segments = 0;
        qint64 writerCpuNs = 0;  ///< CPU time of the writer thread (encode, deflate, write)
        QString currentFile;
        QString error;  ///< why recording stopped (empty while it runs)
    };

    explicit Recorder(Options options, QObject *parent = nullptr);
    ~Recorder() override;  ///< writes and syncs what is pending

    /// Opens the file (or the directory's new segment) on the writer thread; false and
    /// @p error when that fails. Nothing is recorded before it.
    bool start(QString *error = nullptr);
    /// Records @p hub's inputs and alerts from now on.
    void attach(live::LiveFabric &hub);
    void detach();

    /// Anything else on the time axis (see RecordedEvent). "layout", "leafspine" and
    /// "scenario" also open every later segment, so that each segment replays on its own.
    void record(const QString &type, const QJsonObject &body, qint64 ms);
    void annotate(const Annotation &annotation);
    void removeAnnotation(qint64 id, qint64 ms);
    /// Ticks as the hub applied them (attach() connects this).
    void recordTick(qint64 tickMs, const QList<live::LiveFabric::Input> &inputs,
                    const QList<monitor::Alert> &alertChanges);

    /// Hands what is pending to the writer now and waits until it is written and synced.
    void flush();
    Stats stats() const;

signals:
    /// Recording stopped: the disk is full, the directory went away, ... (said once).
    void failed(const QString &message);

private:
    struct Batch {
        QList<RecordedTick> ticks;
        QList<RecordedEvent> events;
    };
    class Writer;
    void handOver(bool wait);

    Options m_options;
    WorkerThread m_thread {QStringLiteral("recorder")};
    std::shared_ptr<Writer> m_writer;
    Batch m_pending;
    QTimer m_flushTimer;
    QSet<QString> m_activeAlerts;  ///< rule|port of raised alerts: updates are not events
    QMetaObject::Connection m_hubConnection;
    bool m_started = false;
};

}  // namespace roce::recording
