// The fleet from a real Prometheus at fleet scale: 2,048 hosts x 8 NICs (roce-agent's series)
// and 128 switches x 64 ports (rocectl exporter's series), about 400,000 series, served by a
// synthetic scrape target whose counters move at steady rates, scraped by Debian's prometheus
// every 15 s; one switch port and one NIC also carry 24 h of history backfilled with
// `promtool tsdb create-blocks-from openmetrics`. Measured with the console's own fleet source
// and history: the first full map (discovery and the first refresh), each live refresh, a 24 h
// chart of one port, the live model's memory; with --console, the real roce-console's memory
// and a screenshot of the fleet.
//
// Run: build/benchmarks/bench_fleet [--store prometheus|victoria-metrics] [--refreshes N]
//      [--no-rules] [--console FILE.png] [--hold SECONDS] [--json]
// --store victoria-metrics: Debian's victoria-metrics scrapes the same fleet instead, with the
// recording rules evaluated by vmalert (as a VictoriaMetrics site runs them); the 24 h history
// goes in through its /api/v1/import/prometheus.
#include "../tests/common/metricsstore.h"
#include "benchfigures.h"

#include "live/fleet/fleethistory.h"
#include "live/fleet/fleetrules.h"
#include "live/fleet/fleetsource.h"
#include "live/hub/livefabric.h"
#include "live/itemmodels/porttablemodel.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace roce;

namespace {

constexpr int kHosts = 2048;
constexpr int kNicsPerHost = 8;
constexpr int kSpines = 16;
constexpr int kLeaves = 112;  // 128 switches
constexpr int kPortsPerSwitch = 64;
constexpr int kScrapeSeconds = 15;

long rssKb(const QString &pid, const char *field)
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(qstrlen(field)).trimmed().split(' ').first().toLong();
    return -1;
}

QString host(int h)
{
    return QStringLiteral("gpu%1").arg(h + 1, 4, 10, QLatin1Char('0'));
}
QString leaf(int l)
{
    // Grouped as on a rail fabric: 14 leaves per group.
    return QStringLiteral("pod%1-leaf%2").arg(l / 14 + 1).arg(l % 14 + 1);
}
QString spine(int s)
{
    return QStringLiteral("spine%1").arg(s + 1);
}
QString eth(int p)
{
    return QStringLiteral("Ethernet1/%1").arg(p + 1);
}

