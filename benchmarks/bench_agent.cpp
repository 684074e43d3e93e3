// Cost of the agent: one full sample of 8 RDMA ports with ~60 counters each, the real
// roce-agent daemon's CPU and memory while one console and then four sample it at 10 Hz, and
// the same tree scraped through /metrics by roce-agent and by Debian's
// prometheus-node-exporter.
// Run: build/benchmarks/bench_agent [--in-process | --live-kernel] [--json]
// --in-process: only the in-process figures (sample, Prometheus, JSON), e.g. under
// `valgrind --tool=callgrind --toggle-collect='roce::agent::Sampler::sample*'`.
// --live-kernel: this machine's own RDMA ports (the Soft-RoCE VM tier runs it): their
// hardware counters read from sysfs and over RDMA netlink, side by side, with the values
// compared.
#include "benchfigures.h"
#include "collectors/rdmanetlink.h"
#include "collectors/sysfs.h"
#include "prometheus.h"
#include "proto/agentproto/agentclient.h"
#include "sampler.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

using namespace roce;

namespace {

void write(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(content);
}

/// 4 dual-port mlx5 devices = 8 ports, each with the PMA set (21) and the mlx5 hw_counters
/// set (39): 60 counters per port, plus GIDs and the netdevs.
void makeTree(const QString &root)
{
    const char *pma[] = {"VL15_dropped",
                         "excessive_buffer_overrun_errors",
                         "link_downed",
                         "link_error_recovery",
                         "local_link_integrity_errors",
                         "port_rcv_constraint_errors",
                         "port_rcv_data",
                         "port_rcv_errors",
                         "port_rcv_packets",
                         "port_rcv_remote_physical_errors",
                         "port_rcv_switch_relay_errors",
                         "port_xmit_constraint_errors",
                         "port_xmit_data",
                         "port_xmit_discards",
                         "port_xmit_packets",
                         "port_xmit_wait",
                         "symbol_error",
                         "unicast_rcv_packets",
                         "unicast_xmit_packets",
                         "multicast_rcv_packets",
                         "multicast_xmit_packets"};
    const char *hw[] = {"rx_write_requests",
                        "rx_read_requests",
                        "rx_atomic_requests",
                        "rx_dct_connect",
                        "out_of_buffer",
                        "out_of_sequence",
                        "duplicate_request",
                        "rnr_nak_retry_err",
                        "packet_seq_err",
                        "implied_nak_seq_err",
                        "local_ack_timeout_err",
                        "resp_local_length_error",
                        "resp_cqe_error",
                        "req_cqe_error",
                        "req_remote_invalid_request",
                        "req_remote_access_errors",
                        "resp_remote_access_errors",
                        "resp_cqe_flush_error",
                        "req_cqe_flush_error",
                        "req_transport_retries_exceeded",
                        "req_rnr_retries_exceeded",
                        "roce_adp_retrans",
                        "roce_adp_retrans_to",
                        "roce_slow_restart",
                        "roce_slow_restart_cnps",
                        "roce_slow_restart_trans",
                        "rp_cnp_ignored",
                        "rp_cnp_handled",
                        "np_ecn_marked_roce_packets",
                        "np_cnp_sent",
                        "rx_icrc_encapsulated",
                        "lifespan"};
    int n = 0;
    for (int d = 0; d < 4; ++d) {
        const QString dev = root + QStringLiteral("/class/infiniband/mlx5_%1").arg(d);
        write(dev + QStringLiteral("/node_guid"), "0c42:a103:0065:d8c6\n");
        write(dev + QStringLiteral("/fw_ver"), "16.35.2000\n");
        write(dev + QStringLiteral("/hca_type"), "MT4119\n");
        for (int p = 1; p <= 2; ++p) {
            const QString port = dev + QStringLiteral("/ports/%1/").arg(p);
            write(port + QStringLiteral("state"), "4: ACTIVE\n");
            write(port + QStringLiteral("phys_state"), "5: LinkUp\n");
            write(port + QStringLiteral("rate"), "100 Gb/sec (4X EDR)\n");
            write(port + QStringLiteral("link_layer"), "Ethernet\n");
            for (const char *c : pma)
                write(port + QStringLiteral("counters/") + QLatin1String(c),
                      QByteArray::number(1234567 + ++n) + '\n');
            for (const char *c : hw)
                write(port + QStringLiteral("hw_counters/") + QLatin1String(c),
                      QByteArray::number(7654321 + ++n) + '\n');
            // 7 extra driver counters to reach 60 per port.
            for (int k = 0; k < 7; ++k)
                write(port + QStringLiteral("hw_counters/vendor_counter_%1").arg(k), "42\n");
            const QString netdev = QStringLiteral("ens%1f%2np%2").arg(d + 1).arg(p - 1);
            for (int g = 0; g < 16; ++g) {
                write(port + QStringLiteral("gids/%1").arg(g),
                      g < 4 ? "0000:0000:0000:0000:0000:ffff:0a00:0001\n"
                            : "0000:0000:0000:0000:0000:0000:0000:0000\n");
                if (g < 4) {
                    write(port + QStringLiteral("gid_attrs/types/%1").arg(g), "RoCE v2\n");
                    write(port + QStringLiteral("gid_attrs/ndevs/%1").arg(g),
                          netdev.toUtf8() + '\n');
                }
            }
            const QString net = root + QStringLiteral("/class/net/") + netdev + QLatin1Char('/');
            write(net + QStringLiteral("mtu"), "9000\n");
            write(net + QStringLiteral("operstate"), "up\n");
            for (const char *s :
                 {"rx_bytes", "tx_bytes", "rx_packets", "tx_packets", "rx_dropped", "tx_dropped"})
                write(net + QStringLiteral("statistics/") + QLatin1String(s), "1000\n");
        }
    }
}

quint16 freePort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    return s.serverPort();
}

