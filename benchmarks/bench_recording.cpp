// What the flight recorder costs and how fast its recordings replay, on this machine:
//  1. recording the reference fabric (the embedded 8-server fabric served on loopback, the
//     dcqcn-incast scenario, every source at 1 Hz) for S seconds: the hub thread's share
//     (Recorder::recordTick, timed around the call) and the writer thread's CPU, as a share of
//     one core, and bytes per hour;
//  2. the same for the 1,024-host x 8-NIC rail fabric (rail:1024:8:8:16, every port a second);
//  3. a 24 h recording of the reference fabric (the ticks of 1. repeated with shifted times,
//     one block a second as the recorder writes): its size, the time to open it and to seek to
//     50 random points (ReplayDriver::seek into a live model);
//  4. the 1,024-host recording stretched to 10 minutes, replayed at 60x into the layered map
//     (offscreen): map frames painted per second, how busy the GUI thread is meanwhile, and
//     the time between replay frames.
// Prints its figures (with --json, one JSON object of them on stdout); not a timed test.
//   bench_recording [--seconds S] [--dir D [--replay-only]] [--json]
//   (QT_QPA_PLATFORM=offscreen is set when unset; --dir keeps the recordings there, and
//   --replay-only replays the 10 minutes kept there by an earlier run, for profiling)
#include "benchfigures.h"
#include "fabricmappanel.h"
#include "fabricmapview.h"
#include "live/hub/livefabric.h"
#include "live/itemmodels/porttablemodel.h"
#include "live/recording/recorder.h"
#include "live/recording/recordingfile.h"
#include "live/recording/recordingreader.h"
#include "live/recording/replaydriver.h"
#include "live/recording/shapejson.h"
#include "sim/feeds/largefabricfeed.h"
#include "sim/served/embeddedfabric.h"
#include "sim/served/simulatedplan.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>

using namespace roce;
using bench::BenchFigures;