/// The fleet's exposition: every series with a counter that grows at its own steady rate.
class FleetExposition
{
public:
    FleetExposition()
    {
        QRandomGenerator rng(42);
        // Switch ports: leaf port p < 37 faces a server NIC (NIC 0 and 1 of every host, round
        // robin), 48..63 face the spines; spine port l faces leaf l.
        for (int s = 0; s < kSpines + kLeaves; ++s) {
            const bool isSpine = s < kSpines;
            const QString sw = isSpine ? spine(s) : leaf(s - kSpines);
            m_switchBlock += QStringLiteral("nxos_up{switch=\"%1\"} 1\n").arg(sw).toUtf8();
            m_switchBlock
                += QStringLiteral("nxos_switch_info{switch=\"%1\",role=\"%2\",hostname=\"%1\","
                                  "nxos_version=\"10.3(4a)\",chassis=\"N9K-C9364C\","
                                  "serial=\"FDO%3\"} 1\n")
                       .arg(sw, isSpine ? QStringLiteral("spine") : QStringLiteral("leaf"))
                       .arg(10000 + s)
                       .toUtf8();
            for (int p = 0; p < kPortsPerSwitch; ++p) {
                const QString labels
                    = QStringLiteral("switch=\"%1\",interface=\"%2\"").arg(sw, eth(p));
                QString neighbor, neighborPort;
                if (isSpine && p < kLeaves) {
                    neighbor = leaf(p);
                    neighborPort = eth(48 + s);
                } else if (!isSpine && p >= 48) {
                    neighbor = spine(p - 48);
                    neighborPort = eth(s - kSpines);
                } else if (!isSpine && p < 37) {
                    const int cable = (s - kSpines) * 37 + p;  // 0 .. 4143
                    if (cable < 2 * kHosts) {
                        neighbor = host(cable / 2);
                        neighborPort = QStringLiteral("ens%1f0np0").arg(cable % 2 + 1);
                    }
                }
                QByteArray fixed
                    = QStringLiteral(
                          "nxos_interface_info{%1,description=\"\",internal=\"false\"} 1\n"
                          "nxos_interface_up{%1} 1\n"
                          "nxos_interface_speed_bytes{%1} 12500000000\n")
                          .arg(labels)
                          .toUtf8();
                if (!neighbor.isEmpty())
                    fixed += QStringLiteral(
                                 "nxos_lldp_neighbor_info{%1,neighbor=\"%2\",neighbor_port=\"%3\","
                                 "chassis_id=\"\",management_address=\"\"} 1\n")
                                 .arg(labels, neighbor, neighborPort)
                                 .toUtf8();
                m_fixed.append(fixed);
                const double util = neighbor.isEmpty() ? 0 : 0.1 + 0.8 * rng.generateDouble();
                const bool hot = rng.bounded(50) == 0;  // 2%: congestion signals
                add(QStringLiteral("nxos_interface_receive_bytes_total{%1}").arg(labels),
                    util * 12.5e9);
                add(QStringLiteral("nxos_interface_transmit_bytes_total{%1}").arg(labels),
                    util * 12.5e9 * 0.97);
                add(QStringLiteral("nxos_interface_receive_packets_total{%1}").arg(labels),
                    util * 12.5e9 / 4000);
                add(QStringLiteral("nxos_interface_transmit_packets_total{%1}").arg(labels),
                    util * 12.5e9 / 4000);
                add(QStringLiteral("nxos_interface_receive_errors_total{%1}").arg(labels), 0);
                add(QStringLiteral("nxos_interface_transmit_discards_total{%1}").arg(labels), 0);
                add(QStringLiteral("nxos_ingress_mmu_dropped_packets_total{%1}").arg(labels), 0);
                add(QStringLiteral("nxos_pfc_received_frames_total{%1}").arg(labels),
                    hot ? 900 : 0);
                add(QStringLiteral("nxos_pfc_transmitted_frames_total{%1}").arg(labels),
                    hot ? 1200 : 0);
                for (const char *group : {"0", "3"}) {
                    const QString q
                        = labels + QStringLiteral(",qos_group=\"%1\"").arg(QLatin1String(group));
                    const bool roce = group[0] == '3';
                    add(QStringLiteral("nxos_queue_dropped_packets_total{%1}").arg(q), 0);
                    add(QStringLiteral("nxos_queue_ecn_marked_packets_total{%1}").arg(q),
                        roce && hot ? 25000 : 0);
                    add(QStringLiteral("nxos_queue_watchdog_dropped_packets_total{%1}").arg(q), 0);
                }
            }
        }
        for (int h = 0; h < kHosts; ++h) {
            const QString inst = QStringLiteral("%1:9471").arg(host(h));
            m_fixed.append(
                QStringLiteral(
                    "roce_agent_info{instance=\"%1\",hostname=\"%2\",version=\"1.0\"} 1\n")
                    .arg(inst, host(h))
                    .toUtf8());
            for (int k = 0; k < kNicsPerHost; ++k) {
                const QString dev = QStringLiteral("mlx5_%1").arg(k);
                const QString netdev = QStringLiteral("ens%1f0np0").arg(k + 1);
                const QString labels
                    = QStringLiteral("instance=\"%1\",device=\"%2\",port=\"1\"").arg(inst, dev);
                const QString nd
                    = QStringLiteral("instance=\"%1\",device=\"%2\"").arg(inst, netdev);
                m_fixed.append(
                    QStringLiteral("node_infiniband_state_id{%1} 4\n"
                                   "node_infiniband_rate_bytes_per_second{%1} 12500000000\n"
                                   "roce_infiniband_port_netdev_info{%1,netdev=\"%2\"} 1\n")
                        .arg(labels, netdev)
                        .toUtf8());
                const double util = 0.1 + 0.8 * rng.generateDouble();
                const bool hot = rng.bounded(50) == 0;
                add(QStringLiteral("node_infiniband_port_data_received_bytes_total{%1}")
                        .arg(labels),
                    util * 12.5e9);
                add(QStringLiteral("node_infiniband_port_data_transmitted_bytes_total{%1}")
                        .arg(labels),
                    util * 12.5e9);
                add(QStringLiteral("node_infiniband_np_ecn_marked_roce_packets_received_total{%1}")
                        .arg(labels),
                    hot ? 2000 : 0);
                add(QStringLiteral("node_infiniband_np_cnp_packets_sent_total{%1}").arg(labels),
                    hot ? 400 : 0);
                add(QStringLiteral("node_infiniband_rp_cnp_packets_handled_total{%1}").arg(labels),
                    hot ? 380 : 0);
                add(QStringLiteral("node_infiniband_rp_cnp_ignored_packets_received_total{%1}")
                        .arg(labels),
                    0);
                add(QStringLiteral("node_infiniband_out_of_sequence_packets_received_total{%1}")
                        .arg(labels),
                    0);
                add(QStringLiteral("node_infiniband_out_of_buffer_drops_total{%1}").arg(labels), 0);
                add(QStringLiteral("roce_priority_pause_frames_received_total{%1,priority=\"3\"}")
                        .arg(nd),
                    hot ? 300 : 0);
                add(QStringLiteral(
                        "roce_priority_pause_frames_transmitted_total{%1,priority=\"3\"}")
                        .arg(nd),
                    0);
                add(QStringLiteral("node_ethtool_rx_discards_phy{%1}").arg(nd), 0);
                add(QStringLiteral("roce_priority_discards_received_total{%1,priority=\"3\"}")
                        .arg(nd),
                    0);
            }
        }
    }

