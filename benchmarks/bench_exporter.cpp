// Cost of the switch exporter (rocectl exporter). Prints its figures (with --json, one JSON
// object of them on stdout); not a timed test.
//
//   bench_exporter                 one /metrics of 64 switches x 64 ports rendered from parsed
//                                  snapshots (the simulator's 48-port batched poll, widened to
//                                  64 ports): time per scrape, bytes, series, and the same
//                                  scrape over HTTP through the exporter's server
//   bench_exporter --live [--topology rail:H:N:R:S] [--seconds S] [--scrape-interval S]
//                                  a real exporter process polling a served simulated fabric
//                                  (rocectl sim --serve in a process of its own, its inventory
//                                  handed to rocectl exporter --inventory) at 1 s, scraped
//                                  every 15 s: its CPU and RSS from /proc over S seconds (30)
//   bench_exporter --live --in-process-sim ...
//                                  the same with rocectl exporter --sim --topology: the
//                                  simulator runs inside the measured process, so its threads
//                                  are listed apart from the poller's (/proc/PID/task)
#include "benchfigures.h"
#include "collect/exporter/switchmetrics.h"
#include "nxapi/client/response.h"
#include "prometheus/server/metricsserver.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <unistd.h>
#include <vector>

using namespace roce;
using bench::BenchFigures;

namespace {

struct Figures {
    double minMs = 0, medianMs = 0, p90Ms = 0;
};

template <typename F> Figures timeIt(int runs, F &&f)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        f();
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return {ms.front(), ms[ms.size() / 2], ms[ms.size() * 9 / 10]};
}

