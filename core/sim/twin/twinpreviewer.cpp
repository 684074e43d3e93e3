#include "sim/twin/twinpreviewer.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

namespace roce::sim::twin {

namespace {

class PreviewerText
{
    Q_DECLARE_TR_FUNCTIONS(PreviewerText)
};

/// How long past the watch the running-configs are waited for, in watch ticks of 250 ms.
constexpr int kConfigWaits = 80;

}  // namespace

TwinPreviewer::TwinPreviewer(live::LiveFabric &hub, live::FabricPlan plan, QObject *parent)
    : QObject(parent),
      m_hub(hub),
      m_plan(std::move(plan)),
      m_observer(std::make_unique<TwinObserver>(m_hub, m_plan))
{
    m_watch.setSingleShot(true);
    connect(&m_watch, &QTimer::timeout, this, &TwinPreviewer::watched);
    connect(&m_run, &QFutureWatcherBase::finished, this, [this] {
        const Result<TwinPreview> done = m_run.result();
        if (!done) {
            finish(done.error().message);
            return;
        }
        m_outcome->preview = *done;
        // What the change does comes before what the twin is built from.
        m_outcome->twin.notes = done->notes + m_outcome->twin.notes;
        m_outcome->twin.uncertain.append(done->uncertain);
        m_running = false;
        emit finished(*m_outcome);
    });
}

TwinPreviewer::~TwinPreviewer()
{
    m_run.waitForFinished();
}

void TwinPreviewer::start(const TwinChange &change, double seconds, const PreviewOptions &options,
                          const QList<LaunchedJob> &jobs, const QStringList &notes)
{
    if (m_running)
        return;
    m_running = true;
    m_change = change;
    m_options = options;
    m_jobs = jobs;
    m_notes = notes;
    m_extraWaits = 0;
    m_observer->start();
    emit progress(
        PreviewerText::tr("Watching the fabric for %n second(s)...", nullptr, int(seconds)));
    m_watch.start(int(seconds * 1000));
}

void TwinPreviewer::watched()
{
    if (!m_observer->configsSettled() && m_extraWaits++ < kConfigWaits) {
        m_watch.start(250);
        return;
    }
    m_observer->stop();
    m_outcome = std::make_shared<PreviewOutcome>();
    m_outcome->seen = m_observer->observation();
    m_outcome->observed = m_outcome->seen.figures();
    m_outcome->change = m_change;
    auto built = buildTwin(m_outcome->seen, m_jobs);
    if (!built) {
        // Why the fabric showed too little: the sources that did not answer, and their errors.
        const QStringList &why = m_outcome->seen.problems;
        constexpr qsizetype kNamed = 4;
        QString message = built.error().message;
        if (!why.isEmpty())
            message += QLatin1String(". ")
                + PreviewerText::tr("What did not answer: %1").arg(why.mid(0, kNamed).join(u"; "));
        if (why.size() > kNamed)
            message += PreviewerText::tr("; and %1 more").arg(why.size() - kNamed);
        finish(message);
        return;
    }
    m_outcome->twin = std::move(built).value();
    m_outcome->twin.notes = m_notes + m_outcome->seen.problems + m_outcome->twin.notes;
    emit progress(PreviewerText::tr("Running the twin: the configuration now and the change..."));
    // The outcome is shared with the worker, which reads the twin only.
    std::shared_ptr<const PreviewOutcome> outcome = m_outcome;
    const TwinChange change = m_change;
    const PreviewOptions options = m_options;
    m_run.setFuture(QtConcurrent::run(
        [outcome, change, options] { return previewChange(outcome->twin, change, options); }));
}

void TwinPreviewer::finish(const QString &error)
{
    m_running = false;
    emit failed(error);
}

}  // namespace roce::sim::twin