namespace {

qint64 threadCpuNs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

void waitMs(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

struct Percentiles {
    double median = 0, p99 = 0, max = 0;
};
Percentiles percentiles(QList<double> v)
{
    if (v.isEmpty())
        return {};
    std::sort(v.begin(), v.end());
    return {v.at(v.size() / 2), v.at(std::min<qsizetype>(v.size() - 1, qsizetype(v.size() * 0.99))),
            v.last()};
}

struct RecordingCost {
    double seconds = 0;
    qint64 hubNs = 0, writerNs = 0, bytes = 0, ticks = 0, ports = 0;
};

/// Records @p hub for @p seconds into @p path, timing the hub thread's part around each call.
RecordingCost record(live::LiveFabric &hub, const QString &path, int seconds,
                     const QJsonObject &shape, const QString &shapeType)
{
    recording::Recorder::Options options;
    options.file = path;
    recording::Recorder recorder(options);
    QString error;
    if (!recorder.start(&error)) {
        std::printf("cannot record: %s\n", qPrintable(error));
        std::exit(1);
    }
    if (!shape.isEmpty())
        recorder.record(shapeType, shape, QDateTime::currentMSecsSinceEpoch());
    RecordingCost cost;
    QObject::connect(&hub, &live::LiveFabric::inputsApplied, &recorder,
                     [&](qint64 ms, const QList<live::LiveFabric::Input> &inputs,
                         const QList<monitor::Alert> &alerts) {
                         const qint64 t0 = threadCpuNs();
                         recorder.recordTick(ms, inputs, alerts);
                         cost.hubNs += threadCpuNs() - t0;
                         for (const auto &in : inputs)
                             cost.ports += in.frame.ports.size();
                     });
    QElapsedTimer wall;
    wall.start();
    waitMs(seconds * 1000);
    recorder.flush();
    cost.seconds = double(wall.elapsed()) / 1000.0;
    const auto stats = recorder.stats();
    cost.writerNs = stats.writerCpuNs;
    cost.bytes = stats.bytesWritten;
    cost.ticks = stats.ticks;
    return cost;
}

void printCost(BenchFigures &figures, const std::string &key, const char *what,
               const RecordingCost &c)
{
    const double wallNs = c.seconds * 1e9;
    std::printf("%s: %.0f s, %lld ticks, %.0f port samples/s\n", what, c.seconds,
                static_cast<long long>(c.ticks), double(c.ports) / c.seconds);
    std::printf("  hub thread (recordTick)   %8.3f %% of a core\n",
                100.0 * double(c.hubNs) / wallNs);
    std::printf("  writer thread (encode, deflate, write, fdatasync) %8.3f %% of a core\n",
                100.0 * double(c.writerNs) / wallNs);
    std::printf("  total                     %8.3f %% of a core\n",
                100.0 * double(c.hubNs + c.writerNs) / wallNs);
    std::printf("  %.1f kB/s = %.1f MB per hour\n", double(c.bytes) / c.seconds / 1e3,
                double(c.bytes) / c.seconds * 3600 / 1e6);
    figures.add(key + "_recorded_s", c.seconds);
    figures.add(key + "_ticks", c.ticks);
    figures.add(key + "_port_samples_per_s", double(c.ports) / c.seconds);
    figures.add(key + "_hub_core_percent", 100.0 * double(c.hubNs) / wallNs);
    figures.add(key + "_writer_core_percent", 100.0 * double(c.writerNs) / wallNs);
    figures.add(key + "_core_percent", 100.0 * double(c.hubNs + c.writerNs) / wallNs);
    figures.add(key + "_bytes_per_s", double(c.bytes) / c.seconds);
    figures.add(key + "_mb_per_hour", double(c.bytes) / c.seconds * 3600 / 1e6);
}

/// A recording of @p seconds made of @p source's ticks repeated with shifted times, one
/// block a second, events (the shape) at the start.
QString stretch(const recording::RecordingReader &source, const QString &path, qint64 seconds)
{
    const QList<recording::RecordedTick> ticks = source.ticks(0, LLONG_MAX);
    if (ticks.isEmpty())
        return QStringLiteral("no ticks to stretch");
    const qint64 period = std::max<qint64>(1000, ticks.last().ms - ticks.first().ms + 1000);
    auto w = recording::RecordingFileWriter::create(path, source.meta());
    if (!w)
        return w.error().message;
    QList<recording::RecordedEvent> shape;
    for (const recording::RecordedEvent &e : source.events())
        if (e.type == QLatin1String("layout") || e.type == QLatin1String("leafspine"))
            shape.append({ticks.first().ms, e.type, e.body});
    if (!shape.isEmpty())
        (void)(*w)->write(recording::BlockType::Events, ticks.first().ms, ticks.first().ms,
                          recording::encodeEvents(shape));
    const qint64 start = ticks.first().ms;
    QList<recording::RecordedTick> block;
    for (qint64 round = 0; round * period < seconds * 1000; ++round) {
        for (const recording::RecordedTick &t : ticks) {
            recording::RecordedTick shifted = t;
            const qint64 shift = round * period;
            shifted.ms += shift;
            if (shifted.ms - start > seconds * 1000)
                break;
            for (live::LiveFabric::Input &in : shifted.inputs) {
                in.ms += shift;
                in.frame.takenMs += shift;
            }
            if (!block.isEmpty() && shifted.ms - block.first().ms >= 1000) {
                if (auto ok = (*w)->write(recording::BlockType::Ticks, block.first().ms,
                                          block.last().ms, recording::encodeTicks(block));
                    !ok)
                    return ok.error().message;
                block.clear();
            }
            block.append(shifted);
        }
    }
    if (!block.isEmpty())
        (void)(*w)->write(recording::BlockType::Ticks, block.first().ms, block.last().ms,
                          recording::encodeTicks(block));
    (void)(*w)->sync();
    return {};
}

}  // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    BenchFigures figures(argc, argv);
    int seconds = 30;
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--seconds")); i > 0 && i + 1 < args.size())
        seconds = std::max(5, args.at(i + 1).toInt());
    QTemporaryDir temporary;
    const qsizetype dirAt = args.indexOf(QStringLiteral("--dir"));
    const QDir dir(dirAt > 0 && dirAt + 1 < args.size() ? args.at(dirAt + 1) : temporary.path());
    const bool replayOnly = args.contains(QStringLiteral("--replay-only"));
    const QString referencePath = dir.filePath(QStringLiteral("reference.rfr"));
    const QString railPath = dir.filePath(QStringLiteral("rail.rfr"));
    if (!replayOnly) {
        QFile::remove(referencePath);
        QFile::remove(railPath);
        QFile::remove(dir.filePath(QStringLiteral("day.rfr")));
    }