long statusKb(qint64 pid, const char *field)
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qstrlen(field)).trimmed().split(' ').first().toLong();
    }
    return -1;
}

double cpuSeconds(qint64 pid)
{
    // Every thread's run time in nanoseconds (/proc/PID/task/TID/schedstat): /proc/PID/stat
    // counts clock ticks of 10 ms, which at 10 Hz over 10 s is 0.1 % of a core a tick. A
    // thread that ends between two readings takes its time with it (the daemon has one).
    double seconds = 0;
    const QString tasks = QStringLiteral("/proc/%1/task").arg(pid);
    const QStringList threads = QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &tid : threads) {
        QFile f(tasks + QLatin1Char('/') + tid + QStringLiteral("/schedstat"));
        if (f.open(QIODevice::ReadOnly))
            seconds += double(f.readAll().split(' ').value(0).toLongLong()) / 1e9;
    }
    return threads.isEmpty() ? -1 : seconds;
}

/// The read system calls (read, pread, ...) this process has made: /proc/self/io's syscr.
qint64 readSyscalls()
{
    QFile io(QStringLiteral("/proc/self/io"));
    if (!io.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : io.readAll().split('\n')) {
        if (line.startsWith("syscr:"))
            return line.mid(6).trimmed().toLongLong();
    }
    return -1;
}

/// What the kernel takes for one pread() of a counter file of @p root's tree: the floor under
/// a sample, which reads one file per counter and attribute (sysfs has no call that reads
/// many). Mean over 20,000 reads of one hw_counters file.
double preadNs(const QString &root)
{
    const QByteArray path
        = QFile::encodeName(root
                            + QStringLiteral("/class/infiniband/mlx5_0/ports/1/hw_counters/"
                                             "np_cnp_sent"));
    const int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    char buffer[64];
    constexpr int kReads = 20000;
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < kReads; ++i) {
        if (::pread(fd, buffer, sizeof buffer, 0) <= 0)
            break;
    }
    const double ns = double(t.nsecsElapsed()) / kReads;
    ::close(fd);
    return ns;
}