    /// The text at @p seconds after the start (counters = rate x time).
    QByteArray render(double seconds) const
    {
        QByteArray out;
        out.reserve(m_bytes + m_counters.size() * 16);
        out += m_switchBlock;
        for (const QByteArray &f : m_fixed)
            out += f;
        for (const Counter &c : m_counters) {
            out += c.series;
            out += ' ';
            out += QByteArray::number(quint64(1e6 + c.perSecond * seconds));
            out += '\n';
        }
        return out;
    }
    qsizetype seriesCount() const
    {
        qsizetype fixed = 0;
        for (const QByteArray &f : m_fixed)
            fixed += f.count('\n');
        return m_counters.size() + fixed + m_switchBlock.count('\n');
    }

private:
    struct Counter {
        QByteArray series;
        double perSecond;
    };
    void add(const QString &series, double perSecond)
    {
        m_counters.append({series.toUtf8(), perSecond});
        m_bytes += series.size() + 16;
    }
    QByteArray m_switchBlock;
    QList<QByteArray> m_fixed;
    QList<Counter> m_counters;
    qsizetype m_bytes = 0;
};

/// Serves the exposition on loopback, one scrape per connection.
class SyntheticTarget : public QTcpServer
{
public:
    explicit SyntheticTarget(const FleetExposition &fleet) : m_fleet(fleet)
    {
        m_clock.start();
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [this, s] {
                    if (!s->peek(4096).contains("\r\n\r\n"))
                        return;
                    s->readAll();
                    const QByteArray body = m_fleet.render(double(m_clock.elapsed()) / 1000);
                    s->write("HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\n"
                             "Connection: close\r\nContent-Length: "
                             + QByteArray::number(body.size()) + "\r\n\r\n");
                    s->write(body);
                    s->disconnectFromHost();
                    ++scrapes;
                });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }
    int scrapes = 0;

