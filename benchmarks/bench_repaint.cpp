// Delay from a counter change on a server to the repaint of the port table that shows it:
// the embedded fabric on its own thread (as in the console), its agents sampled at 1 Hz and
// watched by the live model as the console builds it (live::LiveFabric: the AgentMonitor
// thread posts to its inbox, its 1 s tick applies the frames to the port table model), the
// port table view on the GUI thread (offscreen).
// Each trial flips the fabric between idle and an incast and times, from the moment the
// traffic changes in the model, when the receiver's NIC row first paints the new rate.
// Target: one sample interval + 50 ms at most.
//   bench_repaint [TRIALS] [--json]
#include "benchfigures.h"
#include "live/hub/livefabric.h"
#include "live/itemmodels/porttablemodel.h"
#include "porttableview.h"
#include "sim/served/embeddedfabric.h"

#include <QApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>

using roce::models::PortTableModel;

namespace {

constexpr char kRow[] = "ubunturdma6/rocep11s0";  // the incast's receiver

/// Records when the table's viewport paints, once armed.
class PaintWatch : public QObject
{
public:
    bool armed = false;
    qint64 paintedMs = 0;

protected:
    bool eventFilter(QObject *object, QEvent *event) override
    {
        if (armed && event->type() == QEvent::Paint) {
            paintedMs = QDateTime::currentMSecsSinceEpoch();
            armed = false;
        }
        return QObject::eventFilter(object, event);
    }
};

}  // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    roce::bench::BenchFigures figures(argc, argv);
    // The trial count may follow --json.
    char **const trialsArg = std::find_if(
        argv + 1, argv + argc, [](const char *a) { return std::strcmp(a, "--json") != 0; });
    const int trials = trialsArg != argv + argc ? std::max(2, atoi(*trialsArg)) : 12;

    roce::sim::EmbeddedFabric fabric {roce::sim::SimServiceOptions {}};
    roce::live::LiveFabric live;
    PortTableModel &model = *live.ports();
    roce::widgets::PortTableView view(&model);
    view.resize(1400, 500);
    view.show();
    PaintWatch watch;
    view.table()->viewport()->installEventFilter(&watch);
    QObject::connect(&fabric, &roce::sim::EmbeddedFabric::agentsStarted, &live,
                     [&](const QList<roce::experiments::ExperimentHost> &hosts) {
                         roce::live::FabricPlan plan;
                         for (const auto &h : hosts)
                             plan.agents.append(h.agent);
                         plan.agentIntervalMs = 1000;
                         live.watch(plan);
                     });
    // When the scenario is applied in the model: on the fabric's thread, timed there.
    std::atomic<qint64> changedMs {0};
    QObject::connect(
        &fabric, &roce::sim::EmbeddedFabric::scenarioStarted, &fabric,
        [&](const QString &) { changedMs = QDateTime::currentMSecsSinceEpoch(); },
        Qt::DirectConnection);

    auto rowValue = [&] {
        for (int r = 0; r < model.rowCount(); ++r) {
            if (model.index(r, PortTableModel::Port).data().toString() == QLatin1String(kRow))
                return model.index(r, PortTableModel::column(roce::model::Metric::InBits))
                    .data(PortTableModel::SortRole)
                    .toDouble();
        }
        return -1.0;
    };
    // "Shows it": the first rate that moved (the sample interval that contains the change
    // shows part of it); "settled": the rate of the first whole interval after the change.
    bool expectTraffic = false;
    qint64 modelMs = 0, settledMs = 0;
    QObject::connect(&model, &QAbstractItemModel::dataChanged, &model, [&] {
        if (!changedMs)
            return;
        const double v = rowValue();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        if (!modelMs && ((expectTraffic && v > 0.01) || (!expectTraffic && v >= 0 && v < 24))) {
            modelMs = now;
            watch.armed = true;  // the next paint of the table shows it
        }
        if (!settledMs && ((expectTraffic && v > 24) || (!expectTraffic && v >= 0 && v < 0.01)))
            settledMs = now;
    });

    QList<double> total, toModel, toPaint, settled;
    int trial = -1;
    std::function<void()> next = [&] {
        if (trial >= 0) {
            if (!watch.paintedMs || !modelMs) {
                std::fprintf(stderr, "trial %d: no repaint within 4 s\n", trial);
            } else {
                total.append(double(watch.paintedMs - changedMs));
                toModel.append(double(modelMs - changedMs));
                toPaint.append(double(watch.paintedMs - modelMs));
                if (settledMs)
                    settled.append(double(settledMs - changedMs));
            }
        }
        if (++trial >= trials) {
            app.quit();
            return;
        }
        changedMs = 0;
        modelMs = 0;
        settledMs = 0;
        watch.paintedMs = 0;
        watch.armed = false;
        expectTraffic = trial % 2 == 0;
        fabric.startScenario(expectTraffic ? QStringLiteral("lossy-incast")
                                           : QStringLiteral("idle"));
        // A random phase against the agents' 1 Hz sampling, as a real change has.
        QTimer::singleShot(4000 + int(QRandomGenerator::global()->bounded(1000)), &app, next);
    };
    // Warm up: the agents connect and the first rates arrive.
    QObject::connect(&fabric, &roce::sim::EmbeddedFabric::started, &app,
                     [&] { QTimer::singleShot(4000, &app, next); });
    fabric.start();
    app.exec();
    live.stop();

    auto report = [&figures](const std::string &key, const char *what, QList<double> v) {
        figures.add(key + "_trials", v.size());
        if (v.isEmpty())
            return;
        std::sort(v.begin(), v.end());
        std::printf("%-34s median %6.0f ms  p90 %6.0f ms  max %6.0f ms  (n=%lld)\n", what,
                    v[v.size() / 2], v[qsizetype(double(v.size() - 1) * 0.9)], v.last(),
                    static_cast<long long>(v.size()));
        figures.add(key + "_median_ms", v[v.size() / 2]);
        figures.add(key + "_p90_ms", v[qsizetype(double(v.size() - 1) * 0.9)]);
        figures.add(key + "_max_ms", v.last());
    };
    std::printf("agent sample interval 1000 ms, hub tick %d ms; target: change -> repaint "
                "<= 1050 ms (median)\n",
                roce::live::LiveFabric::Options {}.tickMs);
    figures.add("agent_interval_ms", 1000);
    figures.add("hub_tick_ms", roce::live::LiveFabric::Options {}.tickMs);
    report("change_to_model", "change -> model (agent, hub tick)", toModel);
    report("model_to_repaint", "model -> repaint (GUI thread)", toPaint);
    report("change_to_repaint", "change -> repaint", total);
    report("change_to_settled", "change -> settled rate in the model", settled);
    figures.print();
    return total.size() == trials ? 0 : 1;
}
