#include "recording/replaydriver.h"

#include <QHash>

#include <algorithm>

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
        pause();
        emit finished();
    }
}

const RecordedTick *ReplayDriver::peek()
{
    while (m_next >= m_blockTicks.size()) {
        if (m_block + 1 >= m_reader->tickBlockCount())
            return nullptr;
        m_blockTicks = m_reader->tickBlock(++m_block);  // a damaged block yields none
        m_next = 0;
    }
    return &m_blockTicks.at(m_next);
}

void ReplayDriver::applyTick(const RecordedTick &tick)
{
    for (const live::LiveFabric::Input &in : tick.inputs)
        m_hub->replayInput(in);
    m_position = std::max(m_position, tick.ms);
    m_hub->tick();
    ++m_ticksApplied;
}

void ReplayDriver::applyMerged(QList<const RecordedTick *> ticks)
{
    // Each source's newest frame; failures and returns all, in order.
    QHash<QString, const live::LiveFabric::Input *> newest;
    for (const RecordedTick *t : ticks)
        for (const live::LiveFabric::Input &in : t->inputs)
            if (in.kind == live::LiveFabric::Input::Kind::Frame)
                newest.insert(in.source, &in);
    for (const RecordedTick *t : ticks)
        for (const live::LiveFabric::Input &in : t->inputs)
            if (in.kind != live::LiveFabric::Input::Kind::Frame || newest.value(in.source) == &in)
                m_hub->replayInput(in);
    m_position = std::max(m_position, ticks.last()->ms);
    m_hub->tick();
    m_ticksApplied += ticks.size();
}

int ReplayDriver::advanceTo(qint64 ms, bool mergeWhenBehind)
{
    QElapsedTimer spent;
    spent.start();
    int applied = 0;
    QList<const RecordedTick *> behind;
    QList<RecordedTick> keep;  // ticks of earlier blocks, while merging across blocks
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
    if (!keep.isEmpty()) {
        for (const RecordedTick &t : std::as_const(keep))
            behind.append(&t);
        applyMerged(behind);
    }
    m_position = std::max(m_position, ms);
    emitEventsUpTo(m_position);
    emit positionChanged(m_position);
    return applied;
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
    emit restarted(ms);
    const qint64 settleFrom = ms - m_options.settleMs;
    // The history before the settling part, newest first until the budget is spent.
    qint64 historyFrom = settleFrom;
    {
        qint64 ports = 0;
        const qint64 earliest = settleFrom - m_options.backfillMs;
        for (int b = m_reader->tickBlockAt(settleFrom); b >= 0 && ports < m_options.backfillPorts;
             --b) {
            if (b >= m_reader->tickBlockCount())
                continue;
            if (m_reader->tickBlockLastMs(b) < earliest)
                break;
            const QList<RecordedTick> ticks = m_reader->tickBlock(b);
            for (auto t = ticks.crbegin(); t != ticks.crend(); ++t) {
                if (t->ms >= settleFrom || t->ms < earliest)
                    continue;
                for (const live::LiveFabric::Input &in : t->inputs)
                    ports += in.frame.ports.size();
                historyFrom = t->ms;
                if (ports >= m_options.backfillPorts)
                    break;
            }
        }
    }
    for (const RecordedTick &t : m_reader->ticks(historyFrom, settleFrom - 1))
        for (const live::LiveFabric::Input &in : t.inputs)
            if (in.kind == live::LiveFabric::Input::Kind::Frame)
                m_hub->history().ingest(in.frame);
    // Then the last seconds through the hub, so ports, sources and alerts are as they were.
    m_block
        = std::min(m_reader->tickBlockAt(settleFrom), std::max(0, m_reader->tickBlockCount() - 1));
    m_blockTicks = m_reader->tickBlock(m_block);
    m_next = 0;
    while (m_next < m_blockTicks.size() && m_blockTicks.at(m_next).ms < settleFrom)
        ++m_next;
    m_position = settleFrom;
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
    for (const RecordedTick *t = peek(); t && t->ms <= ms; t = peek()) {
        applyTick(*t);
        ++m_next;
    }
    m_position = ms;
    emit positionChanged(m_position);
}

}  // namespace roce::recording