    // 1. The reference fabric, as the console watches it.
    if (!replayOnly) {
        live::LiveFabric hub;
        sim::SimulatedFabricPlan simulated(QString(), QStringLiteral("dcqcn-incast"));
        QJsonObject layout;
        QObject::connect(
            simulated.embedded(), &sim::EmbeddedFabric::layoutReady, &hub,
            [&layout](const models::FabricLayout &l) { layout = recording::layoutToJson(l); });
        QObject::connect(&simulated, &sim::SimulatedFabricPlan::ready, &hub,
                         &live::LiveFabric::watch);
        simulated.start();
        waitMs(4000);  // every source answering
        printCost(figures, "reference", "reference fabric (8 hosts, 1 switch, dcqcn-incast), 1 Hz",
                  record(hub, referencePath, seconds, layout, QStringLiteral("layout")));
        hub.stop();
    }
    // 2. The 1,024-host rail fabric.
    if (!replayOnly) {
        live::LiveFabric hub;
        QJsonObject shape;
        sim::LargeFabricFeed *feed = sim::watchLargeFabric(hub, QStringLiteral("rail:1024:8:8:16"));
        QObject::connect(
            feed, &sim::LargeFabricFeed::fabricReady, &hub,
            [&shape](const models::LeafSpineFabric &f) { shape = recording::leafSpineToJson(f); });
        QElapsedTimer ready;
        ready.start();
        while (shape.isEmpty() && ready.elapsed() < 60000)
            waitMs(200);
        waitMs(2000);
        printCost(figures, "rail", "rail:1024:8:8:16 (8,192 NICs, 272 switches), 1 Hz",
                  record(hub, railPath, seconds, shape, QStringLiteral("leafspine")));
        hub.stop();
    }
    const QFileInfo railInfo(railPath);
    if (!replayOnly) {
        auto r = recording::RecordingReader::open(railPath);
        qint64 raw = 0;
        for (const auto &t : (*r)->ticks(0, LLONG_MAX))
            raw += recording::encodeTicks({t}).size();
        std::printf("  rail ticks raw %.1f MB, stored %.1f MB (deflate %.2fx)\n", double(raw) / 1e6,
                    double(railInfo.size()) / 1e6, double(raw) / double(railInfo.size()));
        figures.add("rail_raw_bytes", raw);
        figures.add("rail_stored_bytes", railInfo.size());
        figures.add("rail_deflate_x", double(raw) / double(railInfo.size()));
    }

    // 3. A day of the reference fabric: open and seek.
    if (!replayOnly) {
        auto source = recording::RecordingReader::open(referencePath);
        const QString dayPath = dir.filePath(QStringLiteral("day.rfr"));
        QElapsedTimer built;
        built.start();
        if (const QString e = stretch(**source, dayPath, 86400); !e.isEmpty()) {
            std::printf("cannot build the day: %s\n", qPrintable(e));
            return 1;
        }
        const double writeS = double(built.elapsed()) / 1000;
        std::printf("\n24 h of the reference fabric: %.1f MB (written in %.1f s)\n",
                    double(QFileInfo(dayPath).size()) / 1e6, writeS);
        figures.add("day_bytes", QFileInfo(dayPath).size());
        figures.add("day_write_s", writeS);
        QElapsedTimer open;
        open.start();
        auto day = recording::RecordingReader::open(dayPath);
        const double openMs = double(open.nsecsElapsed()) / 1e6;
        std::printf("  open (scan %d blocks, read events): %.1f ms\n", (*day)->tickBlockCount(),
                    openMs);
        figures.add("day_tick_blocks", (*day)->tickBlockCount());
        figures.add("day_open_ms", openMs);
        std::shared_ptr<const recording::RecordingReader> reader = std::move(day).value();
        live::LiveFabric hub;
        recording::ReplayDriver driver(reader, &hub);
        QRandomGenerator rng(42);
        QList<double> seeks;
        for (int i = 0; i < 50; ++i) {
            const qint64 target = reader->startMs()
                + qint64(rng.generateDouble() * double(reader->endMs() - reader->startMs()));
            QElapsedTimer t;
            t.start();
            driver.seek(target);
            seeks.append(double(t.nsecsElapsed()) / 1e6);
        }
        const Percentiles p = percentiles(seeks);
        std::printf("  seek to a random point (50): median %.1f ms, p99 %.1f ms, max %.1f ms "
                    "(%lld history points after the last)\n",
                    p.median, p.p99, p.max, static_cast<long long>(hub.history().pointCount()));
        figures.add("day_seek_median_ms", p.median);
        figures.add("day_seek_p99_ms", p.p99);
        figures.add("day_seek_max_ms", p.max);
        figures.add("day_seek_history_points", hub.history().pointCount());
    }

