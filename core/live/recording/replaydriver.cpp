#include "live/recording/replaydriver.h"

#include "live/recording/shapejson.h"
#include "proto/common/backgroundpriority.h"

#include <QHash>
#include <QThreadPool>
#include <QtConcurrent>

#include <algorithm>
#include <utility>

namespace roce::recording {

ReplayDriver::ReplayDriver(std::shared_ptr<const RecordingReader> reader, live::LiveFabric *hub,
                           QObject *parent)
    : ReplayDriver(std::move(reader), hub, Options {}, parent)
{ }

ReplayDriver::ReplayDriver(std::shared_ptr<const RecordingReader> reader, live::LiveFabric *hub,
                           Options options, QObject *parent)
    : QObject(parent), m_reader(std::move(reader)), m_hub(hub), m_options(options)
{
    qRegisterMetaType<roce::recording::RecordedEvent>();
    m_position = m_reader->startMs();
    m_hub->setClock([this] { return m_position; });
    // Precise: a coarse timer may fire 5 % late, and a frame rate is what play is about.
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(m_options.frameMs);
    connect(&m_timer, &QTimer::timeout, this, &ReplayDriver::frame);
    m_block = 0;
    m_blockTicks = m_reader->tickBlock(0);
}

ReplayDriver::~ReplayDriver()
{
    // The hub may outlive the replay: its clock must not call into a dead driver.
    const qint64 last = m_position;
    m_hub->setClock([last] { return last; });
}

void ReplayDriver::play()
{
    if (m_position >= m_reader->endMs())
        seek(m_reader->startMs());
    if (m_timer.isActive())
        return;
    m_wall.start();
    m_timer.start();
    emit playingChanged(true);
}

void ReplayDriver::pause()
{
    if (!m_timer.isActive())
        return;
    m_timer.stop();
    emit playingChanged(false);
}

void ReplayDriver::setSpeed(double speed)
{
    m_speed = std::clamp(speed, 0.1, 600.0);
}

void ReplayDriver::frame()
{
    const qint64 elapsed = m_wall.restart();
    const qint64 target
        = std::min(m_reader->endMs(), m_position + qint64(double(elapsed) * m_speed));
    advanceTo(target, true);
    if (m_position >= m_reader->endMs()) {
        if (m_behind) {
            // The end shows the recording's last state, not the last block decoded in time.
            const int last = m_reader->tickBlockCount() - 1;
            if (last > m_block)
                takeBlock(last);
            applyBlockUpTo(m_reader->endMs());
            m_behind = false;
            emit positionChanged(m_position);
        }
        pause();
        emit finished();
    }
}

const RecordedTick *ReplayDriver::peek()
{
    while (m_next >= m_blockTicks.size()) {
        if (m_block + 1 >= m_reader->tickBlockCount())
            return nullptr;
        takeBlock(m_block + 1);  // a damaged block yields none
        // The next block decodes on a worker while this one is applied: a large fabric's
        // block takes a good part of a frame to decode.
        if (m_block + 1 < m_reader->tickBlockCount() && m_prefetchBlock <= m_block)
            prefetch(m_block + 1);
    }
    return &m_blockTicks.at(m_next);
}

void ReplayDriver::takeBlock(int b)
{
    QList<RecordedTick> done = std::exchange(m_blockTicks, blockTicks(b));
    m_block = b;
    m_next = 0;
    // A large fabric's block is a quarter of a million strings: they are freed on a worker,
    // not between two frames of the views.
    if (!done.isEmpty())
        m_workers.start([done = std::move(done)]() mutable {
            lowerThisThreadsPriority();
            done.clear();
        });
}

void ReplayDriver::placeServersUpTo(qint64 ms)
{
    const QList<RecordedEvent> &events = m_reader->events();
    const RecordedEvent *latest = nullptr;
    for (; m_layoutScan < events.size() && events.at(m_layoutScan).ms <= ms; ++m_layoutScan) {
        if (events.at(m_layoutScan).type == QLatin1String("layout"))
            latest = &events.at(m_layoutScan);
    }
    if (!latest)
        return;
    if (const auto layout = layoutFromJson(latest->body))
        m_hub->setPlacement(layout->placement());
}

void ReplayDriver::applyTick(const RecordedTick &tick)
{
    placeServersUpTo(tick.ms);
    for (const live::LiveFabric::Input &in : tick.inputs)
        m_hub->replayInput(in);
    m_position = std::max(m_position, tick.ms);
    m_hub->tick();
    ++m_ticksApplied;
}

void ReplayDriver::applyMerged(const QList<RecordedTick> &ticks)
{
    // Each source's newest frame; failures and returns all, in order.
    QHash<QString, const live::LiveFabric::Input *> newest;
    for (const RecordedTick &t : ticks)
        for (const live::LiveFabric::Input &in : t.inputs)
            if (in.kind == live::LiveFabric::Input::Kind::Frame)
                newest.insert(in.source, &in);
    for (const RecordedTick &t : ticks)
        for (const live::LiveFabric::Input &in : t.inputs)
            if (in.kind != live::LiveFabric::Input::Kind::Frame || newest.value(in.source) == &in)
                m_hub->replayInput(in);
    placeServersUpTo(ticks.last().ms);
    m_position = std::max(m_position, ticks.last().ms);
    m_hub->tick();
    m_ticksApplied += ticks.size();
}

int ReplayDriver::advanceTo(qint64 ms, bool mergeWhenBehind)
{
    QElapsedTimer spent;
    spent.start();
    int applied = 0;
    bool caughtUp = true;
    const bool wasBehind = mergeWhenBehind && m_behind;
    if (wasBehind) {
        applied = advanceBehind(ms, &caughtUp);
    } else {
        QList<RecordedTick> keep;  // merged: the rest of this frame's ticks
        for (const RecordedTick *t = peek(); t && t->ms <= ms; t = peek()) {
            ++applied;
            if (mergeWhenBehind && spent.elapsed() >= m_options.stepBudgetMs) {
                keep.append(*t);
                ++m_next;
                continue;
            }
            applyTick(*t);
            ++m_next;
        }
        if (!keep.isEmpty())
            applyMerged(keep);
    }
    if (mergeWhenBehind) {
        // Behind stays behind until a frame applies the target's block well within its
        // budget: leaving it for a frame that only moved the position would decode and apply
        // a large fabric's ticks one by one on this thread the frame after.
        const qint64 took = spent.elapsed();
        if (wasBehind)
            m_behind = !(caughtUp && applied > 0 && took < m_options.stepBudgetMs / 2);
        else
            m_behind = took >= m_options.stepBudgetMs;
    }
    m_position = std::max(m_position, ms);
    emitEventsUpTo(m_position);
    emit positionChanged(m_position);
    return applied;
}

int ReplayDriver::advanceBehind(qint64 ms, bool *caughtUp)
{
    // Behind (a frame took longer than its budget: a large fabric at 60x). The blocks
    // between are not decoded at all: the newest block the target has reached stands for
    // them, merged (each source's newest frame), and the history waits for play to catch up
    // (or for a seek), so the map and the table keep their frame rate. Blocks are decoded
    // ahead on a worker thread and this thread never waits for one: a frame that finds
    // none ready moves the position only, and the map catches up a frame later.
    int newest = m_reader->tickBlockAt(ms);
    if (newest >= m_reader->tickBlockCount() || m_reader->tickBlockFirstMs(newest) > ms)
        --newest;
    // One decode at a time, never abandoned (that would only waste the other core): the
    // block after the newest is decoded while this one is applied and painted, and by the
    // next frames the target has reached it.
    if (newest > m_block) {
        const bool running = m_prefetchBlock > m_block;
        if (running && m_prefetchBlock <= newest && m_prefetch.isFinished()) {
            takeBlock(m_prefetchBlock);
            prefetch(std::min(m_reader->tickBlockCount() - 1, newest + 1));
        } else if (!running) {
            prefetch(newest);
        }
    }
    *caughtUp = newest <= m_block;
    return applyBlockUpTo(ms);
}

int ReplayDriver::applyBlockUpTo(qint64 ms)
{
    QList<RecordedTick> merged;
    for (; m_next < m_blockTicks.size() && m_blockTicks.at(m_next).ms <= ms; ++m_next)
        merged.append(m_blockTicks.at(m_next));
    if (merged.isEmpty())
        return 0;
    // The blocks skipped left holes: the history waits for play to catch up (or a seek).
    m_hub->setKeepHistory(false);
    applyMerged(merged);
    m_hub->setKeepHistory(true);
    return int(merged.size());
}

QList<RecordedTick> ReplayDriver::blockTicks(int b)
{
    if (b == m_prefetchBlock) {
        m_prefetchBlock = -1;
        return m_prefetch.result();
    }
    return m_reader->tickBlock(b);
}

void ReplayDriver::prefetch(int b)
{
    if (b == m_prefetchBlock)
        return;
    m_prefetchBlock = b;
    std::shared_ptr<const RecordingReader> reader = m_reader;  // outlives the driver if needed
    m_prefetch = QtConcurrent::run(&m_workers, [reader, b] {
        lowerThisThreadsPriority();  // behind the GUI thread, which applies and paints
        return reader->tickBlock(b);
    });
}

void ReplayDriver::step()
{
    pause();
    if (const RecordedTick *t = peek()) {
        const RecordedTick tick = *t;
        ++m_next;
        applyTick(tick);
        emitEventsUpTo(m_position);
        emit positionChanged(m_position);
    }
}

void ReplayDriver::emitEventsUpTo(qint64 ms)
{
    const QList<RecordedEvent> &events = m_reader->events();
    while (m_nextEvent < events.size() && events.at(m_nextEvent).ms <= ms)
        emit eventReached(events.at(m_nextEvent++));
}

void ReplayDriver::seek(qint64 ms)
{
    ms = std::clamp(ms, m_reader->startMs(), m_reader->endMs());
    m_hub->reset();
    m_prefetchBlock = -1;
    m_behind = false;
    emit restarted(ms);
    // Newest first from the target: the settling part (replayed through the hub, so ports,
    // sources and alerts are as they were) until settleMs or settlePorts, then the part that
    // only fills the charts' history until backfillMs or backfillPorts. Each block is decoded
    // once.
    QList<RecordedTick> settle, history;
    {
        qint64 settlePorts = 0, historyPorts = 0;
        bool settling = true, done = false;
        const qint64 earliest = ms - m_options.settleMs - m_options.backfillMs;
        int b = std::min(m_reader->tickBlockAt(ms), m_reader->tickBlockCount() - 1);
        for (; b >= 0 && !done && m_reader->tickBlockLastMs(b) >= earliest; --b) {
            QList<RecordedTick> ticks = m_reader->tickBlock(b);
            for (auto t = ticks.rbegin(); t != ticks.rend() && !done; ++t) {
                if (t->ms > ms)
                    continue;
                qint64 ports = 0;
                for (const live::LiveFabric::Input &in : t->inputs)
                    ports += in.frame.ports.size();
                if (settling && ms - t->ms <= m_options.settleMs
                    && (settle.isEmpty() || settlePorts < m_options.settlePorts)) {
                    settle.prepend(std::move(*t));
                    settlePorts += ports;
                    continue;
                }
                settling = false;
                if (t->ms < earliest || historyPorts >= m_options.backfillPorts) {
                    done = true;
                    break;
                }
                history.prepend(std::move(*t));
                historyPorts += ports;
            }
        }
    }
    store::CounterStore &charts = m_hub->history();
    for (const RecordedTick &t : std::as_const(history))
        for (const live::LiveFabric::Input &in : t.inputs)
            if (in.kind == live::LiveFabric::Input::Kind::Frame)
                charts.ingest(in.frame);
    m_position = settle.isEmpty() ? ms : settle.first().ms;
    m_layoutScan = 0;
    m_hub->setPlacement({});
    placeServersUpTo(m_position);
    for (const RecordedTick &t : std::as_const(settle))
        applyTick(t);
    // Play goes on from the first tick after the target.
    m_block = std::clamp(m_reader->tickBlockAt(ms), 0, std::max(0, m_reader->tickBlockCount() - 1));
    m_blockTicks = m_reader->tickBlock(m_block);
    m_next = 0;
    while (m_next < m_blockTicks.size() && m_blockTicks.at(m_next).ms <= ms)
        ++m_next;
    // Events: the latest shape and scenario before the target, then none until it.
    const QList<RecordedEvent> &events = m_reader->events();
    m_nextEvent = std::upper_bound(events.cbegin(), events.cend(), ms,
                                   [](qint64 t, const RecordedEvent &e) { return t < e.ms; })
        - events.cbegin();
    QHash<QString, qsizetype> latestSticky;
    for (qsizetype i = 0; i < m_nextEvent; ++i) {
        const QString &type = events.at(i).type;
        if (type == QLatin1String("layout") || type == QLatin1String("leafspine")
            || type == QLatin1String("scenario"))
            latestSticky.insert(type, i);
    }
    QList<qsizetype> sticky = latestSticky.values();
    std::sort(sticky.begin(), sticky.end());
    for (qsizetype i : std::as_const(sticky))
        emit eventReached(events.at(i));
    m_position = ms;
    emit positionChanged(m_position);
}

}  // namespace roce::recording