/// The simulator's 48-port poll, parsed, with ports added (copies of its front ports under
/// new names) up to @p ports fabric ports, and its LLDP neighbours with them.
nxapi::SwitchSnapshot widenedSnapshot(int ports)
{
    QFile f(QStringLiteral(ROCE_SOURCE_DIR "/tests/fixtures/nxapi/sim/poll_batch_48port.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    nxapi::SwitchSnapshot s;
    const auto outputs = nxapi::parseNxapiResponse(f.readAll());
    if (!outputs)
        qFatal("the 48-port poll does not parse");
    for (const nxapi::CommandOutput &o : *outputs)
        nxapi::applyCommandOutput(o, s);
    QList<nxapi::PortStatus> fabric;
    for (const nxapi::PortStatus &p : std::as_const(s.ports))
        if (p.isFabricPort())
            fabric.append(p);
    const QList<nxapi::LldpNeighbor> neighbors = s.lldpNeighbors;
    int next = 100;
    for (qsizetype have = fabric.size(), i = 0; have < ports; ++have, ++i) {
        nxapi::PortStatus copy = fabric[i % fabric.size()];
        const QString original = copy.name;
        copy.name = QStringLiteral("Ethernet1/%1").arg(next++);
        s.port(copy.name) = copy;
        for (nxapi::LldpNeighbor n : neighbors) {
            if (n.localPort != original)
                continue;
            n.localPort = copy.name;
            s.lldpNeighbors.append(n);
        }
    }
    s.takenMs = QDateTime::currentMSecsSinceEpoch();
    return s;
}

int renderBenchmark(BenchFigures &figures, int switches, int ports)
{
    const nxapi::SwitchSnapshot one = widenedSnapshot(ports);
    qsizetype fabricPorts = 0;
    for (const nxapi::PortStatus &p : one.ports)
        fabricPorts += p.isFabricPort();
    QList<exporter::SwitchRecord> records;
    for (int i = 0; i < switches; ++i) {
        exporter::SwitchRecord r;
        r.name = QStringLiteral("rail%1-leaf%2").arg(i / 16 + 1).arg(i % 16 + 1);
        r.role = QStringLiteral("leaf");
        r.polled = r.up = true;
        r.lastPollSeconds = 0.004;
        r.lastGoodMs = one.takenMs;
        r.snapshot = std::make_shared<const nxapi::SwitchSnapshot>(one);
        records.append(r);
    }
    exporter::RenderFigures rendered;
    const QByteArray text = exporter::renderSwitchMetrics(records, &rendered);
    const qsizetype compressed = qCompress(text, 1).size();
    std::printf("render /metrics: %d switches x %lld fabric ports (the simulator's 48-port poll "
                "widened), %lld LLDP neighbours per switch\n",
                switches, qint64(fabricPorts), qint64(one.lldpNeighbors.size()));
    std::printf("  %lld series in %lld families, %.1f MB (%.0f bytes per series); zlib level 1: "
                "%.1f MB\n",
                qint64(rendered.samples), qint64(rendered.families), double(text.size()) / 1e6,
                double(text.size()) / double(rendered.samples), double(compressed) / 1e6);
    figures.add("switches", switches);
    figures.add("fabric_ports_per_switch", fabricPorts);
    figures.add("lldp_neighbors_per_switch", one.lldpNeighbors.size());
    figures.add("series", rendered.samples);
    figures.add("families", rendered.families);
    figures.add("metrics_bytes", text.size());
    figures.add("bytes_per_series", double(text.size()) / double(rendered.samples));
    figures.add("metrics_zlib_bytes", compressed);
    // As the exporter renders: into buffers kept from the previous scrape.
    exporter::SwitchMetricsRenderer renderer;
    (void)renderer.render(records);
    const Figures render = timeIt(15, [&] { (void)renderer.render(records); });
    std::printf("  render: min %.1f ms, median %.1f ms, p90 %.1f ms per scrape (%.0f ns per "
                "series)\n",
                render.minMs, render.medianMs, render.p90Ms,
                render.medianMs * 1e6 / double(rendered.samples));
    figures.add("render_min_ms", render.minMs);
    figures.add("render_median_ms", render.medianMs);
    figures.add("render_p90_ms", render.p90Ms);
    figures.add("render_ns_per_series", render.medianMs * 1e6 / double(rendered.samples));
    const Figures fresh = timeIt(5, [&] { (void)exporter::renderSwitchMetrics(records); });
    std::printf("  (into new buffers, as the first scrape: median %.1f ms)\n", fresh.medianMs);
    figures.add("render_first_median_ms", fresh.medianMs);

    // The same through the exporter's HTTP server on loopback, as Prometheus scrapes it (the
    // client's reading is in this process too).
    prometheus::MetricsServer server("bench", [&] { return renderer.render(records); });
    const quint16 port = server.listen(QHostAddress::LocalHost, 0);
    QNetworkAccessManager nam;
    const QUrl url(QStringLiteral("http://127.0.0.1:%1/metrics").arg(port));
    qint64 received = 0;
    const Figures http = timeIt(10, [&] {
        QNetworkReply *reply = nam.get(QNetworkRequest(url));
        QSignalSpy done(reply, &QNetworkReply::finished);
        done.wait(60000);
        received = reply->readAll().size();
        reply->deleteLater();
    });
    std::printf("  HTTP scrape on loopback (render + serve + read): min %.1f ms, median %.1f ms "
                "(%.1f MB received)\n",
                http.minMs, http.medianMs, double(received) / 1e6);
    figures.add("http_scrape_min_ms", http.minMs);
    figures.add("http_scrape_median_ms", http.medianMs);
    figures.add("http_received_bytes", received);
    figures.print();
    return received == text.size() ? 0 : 1;
}

// ---- the live process ----------------------------------------------------------------------

/// utime + stime of @p pid (or of one of its threads) in clock ticks, and its comm.
std::pair<qint64, QByteArray> cpuTicks(const QString &statPath)
{
    QFile f(statPath);
    if (!f.open(QIODevice::ReadOnly))
        return {-1, {}};
    const QByteArray s = f.readAll();
    const qsizetype open = s.indexOf('('), close = s.lastIndexOf(')');
    const QList<QByteArray> rest = s.mid(close + 2).split(' ');
    // Fields after the comm: state(0) ... utime(11) stime(12).
    return {rest.value(11).toLongLong() + rest.value(12).toLongLong(),
            s.mid(open + 1, close - open - 1)};
}

qint64 rssKiB(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    return -1;
}

/// Per thread name: CPU ticks of every thread of @p pid.
QMap<QByteArray, qint64> threadTicks(qint64 pid)
{
    QMap<QByteArray, qint64> out;
    const QDir tasks(QStringLiteral("/proc/%1/task").arg(pid));
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const auto [ticks, comm] = cpuTicks(tasks.filePath(tid) + QStringLiteral("/stat"));
        if (ticks >= 0)
            out[comm] += ticks;
    }
    return out;
}

bool waitFor(const std::function<bool()> &condition, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!condition()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 100);
        QThread::msleep(50);
    }
    return true;
}

