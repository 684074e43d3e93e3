#include "sim/twin/previewruns.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>

namespace roce::sim::twin {

namespace {

class PreviewRunsText
{
    Q_DECLARE_TR_FUNCTIONS(PreviewRunsText)
};

results::RunRecord runOf(qint64 id, const QString &label, const FabricFigures &figures,
                         const QList<double> &allReduceMs, qint64 now)
{
    results::RunRecord r;
    r.id = id;
    // Not an experiment: no kind or state rows in the comparison, the result says what it is.
    r.label = label;
    r.startedMs = r.finishedMs = now;
    QJsonArray list;
    for (const QString &key : figureKeys()) {
        if (key != QLatin1String("goodput_gbps"))
            list.append(QJsonObject {{QStringLiteral("key"), key},
                                     {QStringLiteral("value"), figure(figures, key)}});
    }
    r.result = {{QStringLiteral("tool"), QStringLiteral("whatif")},
                {QStringLiteral("goodput_gbps"), figures.goodputGbps},
                {QStringLiteral("figures"), list}};
    if (!allReduceMs.isEmpty() && allReduceMs.first() > 0)
        r.result.insert(QStringLiteral("mean_allreduce_ms"), allReduceMs.first());
    return r;
}

}  // namespace

QList<results::RunRecord> previewRuns(const PreviewOutcome &outcome)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    return {runOf(1, PreviewRunsText::tr("Seen"), outcome.observed, {}, now),
            runOf(2, PreviewRunsText::tr("Twin"), outcome.preview.current.figures,
                  outcome.preview.current.allReduceMs, now),
            runOf(3, PreviewRunsText::tr("Twin + change"), outcome.preview.proposed.figures,
                  outcome.preview.proposed.allReduceMs, now)};
}

}  // namespace roce::sim::twin
