// What publishing live data costs at fleet scale, through the hub the console builds
// (live::LiveFabric with default options): 64 leaf switches x 48 ports, each switch one
// batched NX-API poll, and 1,024 hosts x 8 NICs, each host one agent sample: one SourceFrame
// per switch and per host a tick. The frames are posted with ingest() from a source thread,
// as the pollers and agent streams do; tick() runs on the main thread, as the hub's 1 s timer
// does. Ticks run back to back on a simulated 1 Hz clock (the hub's injectable clock), so the
// history, the alerts and the ages see one poll a second. A few ports drop, pause or mark ECN
// so that alerts fire. Then the parts of a tick are timed on their own over the same frames
// (history, alerts, port table), and the `rocectl watch --json` frame of every port is built
// after each tick. Prints its figures (with --json, one JSON object of them on stdout); not a
// timed test.
#include "benchfigures.h"
#include "live/diagnosis/diagnosisengine.h"
#include "live/hub/livefabric.h"
#include "live/itemmodels/eventlistmodel.h"
#include "live/itemmodels/porttablemodel.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

using roce::bench::BenchFigures;
using roce::model::Metric;
using roce::model::MetricInfo;
using roce::model::PortId;
using roce::model::PortSample;
using roce::model::SourceFrame;

namespace {

constexpr int kSwitches = 64;
constexpr int kSwitchPorts = 48;
constexpr int kDownlinks = 32;  ///< Ethernet1/1-32 face the hosts, 1/33-48 the spines
constexpr int kSpines = 16;
constexpr int kHosts = 1024;
constexpr int kNics = 8;
constexpr double kLineRate = 400e9;   ///< bits/s, switch ports and NICs alike
constexpr double kFrameBytes = 4200;  ///< RoCE at MTU 4096, for packet rates
constexpr quint16 kAgentPort = 9555;  ///< the agents' HOST:PORT is the hub's source name

/// Resident set size of this process, from /proc/self/status (VmRSS, kB).
double rssMb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    return -1;
}

/// A deterministic wobble in [0, 1) per port and tick: rates move from poll to poll.
double wobble(int port, int tick)
{
    const quint32 x = (quint32(port) * 2654435761u) ^ (quint32(tick) * 40503u + 0x9e37u);
    return double((x >> 7) % 1000) / 1000.0;
}

/// What a port does in one interval, in the units of the metric table.
struct Traffic {
    double inUtil = 0, outUtil = 0;  ///< % of the line rate
    double mmuDrops = 0, egressDrops = 0, inErrors = 0;
    double rxPause = 0, txPause = 0, ecn = 0;
    double cnpSent = 0, cnpHandled = 0, cnpIgnored = 0, outOfSeq = 0;
};

double rate(Metric m, const Traffic &t)
{
    switch (m) {
    case Metric::InUtil:
        return t.inUtil;
    case Metric::OutUtil:
        return t.outUtil;
    case Metric::InBits:
        return t.inUtil / 100 * kLineRate;
    case Metric::OutBits:
        return t.outUtil / 100 * kLineRate;
    case Metric::InPkts:
        return t.inUtil / 100 * kLineRate / 8 / kFrameBytes;
    case Metric::OutPkts:
        return t.outUtil / 100 * kLineRate / 8 / kFrameBytes;
    case Metric::MmuDrops:
        return t.mmuDrops;
    case Metric::EgressDrops:
        return t.egressDrops;
    case Metric::InErrors:
        return t.inErrors;
    case Metric::RxPause:
        return t.rxPause;
    case Metric::TxPause:
        return t.txPause;
    case Metric::Ecn:
        return t.ecn;
    case Metric::CnpSent:
        return t.cnpSent;
    case Metric::CnpHandled:
        return t.cnpHandled;
    case Metric::CnpIgnored:
        return t.cnpIgnored;
    case Metric::OutOfSeq:
        return t.outOfSeq;
    default:  // counters added later read zero here: adding one needs no change to this file
        break;
    }
    return 0;  // a metric added to the table since: quiet
}

/// The metrics a switch port (else a NIC) reports: those the table reads from that kind of
/// device, and the utilizations derived from them.
QList<Metric> reported(bool nic)
{
    auto reads
        = [nic](const MetricInfo &m) { return *(nic ? m.nicSource : m.switchSource) != '\0'; };
    QList<Metric> out;
    for (const MetricInfo &m : roce::model::metrics())
        if (reads(m)
            || (m.utilizationOf != Metric::Count
                && reads(roce::model::metricInfo(m.utilizationOf))))
            out.append(m.id);
    return out;
}

