#include "whatifwiring.h"

#include "consoleoptions.h"
#include "fabricsession.h"
#include "mainwindow.h"
#include "sim/scenarios/livescenario.h"
#include "sim/served/simservice.h"
#include "sim/twin/changeform.h"
#include "sim/twin/launchedtraining.h"
#include "sim/twin/previewruns.h"
#include "sim/twin/twinpreviewer.h"
#include "whatifpanel.h"

#include <QCoreApplication>
#include <QFile>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace roce::app {

namespace {

class WhatIfWiringText
{
    Q_DECLARE_TR_FUNCTIONS(WhatIfWiringText)
};

/// What the preview needs to know of the fabric the window watches.
struct Watched {
    std::optional<live::FabricPlan> plan;
    std::optional<sim::twin::TwinModel> twin;  ///< of the last preview: the form's fabric
    QString scenario;  ///< the simulated fabric's running scenario: its jobs are known
};

}  // namespace

void wireWhatIf(MainWindow &window, live::LiveFabric &live, FabricSession &fabric,
                experiments::ExperimentQueue &experiments, const ConsoleOptions &options)
{
    auto *panel = new widgets::WhatIfPanel;
    // The training run launched from this console, on any fabric, is the twin's job too.
    auto *launched = new sim::twin::LaunchedTraining(experiments, panel);
    panel->setObjectName(QStringLiteral("whatIfPanel"));
    window.showWhatIf(panel);
    auto watched = std::make_shared<Watched>();
    watched->scenario = options.scenario;
    auto previewer = std::make_shared<QPointer<sim::twin::TwinPreviewer>>();
    // Another fabric: the previewer of the one before goes (once it is done).
    const auto forget = [previewer] {
        if (*previewer)
            (*previewer)->deleteLater();
        *previewer = nullptr;
    };
    QObject::connect(&fabric, &FabricSession::planReady, panel,
                     [watched, forget](const live::FabricPlan &plan) {
                         watched->plan = plan;
                         forget();
                     });
    QObject::connect(&fabric, &FabricSession::stopped, panel, [watched, forget] {
        watched->plan.reset();
        watched->twin.reset();
        forget();
    });
    QObject::connect(&fabric, &FabricSession::scenarioStarted, panel,
                     [watched](const QString &name) { watched->scenario = name; });
    QObject::connect(
        panel, &widgets::WhatIfPanel::previewRequested, panel,
        [panel, &live, &fabric, watched, previewer, launched](const QString &text, int seconds,
                                                              bool packetModel) {
            const auto change = sim::twin::parseChange(text);
            if (!change) {
                panel->showFailure(change.error().message);
                return;
            }
            if (!watched->plan || watched->plan->switches.isEmpty()) {
                panel->showFailure(WhatIfWiringText::tr(
                    "the twin is built from the switches' running-configs over NX-API, which "
                    "the window does not read here (a large simulated fabric drawn directly, "
                    "or a metrics store's fleet): watch the demo fabric or an inventory, or run "
                    "rocectl whatif --sim --topology T"));
                return;
            }
            QList<sim::LaunchedJob> jobs;
            QStringList notes;
            if (fabric.isDemo() && !watched->scenario.isEmpty()) {
                const auto scenarioJobs
                    = sim::SimService::launchedJobsOn(fabric.demoTopology(), watched->scenario);
                if (scenarioJobs)
                    jobs = *scenarioJobs;
                else
                    notes.append(scenarioJobs.error().message);
            }
            if (const auto job = launched->job())
                jobs.append(*job);
            notes.append(launched->notes());
            // One previewer a fabric: its NX-API sessions are reused preview after preview.
            if (!*previewer) {
                auto *p = new sim::twin::TwinPreviewer(live, *watched->plan, panel);
                *previewer = p;
                QObject::connect(p, &sim::twin::TwinPreviewer::progress, panel,
                                 &widgets::WhatIfPanel::showProgress);
                QObject::connect(p, &sim::twin::TwinPreviewer::failed, panel,
                                 &widgets::WhatIfPanel::showFailure);
                QObject::connect(p, &sim::twin::TwinPreviewer::finished, panel,
                                 [panel, watched](const sim::twin::PreviewOutcome &outcome) {
                                     panel->showPreview(sim::twin::previewRuns(outcome),
                                                        outcome.twin.uncertain, outcome.twin.notes,
                                                        outcome.preview.engine
                                                            == sim::FabricEngine::Packet);
                                     // The form starts from what the twin read is in force.
                                     watched->twin = outcome.twin;
                                     panel->setCurrentForm(sim::twin::formOf(outcome.twin));
                                 });
            }
            sim::twin::TwinPreviewer *p = previewer->data();
            sim::twin::PreviewOptions preview;
            preview.window = sim::TimeNs(seconds) * sim::kNsPerSec;
            preview.engine = packetModel ? sim::FabricEngine::Packet : sim::FabricEngine::Fluid;
            p->start(*change, seconds, preview, jobs, notes);
        });
    QObject::connect(panel, &widgets::WhatIfPanel::composeRequested, panel,
                     [panel, watched](const sim::twin::ChangeForm &current,
                                      const sim::twin::ChangeForm &wanted) {
                         if (watched->twin)
                             panel->showComposed(
                                 sim::twin::composeChange(*watched->twin, current, wanted));
                     });
    if (options.whatIfChange.isEmpty())
        return;
    QFile file(options.whatIfChange);
    if (!file.open(QIODevice::ReadOnly)) {
        panel->showFailure(WhatIfWiringText::tr("cannot read %1: %2")
                               .arg(options.whatIfChange, file.errorString()));
        return;
    }
    panel->setChangeText(QString::fromUtf8(file.readAll()));
    window.raiseWhatIf();
    // Previewed once every source answered and the load has run a few seconds.
    auto *waiting = new QTimer(panel);
    waiting->setInterval(500);
    // Three seconds of load once every source answered; after 30 s without, the preview is
    // asked anyway, and says why it cannot run (no fabric with switches is watched).
    auto answeredTicks = std::make_shared<int>(0);
    auto ticks = std::make_shared<int>(0);
    QObject::connect(waiting, &QTimer::timeout, panel,
                     [waiting, panel, &live, watched, answeredTicks, ticks] {
                         const bool answered = watched->plan && live.everySourceAnswered();
                         if (answered ? ++*answeredTicks < 6 : ++*ticks < 60)
                             return;
                         waiting->stop();
                         waiting->deleteLater();
                         panel->requestPreview();
                     });
    waiting->start();
}

}  // namespace roce::app
