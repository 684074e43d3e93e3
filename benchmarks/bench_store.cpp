// Samples the counter store ingests per second (target >= 1 M/s, off the GUI thread): one
// batched update per poll for a 1024-host x 8-NIC fabric (8192 rows, 10 rates each), and the
// memory it settles at. Prints its figures (with --json, one JSON object of them on stdout);
// not a timed test.
//   bench_store [--quick] [--json]
#include "benchfigures.h"
#include "collect/history/counterstore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>

#include <cstdio>

namespace {

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

}  // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    roce::bench::BenchFigures figures(argc, argv);
    roce::model::SourceFrame u;
    for (int h = 0; h < 1024; ++h) {
        for (int n = 0; n < 8; ++n) {
            roce::model::PortSample p;
            p.id = roce::model::PortId::nicPort(QStringLiteral("host%1").arg(h),
                                                QStringLiteral("mlx5_%1").arg(n));
            p.set(roce::model::Metric::InUtil, 50);
            p.set(roce::model::Metric::OutUtil, 50);
            p.set(roce::model::Metric::MmuDrops, 0);
            p.set(roce::model::Metric::EgressDrops, 0);
            p.set(roce::model::Metric::RxPause, 10);
            p.set(roce::model::Metric::TxPause, 10);
            p.set(roce::model::Metric::Ecn, 100);
            p.set(roce::model::Metric::CnpSent, 100);
            p.set(roce::model::Metric::CnpHandled, 100);
            p.set(roce::model::Metric::OutOfSeq, 0);
            u.ports.append(p);
        }
    }
    // The console sizes the history to a budget; 256 MB for this fabric's 81,920 series.
    const qint64 series = qint64(u.ports.size()) * 10;
    const qint64 budget = 256LL * 1000 * 1000;
    const auto limits = roce::store::CounterStore::Limits::forBudget(series, budget);
    std::printf("budget %lld MB for %lld series: %d full-resolution + %d downsampled points each\n",
                budget / 1000 / 1000, series, limits.recentPoints, limits.downsampledPoints);
    figures.add("budget_mb", budget / 1000 / 1000);
    figures.add("series", series);
    figures.add("recent_points_per_series", limits.recentPoints);
    figures.add("downsampled_points_per_series", limits.downsampledPoints);
    roce::store::CounterStore store(limits);
    // One hour at 1 Hz: past the recent tier, so downsampling runs and the budget applies.
    const int polls = app.arguments().contains(QStringLiteral("--quick")) ? 700 : 3600;
    const double rssBefore = rssMb();
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < polls; ++i) {
        u.takenMs = qint64(i) * 1000;
        store.ingest(u);
    }
    const double seconds = double(t.nsecsElapsed()) / 1e9;
    const double samples = double(polls) * u.ports.size() * 10;
    std::printf("ingested %.0f samples (%d polls x %lld rows x 10 rates) in %.2f s: %.2f M "
                "samples/s (target >= 1 M/s)\n",
                samples, polls, qint64(u.ports.size()), seconds, samples / seconds / 1e6);
    figures.add("samples", samples);
    figures.add("polls", polls);
    figures.add("rows", u.ports.size());
    figures.add("ingest_s", seconds);
    figures.add("ingest_samples_per_s", samples / seconds);
    const double rssAfter = rssMb();
    std::printf("after %d s of 1 Hz history (81,920 series, i.e. 4096 ports x 20 counters): "
                "process RSS %.1f MB (%.1f MB before the store; target < 500 MB)\n",
                polls, rssAfter, rssBefore);
    figures.add("rss_mb", rssAfter);
    figures.add("rss_before_store_mb", rssBefore);
    std::printf("points kept: %lld (%.1f MB at %d bytes a point; the budget caps it)\n",
                qint64(store.pointCount()),
                double(store.pointCount()) * roce::store::CounterStore::kBytesPerPoint / 1e6,
                roce::store::CounterStore::kBytesPerPoint);
    figures.add("points_kept", store.pointCount());
    figures.add("points_kept_mb",
                double(store.pointCount()) * roce::store::CounterStore::kBytesPerPoint / 1e6);
    figures.add("bytes_per_point", roce::store::CounterStore::kBytesPerPoint);
    // What a point really costs: the process's growth (rings, their bases, the port table)
    // over the points held.
    const double residentPerPoint
        = (rssMb() - rssBefore) * 1024 * 1024 / double(store.pointCount());
    std::printf("resident bytes per point kept: %.2f\n", residentPerPoint);
    figures.add("resident_bytes_per_point", residentPerPoint);
    figures.print();
    return 0;
}
