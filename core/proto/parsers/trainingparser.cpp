#include "proto/parsers/trainingparser.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace roce::parsers {

namespace {
class TrainingParserText
{
    Q_DECLARE_TR_FUNCTIONS(TrainingParserText)
};
}  // namespace

QJsonObject summarizeTraining(const QString &output, QString *error)
{
    QJsonArray iterations;
    double stepSum = 0;
    double reduceSum = 0;
    QJsonObject done;
    for (const QString &line : output.split(QLatin1Char('\n'))) {
        const QJsonObject o = QJsonDocument::fromJson(line.trimmed().toUtf8()).object();
        if (o.contains(QStringLiteral("iteration"))) {
            iterations.append(o);
            stepSum += o.value(QStringLiteral("step_ms")).toDouble();
            reduceSum += o.value(QStringLiteral("allreduce_ms")).toDouble();
        } else if (o.value(QStringLiteral("done")).toBool()) {
            done = o;
        }
    }
    if (iterations.isEmpty()) {
        if (error)
            *error = TrainingParserText::tr("the training rank reported no iteration");
        return {};
    }
    const double n = double(iterations.size());
    return QJsonObject {
        {QStringLiteral("tool"), QStringLiteral("train")},
        {QStringLiteral("iterations"), iterations.size()},
        {QStringLiteral("completed"), !done.isEmpty()},
        {QStringLiteral("mean_step_ms"), stepSum / n},
        {QStringLiteral("mean_allreduce_ms"), reduceSum / n},
        {QStringLiteral("final_loss"), iterations.last().toObject().value(QStringLiteral("loss"))},
        {QStringLiteral("grad_bytes"),
         iterations.last().toObject().value(QStringLiteral("grad_bytes"))},
        {QStringLiteral("progress"), iterations}};
}

}  // namespace roce::parsers