/// The fleet's names, made once as the sources make them once.
struct Fleet {
    QStringList switches, hosts, origins;
    QList<QList<PortId>> switchPorts, nicPorts;
    QStringList downlinkPeers, uplinkPeers, netdevs;
    QList<Metric> switchMetrics = reported(false), nicMetrics = reported(true);

    Fleet()
    {
        for (int s = 0; s < kSwitches; ++s) {
            switches.append(QStringLiteral("leaf%1").arg(s + 1, 2, 10, QLatin1Char('0')));
            QList<PortId> ports;
            for (int k = 0; k < kSwitchPorts; ++k)
                ports.append(
                    PortId::switchPort(switches.last(), QStringLiteral("Ethernet1/%1").arg(k + 1)));
            switchPorts.append(ports);
        }
        for (int h = 0; h < kHosts; ++h) {
            hosts.append(QStringLiteral("gpu%1").arg(h + 1, 4, 10, QLatin1Char('0')));
            origins.append(hosts.last() + QLatin1Char(':') + QString::number(kAgentPort));
            QList<PortId> ports;
            for (int n = 0; n < kNics; ++n)
                ports.append(PortId::nicPort(hosts.last(), QStringLiteral("mlx5_%1").arg(n)));
            nicPorts.append(ports);
        }
        for (int i = 0; i < kHosts; ++i)
            downlinkPeers.append(hosts.at(i));
        for (int i = 0; i < kSpines; ++i)
            uplinkPeers.append(QStringLiteral("spine%1").arg(i + 1, 2, 10, QLatin1Char('0')));
        for (int n = 0; n < kNics; ++n)
            netdevs.append(QStringLiteral("ens%1np0").arg(n + 1));
    }
};

