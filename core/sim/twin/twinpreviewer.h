#pragma once

#include "live/hub/livefabric.h"
#include "sim/scenarios/livescenario.h"
#include "sim/twin/twinobservation.h"
#include "sim/twin/twinpreview.h"

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

#include <memory>

namespace roce::sim::twin {

/// What one preview found: what the fabric showed over the watch, the twin built from it,
/// and the twin's run with its configuration and with the change.
struct PreviewOutcome {
    TwinObservation seen;
    FabricFigures observed;  ///< seen.figures()
    TwinModel twin;
    TwinPreview preview;
    TwinChange change;
};

/// A what-if preview on a fabric the live model watches, for the console and rocectl alike:
/// watches it for a while (TwinObserver), builds its twin, and runs the twin with and without
/// the change on a worker thread, so that the live model and the window go on meanwhile.
/// Keep one for a fabric: each preview reuses its NX-API sessions.
class TwinPreviewer : public QObject
{
    Q_OBJECT

public:
    TwinPreviewer(live::LiveFabric &hub, live::FabricPlan plan, QObject *parent = nullptr);
    ~TwinPreviewer() override;

    /// Watches for @p seconds (longer, up to 20 s more, until every running-config was read),
    /// then previews @p change with @p jobs (the ones the console launched) in the load.
    /// @p notes are kept with the twin's own.
    void start(const TwinChange &change, double seconds, const PreviewOptions &options,
               const QList<LaunchedJob> &jobs, const QStringList &notes = {});
    /// Its observer, for another watch of the same fabric (its NX-API sessions reused).
    TwinObserver &observer() { return *m_observer; }

signals:
    /// What it is doing, for people ("Watching the fabric", "Running the twin").
    void progress(const QString &what);
    void finished(const roce::sim::twin::PreviewOutcome &outcome);
    void failed(const QString &message);

private:
    void watched();
    void finish(const QString &error);

    live::LiveFabric &m_hub;
    live::FabricPlan m_plan;
    std::unique_ptr<TwinObserver> m_observer;
    QTimer m_watch;
    int m_extraWaits = 0;
    TwinChange m_change;
    PreviewOptions m_options;
    QList<LaunchedJob> m_jobs;
    QStringList m_notes;
    std::shared_ptr<PreviewOutcome> m_outcome;
    QFutureWatcher<Result<TwinPreview>> m_run;
    bool m_running = false;
};

}  // namespace roce::sim::twin

Q_DECLARE_METATYPE(roce::sim::twin::PreviewOutcome)