/// This process's user and system CPU seconds: reading counter files is mostly system time,
/// which no user-space change can take away, so the split says where the rest is.
std::pair<double, double> ownCpuSeconds()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return {double(u.ru_utime.tv_sec) + double(u.ru_utime.tv_usec) / 1e6,
            double(u.ru_stime.tv_sec) + double(u.ru_stime.tv_usec) / 1e6};
}

/// Runs the event loop for @p ms milliseconds.
void spin(int ms)
{
    QEventLoop wait;
    QTimer::singleShot(ms, &wait, &QEventLoop::quit);
    wait.exec();
}

double scrapeMs(const QUrl &url, int times, qsizetype *bytes)
{
    QNetworkAccessManager nam;
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < times; ++i) {
        QNetworkReply *r = nam.get(QNetworkRequest(url));
        QEventLoop loop;
        QObject::connect(r, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        *bytes = r->readAll().size();
        r->deleteLater();
    }
    return double(t.nsecsElapsed()) / 1e6 / times;
}

/// The live kernel's ports: each port's hw_counters/ files against one RDMA netlink
/// message a port, then a whole sample each way. Values are compared on the last round (an
/// idle machine's counters do not move between the two reads).
int liveKernel(bench::BenchFigures &figures)
{
    const agent::SysfsTree sys;
    std::vector<std::unique_ptr<agent::CounterFiles>> files;
    std::vector<agent::RdmaNetlink::Query> queries;
    auto opened = agent::RdmaNetlink::open();
    if (!opened.ok()) {
        std::fprintf(stderr, "bench_agent: %s\n", qPrintable(opened.error().message));
        return 1;
    }
    auto netlink = std::move(opened).value();
    const auto indices = netlink->devices();
    if (!indices.ok() || indices->isEmpty()) {
        std::fprintf(stderr, "bench_agent: no RDMA device over netlink: %s\n",
                     indices.ok() ? "none listed" : qPrintable(indices.error().message));
        return 1;
    }
    QStringList names;
    for (const QString &device : sys.list(QStringLiteral("class/infiniband"))) {
        for (const QString &port :
             sys.list(QStringLiteral("class/infiniband/%1/ports").arg(device))) {
            files.push_back(std::make_unique<agent::CounterFiles>(
                QStringList {sys.path(
                    QStringLiteral("class/infiniband/%1/ports/%2/hw_counters").arg(device, port))},
                QStringList {QStringLiteral("lifespan")}));
            agent::RdmaNetlink::Query q;
            q.device = indices->value(device);
            q.port = port.toUInt();
            queries.push_back(q);
            names.append(device + QLatin1Char('/') + port);
        }
    }
    const int runs = 2000;
    std::vector<QMap<QString, quint64>> fromFiles(files.size());
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < runs; ++i) {
        for (std::size_t p = 0; p < files.size(); ++p)
            fromFiles[p] = files[p]->read();
    }
    const double sysfsUs = double(t.nsecsElapsed()) / 1e3 / runs;
    t.restart();
    for (int i = 0; i < runs; ++i)
        netlink->statGet(queries);
    const double netlinkUs = double(t.nsecsElapsed()) / 1e3 / runs;
    for (std::size_t p = 0; p < files.size(); ++p)
        fromFiles[p] = files[p]->read();
    netlink->statGet(queries);
    int counters = 0, equal = 0;
    for (std::size_t p = 0; p < files.size(); ++p) {
        const agent::RdmaNetlink::Query &q = queries[p];
        if (!q.answered) {
            std::fprintf(stderr, "bench_agent: %s: %s\n", qPrintable(names[qsizetype(p)]),
                         qPrintable(q.error));
            continue;
        }
        QMap<QString, quint64> fromNetlink;
        for (std::size_t c = 0; c < q.stats.count; ++c)
            fromNetlink.insert(QString::fromStdString(q.stats.counters[c].first),
                               q.stats.counters[c].second);
        counters += int(fromFiles[p].size());
        for (auto it = fromFiles[p].cbegin(); it != fromFiles[p].cend(); ++it) {
            if (fromNetlink.value(it.key(), ~quint64(0)) == it.value())
                ++equal;
            else
                std::fprintf(stderr, "bench_agent: %s %s: sysfs %llu, netlink %llu\n",
                             qPrintable(names[qsizetype(p)]), qPrintable(it.key()),
                             static_cast<unsigned long long>(it.value()),
                             static_cast<unsigned long long>(fromNetlink.value(it.key())));
        }
    }
    // Whole samples of the RDMA ports (state, rate, counters), each way.
    auto sampleUs = [&](agent::CounterSource source) {
        agent::SamplerOptions so;
        so.hostname = QStringLiteral("bench");
        so.counters = source;
        agent::Sampler sampler(so);
        (void)sampler.sample();  // cold: opens the files, lists the devices
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < runs / 4; ++i)
            (void)sampler.sample();
        return double(timer.nsecsElapsed()) / 1e3 / (runs / 4);
    };
    const double sampleSysfsUs = sampleUs(agent::CounterSource::Sysfs);
    const double sampleNetlinkUs = sampleUs(agent::CounterSource::Netlink);
    std::printf("live kernel, %d ports, %d hardware counters: sysfs %.1f us, netlink %.1f us "
                "(%.1fx); %d of %d values equal\n",
                int(files.size()), counters, sysfsUs, netlinkUs, sysfsUs / netlinkUs, equal,
                counters);
    std::printf("live kernel, whole sample: sysfs %.1f us, netlink %.1f us\n", sampleSysfsUs,
                sampleNetlinkUs);
    figures.add("live_ports", int(files.size()));
    figures.add("live_hw_counters", counters);
    figures.add("live_hw_counters_equal", equal);
    figures.add("live_hw_counters_us_sysfs", sysfsUs);
    figures.add("live_hw_counters_us_netlink", netlinkUs);
    figures.add("live_netlink_speedup", sysfsUs / netlinkUs);
    figures.add("live_sample_us_sysfs", sampleSysfsUs);
    figures.add("live_sample_us_netlink", sampleNetlinkUs);
    figures.print();
    return counters > 0 && equal == counters ? 0 : 1;
}

}  // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    bench::BenchFigures figures(argc, argv);
    if (app.arguments().contains(QStringLiteral("--live-kernel")))
        return liveKernel(figures);
    const bool inProcessOnly = app.arguments().contains(QStringLiteral("--in-process"));
    // sysfs lives in memory; tmpfs (/dev/shm) is the closer stand-in for the fixture tree
    // than a disk filesystem with atime updates.
    QTemporaryDir dir(QDir(QStringLiteral("/dev/shm")).exists()
                          ? QStringLiteral("/dev/shm/bench_agent-XXXXXX")
                          : QDir::tempPath() + QStringLiteral("/bench_agent-XXXXXX"));
    const QString root = dir.filePath(QStringLiteral("sys"));
    makeTree(root);

    // 1. One full sample, in process.
    agent::SamplerOptions so;
    so.sysfsRoot = root;
    so.hostname = QStringLiteral("bench");
    agent::Sampler sampler(so);
    agentproto::AgentSample s = sampler.sample();  // cold: opens the files
    // Read calls of one warm sample (one per counter or attribute file), less the ones reading
    // /proc/self/io itself makes.
    const qint64 probeStart = readSyscalls();
    const qint64 probeReads = readSyscalls() - probeStart;
    const qint64 readsBefore = readSyscalls();
    s = sampler.sample();
    const int sampleReads = int(readSyscalls() - readsBefore - probeReads);
    int counters = 0;
    for (const auto &d : s.devices) {
        for (const auto &p : d.ports)
            counters += int(p.counters.size() + p.hwCounters.size());
    }
    const int runs = 2000;
    const auto cpuBefore = ownCpuSeconds();
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < runs; ++i)
        s = sampler.sample();
    const double perSampleUs = double(t.nsecsElapsed()) / 1e3 / runs;
    const auto cpuAfter = ownCpuSeconds();
    t.restart();
    QByteArray text;
    for (int i = 0; i < 200; ++i)
        text = agent::toPrometheus(s);
    const double exportUs = double(t.nsecsElapsed()) / 1e3 / 200;
    t.restart();
    QByteArray frame;
    for (int i = 0; i < 200; ++i)
        frame = QJsonDocument(agentproto::sampleToJson(s)).toJson(QJsonDocument::Compact);
    const double jsonUs = double(t.nsecsElapsed()) / 1e3 / 200;
    t.restart();
    QByteArray direct;
    for (int i = 0; i < 200; ++i)
        direct = agentproto::sampleToJsonBytes(s);
    const double directUs = double(t.nsecsElapsed()) / 1e3 / 200;
    std::printf("sample as protocol JSON: %.1f us with QJsonDocument, %.1f us written directly "
                "(%lld bytes)\n",
                jsonUs, directUs, static_cast<long long>(direct.size()));
    figures.add("sample_json_qjson_us", jsonUs);
    figures.add("sample_json_us", directUs);
    figures.add("sample_json_bytes", direct.size());
    std::printf("fixture tree on %s\n", qPrintable(dir.path()));
    std::printf("one full sample: %d ports, %d counters: %.1f us per sample (target <= 100 us); "
                "Prometheus text %.1f us (%lld bytes)\n",
                int(s.devices.size() * 2), counters, perSampleUs, exportUs,
                static_cast<long long>(text.size()));
    std::printf("one full sample, CPU: %.1f us user + %.1f us system\n",
                (cpuAfter.first - cpuBefore.first) * 1e6 / runs,
                (cpuAfter.second - cpuBefore.second) * 1e6 / runs);
    figures.add("ports", int(s.devices.size() * 2));
    figures.add("counters", counters);
    figures.add("sample_us", perSampleUs);
    figures.add("sample_prometheus_us", exportUs);
    figures.add("sample_prometheus_bytes", text.size());
    figures.add("sample_user_cpu_us", (cpuAfter.first - cpuBefore.first) * 1e6 / runs);
    figures.add("sample_system_cpu_us", (cpuAfter.second - cpuBefore.second) * 1e6 / runs);
    const double readNs = preadNs(root);
    std::printf("the kernel's floor under it: %d reads, one pread() a file at %.0f ns on this "
                "tree's filesystem = %.1f us\n",
                sampleReads, readNs, sampleReads * readNs / 1e3);
    figures.add("sample_reads", sampleReads);
    figures.add("pread_ns", readNs);
    figures.add("sample_read_floor_us", sampleReads * readNs / 1e3);
    if (inProcessOnly) {
        figures.print();
        return 0;
    }

    // 2. The real daemon, sampled at 10 Hz by a client for 10 s.
    const quint16 port = freePort();
    const quint16 metrics = freePort();
    QFile token(dir.filePath(QStringLiteral("token")));
    token.open(QIODevice::WriteOnly);
    token.write("bench-token-0123456789");
    token.close();
    QProcess agentProcess;
    agentProcess.start(QStringLiteral(ROCE_AGENT_PATH),
                       {QStringLiteral("--sysfs-root"), root, QStringLiteral("--token-file"),
                        token.fileName(), QStringLiteral("--plaintext"), QStringLiteral("--listen"),
                        QStringLiteral("127.0.0.1:%1").arg(port), QStringLiteral("--metrics"),
                        QStringLiteral("127.0.0.1:%1").arg(metrics)});
    agentProcess.waitForStarted();
    agentProcess.waitForReadyRead(5000);
    agentproto::AgentEndpoint e;
    e.host = QStringLiteral("127.0.0.1");
    e.port = port;
    e.token = QStringLiteral("bench-token-0123456789");
    e.plaintext = true;
    // One console for 10 s, then four for 10 s (after a second to settle each time).
    std::vector<std::unique_ptr<agentproto::AgentClient>> clients;
    int received = 0;
    auto addClients = [&](int n) {
        for (int i = 0; i < n; ++i) {
            auto client = std::make_unique<agentproto::AgentClient>(e);
            QObject::connect(client.get(), &agentproto::AgentClient::sampleReceived,
                             [&] { ++received; });
            client->connectToAgent();
            client->subscribe(100);
            clients.push_back(std::move(client));
        }
    };
    // @p key names the load in the figures: daemon_cpu_percent_<key> and so on.
    auto measure = [&](const char *what, const char *target, const std::string &key) {
        spin(1000);
        const double cpu0 = cpuSeconds(agentProcess.processId());
        const int received0 = received;
        spin(10000);
        const double cpu = cpuSeconds(agentProcess.processId()) - cpu0;
        const long rss = statusKb(agentProcess.processId(), "VmRSS:");
        const long peak = statusKb(agentProcess.processId(), "VmHWM:");
        std::printf("roce-agent daemon, 10 Hz samples to %s for 10 s: %d samples, CPU %.2f%% of a "
                    "core (target %s), RSS %ld KB, peak %ld KB (target < 16 MB)\n",
                    what, received - received0, cpu / 10.0 * 100.0, target, rss, peak);
        figures.add("daemon_samples_" + key, received - received0);
        figures.add("daemon_cpu_percent_" + key, cpu / 10.0 * 100.0);
        figures.add("daemon_rss_mb_" + key, double(rss) / 1024);
        figures.add("daemon_peak_rss_mb_" + key, double(peak) / 1024);
    };
    addClients(1);
    measure("a console", "< 1%", "10hz");
    addClients(3);
    measure("FOUR consoles", "< 1% for 4 subscribers", "10hz_4_consoles");

    // 3. Side by side: /metrics of roce-agent and of node_exporter on the same tree.
    qsizetype bytes = 0;
    const double ours
        = scrapeMs(QUrl(QStringLiteral("http://127.0.0.1:%1/metrics").arg(metrics)), 50, &bytes);
    std::printf("scrape of roce-agent /metrics: %.2f ms (%lld bytes)\n", ours,
                static_cast<long long>(bytes));
    figures.add("metrics_scrape_ms", ours);
    figures.add("metrics_scrape_bytes", bytes);
    const QString exporter
        = QStandardPaths::findExecutable(QStringLiteral("prometheus-node-exporter"));
    if (exporter.isEmpty()) {
        std::printf("prometheus-node-exporter not installed: no comparison\n");
    } else {
        const quint16 nePort = freePort();
        QProcess ne;
        ne.start(exporter,
                 {QStringLiteral("--path.sysfs=") + root,
                  QStringLiteral("--collector.disable-defaults"),
                  QStringLiteral("--collector.infiniband"),
                  QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(nePort)});
        ne.waitForStarted();
        spin(1500);
        const double theirs
            = scrapeMs(QUrl(QStringLiteral("http://127.0.0.1:%1/metrics").arg(nePort)), 50, &bytes);
        const long neRss = statusKb(ne.processId(), "VmRSS:");
        std::printf("scrape of prometheus-node-exporter --collector.infiniband: %.2f ms (%lld "
                    "bytes), RSS %ld KB\n",
                    theirs, static_cast<long long>(bytes), neRss);
        figures.add("node_exporter_scrape_ms", theirs);
        figures.add("node_exporter_scrape_bytes", bytes);
        figures.add("node_exporter_rss_mb", double(neRss) / 1024);
        ne.terminate();
        ne.waitForFinished();
    }
    for (const auto &client : clients)
        client->disconnectFromAgent();
    agentProcess.terminate();
    agentProcess.waitForFinished();
    figures.print();
    return 0;
}