private:
    const FleetExposition &m_fleet;
    QElapsedTimer m_clock;
};

/// 24 h of one switch port's and one NIC's charted counters, with timestamps: OpenMetrics
/// (seconds, "# EOF") for promtool, or the Prometheus text format (milliseconds) that
/// VictoriaMetrics imports.
QByteArray historyOpenMetrics(qint64 endS, bool textFormat = false)
{
    QByteArray out;
    const qint64 start = endS - 24 * 3600;
    auto family = [&](const char *name, const QString &labels, double perSecond) {
        out += QByteArray("# TYPE ") + name + " counter\n";
        for (qint64 t = start; t <= endS; t += kScrapeSeconds) {
            // A daily swing so the chart has a shape.
            const double v
                = 1e6 + perSecond * double(t - start) * (1.0 + 0.3 * std::sin(double(t) / 3600));
            out += QByteArray(name) + "_total{" + labels.toUtf8() + "} "
                + QByteArray::number(quint64(v)) + ' '
                + QByteArray::number(textFormat ? t * 1000 : t) + '\n';
        }
    };
    const QString sw = QStringLiteral("switch=\"%1\",interface=\"%2\"").arg(leaf(0), eth(0));
    family("nxos_interface_receive_bytes", sw, 5e9);
    family("nxos_interface_transmit_bytes", sw, 5e9);
    family("nxos_pfc_received_frames", sw, 100);
    const QString nic
        = QStringLiteral("instance=\"%1:9471\",device=\"mlx5_0\",port=\"1\"").arg(host(0));
    family("node_infiniband_port_data_received_bytes", nic, 4e9);
    family("node_infiniband_np_ecn_marked_roce_packets_received", nic, 500);
    if (!textFormat)
        out += "# EOF\n";
    return out;
}

/// Runs the event loop until @p done or @p timeoutMs (sleeping while nothing happens).
template <typename Pred> void waitUntil(Pred done, qint64 timeoutMs)
{
    QElapsedTimer t;
    t.start();
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done() || t.elapsed() >= timeoutMs)
            loop.quit();
    });
    poll.start(5);
    if (!done())
        loop.exec();
}

