// Frame time of the leaf/spine map at 1024 hosts x 8 NICs with live updates. The fabric is
// the simulated rail-optimized one (8 rails, 16 spines, 256 leaves, 8192 server ports); its
// model runs a 256-rank training ring plus a 15:1 incast, sampled every few milliseconds of
// simulated time into the rows the port table holds (~12,300 switch ports + 8192 NICs). Each
// frame applies the next sample to the port table, re-reads the map (refresh) and paints the
// 1600x1000 view, at "fit all" and zoomed in. Target: 60 fps, i.e. at most 16.7 ms a frame.
//
//   bench_map [--screenshot FILE] [--zoom-screenshot FILE] [--json]   (QT_QPA_PLATFORM=offscreen)
#include "benchfigures.h"
#include "fabricmappanel.h"
#include "fabricmapview.h"
#include "live/itemmodels/porttablemodel.h"
#include "sim/engine/packetfabric.h"
#include "sim/engine/topology.h"
#include "sim/observe/fabricrows.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>

using namespace roce;
using bench::BenchFigures;

namespace {

struct Stats {
    double mean = 0, p50 = 0, p99 = 0, max = 0;
};

Stats statsOf(QList<double> v)
{
    std::sort(v.begin(), v.end());
    Stats s;
    for (double x : v)
        s.mean += x;
    s.mean /= double(v.size());
    s.p50 = v.at(v.size() / 2);
    s.p99 = v.at(std::min(v.size() - 1, qsizetype(double(v.size()) * 0.99)));
    s.max = v.last();
    return s;
}

void print(BenchFigures &figures, const std::string &key, const char *what, const Stats &s)
{
    std::printf("%-34s mean %7.2f ms  p50 %7.2f  p99 %7.2f  max %7.2f\n", what, s.mean, s.p50,
                s.p99, s.max);
    figures.add(key + "_mean_ms", s.mean);
    figures.add(key + "_p50_ms", s.p50);
    figures.add(key + "_p99_ms", s.p99);
    figures.add(key + "_max_ms", s.max);
}

}  // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    BenchFigures figures(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption shot(QStringLiteral("screenshot"), QStringLiteral("PNG of the map"),
                                  QStringLiteral("file"));
    const QCommandLineOption zoomShot(QStringLiteral("zoom-screenshot"),
                                      QStringLiteral("PNG after finding one host"),
                                      QStringLiteral("file"));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("One JSON object of the figures on stdout"));
    parser.addOptions({shot, zoomShot, json});
    parser.process(app);

    QElapsedTimer t;
    t.start();
    const sim::FabricSpec spec = sim::railFabric(1024, 8, 8, 16, 100 * sim::kGbps);
    sim::ModelParams params;
    params.timing.dt = 10 * sim::kNsPerUs;
    params.sw.pfcMode = sim::PfcThresholdMode::Dynamic;
    sim::PacketFabric fabric(spec, params);
    const models::LeafSpineFabric map = sim::leafSpineOf(spec);
    const qint64 buildMs = t.elapsed();
    std::printf("fabric: %lld switches, %lld switch ports, %lld NIC ports; map: %lld spines, "
                "%lld leaves, %lld hosts, %lld cells, %lld uplinks (built in %lld ms)\n",
                qlonglong(spec.switches.size()), qlonglong(spec.switchPorts.size()),
                qlonglong(spec.nicPorts.size()), qlonglong(map.spines.size()),
                qlonglong(map.leaves.size()), qlonglong(map.hosts.size()),
                qlonglong(map.nics.size()), qlonglong(map.uplinks.size()), buildMs);
    figures.add("switches", spec.switches.size());
    figures.add("switch_ports", spec.switchPorts.size());
    figures.add("nic_ports", spec.nicPorts.size());
    figures.add("map_spines", map.spines.size());
    figures.add("map_leaves", map.leaves.size());
    figures.add("map_hosts", map.hosts.size());
    figures.add("map_cells", map.nics.size());
    figures.add("map_uplinks", map.uplinks.size());
    figures.add("build_ms", buildMs);

    // Traffic: a training ring over the first NIC of 256 servers, and a 15:1 incast into one
    // server of rail 3 (its leaf shows pauses, its senders' cells light up).
    sim::TrainingOptions training;
    for (int h = 0; h < 256; ++h)
        training.ranks.append(h * 8);  // host entries are per NIC: NIC 0 of server h
    training.gradientBytes = 64LL * 1000 * 1000;
    training.computeTime = 2 * sim::kNsPerMs;
    training.iterations = 1000;
    fabric.startTraining(training);
    const int victim = 600 * 8 + 2;
    for (int s = 0; s < 15; ++s)
        fabric.startFlow((700 + s * 9) * 8 + 2, victim);

    // Samples every 2 ms of simulated time: each frame below gets a different one.
    sim::FabricRowSampler sampler(fabric);
    (void)sampler.sample(0);
    QList<roce::model::SourceFrame> samples;
    t.restart();
    for (int i = 0; i < 12; ++i) {
        fabric.runFor(2 * sim::kNsPerMs);
        samples.append(sampler.sample(1000 + i));
    }
    const qint64 modelMs = t.elapsed();
    std::printf("model: 24 ms simulated in %lld ms wall; %lld rows per sample\n", modelMs,
                qlonglong(samples.first().ports.size()));
    figures.add("model_24ms_wall_ms", modelMs);
    figures.add("rows_per_sample", samples.first().ports.size());

    models::PortTableModel ports;
    widgets::FabricMapPanel panel(&ports);
    panel.resize(1600, 1000);
    panel.show();
    panel.setFabric(map);
    widgets::FabricMapView *view = panel.view();
    QApplication::processEvents();

    const double fittedZoom = view->zoom();
    QImage frame(view->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    QList<double> ingest, refresh, paintFit, paintZoom, total;
    auto paintOnce = [&] {
        QElapsedTimer p;
        p.start();
        QPainter painter(&frame);
        view->render(&painter, QRectF(), view->viewport()->rect());
        painter.end();
        return double(p.nsecsElapsed()) / 1e6;
    };
    constexpr int kFrames = 240;
    for (int f = 0; f < kFrames; ++f) {
        QElapsedTimer step;
        step.start();
        ports.applyUpdate(samples.at(f % samples.size()));
        const double ingestMs = double(step.nsecsElapsed()) / 1e6;
        step.restart();
        view->refresh();
        const double refreshMs = double(step.nsecsElapsed()) / 1e6;
        const double paintMs = paintOnce();
        ingest.append(ingestMs);
        refresh.append(refreshMs);
        paintFit.append(paintMs);
        total.append(refreshMs + paintMs);
    }
    std::printf("\n%d frames, every server port changing each frame, view %dx%d:\n", kFrames,
                view->viewport()->width(), view->viewport()->height());
    figures.add("frames", kFrames);
    figures.add("view_width_px", view->viewport()->width());
    figures.add("view_height_px", view->viewport()->height());
    print(figures, "ingest", "port table ingest (not per frame)", statsOf(ingest));
    print(figures, "refresh", "map refresh (8192 cells + uplinks)", statsOf(refresh));
    print(figures, "paint_fit", "paint, whole fabric fitted", statsOf(paintFit));
    const Stats fit = statsOf(total);
    print(figures, "frame_fit", "frame = refresh + paint (fit)", fit);

    // Zoomed on the incast's leaf: names and host labels are drawn, few cells are exposed.
    view->find(QStringLiteral("rail3-leaf19"));
    std::printf("zoomed to %.2fx (fitted: %.2fx)\n", view->zoom(), fittedZoom);
    figures.add("zoomed_x", view->zoom());
    figures.add("fitted_x", fittedZoom);
    QList<double> zoomTotal;
    for (int f = 0; f < kFrames / 2; ++f) {
        ports.applyUpdate(samples.at(f % samples.size()));
        QElapsedTimer step;
        step.start();
        view->refresh();
        const double refreshMs = double(step.nsecsElapsed()) / 1e6;
        const double paintMs = paintOnce();
        paintZoom.append(paintMs);
        zoomTotal.append(refreshMs + paintMs);
    }
    print(figures, "paint_zoomed", "paint, zoomed on one leaf", statsOf(paintZoom));
    const Stats zoomed = statsOf(zoomTotal);
    print(figures, "frame_zoomed", "frame = refresh + paint (zoomed)", zoomed);
    std::printf("\nframe rate at p99: fit %.0f fps, zoomed %.0f fps (target 60)\n",
                1000.0 / fit.p99, 1000.0 / zoomed.p99);
    figures.add("p99_fit_fps", 1000.0 / fit.p99);
    figures.add("p99_zoomed_fps", 1000.0 / zoomed.p99);

    if (parser.isSet(zoomShot)) {
        view->find(QStringLiteral("gpu0601"));  // the incast's receiver: 8 NICs, one per rail
        QApplication::processEvents();
        panel.grab().save(parser.value(zoomShot));
    }
    view->find(QString());
    view->fitAll();
    QApplication::processEvents();
    if (parser.isSet(shot))
        panel.grab().save(parser.value(shot));
    figures.print();
    return 0;
}
