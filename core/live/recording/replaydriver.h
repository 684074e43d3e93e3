#pragma once

#include "live/hub/livefabric.h"
#include "live/recording/recordingreader.h"

#include <QElapsedTimer>
#include <QFuture>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <memory>

namespace roce::recording {

/// Plays a recording into a live model: the recorded inputs are posted again, tick by tick, on
/// the replay clock (the hub's clock follows it), so the port table, map, charts, alerts and
/// events are those of the live run, computed by the same code. Play at 1x to 60x, pause, step
/// one tick, seek anywhere (the hub starts over a little before the target, so charts have
/// their recent history and alerts their state).
///
/// When a step of play has more to apply than its time allows (a large fabric at 60x), the
/// rest of that step is merged: each source's newest frame only, and while play stays behind,
/// the blocks between frames are skipped undecoded; the views keep their frame rate, the
/// history has fewer points for that stretch (a seek or a slower speed fills it again).
class ReplayDriver : public QObject
{
    Q_OBJECT

public:
    struct Options {
        int frameMs = 16;  ///< how often play advances (about 60 a second, as a display refreshes)
        int stepBudgetMs = 20;     ///< then merge the rest of a step (see above)
        qint64 settleMs = 15'000;  ///< a seek replays this much fully before the target ...
        qint64 settlePorts
            = 100'000;  ///< ... at most this many port samples of it (1 tick at least) ...
        qint64 backfillMs = 300'000;     ///< ... and up to this much more into the history only
        qint64 backfillPorts = 200'000;  ///< ... at most this many port samples of it
    };

    ReplayDriver(std::shared_ptr<const RecordingReader> reader, live::LiveFabric *hub,
                 QObject *parent = nullptr);
    ReplayDriver(std::shared_ptr<const RecordingReader> reader, live::LiveFabric *hub,
                 Options options, QObject *parent = nullptr);
    ~ReplayDriver() override;

    const RecordingReader &reader() const { return *m_reader; }
    qint64 position() const { return m_position; }
    bool isPlaying() const { return m_timer.isActive(); }
    double speed() const { return m_speed; }

    void play();
    void pause();
    void setSpeed(double speed);  ///< 0.1 to 600 (clamped)
    /// Pauses and applies the next recorded tick.
    void step();
    /// The state at @p ms (clamped to the recording): the hub is reset and rebuilt.
    void seek(qint64 ms);
    /// Applies every tick up to @p ms from the current position (forward only), as play does;
    /// headless replays call it directly. Returns the ticks applied.
    int advanceTo(qint64 ms, bool mergeWhenBehind = false);
    /// The events (layout, scenario, jobs, annotations, alerts) up to the position have been
    /// emitted through eventReached().
    qint64 ticksApplied() const { return m_ticksApplied; }

signals:
    void positionChanged(qint64 ms);
    void playingChanged(bool playing);
    /// Play reached the end of the recording (and paused).
    void finished();
    /// An event of the recording the position just passed (after a seek: the latest
    /// "layout", "leafspine" and "scenario" before the target, then the rest as they come).
    void eventReached(const roce::recording::RecordedEvent &event);
    /// The hub was reset by a seek: views that keep their own state drop it.
    void restarted(qint64 ms);

private:
    void frame();
    /// The next tick, without applying it; nullptr at the end.
    const RecordedTick *peek();
    void applyTick(const RecordedTick &tick);
    void applyMerged(const QList<RecordedTick> &ticks);
    /// advanceTo() while behind: the newest block decoded ahead, merged; @p caughtUp says
    /// whether it was the block of @p ms.
    int advanceBehind(qint64 ms, bool *caughtUp);
    /// The current block's ticks up to @p ms, merged, without history; returns how many.
    int applyBlockUpTo(qint64 ms);
    void emitEventsUpTo(qint64 ms);
    /// Gives the hub the placement of the latest recorded "layout" up to @p ms, before the
    /// ticks it judges: LLDP names a hypervisor, the layout which port its servers are behind.
    void placeServersUpTo(qint64 ms);
    /// Block @p b's ticks: the one decoded ahead on a worker thread when it is that one.
    QList<RecordedTick> blockTicks(int b);
    /// Makes block @p b the current one, from its first tick.
    void takeBlock(int b);
    void prefetch(int b);

    std::shared_ptr<const RecordingReader> m_reader;
    live::LiveFabric *m_hub;
    Options m_options;
    qint64 m_position = 0;
    double m_speed = 1;
    QTimer m_timer;
    QElapsedTimer m_wall;
    int m_block = 0;  ///< the block m_blockTicks holds
    QList<RecordedTick> m_blockTicks;
    qsizetype m_next = 0;        ///< the next tick of m_blockTicks
    qsizetype m_nextEvent = 0;   ///< the next event of reader().events()
    qsizetype m_layoutScan = 0;  ///< the next event placeServersUpTo() looks at
    qint64 m_ticksApplied = 0;
    bool m_behind = false;  ///< the last frame of play overran its budget
    int m_prefetchBlock = -1;
    /// Decodes blocks ahead and frees the ones done with, at a lower priority than the GUI
    /// thread's (declared before the future: destroyed after it, waiting for its tasks).
    QThreadPool m_workers;
    QFuture<QList<RecordedTick>> m_prefetch;
};

}  // namespace roce::recording