double median(QList<qint64> v)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    return double(v.at(v.size() / 2));
}

}  // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    bench::BenchFigures figures(argc, argv);
    const QStringList args = app.arguments();
    const int refreshes
        = std::max(3, args.value(args.indexOf(QStringLiteral("--refreshes")) + 1).toInt());
    const QString consoleShot = args.contains(QStringLiteral("--console"))
        ? args.value(args.indexOf(QStringLiteral("--console")) + 1)
        : QString();

    QElapsedTimer build;
    build.start();
    FleetExposition fleet;
    const QByteArray sampleText = fleet.render(0);
    const double buildS = double(build.elapsed()) / 1000;
    std::setvbuf(stdout, nullptr, _IOLBF, 0);  // line by line, also into a file
    std::printf("bench_fleet: %d hosts x %d NICs, %d switches x %d ports: %lld series, %.1f MB a "
                "scrape (built in %.1f s)\n",
                kHosts, kNicsPerHost, kSpines + kLeaves, kPortsPerSwitch,
                (long long)fleet.seriesCount(), double(sampleText.size()) / 1e6, buildS);
    std::fflush(stdout);
    figures.add("series", fleet.seriesCount());
    figures.add("scrape_bytes", sampleText.size());
    figures.add("exposition_build_s", buildS);
    SyntheticTarget target(fleet);
    target.listen(QHostAddress::LocalHost, 0);

    const bool victoria = args.contains(QStringLiteral("--store"))
        && args.value(args.indexOf(QStringLiteral("--store")) + 1)
            == QLatin1String("victoria-metrics");
    figures.add(
        "store",
        QJsonValue(victoria ? QStringLiteral("victoria-metrics") : QStringLiteral("prometheus")));
    QTemporaryDir work;
    const qint64 nowS = QDateTime::currentSecsSinceEpoch();
    // The store on loopback, honouring the fleet's own instance labels; with the fleet's
    // recording rules unless --no-rules (Prometheus evaluates them, vmalert for VictoriaMetrics).
    const bool rules = !args.contains(QStringLiteral("--no-rules"));
    const quint16 port = roce::testing::freeLoopbackPort();
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(port);
    QProcess store, vmalert;
    store.setProcessChannelMode(QProcess::MergedChannels);
    vmalert.setProcessChannelMode(QProcess::MergedChannels);
    QFile ruleFile(work.filePath(QStringLiteral("roce-fleet.rules.yml")));
    ruleFile.open(QIODevice::WriteOnly);
    ruleFile.write(fleet::recordingRules(QStringLiteral("60s"), kScrapeSeconds).toUtf8());
    ruleFile.close();
    const QByteArray scrapeJob = QStringLiteral("scrape_configs:\n  - job_name: fleet\n"
                                                "    honor_labels: true\n"
                                                "    static_configs:\n"
                                                "      - targets: ['127.0.0.1:%1']\n")
                                     .arg(target.serverPort())
                                     .toUtf8();
    if (!victoria) {
        // 24 h of history for one port of each kind, backfilled into the data directory.
        {
            QFile om(work.filePath(QStringLiteral("history.om")));
            om.open(QIODevice::WriteOnly);
            om.write(historyOpenMetrics(nowS - 120));
        }
        QElapsedTimer backfill;
        backfill.start();
        const int promtool = QProcess::execute(
            QStringLiteral("promtool"),
            {QStringLiteral("tsdb"), QStringLiteral("create-blocks-from"),
             QStringLiteral("openmetrics"), work.filePath(QStringLiteral("history.om")),
             work.filePath(QStringLiteral("data"))});
        const double backfillS = double(backfill.elapsed()) / 1000;
        std::printf("backfill: promtool tsdb create-blocks-from openmetrics (24 h of 2 ports) "
                    "exit %d in %.1f s\n",
                    promtool, backfillS);
        figures.add("backfill_exit_code", promtool);
        figures.add("backfill_s", backfillS);
        QFile config(work.filePath(QStringLiteral("prometheus.yml")));
        config.open(QIODevice::WriteOnly);
        config.write(QStringLiteral("global:\n  scrape_interval: %1s\n  scrape_timeout: 14s\n"
                                    "  evaluation_interval: %1s\n%2")
                         .arg(kScrapeSeconds)
                         .arg(rules
                                  ? QStringLiteral("rule_files: ['%1']\n").arg(ruleFile.fileName())
                                  : QString())
                         .toUtf8()
                     + scrapeJob);
        config.close();
        store.start(
            QStringLiteral("prometheus"),
            {QStringLiteral("--config.file=") + work.filePath(QStringLiteral("prometheus.yml")),
             QStringLiteral("--storage.tsdb.path=") + work.filePath(QStringLiteral("data")),
             QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(port),
             QStringLiteral("--log.level=warn")});
    } else {
        QFile config(work.filePath(QStringLiteral("scrape.yml")));
        config.open(QIODevice::WriteOnly);
        config.write(QStringLiteral("global:\n  scrape_interval: %1s\n  scrape_timeout: 14s\n")
                         .arg(kScrapeSeconds)
                         .toUtf8()
                     + scrapeJob);
        config.close();
        // -search.latencyOffset=0s: a query for now sees the newest scrape, as Prometheus's do.
        // -promscrape.maxScrapeSize: the synthetic target serves the whole fleet as one 40 MB
        // scrape (a real fleet is 2,176 small ones), past the 16 MB default.
        store.start(QStringLiteral("victoria-metrics"),
                    {QStringLiteral("-storageDataPath=") + work.filePath(QStringLiteral("vm")),
                     QStringLiteral("-httpListenAddr=127.0.0.1:%1").arg(port),
                     QStringLiteral("-promscrape.config=") + config.fileName(),
                     QStringLiteral("-search.latencyOffset=0s"),
                     QStringLiteral("-promscrape.maxScrapeSize=256MB"),
                     QStringLiteral("-retentionPeriod=10y"), QStringLiteral("-loggerLevel=WARN")});
    }
    std::printf("store: %s; recording rules: %s\n", victoria ? "victoria-metrics" : "prometheus",
                rules ? "on (rocectl fleet --print-rules)" : "off");
    figures.add("recording_rules", rules);
    if (!store.waitForStarted(10000)) {
        std::printf("the store did not start\n");
        return 1;
    }
    if (victoria) {
        // The same 24 h of history, through the store's import API once it answers.
        waitUntil(
            [&] {
                return !roce::testing::httpGet(QUrl(url + QStringLiteral("/health"))).isEmpty();
            },
            30000);
        QElapsedTimer backfill;
        backfill.start();
        const bool imported
            = roce::testing::httpPost(QUrl(url + QStringLiteral("/api/v1/import/prometheus")),
                                      historyOpenMetrics(nowS - 120, true));
        const double backfillS = double(backfill.elapsed()) / 1000;
        std::printf("backfill: /api/v1/import/prometheus (24 h of 2 ports) %s in %.1f s\n",
                    imported ? "accepted" : "refused", backfillS);
        figures.add("backfill_exit_code", imported ? 0 : 1);
        figures.add("backfill_s", backfillS);
        if (rules) {
            vmalert.start(QStringLiteral("vmalert"),
                          {QStringLiteral("-rule=") + ruleFile.fileName(),
                           QStringLiteral("-datasource.url=") + url,
                           QStringLiteral("-remoteWrite.url=") + url,
                           QStringLiteral("-evaluationInterval=%1s").arg(kScrapeSeconds),
                           QStringLiteral("-httpListenAddr=127.0.0.1:%1")
                               .arg(roce::testing::freeLoopbackPort()),
                           QStringLiteral("-loggerLevel=WARN")});
            if (!vmalert.waitForStarted(10000)) {
                std::printf("vmalert did not start\n");
                return 1;
            }
        }
    }
    // Three scrapes, so that irate() has two samples everywhere.
    QElapsedTimer wait;
    wait.start();
    waitUntil([&] { return target.scrapes >= 3; }, 180000);
    // The third scrape ingested, and the rules evaluated on it (vmalert on its own clock, and
    // its results written back through the store's ingestion).
    QThread::sleep(rules ? (victoria ? 20 : 8) : 2);
    const double readyS = double(wait.elapsed()) / 1000;
    const long storeRss = rssKb(QString::number(store.processId()), "VmRSS:");
    std::printf("%s: %d scrapes of the synthetic fleet in %.0f s; its RSS %ld MB\n",
                victoria ? "victoria-metrics" : "prometheus", target.scrapes, readyS,
                storeRss / 1024);
    std::fflush(stdout);
    figures.add("prometheus_scrapes", target.scrapes);
    figures.add("prometheus_ready_s", readyS);
    figures.add("prometheus_rss_mb", double(storeRss) / 1024);

    // The console's fleet source on the live model, as the window has it.
    const long before = rssKb(QStringLiteral("self"), "VmRSS:");
    live::LiveFabric hub;
    fleet::FleetOptions options;
    options.endpoint = *prom::parsePromEndpoint(url);
    options.endpoint.timeoutMs = 60000;
    options.intervalMs = kScrapeSeconds * 1000;
    QElapsedTimer firstMap;
    firstMap.start();
    fleet::FleetSource *source = fleet::watchFleet(hub, options);
    qint64 shapeMs = -1, firstRefreshMs = -1;
    QList<qint64> refreshMs, consoleMs;
    int ports = 0, devices = 0, samples = 0, queriesPerRefresh = 0;
    bool recordedUsed = false;
    fleet::FleetPortIndex index;
    QObject::connect(source, &fleet::FleetSource::shapeReady, &app,
                     [&](const models::LeafSpineFabric &f, int switches, int hosts) {
                         shapeMs = firstMap.elapsed();
                         std::printf("discovery: %d switches, %d hosts, map of %lld leaves, %lld "
                                     "NICs placed, in %lld ms\n",
                                     switches, hosts, (long long)f.leaves.size(),
                                     (long long)f.nics.size(), (long long)shapeMs);
                         figures.add("discovery_switches", switches);
                         figures.add("discovery_hosts", hosts);
                         figures.add("map_leaves", f.leaves.size());
                         figures.add("map_nics", f.nics.size());
                         figures.add("discovery_ms", shapeMs);
                     });
    QObject::connect(source, &fleet::FleetSource::portsReady, &app,
                     [&](const fleet::FleetPortIndex &i, int) { index = i; });
    QObject::connect(source, &fleet::FleetSource::refreshed, &app,
                     [&](const fleet::FleetRefresh &r) {
                         hub.tick();
                         if (firstRefreshMs < 0)
                             firstRefreshMs = firstMap.elapsed();
                         refreshMs.append(r.elapsedMs);
                         consoleMs.append(r.consoleMs);
                         ports = r.ports;
                         devices = r.devices;
                         samples = r.samples;
                         queriesPerRefresh = r.queries;
                         recordedUsed = r.recorded;
                     });
    QObject::connect(source, &fleet::FleetSource::failed, &app,
                     [](const QString &, const QString &m) {
                         std::printf("store failed: %s\n", qPrintable(m));
                     });
    waitUntil([&] { return refreshMs.size() >= refreshes; },
              qint64(refreshes + 4) * kScrapeSeconds * 1000);
    const long after = rssKb(QStringLiteral("self"), "VmRSS:");
    QList<qint64> sorted = refreshMs;
    std::sort(sorted.begin(), sorted.end());
    std::printf("first full map (discovery + first refresh applied): %lld ms (target < 3000)\n",
                (long long)firstRefreshMs);
    std::printf(
        "live refresh: %lld refreshes of %d ports on %d devices (%d answer rows, %d queries, "
        "%s): median %.0f ms, max %lld ms (target < 1000)\n",
        (long long)refreshMs.size(), ports, devices, samples, queriesPerRefresh,
        recordedUsed ? "recorded series" : "raw counters", median(refreshMs),
        (long long)(sorted.isEmpty() ? 0 : sorted.last()));
    std::printf("  of which the console's own work (reading answers, building frames): median %.0f "
                "ms; the rest is the store answering\n",
                median(consoleMs));
    std::printf("live model: %lld rows; RSS +%ld MB (now %ld MB)\n",
                (long long)hub.ports()->rowCount(), (after - before) / 1024, after / 1024);
    figures.add("first_map_ms", firstRefreshMs);
    figures.add("refreshes", refreshMs.size());
    figures.add("refresh_ports", ports);
    figures.add("refresh_devices", devices);
    figures.add("refresh_answer_rows", samples);
    figures.add("refresh_queries", queriesPerRefresh);
    figures.add("refresh_recorded_series", recordedUsed);
    figures.add("refresh_median_ms", median(refreshMs));
    figures.add("refresh_max_ms", sorted.isEmpty() ? 0 : sorted.last());
    figures.add("refresh_console_median_ms", median(consoleMs));
    figures.add("live_rows", hub.ports()->rowCount());
    figures.add("live_rss_growth_mb", double(after - before) / 1024);
    figures.add("rss_mb", double(after) / 1024);

    // A 24 h chart of one port, read from the store.
    const std::pair<QString, std::string> charted[]
        = {{leaf(0) + QLatin1Char('/') + eth(0), "chart_switch_port"},
           {host(0) + QStringLiteral("/mlx5_0"), "chart_nic"}};
    for (const auto &[portKey, key] : charted) {
        fleet::FleetHistory history(options.endpoint);
        history.setPorts(index);
        history.setScrapeIntervalMs(kScrapeSeconds * 1000);
        const qint64 to = QDateTime::currentMSecsSinceEpoch(), from = to - 24 * 3600 * 1000;
        QElapsedTimer chart;
        chart.start();
        bool done = false;
        QObject::connect(&history, &fleet::FleetHistory::updated, &app, [&] { done = true; });
        QObject::connect(&history, &store::RangeHistory::failed, &app,
                         [&](const QString &, const QString &m) {
                             std::printf("history failed: %s\n", qPrintable(m));
                             done = true;
                         });
        history.series(portKey, model::Metric::InBits, from, to);
        waitUntil([&] { return done; }, 30000);
        const qint64 ms = chart.elapsed();
        const QList<QPointF> in = history.series(portKey, model::Metric::InUtil, from, to);
        std::printf(
            "24 h chart of %s: %lld ms for %d range queries, %lld points a series at a %lld s "
            "step (target < 300)\n",
            qPrintable(portKey), (long long)ms, history.requestsSent(), (long long)in.size(),
            (long long)history.stepFor(to - from) / 1000);
        figures.add(key + "_ms", ms);
        figures.add(key + "_queries", history.requestsSent());
        figures.add(key + "_points", in.size());
        figures.add(key + "_step_s", history.stepFor(to - from) / 1000);
    }
    hub.stop();

    if (!consoleShot.isEmpty()) {
        // The real console on this store: its memory while it shows the fleet, and a picture.
        QProcess console;
        console.setProcessChannelMode(QProcess::MergedChannels);
        const QString binary
            = QCoreApplication::applicationDirPath() + QStringLiteral("/../app/roce-console");
        console.start(
            QStringLiteral("xvfb-run"),
            {QStringLiteral("-a"), QStringLiteral("-s"), QStringLiteral("-screen 0 1600x1000x24"),
             binary, QStringLiteral("--prometheus"), url, QStringLiteral("--screenshot"),
             consoleShot, QStringLiteral("--screenshot-delay"), QStringLiteral("60000"),
             QStringLiteral("--results-db"), work.filePath(QStringLiteral("results.sqlite"))});
        console.waitForStarted();
        long peak = 0;
        QString pid;
        QElapsedTimer c;
        c.start();
        while (console.state() != QProcess::NotRunning && c.elapsed() < 300000) {
            console.waitForFinished(1000);
            if (pid.isEmpty()) {
                QProcess pgrep;
                pgrep.start(QStringLiteral("pgrep"),
                            {QStringLiteral("-n"), QStringLiteral("-f"),
                             QStringLiteral("roce-console --prometheus")});
                pgrep.waitForFinished();
                pid = QString::fromUtf8(pgrep.readAllStandardOutput()).trimmed();
            }
            if (!pid.isEmpty())
                peak = std::max(peak, rssKb(pid, "VmRSS:"));
        }
        const double consoleS = double(c.elapsed()) / 1000;
        std::printf("roce-console on the fleet: peak RSS %ld MB over %.0f s; %s\n", peak / 1024,
                    consoleS, console.readAll().trimmed().constData());
        figures.add("console_peak_rss_mb", double(peak) / 1024);
        figures.add("console_s", consoleS);
    }
    if (args.contains(QStringLiteral("--hold"))) {
        // Keeps the store and the synthetic target up for queries by hand.
        const int seconds = args.value(args.indexOf(QStringLiteral("--hold")) + 1).toInt();
        std::printf("holding %s for %d s\n", qPrintable(url), seconds);
        std::fflush(stdout);
        waitUntil([] { return false; }, qint64(seconds) * 1000);
    }
    vmalert.terminate();
    vmalert.waitForFinished(10000);
    store.terminate();
    store.waitForFinished(20000);
    figures.print();
    return 0;
}