QByteArray httpGet(QNetworkAccessManager &nam, const QUrl &url)
{
    QNetworkReply *reply = nam.get(QNetworkRequest(url));
    QSignalSpy done(reply, &QNetworkReply::finished);
    done.wait(60000);
    const QByteArray body = reply->readAll();
    reply->deleteLater();
    return body;
}

int liveBenchmark(BenchFigures &figures, const QString &topology, int seconds, int scrapeSeconds,
                  bool inProcessSim)
{
    const QString rocectl = QStringLiteral(ROCECTL_PATH);
    QTemporaryDir dir;
    QProcess sim, exporter;
    sim.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QStringList args {QStringLiteral("exporter"), QStringLiteral("--listen"),
                      QStringLiteral("127.0.0.1:0"), QStringLiteral("--interval-ms"),
                      QStringLiteral("1000")};
    QElapsedTimer startUp;
    startUp.start();
    if (inProcessSim) {
        args << QStringLiteral("--sim") << QStringLiteral("--topology") << topology;
    } else {
        const QString inventory = dir.filePath(QStringLiteral("fabric.json"));
        sim.start(rocectl,
                  {QStringLiteral("sim"), QStringLiteral("--serve"), QStringLiteral("--topology"),
                   topology, QStringLiteral("--password"), QStringLiteral("bench-secret"),
                   QStringLiteral("--write-inventory"), inventory, QStringLiteral("--json")});
        if (!waitFor([&] { return sim.canReadLine() || sim.state() == QProcess::NotRunning; },
                     600000)
            || sim.state() == QProcess::NotRunning) {
            std::fprintf(stderr, "bench_exporter: rocectl sim --serve did not start\n");
            return 1;
        }
        const double upS = double(startUp.elapsed()) / 1000;
        std::printf("served fabric %s up in %.1f s (rocectl sim --serve, pid %lld)\n",
                    qPrintable(topology), upS, qint64(sim.processId()));
        figures.add("served_fabric_up_s", upS);
        args << QStringLiteral("--inventory") << inventory;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("ROCE_SWITCH_PASSWORD"), QStringLiteral("bench-secret"));
        exporter.setProcessEnvironment(env);
    }
    exporter.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    exporter.start(rocectl, args);
    static const QRegularExpression serving(
        QStringLiteral(R"(serving (http://\S+/metrics) \((\d+) switch)"));
    QString out;
    QRegularExpressionMatch m;
    if (!waitFor(
            [&] {
                out += QString::fromUtf8(exporter.readAllStandardOutput());
                m = serving.match(out);
                return m.hasMatch() || exporter.state() == QProcess::NotRunning;
            },
            600000)
        || !m.hasMatch()) {
        std::fprintf(stderr, "bench_exporter: the exporter did not start: %s\n", qPrintable(out));
        return 1;
    }
    const QUrl url(m.captured(1));
    const int switches = m.captured(2).toInt();
    QNetworkAccessManager nam;
    // Measured once every switch answers.
    static const QRegularExpression up(QStringLiteral(R"(^nxos_up\{[^}]*\} 1$)"),
                                       QRegularExpression::MultilineOption);
    if (!waitFor(
            [&] {
                int answering = 0;
                for (auto it = up.globalMatch(QString::fromUtf8(httpGet(nam, url))); it.hasNext();
                     it.next())
                    ++answering;
                return answering == switches;
            },
            600000)) {
        std::fprintf(stderr, "bench_exporter: not every switch answered\n");
        return 1;
    }
    const qint64 pid = exporter.processId();
    const double allUpS = double(startUp.elapsed()) / 1000;
    std::printf("exporter (pid %lld) polls %d switches at 1 s%s; every switch up after %.1f s\n",
                pid, switches,
                inProcessSim ? " (rocectl exporter --sim: the simulator is in this process)" : "",
                allUpS);
    figures.add("switches", switches);
    figures.add("all_switches_up_s", allUpS);
    const long hz = ::sysconf(_SC_CLK_TCK);
    const QString stat = QStringLiteral("/proc/%1/stat").arg(pid);
    const qint64 before = cpuTicks(stat).first;
    const QMap<QByteArray, qint64> threadsBefore = threadTicks(pid);
    QElapsedTimer wall;
    wall.start();
    int scrapes = 0;
    qint64 bytes = 0;
    double scrapeMs = 0;
    while (wall.elapsed() < qint64(seconds) * 1000) {
        QElapsedTimer t;
        t.start();
        bytes = httpGet(nam, url).size();
        scrapeMs += double(t.nsecsElapsed()) / 1e6;
        ++scrapes;
        const qint64 next = qint64(scrapes) * scrapeSeconds * 1000;
        waitFor([&] { return wall.elapsed() >= std::min<qint64>(next, qint64(seconds) * 1000); },
                scrapeSeconds * 1000 + 1000);
    }
    const double elapsed = double(wall.elapsed()) / 1000;
    const qint64 after = cpuTicks(stat).first;
    const QMap<QByteArray, qint64> threadsAfter = threadTicks(pid);
    const double rssMb = double(rssKiB(pid)) / 1024.0;
    std::printf("  over %.0f s: CPU %.1f %% of one core (%.2f s), RSS %.1f MB; %d scrapes of "
                "%.1f MB, %.0f ms each on average\n",
                elapsed, 100.0 * double(after - before) / double(hz) / elapsed,
                double(after - before) / double(hz), rssMb, scrapes, double(bytes) / 1e6,
                scrapeMs / scrapes);
    figures.add("measured_s", elapsed);
    figures.add("exporter_cpu_percent", 100.0 * double(after - before) / double(hz) / elapsed);
    figures.add("exporter_cpu_s", double(after - before) / double(hz));
    figures.add("exporter_rss_mb", rssMb);
    figures.add("scrapes", scrapes);
    figures.add("scrape_bytes", bytes);
    figures.add("scrape_mean_ms", scrapeMs / scrapes);
    QJsonObject threadShares;
    for (auto it = threadsAfter.cbegin(); it != threadsAfter.cend(); ++it) {
        const double share
            = 100.0 * double(it.value() - threadsBefore.value(it.key())) / double(hz) / elapsed;
        if (share >= 0.1) {
            std::printf("    thread %-16s %5.1f %%\n", it.key().constData(), share);
            threadShares[QString::fromUtf8(it.key())] = share;
        }
    }
    figures.add("thread_cpu_percent", threadShares);
    if (sim.state() != QProcess::NotRunning) {
        const qint64 simPid = sim.processId();
        const double simRssMb = double(rssKiB(simPid)) / 1024.0;
        std::printf("  (the served fabric, pid %lld, for comparison: RSS %.1f MB)\n", simPid,
                    simRssMb);
        figures.add("served_fabric_rss_mb", simRssMb);
    }
    ::kill(pid_t(pid), SIGTERM);
    exporter.waitForFinished(30000);
    if (sim.state() != QProcess::NotRunning) {
        ::kill(pid_t(sim.processId()), SIGTERM);
        sim.waitForFinished(60000);
    }
    figures.print();
    return exporter.exitCode();
}

}  // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    BenchFigures figures(argc, argv);
    const QStringList args = app.arguments();
    auto value = [&args](const QString &name, const QString &fallback) {
        const qsizetype i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args.at(i + 1) : fallback;
    };
    if (args.contains(QStringLiteral("--live")))
        return liveBenchmark(
            figures, value(QStringLiteral("--topology"), QStringLiteral("rail:480:4:4:4")),
            value(QStringLiteral("--seconds"), QStringLiteral("30")).toInt(),
            value(QStringLiteral("--scrape-interval"), QStringLiteral("15")).toInt(),
            args.contains(QStringLiteral("--in-process-sim")));
    return renderBenchmark(figures, 64, 64);
}