/// One leaf's poll. Healthy ports carry 35-75 % with no loss; leaf03/Ethernet1/5 drops at
/// the ingress MMU (lossless_drops), leaf07/Ethernet1/12 at the egress (egress_drops),
/// leaf11/Ethernet1/3 is paused while it can hardly send (pause_storm after 3 polls),
/// leaf15/Ethernet1/40 sends pauses on a switch that marks no ECN (pfc_without_ecn), and
/// leaf20's congested downlinks mark ECN and pause (no alert: DCQCN at work).
SourceFrame switchFrame(const Fleet &fleet, int s, int tick, qint64 ms)
{
    SourceFrame f;
    f.source = fleet.switches.at(s);
    f.takenMs = ms;
    f.ports.reserve(kSwitchPorts);
    for (int k = 0; k < kSwitchPorts; ++k) {
        const int i = s * kSwitchPorts + k;
        Traffic t;
        t.inUtil = 35 + 40 * wobble(i, tick);
        t.outUtil = 35 + 40 * wobble(i + 100'000, tick);
        if (s == 2 && k == 4)
            t.mmuDrops = 80 + 80 * wobble(i, tick + 1);
        if (s == 6 && k == 11)
            t.egressDrops = 20 + 30 * wobble(i, tick + 1);
        if (s == 10 && k == 2) {
            t.rxPause = 9000 + 2000 * wobble(i, tick + 1);
            t.outUtil = 0.5;
        }
        if (s == 14 && k == 39)
            t.txPause = 400 + 400 * wobble(i, tick + 1);
        if (s == 19 && k >= 6 && k < 10) {
            t.inUtil = t.outUtil = 95;
            t.ecn = 3000 + 4000 * wobble(i, tick + 1);
            t.txPause = 100 + 100 * wobble(i, tick + 2);
        }
        PortSample p;
        p.id = fleet.switchPorts.at(s).at(k);
        p.state = QStringLiteral("up");
        p.peer = k < kDownlinks ? fleet.downlinkPeers.at((s * kDownlinks + k) % kHosts)
                                : fleet.uplinkPeers.at((k - kDownlinks) % kSpines);
        for (Metric m : fleet.switchMetrics)
            p.set(m, rate(m, t));
        f.ports.append(p);
    }
    return f;
}

/// One host's agent sample: its 8 NICs at 20-90 % with DCQCN marking lightly. gpu0100/mlx5_2
/// ignores CNPs (cnp_ignored), gpu0200 sends CNPs without counting CE marks
/// (cnp_without_ce, 8 NICs), gpu0300 is paused and retransmits (no rule of its own), and
/// gpu0400's clock is 350 ms off (clock_skew, 8 NICs).
SourceFrame hostFrame(const Fleet &fleet, int h, int tick, qint64 ms)
{
    SourceFrame f;
    f.source = fleet.hosts.at(h);
    f.origin = fleet.origins.at(h);
    f.takenMs = ms;
    f.ports.reserve(kNics);
    for (int n = 0; n < kNics; ++n) {
        const int i = 1'000'000 + h * kNics + n;
        Traffic t;
        t.inUtil = 20 + 70 * wobble(i, tick);
        t.outUtil = 20 + 70 * wobble(i + 100'000, tick);
        t.ecn = 40 * wobble(i, tick + 1);
        t.cnpSent = t.ecn;
        t.cnpHandled = 30 * wobble(i, tick + 2);
        if (h == 99 && n == 2)
            t.cnpIgnored = 200 + 200 * wobble(i, tick + 3);
        if (h == 199) {
            t.ecn = 0;
            t.cnpSent = 30 + 30 * wobble(i, tick + 3);
        }
        if (h == 299) {
            t.rxPause = 1000 + 1000 * wobble(i, tick + 3);
            t.outOfSeq = 20 + 40 * wobble(i, tick + 4);
        }
        PortSample p;
        p.id = fleet.nicPorts.at(h).at(n);
        p.state = QStringLiteral("up");
        p.peer = fleet.netdevs.at(n);
        p.clockOffsetMs = h == 399 ? 350.0 : 0.3 + wobble(h, tick);
        p.clockRttMs = 0.2;
        for (Metric m : fleet.nicMetrics)
            p.set(m, rate(m, t));
        f.ports.append(p);
    }
    return f;
}

/// Every frame of one tick: the switches' polls, then the hosts' samples.
std::vector<SourceFrame> tickFrames(const Fleet &fleet, int tick, qint64 ms)
{
    std::vector<SourceFrame> frames;
    frames.reserve(kSwitches + kHosts);
    for (int s = 0; s < kSwitches; ++s)
        frames.push_back(switchFrame(fleet, s, tick, ms));
    for (int h = 0; h < kHosts; ++h)
        frames.push_back(hostFrame(fleet, h, tick, ms));
    return frames;
}

struct Stats {
    double median, p99, max;
};

Stats stats(std::vector<double> v)
{
    if (v.empty())
        return {0, 0, 0};
    std::sort(v.begin(), v.end());
    const auto p99 = std::size_t(std::ceil(0.99 * double(v.size()))) - 1;
    return {v[v.size() / 2], v[p99], v.back()};
}

void row(BenchFigures &figures, const std::string &key, const char *what,
         const std::vector<double> &ms)
{
    const Stats s = stats(ms);
    std::printf("  %-44s median %8.2f ms  p99 %8.2f ms  max %8.2f ms\n", what, s.median, s.p99,
                s.max);
    figures.add(key + "_median_ms", s.median);
    figures.add(key + "_p99_ms", s.p99);
    figures.add(key + "_max_ms", s.max);
}

double ms(qint64 ns)
{
    return double(ns) / 1e6;
}

}  // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    // bench_live [TICKS] [--json]
    BenchFigures figures(argc, argv);
    // TICKS may follow --json.
    char **const ticksArg
        = std::find_if(argv + 1, argv + argc, [](const char *a) { return a[0] != '-'; });
    const int measured = ticksArg != argv + argc ? std::max(1, std::atoi(*ticksArg)) : 60;
    const int warmup = 10;
    const Fleet fleet;
    const int ports = kSwitches * kSwitchPorts + kHosts * kNics;
    const int sources = kSwitches + kHosts;
    std::printf("fleet: %d switches x %d ports + %d hosts x %d NICs = %d ports in %d source "
                "frames a tick (%lld rates a switch port, %lld a NIC)\n",
                kSwitches, kSwitchPorts, kHosts, kNics, ports, sources,
                static_cast<long long>(fleet.switchMetrics.size()),
                static_cast<long long>(fleet.nicMetrics.size()));
    figures.add("ports", ports);
    figures.add("sources", sources);
    figures.add("rates_per_switch_port", fleet.switchMetrics.size());
    figures.add("rates_per_nic", fleet.nicMetrics.size());
    figures.add("measured_ticks", measured);
    std::printf("ticks: %d warm-up + %d measured, back to back on a simulated 1 Hz clock; "
                "frames posted from a source thread\n\n",
                warmup, measured);

    const double rssBefore = rssMb();
    const qint64 startMs = 1'700'000'000'000;
    std::atomic<qint64> clockMs {startMs};
    // The hub as the console builds it; only its clock is the simulated one.
    roce::live::LiveFabric live;
    live.setClock([&clockMs] { return clockMs.load(std::memory_order_relaxed); });
    qsizetype framePorts = 0, frameAlerts = 0, frameSources = 0;
    QObject::connect(&live, &roce::live::LiveFabric::frameReady, &app,
                     [&](const roce::live::FabricFrame &frame) {
                         framePorts = frame.ports.size();
                         frameAlerts = frame.alerts.size();
                         frameSources = frame.sources.size();
                     });

    std::vector<double> buildMs, ingestMs, tickMs, writerMs, snapshotMs, toJsonMs, directMs;
    std::vector<qint64> tickNs;  // measured ticks, for the split below
    double firstTickMs = 0;
    qsizetype jsonBytes = 0;
    bool directMatches = true;
    for (int i = 0; i < warmup + measured; ++i) {
        const qint64 now = startMs + qint64(i) * 1000;
        clockMs = now;
        qint64 buildNs = 0, postNs = 0;
        // The sources: their frames are made and posted on their own thread.
        std::thread source([&] {
            QElapsedTimer t;
            t.start();
            const std::vector<SourceFrame> frames = tickFrames(fleet, i, now);
            buildNs = t.nsecsElapsed();
            const QString switchKind = QStringLiteral("switch");
            const QString agentKind = QStringLiteral("agent");
            t.restart();
            for (std::size_t f = 0; f < frames.size(); ++f)
                live.ingest(frames[f], f < std::size_t(kSwitches) ? switchKind : agentKind);
            postNs = t.nsecsElapsed();
        });
        source.join();

        const qint64 writerBefore = live.historyBusyNs();
        QElapsedTimer t;
        t.start();
        live.tick();
        const qint64 tickElapsed = t.nsecsElapsed();
        // What `rocectl watch --json` prints after each tick: the frame written directly.
        t.restart();
        const QByteArray direct = live.snapshotJsonBytes();
        const qint64 directNs = t.nsecsElapsed();
        // What it printed before: the frame as QJsonObjects, then serialized.
        t.restart();
        const QJsonObject snapshot = live.snapshotJson();
        const qint64 snapshotNs = t.nsecsElapsed();
        t.restart();
        const QByteArray frameJson = QJsonDocument(snapshot).toJson(QJsonDocument::Compact);
        const qint64 toJsonNs = t.nsecsElapsed();
        live.history();  // waits for the history's writer: its thread time for this tick
        const qint64 writerNs = live.historyBusyNs() - writerBefore;

        if (i == 0)
            firstTickMs = ms(tickElapsed);
        if (i < warmup)
            continue;
        buildMs.push_back(ms(buildNs));
        ingestMs.push_back(ms(postNs));
        tickMs.push_back(ms(tickElapsed));
        tickNs.push_back(tickElapsed);
        writerMs.push_back(ms(writerNs));
        snapshotMs.push_back(ms(snapshotNs));
        toJsonMs.push_back(ms(toJsonNs));
        directMs.push_back(ms(directNs));
        jsonBytes = direct.size();
        if (i == warmup && QJsonDocument::fromJson(direct) != QJsonDocument(snapshot)) {
            directMatches = false;
            std::printf("the direct frame differs from snapshotJson()'s\n");
        }
    }
    const double rssAfter = rssMb();
    const qsizetype historyPoints = live.history().pointCount();
    const QList<roce::monitor::Alert> active = live.alerts().active();
    const int tableRows = live.ports()->rowCount();

    // The parts of a tick, each timed on its own over the same frames in the same order: a
    // history, an alert engine with its event list and a port table as the hub's own.
    std::vector<double> historyMs, alertsMs, modelMs, restMs;
    {
        roce::store::CounterStore history {roce::live::LiveFabric::Options {}.history};
        history.setByteBudget(roce::live::LiveFabric::Options {}.historyBytes);
        roce::monitor::AlertEngine alerts;
        roce::models::EventListModel events;
        roce::models::PortTableModel table;
        table.setStaleAfterMs(roce::live::LiveFabric::Options {}.staleAfterMs);
        table.setClock([&clockMs] { return clockMs.load(std::memory_order_relaxed); });
        for (int i = 0; i < warmup + measured; ++i) {
            const qint64 now = startMs + qint64(i) * 1000;
            clockMs = now;
            const std::vector<SourceFrame> frames = tickFrames(fleet, i, now);
            qint64 historyNs = 0, alertsNs = 0, modelNs = 0;
            QElapsedTimer t;
            for (const SourceFrame &f : frames) {
                t.start();
                history.ingest(f);
                historyNs += t.nsecsElapsed();
                t.start();
                events.applyAlerts(alerts.evaluate(f));
                alertsNs += t.nsecsElapsed();
                t.start();
                table.applyUpdate(f);
                modelNs += t.nsecsElapsed();
            }
            if (i < warmup)
                continue;
            historyMs.push_back(ms(historyNs));
            alertsMs.push_back(ms(alertsNs));
            modelMs.push_back(ms(modelNs));
            // The history is written on the writer's thread, not in tick().
            restMs.push_back(ms(tickNs[std::size_t(i - warmup)] - alertsNs - modelNs));
        }
    }

    // The diagnosis alone, as the hub runs it once a second: over every port's newest sample
    // and the active alerts (the tick above includes it).
    std::vector<double> diagnosisMs;
    qsizetype findings = 0;
    {
        const QList<PortSample> latest = live.latest();
        roce::diagnosis::DiagnosisInput input;
        for (const PortSample &p : latest)
            input.ports.append(&p);
        input.alerts = live.alerts().active();
        roce::diagnosis::DiagnosisEngine engine;
        for (int i = 0; i < warmup + measured; ++i) {
            input.nowMs = startMs + qint64(i) * 1000;
            QElapsedTimer t;
            t.start();
            findings = engine.evaluate(input).size();
            if (i >= warmup)
                diagnosisMs.push_back(ms(t.nsecsElapsed()));
        }
    }

    std::printf("first tick (%d new rows, %d new sources):  %.2f ms\n", ports, sources,
                firstTickMs);
    figures.add("first_tick_ms", firstTickMs);
    std::printf("source thread, per tick:\n");
    row(figures, "make_frames", "make the frames (the sources' own work)", buildMs);
    row(figures, "ingest", "ingest() of every frame", ingestMs);
    std::printf("  = %.2f us a frame posted\n", stats(ingestMs).median * 1000 / sources);
    figures.add("ingest_per_frame_us", stats(ingestMs).median * 1000 / sources);
    std::printf("hub thread, per tick:\n");
    row(figures, "tick", "tick()", tickMs);
    row(figures, "tick_alerts", "  alerts    AlertEngine + EventListModel", alertsMs);
    row(figures, "tick_model", "  model     PortTableModel::applyUpdate", modelMs);
    row(figures, "tick_rest", "  rest      sources, latest, frame, diagnosis, emit", restMs);
    std::printf("  (the parts timed apart over the same frames; rest = tick() minus them)\n");
    std::printf("history writer thread, per tick (alongside the hub's):\n");
    row(figures, "history_writer", "history of the tick's frames, old frames freed", writerMs);
    row(figures, "tick_history", "  the same, timed apart", historyMs);
    row(figures, "diagnosis", "diagnosis DiagnosisEngine::evaluate (once a second)", diagnosisMs);
    std::printf("  over %d ports and %lld active alerts: %lld findings\n", ports,
                static_cast<long long>(live.alerts().active().size()),
                static_cast<long long>(findings));
    figures.add("diagnosis_findings", findings);
    std::printf("published frame: %lld ports, %lld alert changes, %lld sources\n",
                static_cast<long long>(framePorts), static_cast<long long>(frameAlerts),
                static_cast<long long>(frameSources));
    figures.add("frame_ports", framePorts);
    figures.add("frame_alert_changes", frameAlerts);
    figures.add("frame_sources", frameSources);
    std::printf("rocectl watch --json, per tick:\n");
    row(figures, "watch_frame", "snapshotJsonBytes() (what it prints)", directMs);
    row(figures, "snapshot_json", "was: snapshotJson()", snapshotMs);
    row(figures, "qjson_to_json", "     + QJsonDocument::toJson(Compact)", toJsonMs);
    std::printf("  size %.2f MB a frame (%.0f bytes a port)\n", double(jsonBytes) / 1e6,
                double(jsonBytes) / ports);
    figures.add("watch_frame_qjson_median_ms", stats(snapshotMs).median + stats(toJsonMs).median);
    figures.add("watch_frame_bytes", jsonBytes);
    figures.add("watch_frame_bytes_per_port", double(jsonBytes) / ports);
    figures.add("watch_frame_same_as_qjson", directMatches);

    QMap<QString, int> rules;
    QJsonObject alertsByRule;
    for (const roce::monitor::Alert &a : active)
        alertsByRule[a.rule] = ++rules[a.rule];
    std::printf("after %d ticks: %lld active alerts (", warmup + measured,
                static_cast<long long>(active.size()));
    for (auto it = rules.cbegin(); it != rules.cend(); ++it)
        std::printf("%s%s %d", it == rules.cbegin() ? "" : ", ", qPrintable(it.key()), it.value());
    std::printf("), %d port table rows\n", tableRows);
    figures.add("active_alerts", active.size());
    figures.add("active_alerts_by_rule", alertsByRule);
    figures.add("port_table_rows", tableRows);
    qsizetype series = 0;
    for (Metric m : fleet.switchMetrics)
        series += roce::model::historySlot(m) >= 0 ? kSwitches * kSwitchPorts : 0;
    for (Metric m : fleet.nicMetrics)
        series += roce::model::historySlot(m) >= 0 ? kHosts * kNics : 0;
    // The hub keeps its history within its byte budget: the limits it settled on for this
    // many series.
    const roce::store::CounterStore::Limits limits = live.history().limits();
    std::printf("history: %lld points in %lld series (%.1f MB); under the hub's budget "
                "(%d + %d points a series) they settle at %.2f GB\n",
                static_cast<long long>(historyPoints), static_cast<long long>(series),
                double(historyPoints) * roce::store::CounterStore::kBytesPerPoint / 1e6,
                limits.recentPoints, limits.downsampledPoints,
                double(series) * (limits.recentPoints + limits.downsampledPoints)
                    * roce::store::CounterStore::kBytesPerPoint / 1e9);
    figures.add("history_points", historyPoints);
    figures.add("history_series", series);
    figures.add("history_mb",
                double(historyPoints) * roce::store::CounterStore::kBytesPerPoint / 1e6);
    figures.add("history_recent_points_per_series", limits.recentPoints);
    figures.add("history_downsampled_points_per_series", limits.downsampledPoints);
    figures.add("history_settled_gb",
                double(series) * (limits.recentPoints + limits.downsampledPoints)
                    * roce::store::CounterStore::kBytesPerPoint / 1e9);
    std::printf("process RSS %.1f MB after the run (%.1f MB before the hub)\n", rssAfter,
                rssBefore);
    figures.add("rss_mb", rssAfter);
    figures.add("rss_before_hub_mb", rssBefore);

    const double tickMedian = stats(tickMs).median;
    const double writerMedian = stats(writerMs).median;
    const double ingestMedian = stats(ingestMs).median;
    const double watchMedian = stats(directMs).median;
    std::printf("share of one core at 1 Hz (medians): tick %.1f %% (hub thread) + history %.1f %% "
                "(writer thread) + ingest %.1f %% (source threads) = %.1f %%; rocectl watch "
                "--json adds %.1f %%\n",
                tickMedian / 10, writerMedian / 10, ingestMedian / 10,
                (tickMedian + writerMedian + ingestMedian) / 10, watchMedian / 10);
    figures.add("tick_core_percent", tickMedian / 10);
    figures.add("history_writer_core_percent", writerMedian / 10);
    figures.add("ingest_core_percent", ingestMedian / 10);
    figures.add("live_core_percent", (tickMedian + writerMedian + ingestMedian) / 10);
    figures.add("watch_core_percent", watchMedian / 10);
    figures.print();
    return 0;
}