    // 4. The 1,024-host fabric replayed at 60x into the layered map.
    {
        const QString longPath = dir.filePath(QStringLiteral("rail-10min.rfr"));
        if (!replayOnly) {
            auto source = recording::RecordingReader::open(railPath);
            QFile::remove(longPath);
            if (const QString e = stretch(**source, longPath, 600); !e.isEmpty()) {
                std::printf("cannot build the 10 minutes: %s\n", qPrintable(e));
                return 1;
            }
        }
        auto opened = recording::RecordingReader::open(longPath);
        if (!opened) {
            std::fprintf(stderr,
                         "bench_recording: %s (--replay-only replays what an earlier run "
                         "left in --dir)\n",
                         qPrintable(opened.error().message));
            return 2;
        }
        std::shared_ptr<const recording::RecordingReader> reader = std::move(opened).value();
        {
            QElapsedTimer t;
            t.start();
            live::LiveFabric hub;
            recording::ReplayDriver driver(reader, &hub);
            driver.seek(reader->startMs() + 300'000);
            const double seekMs = double(t.nsecsElapsed()) / 1e6;
            std::printf("\n10 min of rail:1024:8:8:16: %.1f MB; seek to the middle %.0f ms\n",
                        double(QFileInfo(longPath).size()) / 1e6, seekMs);
            figures.add("replay_file_bytes", QFileInfo(longPath).size());
            figures.add("replay_seek_middle_ms", seekMs);
        }
        live::LiveFabric hub;
        recording::ReplayDriver driver(reader, &hub);
        widgets::FabricMapPanel panel(hub.ports());
        for (const recording::RecordedEvent &e : reader->events())
            if (e.type == QLatin1String("leafspine"))
                panel.setFabric(*recording::leafSpineFromJson(e.body));
        panel.resize(1600, 950);
        panel.show();
        QApplication::processEvents();
        struct PaintCounter : QObject {
            int paints = 0;
            bool eventFilter(QObject *, QEvent *e) override
            {
                if (e->type() == QEvent::Paint)
                    ++paints;
                return false;
            }
        } counter;
        panel.view()->viewport()->installEventFilter(&counter);
        driver.seek(reader->startMs());
        QList<double> frameMs;
        QElapsedTimer frameClock;
        QObject::connect(&driver, &recording::ReplayDriver::positionChanged, &driver,
                         [&](qint64) { frameMs.append(double(frameClock.nsecsElapsed()) / 1e6); });
        driver.setSpeed(60);
        const qint64 ticksBefore = driver.ticksApplied();
        counter.paints = 0;
        QElapsedTimer wall;
        wall.start();
        QObject::connect(&driver, &recording::ReplayDriver::playingChanged, &driver,
                         [&](bool) { frameClock.start(); });
        frameClock.start();
        const qint64 guiCpuBefore = threadCpuNs();
        driver.play();
        while (driver.isPlaying() && wall.elapsed() < 20000) {
            frameClock.start();
            QApplication::processEvents(QEventLoop::AllEvents, 5);
        }
        const double secondsPlayed = double(wall.elapsed()) / 1000;
        const double guiBusy = double(threadCpuNs() - guiCpuBefore) / 1e9 / secondsPlayed;
        const qint64 recorded = driver.position() - reader->startMs();
        std::printf("  replay at 60x for %.1f s wall: %.0f s recorded (%.1fx achieved), %lld "
                    "ticks applied\n",
                    secondsPlayed, double(recorded) / 1000, double(recorded) / 1000 / secondsPlayed,
                    static_cast<long long>(driver.ticksApplied() - ticksBefore));
        std::printf("  map frames painted: %d = %.1f frames per second\n", counter.paints,
                    double(counter.paints) / secondsPlayed);
        std::printf("  GUI thread busy %.0f %% of the time (apply, refresh, paint)\n",
                    guiBusy * 100);
        std::printf("  replay frames (position updates): %lld, %.1f ms each on average\n",
                    static_cast<long long>(frameMs.size()),
                    secondsPlayed * 1000 / double(std::max<qsizetype>(1, frameMs.size())));
        figures.add("replay_wall_s", secondsPlayed);
        figures.add("replay_recorded_s", double(recorded) / 1000);
        figures.add("replay_speed_x", double(recorded) / 1000 / secondsPlayed);
        figures.add("replay_ticks", driver.ticksApplied() - ticksBefore);
        figures.add("replay_paints", counter.paints);
        figures.add("replay_rail_fps", double(counter.paints) / secondsPlayed);
        figures.add("replay_gui_busy_percent", guiBusy * 100);
        figures.add("replay_frames", frameMs.size());
        figures.add("replay_frame_ms",
                    secondsPlayed * 1000 / double(std::max<qsizetype>(1, frameMs.size())));
    }
    figures.print();
    return 0;
}
